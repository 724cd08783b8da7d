"""Reading a scenario round of a paytable game with community cards.

What a seat decided (letting wagers ride, the Bet Wagers made) is written as one string the
game's ``Decision.parse`` reads; a round the engine refuses names the field when the problem is
the table system's draws or the progressive meter, and the whole round otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from dealer_trainer.games.scenario_support import round_error

D = TypeVar("D")


def decision_parser(
    parse: Callable[[str], D], refused: type[ValueError], hint: str
) -> Callable[[Any], D]:
    """A ``Parse`` function for a seat's ``decision``: ``parse`` of the string, its
    ``refused`` error's sentence as the problem, and ``hint`` for a value that is not text."""

    def read(value: Any) -> D:
        if not isinstance(value, str):
            raise ValueError(hint)
        try:
            return parse(value)
        except refused as error:
            raise ValueError(str(error)) from None

    return read


def refused_round(file: str, error: ValueError) -> NoReturn:
    """The round the engine refused, as one problem of ``file``: at ``draws...`` or
    ``progressive_meter`` when the message starts with that field, else of the whole round."""
    where, _, text = str(error).partition(": ")
    if not where.startswith(("draws", "progressive_meter")):
        where, text = "", str(error)
    round_error(file, ValueError(text), where)


__all__ = ["decision_parser", "refused_round"]
