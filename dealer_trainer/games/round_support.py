"""What every game's dealt round shares: the seats it may hold, the cards it may deal, the
limits a stake must keep, and the order the dealer goes round the table.

Each game's ``round.py`` is a frozen record of one dealt round that refuses anything a real
table could not produce. Some of its checks are the same at every table: a seat exists and is
played once, no card is dealt twice (and no joker where the game deals 52 cards), a wager lies
within the Rules Submission's limits. The orders are the same too: decisions (and the deal)
go from the player farthest to the dealer's left, clockwise, and settlement from the player
farthest to the dealer's right, counterclockwise (Caribbean Stud §§ 639a.11(b)-(c), Four Card
Poker § 641a.11(c), Let It Ride §§ 643a.9(b), 643a.10(b), 643a.11(f), and by analogy in Three
Card Poker). They are written once here so that a message a trainee or lesson author reads is
worded the same in every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Generic, Protocol, TypeVar, cast

from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.cards import Card
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.rules.game_paytables import Limited
from dealer_trainer.rules.money import format_money


class _Seated(Protocol):
    @property
    def seat(self) -> int: ...


P = TypeVar("P", bound=_Seated)


def check_seats(
    numbers: Sequence[int],
    max_seats: int,
    *,
    at_least_one: bool = False,
    twice: str = "a seat appears twice in the round",
) -> None:
    """``ValueError`` unless every seat number is played once (``twice`` says otherwise) and
    is a seat of the table, 1 to ``max_seats``; with ``at_least_one``, unless someone plays."""
    if at_least_one and not numbers:
        raise ValueError("a round needs at least one player")
    if len(set(numbers)) != len(numbers):
        raise ValueError(twice)
    for number in numbers:
        if not 1 <= number <= max_seats:
            raise ValueError(f"seat {number} does not exist; seats are 1 to {max_seats}")


def check_dealt_once(cards: Iterable[Card], joker: str = "") -> None:
    """``ValueError`` if a card is dealt twice, or, with ``joker`` (the message), if the joker
    is dealt at a game played without it."""
    seen: set[Card] = set()
    for card in cards:
        if joker and card.is_joker:
            raise ValueError(joker)
        if card in seen:
            raise ValueError(f"{card.notation} is dealt twice in the round")
        seen.add(card)


def check_limits(where: str, wager: str, stake: Decimal, limits: Limited) -> None:
    """``ValueError`` unless ``stake`` on ``wager`` is within the table's limits."""
    if not limits.minimum <= stake <= limits.maximum:
        raise ValueError(
            f"{where}: the {wager} of {format_money(stake)} is outside the table's "
            f"limits, {format_money(limits.minimum)} to {format_money(limits.maximum)}"
        )


T = TypeVar("T")


def replaced(record: T, /, **changes: Any) -> T:
    """msgspec's ``replace`` for a record typed by a protocol: every round and seat record is
    a frozen Struct, which a protocol cannot say."""
    return cast(T, replace(cast(Struct, record), **changes))


def placed_fchb(player: Decimal, dealer: Decimal) -> dict[BetOn, Decimal]:
    """The electronic Five Card Hand Bonus stakes by hand, placed ones only."""
    stakes = {BetOn.PLAYER: player, BetOn.DEALER: dealer}
    return {hand: stake for hand, stake in stakes.items() if stake > 0}


class SeatedRound(Generic[P]):
    """A round's ``seats`` (the field of the round record that mixes this in), found by
    number and taken in the two orders the dealer goes round the table."""

    seats: tuple[P, ...]

    def seat(self, number: int) -> P:
        for play in self.seats:
            if play.seat == number:
                return play
        raise KeyError(f"seat {number} is not in play")

    def decision_order(self) -> tuple[P, ...]:
        """From the player farthest to the dealer's left, clockwise (§ 639a.11(b); the deal
        goes the same way, §§ 643a.9(b), 643a.10(b))."""
        return tuple(sorted(self.seats, key=lambda s: s.seat))

    def settlement_order(self) -> tuple[P, ...]:
        """From the player farthest to the dealer's right, counterclockwise (§§ 639a.11(c),
        641a.11(c), 643a.11(f))."""
        return tuple(sorted(self.seats, key=lambda s: -s.seat))


__all__ = [
    "SeatedRound",
    "check_dealt_once",
    "check_limits",
    "check_seats",
    "placed_fchb",
    "replaced",
]
