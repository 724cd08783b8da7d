"""What the games' random practice rounds share: the seats taken, the stacks players bet, the
meters the table shows and the Five Card Hand Bonus draws of the table game system.

Every game's ``dealing.py`` deals a round a real table could produce, reproducibly from its
seed: the cards from ``Deck(seed)``, everything else from a second generator derived from the
seed. How many players sit down, what a player stacks on a wager and how far a meter has grown
since its reset are not rules of any game, and drawing them the same way in every game keeps
each game's rounds the same for the same seed. The order of the generator's calls is part of
that promise: each helper makes exactly the calls its game made before it was shared.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from dealer_trainer.cards import Card, Deck
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import (
    METER,
    Award,
    BetOn,
    FchbDraws,
    FiveCardHandBonusSpec,
)
from dealer_trainer.games.linked_meter import shown_meter
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.rules.game_paytables import Limited
from dealer_trainer.rules.money import ZERO, to_money

W = TypeVar("W")
W_contra = TypeVar("W_contra", contravariant=True)


def occupied_seats(
    rng: random.Random, seats: Sequence[int] | None, random_seats: tuple[int, int], max_seats: int
) -> list[int]:
    """``seats`` checked (distinct, at least one, each from 1 to ``max_seats``), or a random
    count within ``random_seats`` of the table's seats."""
    if seats is None:
        count = rng.randint(*random_seats)
        return sorted(rng.sample(range(1, max_seats + 1), count))
    occupied = sorted(seats)
    if not occupied or len(set(occupied)) != len(occupied):
        raise ValueError(f"occupied seats must be distinct and at least one: {list(seats)}")
    if not all(1 <= seat <= max_seats for seat in occupied):
        raise ValueError(f"seats are 1 to {max_seats}, not {list(seats)}")
    return occupied


def chips(rng: random.Random, minimum: Decimal, maximum: Decimal) -> Decimal:
    """A stack a player would make: usually the minimum, mostly at most five times it, in $5
    chips ($1 chips below $5)."""
    if rng.random() < 0.4 or minimum == maximum:
        return minimum
    step = Decimal(5) if minimum >= 5 else Decimal(1)
    top = min(maximum, minimum * 5)
    units = int((top - minimum) / step)
    return to_money(minimum + step * rng.randint(0, units))


def chips_up_to_maximum(rng: random.Random, limits: Limited) -> Decimal:
    """A stack a player would make: usually the minimum, mostly at most five times it, in $5
    chips ($1 chips below $5), now and then up to the table maximum."""
    low, high = limits.minimum, limits.maximum
    roll = rng.random()
    if roll < 0.4 or low == high:
        return low
    top = min(high, low * 5) if roll < 0.9 else high
    stacks = {
        low,
        top,
        *map(Decimal, range(1, 5)),
        *(Decimal(5 * k) for k in range(1, int(top) // 5 + 1)),
    }
    return to_money(rng.choice(sorted(s for s in stacks if low <= s <= top)))


class _OffersWagers(Protocol[W_contra]):
    def offers(self, wager: W_contra, /) -> bool: ...
    def limits(self, wager: W_contra, /) -> Limited: ...


def optional_stake(
    config: _OffersWagers[W], rng: random.Random, wager: W, chance: float
) -> Decimal:
    """An optional wager the table offers, placed with ``chance`` (a ``chips`` stack), or none."""
    if not config.offers(wager) or rng.random() >= chance:
        return ZERO
    limits = config.limits(wager)
    return chips(rng, limits.minimum, limits.maximum)


def fchb_stakes(
    spec: FiveCardHandBonusSpec | None, rng: random.Random, chance: float
) -> dict[BetOn, Decimal]:
    """The electronic Five Card Hand Bonus on each hand the table offers it on, with
    ``chance``, within its limits."""
    stakes = {hand: ZERO for hand in BetOn}
    if spec is not None:
        for hand in spec.bet_on:
            if rng.random() < chance:
                stakes[hand] = chips(rng, spec.minimum, spec.maximum)
    return stakes


class _Dealt(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> Sequence[Card]: ...


def in_dealing_order(
    seats: Sequence[_Dealt],
    dealer: Sequence[Card],
    order: Callable[[list[int]], Sequence[int]],
) -> list[Card]:
    """The seats' and the dealer's cards in the order they left the deck, one card at a time:
    ``order`` says who received each card, given the seats dealt in (a round rebuilt from its
    seed deals the same cards off ``Deck(seed)``)."""
    hands: dict[int, Sequence[Card]] = {play.seat: play.cards for play in seats}
    hands[DEALER] = dealer
    dealt = dict.fromkeys(hands, 0)
    cards: list[Card] = []
    for position in order([play.seat for play in seats]):
        cards.append(hands[position][dealt[position]])
        dealt[position] += 1
    return cards


def grown_meter(rng: random.Random, reset: Decimal) -> Decimal:
    """A meter that has grown from ``reset`` by up to as much again, in whole cents."""
    return to_money(reset + Decimal(rng.randint(0, int(reset) * 100)) / 100)


def fchb_draws(
    spec: FiveCardHandBonusSpec | None,
    rng: random.Random,
    lucky_draw: LuckyDraw,
    dealer_hand_bettors: int = 0,
) -> FchbDraws | None:
    """What the table game system shows with a Five Card Hand Bonus: a meter at or above its
    reset amount (a linked meter's shared amount while rounds are dealt ``sharing`` meters), a
    Magic Card from the 52 and a Lucky position as the game's ``lucky_draw`` says (drawn among
    every seat, since the seats bet are not passed here), each in the share of rounds the Rules
    Submission states (every round by default)."""
    if spec is None:
        return None
    if lucky_draw.seats is None:
        raise ValueError("fchb_draws draws the Lucky Bonus among every seat of the table")
    meter = shown_meter(
        spec.linked,
        grown_meter(rng, spec.meter_reset),
        meter=str(METER),
        awards=(award.value for award in Award),
        reset=spec.meter_reset,
    )
    magic = rng.choice(Deck(0).order) if spec.magic_card_drawn(rng) else None
    lucky = (
        lucky_draw.choose(rng, (), dealer_hand_bettors > 0) if spec.lucky_bonus_drawn(rng) else None
    )
    return FchbDraws(meter, magic, lucky, dealer_hand_bettors)


__all__ = [
    "chips",
    "chips_up_to_maximum",
    "fchb_draws",
    "fchb_stakes",
    "grown_meter",
    "in_dealing_order",
    "occupied_seats",
    "optional_stake",
]
