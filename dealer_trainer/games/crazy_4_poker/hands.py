"""The hands of Crazy 4 Poker: the best four of each five-card hand, the dealer's qualification,
and the paytable rows a hand answers to.

"Hand" is the four-card Poker hand held by each player and the dealer after the cards are dealt
(§ 657a.1): each receives five cards and keeps the best four. The ranking is § 657a.6(a)-(c),
which hands/four_card.py implements: four of a kind above the straight flush above three of a
kind, A-2-3-4 the lowest straight, no wrap, suits equal. The five-card wagers (the Five Card
Hand Bonus) rank all five cards as five-card Poker (§ 657a.6(d), in the shared module).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.games.best_four_hands import at_least, describe_hand
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Class
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.four_card import best_four
from dealer_trainer.hands.hand_value import HandValue

PLAYER_CARDS = 5
DEALER_CARDS = 5
QUALIFYING_CARD = Rank.KING
"""The dealer qualifies with king high or better (the game's published rules)."""
RAISE_PAIR = Rank.ACE
"""A Play Wager above once the Ante needs a pair of aces or better."""
QUEENS_UP_PAIR = Rank.QUEEN

_CATEGORY_ROW = {
    HandRank.FOUR_OF_A_KIND: Crazy4Class.FOUR_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH: Crazy4Class.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: Crazy4Class.THREE_OF_A_KIND,
    HandRank.FLUSH: Crazy4Class.FLUSH,
    HandRank.STRAIGHT: Crazy4Class.STRAIGHT,
    HandRank.TWO_PAIR: Crazy4Class.TWO_PAIR,
}


def player_hand(cards: Sequence[Card]) -> HandValue:
    """The best four of the player's five cards; ``ValueError`` unless five different cards."""
    if len(cards) != PLAYER_CARDS:
        raise ValueError(f"a Crazy 4 Poker player holds five cards, not {format_cards(cards)}")
    return best_four(cards)


def dealer_hand(cards: Sequence[Card]) -> HandValue:
    """The best four of the dealer's five cards."""
    if len(cards) != DEALER_CARDS:
        raise ValueError(f"the Crazy 4 Poker dealer holds five cards, not {format_cards(cards)}")
    return best_four(cards)


def qualifies(hand: HandValue) -> bool:
    """King high or better: any pair or better, or a high card of a king or an ace."""
    if hand.rank is not HandRank.HIGH_CARD:
        return True
    return hand.cards[0].rank_index >= QUALIFYING_CARD.index


def _pair_rank(hand: HandValue) -> int | None:
    """The rank index of a one-pair hand's pair."""
    if hand.rank is not HandRank.ONE_PAIR:
        return None
    return hand.cards[0].rank_index


def pair_or_better(hand: HandValue, rank: Rank) -> bool:
    """A pair of ``rank`` or a higher pair, or any hand above one pair (§ 657a.6(b))."""
    if at_least(hand, HandRank.TWO_PAIR):
        return True
    pair = _pair_rank(hand)
    return pair is not None and pair >= rank.index


def may_raise(hand: HandValue) -> bool:
    """Whether the player may make a Play Wager above once the Ante: a pair of aces or better."""
    return pair_or_better(hand, RAISE_PAIR)


def hand_classes(hand: HandValue) -> frozenset[Crazy4Class]:
    """Every paytable row the four cards answer to, so a table without the best one pays the next.

    The category itself, plus what it contains: four aces are also four of a kind, a straight
    flush is also a flush and a straight, four of a kind also three of a kind, and any hand of a
    pair of queens or better answers to the Queens Up's lowest row. A paytable pays the first of
    them it prints.
    """
    classes: set[Crazy4Class] = set()
    row = _CATEGORY_ROW.get(hand.rank)
    if row is not None:
        classes.add(row)
    if hand.rank is HandRank.FOUR_OF_A_KIND and hand.cards[0].rank is Rank.ACE:
        classes.add(Crazy4Class.FOUR_ACES)
    if hand.rank is HandRank.STRAIGHT_FLUSH:
        classes |= {Crazy4Class.FLUSH, Crazy4Class.STRAIGHT}
    if hand.rank is HandRank.FOUR_OF_A_KIND:
        classes.add(Crazy4Class.THREE_OF_A_KIND)
    if pair_or_better(hand, QUEENS_UP_PAIR):
        classes.add(Crazy4Class.PAIR_OF_QUEENS)
    return frozenset(classes)


__all__ = [
    "DEALER_CARDS",
    "PLAYER_CARDS",
    "at_least",
    "dealer_hand",
    "describe_hand",
    "hand_classes",
    "may_raise",
    "pair_or_better",
    "player_hand",
    "qualifies",
]
