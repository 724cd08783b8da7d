"""The hands of Four Card Poker: the player's best four of five cards, the dealer's best four of
six, and the paytable rows a hand answers to.

Each player receives five cards and the dealer six (four-card-poker.md § 5, [STANDARD]; the
dealer's count is implied by § 641a.11(c)(7), seed 000, which forms the dealer's Five Card Hand
Bonus hand from "the first five cards dealt to the dealer"). The dealer selects the four cards
that form the highest-ranking Four Card Poker hand (§ 641a.11(c), seed 000); the player's hand
is the best four of five the same way. The ranking is hands/four_card.py's: four of a kind above
the straight flush above three of a kind, by analogy with § 657a.6(b) (§ 641a.6 is not in the
seeds), and suits never break a tie.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.best_four_hands import at_least, describe_hand
from dealer_trainer.games.four_card_poker.wagers import FourCardClass
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.four_card import best_four
from dealer_trainer.hands.hand_value import HandValue

PLAYER_CARDS = 5
DEALER_CARDS = 6

_CATEGORY_ROW = {
    HandRank.FOUR_OF_A_KIND: FourCardClass.FOUR_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH: FourCardClass.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: FourCardClass.THREE_OF_A_KIND,
    HandRank.FLUSH: FourCardClass.FLUSH,
    HandRank.STRAIGHT: FourCardClass.STRAIGHT,
    HandRank.TWO_PAIR: FourCardClass.TWO_PAIR,
}


def player_hand(cards: Sequence[Card]) -> HandValue:
    """The best four of the player's five cards; ``ValueError`` unless five different cards."""
    if len(cards) != PLAYER_CARDS:
        raise ValueError(f"a Four Card Poker player holds five cards, not {format_cards(cards)}")
    return best_four(cards)


def dealer_hand(cards: Sequence[Card]) -> HandValue:
    """The four cards the dealer selects from the six (§ 641a.11(c), seed 000)."""
    if len(cards) != DEALER_CARDS:
        raise ValueError(f"the Four Card Poker dealer holds six cards, not {format_cards(cards)}")
    return best_four(cards)


def _aces(hand: HandValue) -> int:
    return sum(1 for card in hand.cards if card.rank is Rank.ACE)


def hand_classes(hand: HandValue) -> frozenset[FourCardClass]:
    """Every paytable row the four cards answer to, so a table without the best one pays the next.

    The category itself, plus what it contains: a straight flush is also a flush and a straight,
    four of a kind also three of a kind, and any hand holding two aces also a pair of aces (the
    Aces Up's "pair of aces or better", § 641a.1). A paytable pays the first of them it prints
    (``FourCardPaytable.first_row``); on the shipped tables that is always the category's row.
    """
    classes: set[FourCardClass] = set()
    row = _CATEGORY_ROW.get(hand.rank)
    if row is not None:
        classes.add(row)
    if hand.rank is HandRank.STRAIGHT_FLUSH:
        classes |= {FourCardClass.FLUSH, FourCardClass.STRAIGHT}
    if hand.rank is HandRank.FOUR_OF_A_KIND:
        classes.add(FourCardClass.THREE_OF_A_KIND)
    if _aces(hand) >= 2:
        classes.add(FourCardClass.PAIR_OF_ACES)
    return frozenset(classes)


__all__ = [
    "DEALER_CARDS",
    "PLAYER_CARDS",
    "at_least",
    "dealer_hand",
    "describe_hand",
    "hand_classes",
    "player_hand",
]
