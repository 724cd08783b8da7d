"""The playing card as a small immutable integer.

A card is an ``int`` subclass (rank index * 4 + suit index, the joker is 52) so evaluators can
use it directly as a table index: the hot paths of the hand evaluators never unpack objects.
Only 53 instances ever exist; ``Card(n)`` returns the interned one.
"""

from __future__ import annotations

from typing import ClassVar

from dealer_trainer.cards.ranks_suits import RANKS, SUITS, Rank, Suit

JOKER_INDEX = 52


class Card(int):
    """One of the 52 standard cards or the joker."""

    __slots__ = ()
    _interned: ClassVar[dict[int, Card]] = {}

    def __new__(cls, index: int) -> Card:
        try:
            return cls._interned[index]
        except KeyError:
            pass
        if not 0 <= index <= JOKER_INDEX:
            raise ValueError(f"card index {index} is outside 0..52")
        card = int.__new__(cls, index)
        cls._interned[index] = card
        return card

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return cls(rank.index * 4 + suit.index)

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The rank; asking the joker for one is a programming error, not a game situation."""
        try:
            return _RANK_OF[self]
        except IndexError:
            raise ValueError("the joker has no rank of its own") from None

    @property
    def suit(self) -> Suit:
        try:
            return _SUIT_OF[self]
        except IndexError:
            raise ValueError("the joker has no suit of its own") from None

    @property
    def rank_index(self) -> int:
        return int(self) >> 2

    @property
    def suit_index(self) -> int:
        return int(self) & 3

    @property
    def notation(self) -> str:
        return _NOTATIONS[self]

    @property
    def label(self) -> str:
        """Spoken form for screen readers and tooltips, e.g. "Ace of spades"."""
        if self.is_joker:
            return "Joker"
        return f"{self.rank.label} of {self.suit.label}"

    @property
    def pretty(self) -> str:
        """Short form with a suit symbol, e.g. "A♠"."""
        if self.is_joker:
            return "Jkr"
        return ("10" if self.rank is Rank.TEN else self.rank.value) + self.suit.symbol

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card({self.notation!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


# A card's rank, suit and notation by its index, read at every look-up by the settlement,
# the grader and the scene instead of being worked out from the index each time.
_RANK_OF: tuple[Rank, ...] = tuple(RANKS[index >> 2] for index in range(JOKER_INDEX))
_SUIT_OF: tuple[Suit, ...] = tuple(SUITS[index & 3] for index in range(JOKER_INDEX))
_NOTATIONS: tuple[str, ...] = (
    *(RANKS[index >> 2].value + SUITS[index & 3].value for index in range(JOKER_INDEX)),
    "Jk",
)

STANDARD_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
JOKER: Card = Card(JOKER_INDEX)
