"""The hands of Three Card Poker: the three-card hands the base game, the Ante Bonus, Pair Plus
and the three-card progressive are settled on, and the five-card hands of the 6 Card Bonus, the
Five-Card Progressive Payout Wager and the Five Card Hand Bonus.

The three-card order is hands/three_card.py's (three-card-poker.md § 4, [STANDARD]): a straight
beats a flush, A-2-3 is the lowest straight and K-A-2 no straight, suits never break a tie. The
five-card wagers use the five-card order, a flush above a straight (§ 653a.6 by analogy). The
6 Card Bonus is the best five of the player's three cards and the dealer's three
(three-card-poker.md § 1); the five-card progressive and the Five Card Hand Bonus are the three
cards plus the two community cards dealt face down for them (seed 000, preamble: the cards
"are not taken into account for any other wager").
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.three_card_poker.wagers import (
    DealerQualifier,
    FiveCardClass,
    ThreeCardClass,
)
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import best_five, evaluate_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.three_card import THREE_CARD_ORDER, evaluate_three

PLAYER_CARDS = 3
DEALER_CARDS = 3
COMMUNITY_CARDS = 2
"""Dealt face down when a Five Card Hand Bonus is placed or the Five-Card Progressive Payout
Wager is offered (seed 000, preamble: proposed §§ 649a.8-649a.10)."""

_QUALIFYING_RANK = {
    DealerQualifier.JACK_HIGH: Rank.JACK,
    DealerQualifier.QUEEN_HIGH: Rank.QUEEN,
    DealerQualifier.KING_HIGH: Rank.KING,
    DealerQualifier.ACE_HIGH: Rank.ACE,
}


def three_card_hand(cards: Sequence[Card]) -> HandValue:
    """A player's or the dealer's three cards, ranked; ``ValueError`` unless three cards."""
    if len(cards) != PLAYER_CARDS:
        raise ValueError(f"a Three Card Poker hand is three cards, not {format_cards(cards)}")
    return evaluate_three(cards)


def at_least_three(hand: HandValue, rank: HandRank) -> bool:
    """Whether a three-card ``hand`` is ``rank`` or better in the three-card order."""
    return THREE_CARD_ORDER.index(hand.rank) >= THREE_CARD_ORDER.index(rank)


def at_least_five(hand: HandValue, rank: HandRank) -> bool:
    """Whether a five-card ``hand`` is ``rank`` or better in the five-card order."""
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def dealer_qualifies(hand: HandValue, rule: DealerQualifier) -> bool:
    """A pair or better always qualifies; a high-card hand qualifies when its top card is at
    least the rule's rank (queen high by default)."""
    if hand.rank is not HandRank.HIGH_CARD:
        return True
    return hand.cards[0].rank_index >= _QUALIFYING_RANK[rule].index


def is_mini_royal(hand: HandValue) -> bool:
    """A-K-Q of one suit, the highest three-card straight flush."""
    return hand.rank is HandRank.STRAIGHT_FLUSH and hand.cards[0].rank is Rank.ACE


_THREE_ROWS = {
    HandRank.STRAIGHT_FLUSH: ThreeCardClass.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: ThreeCardClass.THREE_OF_A_KIND,
    HandRank.STRAIGHT: ThreeCardClass.STRAIGHT,
    HandRank.FLUSH: ThreeCardClass.FLUSH,
    HandRank.ONE_PAIR: ThreeCardClass.PAIR,
}


def three_card_classes(hand: HandValue) -> frozenset[ThreeCardClass]:
    """Every row a three-card hand answers to, so a table without the best one pays the next:
    its category, and for a mini royal also "Mini royal flush". A straight flush is not paid
    as a straight or a flush too: only the first row printed is paid."""
    classes: set[ThreeCardClass] = set()
    row = _THREE_ROWS.get(hand.rank)
    if row is not None:
        classes.add(row)
    if is_mini_royal(hand):
        classes.add(ThreeCardClass.MINI_ROYAL)
    return frozenset(classes)


_FIVE_ROWS = {rank: FiveCardClass.from_text(rank.value) for rank in FIVE_CARD_ORDER[1:]}


def five_card_classes(hand: HandValue) -> frozenset[FiveCardClass]:
    """Every row a five-card hand answers to: its category, and for a royal flush also the
    straight flush (a table without a royal row pays it as a straight flush)."""
    classes = {_FIVE_ROWS[hand.rank]} if hand.rank in _FIVE_ROWS else set()
    if hand.rank is HandRank.ROYAL_FLUSH:
        classes.add(FiveCardClass.STRAIGHT_FLUSH)
    return frozenset(classes)


def six_card_hand(player: Sequence[Card], dealer: Sequence[Card]) -> HandValue:
    """The 6 Card Bonus hand: the best five of the player's three cards and the dealer's three."""
    if len(player) != PLAYER_CARDS or len(dealer) != DEALER_CARDS:
        raise ValueError("the 6 Card Bonus is the player's three cards and the dealer's three")
    return best_five((*player, *dealer))


def five_card_hand(three: Sequence[Card], community: Sequence[Card]) -> HandValue:
    """A hand's three cards plus the two community cards, as one five-card hand."""
    if len(three) != PLAYER_CARDS or len(community) != COMMUNITY_CARDS:
        raise ValueError("a five-card hand is three cards and the two community cards")
    return evaluate_five((*three, *community))


def describe_hand(hand: HandValue) -> str:
    """A hand as a dealer calls it, with its cards: "pair of nines (9h 9d Kc)", "straight,
    three high (3c 2d Ah)", "queen high (Qs 9d 4c)", "full house, kings over fours (...)"."""
    cards = hand.cards
    top = cards[0]
    match hand.rank:
        case HandRank.ROYAL_FLUSH:
            name = "royal flush"
        case HandRank.STRAIGHT_FLUSH if len(cards) == 3 and is_mini_royal(hand):
            name = "mini royal flush"
        case HandRank.STRAIGHT_FLUSH | HandRank.STRAIGHT | HandRank.FLUSH:
            name = f"{hand.rank.value.lower()}, {top.rank.label.lower()} high"
        case HandRank.FOUR_OF_A_KIND | HandRank.THREE_OF_A_KIND:
            name = f"{hand.rank.value.lower()}, {top.rank.plural}"
        case HandRank.FULL_HOUSE:
            name = f"full house, {top.rank.plural} over {cards[3].rank.plural}"
        case HandRank.TWO_PAIR:
            name = f"two pair, {top.rank.plural} and {cards[2].rank.plural}"
        case HandRank.ONE_PAIR:
            name = f"pair of {top.rank.plural}"
        case _:
            name = f"{top.rank.label.lower()} high"
    return f"{name} ({format_cards(cards)})"


__all__ = [
    "COMMUNITY_CARDS",
    "DEALER_CARDS",
    "PLAYER_CARDS",
    "at_least_five",
    "at_least_three",
    "dealer_qualifies",
    "describe_hand",
    "five_card_classes",
    "five_card_hand",
    "is_mini_royal",
    "six_card_hand",
    "three_card_classes",
    "three_card_hand",
]
