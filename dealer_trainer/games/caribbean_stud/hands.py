"""The five-card hands of Caribbean Stud Poker: the dealer's qualification and the paytable rows a
hand answers to.

Each player and the dealer hold exactly five cards (§ 639a.1); the dealer's four hole cards and
up card are arranged into the highest-ranking five-card hand (§ 639a.11(c), seed 000). The
ranking itself, § 639a.6(b), is not in the seeds; it is standard five-card poker
(hands/five_card.py: A-2-3-4-5 the lowest straight, no wrap-around, suits equal), the ranking
chs. 655a and 669a print (caribbean-stud.md § 4, by analogy).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.caribbean_stud.wagers import StudHand
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.provenance import seed

QUALIFYING_CITATION = seed("seed 000", "639a.2(b)(7)")
"""The dealer qualifies with ace/king or better; below that the Bet is returned."""

_CATEGORY_ROW = {
    HandRank.ROYAL_FLUSH: StudHand.ROYAL_FLUSH,
    HandRank.STRAIGHT_FLUSH: StudHand.STRAIGHT_FLUSH,
    HandRank.FOUR_OF_A_KIND: StudHand.FOUR_OF_A_KIND,
    HandRank.FULL_HOUSE: StudHand.FULL_HOUSE,
    HandRank.FLUSH: StudHand.FLUSH,
    HandRank.STRAIGHT: StudHand.STRAIGHT,
    HandRank.THREE_OF_A_KIND: StudHand.THREE_OF_A_KIND,
    HandRank.TWO_PAIR: StudHand.TWO_PAIR,
    HandRank.ONE_PAIR: StudHand.ONE_PAIR,
}


def five_card_hand(cards: Sequence[Card]) -> HandValue:
    """The hand five dealt cards make; ``ValueError`` unless they are five different cards."""
    if len(cards) != 5:
        raise ValueError(f"a Caribbean Stud hand is five cards, not {format_cards(cards)}")
    return evaluate_five(cards)


def at_least(hand: HandValue, rank: HandRank) -> bool:
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def is_ace_king(hand: HandValue) -> bool:
    """No pair or better, with an ace and a king: the lowest hand that qualifies."""
    return (
        hand.rank is HandRank.HIGH_CARD
        and hand.cards[0].rank is Rank.ACE
        and hand.cards[1].rank is Rank.KING
    )


def dealer_qualifies(hand: HandValue) -> bool:
    """Ace/king or better (§ 639a.2(b)(7), seed 000): any pair or better, or no pair with an ace
    and a king among the five cards."""
    return hand.rank is not HandRank.HIGH_CARD or is_ace_king(hand)


def row_classes(hand: HandValue) -> frozenset[StudHand]:
    """Every paytable row name the hand answers to; a paytable pays the first it prints.

    Its category (a royal flush is also the ace-high straight flush), "Pair of 10s or better"
    for a pair of 10s, jacks, queens, kings or aces and every higher category (the row says "or
    better"), and "One pair or ace/king" / "Ace/king" for those exact hands.
    """
    classes: set[StudHand] = set()
    category = _CATEGORY_ROW.get(hand.rank)
    if category is not None:
        classes.add(category)
    if hand.rank is HandRank.ROYAL_FLUSH:
        classes.add(StudHand.STRAIGHT_FLUSH)
    if hand.rank is HandRank.ONE_PAIR:
        classes.add(StudHand.ONE_PAIR_OR_ACE_KING)
        if hand.cards[0].rank_index >= Rank.TEN.index:
            classes.add(StudHand.PAIR_OF_TENS_OR_BETTER)
    elif at_least(hand, HandRank.TWO_PAIR):
        classes.add(StudHand.PAIR_OF_TENS_OR_BETTER)
    if is_ace_king(hand):
        classes.update((StudHand.ACE_KING, StudHand.ONE_PAIR_OR_ACE_KING))
    return frozenset(classes)


_ARTICLE = frozenset(
    {
        HandRank.ONE_PAIR,
        HandRank.STRAIGHT,
        HandRank.FLUSH,
        HandRank.FULL_HOUSE,
        HandRank.STRAIGHT_FLUSH,
        HandRank.ROYAL_FLUSH,
    }
)


def hand_name(hand: HandValue) -> str:
    """The hand as a dealer calls it, without an article: "pair of 10s", "ace/king high"."""
    top = hand.cards[0].rank
    if hand.rank is HandRank.HIGH_CARD:
        return "ace/king high" if is_ace_king(hand) else f"{top.label.lower()} high"
    if hand.rank is HandRank.ONE_PAIR:
        return f"pair of {top.plural}"
    if hand.rank is HandRank.TWO_PAIR:
        return f"two pair, {top.plural} and {hand.cards[2].rank.plural}"
    if hand.rank is HandRank.THREE_OF_A_KIND:
        return f"three {top.plural}"
    if hand.rank is HandRank.FOUR_OF_A_KIND:
        return f"four {top.plural}"
    if hand.rank is HandRank.FULL_HOUSE:
        return f"full house, {top.plural} full of {hand.cards[3].rank.plural}"
    return str(hand.rank.value).lower()


def describe_hand(hand: HandValue, *, article: bool = True) -> str:
    """The hand's name and cards: "a pair of 10s (Tc Td 7h 4s 2c)", "queen high (...)";
    ``article=False`` after a possessive ("the player's pair of 10s")."""
    name = hand_name(hand)
    if article and hand.rank in _ARTICLE:
        name = f"a {name}"
    return f"{name} ({format_cards(hand.cards)})"


__all__ = [
    "QUALIFYING_CITATION",
    "at_least",
    "dealer_qualifies",
    "describe_hand",
    "five_card_hand",
    "hand_name",
    "is_ace_king",
    "row_classes",
]
