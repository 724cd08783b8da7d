"""Properties of the pai gow evaluators that hold for every hand, checked with hypothesis."""

from __future__ import annotations

from itertools import combinations
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Rank
from dealer_trainer.hands import HandRank, five_card
from dealer_trainer.hands.pai_gow import (
    FiveAcesRank,
    PaiGowRules,
    WheelRank,
    best_high,
    check_split,
    evaluate_high,
    evaluate_low,
    high_strength,
)
from dealer_trainer.hands.pai_gow_seven import (
    SevenCardClass,
    classify_seven,
    colour_counts,
    is_queens_dragon,
    protection_high_card,
)

ALL_CARDS = (*STANDARD_CARDS, JOKER)
STRAIGHTS_AND_FLUSHES = {
    HandRank.STRAIGHT,
    HandRank.FLUSH,
    HandRank.STRAIGHT_FLUSH,
    HandRank.ROYAL_FLUSH,
}


@pytest.fixture(autouse=True, scope="module")
def _warm_tables() -> None:
    """Build the lazily filled look-up tables first so no example pays for them."""
    for wheel in WheelRank:
        high_strength((*STANDARD_CARDS[:4], JOKER, STANDARD_CARDS[20]), PaiGowRules(wheel=wheel))


rules_strategy = st.builds(
    PaiGowRules, wheel=st.sampled_from(WheelRank), five_aces=st.sampled_from(FiveAcesRank)
)


def hands(size: int, deck: tuple[Card, ...] = ALL_CARDS) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True)


def with_joker(size: int) -> st.SearchStrategy[list[Card]]:
    return hands(size - 1, STANDARD_CARDS).map(lambda cards: [*cards, JOKER])


@given(hands(5), st.randoms(use_true_random=False), rules_strategy)
def test_card_order_never_matters_for_five_cards(
    cards: list[Card], shuffler: Random, rules: PaiGowRules
) -> None:
    shuffled = list(cards)
    shuffler.shuffle(shuffled)
    assert evaluate_high(shuffled, rules) == evaluate_high(cards, rules)


@given(st.one_of(hands(7), with_joker(7)), st.randoms(use_true_random=False), rules_strategy)
def test_card_order_never_matters_for_seven_cards(
    cards: list[Card], shuffler: Random, rules: PaiGowRules
) -> None:
    shuffled = list(cards)
    shuffler.shuffle(shuffled)
    assert best_high(shuffled, rules) == best_high(cards, rules)
    assert classify_seven(shuffled, rules) is classify_seven(cards, rules)
    assert evaluate_low(shuffled[:2]) == evaluate_low(shuffled[1::-1])


@settings(max_examples=300)
@given(with_joker(5), rules_strategy)
def test_the_joker_is_never_worse_than_a_legal_substitute(
    cards: list[Card], rules: PaiGowRules
) -> None:
    naturals = cards[:4]
    value = high_strength(cards, rules)
    for card in STANDARD_CARDS:
        if card in naturals:
            continue
        substituted = evaluate_high([*naturals, card], rules)
        if card.rank is Rank.ACE or substituted.rank in STRAIGHTS_AND_FLUSHES:
            assert value >= substituted.strength, card


@settings(max_examples=300)
@given(with_joker(5), rules_strategy)
def test_the_joker_is_never_better_than_a_free_wild_card(
    cards: list[Card], rules: PaiGowRules
) -> None:
    """Except with four aces, where only the joker can be the fifth ace."""
    naturals = cards[:4]
    free = max(
        high_strength([*naturals, card], rules) for card in STANDARD_CARDS if card not in naturals
    )
    aces = sum(card.rank is Rank.ACE for card in naturals)
    assert high_strength(cards, rules) <= free or aces == 4


@settings(max_examples=300)
@given(with_joker(5), rules_strategy)
def test_a_joker_that_completes_no_straight_or_flush_is_an_ace(
    cards: list[Card], rules: PaiGowRules
) -> None:
    """So it never pairs anything but aces: K-K-Jk is a pair of kings with an ace kicker."""
    naturals = cards[:4]
    value = evaluate_high(cards, rules)
    if value.rank in STRAIGHTS_AND_FLUSHES or value.rank is HandRank.FIVE_ACES:
        return
    as_ace = max(
        high_strength([*naturals, ace], rules) for ace in STANDARD_CARDS[48:] if ace not in naturals
    )
    assert value.strength == as_ace


@given(st.one_of(hands(5), hands(6), hands(7), with_joker(6), with_joker(7)), rules_strategy)
def test_the_cards_shown_make_the_hand(cards: list[Card], rules: PaiGowRules) -> None:
    value = best_high(cards, rules)
    assert len(value.cards) == 5 and set(value.cards) <= set(cards)
    assert evaluate_high(value.cards, rules).strength == value.strength


@settings(max_examples=60)
@given(st.one_of(hands(6), hands(7), with_joker(6), with_joker(7)), rules_strategy)
def test_best_high_is_the_best_five_card_subset(cards: list[Card], rules: PaiGowRules) -> None:
    best = max(evaluate_high(combo, rules).strength for combo in combinations(cards, 5))
    assert best_high(cards, rules).strength == best == high_strength(cards, rules)


def _is_wheel(cards: list[Card]) -> bool:
    return sorted(card.rank_index for card in cards) == [0, 1, 2, 3, 12]


@given(hands(5, STANDARD_CARDS), hands(5, STANDARD_CARDS))
def test_natural_hands_rank_as_in_standard_poker_apart_from_the_wheel(
    first: list[Card], second: list[Card]
) -> None:
    a, b = evaluate_high(first), evaluate_high(second)
    assert a.rank is five_card.evaluate_five(first).rank
    if not (_is_wheel(first) or _is_wheel(second)):
        standard = five_card.strength(first) - five_card.strength(second)
        assert (a.strength > b.strength) == (standard > 0)
        assert (a.strength == b.strength) == (standard == 0)


@given(hands(2, STANDARD_CARDS), hands(2, STANDARD_CARDS))
def test_low_hands_rank_pair_first_then_high_card(first: list[Card], second: list[Card]) -> None:
    def key(cards: list[Card]) -> tuple[bool, list[int]]:
        ranks = sorted((card.rank_index for card in cards), reverse=True)
        return ranks[0] == ranks[1], ranks

    a, b = evaluate_low(first), evaluate_low(second)
    assert (a.strength > b.strength) == (key(first) > key(second))


@given(hands(1, STANDARD_CARDS), st.sampled_from(range(4)))
def test_the_low_joker_is_an_ace(cards: list[Card], suit: int) -> None:
    ace = Card(48 + suit)
    if ace not in cards:
        assert evaluate_low([*cards, JOKER]).strength == evaluate_low([*cards, ace]).strength


@settings(max_examples=300)
@given(st.one_of(hands(7), with_joker(7)), rules_strategy)
def test_the_best_five_with_the_other_two_low_is_always_a_legal_split(
    cards: list[Card], rules: PaiGowRules
) -> None:
    best = best_high(cards, rules)
    rest = [card for card in cards if card not in best.cards]
    result = check_split(best.cards, rest, rules, dealt=cards)
    assert result.legal, result.reason


@given(st.one_of(hands(7), with_joker(7)), rules_strategy)
def test_a_split_is_legal_exactly_when_the_high_hand_is_higher(
    cards: list[Card], rules: PaiGowRules
) -> None:
    result = check_split(cards[:5], cards[5:], rules)
    assert result.high is not None and result.low is not None
    assert result.legal == (result.high.strength > result.low.strength)
    assert ("outranks the two-card hand" in result.reason) == result.legal


_CLASS_OF_RANK = {
    HandRank.FIVE_ACES: SevenCardClass.FIVE_ACES,
    HandRank.ROYAL_FLUSH: SevenCardClass.ROYAL_FLUSH,
    HandRank.STRAIGHT_FLUSH: SevenCardClass.STRAIGHT_FLUSH,
    HandRank.FOUR_OF_A_KIND: SevenCardClass.FOUR_OF_A_KIND,
    HandRank.FULL_HOUSE: SevenCardClass.FULL_HOUSE,
    HandRank.FLUSH: SevenCardClass.FLUSH,
    HandRank.THREE_OF_A_KIND: SevenCardClass.THREE_OF_A_KIND,
    HandRank.STRAIGHT: SevenCardClass.STRAIGHT,
    HandRank.TWO_PAIR: SevenCardClass.TWO_PAIR,
    HandRank.ONE_PAIR: SevenCardClass.ONE_PAIR,
    HandRank.HIGH_CARD: SevenCardClass.HIGH_CARD,
}


@settings(max_examples=300)
@given(st.one_of(hands(7), with_joker(7)), rules_strategy)
def test_the_seven_card_class_is_never_below_the_best_five(
    cards: list[Card], rules: PaiGowRules
) -> None:
    special = classify_seven(cards, rules)
    ordinary = _CLASS_OF_RANK[best_high(cards, rules).rank]
    assert special is ordinary or special.outranks(ordinary)


@given(st.one_of(hands(7), with_joker(7)))
def test_protection_and_queens_dragon_agree(cards: list[Card]) -> None:
    high_card = protection_high_card(cards)
    if high_card is not None:
        assert best_high(cards).rank is HandRank.HIGH_CARD
    if is_queens_dragon(cards):
        assert high_card is Rank.QUEEN
    if JOKER not in cards and high_card is Rank.QUEEN:
        assert is_queens_dragon(cards)
    if JOKER in cards:
        assert high_card in (None, Rank.ACE)


@given(st.one_of(hands(7), with_joker(7)))
def test_colour_counts_add_up(cards: list[Card]) -> None:
    counts = colour_counts(cards)
    assert counts.red + counts.black == 7 - (JOKER in cards)
