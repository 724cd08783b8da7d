"""Seven-card pai gow hands for the EZ Pai Gow side wagers (seed 000, §§ 645a.1, 645a.6(g))."""

from __future__ import annotations

from itertools import pairwise

import pytest

from dealer_trainer.cards import Rank, parse_cards
from dealer_trainer.hands import HandRank
from dealer_trainer.hands.pai_gow import (
    DynastyExtraPair,
    FiveAcesRank,
    JokerColour,
    PaiGowRules,
    SevenCardAceLow,
    WheelRank,
)
from dealer_trainer.hands.pai_gow_seven import (
    CardColour,
    SevenCardClass,
    best_five_of_seven,
    check_queens_dragon,
    classify_seven,
    colour_counts,
    has_ace_five_natural_straight_flush,
    has_natural_royal_flush,
    is_natural,
    is_queens_dragon,
    protection_high_card,
    seven_card_straight_flush,
)

C = SevenCardClass


def classify(text: str, rules: PaiGowRules | None = None) -> SevenCardClass:
    return classify_seven(parse_cards(text), rules or PaiGowRules())


# Queen's Dragon, § 645a.1.


def test_a_queens_dragon() -> None:
    result = check_queens_dragon(parse_cards("Qh Jd 9c 8s 6h 4d 2c"))
    assert result.is_queens_dragon
    assert "Queen's Dragon" in result.reason


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("Qh Jd Tc 9s 8h 4d 2c", "8-9-10-J-Q is a straight: a Queen's Dragon has no straight"),
        ("Qh Jd 9c 8s 7h 6d 5c", "5-6-7-8-9 is a straight: a Queen's Dragon has no straight"),
        ("Qh Jh 9h 8h 6h 4d 2c", "5 hearts make a flush: a Queen's Dragon has no flush"),
        ("Kh Jd 9c 8s 6h 4d 2c", "king high: a Queen's Dragon is queen high"),
        ("Jh Td 8c 7s 5h 3d 2c", "jack high: a Queen's Dragon is queen high"),
        ("Ah Qd 9c 8s 6h 4d 2c", "ace high: a Queen's Dragon is queen high"),
        ("Qh Qd 9c 8s 6h 4d 2c", "two queens: a Queen's Dragon has seven different ranks"),
        ("Qh 9d 9c 9s 6h 4d 2c", "three nines: a Queen's Dragon has seven different ranks"),
        ("Ah Qd 9c 5s 4h 3d 2c", "A-2-3-4-5 is a straight: a Queen's Dragon has no straight"),
    ],
)
def test_not_a_queens_dragon(cards: str, reason: str) -> None:
    result = check_queens_dragon(parse_cards(cards))
    assert not result.is_queens_dragon
    assert result.reason == reason


def test_a_straight_hidden_among_seven_different_ranks_kills_the_dragon() -> None:
    assert not is_queens_dragon(parse_cards("Qh Td 9c 8s 7h 6d 2c"))
    assert is_queens_dragon(parse_cards("Qh Td 9c 8s 7h 5d 2c"))


def test_the_joker_is_never_a_queens_dragon() -> None:
    for cards in ["Qh Jd 9c 8s 6h 4d Jk", "Qh Jd 9c 7s 5h 3d Jk", "Qh Jd Jk 8s 6h 4d 2c"]:
        result = check_queens_dragon(parse_cards(cards))
        assert not result.is_queens_dragon
        assert "joker plays as an ace" in result.reason


def test_queens_dragon_needs_seven_cards() -> None:
    with pytest.raises(ValueError, match="seven cards, not 5"):
        check_queens_dragon(parse_cards("Qh Jd 9c 8s 6h"))


# Seven-card straight flushes, § 645a.6(g)(2) and (4).


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("3h 4h 5h 6h 7h 8h 9h", C.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH),
        ("8h 9h Th Jh Qh Kh Ah", C.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH),
        ("Ah 2h 3h 4h 5h 6h 7h", C.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH),
        ("3h 4h 6h 7h 8h 9h Jk", C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("3h 4h 5h 6h 7h 8h Jk", C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("8h 9h Th Jh Qh Kh Jk", C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("2h 3h 4h 5h 6h 7h Jk", C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("3h 4h 6h 8h 9h Th Jk", None),
        ("3h 4h 5h 6h 7h 8h 9c", None),
        ("3h 4h 5h 6h 7h 8h Tc", None),
        ("Jk 3h 4h 5h 6h 7h 7c", None),
    ],
)
def test_seven_card_straight_flushes(cards: str, expected: SevenCardClass | None) -> None:
    assert seven_card_straight_flush(parse_cards(cards)) is expected
    if expected is not None:
        assert classify(cards) is expected


def test_ace_to_seven_as_a_setting() -> None:
    ace_high_only = PaiGowRules(seven_card_ace_low=SevenCardAceLow.ACE_HIGH_ONLY)
    natural = parse_cards("Ah 2h 3h 4h 5h 6h 7h")
    assert seven_card_straight_flush(natural, ace_high_only) is None
    assert classify_seven(natural, ace_high_only) is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    with_joker = parse_cards("Ah 2h 3h Jk 5h 6h 7h")
    assert seven_card_straight_flush(with_joker, ace_high_only) is None
    assert classify_seven(with_joker, ace_high_only) is C.STRAIGHT_FLUSH
    assert classify_seven(with_joker) is C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER


# The Dynasty special hands, § 645a.6(g), and the rest of the § 645a.13(g) table.


def test_ace_five_natural_straight_flush_with_a_natural_ace_queen_suited() -> None:
    assert classify("Ah 2h 3h 4h 5h As Qs") is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN
    assert classify("Ah 2h 3h 4h 5h As Qd") is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    assert classify("Ah 2h 3h 4h 5h As Ks") is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    assert classify("Jk 2h 3h 4h 5h As Qs") is C.STRAIGHT_FLUSH


def test_natural_royal_flush_with_the_suited_pair_defaults_to_ace_queen() -> None:
    assert classify("Ah Kh Qh Jh Th As Qs") is C.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR
    assert classify("Ah Kh Qh Jh Th As Ks") is C.ROYAL_FLUSH
    assert classify("Ah Kh Qh Jh Th As Qd") is C.ROYAL_FLUSH
    assert classify("Jk Kh Qh Jh Th As Qs") is C.ROYAL_FLUSH


def test_natural_royal_flush_with_ace_king_as_a_setting() -> None:
    ace_king = PaiGowRules(royal_extra_pair=DynastyExtraPair.ACE_KING)
    assert classify("Ah Kh Qh Jh Th As Ks", ace_king) is C.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR
    assert classify("Ah Kh Qh Jh Th As Qs", ace_king) is C.ROYAL_FLUSH
    assert classify("Ah 2h 3h 4h 5h As Qs", ace_king) is (
        C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN
    )


def test_five_aces() -> None:
    assert classify("Ac Ad Ah As Jk Kc 2d") is C.FIVE_ACES
    below_royal = PaiGowRules(five_aces=FiveAcesRank.BELOW_ROYAL_FLUSH)
    assert classify("Ac Ad Ah As Jk Kc 2d", below_royal) is C.FIVE_ACES
    assert classify("Ac Ad Ah As Kc Kd 2d") is C.FOUR_OF_A_KIND


def test_ace_five_natural_straight_flush() -> None:
    assert classify("Ah 2h 3h 4h 5h Jk Kc") is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    assert classify("Ah 2h 3h 4h 5h 6h Kc") is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    lowest = PaiGowRules(wheel=WheelRank.LOWEST)
    assert classify("Ah 2h 3h 4h 5h 6h Kc", lowest) is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    assert classify("Ah 2h 3h Jk 5h Kc 9d") is C.STRAIGHT_FLUSH
    assert has_ace_five_natural_straight_flush(parse_cards("Ah 2h 3h 4h 5h Jk Kc"))
    assert not has_ace_five_natural_straight_flush(parse_cards("Ah 2h 3h Jk 5h Kc 9d"))


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("Jk Kh Qh Jh Th 2c 3d", C.ROYAL_FLUSH),
        ("Ah Kh Qh Jh Th Jk 2c", C.ROYAL_FLUSH),
        ("9h Th Jh Qh Kh 2c 3d", C.STRAIGHT_FLUSH),
        ("9h Th Jk Qh Kh 2c 3d", C.STRAIGHT_FLUSH),
        ("9c 9d 9h 9s 2c 3d 5h", C.FOUR_OF_A_KIND),
        ("9c 9d 9h Jk 2c 3d 5h", C.THREE_OF_A_KIND),
        ("Ac Ad Ah Jk 2c 3d 7h", C.FOUR_OF_A_KIND),
        ("9c 9d 9h 2s 2c 3d 5h", C.FULL_HOUSE),
        ("Kh 9h 7h 4h Jk 2c 3d", C.FLUSH),
        ("9c 9d 9h 3s 2c Qd 5h", C.THREE_OF_A_KIND),
        ("9c Td Jh Qs Jk 2c 4d", C.STRAIGHT),
        ("9c 9d Jh Js 2c 3d 5h", C.TWO_PAIR),
        ("9c 9d Jh Ks 2c 3d 5h", C.ONE_PAIR),
        ("9c Jk Jh Ks 2c 3d 5h", C.HIGH_CARD),
        ("9c Jk Ah Ks 2c 3d 7h", C.ONE_PAIR),
        ("9c 8d Jh Ks 2c 3d 5h", C.HIGH_CARD),
    ],
)
def test_ordinary_dynasty_classes_follow_the_best_five(
    cards: str, expected: SevenCardClass
) -> None:
    assert classify(cards) is expected


def test_the_classes_rank_as_the_dynasty_paytable_lists_them() -> None:
    order = list(SevenCardClass)
    assert order[0] is C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN
    assert order[-1] is C.HIGH_CARD
    assert all(a.outranks(b) for a, b in pairwise(order))
    assert C.FIVE_ACES.outranks(C.ROYAL_FLUSH)
    assert C.STRAIGHT.outranks(C.THREE_OF_A_KIND) and C.THREE_OF_A_KIND.outranks(C.TWO_PAIR)
    assert C.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH.value == "Seven-card natural straight flush"


def test_a_straight_beside_three_of_a_kind_is_a_straight() -> None:
    """The paytable lists three of a kind (3 to 1) above straight (2 to 1); a straight it is."""
    assert classify("9c 9d 9h Ts Jc Qd Kh") is C.STRAIGHT
    assert classify("9c 9d Jk Ts Jc Qd 2h") is C.STRAIGHT


def test_classify_needs_seven_distinct_cards() -> None:
    with pytest.raises(ValueError, match="seven cards, not 6"):
        classify("Ah Kh Qh Jh Th 2c")
    with pytest.raises(ValueError, match="same card twice"):
        classify_seven(parse_cards("Ah Ah Qh Jh Th 2c 3c", allow_duplicates=True))


# Best five of seven and naturals.


def test_best_five_of_seven_uses_the_joker_to_make_a_royal() -> None:
    value = best_five_of_seven(parse_cards("Kh Qh Jh Th 9h 2c Jk"))
    assert value.rank is HandRank.ROYAL_FLUSH
    assert not is_natural(value)
    assert value.cards == parse_cards("Jk Kh Qh Jh Th")


def test_a_natural_royal_stays_natural_beside_the_joker() -> None:
    value = best_five_of_seven(parse_cards("Ah Kh Qh Jh Th Jk 2c"))
    assert value.rank is HandRank.ROYAL_FLUSH
    assert is_natural(value)
    assert has_natural_royal_flush(parse_cards("Ah Kh Qh Jh Th Jk 2c"))
    assert not has_natural_royal_flush(parse_cards("Jk Kh Qh Jh Th As 2c"))


# Protection, §§ 645a.7(e)(5)(iii), 645a.11(h)(7).


@pytest.mark.parametrize(
    ("cards", "high_card"),
    [
        ("9h 8d 7c 6s 4h 3d 2c", Rank.NINE),
        ("Th 8d 7c 6s 4h 3d 2c", Rank.TEN),
        ("Jh 8d 7c 6s 4h 3d 2c", Rank.JACK),
        ("Qh Jd 9c 8s 6h 4d 2c", Rank.QUEEN),
        ("Kh 8d 7c 6s 4h 3d 2c", Rank.KING),
        ("Ah 8d 7c 6s 4h 3d 2c", Rank.ACE),
        ("Jk Kd 9c 7s 4h 3d 2c", Rank.ACE),
        ("8h 7d 6c 5s 4h 2d 3c", None),
        ("9h 9d 7c 6s 4h 3d 2c", None),
        ("Kh 9h 7h 6h 4h 3d 2c", None),
        ("Jk Ad 9c 7s 4h 3d 2c", None),
        ("Jk Kd Qc Js 9h 3d 2c", None),
        ("Jk Kh 9h 7h 4h 3d 2c", None),
        ("Ah 2d 3c 4s 5h 8d 9c", None),
    ],
)
def test_protection_wins_with_no_pair_and_a_nine_or_better(
    cards: str, high_card: Rank | None
) -> None:
    assert protection_high_card(parse_cards(cards)) is high_card


# Red/Black, §§ 645a.7(e)(5)(iv), 645a.11(h)(8).


def test_colour_counts() -> None:
    counts = colour_counts(parse_cards("Ah Kd Qc Js 9h 3d 2c"))
    assert (counts.red, counts.black) == (4, 3)
    assert counts.of(CardColour.RED) == 4 and counts.of(CardColour.BLACK) == 3


def test_the_joker_colour_is_a_setting_and_neither_by_default() -> None:
    cards = parse_cards("Ah Kd Qc Js 9h 3d Jk")
    assert PaiGowRules().joker_colour is JokerColour.NEITHER
    default = colour_counts(cards)
    assert (default.red, default.black) == (4, 2)
    red = colour_counts(cards, PaiGowRules(joker_colour=JokerColour.RED))
    black = colour_counts(cards, PaiGowRules(joker_colour=JokerColour.BLACK))
    assert (red.red, red.black) == (5, 2)
    assert (black.red, black.black) == (4, 3)
