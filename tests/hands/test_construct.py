"""Cards built to order (hands/construct.py): every category of every ranking system, hand names,
the slot solver, and the preset deck.

Each built hand is checked with the system's own evaluator (best_five, best_four, best_three,
pai gow best_high), not with ``HandSpec.holds``, so a wrong spec test cannot hide a wrong hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Deck, Rank, Suit, parse_cards
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.construct import (
    HandSpec,
    Requirement,
    build_hand,
    parse_hand,
    solve,
)
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.four_card import FOUR_CARD_ORDER, best_four
from dealer_trainer.hands.pai_gow import best_high
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.hands.three_card import THREE_CARD_ORDER, best_three

FIVE, FOUR, THREE, PAI_GOW = (
    RankingSystem.FIVE_CARD,
    RankingSystem.FOUR_CARD,
    RankingSystem.THREE_CARD,
    RankingSystem.PAI_GOW,
)
SETTINGS = settings(max_examples=60, deadline=None)

CASES = [
    *((FIVE, category, count) for category in FIVE_CARD_ORDER for count in (5, 6, 7)),
    *((FOUR, category, count) for category in FOUR_CARD_ORDER for count in (4, 5, 6)),
    *((THREE, category, 3) for category in THREE_CARD_ORDER),
    *((PAI_GOW, category, 7) for category in (*FIVE_CARD_ORDER, HandRank.FIVE_ACES)),
]


def category(system: RankingSystem, cards: tuple[Card, ...]) -> HandRank:
    if system is FIVE:
        return best_five(cards).rank
    if system is FOUR:
        return best_four(cards).rank
    if system is THREE:
        return best_three(cards).rank
    return best_high(cards).rank


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**32))
def test_every_category_is_built_exactly(
    case: tuple[RankingSystem, HandRank, int], seed: int
) -> None:
    system, wanted, count = case
    deck = (*STANDARD_CARDS, JOKER) if system is PAI_GOW else STANDARD_CARDS
    cards = build_hand(HandSpec(system, wanted), count, deck, random.Random(seed))
    assert len(cards) == count == len(set(cards))
    assert set(cards) <= set(deck)
    assert category(system, cards) is wanted


@SETTINGS
@given(st.integers(0, 2**32))
def test_ranks_and_suits_are_met(seed: int) -> None:
    rng = random.Random(seed)
    royal = build_hand(parse_hand("Royal flush in spades", FIVE), 7, STANDARD_CARDS, rng)
    assert set(parse_cards("As Ks Qs Js Ts")) <= set(royal)
    aces = build_hand(parse_hand("Pair of aces", FIVE), 7, STANDARD_CARDS, rng)
    hand = best_five(aces)
    assert hand.rank is HandRank.ONE_PAIR and hand.cards[0].rank is Rank.ACE
    queen = build_hand(parse_hand("Queen high", FIVE), 7, STANDARD_CARDS, rng)
    hand = best_five(queen)
    assert hand.rank is HandRank.HIGH_CARD and hand.cards[0].rank is Rank.QUEEN
    flush = build_hand(parse_hand("Flush in hearts, ace high", FIVE), 6, STANDARD_CARDS, rng)
    hand = best_five(flush)
    assert hand.rank is HandRank.FLUSH and {c.suit for c in hand.cards} == {Suit.HEARTS}
    assert hand.cards[0].rank is Rank.ACE


def test_only_the_available_cards_are_used() -> None:
    spades = [c for c in STANDARD_CARDS if c.suit is Suit.SPADES]
    others = [c for c in STANDARD_CARDS if c.suit is not Suit.SPADES]
    flush = build_hand(HandSpec(FIVE, HandRank.FLUSH), 7, [*spades[:9], *others], random.Random(3))
    assert set(flush) <= {*spades[:9], *others}
    without_spade_ace = [c for c in STANDARD_CARDS if c != Card.of(Rank.ACE, Suit.SPADES)]
    with pytest.raises(ValueError, match="royal flush in spades"):
        build_hand(
            parse_hand("Royal flush in spades", FIVE), 5, without_spade_ace, random.Random(1)
        )


@pytest.mark.parametrize(
    ("text", "category", "rank", "suit"),
    [
        ("Full house", HandRank.FULL_HOUSE, None, None),
        ("Pair of aces", HandRank.ONE_PAIR, Rank.ACE, None),
        ("pair of 10s", HandRank.ONE_PAIR, Rank.TEN, None),
        ("Two pair, kings up", HandRank.TWO_PAIR, Rank.KING, None),
        ("Three sixes", HandRank.THREE_OF_A_KIND, Rank.SIX, None),
        ("Four aces", HandRank.FOUR_OF_A_KIND, Rank.ACE, None),
        ("Aces full", HandRank.FULL_HOUSE, Rank.ACE, None),
        ("Queen high", HandRank.HIGH_CARD, Rank.QUEEN, None),
        ("Straight, ten high", HandRank.STRAIGHT, Rank.TEN, None),
        ("Royal flush in spades", HandRank.ROYAL_FLUSH, None, Suit.SPADES),
        ("Flush in hearts, ace high", HandRank.FLUSH, Rank.ACE, Suit.HEARTS),
    ],
)
def test_hand_names_are_read(
    text: str, category: HandRank, rank: Rank | None, suit: Suit | None
) -> None:
    assert parse_hand(text, FIVE) == HandSpec(FIVE, category, rank, suit)


@pytest.mark.parametrize(
    ("text", "system", "message"),
    [
        ("Five aces", FIVE, "five-card poker has no five aces"),
        ("Full house", FOUR, "Four Card Poker's four-card ranking has no full house"),
        ("Pair of zebras", FIVE, "'zebras' in 'Pair of zebras' is not a rank"),
        ("Full house in hearts", FIVE, "only a flush has a suit"),
        ("Straight flush, ace high", FIVE, "five-card poker has no straight flush, ace high"),
        ("Six high", FIVE, "five-card poker has no six high"),
        ("Boat", FIVE, "'Boat' is not a hand: expected a category"),
    ],
)
def test_impossible_hand_names_are_refused(text: str, system: RankingSystem, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_hand(text, system)


def test_required_cards() -> None:
    assert parse_hand("Royal flush in hearts", FIVE).required_cards() == set(
        parse_cards("Ah Kh Qh Jh Th")
    )
    assert parse_hand("Four kings", FIVE).required_cards() == set(parse_cards("Kc Kd Kh Ks"))
    assert parse_hand("Five aces", PAI_GOW).required_cards() == {*parse_cards("Ac Ad Ah As"), JOKER}
    assert parse_hand("Full house", FIVE).required_cards() == frozenset()


@SETTINGS
@given(st.integers(0, 2**32))
def test_requirements_sharing_slots_are_met_together(seed: int) -> None:
    """A board (5 slots) and two seven-card hands on it, as at a hold 'em table."""
    board = tuple(("board", i) for i in range(5))
    seat = (("seat", 0), ("seat", 1), *board)
    dealer = (("dealer", 0), ("dealer", 1), *board)
    pair_of_tens = parse_hand("Pair of tens", FIVE)
    full_house = HandSpec(FIVE, HandRank.FULL_HOUSE)
    high_card = HandSpec(FIVE, HandRank.HIGH_CARD)
    requirements = [
        Requirement(board, pair_of_tens.holds, lambda r, f: pair_of_tens.core(r, f, 5), True),
        Requirement(seat, full_house.holds, lambda r, f: full_house.core(r, f, 7)),
        Requirement(dealer, lambda cards: not high_card.holds(cards), None),
    ]
    solution = solve(requirements, STANDARD_CARDS, random.Random(seed), attempts=200)
    assert solution.assignment is not None
    cards = solution.assignment
    assert len(set(cards.values())) == len(cards) == 9
    assert best_five([cards[s] for s in board]).rank is HandRank.ONE_PAIR
    assert best_five([cards[s] for s in seat]).rank is HandRank.FULL_HOUSE


def test_an_impossible_requirement_is_reported() -> None:
    slots = tuple(range(5))
    royal = HandSpec(FIVE, HandRank.ROYAL_FLUSH)
    flush = HandSpec(FIVE, HandRank.FLUSH)
    solution = solve(
        [Requirement(slots, royal.holds), Requirement(slots, flush.holds)],
        STANDARD_CARDS,
        random.Random(0),
        attempts=5,
    )
    assert solution.assignment is None
    assert sum(solution.failures.values()) == 5


def test_a_preset_deck_without_presets_is_the_seeded_deck() -> None:
    deck = PresetDeck(Deck(11), None)
    assert [deck.deal_to(i % 3) for i in range(20)] == list(Deck(11).deal(20))


def test_a_preset_deck_deals_presets_and_skips_them() -> None:
    preset = {2: parse_cards("As Ah")}
    deck = PresetDeck(Deck(5), preset)
    dealt = {position: [deck.deal_to(position) for _ in range(2)] for position in (1, 2, 3)}
    deck.check_used()
    assert dealt[2] == list(preset[2])
    others = dealt[1] + dealt[3]
    assert not set(others) & set(preset[2])
    assert others == [c for c in Deck(5).order if c not in preset[2]][:4]


def test_a_preset_deck_refuses_a_card_given_twice_or_left_undealt() -> None:
    with pytest.raises(ValueError, match="two positions"):
        PresetDeck(Deck(1), {1: parse_cards("As"), 2: parse_cards("As")})
    deck = PresetDeck(Deck(1), {4: parse_cards("As Kd")})
    deck.deal_to(4)
    with pytest.raises(ValueError, match="preset 2 cards but is dealt 1"):
        deck.check_used()
