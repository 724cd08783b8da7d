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
from dealer_trainer.games.mississippi_stud.wagers import StudHand
from dealer_trainer.games.paytable_hands import (
    at_least,
    category_rows,
    describe_hand,
    hand_name,
    is_mini_royal,
    rows_by_category,
    three_card_rows,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.three_card import evaluate_three

PLAYER_CARDS = 2
COMMUNITY_CARDS = 3

_FIVE_ROWS = rows_by_category(StudHand)
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


def five_card_rows(hand: HandValue) -> frozenset[StudHand]:
    """Every five-card row name the hand answers to; a paytable pays the first it prints.

    Its category (a royal flush is also the ace-high straight flush); "Pair of jacks or
    better" for a pair of jacks, queens, kings or aces and every higher category; "Pair of 6s
    to 10s" for a pair of 6s, 7s, 8s, 9s or 10s only, the row naming a range, not "or better".
    """
    classes = category_rows(hand, _FIVE_ROWS, StudHand.STRAIGHT_FLUSH)
    if hand.rank is HandRank.ONE_PAIR:
        pair = hand.cards[0].rank
        if pair.index >= Rank.JACK.index:
            classes.add(StudHand.PAIR_OF_JACKS_OR_BETTER)
        elif pair in PUSH_PAIRS:
            classes.add(StudHand.PAIR_OF_SIXES_TO_TENS)
    elif at_least(hand, HandRank.TWO_PAIR):
        classes.add(StudHand.PAIR_OF_JACKS_OR_BETTER)
    return frozenset(classes)


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
