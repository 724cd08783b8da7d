"""What the games' ``config.py`` modules share beyond the paytable records of
rules/game_paytables.py: where the shipped paytables are read from, and the Rules Submission
fields that mean the same at every table.

Each game ships its paytables as a TOML file in its own package's ``data`` folder and loads it
once, checked by the game's own loader; a Rules Submission may state how many adjacent betting
boxes one player may wager on (Four Card Poker § 641a.7(e), Let It Ride § 643a.7(k)); a chip
wager's rows read "X to 1" in every game. That code is the same in every game, so it is written
once here.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, TypeVar

from dealer_trainer.rules.datafile import Parse
from dealer_trainer.rules.game_paytables import CHIP_ODDS, chip_odds_rule
from dealer_trainer.rules.odds import OddsKind

T = TypeVar("T")


def shipped_paytables(package: str, data_file: str, load: Callable[[Path], T]) -> T:
    """The paytable file ``<package>/data/<data_file>`` shipped with the game, read by ``load``
    (the game's loader, which checks every row); each game caches the result."""
    data = resources.files(package).joinpath("data", data_file)
    with resources.as_file(data) as path:
        return load(Path(path))


def chip_odds(wager: Enum) -> tuple[frozenset[OddsKind], str]:
    """The odds a chip wager's rows may read ("X to 1": the stake stays beside the payout),
    and why: the ``odds`` check a game's paytable loader applies to every wager it ships."""
    return CHIP_ODDS, chip_odds_rule(wager)


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError("a whole number of betting boxes, at least 1")
    return value


BoxCountField = Annotated[int, Parse(_count)]
"""How many adjacent betting boxes one player may wager on: a whole number, at least 1."""


__all__ = ["BoxCountField", "chip_odds", "shipped_paytables"]
