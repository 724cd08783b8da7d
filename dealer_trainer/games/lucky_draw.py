"""Whom the table game system's Lucky Bonus draw is among, as a game's dealing makes it.

The definitions (§ 639a.1, and each game's own, e.g. § 643a.1, § 657a.1) say the system
randomly selects a seated position, or the dealer position where the bonus is offered on the
dealer's hand, but not whether an empty seat can be selected. Each game's dealing states which
it takes in one ``LuckyDraw``, and the table analyser prices the Lucky Bonus from the same
object, so its figures follow the rounds the trainer deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from msgspec import Struct

from dealer_trainer.engine.step import DEALER


class LuckyDraw(Struct, frozen=True):
    """The positions the Lucky Bonus is drawn among, each equally likely."""

    seats: int | None = None
    """Every seat of a table of this many, empty or not; ``None`` for only the seats with a
    Five Card Hand Bonus on them."""
    dealer: bool = False
    """With ``seats``: whether the dealer position is always among them. Among the bettors,
    the dealer position is among them whenever a bonus is on the dealer's hand."""

    @classmethod
    def among_bettors(cls) -> LuckyDraw:
        return cls()

    @classmethod
    def every_seat(cls, seats: int, *, dealer: bool) -> LuckyDraw:
        return cls(seats, dealer)

    def choose(self, rng: random.Random, bettors: Sequence[int], dealer_bet: bool) -> int | None:
        """The position selected (``DEALER`` for the dealer's), given the seats with a bonus
        on them and whether one is on the dealer's hand; ``None`` when there is none to
        select. One call of ``rng``, so seeded rounds keep their draws."""
        if self.seats is not None:
            return rng.randint(DEALER if self.dealer else 1, self.seats)
        positions = [*bettors, *([DEALER] if dealer_bet else [])]
        return rng.choice(positions) if positions else None

    def positions(self, players: int, dealer_bet: bool) -> int:
        """How many positions the draw is among with ``players`` seated, each betting the
        bonus on their own hand (and on the dealer's when ``dealer_bet``)."""
        if self.seats is None:
            return players + (1 if dealer_bet else 0)
        if not 1 <= players <= self.seats:
            raise ValueError(
                f"players: a table of this game seats 1 to {self.seats}, not {players}"
            )
        return self.seats + (1 if self.dealer else 0)

    def describe(self, dealer_bet: bool) -> str:
        """The draw in words, for the analyser's note."""
        if self.seats is None:
            return "every seated player's seat" + (" and the dealer position" if dealer_bet else "")
        dealer = ""
        if self.dealer:
            dealer = ", and the dealer position" + ("" if dealer_bet else " (which pays no one)")
        return f"all {self.seats} seats of the table, empty or not{dealer}"


__all__ = ["LuckyDraw"]
