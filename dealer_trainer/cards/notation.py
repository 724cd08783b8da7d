"""Card notation: "As Kd Th 9c 2h", "Jk" for the joker.

Input is case-insensitive and accepts "10" for a ten and commas as separators; output is always
canonical ("As", "Th", "Jk"). Every error names the offending token, because a lesson author
needs to find the typo in a file, not guess it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from dealer_trainer.cards.card import JOKER, Card
from dealer_trainer.cards.ranks_suits import Rank, Suit

_RANK_BY_LETTER = {rank.value.lower(): rank for rank in Rank}
_RANK_BY_LETTER["10"] = Rank.TEN
_SUIT_BY_LETTER = {suit.value: suit for suit in Suit}
_SEPARATORS = re.compile(r"[\s,]+")


class CardNotationError(ValueError):
    """A card string could not be read; ``token`` is the piece that was wrong."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"bad card {token!r}: {reason}")
        self.token = token
        self.reason = reason


def parse_card(token: str, *, allow_joker: bool = True) -> Card:
    text = token.strip()
    low = text.lower()
    if low in ("jk", "jo", "joker", "*"):
        if not allow_joker:
            raise CardNotationError(token, "this game uses a 52-card deck without a joker")
        return JOKER
    if len(low) < 2:
        raise CardNotationError(
            token, "a card is a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s)"
        )
    rank_text, suit_text = low[:-1], low[-1]
    rank = _RANK_BY_LETTER.get(rank_text)
    if rank is None:
        raise CardNotationError(
            token, f"{text[:-1]!r} is not a rank; use 2-9, T (or 10), J, Q, K or A"
        )
    suit = _SUIT_BY_LETTER.get(suit_text)
    if suit is None:
        raise CardNotationError(token, f"{text[-1]!r} is not a suit; use c, d, h or s")
    return Card.of(rank, suit)


def parse_cards(
    text: str | Iterable[str], *, allow_joker: bool = True, allow_duplicates: bool = False
) -> tuple[Card, ...]:
    """Read a whitespace- or comma-separated list of cards (or an iterable of tokens)."""
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = parse_card(token, allow_joker=allow_joker)
        if card in seen and not allow_duplicates:
            raise CardNotationError(token, f"{card.notation} appears more than once")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.notation for card in cards)
