"""Every four-card hand plus the joker, against a brute force over the joker's substitutions.

The oracle is a separate vectorised five-card evaluator: for each of the 270,725 four-card
hands it tries the joker as each of the 52 cards and keeps the best result the joker rule
allows: any ace (an ace already held counts as a rank without a suit, so four aces and the
joker are five aces), or any other card not already held when the result is a straight, flush,
straight flush or royal flush. It packs its answer in the documented strength layout, so the
two evaluators must agree on every hand exactly, not just on its category.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hands_support import every_hand

from dealer_trainer.cards import JOKER, Card
from dealer_trainer.hands.pai_gow import FiveAcesRank, PaiGowRules, WheelRank, high_strength

IntArray = npt.NDArray[np.int64]
NO_SUIT = 4
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def oracle_strengths(ranks: IntArray, suits: IntArray, rules: PaiGowRules) -> IntArray:
    """Pai gow strengths of many five-card hands (rows), written from the rules up."""
    rows = np.arange(len(ranks))
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    for column in range(5):
        counts[rows, ranks[:, column]] += 1
    per_card = counts[rows[:, None], ranks]
    order = np.argsort(-(per_card * 16 + ranks), axis=1, kind="stable")
    grouped = np.take_along_axis(ranks, order, axis=1)
    top_count = per_card.max(axis=1)
    distinct = (counts > 0).sum(axis=1)
    descending = -np.sort(-ranks, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1) & (suits[:, 0] != NO_SUIT)
    wheel = (distinct == 5) & (descending == np.array([12, 3, 2, 1, 0])).all(axis=1)
    straight = ((distinct == 5) & (descending[:, 0] - descending[:, 4] == 4)) | wheel
    royal = straight & flush & (descending[:, 1] == 11)
    category = np.select(
        [
            top_count == 5,
            royal,
            straight & flush,
            top_count == 4,
            (top_count == 3) & (distinct == 2),
            flush,
            straight,
            top_count == 3,
            distinct == 3,
            distinct == 4,
        ],
        [10, 9, STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, ONE_PAIR],
        HIGH_CARD,
    )
    if rules.five_aces is FiveAcesRank.BELOW_ROYAL_FLUSH:
        category = np.where(category >= 9, 19 - category, category)
    leads = np.concatenate(
        [np.ones((len(ranks), 1), dtype=bool), grouped[:, 1:] != grouped[:, :-1]], axis=1
    )
    once = np.take_along_axis(
        np.where(leads, grouped, 0), np.argsort(~leads, axis=1, kind="stable"), axis=1
    )
    shown = np.where(straight[:, None], descending, once)
    if rules.wheel is WheelRank.LOWEST:
        shown = np.where(wheel[:, None], np.array([3, 2, 1, 0, 12]), shown)
    packed = category
    for column in range(5):
        packed = packed * 16 + shown[:, column]
    return packed


def straight_or_flush_strengths(ranks: IntArray, suits: IntArray, rules: PaiGowRules) -> IntArray:
    """The same strengths for rows that are a straight or flush of some kind, -1 for the rest.

    A joker that is not an ace may only complete these hands, and they need no grouping of
    pairs, so the 48 non-ace substitutions are checked with this cheaper evaluation.
    """
    descending = -np.sort(-ranks, axis=1)
    distinct = (descending[:, :-1] != descending[:, 1:]).all(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1) & (suits[:, 0] != NO_SUIT)
    wheel = distinct & (descending == np.array([12, 3, 2, 1, 0])).all(axis=1)
    straight = (distinct & (descending[:, 0] - descending[:, 4] == 4)) | wheel
    royal = straight & flush & (descending[:, 1] == 11)
    royal_code = 10 if rules.five_aces is FiveAcesRank.BELOW_ROYAL_FLUSH else 9
    category = np.select(
        [royal, straight & flush, flush, straight],
        [royal_code, STRAIGHT_FLUSH, FLUSH, STRAIGHT],
        -1,
    )
    if rules.wheel is WheelRank.LOWEST:
        descending = np.where(wheel[:, None], np.array([3, 2, 1, 0, 12]), descending)
    packed = category
    for column in range(5):
        packed = packed * 16 + descending[:, column]
    return np.where(category >= 0, packed, -1)


def joker_oracle(hands: IntArray, rules: PaiGowRules) -> IntArray:
    best = np.full(len(hands), -1, dtype=np.int64)
    for card in range(52):
        held = (hands == card).any(axis=1)
        ranks = np.concatenate([hands >> 2, np.full((len(hands), 1), card >> 2)], axis=1)
        joker_suit = np.where(held, NO_SUIT, card & 3)
        suits = np.concatenate([hands & 3, joker_suit[:, None]], axis=1)
        if card >> 2 == 12:
            strengths = oracle_strengths(ranks, suits, rules)
        else:
            strengths = np.where(held, -1, straight_or_flush_strengths(ranks, suits, rules))
        best = np.maximum(best, strengths)
    return best


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        PaiGowRules(),
        PaiGowRules(wheel=WheelRank.LOWEST, five_aces=FiveAcesRank.BELOW_ROYAL_FLUSH),
    ],
    ids=["defaults", "wheel-lowest-royal-on-top"],
)
def test_every_four_cards_and_the_joker_match_the_substitution_brute_force(
    rules: PaiGowRules,
) -> None:
    hands = every_hand(52, 4).astype(np.int64)
    assert len(hands) == 270_725
    expected = joker_oracle(hands, rules)
    cards = [Card(i) for i in range(52)]
    actual = np.fromiter(
        (
            high_strength((cards[a], cards[b], cards[c], cards[d], JOKER), rules)
            for a, b, c, d in hands.tolist()
        ),
        dtype=np.int64,
        count=len(hands),
    )
    mismatched = np.flatnonzero(actual != expected)
    examples = [
        (" ".join(cards[i].notation for i in hands[row]), hex(actual[row]), hex(expected[row]))
        for row in mismatched[:5]
    ]
    assert not examples, f"{len(mismatched)} hands differ, e.g. {examples}"


@pytest.mark.slow
@pytest.mark.parametrize("rules", [PaiGowRules(), PaiGowRules(wheel=WheelRank.LOWEST)])
def test_the_oracle_agrees_with_the_evaluator_without_the_joker(rules: PaiGowRules) -> None:
    """The oracles themselves are checked on a seventh of all natural five-card hands."""
    hands = every_hand(52, 5)[::7].astype(np.int64)
    expected = oracle_strengths(hands >> 2, hands & 3, rules)
    cheap = straight_or_flush_strengths(hands >> 2, hands & 3, rules)
    assert ((cheap == expected) | (cheap == -1)).all()
    assert ((cheap >= 0) == np.isin(expected >> 20, (STRAIGHT, FLUSH, STRAIGHT_FLUSH, 9))).all()
    cards = [Card(i) for i in range(52)]
    actual = np.fromiter(
        (high_strength([cards[i] for i in row], rules) for row in hands.tolist()),
        dtype=np.int64,
        count=len(hands),
    )
    assert (actual == expected).all()
