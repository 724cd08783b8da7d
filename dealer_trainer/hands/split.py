"""A set pai gow hand: the five-card high hand and the two-card low hand."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from dealer_trainer.cards import Card, format_cards, parse_cards
from dealer_trainer.hands.pai_gow import SplitCheck, check_split
from dealer_trainer.hands.pai_gow_rules import DEFAULT_RULES, PaiGowRules


class Split(Struct, frozen=True):
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

    def notation(self) -> str:
        """One spelling per split, whatever order the cards were placed in, so a trainee's
        split and the house way's compare as text: "high As Kd Qh 7c 2s / low Jk 9d"."""
        return f"high {format_cards(_ordered(self.high))} / low {format_cards(_ordered(self.low))}"

    @classmethod
    def parse(cls, text: str) -> Split:
        """Read ``notation()`` back (case and spacing do not matter)."""
        words = text.strip().lower()
        if not words.startswith("high") or "/" not in words:
            raise ValueError(f'write a split as "high As Kd Qh 7c 2s / low Jk 9d", not {text!r}')
        high_text, low_text = words.split("/", 1)
        low_text = low_text.strip()
        if not low_text.startswith("low"):
            raise ValueError(f'the low hand follows "/ low" in {text!r}')
        high = parse_cards(high_text.strip()[4:], allow_joker=True)
        low = parse_cards(low_text[3:], allow_joker=True)
        return cls(tuple(high), tuple(low))

    def __str__(self) -> str:
        return self.notation()


def _ordered(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda card: -int(card))
