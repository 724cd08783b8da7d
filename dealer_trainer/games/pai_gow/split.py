"""A set pai gow hand: the five-card high hand and the two-card low hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.hands.pai_gow import SplitCheck, check_split
from dealer_trainer.hands.pai_gow_rules import DEFAULT_RULES, PaiGowRules


@dataclass(frozen=True)
class Split:
    high: tuple[Card, ...]
    low: tuple[Card, ...]

    @classmethod
    def of(cls, high: Sequence[Card], low: Sequence[Card]) -> Split:
        return cls(tuple(high), tuple(low))

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.high, *self.low)

    def check(
        self, rules: PaiGowRules = DEFAULT_RULES, dealt: Sequence[Card] | None = None
    ) -> SplitCheck:
        """Legal or fouled, and why (§ 645a.11(f)(1)(iv))."""
        return check_split(self.high, self.low, rules, dealt=dealt)

    def __str__(self) -> str:
        return f"high {format_cards(self.high)} / low {format_cards(self.low)}"
