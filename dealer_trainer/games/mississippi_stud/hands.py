"""The hands of Mississippi Stud: the player's five-card hand, the three community cards, and
the paytable rows each answers to.

A player's hand is the two player cards and the three community cards (§ 655a.1, "Community
card" and "Progressive Payout Hand"), ranked as § 655a.6(a)-(b) ranks five-card Poker hands
(the standard order of hands/five_card.py, an ace low only in A-2-3-4-5). The Three Card Bonus
reads three cards in the three-card ranking of § 655a.6(c), a mini-royal being an ace, king and
queen straight flush. There is no dealer hand: every player is paid on the player's own cards
against the paytable.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.mississippi_stud.wagers import StudHand, ThreeCardHand
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.three_card import evaluate_three

PLAYER_CARDS = 2
COMMUNITY_CARDS = 3

_FIVE_ROWS = {
    HandRank.ROYAL_FLUSH: StudHand.ROYAL_FLUSH,
    HandRank.STRAIGHT_FLUSH: StudHand.STRAIGHT_FLUSH,
    HandRank.FOUR_OF_A_KIND: StudHand.FOUR_OF_A_KIND,
    HandRank.FULL_HOUSE: StudHand.FULL_HOUSE,
    HandRank.FLUSH: StudHand.FLUSH,
    HandRank.STRAIGHT: StudHand.STRAIGHT,
    HandRank.THREE_OF_A_KIND: StudHand.THREE_OF_A_KIND,
    HandRank.TWO_PAIR: StudHand.TWO_PAIR,
}
_THREE_ROWS = {
    HandRank.STRAIGHT_FLUSH: ThreeCardHand.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: ThreeCardHand.THREE_OF_A_KIND,
    HandRank.STRAIGHT: ThreeCardHand.STRAIGHT,
    HandRank.FLUSH: ThreeCardHand.FLUSH,
    HandRank.ONE_PAIR: ThreeCardHand.PAIR,
}
PUSH_PAIRS = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)
"""A pair of 6s to 10s is a push on the Ante and Bet Wagers (§ 655a.12(a))."""


def five_card_hand(cards: Sequence[Card], community: Sequence[Card]) -> HandValue:
    """The player's hand: two cards and the three community cards; ``ValueError`` unless they
    are five different cards."""
    if len(cards) != PLAYER_CARDS or len(community) != COMMUNITY_CARDS:
        raise ValueError(
            "a Mississippi Stud hand is the player's two cards and the three community cards, "
            f"not {format_cards(cards)} + {format_cards(community)}"
        )
    return evaluate_five([*cards, *community])


def three_card_hand(cards: Sequence[Card]) -> HandValue:
    """Three cards ranked as three cards (the Three Card Bonus)."""
    if len(cards) != COMMUNITY_CARDS:
        raise ValueError(f"a Three Card Bonus hand is three cards, not {format_cards(cards)}")
    return evaluate_three(cards)


def at_least(hand: HandValue, rank: HandRank) -> bool:
    """Whether a five-card ``hand`` is ``rank`` or better."""
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def is_mini_royal(hand: HandValue) -> bool:
    """An A-K-Q straight flush in three cards (§ 655a.6(c)(1))."""
    return hand.rank is HandRank.STRAIGHT_FLUSH and hand.cards[0].rank is Rank.ACE


def five_card_rows(hand: HandValue) -> frozenset[StudHand]:
    """Every five-card row name the hand answers to; a paytable pays the first it prints.

    Its category (a royal flush is also the ace-high straight flush); "Pair of jacks or
    better" for a pair of jacks, queens, kings or aces and every higher category; "Pair of 6s
    to 10s" for a pair of 6s, 7s, 8s, 9s or 10s only, the row naming a range, not "or better".
    """
    classes: set[StudHand] = set()
    row = _FIVE_ROWS.get(hand.rank)
    if row is not None:
        classes.add(row)
    if hand.rank is HandRank.ROYAL_FLUSH:
        classes.add(StudHand.STRAIGHT_FLUSH)
    if hand.rank is HandRank.ONE_PAIR:
        pair = hand.cards[0].rank
        if pair.index >= Rank.JACK.index:
            classes.add(StudHand.PAIR_OF_JACKS_OR_BETTER)
        elif pair in PUSH_PAIRS:
            classes.add(StudHand.PAIR_OF_SIXES_TO_TENS)
    elif at_least(hand, HandRank.TWO_PAIR):
        classes.add(StudHand.PAIR_OF_JACKS_OR_BETTER)
    return frozenset(classes)


def three_card_rows(hand: HandValue) -> frozenset[ThreeCardHand]:
    """Every three-card row name the hand answers to: its category, and "Mini royal" for an
    A-K-Q straight flush (which is also a straight flush)."""
    classes: set[ThreeCardHand] = set()
    row = _THREE_ROWS.get(hand.rank)
    if row is not None:
        classes.add(row)
    if is_mini_royal(hand):
        classes.add(ThreeCardHand.MINI_ROYAL)
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
        case HandRank.STRAIGHT_FLUSH if len(hand.cards) == COMMUNITY_CARDS and is_mini_royal(hand):
            return "mini royal"
        case HandRank.STRAIGHT | HandRank.FLUSH | HandRank.STRAIGHT_FLUSH:
            return f"{hand.rank.value.lower()}, {top.label.lower()} high"
        case _:
            return str(hand.rank.value).lower()


def describe_hand(hand: HandValue) -> str:
    """The hand's name and its cards: "pair of jacks (Jc Jd Ah 7s 2c)"."""
    return f"{hand_name(hand)} ({format_cards(hand.cards)})"


__all__ = [
    "COMMUNITY_CARDS",
    "PLAYER_CARDS",
    "PUSH_PAIRS",
    "at_least",
    "describe_hand",
    "five_card_hand",
    "five_card_rows",
    "hand_name",
    "is_mini_royal",
    "three_card_hand",
    "three_card_rows",
]
