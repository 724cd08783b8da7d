"""Target pieces of the paytable games with community cards: which wager a target names, the
optional wager a target's seat places, and the stakes a payout-limit target may raise to.

The base wagers of these games are all paid on the player's hand, so a target on any of them
(or on no wager) is a target on the hand; the optional wagers are fields of the seat's play,
placed at the table minimum when the simulated player did not place them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from decimal import Decimal
from typing import Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.games.five_card_hand_bonus import BetOn, FiveCardHandBonusSpec
from dealer_trainer.games.round_support import replaced
from dealer_trainer.games.targeting import (
    Goal,
    Slot,
    Target,
    TargetError,
    cards_goal,
    hand_goal,
    read_hand,
)
from dealer_trainer.games.wager_targets import FCHB, names_fchb
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.rules.game_paytables import Limited
from dealer_trainer.rules.money import to_money
from dealer_trainer.vocabulary import Vocabulary, normalise

LIMIT_TARGET = re.compile(
    r"^(?:(?P<hand>.*?)[,;]?\s+(?:with\s+)?)?(?:the\s+)?payout\s+limit"
    r"(?:\s+(?:reached|binding|applies|applied|cuts\s+it))?$"
)
"""A payout-limit target: "payout limit reached", alone or after a hand ("Royal flush, payout
limit reached", "Four of a kind with the payout limit")."""

W = TypeVar("W", bound=Vocabulary)
W_contra = TypeVar("W_contra", bound=Vocabulary, contravariant=True)


class _OffersWagers(Protocol[W_contra]):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...
    def offers(self, wager: W_contra, /) -> bool: ...


P = TypeVar("P")


def target_wager(
    config: _OffersWagers[W],
    index: int,
    text: str,
    *,
    kinds: type[W],
    envy: W,
    main: Collection[str],
    on_hand: Callable[[W], bool],
    also: str = "",
) -> str:
    """The canonical name of the wager a target names: '' for the hand the base wagers are
    paid on (any name in ``main``, or a wager ``on_hand`` says is paid on it), ``FCHB`` for
    the Five Card Hand Bonus on the player's hand, else the wager's own name. ``TargetError``
    for a name that is no wager of ``kinds`` (``also`` lists other names accepted), the Envy
    Bonus, or a wager the table does not offer."""
    if normalise(text) in main:
        return ""
    if names_fchb(text):
        spec = config.five_card_hand_bonus
        if spec is None or not spec.offered_on(BetOn.PLAYER):
            raise TargetError(index, f"wager: {config.name} does not offer the {FCHB}")
        return FCHB
    try:
        wager = kinds.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in kinds if w is not envy)
        raise TargetError(
            index, f"wager: {text!r} is not {kinds.noun}; expected {also}{names}, {FCHB!r}"
        ) from None
    if wager is envy:
        raise TargetError(
            index, "wager: an Envy Bonus is not a wager: target the hand 'Envy hand' instead"
        )
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return "" if on_hand(wager) else str(wager.value)


class SeatHand(Struct, frozen=True):
    """The cards a seat target reads: their slots, the ranking, how a message names them, and
    whether the seat must stay in the hand (no wager it is about withdrawn or folded)."""

    slots: tuple[Slot, ...]
    system: RankingSystem
    where: str
    stays_in: bool


def seat_goal(
    index: int,
    target: Target,
    position: int,
    wager: str,
    hand: SeatHand,
    game: str,
    *,
    envy: Callable[[], Goal],
    limit: Callable[[str | None], Goal],
) -> Goal:
    """A seat's target: exact cards alone, "Envy hand" (``envy()``), a payout-limit target
    (``limit(hand named before it, if any)``), or a hand in ``hand.system``."""
    key = normalise(target.hand)
    slots, where = hand.slots, hand.where
    if not key:
        return cards_goal(
            index, target, position, wager=wager, slots=slots, where=where, stays_in=hand.stays_in
        )
    if key == "envy hand":
        return envy()
    limited = LIMIT_TARGET.match(key)
    if limited:
        return limit(limited["hand"])
    spec = read_hand(index, target.hand, hand.system, game)
    return hand_goal(
        index,
        target,
        position,
        wager=wager,
        slots=slots,
        spec=spec,
        family=(hand.system, slots),
        where=where,
        stays_in=hand.stays_in,
    )


def placing_field(play: P, name: str, stake: Callable[[], Decimal]) -> P:
    """``play`` with its optional wager in field ``name`` placed at ``stake()`` (the table
    minimum), unless the simulated player already placed it."""
    if getattr(play, name) > 0:
        return play
    return replaced(play, **{name: stake()})


def chip_stakes(limits: Limited) -> list[Decimal]:
    """Every stake a player may make within ``limits``, in $5 chips ($1 below $5), ascending,
    the maximum last even off the $5 steps."""
    step = Decimal(5) if limits.minimum >= 5 else Decimal(1)
    stakes = []
    stake = limits.minimum
    while stake <= limits.maximum:
        stakes.append(to_money(stake))
        stake += step
    if stakes[-1] != limits.maximum:
        stakes.append(to_money(limits.maximum))
    return stakes


__all__ = [
    "LIMIT_TARGET",
    "SeatHand",
    "chip_stakes",
    "placing_field",
    "seat_goal",
    "target_wager",
]
