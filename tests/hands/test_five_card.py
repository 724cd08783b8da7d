"""The five-card evaluator, proven exhaustively against the textbook counts."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hands_support import every_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import STANDARD_CARDS, Card, parse_cards
from dealer_trainer.hands import HandRank
from dealer_trainer.hands.five_card import (
    CARD_KEYS,
    FIVE_CARD_ORDER,
    best_five,
    best_five_by_subsets,
    build_tables,
    category_of,
    direct_strength,
    evaluate_five,
    seven_card_strength,
    strength,
)
from dealer_trainer.hands.five_card_batch import (
    enumerate_seven_card_categories,
    seven_card_strengths,
)

FIVE_CARD_COUNTS = {
    HandRank.ROYAL_FLUSH: 4,
    HandRank.STRAIGHT_FLUSH: 36,
    HandRank.FOUR_OF_A_KIND: 624,
    HandRank.FULL_HOUSE: 3_744,
    HandRank.FLUSH: 5_108,
    HandRank.STRAIGHT: 10_200,
    HandRank.THREE_OF_A_KIND: 54_912,
    HandRank.TWO_PAIR: 123_552,
    HandRank.ONE_PAIR: 1_098_240,
    HandRank.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
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


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.slow
def test_all_2598960_five_card_hands() -> None:
    """Category counts, category order, and ties only between identical rank sets: every
    hand ranked one by one, the bookkeeping done on all of them at once in NumPy."""
    values = np.fromiter(
        map(strength, combinations(STANDARD_CARDS, 5)), dtype=np.int64, count=2_598_960
    )
    hands = every_hand(52, 5)  # in the same order, so row i is the hand values[i] ranks
    ranks = hands >> 2  # ascending within each row, as the cards are
    signature = (hands & 3 == hands[:, :1] & 3).all(axis=1).astype(np.int64)
    for column in range(5):
        signature = signature << 4 | ranks[:, column]
    distinct = np.unique(values)
    ties = np.unique(values << 21 | signature)
    tied = ties[1:][np.diff(ties >> 21) == 0] >> 21
    assert not tied.size, f"unequal hands tie: {hands[values == tied[0]][:2].tolist()}"
    counts = np.bincount(values >> 20)
    assert {FIVE_CARD_ORDER[k]: int(n) for k, n in enumerate(counts)} == FIVE_CARD_COUNTS
    assert len(distinct) == 7_462  # the textbook number of distinct five-card hands
    assert (np.diff(distinct >> 20) >= 0).all()


@pytest.mark.slow
def test_all_133784560_seven_card_hands() -> None:
    assert enumerate_seven_card_categories() == SEVEN_CARD_COUNTS


@pytest.mark.parametrize(
    ("hand", "rank", "used"),
    [
        ("As Ks Qs Js Ts", HandRank.ROYAL_FLUSH, "As Ks Qs Js Ts"),
        ("5d 4d 3d 2d Ad", HandRank.STRAIGHT_FLUSH, "5d 4d 3d 2d Ad"),
        ("Ah 2d 3c 4s 5h", HandRank.STRAIGHT, "5h 4s 3c 2d Ah"),
        ("Qh Kd Ac 2s 3h", HandRank.HIGH_CARD, "Ac Kd Qh 3h 2s"),
        ("9h 9d 9c 4s 4h", HandRank.FULL_HOUSE, "9h 9d 9c 4s 4h"),
        ("7c 7d 7h 7s 2c", HandRank.FOUR_OF_A_KIND, "7s 7h 7d 7c 2c"),
        ("Kh Kd 8c 8s 3h", HandRank.TWO_PAIR, "Kh Kd 8s 8c 3h"),
    ],
)
def test_named_hands(hand: str, rank: HandRank, used: str) -> None:
    value = evaluate_five(cards(hand))
    assert value.rank is rank
    assert value.cards == cards(used)


def test_wheel_is_the_lowest_straight_and_there_is_no_wrap_around() -> None:
    wheel = evaluate_five(cards("Ah 2d 3c 4s 5h"))
    six_high = evaluate_five(cards("2h 3d 4c 5s 6h"))
    assert wheel.rank is six_high.rank is HandRank.STRAIGHT
    assert wheel < six_high
    assert evaluate_five(cards("Qh Kd Ac 2s 3h")).rank is HandRank.HIGH_CARD
    steel_wheel = evaluate_five(cards("Ad 2d 3d 4d 5d"))
    assert steel_wheel < evaluate_five(cards("2s 3s 4s 5s 6s"))
    assert steel_wheel.rank is HandRank.STRAIGHT_FLUSH


def test_kickers_decide_and_suits_never_do() -> None:
    assert evaluate_five(cards("Ah Ad Kc 9s 3h")) > evaluate_five(cards("As Ac Kd 9h 2c"))
    assert evaluate_five(cards("Ah Ad Kc 9s 3h")).ties(evaluate_five(cards("As Ac Kd 9h 3c")))
    assert evaluate_five(cards("Ks Kd 2c 2s Ah")) > evaluate_five(cards("Qs Qd Jc Js Ah"))


def test_best_of_seven_prefers_the_flush_over_the_straight() -> None:
    value = best_five(cards("9h 8h 7c 6h 5d 2h Kh"))
    assert value.rank is HandRank.FLUSH
    assert value.cards == cards("Kh 9h 8h 6h 2h")


def test_best_of_seven_full_house_from_two_trips() -> None:
    value = best_five(cards("9h 9d 9c 4s 4h 4d 2c"))
    assert value.rank is HandRank.FULL_HOUSE
    assert value.cards == cards("9h 9d 9c 4s 4h")


def test_best_of_six_and_bad_input() -> None:
    assert best_five(cards("Ts Js Qs Ks As 2c")).rank is HandRank.ROYAL_FLUSH
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        strength(cards("As Ks Qs Js"))
    with pytest.raises(ValueError, match="same card twice"):
        best_five([Card(0), Card(0), Card(1), Card(2), Card(3)])
    with pytest.raises(ValueError, match="without the joker"):
        best_five(cards("As Ks Qs Js Jk"))


hands7 = st.lists(st.sampled_from(STANDARD_CARDS), min_size=7, max_size=7, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands7, st.randoms(use_true_random=False))
def test_order_of_cards_never_matters(hand: list[Card], rng: object) -> None:
    shuffled = list(hand)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert seven_card_strength(hand) == seven_card_strength(shuffled)
    assert best_five(hand) == best_five(shuffled)


@settings(max_examples=400, deadline=None)
@given(hands7)
def test_best_of_seven_is_the_best_of_its_21_subsets(hand: list[Card]) -> None:
    value = best_five(hand)
    subsets = [strength(combo) for combo in combinations(hand, 5)]
    assert all(value.strength >= s for s in subsets)
    assert value.strength == max(subsets) == best_five_by_subsets(hand)
    assert strength(value.cards) == value.strength
    assert category_of(value.strength) is value.rank


@settings(max_examples=50, deadline=None)
@given(st.lists(hands7, min_size=1, max_size=50))
def test_batch_path_agrees_with_single_hand_path(hands: list[list[Card]]) -> None:
    batch = seven_card_strengths([[int(c) for c in hand] for hand in hands])
    assert list(batch) == [seven_card_strength(hand) for hand in hands]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=5, max_size=7, unique=True))
def test_ranking_from_the_cards_agrees_with_the_tables(hand: list[Card]) -> None:
    """Settling one round ranks its few hands without filling the tables: the two ways must
    give the same strength for five, six and seven cards."""
    build_tables()
    key = sum(CARD_KEYS[card] for card in hand)
    assert direct_strength(hand, key) == strength(hand)


@pytest.mark.parametrize(
    "hand",
    [
        "As Ks Qs Js Ts 2d 3c",  # royal flush beside nothing
        "9h 8h 7h 6h 5h Ah Kd",  # straight flush in a seven-card flush
        "Ah Kh 9h 5h 2h Ad Ac",  # flush beside trips
        "Ad 2c 3h 4s 5d Kc Kh",  # the wheel beside a pair
        "7c 7d 7h 2s 2d 2h 9c",  # two trips: a full house
        "Qs Qd Qh Qc 3d 3h 3s",  # four of a kind beside trips
        "Ac Kd 9h 7s 5c 4d 2h",  # nothing
    ],
)
def test_ranking_from_the_cards_names_every_kind_of_hand_as_the_tables_do(hand: str) -> None:
    cards = parse_cards(hand)
    build_tables()
    assert direct_strength(cards, sum(CARD_KEYS[card] for card in cards)) == strength(cards)
