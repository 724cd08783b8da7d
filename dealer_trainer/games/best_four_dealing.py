"""Dealing a random practice round of a best-four game, and what an observer sees of it.

The games that share this deal five cards to each player one at a time, from the dealer's far
left round to the dealer (a game may give the dealer more), and their players place an Ante, an
optional side wager and the electronic Five Card Hand Bonus. A round is reproducible from its
seed: the cards come off ``Deck(seed)`` in dealing order (with any ``preset`` hands kept out of
it), the wagers from a second generator named by the game so they do not echo the shuffle. The
game keeps its own simulated strategy, its wager record and its wording.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.cards import Card, Deck, format_cards
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.best_four_progressive import (
    FIELD,
    ProgressiveTable,
    ProgressiveTerms,
    ProgressiveWager,
    offered,
    pays_meter_share,
    spec_of,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn, FchbDraws, FiveCardHandBonusSpec
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.practice_dealing import (
    chips,
    fchb_draws,
    fchb_stakes,
    grown_meter,
    in_dealing_order,
    occupied_seats,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.game_paytables import Limited
from dealer_trainer.rules.money import ZERO


class _Play(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...


P = TypeVar("P", bound=_Play)

Receivers = Callable[[Sequence[int]], list[int]]
"""Who receives each card, in dealing order, given the occupied seats."""


class SeatStakes(Struct, frozen=True):
    """What one simulated player wagers: the Ante, the side wager ($0 when not placed) and the
    Five Card Hand Bonus on the player's and on the dealer's hand ($0 when not placed)."""

    ante: Decimal
    side: Decimal
    fchb_player: Decimal
    fchb_dealer: Decimal


class BestFourTable(Struct, frozen=True):
    """What the deal reads of one game's table: its seats, the wagers' limits and chances."""

    rng_name: str
    """Names the wager generator, "<game>-practice-round"."""
    max_seats: int
    random_seats: tuple[int, int]
    receivers: Receivers
    ante: Limited
    side: Limited | None
    """The side wager's limits, ``None`` where the table does not offer it."""
    fchb: FiveCardHandBonusSpec | None
    lucky_draw: LuckyDraw


def check_chances(chances: Mapping[str, float]) -> None:
    """``ValueError`` unless each named chance is a probability."""
    for name, chance in chances.items():
        if not 0 <= chance <= 1:
            raise ValueError(f"{name} is a probability, not {chance}")


def deal_best_four(
    table: BestFourTable,
    seed: int,
    seats: Sequence[int] | None,
    preset: Mapping[int, Sequence[Card]] | None,
    *,
    side_chance: float,
    bonus_chance: float,
    seat_play: Callable[[int, tuple[Card, ...], SeatStakes], P],
    dealer_hand_bettors: Callable[[Sequence[P]], int],
) -> tuple[tuple[Card, ...], tuple[P, ...], FchbDraws | None]:
    """The dealer's cards, the players (made by ``seat_play`` from each seat's cards and
    stakes) and the table game system's Five Card Hand Bonus draws of one random round."""
    rng = random.Random(f"{table.rng_name}:{seed}")
    occupied = occupied_seats(rng, seats, table.random_seats, table.max_seats)
    receivers = table.receivers(occupied)
    deck = PresetDeck(Deck(seed), preset)
    cards = [deck.deal_to(position) for position in receivers]
    deck.check_used()
    hands: dict[int, list[Card]] = {position: [] for position in [*occupied, DEALER]}
    for position, card in zip(receivers, cards, strict=True):
        hands[position].append(card)
    plays: list[P] = []
    for seat in occupied:
        stake = chips(rng, table.ante.minimum, table.ante.maximum)
        side = ZERO
        if table.side is not None and rng.random() < side_chance:
            side = chips(rng, table.side.minimum, table.side.maximum)
        fchb = fchb_stakes(table.fchb, rng, bonus_chance)
        stakes = SeatStakes(stake, side, fchb[BetOn.PLAYER], fchb[BetOn.DEALER])
        plays.append(seat_play(seat, tuple(hands[seat]), stakes))
    # What the table game system shows: a meter at or above its reset amount, a Magic Card
    # from the 52 and a Lucky position as the game draws it.
    draws = fchb_draws(table.fchb, rng, table.lucky_draw, dealer_hand_bettors(plays))
    return tuple(hands[DEALER]), tuple(plays), draws


def with_progressives(
    config: ProgressiveTable,
    terms: ProgressiveTerms,
    rng_name: str,
    seed: int,
    plays: Sequence[P],
    chance: float,
) -> tuple[tuple[P, ...], dict[ProgressiveWager, Decimal | None]]:
    """The players with the progressive wagers they place (each offered one with ``chance``, at
    a stake within its limits) and the meters the progressive table game system shows (grown
    from the reset where a row pays a share of the meter). A generator of their own, so a table
    without the progressives deals exactly as before."""
    rng = random.Random(f"{rng_name}:progressive:{seed}")
    placed: list[P] = []
    for play in plays:
        stakes: dict[str, Decimal] = {}
        for wager in offered(config):
            spec = spec_of(config, wager)
            assert spec is not None
            if rng.random() < chance:
                stakes[FIELD[wager]] = chips(rng, spec.minimum, spec.maximum)
        placed.append(replace(play, **stakes) if stakes else play)  # type: ignore[type-var]
    meters: dict[ProgressiveWager, Decimal | None] = {}
    for wager in offered(config):
        spec = spec_of(config, wager)
        assert spec is not None
        if pays_meter_share(config, terms, wager):
            meters[wager] = grown_meter(rng, spec.meter_reset or Decimal(10_000))
    return tuple(placed), meters


P_co = TypeVar("P_co", bound=_Play, covariant=True)


class _Round(Protocol[P_co]):
    @property
    def dealer(self) -> tuple[Card, ...]: ...
    @property
    def dealer_hand(self) -> HandValue: ...
    @property
    def seats(self) -> tuple[P_co, ...]: ...
    def decision_order(self) -> tuple[P_co, ...]: ...


def cards_dealt_in_order(round_: _Round[P], receivers: Receivers) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck."""
    return tuple(in_dealing_order(round_.seats, round_.dealer, receivers))


def best_four_sequence(
    round_: _Round[P],
    receivers: Receivers,
    wager_text: Callable[[P], str],
    decision_text: Callable[[P], str],
    describe_hand: Callable[[HandValue], str],
    dealer_face_up: int | None = None,
) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order, for the GUI to
    animate and the log to print; ``dealer_face_up`` is the dealer's card (1 = the first) dealt
    face up before the decisions, if any."""
    plays = round_.decision_order()
    events = [DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), True, wager_text(p)) for p in plays]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, "No more bets"))
    order = cards_dealt_in_order(round_, receivers)
    counts: dict[int, int] = {}
    for position, card in zip(receivers([p.seat for p in plays]), order, strict=True):
        counts[position] = counts.get(position, 0) + 1
        who = "Dealer" if position == DEALER else f"Seat {position}"
        face_up = position == DEALER and counts[position] == dealer_face_up
        how = "face up" if face_up else "face down"
        events.append(
            DealEvent(
                DealEventKind.DEAL_CARD,
                position,
                (card,),
                face_up,
                f"{who}: card {counts[position]}, {how}",
            )
        )
    events += [DealEvent(DealEventKind.DECISION, p.seat, (), True, decision_text(p)) for p in plays]
    text = (
        f"Dealer reveals {format_cards(round_.dealer)}: best four "
        f"{describe_hand(round_.dealer_hand)}"
    )
    events.append(DealEvent(DealEventKind.DEALER_REVEAL, DEALER, round_.dealer, True, text))
    return tuple(events)


__all__ = [
    "BestFourTable",
    "Receivers",
    "SeatStakes",
    "best_four_sequence",
    "cards_dealt_in_order",
    "check_chances",
    "deal_best_four",
    "with_progressives",
]
