"""The Three Card Poker evaluator, proven over all 22,100 hands against an independent model."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from dealer_trainer.hands import HandRank
from dealer_trainer.hands.three_card import (
    THREE_CARD_ORDER,
    best_three,
    category_of,
    evaluate_three,
    three_card_strength,
)

# Written out again rather than imported so a wrong THREE_CARD_ORDER cannot agree with itself.
EXPECTED_ORDER = [
    HandRank.HIGH_CARD,
    HandRank.ONE_PAIR,
    HandRank.FLUSH,
    HandRank.STRAIGHT,
    HandRank.THREE_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH,
]

# The textbook counts, as the brief quoted them; the combinatorics below re-derive each one, so
# the literal numbers are checked rather than trusted.
PUBLISHED_COUNTS = {
    HandRank.STRAIGHT_FLUSH: 48,
    HandRank.THREE_OF_A_KIND: 52,
    HandRank.STRAIGHT: 720,
    HandRank.FLUSH: 1_096,
    HandRank.ONE_PAIR: 3_744,
    HandRank.HIGH_CARD: 16_440,
}

# Rank index sets of the twelve straights, mapped to the rank that orders them.
STRAIGHTS = {frozenset({top, top - 1, top - 2}): top for top in range(2, 13)} | {
    frozenset({12, 0, 1}): 1
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def value(text: str) -> int:
    return evaluate_three(cards(text)).strength


def combinatorial_counts() -> dict[HandRank, int]:
    straights = len(STRAIGHTS)
    suit_patterns_not_flush = 4**3 - 4
    rank_sets_not_straight = comb(13, 3) - straights
    return {
        HandRank.STRAIGHT_FLUSH: straights * 4,
        HandRank.THREE_OF_A_KIND: 13 * comb(4, 3),
        HandRank.STRAIGHT: straights * suit_patterns_not_flush,
        HandRank.FLUSH: 4 * rank_sets_not_straight,
        HandRank.ONE_PAIR: 13 * comb(4, 2) * 12 * 4,
        HandRank.HIGH_CARD: rank_sets_not_straight * suit_patterns_not_flush,
    }


def reference(hand: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """A deliberately naive model: (position in EXPECTED_ORDER, tie-break ranks)."""
    ranks = sorted((c.rank_index for c in hand), reverse=True)
    flush = len({c.suit_index for c in hand}) == 1
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in by_count]
    straight = STRAIGHTS.get(frozenset(ranks)) if shape == [1, 1, 1] else None
    if straight is not None:
        rank = HandRank.STRAIGHT_FLUSH if flush else HandRank.STRAIGHT
        return EXPECTED_ORDER.index(rank), (straight,)
    if shape == [3]:
        rank = HandRank.THREE_OF_A_KIND
    elif shape == [2, 1]:
        rank = HandRank.ONE_PAIR
    else:
        rank = HandRank.FLUSH if flush else HandRank.HIGH_CARD
    return EXPECTED_ORDER.index(rank), tuple(r for r, _ in by_count)


def test_order_constant() -> None:
    assert list(THREE_CARD_ORDER) == EXPECTED_ORDER


def test_published_counts_are_the_combinatorial_counts() -> None:
    assert combinatorial_counts() == PUBLISHED_COUNTS
    assert sum(PUBLISHED_COUNTS.values()) == comb(52, 3) == 22_100


def test_all_22100_hands() -> None:
    """Counts, agreement with the model, category order, and ties only for equal ranks."""
    counts: Counter[HandRank] = Counter()
    strengths_of_key: defaultdict[tuple[int, tuple[int, ...]], set[int]] = defaultdict(set)
    ranks_of_strength: defaultdict[int, set[tuple[int, ...]]] = defaultdict(set)
    for hand in combinations(STANDARD_CARDS, 3):
        hand_value = evaluate_three(hand)
        strength = three_card_strength(hand)
        key = reference(hand)
        assert hand_value.strength == strength
        assert hand_value.rank is EXPECTED_ORDER[key[0]] is category_of(strength), hand
        assert sorted(hand_value.cards) == sorted(hand)
        counts[hand_value.rank] += 1
        strengths_of_key[key].add(strength)
        ranks_of_strength[strength].add(tuple(sorted(c.rank_index for c in hand)))
    assert counts == PUBLISHED_COUNTS == combinatorial_counts()

    assert all(len(s) == 1 for s in strengths_of_key.values()), "equal hands differ"
    assert all(len(r) == 1 for r in ranks_of_strength.values()), "unequal ranks tie"
    in_model_order = [strengths_of_key[key].pop() for key in sorted(strengths_of_key)]
    assert in_model_order == sorted(set(in_model_order)), "strength disagrees with the model"

    by_category: defaultdict[int, list[int]] = defaultdict(list)
    for strength in ranks_of_strength:
        by_category[EXPECTED_ORDER.index(category_of(strength))].append(strength)
    for low in range(len(EXPECTED_ORDER) - 1):
        assert max(by_category[low]) < min(by_category[low + 1])


@pytest.mark.parametrize(
    ("hand", "rank", "used"),
    [
        ("As Ks Qs", HandRank.STRAIGHT_FLUSH, "As Ks Qs"),
        ("2d Ad 3d", HandRank.STRAIGHT_FLUSH, "3d 2d Ad"),
        ("7c 7s 7d", HandRank.THREE_OF_A_KIND, "7s 7d 7c"),
        ("Ah 2d 3c", HandRank.STRAIGHT, "3c 2d Ah"),
        ("Qh Kd Ac", HandRank.STRAIGHT, "Ac Kd Qh"),
        ("Kh Ad 2c", HandRank.HIGH_CARD, "Ad Kh 2c"),
        ("2h 9h 5h", HandRank.FLUSH, "9h 5h 2h"),
        ("5h Kc Kd", HandRank.ONE_PAIR, "Kd Kc 5h"),
        ("Jh 2c 2d", HandRank.ONE_PAIR, "2d 2c Jh"),
        ("Qh 4c 9d", HandRank.HIGH_CARD, "Qh 9d 4c"),
    ],
)
def test_named_hands(hand: str, rank: HandRank, used: str) -> None:
    hand_value = evaluate_three(cards(hand))
    assert hand_value.rank is rank
    assert hand_value.cards == cards(used)


def test_ace_two_three_is_the_lowest_straight_and_king_ace_two_is_not_one() -> None:
    assert value("Ah 2d 3c") < value("2h 3d 4c") < value("Qh Kd Ac")
    assert value("Ah 2d 3c") > value("Kh Ad 2c")
    assert evaluate_three(cards("Kh Ad 2c")).rank is HandRank.HIGH_CARD
    assert value("Ad 2d 3d") < value("2s 3s 4s") < value("Qs Ks As")
    assert value("Ad 2d 3d") > value("As Ac Ah")


def test_straight_beats_flush_and_flush_beats_pair() -> None:
    assert value("2c 3d 4h") > value("Ah Kh Jh")
    assert value("2h 4h 6h") > value("Ac Ad Ks")
    assert value("As Ks Qs") > value("Ac Ad Ah") > value("Qh Kd Ac")


def test_kickers_decide_and_suits_never_do() -> None:
    assert value("Kc Kd 5h") > value("Ks Kh 4c")
    assert value("Kc Kd 2h") > value("Qs Qh Ac")
    assert value("Ac Jd 9h") > value("As Jh 8c")
    assert value("Ah Jh 9h") > value("As Js 8s")
    assert evaluate_three(cards("As Kd 9h")).ties(evaluate_three(cards("Ac Kh 9d")))
    assert evaluate_three(cards("Ah Kh 9h")).ties(evaluate_three(cards("Ac Kc 9c")))


def test_best_three_of_more_cards() -> None:
    best = best_three(cards("Ah Kh Jh 2c 3d 4s"))
    assert best.rank is HandRank.STRAIGHT
    assert best.cards == cards("4s 3d 2c")
    best = best_three(cards("9c 9d 9h 8s 7s 6s Ac"))
    assert best.rank is HandRank.STRAIGHT_FLUSH
    assert best.cards == cards("8s 7s 6s")
    best = best_three(cards("9c 9d 9h 8s 7d Ac"))
    assert best.rank is HandRank.THREE_OF_A_KIND
    assert best_three(cards("Qh Kd Ac")) == evaluate_three(cards("Qh Kd Ac"))


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="three cards, not 2"):
        evaluate_three(cards("As Ks"))
    with pytest.raises(ValueError, match="three cards, not 4"):
        evaluate_three(cards("As Ks Qs Js"))
    with pytest.raises(ValueError, match="three cards, not 4"):
        three_card_strength(cards("As Ks Qs Js"))
    with pytest.raises(ValueError, match="As appears twice"):
        evaluate_three([Card(51), Card(51), Card(47)])
    with pytest.raises(ValueError, match="without the joker"):
        evaluate_three([Card(51), Card(47), JOKER])
    with pytest.raises(ValueError, match="3 to 7 cards, not 8"):
        best_three(STANDARD_CARDS[:8])
    with pytest.raises(ValueError, match="appears twice"):
        best_three([Card(0), Card(1), Card(2), Card(0)])


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(STANDARD_CARDS), min_size=size, max_size=size, unique=True)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_order_of_cards_never_matters(data: st.DataObject) -> None:
    hand = data.draw(hands(3))
    shuffled = data.draw(st.permutations(hand))
    assert evaluate_three(hand) == evaluate_three(shuffled)
    assert three_card_strength(hand) == three_card_strength(shuffled)
    bigger = data.draw(hands(data.draw(st.integers(3, 7))))
    assert best_three(bigger) == best_three(data.draw(st.permutations(bigger)))


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 7).flatmap(hands))
def test_best_three_is_the_best_subset(hand: list[Card]) -> None:
    best = best_three(hand)
    subsets = [three_card_strength(combo) for combo in combinations(hand, 3)]
    assert best.strength == max(subsets)
    assert set(best.cards) <= set(hand)
    assert evaluate_three(best.cards) == best
