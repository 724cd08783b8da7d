"""Ranks and suits, with the one-letter notation used in lessons, scenarios and the UI."""

from __future__ import annotations

from enum import Enum


class Rank(Enum):
    """A card rank; the value is the notation letter so data files and messages agree."""

    # Members are singletons that compare by identity: hashed by identity in C, where Enum's
    # hash (of the name) is a Python call at every look-up in a dict or a set.
    __hash__ = object.__hash__

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def index(self) -> int:
        """0 for a deuce up to 12 for an ace: the ace-high order every evaluator starts from."""
        return _RANK_INDEX[self]

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else self.label.lower() + "s"

    @classmethod
    def from_index(cls, index: int) -> Rank:
        return RANKS[index]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.index < other.index


class Suit(Enum):
    """A suit; the value is the notation letter."""

    __hash__ = object.__hash__  # as for ranks

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def from_index(cls, index: int) -> Suit:
        return SUITS[index]


RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_RANK_LABELS = {
    Rank.TWO: "Two",
    Rank.THREE: "Three",
    Rank.FOUR: "Four",
    Rank.FIVE: "Five",
    Rank.SIX: "Six",
    Rank.SEVEN: "Seven",
    Rank.EIGHT: "Eight",
    Rank.NINE: "Nine",
    Rank.TEN: "Ten",
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
    Rank.ACE: "Ace",
}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
