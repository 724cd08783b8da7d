"""The wagers a target names, and the stake it places, where the games' rules are the same.

A target names a wager ("seat 2, Five Card Hand Bonus, Royal flush"); the generated round must
then hold that wager, or the lesson would show a hand nobody bet on. Every game with the
electronic Five Card Hand Bonus offers it on the hands its Rules Submission states, the
player's or the dealer's (games/five_card_hand_bonus.py), and the dealer places no wager of its
own; a wager a target needs and the simulated player did not make is placed at the table
minimum. Those rules do not differ between Caribbean Stud, Four Card Poker, Three Card Poker and
Ultimate Texas Hold 'Em, so the checks and their wording live here, and each game's
``targets.py`` keeps what only it has (its wager names, its fold rules, its Envy Bonus).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Protocol, TypeVar

from msgspec.structs import replace

from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import BetOn, FiveCardHandBonusSpec
from dealer_trainer.games.round_support import replaced
from dealer_trainer.games.targeting import TargetError
from dealer_trainer.vocabulary import normalise

FCHB = "Five Card Hand Bonus"
"""The canonical name of the Five Card Hand Bonus in a target's ``wager``."""


class _FchbTable(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


class _HoldsWagers(Protocol):
    """A seat's play whose stakes are the fields of a ``wagers`` record (a frozen record)."""

    @property
    def wagers(self) -> Any: ...


P = TypeVar("P", bound=_HoldsWagers)


def names_fchb(text: str) -> bool:
    """Whether a target's ``wager`` names the Five Card Hand Bonus ("FCHB" will do)."""
    return normalise(text) in (normalise(FCHB), "fchb")


def offered_fchb(config: _FchbTable, index: int, position: int) -> str:
    """``FCHB``, once ``config`` offers it on the hand at ``position`` (the dealer's, or a
    player's); ``TargetError`` if its Rules Submission leaves that hand out."""
    bet_on = BetOn.DEALER if position == DEALER else BetOn.PLAYER
    spec = config.five_card_hand_bonus
    if spec is None or not spec.offered_on(bet_on):
        raise TargetError(
            index, f"wager: {config.name} does not offer the {FCHB} on the {bet_on.value}"
        )
    return FCHB


def no_dealer_wager(index: int, wager: str) -> TargetError:
    """The dealer places no wager: a dealer target is the hand itself or a bonus on it."""
    return TargetError(
        index,
        f"the dealer places no {wager}: a dealer target is the dealer's hand (wager "
        f"'') or the {FCHB} on the dealer's hand",
    )


def fchb_minimum(config: _FchbTable) -> Decimal:
    """The Five Card Hand Bonus table minimum, for a target that places the bonus."""
    spec = config.five_card_hand_bonus
    assert spec is not None  # a target on it was refused on a table without it
    return spec.minimum


def placing(play: P, name: str, stake: Callable[[], Decimal]) -> P:
    """``play`` with its wager ``name`` (a field of ``play.wagers``) placed at ``stake()``, the
    table minimum, unless the simulated player already placed it."""
    if getattr(play.wagers, name) > 0:
        return play
    wagers = replace(play.wagers, **{name: stake()})
    return replaced(play, wagers=wagers)


__all__ = ["FCHB", "fchb_minimum", "names_fchb", "no_dealer_wager", "offered_fchb", "placing"]
