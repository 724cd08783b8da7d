"""The hands of Let It Ride Poker: the player's five-card hand and three-card hand, and the
paytable rows each answers to.

A player's hand is the player's three cards plus the two community cards (§ 643a.1 [CODE]); the
Three Card Bonus reads the player's three cards alone (§ 643a.7(f)). The rankings, §§ 643a.6(b)
and (d), are not in the seeds: the five-card order is standard poker (hands/five_card.py, the
order chs. 653a and 655a print), the three-card order the one of hands/three_card.py, with the
straight above the flush (§ 669a.6(c), by analogy); a mini-royal is an A-K-Q straight flush
(§ 655a.6(c)(1), by analogy). There is no dealer hand: every player is paid on the player's own
cards (let-it-ride.md § 5, [STANDARD]).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.let_it_ride.wagers import LetItRideHand
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

PLAYER_CARDS = 3
COMMUNITY_CARDS = 2
COMMUNITY_STACK = 3
"""The automated shoe's community stack: three cards, the one on the dealer's left discarded
unexposed (§ 643a.10(b), seed 000)."""

_FIVE_ROWS = rows_by_category(LetItRideHand)


def five_card_hand(cards: Sequence[Card], community: Sequence[Card]) -> HandValue:
    """The player's hand: three cards and the two community cards; ``ValueError`` unless they
    are five different cards."""
    if len(cards) != PLAYER_CARDS or len(community) != COMMUNITY_CARDS:
        raise ValueError(
            "a Let It Ride hand is the player's three cards and the two community cards, not "
            f"{format_cards(cards)} + {format_cards(community)}"
        )
    return evaluate_five([*cards, *community])


def three_card_hand(cards: Sequence[Card]) -> HandValue:
    """The player's three cards, ranked as three cards (the Three Card Bonus)."""
    if len(cards) != PLAYER_CARDS:
        raise ValueError(f"a Let It Ride player holds three cards, not {format_cards(cards)}")
    return evaluate_three(cards)


def five_card_rows(hand: HandValue) -> frozenset[LetItRideHand]:
    """Every five-card row name the hand answers to; a paytable pays the first it prints.

    Its category (a royal flush is also the ace-high straight flush), and "Pair of 10s or
    better" for a pair of 10s, jacks, queens, kings or aces and every higher category, the row
    saying "or better". A row matches only what it names, so a table that leaves a category out
    does not pay it.
    """
    classes = category_rows(hand, _FIVE_ROWS, LetItRideHand.STRAIGHT_FLUSH)
    if hand.rank is HandRank.ONE_PAIR:
        if hand.cards[0].rank_index >= Rank.TEN.index:
            classes.add(LetItRideHand.PAIR_OF_TENS_OR_BETTER)
    elif at_least(hand, HandRank.TWO_PAIR):
        classes.add(LetItRideHand.PAIR_OF_TENS_OR_BETTER)
    return frozenset(classes)


__all__ = [
    "COMMUNITY_CARDS",
    "COMMUNITY_STACK",
    "PLAYER_CARDS",
    "at_least",
    "describe_hand",
    "five_card_hand",
    "five_card_rows",
    "hand_name",
    "is_mini_royal",
    "three_card_hand",
    "three_card_rows",
]
