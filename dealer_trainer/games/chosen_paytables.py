"""A Rules Submission's paytable choices where every wager is a chip wager paid "X to Y": a
shipped paytable by its letter, or rows the property states under a letter of its own.

The games that share this (Four Card Poker, Crazy 4 Poker) print their paytables in sections the
seeds do not hold, so the shipped tables are lettered by this product and a property may replace
one with its own rows. Resolving a choice to a paytable, checking it, and the optional side
wager that carries its own limits beside its paytable are the same for each; the game passes its
``PaytableFormat`` and catalog.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    GameCatalog,
    GamePaytable,
    MoneyField,
    PaytableChoice,
    PaytableFormat,
    WagerLimits,
    chip_odds_rule,
)
from dealer_trainer.vocabulary import Vocabulary

W = TypeVar("W", bound=Vocabulary)
H = TypeVar("H", bound=Hashable)
S = TypeVar("S", bound=Vocabulary)


class LimitedPaytableChoice(PaytableChoice, frozen=True, kw_only=True):
    """An optional wager with limits of its own beside its paytable."""

    minimum: MoneyField
    maximum: MoneyField

    @property
    def limits(self) -> WagerLimits:
        return WagerLimits(minimum=self.minimum, maximum=self.maximum)


def chosen_paytable(
    format_: PaytableFormat[W, H, S],
    catalog: GameCatalog[W, H, S],
    wager: W,
    choice: PaytableChoice | None,
    source: str,
) -> GamePaytable[W, H, S]:
    """The paytable ``choice`` selects for ``wager``: the shipped one (the only one where the
    Rules Submission makes no choice), or the property's own rows, cited to the Rules
    Submission unless the rows carry a citation."""
    if choice is None:
        return catalog.get(wager)
    if not choice.rows:
        return catalog.get(wager, choice.paytable)
    shipped = catalog.get(wager, catalog.letters(wager)[0])
    return format_.property_paytable(
        wager,
        choice.paytable,
        choice.rows,
        choice.citation or format_.stated_citation(source),
        shipped.cards,
        shipped.cards_citation,
    )


def chip_choice_problems(
    format_: PaytableFormat[W, H, S],
    catalog: GameCatalog[W, H, S],
    wager: W,
    choice: PaytableChoice,
    field: str,
) -> list[Problem]:
    """What is wrong with ``choice`` of a chip wager's paytable, each under ``field``."""
    _, problems = format_.choice_problems(
        catalog, wager, choice, field, kinds=CHIP_ODDS, kinds_rule=chip_odds_rule(wager)
    )
    return problems


__all__ = ["LimitedPaytableChoice", "chip_choice_problems", "chosen_paytable"]
