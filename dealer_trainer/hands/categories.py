"""Hand categories: one vocabulary for data files, the UI and grader messages.

The enumeration only names hands. Each ranking system (five-card high, three-card, four-card,
pai gow) has its own order, held by its evaluator, because "Straight" beats "Flush" in Three
Card Poker and loses to it everywhere else.
"""

from __future__ import annotations

from dealer_trainer.vocabulary import Vocabulary


class HandRank(Vocabulary, noun="a hand category"):
    HIGH_CARD = "High card"
    ONE_PAIR = "One pair"
    TWO_PAIR = "Two pair"
    THREE_OF_A_KIND = "Three of a kind"
    STRAIGHT = "Straight"
    FLUSH = "Flush"
    FULL_HOUSE = "Full house"
    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    ROYAL_FLUSH = "Royal flush"
    FIVE_ACES = "Five aces"


FIVE_CARD_ORDER: tuple[HandRank, ...] = (
    HandRank.HIGH_CARD,
    HandRank.ONE_PAIR,
    HandRank.TWO_PAIR,
    HandRank.THREE_OF_A_KIND,
    HandRank.STRAIGHT,
    HandRank.FLUSH,
    HandRank.FULL_HOUSE,
    HandRank.FOUR_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH,
    HandRank.ROYAL_FLUSH,
)
FIVE_CARD_NAMES: tuple[str, ...] = tuple(rank.value for rank in reversed(FIVE_CARD_ORDER))
"""The five-card categories as a dealer names them when verifying a hand, best first."""
