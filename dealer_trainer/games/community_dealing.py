"""Dealing a random round of a game of two hole cards and five community cards (Ultimate Texas
Hold 'Em, Texas Hold 'Em Bonus Poker), and what an observer sees of the deal.

Both deal from ``Deck(seed)`` in the same order: two rounds of one card at a time from the
dealer's far left to the dealer, then the flop, the turn and the river; no burn cards are
modelled, so a round holds exactly the 2N + 7 cards it settles. The table game system's draws
(meters grown since their last reset, the Magic Card, the Lucky Bonus position among the
positions with a Five Card Hand Bonus on them) come from the round's second generator in the
same order. The players' decisions, and the events they make, are the game's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from msgspec import Struct

from dealer_trainer.cards import STANDARD_CARDS, Card, Deck, format_cards
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_cards import CommunityPlay
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.practice_dealing import in_dealing_order
from dealer_trainer.games.progressive_config import EnvyProgressiveSpec
from dealer_trainer.rules.money import format_money

BOARD = -1
"""The community cards' key among the preset positions (seats are 1-7, the dealer 0)."""
MIN_RANDOM_SEATS = 3
MAX_RANDOM_SEATS = 6
DEFAULT_PROGRESSIVE_METER = Decimal(10_000)
"""Used when the Rules Submission states no progressive reset amount."""


def hole_card_order(seats: Sequence[int]) -> list[int]:
    """Who receives each hole card: one at a time from the dealer's far left, the dealer
    last, twice around."""
    once = [*sorted(seats), DEALER]
    return once + once


class DealtCards(Struct, frozen=True):
    """The cards of a dealt round: each position's two cards (``DEALER`` among them) and the
    board in dealing order."""

    hole: Mapping[int, tuple[Card, Card]]
    board: tuple[Card, Card, Card, Card, Card]

    @property
    def dealer(self) -> tuple[Card, Card]:
        return self.hole[DEALER]


def deal_cards(
    seed: int,
    occupied: Sequence[int],
    preset: Mapping[int, Sequence[Card]] | None,
    preset_board: Sequence[Card] | None,
) -> DealtCards:
    """The round's cards off ``Deck(seed)``, ``preset`` positions (and ``preset_board``) given
    their cards and everyone else dealt without those cards, in the usual order."""
    positions = dict(preset or {})
    if preset_board is not None:
        positions[BOARD] = preset_board
    deck = PresetDeck(Deck(seed), positions)
    hole: dict[int, list[Card]] = {seat: [] for seat in [*occupied, DEALER]}
    for seat in hole_card_order(occupied):
        hole[seat].append(deck.deal_to(seat))
    dealt = [deck.deal_to(BOARD) for _ in range(5)]
    deck.check_used()
    return DealtCards(
        {seat: (cards[0], cards[1]) for seat, cards in hole.items()},
        (dealt[0], dealt[1], dealt[2], dealt[3], dealt[4]),
    )


def cents(rng: random.Random, low: Decimal, high: Decimal) -> Decimal:
    """A whole-cent amount from ``low`` to ``high`` inclusive."""
    return Decimal(rng.randint(int(low * 100), int(high * 100))).scaleb(-2)


def _as_drawn(spec: FiveCardHandBonusSpec, drawn: Decimal) -> Decimal:
    return drawn


def table_draws(
    rng: random.Random,
    plays: Sequence[CommunityPlay],
    fchb: FiveCardHandBonusSpec | None,
    progressive: EnvyProgressiveSpec | None,
    lucky_draw: LuckyDraw,
    shown: Callable[[FiveCardHandBonusSpec, Decimal], Decimal] = _as_drawn,
) -> TableDraws:
    """What the table game system shows: meters that have grown since their last reset, and
    the Magic Card and Lucky Bonus position it selects independently of the dealt cards (among
    the positions the game's ``lucky_draw`` says), each in the share of rounds the Rules
    Submission states (every round by default).
    ``shown`` is the Five Card Hand Bonus meter the table shows for the amount drawn."""
    dealer_bettors = sum(1 for p in plays if p.wagers.five_card_hand_bonus_dealer > 0)
    meter: Decimal | None = None
    magic: Card | None = None
    lucky_seat: int | None = None
    lucky_dealer = False
    if fchb is not None:
        meter = shown(fchb, cents(rng, fchb.meter_start, fchb.meter_start * 4))
        if fchb.magic_card_drawn(rng):
            magic = rng.choice(STANDARD_CARDS)
        if fchb.lucky_bonus_drawn(rng):
            bettors = [p.seat for p in plays if p.wagers.five_card_hand_bonus > 0]
            chosen = lucky_draw.choose(rng, bettors, dealer_bettors > 0)
            if chosen is not None:
                lucky_seat = None if chosen == DEALER else chosen
                lucky_dealer = chosen == DEALER
    progressive_meter: Decimal | None = None
    if progressive is not None:
        reset = progressive.meter_reset or DEFAULT_PROGRESSIVE_METER
        progressive_meter = cents(rng, reset, reset * 2)
    return TableDraws(meter, magic, lucky_seat, lucky_dealer, progressive_meter)


class _Dealt(Protocol):
    @property
    def seats(self) -> Sequence[CommunityPlay]: ...
    @property
    def dealer(self) -> tuple[Card, Card]: ...
    @property
    def board(self) -> tuple[Card, Card, Card, Card, Card]: ...


def cards_in_dealing_order(round_: _Dealt) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from the game's
    ``deal_round`` equals the first cards of ``Deck(round_.seed)``."""
    return (*in_dealing_order(round_.seats, round_.dealer, hole_card_order), *round_.board)


def wager_text(seat: int, stakes: Iterable[tuple[str, Decimal]]) -> str:
    """ "Seat 3 bets Ante $10, Trips $5": the wagers placed, as labelled."""
    placed = [f"{label} {format_money(amount)}" for label, amount in stakes if amount > 0]
    return f"Seat {seat} bets " + ", ".join(placed)


def opening_events(round_: _Dealt, wagers: Callable[[int], str]) -> list[DealEvent]:
    """From the first wager (``wagers`` says a seat's) to the last hole card, face down."""
    plays = sorted(round_.seats, key=lambda p: p.seat)
    events = [
        DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), False, wagers(p.seat)) for p in plays
    ]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), False, "No more bets"))
    order = cards_in_dealing_order(round_)
    for index, seat in enumerate(hole_card_order([p.seat for p in plays])):
        who = "Dealer" if seat == DEALER else f"Seat {seat}"
        nth = "first" if index <= len(plays) else "second"
        text = f"{who}: {nth} card, face down"
        events.append(DealEvent(DealEventKind.DEAL_CARD, seat, (order[index],), False, text))
    return events


def reveal_event(dealer: tuple[Card, Card]) -> DealEvent:
    text = f"Dealer reveals {format_cards(dealer)}"
    return DealEvent(DealEventKind.DEALER_REVEAL, DEALER, dealer, True, text)


__all__ = [
    "BOARD",
    "DEFAULT_PROGRESSIVE_METER",
    "MAX_RANDOM_SEATS",
    "MIN_RANDOM_SEATS",
    "DealtCards",
    "cards_in_dealing_order",
    "cents",
    "deal_cards",
    "hole_card_order",
    "opening_events",
    "reveal_event",
    "table_draws",
    "wager_text",
]
