"""The goals a lesson's targets become in a game of two hole cards and five community cards
(Ultimate Texas Hold 'Em, Texas Hold 'Em Bonus Poker).

Every seat and the dealer play the same five community cards, so a target is a requirement on
slots (a seat's two cards, the dealer's two, the board) and targets meet on the board
(games/targeting.py solves them together). A five-card target, an Envy hand and a two-card
paytable's row (Ultimate Pairs, the Bonus Wager) are built the same way in both games; which
wager reads which cards, what a fold does to it, and the sections a message cites stay in the
game's ``targets.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import cache
from itertools import combinations
from typing import Protocol, TypeVar

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_cards import two_card_rows
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.targeting import (
    BOARD,
    Goal,
    Slot,
    Target,
    TargetError,
    any_of_goal,
    cards_field,
    cards_goal,
    hand_goal,
    read_hand,
)
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import Vocabulary

FIVE = RankingSystem.FIVE_CARD
MAIN = ""
"""The wager name of a position's main hand."""
ENVY_HAND = "envy hand"
BOARD_SLOTS: tuple[Slot, ...] = tuple((BOARD, i) for i in range(5))
FLOP_SLOTS = BOARD_SLOTS[:3]


def hole(position: int) -> tuple[Slot, ...]:
    """The two cards of a seat or the dealer."""
    return ((position, 0), (position, 1))


def where(position: int, wager: str) -> str:
    owner = {DEALER: "the dealer's", BOARD: "the board's"}.get(position, f"seat {position}'s")
    return f"{owner} {wager} hand" if wager else f"{owner} hand"


def five_card_goal(
    game: str,
    index: int,
    target: Target,
    position: int,
    wager: str,
    slots: tuple[Slot, ...],
    *,
    stays_in: bool = False,
    seat: int | None = None,
    at: int | None = None,
) -> Goal:
    """A five-card hand (or exact cards) on ``slots``; ``at`` names the position the message
    speaks of when it is not ``position`` (a seat's wager on the board)."""
    place = where(position if at is None else at, wager)
    if not target.hand.strip():
        return cards_goal(
            index,
            target,
            position,
            wager=wager,
            slots=slots,
            where=place,
            seat=seat,
            stays_in=stays_in,
        )
    return hand_goal(
        index,
        target,
        position,
        wager=wager,
        slots=slots,
        spec=read_hand(index, target.hand, FIVE, game),
        family=("five-card", slots),
        where=place,
        seat=seat,
        stays_in=stays_in,
    )


def envy_goal(
    index: int,
    target: Target,
    seat: int,
    *,
    wager: str,
    slots: tuple[Slot, ...],
    threshold: HandRank,
    section: str,
    stays_in: bool,
) -> Goal:
    """The progressive hand at ``seat`` is an Envy Bonus Qualifying Hand: ``threshold`` or
    better, as ``section`` defines it."""
    qualifying = FIVE_CARD_ORDER[FIVE_CARD_ORDER.index(threshold) :]
    return any_of_goal(
        index,
        target,
        seat,
        wager=wager,
        slots=slots,
        specs=[HandSpec(FIVE, category) for category in qualifying],
        hand=f"an Envy Bonus Qualifying Hand ({threshold.value.lower()} or better, {section})",
        family=("five-card", slots),
        where=where(seat, wager),
        stays_in=stays_in,
        envy=True,
    )


class _Odds(Protocol):
    @property
    def applicable(self) -> bool: ...


class _Printed(Protocol):
    @property
    def hand(self) -> Enum: ...
    @property
    def odds(self) -> _Odds: ...


V = TypeVar("V", bound=Vocabulary)
V_in = TypeVar("V_in", bound=Vocabulary, contravariant=True)


class TwoCardPaytable(Protocol[V_in]):
    """A two-card wager's paytable as a target reads it."""

    @property
    def name(self) -> str: ...
    @property
    def rows(self) -> Sequence[_Printed]: ...
    def row(self, hand: V_in) -> _Printed | None: ...
    def first_row(self, hands: Iterable[V_in]) -> _Printed | None: ...


@cache
def _holdings(rows: type[V]) -> dict[V, list[tuple[Card, Card]]]:
    """Every two-card holding by the rows of ``rows`` it answers to (without the dealer)."""
    found: dict[V, list[tuple[Card, Card]]] = {row: [] for row in rows}
    for pair in combinations(STANDARD_CARDS, 2):
        for row in two_card_rows(rows, pair):
            found[row].append(pair)
    return found


def two_card_goal(
    index: int,
    target: Target,
    seat: int,
    *,
    rows: type[V],
    table: TwoCardPaytable[V],
    wager: str,
    noun: str,
    family: str,
    slots: tuple[Slot, ...],
    with_dealer: bool,
    stays_in: bool = False,
) -> Goal:
    """A row of a two-card paytable (``rows``, named by ``noun`` in messages) at ``seat``; with
    ``with_dealer`` the slots hold the dealer's two cards after the seat's."""
    paid_rows = ", ".join(repr(r.hand.value) for r in table.rows if r.odds.applicable)
    try:
        row = rows.from_text(target.hand)
    except ValueError:
        raise TargetError(
            index, f"{target.hand!r} is not {noun}; {table.name} pays {paid_rows}"
        ) from None
    printed = table.row(row)
    if printed is None or not printed.odds.applicable:
        raise TargetError(index, f"{table.name} has no {row.value!r} row; it pays {paid_rows}")
    preset = cards_field(index, target, len(slots), where(seat, wager))
    aces_twice = rows.__members__["PLAYER_AND_DEALER_ACES"]

    def test(cards: Sequence[Card]) -> bool:
        dealer = cards[2:] if with_dealer else ()
        paid = table.first_row(two_card_rows(rows, cards[:2], dealer))
        return paid is not None and paid.hand is row

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        if row is aces_twice:
            return [c for c in STANDARD_CARDS if c.rank is Rank.ACE]
        return rng.choice(_holdings(rows)[row])

    if len(preset) == len(slots) and not test(preset):
        raise TargetError(
            index, f"cards: {' '.join(c.notation for c in preset)} is not {row.value!r}"
        )
    return Goal(
        index,
        target,
        seat,
        wager,
        f"{row.value!r} on {table.name}",
        Requirement(slots, test, core, preset=preset),
        (family, slots),
        stays_in=stays_in,
    )


class _OffersBonus(Protocol):
    @property
    def name(self) -> str: ...
    def fchb_offered_on(self, hand: BetOn) -> bool: ...


def offered_on(config: _OffersBonus, index: int, hand: str) -> None:
    """``TargetError`` unless the table offers the Five Card Hand Bonus on ``hand``."""
    if not config.fchb_offered_on(BetOn.from_text(hand)):
        raise TargetError(
            index, f"wager: {config.name} does not offer the Five Card Hand Bonus on the {hand}"
        )


__all__ = [
    "BOARD_SLOTS",
    "ENVY_HAND",
    "FIVE",
    "FLOP_SLOTS",
    "MAIN",
    "TwoCardPaytable",
    "envy_goal",
    "five_card_goal",
    "hole",
    "offered_on",
    "two_card_goal",
    "where",
]
