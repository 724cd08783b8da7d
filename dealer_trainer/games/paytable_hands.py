"""Hands paid on the player's own cards against a paytable, with no dealer hand to beat.

Games where every player's five cards (own cards plus community cards) and a three-card side
hand are read against printed rows share how a hand answers to those rows and how a dealer
calls it aloud. Each game keeps what is its own: how many cards are the player's and how many
the board's, and the bottom rows ("Pair of 10s or better", "Pair of 6s to 10s") its paytable
prints. The three-card ranking puts the straight above the flush and calls an A-K-Q straight
flush a mini-royal; the five-card ranking is standard poker, an ace low only in A-2-3-4-5.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TypeVar

from dealer_trainer.cards import Rank, format_cards
from dealer_trainer.games.three_card_bonus import ThreeCardBonusHand
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.hand_value import HandValue

THREE_CARDS = 3

R = TypeVar("R", bound=Enum)

_THREE_ROWS = {
    HandRank.STRAIGHT_FLUSH: ThreeCardBonusHand.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: ThreeCardBonusHand.THREE_OF_A_KIND,
    HandRank.STRAIGHT: ThreeCardBonusHand.STRAIGHT,
    HandRank.FLUSH: ThreeCardBonusHand.FLUSH,
    HandRank.ONE_PAIR: ThreeCardBonusHand.PAIR,
}


def rows_by_category(rows: type[R]) -> Mapping[HandRank, R]:
    """The rows of a game's five-card vocabulary that name a whole category, matched by the
    category's name (``ROYAL_FLUSH`` to ``TWO_PAIR``): the vocabulary spells them as
    ``HandRank`` does, and its other rows (a lowest winning pair) are the game's own."""
    members = rows.__members__
    return {rank: members[rank.name] for rank in HandRank if rank.name in members}


def category_rows(hand: HandValue, categories: Mapping[HandRank, R], straight_flush: R) -> set[R]:
    """The category rows a five-card hand answers to: its own, and the straight flush row for a
    royal flush (the ace-high straight flush). A row matches only what it names, so a table
    that leaves a category out does not pay it; the caller adds its own pair rows."""
    classes: set[R] = set()
    row = categories.get(hand.rank)
    if row is not None:
        classes.add(row)
    if hand.rank is HandRank.ROYAL_FLUSH:
        classes.add(straight_flush)
    return classes


def at_least(hand: HandValue, rank: HandRank) -> bool:
    """Whether a five-card ``hand`` is ``rank`` or better."""
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def is_mini_royal(hand: HandValue) -> bool:
    """An A-K-Q straight flush in three cards (A-2-3 is the lowest straight flush, not this)."""
    return hand.rank is HandRank.STRAIGHT_FLUSH and hand.cards[0].rank is Rank.ACE


def three_card_rows(hand: HandValue) -> frozenset[ThreeCardBonusHand]:
    """Every three-card row name the hand answers to: its category, and "Mini royal" for an
    A-K-Q straight flush (which is also a straight flush)."""
    classes: set[ThreeCardBonusHand] = set()
    row = _THREE_ROWS.get(hand.rank)
    if row is not None:
        classes.add(row)
    if is_mini_royal(hand):
        classes.add(ThreeCardBonusHand.MINI_ROYAL)
    return frozenset(classes)


def hand_name(hand: HandValue) -> str:
    """The hand as a dealer calls it: "pair of 10s", "three queens", "mini royal", "king high"."""
    top = hand.cards[0].rank
    match hand.rank:
        case HandRank.HIGH_CARD:
            return f"{top.label.lower()} high"
        case HandRank.ONE_PAIR:
            return f"pair of {top.plural}"
        case HandRank.TWO_PAIR:
            return f"two pair, {top.plural} and {hand.cards[2].rank.plural}"
        case HandRank.THREE_OF_A_KIND:
            return f"three {top.plural}"
        case HandRank.FOUR_OF_A_KIND:
            return f"four {top.plural}"
        case HandRank.FULL_HOUSE:
            return f"full house, {top.plural} full of {hand.cards[3].rank.plural}"
        case HandRank.STRAIGHT_FLUSH if len(hand.cards) == THREE_CARDS and is_mini_royal(hand):
            return "mini royal"
        case HandRank.STRAIGHT | HandRank.FLUSH | HandRank.STRAIGHT_FLUSH:
            return f"{hand.rank.value.lower()}, {top.label.lower()} high"
        case _:
            return str(hand.rank.value).lower()


def describe_hand(hand: HandValue) -> str:
    """The hand's name and its cards: "pair of 10s (Tc Td Ah 7s 2c)"."""
    return f"{hand_name(hand)} ({format_cards(hand.cards)})"


__all__ = [
    "THREE_CARDS",
    "at_least",
    "category_rows",
    "describe_hand",
    "hand_name",
    "is_mini_royal",
    "rows_by_category",
    "three_card_rows",
]
