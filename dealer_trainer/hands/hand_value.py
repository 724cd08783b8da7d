"""The result every evaluator returns."""

from __future__ import annotations

from msgspec import Struct

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.hands.categories import HandRank


class HandValue(Struct, frozen=True):
    """A ranked hand: its category, the cards that make it, and a comparable strength.

    ``strength`` orders hands of the same ranking system totally: equal strength means the
    hands tie (identical ranks), never that they were merely put in the same bucket.
    ``cards`` lists the cards used, most significant first (the pair before its kickers).
    """

    rank: HandRank
    cards: tuple[Card, ...]
    strength: int

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= other.strength

    def beats(self, other: HandValue) -> bool:
        return self.strength > other.strength

    def ties(self, other: HandValue) -> bool:
        return self.strength == other.strength

    def __str__(self) -> str:
        return f"{self.rank.value} ({format_cards(self.cards)})"
