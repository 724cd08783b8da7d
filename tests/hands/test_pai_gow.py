"""Pai gow five-card high hands with the joker, two-card low hands and foul splits."""

from __future__ import annotations

import pytest

from dealer_trainer.cards import JOKER, parse_cards
from dealer_trainer.hands import HandRank
from dealer_trainer.hands.pai_gow import (
    DEFAULT_RULES,
    FiveAcesRank,
    PaiGowRules,
    WheelRank,
    best_high,
    check_split,
    describe_high,
    describe_low,
    evaluate_high,
    evaluate_low,
    high_strength,
)

LOWEST_WHEEL = PaiGowRules(wheel=WheelRank.LOWEST)
ROYAL_ON_TOP = PaiGowRules(five_aces=FiveAcesRank.BELOW_ROYAL_FLUSH)


def high(text: str, rules: PaiGowRules = DEFAULT_RULES) -> int:
    return evaluate_high(parse_cards(text), rules).strength


def shown(text: str, rules: PaiGowRules = DEFAULT_RULES) -> str:
    value = evaluate_high(parse_cards(text), rules)
    return f"{value.rank.value}: {' '.join(card.notation for card in value.cards)}"


# The joker plays as an ace...


def test_the_joker_plays_as_an_ace_kicker_beside_a_pair_of_kings() -> None:
    assert shown("Kc Kd Jk 7h 2s") == "One pair: Kd Kc Jk 7h 2s"
    assert high("Kc Kd Jk 7h 2s") == high("Kc Kd As 7h 2s")
    assert describe_high(evaluate_high(parse_cards("Kc Kd Jk 7h 2s"))) == "pair of kings"


def test_the_joker_with_an_ace_is_a_pair_of_aces() -> None:
    assert shown("As Jk 9d 6c 2h") == "One pair: As Jk 9d 6c 2h"
    assert high("As Jk 9d 6c 2h") == high("As Ac 9d 6c 2h")


def test_the_joker_alone_is_an_ace_high_card() -> None:
    assert shown("Jk Kd 9c 6h 2s") == "High card: Jk Kd 9c 6h 2s"
    assert high("Jk Kd 9c 6h 2s") == high("Ah Kd 9c 6h 2s")


@pytest.mark.parametrize(
    ("cards", "same_as", "category"),
    [
        ("Jk Ac Ad 7h 2s", "As Ac Ad 7h 2s", HandRank.THREE_OF_A_KIND),
        ("Jk Ac Ad Ah 2s", "As Ac Ad Ah 2s", HandRank.FOUR_OF_A_KIND),
        ("Jk Ac Ad 7h 7s", "As Ac Ad 7h 7s", HandRank.FULL_HOUSE),
        ("Jk Ac 7d 7h 2s", "As Ac 7d 7h 2s", HandRank.TWO_PAIR),
    ],
)
def test_the_joker_makes_sets_of_aces(cards: str, same_as: str, category: HandRank) -> None:
    value = evaluate_high(parse_cards(cards))
    assert value.rank is category
    assert value.strength == high(same_as)


# ...but never pairs anything else.


@pytest.mark.parametrize(
    ("cards", "category", "same_as"),
    [
        ("Kc Kd Jk 7h 2s", HandRank.ONE_PAIR, "Kc Kd Ah 7h 2s"),
        ("Kc Kd Ks Jk 2s", HandRank.THREE_OF_A_KIND, "Kc Kd Ks Ah 2s"),
        ("Kc Kd 7s 7c Jk", HandRank.TWO_PAIR, "Kc Kd 7s 7c Ah"),
        ("Kc Kd Ks Kh Jk", HandRank.FOUR_OF_A_KIND, "Kc Kd Ks Kh Ah"),
        ("Qc Qd Qs 7c Jk", HandRank.THREE_OF_A_KIND, "Qc Qd Qs 7c Ah"),
    ],
)
def test_the_joker_never_completes_a_pair_set_or_full_house_below_aces(
    cards: str, category: HandRank, same_as: str
) -> None:
    value = evaluate_high(parse_cards(cards))
    assert value.rank is category
    assert value.strength == high(same_as)


def test_two_pair_plus_joker_is_not_a_full_house() -> None:
    assert evaluate_high(parse_cards("Kc Kd 7s 7c Jk")).rank is HandRank.TWO_PAIR


# The joker completes straights, flushes, straight flushes and royal flushes.


@pytest.mark.parametrize(
    ("cards", "top_card_hand"),
    [
        ("9c Td Jh Qs Jk", "9c Td Jh Qs Kd"),
        ("9c Td Qs Kh Jk", "9c Td Jh Qs Kh"),
        ("Tc Jd Qh Ks Jk", "Tc Jd Qh Ks Ad"),
        ("2c 3d 4h 6s Jk", "2c 3d 4h 5s 6h"),
    ],
)
def test_the_joker_completes_a_straight(cards: str, top_card_hand: str) -> None:
    value = evaluate_high(parse_cards(cards))
    assert value.rank is HandRank.STRAIGHT
    assert value.strength == high(top_card_hand)


def test_the_joker_completes_a_straight_at_the_top_end_over_the_bottom() -> None:
    assert describe_high(evaluate_high(parse_cards("9c Td Jh Qs Jk"))) == "straight, king high"
    assert describe_high(evaluate_high(parse_cards("3c 4d 5h 6s Jk"))) == "straight, seven high"


def test_the_joker_completes_the_wheel_in_the_middle_or_as_the_ace() -> None:
    as_ace = evaluate_high(parse_cards("2c 3d 4h 5s Jk"))
    in_the_middle = evaluate_high(parse_cards("Ac 2d 4h 5s Jk"))
    assert as_ace.rank is in_the_middle.rank is HandRank.STRAIGHT
    assert as_ace.strength == in_the_middle.strength == high("Ac 2d 3h 4s 5c")
    assert describe_high(in_the_middle) == "straight, A-2-3-4-5"


def test_with_the_wheel_lowest_the_joker_makes_six_high_instead() -> None:
    value = evaluate_high(parse_cards("2c 3d 4h 5s Jk"), LOWEST_WHEEL)
    assert value.strength == high("2c 3d 4h 5s 6h", LOWEST_WHEEL)
    assert describe_high(value, LOWEST_WHEEL) == "straight, six high"
    assert value.cards == (parse_cards("Jk")[0], *parse_cards("5s 4h 3d 2c"))


def test_the_joker_completes_a_flush_as_an_ace() -> None:
    value = evaluate_high(parse_cards("Jk 2h 5h 9h Qh"))
    assert value.rank is HandRank.FLUSH
    assert value.strength == high("Ah 2h 5h 9h Qh")
    assert describe_high(value) == "flush, ace high"


def test_the_joker_completes_a_flush_as_the_highest_missing_rank() -> None:
    with_ace = evaluate_high(parse_cards("Jk Ah 5h 9h Qh"))
    assert with_ace.rank is HandRank.FLUSH
    assert with_ace.strength == high("Ah Kh 5h 9h Qh")
    assert with_ace.cards == parse_cards("Ah Jk Qh 9h 5h")
    assert high("Jk Ah Kh 9h 5h") == high("Ah Kh Qh 9h 5h")


def test_a_joker_flush_beats_a_joker_straight() -> None:
    value = evaluate_high(parse_cards("Jk 9h Th Jh 2h"))
    assert value.rank is HandRank.FLUSH


def test_the_joker_completes_a_straight_flush_inside_or_at_either_end() -> None:
    for cards, natural in [
        ("9h Th Jh Qh Jk", "9h Th Jh Qh Kh"),
        ("9h Th Qh Kh Jk", "9h Th Jh Qh Kh"),
        ("5h 6h 8h 9h Jk", "5h 6h 7h 8h 9h"),
        ("2h 3h 4h 5h Jk", "2h 3h 4h 5h Ah"),
    ]:
        value = evaluate_high(parse_cards(cards))
        assert value.rank is HandRank.STRAIGHT_FLUSH, cards
        assert value.strength == high(natural), cards
    assert high("2h 3h 4h 5h Jk") == high("2h 3h 4h 5h Ah")
    assert high("2h 3h 4h 5h Jk", LOWEST_WHEEL) == high("2h 3h 4h 5h 6h", LOWEST_WHEEL)


@pytest.mark.parametrize("cards", ["Jk Kh Qh Jh Th", "Ah Jk Qh Jh Th", "Ah Kh Qh Jh Jk"])
def test_the_joker_completes_a_royal_flush(cards: str) -> None:
    value = evaluate_high(parse_cards(cards))
    assert value.rank is HandRank.ROYAL_FLUSH
    assert value.strength == high("Ah Kh Qh Jh Th")
    assert describe_high(value) == "royal flush"


# Five aces.


def test_five_aces_is_four_aces_and_the_joker() -> None:
    value = evaluate_high(parse_cards("Ac Ad Ah As Jk"))
    assert value.rank is HandRank.FIVE_ACES
    assert value.cards == parse_cards("As Ah Ad Ac Jk")
    assert describe_high(value) == "five aces"


def test_five_aces_tops_the_royal_flush_by_default() -> None:
    five_aces, royal = high("Ac Ad Ah As Jk"), high("Ah Kh Qh Jh Th")
    assert five_aces > royal > high("Kh Qh Jh Th 9h")


def test_five_aces_below_the_royal_flush_as_a_setting() -> None:
    five_aces, royal = high("Ac Ad Ah As Jk", ROYAL_ON_TOP), high("Ah Kh Qh Jh Th", ROYAL_ON_TOP)
    assert royal > five_aces > high("Kh Qh Jh Th 9h", ROYAL_ON_TOP)
    assert evaluate_high(parse_cards("Ac Ad Ah As Jk"), ROYAL_ON_TOP).rank is HandRank.FIVE_ACES
    assert evaluate_high(parse_cards("Ah Kh Qh Jh Th"), ROYAL_ON_TOP).rank is HandRank.ROYAL_FLUSH


# A-2-3-4-5 under both settings.


def test_the_wheel_is_second_highest_by_default() -> None:
    broadway, wheel, king = high("Ac Kd Qh Js Tc"), high("Ac 2d 3h 4s 5c"), high("Kd Qh Js Tc 9d")
    assert broadway > wheel > king
    sf_broadway, sf_wheel = high("Ah Kh Qh Jh Th"), high("Ah 2h 3h 4h 5h")
    assert sf_broadway > sf_wheel > high("Kh Qh Jh Th 9h")
    assert evaluate_high(parse_cards("Ah 2h 3h 4h 5h")).rank is HandRank.STRAIGHT_FLUSH
    assert DEFAULT_RULES.wheel is WheelRank.SECOND_HIGHEST


def test_the_wheel_is_lowest_as_a_setting() -> None:
    wheel, six = high("Ac 2d 3h 4s 5c", LOWEST_WHEEL), high("2d 3h 4s 5c 6d", LOWEST_WHEEL)
    assert six > wheel > high("Ac Kd Qh Js 9c", LOWEST_WHEEL)
    assert high("2h 3h 4h 5h 6h", LOWEST_WHEEL) > high("Ah 2h 3h 4h 5h", LOWEST_WHEEL)
    assert high("Ah 2h 3h 4h 5h", LOWEST_WHEEL) > high("Ac Ad Ah As Kc", LOWEST_WHEEL)


def test_the_wheel_shows_ace_first_or_last_as_it_ranks() -> None:
    assert shown("3h Ac 5c 2d 4s") == "Straight: Ac 5c 4s 3h 2d"
    assert shown("3h Ac 5c 2d 4s", LOWEST_WHEEL) == "Straight: 5c 4s 3h 2d Ac"


def test_seven_cards_prefer_the_wheel_when_it_ranks_second() -> None:
    cards = parse_cards("Ac 2d 3h 4s 5c 6d Kh")
    assert best_high(cards).strength == high("Ac 2d 3h 4s 5c")
    assert best_high(cards, LOWEST_WHEEL).strength == high("2d 3h 4s 5c 6d", LOWEST_WHEEL)
    flush = parse_cards("Ah 2h 3h 4h 5h 6h 7h")
    assert best_high(flush).cards == parse_cards("Ah 5h 4h 3h 2h")
    assert best_high(flush, LOWEST_WHEEL).cards == parse_cards("7h 6h 5h 4h 3h")


def test_standard_order_of_categories() -> None:
    ladder = [
        "Ac Ad Ah As Jk",
        "Ah Kh Qh Jh Th",
        "Kh Qh Jh Th 9h",
        "9c 9d 9h 9s 2c",
        "9c 9d 9h 2s 2c",
        "Ac Jc 8c 6c 2c",
        "9c Td Jh Qs Kc",
        "9c 9d 9h 3s 2c",
        "9c 9d 3h 3s 2c",
        "9c 9d 4h 3s 2c",
        "Ac Jd 8h 6s 2c",
    ]
    strengths = [high(cards) for cards in ladder]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_suits_never_break_ties() -> None:
    assert high("Ac Kd 9h 6s 2c") == high("Ad Kc 9s 6h 2d")
    assert high("Jk Kd 9h 6s 2c") == high("As Kc 9s 6h 2d")


def test_the_evaluator_rejects_wrong_sizes_and_repeats() -> None:
    with pytest.raises(ValueError, match="5 cards, not 4"):
        evaluate_high(parse_cards("Ac Kd 9h 6s"))
    with pytest.raises(ValueError, match="same card twice"):
        evaluate_high(parse_cards("Ac Ac 9h 6s 2c", allow_duplicates=True))
    with pytest.raises(ValueError, match="5 to 7 cards, not 8"):
        best_high(parse_cards("Ac Kd 9h 6s 2c 3c 4c 5c"))


def test_six_and_seven_cards_with_the_joker() -> None:
    assert best_high(parse_cards("Kc Kd Jk 7h 2s 3d")).strength == high("Kc Kd Jk 7h 3d")
    value = best_high(parse_cards("Kh Qh Jh 9h 2h Jk 3c"))
    assert value.rank is HandRank.STRAIGHT_FLUSH
    assert value.cards == parse_cards("Kh Qh Jh Jk 9h")
    assert high_strength(parse_cards("Kh Qh Jh 9h 2h Jk 3c")) == value.strength


# The two-card low hand.


def test_a_low_pair_beats_any_two_single_cards() -> None:
    twos, ace_king = evaluate_low(parse_cards("2c 2d")), evaluate_low(parse_cards("Ac Kd"))
    assert twos.rank is HandRank.ONE_PAIR and ace_king.rank is HandRank.HIGH_CARD
    assert twos > ace_king
    assert evaluate_low(parse_cards("Ac Ad")) > evaluate_low(parse_cards("Kc Kd")) > twos


def test_low_single_cards_compare_high_card_first() -> None:
    assert evaluate_low(parse_cards("Ac 2d")) > evaluate_low(parse_cards("Kc Qd"))
    assert evaluate_low(parse_cards("Kc Qd")) > evaluate_low(parse_cards("Kc Jd"))
    assert evaluate_low(parse_cards("Kc Qd")).ties(evaluate_low(parse_cards("Qs Kh")))


def test_the_joker_in_the_low_hand_is_an_ace() -> None:
    pair = evaluate_low(parse_cards("Jk As"))
    assert pair.rank is HandRank.ONE_PAIR
    assert pair.ties(evaluate_low(parse_cards("Ac Ad")))
    assert pair.cards == parse_cards("As Jk")
    single = evaluate_low(parse_cards("4c Jk"))
    assert single.ties(evaluate_low(parse_cards("Ah 4d")))
    assert single.cards == (JOKER, *parse_cards("4c"))
    assert describe_low(pair) == "pair of aces" and describe_low(single) == "ace-four"


def test_evaluate_low_needs_two_cards() -> None:
    with pytest.raises(ValueError, match="2 cards, not 3"):
        evaluate_low(parse_cards("Ac Kd Qh"))


# Splits.


def test_a_low_pair_above_the_high_pair_is_a_foul() -> None:
    result = check_split(parse_cards("Qc Qd 9h 5s 3c"), parse_cards("Kc Kd"))
    assert not result.legal
    assert result.reason == (
        "the two-card hand (pair of kings) outranks the five-card hand (pair of queens)"
    )


def test_the_usual_split_is_legal() -> None:
    result = check_split(parse_cards("Kc Kd 9h 5s 3c"), parse_cards("Qc Qd"))
    assert result.legal
    assert result.reason == (
        "the five-card hand (pair of kings) outranks the two-card hand (pair of queens)"
    )


@pytest.mark.parametrize(
    ("high_hand", "low_hand", "legal"),
    [
        ("Kc Jd 9h 5s 3c", "Ac Qd", False),
        ("Ac Jd 9h 5s 3c", "Kc Qd", True),
        ("Ac Jd 9h 5s 3c", "Ad Qd", False),
        ("Ac Qd 9h 5s 3c", "Ad Jd", True),
        ("Kc Jd 9h 5s 3c", "2c 2d", False),
        ("2c 2d 9h 5s 3c", "Ac Kd", True),
        ("2c 2d 9h 5s 3c", "3d 3h", False),
        ("7c 7d 2h 2s 3c", "Ac Ad", True),
        ("Kc Kd 9h 5s 3c", "Kh Ks", True),
        ("Ac Kd 9h 5s 3c", "As Kh", True),
        ("Jk Qd 9h 5s 3c", "Ac Kd", False),
        ("Jk Kd 9h 5s 3c", "Ac Qd", True),
        ("Kc Qd 9h 5s 3c", "Jk Jd", False),
        ("Kc Qd 9h 5s 3c", "Jk Ad", False),
        ("2c 3d 4h 5s 6c", "Ac Ad", True),
        ("2c 3d 4h 5s Jk", "Ac Ad", True),
        ("2c 3d 4h 5s Jk", "Kc Kd", True),
    ],
)
def test_fouls(high_hand: str, low_hand: str, legal: bool) -> None:
    result = check_split(parse_cards(high_hand), parse_cards(low_hand))
    assert result.legal is legal, result.reason
    assert result.high is not None and result.low is not None


def test_a_foul_with_single_cards_names_both_hands() -> None:
    result = check_split(parse_cards("Kc Jd 9h 5s 3c"), parse_cards("Ac Qd"))
    assert result.reason == "the two-card hand (ace-queen) outranks the five-card hand (king high)"


def test_a_split_with_the_wrong_number_of_cards() -> None:
    result = check_split(parse_cards("Kc Jd 9h 5s"), parse_cards("Ac Qd 2c"))
    assert not result.legal
    assert "five cards" in result.reason and "4 and 3" in result.reason


def test_a_split_that_repeats_a_card() -> None:
    result = check_split(parse_cards("Kc Jd 9h 5s 3c"), parse_cards("Kc Qd"))
    assert not result.legal and result.reason == "Kc is used twice"


def test_a_split_must_use_the_cards_dealt() -> None:
    dealt = parse_cards("Kc Jd 9h 5s 3c Ac Qd")
    assert check_split(parse_cards("Ac Jd 9h 5s 3c"), parse_cards("Kc Qd"), dealt=dealt).legal
    result = check_split(parse_cards("Ac Jd 9h 5s 3c"), parse_cards("Kc Qh"), dealt=dealt)
    assert not result.legal
    assert result.reason == (
        "the split must use the seven cards dealt: Qh was not dealt to this hand; Qd is missing"
    )


def test_describe_every_category() -> None:
    cases = {
        "Ac Jd 8h 6s 2c": "ace high",
        "9c 9d 4h 3s 2c": "pair of nines",
        "9c 9d 6h 6s 2c": "two pair, nines and sixes",
        "9c 9d 9h 3s 2c": "three of a kind, nines",
        "9c Td Jh Qs Kc": "straight, king high",
        "Ac Jc 8c 6c 2c": "flush, ace high",
        "9c 9d 9h 2s 2c": "full house, nines over twos",
        "9c 9d 9h 9s 2c": "four of a kind, nines",
        "5h 6h 7h 8h 9h": "straight flush, nine high",
        "Ah 2h 3h 4h 5h": "straight flush, A-2-3-4-5",
    }
    for cards, text in cases.items():
        assert describe_high(evaluate_high(parse_cards(cards))) == text
