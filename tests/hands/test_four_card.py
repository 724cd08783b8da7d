"""The Four Card Poker evaluator, proven over all 270,725 hands against an independent model."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from dealer_trainer.hands import HandRank
from dealer_trainer.hands.four_card import (
    FOUR_CARD_ORDER,
    best_four,
    best_four_by_subsets,
    best_four_strength,
    category_of,
    evaluate_four,
    four_card_strength,
)

# Written out again rather than imported so a wrong FOUR_CARD_ORDER cannot agree with itself.
EXPECTED_ORDER = [
    HandRank.HIGH_CARD,
    HandRank.ONE_PAIR,
    HandRank.TWO_PAIR,
    HandRank.STRAIGHT,
    HandRank.FLUSH,
    HandRank.THREE_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH,
    HandRank.FOUR_OF_A_KIND,
]

# The textbook counts, as the brief quoted them; the combinatorics below re-derive each one, so
# the literal numbers are checked rather than trusted.
PUBLISHED_COUNTS = {
    HandRank.FOUR_OF_A_KIND: 13,
    HandRank.STRAIGHT_FLUSH: 44,
    HandRank.THREE_OF_A_KIND: 2_496,
    HandRank.FLUSH: 2_816,
    HandRank.STRAIGHT: 2_772,
    HandRank.TWO_PAIR: 2_808,
    HandRank.ONE_PAIR: 82_368,
    HandRank.HIGH_CARD: 177_408,
}

# Rank index sets of the eleven straights (A-2-3-4 up to A-K-Q-J), mapped to their top rank.
STRAIGHTS = {frozenset(range(top - 3, top + 1)): top for top in range(3, 13)} | {
    frozenset({12, 0, 1, 2}): 2
}

Key = tuple[int, tuple[int, ...]]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def value(text: str) -> int:
    return evaluate_four(cards(text)).strength


def combinatorial_counts() -> dict[HandRank, int]:
    straights = len(STRAIGHTS)
    suit_patterns_not_flush = 4**4 - 4
    rank_sets_not_straight = comb(13, 4) - straights
    return {
        HandRank.FOUR_OF_A_KIND: 13,
        HandRank.STRAIGHT_FLUSH: straights * 4,
        HandRank.THREE_OF_A_KIND: 13 * comb(4, 3) * 12 * 4,
        HandRank.FLUSH: 4 * rank_sets_not_straight,
        HandRank.STRAIGHT: straights * suit_patterns_not_flush,
        HandRank.TWO_PAIR: comb(13, 2) * comb(4, 2) ** 2,
        HandRank.ONE_PAIR: 13 * comb(4, 2) * comb(12, 2) * 4**2,
        HandRank.HIGH_CARD: rank_sets_not_straight * suit_patterns_not_flush,
    }


def reference(ranks: tuple[int, ...], flush: bool) -> Key:
    """A deliberately naive model: (position in EXPECTED_ORDER, tie-break ranks)."""
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in by_count]
    straight = STRAIGHTS.get(frozenset(ranks)) if shape == [1, 1, 1, 1] else None
    if straight is not None:
        rank = HandRank.STRAIGHT_FLUSH if flush else HandRank.STRAIGHT
        return EXPECTED_ORDER.index(rank), (straight,)
    shapes = {
        (4,): HandRank.FOUR_OF_A_KIND,
        (3, 1): HandRank.THREE_OF_A_KIND,
        (2, 2): HandRank.TWO_PAIR,
        (2, 1, 1): HandRank.ONE_PAIR,
    }
    rank = shapes.get(tuple(shape), HandRank.FLUSH if flush else HandRank.HIGH_CARD)
    return EXPECTED_ORDER.index(rank), tuple(r for r, _ in by_count)


def test_order_constant() -> None:
    assert list(FOUR_CARD_ORDER) == EXPECTED_ORDER


def test_published_counts_are_the_combinatorial_counts() -> None:
    assert combinatorial_counts() == PUBLISHED_COUNTS
    assert sum(PUBLISHED_COUNTS.values()) == comb(52, 4) == 270_725


@pytest.mark.slow
def test_all_270725_hands() -> None:
    """Counts, agreement with the model, category order, and ties only for equal ranks."""
    counts: Counter[HandRank] = Counter()
    model: dict[tuple[tuple[int, ...], bool], Key] = {}
    strengths_of_key: defaultdict[Key, set[int]] = defaultdict(set)
    ranks_of_strength: defaultdict[int, set[tuple[int, ...]]] = defaultdict(set)
    for hand in combinations(STANDARD_CARDS, 4):
        hand_value = evaluate_four(hand)
        strength = four_card_strength(hand)
        ranks = tuple(sorted(c >> 2 for c in hand))
        flush = len({c & 3 for c in hand}) == 1
        key = model.get((ranks, flush))
        if key is None:
            key = model[ranks, flush] = reference(ranks, flush)
        assert hand_value.strength == strength == best_four_strength(hand)
        assert hand_value.rank is EXPECTED_ORDER[key[0]] is category_of(strength), hand
        assert sorted(hand_value.cards) == list(hand)
        counts[hand_value.rank] += 1
        strengths_of_key[key].add(strength)
        ranks_of_strength[strength].add(ranks)
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


def max_over_subsets(hand: tuple[Card, ...] | list[Card]) -> int:
    return max(four_card_strength(combo) for combo in combinations(hand, 4))


@pytest.mark.slow
def test_best_four_of_every_rank_multiset_and_every_one_suit_hand() -> None:
    """The 5-7 card tables, entry by entry, against the exhaustively proven four-card path.

    Spreading each multiset round-robin over the suits keeps every suit below four cards, so
    this covers every non-flush table entry; the one-suit hands cover every flush mask.
    """
    checked = 0
    for size in (5, 6, 7):
        for ranks in combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) > 4:
                continue
            hand = [Card(r * 4 + i % 4) for i, r in enumerate(ranks)]
            assert best_four_strength(hand) == max_over_subsets(hand), hand
            checked += 1
        for rank_set in combinations(range(13), size):
            hand = [Card(r * 4 + 3) for r in rank_set]
            assert best_four_strength(hand) == max_over_subsets(hand), hand
    assert checked == 6_175 + 18_395 + 49_205


@pytest.mark.parametrize(
    ("hand", "rank", "used"),
    [
        ("2c 2d 2h 2s", HandRank.FOUR_OF_A_KIND, "2s 2h 2d 2c"),
        ("Js Qs As Ks", HandRank.STRAIGHT_FLUSH, "As Ks Qs Js"),
        ("4d Ad 2d 3d", HandRank.STRAIGHT_FLUSH, "4d 3d 2d Ad"),
        ("Ah 7s Ad Ac", HandRank.THREE_OF_A_KIND, "Ah Ad Ac 7s"),
        ("2h 9h 5h Jh", HandRank.FLUSH, "Jh 9h 5h 2h"),
        ("Ah 2d 3c 4s", HandRank.STRAIGHT, "4s 3c 2d Ah"),
        ("Kh Jd Ac Qs", HandRank.STRAIGHT, "Ac Kh Qs Jd"),
        ("Kh Ad 2c 3s", HandRank.HIGH_CARD, "Ad Kh 3s 2c"),
        ("8c Kh 8s Kd", HandRank.TWO_PAIR, "Kh Kd 8s 8c"),
        ("5h Qc Qd 9s", HandRank.ONE_PAIR, "Qd Qc 9s 5h"),
    ],
)
def test_named_hands(hand: str, rank: HandRank, used: str) -> None:
    hand_value = evaluate_four(cards(hand))
    assert hand_value.rank is rank
    assert hand_value.cards == cards(used)


def test_category_order_at_the_boundaries() -> None:
    assert value("2c 2d 2h 2s") > value("As Ks Qs Js")
    assert value("Ad 2d 3d 4d") > value("Ac Ad Ah Ks")
    assert value("2c 2d 2h 3s") > value("Ah Kh Qh 9h")
    assert value("2h 3h 4h 6h") > value("Ac Kd Qh Js")
    assert value("Ah 2d 3c 4s") > value("Ac Ad Kh Ks")
    assert value("2c 2d 3h 3s") > value("Ac Ad Kh Qs")
    assert value("2c 2d 3h 4s") > value("Ac Kd Qh 9s")


def test_ace_two_three_four_is_the_lowest_straight_and_there_is_no_wrap_around() -> None:
    assert value("Ah 2d 3c 4s") < value("2h 3d 4c 5s") < value("Jh Qd Kc As")
    assert evaluate_four(cards("Kh Ad 2c 3s")).rank is HandRank.HIGH_CARD
    assert evaluate_four(cards("Qh Kd Ac 2s")).rank is HandRank.HIGH_CARD
    assert value("Ad 2d 3d 4d") < value("2s 3s 4s 5s") < value("Js Qs Ks As")


def test_kickers_decide_and_suits_never_do() -> None:
    assert value("Ac Ad Kh 3c") > value("Ah As Qd Jc")
    assert value("Ac Ad Kh 3c") > value("Ah As Kd 2c")
    assert value("Kc Kd 2h 2s") > value("Qc Qd Jh Js")
    assert value("Kc Kd 3h 3s") > value("Kh Ks 2c 2d")
    assert value("Ac Kd Qh 9s") > value("Ah Kc Qd 8s")
    assert value("Ah Kh 9h 2h") > value("As Ks 8s 7s")
    assert value("8c 8d 8h Ks") > value("8c 8d 8s Qh")
    assert evaluate_four(cards("Ac Kd Qh 9s")).ties(evaluate_four(cards("Ah Kc Qd 9h")))
    assert evaluate_four(cards("Ac Ad 7h 3c")).ties(evaluate_four(cards("Ah As 7d 3s")))
    assert evaluate_four(cards("Ah Kh 9h 2h")).ties(evaluate_four(cards("Ac Kc 9c 2c")))


@pytest.mark.parametrize(
    ("hand", "rank", "used"),
    [
        ("Qc Qd Ah Qh Kh Qs", HandRank.FOUR_OF_A_KIND, "Qs Qh Qd Qc"),
        ("9c 9d 9h 9s Ts Js Qs", HandRank.FOUR_OF_A_KIND, "9s 9h 9d 9c"),
        ("9h 8h 6h 5h 7c", HandRank.FLUSH, "9h 8h 6h 5h"),
        ("As Ks Qs 9s Ah Ad", HandRank.THREE_OF_A_KIND, "As Ah Ad Ks"),
        ("5h 6h 7h 8h 8c 8d Ah", HandRank.STRAIGHT_FLUSH, "8h 7h 6h 5h"),
        ("Kc Kd 7h 7s 2c 2d", HandRank.TWO_PAIR, "Kd Kc 7s 7h"),
        ("8c 8d 8h 2s Kd", HandRank.THREE_OF_A_KIND, "8h 8d 8c Kd"),
        ("Ah 3d 4c 2s Kd 9c", HandRank.STRAIGHT, "4c 3d 2s Ah"),
        ("Ac Ad Kh 3c 3s Qd", HandRank.TWO_PAIR, "Ad Ac 3s 3c"),
        ("Ac 7d Kh 5c Jd 2s", HandRank.HIGH_CARD, "Ac Kh Jd 7d"),
    ],
)
def test_best_four_of_the_players_five_and_the_dealers_six(
    hand: str, rank: HandRank, used: str
) -> None:
    best = best_four(cards(hand))
    assert best.rank is rank
    assert best.cards == cards(used)


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="four cards, not 3"):
        evaluate_four(cards("As Ks Qs"))
    with pytest.raises(ValueError, match="four cards, not 5"):
        evaluate_four(cards("As Ks Qs Js Ts"))
    with pytest.raises(ValueError, match="four cards, not 5"):
        four_card_strength(cards("As Ks Qs Js Ts"))
    with pytest.raises(ValueError, match="4 to 7 cards, not 3"):
        best_four(cards("As Ks Qs"))
    with pytest.raises(ValueError, match="4 to 7 cards, not 8"):
        best_four(STANDARD_CARDS[:8])
    with pytest.raises(ValueError, match="4 to 7 cards, not 8"):
        best_four_strength(STANDARD_CARDS[:8])
    with pytest.raises(ValueError, match="Ks appears twice"):
        best_four([Card(47), Card(46), Card(47), Card(45), Card(0)])
    with pytest.raises(ValueError, match="without the joker"):
        evaluate_four([Card(51), Card(47), Card(43), JOKER])


# Random deals rarely hold a flush beside trips or a wheel; denser decks make them common.
POOLS: list[tuple[Card, ...]] = [
    STANDARD_CARDS,
    tuple(c for c in STANDARD_CARDS if c.suit_index in (0, 3)),
    tuple(c for c in STANDARD_CARDS if c.rank_index >= 8),
    tuple(c for c in STANDARD_CARDS if c.rank_index <= 3 or c.rank_index == 12),
]


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    def deal(pool: tuple[Card, ...]) -> st.SearchStrategy[list[Card]]:
        return st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)

    return st.sampled_from(POOLS).flatmap(deal)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_order_of_cards_never_matters(data: st.DataObject) -> None:
    hand = data.draw(st.integers(4, 7).flatmap(hands))
    shuffled = data.draw(st.permutations(hand))
    assert best_four(hand) == best_four(shuffled)
    assert best_four_strength(hand) == best_four_strength(shuffled)
    four = hand[:4]
    assert evaluate_four(four) == evaluate_four(data.draw(st.permutations(four)))


@settings(max_examples=600, deadline=None)
@given(st.integers(4, 7).flatmap(hands))
def test_best_four_is_the_best_of_its_subsets(hand: list[Card]) -> None:
    best = best_four(hand)
    subsets = [four_card_strength(combo) for combo in combinations(hand, 4)]
    assert all(best.strength >= s for s in subsets)
    assert best.strength == max(subsets) == best_four_by_subsets(hand)
    assert len(set(best.cards)) == 4 and set(best.cards) <= set(hand)
    assert evaluate_four(best.cards) == best
    assert category_of(best.strength) is best.rank
