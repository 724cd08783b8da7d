"""The rank-pattern count against dealing every hand one by one, with classifiers written here
(not the project's evaluators), so a wrong weight or a missed placement shows as a difference."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import comb

import numpy as np
import pytest
from hands_support import every_hand

from dealer_trainer.cards import Card
from dealer_trainer.cards.card import JOKER_INDEX
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.counting import HandDealt, outcome_counts
from dealer_trainer.hands.five_card import best_five

SEVEN_CARD_COUNTS = {  # the published table of all 133,784,560 seven-card hands
    HandRank.ROYAL_FLUSH: 4_324,
    HandRank.STRAIGHT_FLUSH: 37_260,
    HandRank.FOUR_OF_A_KIND: 224_848,
    HandRank.FULL_HOUSE: 3_473_184,
    HandRank.FLUSH: 4_047_644,
    HandRank.STRAIGHT: 6_180_020,
    HandRank.THREE_OF_A_KIND: 6_461_620,
    HandRank.TWO_PAIR: 31_433_400,
    HandRank.ONE_PAIR: 58_627_800,
    HandRank.HIGH_CARD: 23_294_460,
}
SIX_CARD_COUNTS = {  # the published table of all 20,358,520 six-card hands (best five)
    HandRank.ROYAL_FLUSH: 188,
    HandRank.STRAIGHT_FLUSH: 1_656,
    HandRank.FOUR_OF_A_KIND: 14_664,
    HandRank.FULL_HOUSE: 165_984,
    HandRank.FLUSH: 205_792,
    HandRank.STRAIGHT: 361_620,
    HandRank.THREE_OF_A_KIND: 732_160,
    HandRank.TWO_PAIR: 2_532_816,
    HandRank.ONE_PAIR: 9_730_740,
    HandRank.HIGH_CARD: 6_612_900,
}


def _shape(cards: tuple[Card, ...], flush_size: int) -> tuple[object, ...]:
    """Everything a suit-blind poker evaluator may see: the ranks, the joker, the ranks of a
    suit holding ``flush_size`` cards or more, and how the other cards pair up by suit."""
    # A card is its index (rank * 4 + suit): plain arithmetic, as this reads tens of
    # thousands of hands, where the card's properties cost twice the time.
    joker = JOKER_INDEX in cards
    natural = [card for card in cards if card != JOKER_INDEX] if joker else cards
    by_suit: dict[int, list[int]] = {}
    for card in natural:
        by_suit.setdefault(card & 3, []).append(card >> 2)
    limit = flush_size - joker
    flush = [sorted(ranks) for ranks in by_suit.values() if len(ranks) >= limit]
    if flush:
        others = sorted(sorted(ranks) for ranks in by_suit.values() if len(ranks) < limit)
    else:
        others = []
    return (joker, tuple(sorted(card >> 2 for card in natural)), str(flush), str(others))


@pytest.mark.parametrize(
    "dealt",
    [
        HandDealt(4, 3),
        HandDealt(4, 3, joker=True),
        HandDealt(4, 4),
        pytest.param(HandDealt(5, 3), marks=pytest.mark.slow),  # two cards beside a flush
    ],
)
def test_counts_by_rank_pattern_equal_dealing_every_hand(dealt: HandDealt) -> None:
    def shape(cards: tuple[Card, ...]) -> tuple[object, ...]:
        return _shape(cards, dealt.flush_size)

    expected: Counter[tuple[object, ...]] = Counter()
    for hand, hands in _every_hand_up_to_suit_names(dealt.deck_size, dealt.size):
        expected[shape(hand)] += hands
    assert outcome_counts(dealt, shape) == expected
    assert sum(expected.values()) == comb(dealt.deck_size, dealt.size)


def _every_hand_up_to_suit_names(
    deck_size: int, size: int
) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Every hand of ``size`` cards, dealt one by one, grouped by its ranks in each suit with
    the suits' names forgotten (the shape above never names a suit): one hand of each group,
    with how many hands it holds. NumPy deals them (2,598,960 five-card hands in well under a
    second) and the shape reads about one hand in twenty."""
    cards = every_hand(deck_size, size)
    natural = cards != JOKER_INDEX
    bits = np.where(natural, np.left_shift(1, cards >> 2, dtype=np.int16), 0)
    by_suit = np.stack([(bits * ((cards & 3) == suit)).sum(axis=1) for suit in range(4)], axis=1)
    by_suit.sort(axis=1)
    key = (~natural).any(axis=1).astype(np.int64)
    for suit in range(4):
        key = key << 13 | by_suit[:, suit]
    _, first, hands = np.unique(key, return_index=True, return_counts=True)
    deck = [Card(i) for i in range(deck_size)]
    for hand, count in zip(cards[first].tolist(), hands.tolist(), strict=True):
        yield tuple(deck[i] for i in hand), count


def _rank(cards: tuple[Card, ...]) -> HandRank:
    return best_five(cards).rank


def test_six_card_categories_match_the_published_table() -> None:
    assert dict(outcome_counts(HandDealt(6, 5), _rank)) == SIX_CARD_COUNTS


@pytest.mark.slow
def test_seven_card_categories_match_the_published_table() -> None:
    assert dict(outcome_counts(HandDealt(7, 5), _rank)) == SEVEN_CARD_COUNTS


def test_hands_of_three_cards_or_fewer_are_dealt_one_by_one_so_colours_count() -> None:
    red_aces = {Card(48 + 1), Card(48 + 2)}  # ace index 12: 12 * 4 + suit

    def both_red_aces(cards: tuple[Card, ...]) -> bool:
        return set(cards) == red_aces

    assert outcome_counts(HandDealt(2, 2), both_red_aces)[True] == 1


def test_two_flushes_in_one_hand_are_refused() -> None:
    with pytest.raises(ValueError, match="two flushes"):
        HandDealt(6, 3)


def test_a_split_hand_is_dealt_in_order() -> None:
    dealt = HandDealt(3, 2, split=1)

    def first_is_ace_second_pair_of_aces(cards: tuple[Card, ...]) -> bool:
        return all(card.rank_index == 12 for card in cards)

    counts = outcome_counts(dealt, first_is_ace_second_pair_of_aces)
    assert counts[True] == 4 * 3  # an ace, then two of the other three
    assert sum(counts.values()) == 52 * comb(51, 2) == dealt.deals
