"""The pai gow house way as data (dealer_trainer/games/pai_gow/house_way.py, docs/house-way.md).

Golden cases are written by hand from the house-way text (standard.toml and the second casino's
file), not from running the code. The random samples come from seeded 53-card decks, plus a
seeded sample stratified by hand pattern, because several patterns turn up less than once in
100,000 deals (four of a kind with three of a kind: about 1 in 170,000; five aces beside a pair:
1 in 2 million; beside kings, which the standard house way sets apart: 1 in 26 million).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, Card, Deck, full_deck, parse_cards
from dealer_trainer.games.pai_gow.house_way import (
    STRAIGHT_LIKE,
    STRAIGHT_PATTERNS,
    HandPattern,
    HouseWay,
    HouseWayAction,
    HouseWayError,
    HouseWaySplit,
    JokerUse,
    LowFloor,
    RankRange,
    example_second_casino_house_way,
    load_house_way,
    set_hand,
    shipped_house_way,
    shipped_house_way_names,
    standard_house_way,
)
from dealer_trainer.hands.pai_gow import base_category, check_split, high_strength
from dealer_trainer.hands.split import Split
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.rules.provenance import Provenance

ACE = 12
DATA = Path(__file__).resolve().parents[3] / "dealer_trainer/games/pai_gow/data/house_ways"
UNIFORM_HANDS = 70_000
STRATIFIED_PER_PATTERN = 1_500


# --- samples ----------------------------------------------------------------------------------


def uniform_hands(count: int, first_seed: int = 20_261_130) -> list[tuple[Card, ...]]:
    """Seven-card hands dealt seven at a time from seeded 53-card decks."""
    hands: list[tuple[Card, ...]] = []
    seed = first_seed
    while len(hands) < count:
        deck = Deck(seed, with_joker=True)
        seed += 1
        hands.extend(deck.deal(7) for _ in range(7))
    return hands[:count]


GROUP_SIZES: dict[HandPattern, tuple[int, ...]] = {
    HandPattern.NO_PAIR: (1, 1, 1, 1, 1, 1, 1),
    HandPattern.ONE_PAIR: (2, 1, 1, 1, 1, 1),
    HandPattern.TWO_PAIR: (2, 2, 1, 1, 1),
    HandPattern.THREE_PAIR: (2, 2, 2, 1),
    HandPattern.THREE_OF_A_KIND: (3, 1, 1, 1, 1),
    HandPattern.TWO_THREE_OF_A_KINDS: (3, 3, 1),
    HandPattern.FULL_HOUSE: (3, 2, 1, 1),
    HandPattern.FULL_HOUSE_WITH_PAIR: (3, 2, 2),
    HandPattern.FOUR_OF_A_KIND: (4, 1, 1, 1),
    HandPattern.FOUR_OF_A_KIND_WITH_PAIR: (4, 2, 1),
    HandPattern.FOUR_OF_A_KIND_WITH_THREE: (4, 3),
    HandPattern.FIVE_ACES: (5, 1, 1),
    HandPattern.FIVE_ACES_WITH_PAIR: (5, 2),
}


def pattern_hand(rng: random.Random, pattern: HandPattern) -> tuple[Card, ...]:
    """A random hand of ``pattern``: distinct ranks per group; the joker often stands for an
    ace (always, for five aces)."""
    sizes = GROUP_SIZES[pattern]
    if sizes[0] == 5:
        ranks = [ACE, *rng.sample(range(12), len(sizes) - 1)]
    else:
        ranks = rng.sample(range(13), len(sizes))
    cards: list[Card] = []
    for size, rank in zip(sizes, ranks, strict=True):
        group = [Card(rank * 4 + suit) for suit in rng.sample(range(4), min(size, 4))]
        if size == 5:
            group.append(JOKER)
        elif rank == ACE and rng.random() < 0.5:
            group[-1] = JOKER
        cards.extend(group)
    rng.shuffle(cards)
    return tuple(cards)


def stratified_hands(per_pattern: int, seed: int = 645) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [pattern_hand(rng, pattern) for pattern in GROUP_SIZES for _ in range(per_pattern)]


def pattern_of(cards: Sequence[Card]) -> HandPattern:
    """An independent reading of the pattern: group sizes, the joker counted as an ace."""
    counts = [0] * 13
    for card in cards:
        counts[ACE if card == JOKER else card >> 2] += 1
    sizes = tuple(sorted((n for n in counts if n > 1), reverse=True))
    table = {
        (): HandPattern.NO_PAIR,
        (2,): HandPattern.ONE_PAIR,
        (2, 2): HandPattern.TWO_PAIR,
        (2, 2, 2): HandPattern.THREE_PAIR,
        (3,): HandPattern.THREE_OF_A_KIND,
        (3, 3): HandPattern.TWO_THREE_OF_A_KINDS,
        (3, 2): HandPattern.FULL_HOUSE,
        (3, 2, 2): HandPattern.FULL_HOUSE_WITH_PAIR,
        (4,): HandPattern.FOUR_OF_A_KIND,
        (4, 2): HandPattern.FOUR_OF_A_KIND_WITH_PAIR,
        (4, 3): HandPattern.FOUR_OF_A_KIND_WITH_THREE,
        (5,): HandPattern.FIVE_ACES,
        (5, 2): HandPattern.FIVE_ACES_WITH_PAIR,
    }
    return table[sizes]


@cache
def sample() -> tuple[tuple[Card, ...], ...]:
    return (*uniform_hands(UNIFORM_HANDS), *stratified_hands(STRATIFIED_PER_PATTERN))


@cache
def settings_of(name: str) -> tuple[HouseWaySplit, ...]:
    house_way = shipped_house_way(name)
    return tuple(set_hand(hand, house_way) for hand in sample())


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def assert_split(result: HouseWaySplit, high: str, low: str) -> None:
    assert sorted(result.split.high) == sorted(cards(high)), result.explanation
    assert sorted(result.split.low) == sorted(cards(low)), result.explanation


# --- the shipped files ------------------------------------------------------------------------


def test_both_shipped_files_load_and_say_where_they_come_from() -> None:
    assert set(shipped_house_way_names()) == {"standard", "example_second_casino"}
    standard = standard_house_way()
    second = example_second_casino_house_way()
    assert standard.name == "Standard house way"
    assert standard.provenance is Provenance.STANDARD
    assert "645a.11(d)" in standard.source and "Trump Plaza" in standard.source
    assert standard.joker is JokerUse.STRAIGHT_FLUSH_OR_ACE
    assert len(standard.rules) == 27
    assert second.name == "Example second casino"
    assert [rule.number for rule in standard.rules] == list(range(1, 28))
    assert standard.rules[16].description == (
        "Two pair, higher pair jacks to kings, lower pair sevens to kings: "
        "split the pairs, lower pair low"
    )


def test_a_loaded_file_is_the_same_house_way_as_the_shipped_one() -> None:
    loaded = load_house_way(DATA / "standard.toml")
    assert loaded.rules == standard_house_way().rules


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "example_second_casino"])
def test_the_house_way_never_fouls_on_a_large_random_sample(name: str) -> None:
    results = settings_of(name)
    for hand, result in zip(sample(), results, strict=True):
        check = check_split(result.split.high, result.split.low, dealt=hand)
        assert check.legal, f"{result.explanation}: {check.reason}"
    assert len(results) == UNIFORM_HANDS + 13 * STRATIFIED_PER_PATTERN


@pytest.mark.slow
def test_every_rule_of_both_files_sets_some_hand_of_the_sample() -> None:
    for name in ("standard", "example_second_casino"):
        used = {result.rule_number for result in settings_of(name)}
        assert used == {rule.number for rule in shipped_house_way(name).rules}, name


@pytest.mark.slow
def test_the_rule_applied_is_for_the_hands_pattern() -> None:
    for hand, result in zip(sample(), settings_of("standard"), strict=True):
        assert pattern_of(hand) in result.rule.patterns, result.explanation


def test_the_stratified_sample_holds_the_patterns_it_claims() -> None:
    rng = random.Random(1)
    for pattern in GROUP_SIZES:
        for _ in range(50):
            assert pattern_of(pattern_hand(rng, pattern)) is pattern


def holds_straight_or_flush(hand: Sequence[Card]) -> bool:
    return any(
        base_category(high_strength(five)) in STRAIGHT_LIKE for five in combinations(hand, 5)
    )


JOKER_ONLY_STRAIGHT_PATTERNS = {
    HandPattern.THREE_PAIR,
    HandPattern.FULL_HOUSE,
    HandPattern.FOUR_OF_A_KIND,
}


def test_a_straight_or_flush_appears_only_beside_the_straight_patterns() -> None:
    """The loader refuses straight conditions on the other patterns, so this must hold."""
    for hand in stratified_hands(250, seed=7):
        pattern = pattern_of(hand)
        if pattern not in STRAIGHT_PATTERNS or (
            pattern in JOKER_ONLY_STRAIGHT_PATTERNS and JOKER not in hand
        ):
            assert not holds_straight_or_flush(hand), hand


@pytest.mark.parametrize(
    ("dealt", "high", "low", "rule"),
    [
        # three pair with aces made by the joker, which is also the five of A-2-3-4-5
        ("Ah Jk 4h 4d 3c 3d 2s", "4h 4d 3c 3d 2s", "Ah Jk", 12),
        # three aces with the joker beside K-Q-J: the straight needs an ace and the joker, so no
        # pair can go low beside it (rule 13 cannot be carried out) and the aces are split
        ("Ac Ad Jk Kh Qs Jd 5c", "Ad Jk Qs Jd 5c", "Ac Kh", 14),
        # four aces with the joker beside K-Q-J: split, A-K-Q-J and the joker as the ten
        ("Ac Ad Ah Jk Kh Qs Jd", "Ah Jk Kh Qs Jd", "Ac Ad", 7),
    ],
)
def test_a_joker_counted_as_an_ace_can_still_fill_a_straight(
    dealt: str, high: str, low: str, rule: int
) -> None:
    result = set_hand(cards(dealt), standard_house_way())
    assert_split(result, high, low)
    assert result.rule_number == rule


# --- golden cases, written from the standard house way ---------------------------------------

STANDARD_GOLDEN = [
    # (cards, high, low, rule number)
    # no pair: highest card high, second and third highest low
    ("As Qd 9c 7h 5s 3d 2c", "As 7h 5s 3d 2c", "Qd 9c", 27),
    ("Jk Kd Tc 8h 6s 4d 2c", "Jk 8h 6s 4d 2c", "Kd Tc", 27),  # the joker is the ace
    # one pair: pair high, next two singletons low
    ("Kh Kd Ah 9c 5s 4d 2c", "Kh Kd 5s 4d 2c", "Ah 9c", 25),
    ("Jk Ad Qs 8c 6h 4d 2c", "Jk Ad 6h 4d 2c", "Qs 8c", 25),  # joker pairs the ace
    # two pair
    ("Ah Ad 6c 6s Kd 9h 3c", "Ah Ad Kd 9h 3c", "6c 6s", 16),  # aces: always split
    ("Kh Kc 8d 8s Ac 5h 3d", "Kh Kc Ac 5h 3d", "8d 8s", 17),  # high and medium: split
    ("Qh Qc 4d 4s Ad 9c 7h", "Qh Qc 4d 4s 7h", "Ad 9c", 18),  # high and small, ace: together
    ("Jh Jc 5d 5s Jk 8c 2d", "Jh Jc 5d 5s 2d", "Jk 8c", 18),  # the joker is the ace singleton
    ("Th Tc 8d 8s Ah 5c 2d", "Th Tc 8d 8s 2d", "Ah 5c", 19),  # medium and medium, ace
    ("6h 6c 3d 3s Kh 9c 2d", "6h 6c 3d 3s 2d", "Kh 9c", 20),  # small and small, king
    ("Qh Qc 4d 4s Kd 9c 7h", "Qh Qc Kd 9c 7h", "4d 4s", 21),  # high and small, no ace
    ("9h 9c 7d 7s Kh 4c 2d", "9h 9c Kh 4c 2d", "7d 7s", 21),  # medium and medium, king only
    # three pair: highest pair low
    ("Kh Kc 9d 9s 4h 4c Ad", "9d 9s 4h 4c Ad", "Kh Kc", 12),
    # three of a kind
    ("8h 8d 8c Ks Jd 5h 2c", "8h 8d 8c 5h 2c", "Ks Jd", 15),
    ("Ah Ad Ac Kd Qh 5s 2c", "Ah Ad Qh 5s 2c", "Ac Kd", 14),  # three aces split
    ("Jk Ah Ad Kd Qh 5s 2c", "Jk Ah Qh 5s 2c", "Ad Kd", 14),  # the joker stays high
    ("8h 8d 8c 9s Th Jd Qc", "8h 9s Th Jd Qc", "8c 8d", 13),  # straight, pair low
    # two three of a kinds: a pair from the higher one low
    ("Kh Kd Kc 6s 6d 6h 2c", "Kh 6s 6d 6h 2c", "Kc Kd", 8),
    # full houses
    ("Qh Qd Qc 7s 7d Ah 3c", "Qh Qd Qc Ah 3c", "7s 7d", 11),
    ("9h 9d 9c 2s 2d As Kh", "9h 9d 9c 2s 2d", "As Kh", 10),  # twos with ace-king
    ("9h 9d 9c 2s 2d As Qh", "9h 9d 9c As Qh", "2s 2d", 11),  # twos, ace-queen: split
    ("5h 5d 5c Ks Kd 3h 3c", "5h 5d 5c 3h 3c", "Ks Kd", 9),
    # four of a kind
    ("5h 5d 5c 5s Ad Kh 2c", "5h 5d 5c 5s 2c", "Ad Kh", 5),
    ("9h 9d 9c 9s Ad 6h 2c", "9h 9d 9c 9s 2c", "Ad 6h", 6),
    ("9h 9d 9c 9s Kd 6h 2c", "9h 9s Kd 6h 2c", "9c 9d", 7),
    ("Kh Kd Kc Ks Ad 6h 2c", "Kh Ks Ad 6h 2c", "Kc Kd", 7),
    ("Jh Jd Jc Js 4d 4h Ac", "Jh Jd Jc Js Ac", "4d 4h", 4),
    ("7h 7d 7c 7s 3d 3h 3c", "7h 7d 7c 7s 3h", "3c 3d", 3),
    # five aces
    ("Jk Ah Ad Ac As Qd 7c", "Jk Ah As Qd 7c", "Ac Ad", 2),
    ("Jk Ah Ad Ac As Qd Qc", "Jk Ah As Qd Qc", "Ac Ad", 2),
    ("Jk Ah Ad Ac As Kd Kc", "Jk Ah Ad Ac As", "Kd Kc", 1),
    # straights and flushes
    ("Th 9d 8c 7s 6h 3d 3c", "Th 9d 8c 7s 6h", "3d 3c", 22),  # pair outside the straight
    ("Kh Kd Qc Js Th 9d Ah", "Kh Kd Js Th 9d", "Ah Qc", 23),  # kings needed, ace: pair high
    ("9h 9d 8c 7s 6h 5d 2c", "9h 8c 7s 6h 5d", "9d 2c", 24),  # nines needed, no ace
    ("Jk Th 9c 8d 7s 6h Ac", "Th 9c 8d 7s 6h", "Jk Ac", 22),  # joker and ace paired low
    ("Ah Kh 9h 6h 3h 2h Qd", "Kh 9h 6h 3h 2h", "Ah Qd", 26),  # six hearts: best low A-Q
    ("Jk 9h 8c 7d 5s Kd 2c", "Jk 9h 8c 7d 5s", "Kd 2c", 26),  # joker completes the straight
    ("Ah Kh 8h 8c 4h 4d 2h", "8h 8c 4h 4d 2h", "Ah Kh", 20),  # flush, but two pair rule
    ("Qh Qc 9h 9d 5h 3h 2h", "Qh Qc 5h 3h 2h", "9h 9d", 17),  # flush, but two pair rule
]


@pytest.mark.parametrize(("dealt", "high", "low", "rule"), STANDARD_GOLDEN)
def test_standard_golden_cases(dealt: str, high: str, low: str, rule: int) -> None:
    result = set_hand(cards(dealt), standard_house_way())
    assert_split(result, high, low)
    assert result.rule_number == rule
    assert result.rule_index == rule - 1
    assert result.rule_description == standard_house_way().rules[rule - 1].description
    assert result.explanation.endswith(f"(house way rule {rule})")


def test_every_rule_of_the_standard_file_has_a_golden_case() -> None:
    assert {rule for *_, rule in STANDARD_GOLDEN} == set(range(1, 28))


def test_explanations_read_as_sentences() -> None:
    house_way = standard_house_way()
    result = set_hand(cards("Ah Ad 6c 6s Kd 9h 3c"), house_way)
    assert result.explanation == (
        "Two pair, aces and sixes, with a king singleton: split the pairs, lower pair low — "
        "high hand pair of aces; low hand pair of sixes (house way rule 16)"
    )
    assert result.rule_description == "Two pair, higher pair aces: split the pairs, lower pair low"
    result = set_hand(cards("Jk 9h 8c 7d 5s Kd 2c"), house_way)
    assert result.explanation == (
        "No pair, the joker (an ace) high, holding a straight: straight or flush high, best low "
        "— high hand straight, nine high; low hand king-two (house way rule 26)"
    )
    result = set_hand(cards("9h 9d 9c 2s 2d As Kh"), house_way)
    assert result.rule_description == (
        "Full house, pair of twos, with ace and king singletons: two highest singletons low"
    )
    assert "Full house, nines over twos, with an ace and a king singleton" in result.explanation


def test_the_order_the_cards_come_in_does_not_matter() -> None:
    house_way = standard_house_way()
    dealt = cards("Jk Ah Ad Kd Qh 5s 2c")
    first = set_hand(dealt, house_way)
    again = set_hand(tuple(reversed(dealt)), house_way)
    assert first.split == again.split


@settings(max_examples=300, deadline=None)
@given(st.permutations(full_deck(with_joker=True)))
def test_any_hand_any_order_is_legal_and_set_the_same_way(deck: list[Card]) -> None:
    dealt = tuple(deck[:7])
    for house_way in (standard_house_way(), example_second_casino_house_way()):
        result = set_hand(dealt, house_way)
        assert check_split(result.split.high, result.split.low, dealt=dealt).legal
        shuffled = set_hand(tuple(sorted(dealt, reverse=True)), house_way)
        assert shuffled.split == result.split
        assert shuffled.rule == result.rule


def test_matches_accepts_interchangeable_cards_and_refuses_another_setting() -> None:
    result = set_hand(cards("Ah Ad Ac Kd Qh 5s 2c"), standard_house_way())
    same = Split.of(cards("Ac Ah Qh 5s 2c"), cards("Ad Kd"))  # another ace low
    assert result.matches(same)
    other = Split.of(cards("Ah Ad Ac 5s 2c"), cards("Kd Qh"))  # three aces kept together
    assert not result.matches(other)
    assert not result.matches(Split.of(cards("Ah Ad Ac 5s"), cards("Kd Qh 2c")))


def test_set_hand_refuses_anything_but_seven_different_cards() -> None:
    with pytest.raises(ValueError, match="seven cards"):
        set_hand(cards("As Kd 9h 5c 2s 7d"), standard_house_way())
    with pytest.raises(ValueError, match="twice"):
        set_hand(parse_cards("As Kd 9h 5c 2s 7d As", allow_duplicates=True), standard_house_way())


# --- the second casino: a new house way is only a file ---------------------------------------

SECOND_CASINO_DIFFERENCES = [
    # (cards, standard high, standard low, second high, second low)
    (
        "9h 9d 9c 2s 2d As Kh",  # full house twos with ace-king: standard keeps it
        ("9h 9d 9c 2s 2d", "As Kh"),
        ("9h 9d 9c As Kh", "2s 2d"),
    ),
    (
        "Qh Qc 4d 4s Ad 9c 7h",  # high and small pair with an ace: the second always splits
        ("Qh Qc 4d 4s 7h", "Ad 9c"),
        ("Qh Qc Ad 9c 7h", "4d 4s"),
    ),
    (
        "Jk Ah Ad Ac As Kd Kc",  # five aces and kings: the second splits the aces
        ("Jk Ah Ad Ac As", "Kd Kc"),
        ("Jk Ah As Kd Kc", "Ac Ad"),
    ),
    (
        "9h 9d 8c 7s 6h 5d 2c",  # pair needed in the straight, no ace: the second keeps the pair
        ("9h 8c 7s 6h 5d", "9d 2c"),
        ("9h 9d 6h 5d 2c", "8c 7s"),
    ),
    (
        "8h 8d 8c 8s Kd 6h 2c",  # four eights, no ace: standard splits, the second keeps them
        ("8h 8s Kd 6h 2c", "8c 8d"),
        ("8h 8d 8c 8s 2c", "Kd 6h"),
    ),
]


@pytest.mark.parametrize(("dealt", "standard", "second"), SECOND_CASINO_DIFFERENCES)
def test_the_second_casino_sets_some_hands_differently(
    dealt: str, standard: tuple[str, str], second: tuple[str, str]
) -> None:
    assert_split(set_hand(cards(dealt), standard_house_way()), *standard)
    assert_split(set_hand(cards(dealt), example_second_casino_house_way()), *second)


def test_the_second_casinos_low_hand_floor_decides_the_straight() -> None:
    second = example_second_casino_house_way()
    with_ace = set_hand(cards("9h 9d 8c 7s 6h 5d Ac"), second)  # straight with A-9 low
    assert_split(with_ace, "9h 8c 7s 6h 5d", "9d Ac")
    assert with_ace.rule_number == 18
    assert with_ace.rule_description.endswith("if the low hand is at least ace high")
    without = set_hand(cards("9h 9d 8c 7s 6h 5d 2c"), second)
    assert without.rule_number == 19


# --- the joker setting ------------------------------------------------------------------------


def test_a_house_way_that_never_plays_for_a_joker_straight(tmp_path: Path) -> None:
    text = (DATA / "standard.toml").read_text()
    text = text.replace(
        'joker = "completes a straight or flush, otherwise an ace"', 'joker = "always an ace"'
    )
    path = tmp_path / "ace_only.toml"
    path.write_text(text)
    ace_only = load_house_way(path)
    assert ace_only.joker is JokerUse.ALWAYS_ACE
    dealt = cards("Jk 9h 8c 7d 6s 2c 2d")  # the joker makes 6-10 (or 5-9): a straight
    standard = set_hand(dealt, standard_house_way())
    assert_split(standard, "Jk 9h 8c 7d 6s", "2c 2d")
    assert standard.rule_number == 22
    plain = set_hand(dealt, ace_only)  # as an ace: a pair of twos, ace and nine low
    assert_split(plain, "2c 2d 8c 7d 6s", "Jk 9h")
    assert plain.rule_number == 25
    # a straight the joker makes as an ace still counts
    broadway = cards("Jk Kh Qc Jd Ts 3c 3d")
    assert_split(set_hand(broadway, ace_only), "Jk Kh Qc Jd Ts", "3c 3d")


# --- every action does what its vocabulary entry promises -------------------------------------


def one_action_house_way(tmp_path: Path, action: HouseWayAction) -> HouseWay:
    path = tmp_path / "one_action.toml"
    path.write_text(
        'name = "One action"\nsource = "test"\n'
        f'[[rules]]\nhand = "any hand"\naction = "{action.value}"\n'
        '[[rules]]\nhand = "any hand"\naction = "strongest five-card hand high"\n'
    )
    return load_house_way(path)


@pytest.mark.parametrize(
    "action", [a for a in HouseWayAction if a is not HouseWayAction.STRONGEST_HIGH]
)
def test_each_action_sets_exactly_the_patterns_it_claims(
    tmp_path: Path, action: HouseWayAction
) -> None:
    house_way = one_action_house_way(tmp_path, action)
    seen: set[HandPattern] = set()
    for hand in stratified_hands(120, seed=list(HouseWayAction).index(action)):
        pattern = pattern_of(hand)
        result = set_hand(hand, house_way)
        assert check_split(result.split.high, result.split.low, dealt=hand).legal
        if result.rule_number == 1:
            assert pattern in action.possible, (action, result.explanation)
            seen.add(pattern)
        if pattern in action.total:
            assert result.rule_number == 1, (action, result.explanation)
    assert seen, action


def test_the_strongest_high_action_catches_everything(tmp_path: Path) -> None:
    path = tmp_path / "simple.toml"
    path.write_text(
        'name = "Simplest"\nsource = "test"\n'
        '[[rules]]\nhand = "any hand"\naction = "strongest five-card hand high"\n'
    )
    simplest = load_house_way(path)
    result = set_hand(cards("Kh Kd Ah 9c 5s 4d 2c"), simplest)
    assert_split(result, "Kh Kd Ah 9c 5s", "4d 2c")


# --- broken files -----------------------------------------------------------------------------

HEADER = 'name = "Broken"\nsource = "test"\n'
CATCH_ALL = '[[rules]]\nhand = "any hand"\naction = "strongest five-card hand high"\n'


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house_way.toml"
    path.write_text(HEADER + body)
    return path


def load_error(path: Path) -> HouseWayError:
    with pytest.raises(HouseWayError) as caught:
        load_house_way(path)
    error = caught.value
    assert isinstance(error, DataFileError)
    assert str(path) in str(error)
    return error


BROKEN = [
    # (body, field path, words in the message)
    (
        '[[rules]]\nhand = "no pair"\naction = "put the best cards low"\n' + CATCH_ALL,
        "rules[0].action",
        "is not a house-way action",
    ),
    (
        '[[rules]]\nhand = "one pairs"\naction = "two highest singletons low"\n' + CATCH_ALL,
        "rules[0].hand",
        "is not a hand pattern",
    ),
    (
        CATCH_ALL + CATCH_ALL.replace("hand =", 'pair_rank = "7"\nhand ='),
        "rules[1].pair_rank",
        "unknown field",
    ),
    (
        '[[rules]]\nhand = "one pair"\nstraight_or_flush = "yes"\n'
        'action = "two highest singletons low"\n' + CATCH_ALL,
        "rules[0].straight_or_flush",
        "true or false",
    ),
    (
        '[[rules]]\nhand = "four of a kind"\nquads = 7\naction = "split quads"\n' + CATCH_ALL,
        "rules[0].quads",
        "expected text",
    ),
    (
        '[[rules]]\nhand = "two pair"\nhigh_pair = "K-2"\naction = "lower pair low"\n' + CATCH_ALL,
        "rules[0].high_pair",
        "lower rank first",
    ),
    (
        '[[rules]]\nhand = "two pair"\nlow_pair = "2-Z"\naction = "lower pair low"\n' + CATCH_ALL,
        "rules[0].low_pair",
        "is not a rank range",
    ),
    (
        '[[rules]]\nhand = "one pair"\nlow_at_least = "best"\naction = "singletons low"\n'
        + CATCH_ALL,
        "rules[0].low_at_least",
        "is not a two-card hand",
    ),
    ('rules = "split everything"\n', "rules", "list"),
    (
        '[[rules]]\nhand = "two pair"\ntrips = "A"\naction = "lower pair low"\n' + CATCH_ALL,
        "rules[0].trips",
        "'two pair' hands hold no three of a kind",
    ),
    (
        '[[rules]]\nhand = "two three of a kinds"\nstraight_or_flush = true\n'
        'action = "pair from the highest three of a kind low"\n' + CATCH_ALL,
        "rules[0].straight_or_flush",
        "hold no straight or flush",
    ),
    (
        '[[rules]]\nhand = "two pair"\naction = "highest pair low"\n' + CATCH_ALL,
        "rules[0].action",
        "'highest pair low' can set only",
    ),
    (
        CATCH_ALL + '[[rules]]\nhand = "no pair"\naction = "highest card high, next two low"\n',
        "rules[1]",
        "already set by rules[0]",
    ),
]


@pytest.mark.parametrize(("body", "field", "words"), BROKEN)
def test_broken_files_name_the_file_and_the_field(
    tmp_path: Path, body: str, field: str, words: str
) -> None:
    error = load_error(write(tmp_path, body))
    assert field in error.fields
    assert f"{field}:" in str(error)
    assert words in str(error)


def test_a_file_without_catch_alls_names_the_hands_no_rule_sets(tmp_path: Path) -> None:
    body = (
        '[[rules]]\nhand = "no pair"\naction = "highest card high, next two low"\n'
        '[[rules]]\nhand = "one pair"\nstraight_or_flush = false\n'
        'action = "two highest singletons low"\n'
        '[[rules]]\nhand = ["two pair", "three pair", "full house with an extra pair"]\n'
        'action = "lower pair low"\n'
        '[[rules]]\nhand = ["three of a kind", "full house", "two three of a kinds"]\n'
        'action = "split the three of a kind, one card low with the highest singleton"\n'
        '[[rules]]\nhand = "any hand"\naction = "split quads"\n'
        '[[rules]]\nhand = ["five aces", "five aces with a pair"]\naction = "split five aces"\n'
    )
    error = load_error(write(tmp_path, body))
    assert error.fields == ("rules",)
    message = str(error)
    assert "catch-all" in message
    assert "'one pair'" in message  # its only rule has a condition
    assert "'no pair'" not in message and "'two pair'" not in message
    # every rule of the standard file, minus its last (the no-pair catch-all)
    text = (DATA / "standard.toml").read_text()
    path = tmp_path / "truncated.toml"
    path.write_text(text[: text.rindex("[[rules]]")])
    error = load_error(path)
    assert error.fields == ("rules",)
    assert "'no pair'" in str(error)


def test_toml_syntax_errors_and_missing_fields_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "syntax.toml"
    path.write_text('name = "x"\n[[rules]\n')
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_house_way(path)
    path.write_text('[[rules]]\nhand = "any hand"\naction = "strongest five-card hand high"\n')
    error = load_error(path)
    assert set(error.fields) == {"name", "source"}
    with pytest.raises(DataFileError, match="file not found"):
        load_house_way(tmp_path / "missing.toml")


# --- small parts ------------------------------------------------------------------------------


def test_rank_ranges_and_low_floors_read_the_way_people_write_them() -> None:
    assert RankRange.parse("2-6") == RankRange(0, 4)
    assert RankRange.parse("7 - 10") == RankRange(5, 8)
    assert RankRange.parse("j to k") == RankRange(9, 11)
    assert RankRange.parse("A") == RankRange(12, 12)
    assert str(RankRange.parse("T-A")) == "10-A"
    assert RankRange.parse("10-A").plural() == "tens or better"
    assert RankRange.parse("K-A").singular() == "king or ace"
    assert LowFloor.parse("pair").strength < LowFloor.parse("2-2").strength + 1
    assert LowFloor.parse("A-Q").strength > LowFloor.parse("A-J").strength
    assert LowFloor.parse("A").text == "ace high"
    assert LowFloor.parse("9-9").text == "a pair of nines"
    assert LowFloor.parse("Q-A").text == "ace-queen"


def test_vocabulary_accepts_member_names_as_well_as_values() -> None:
    assert HouseWayAction.from_text("split quads") is HouseWayAction.SPLIT_QUADS
    assert HouseWayAction.from_text("Lower pair low") is HouseWayAction.LOWER_PAIR_LOW
    assert HandPattern.from_text("Full-house with an extra pair") is (
        HandPattern.FULL_HOUSE_WITH_PAIR
    )
