"""Pai Gow Poker wager outcomes, row by row, from the regulation text (seed 000, ch. 645a).

Each case is a hand a regulator could deal on a felt, built card by card: the split or the seven
cards, the table's Rules Submission, and what the dealer must pay or collect, with the section
that says so.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from decimal import ROUND_CEILING, Decimal
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from dealer_trainer.games.pai_gow.config import (
    PaiGowRowHand,
    PaiGowTableConfig,
    pai_gow_paytables,
    parse_pai_gow_config,
)
from dealer_trainer.games.pai_gow.outcomes import (
    PaiGowOutcome,
    Result,
    commission_on,
    envy_amount,
    envy_lammer,
    envy_qualifies,
    limit_hand,
    settle_dynasty,
    settle_emperors_treasure,
    settle_envy_bonuses,
    settle_fortune_bonus,
    settle_pai_gow_wager,
    settle_progressive,
    settle_protection,
    settle_queens_dragon,
    settle_red_black,
    seven_card_classes,
)
from dealer_trainer.games.pai_gow.wagers import (
    PaiGowCondition,
    PaiGowWager,
    ProtectionHand,
    RedBlackHand,
)
from dealer_trainer.hands.pai_gow import check_split, high_strength
from dealer_trainer.hands.pai_gow_seven import CardColour, SevenCardClass, is_queens_dragon
from dealer_trainer.hands.split import Split
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.money import MoneyError
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Provenance

D = Decimal
C = SevenCardClass
W = PaiGowWager
TABLES = shipped_tables()
LIMITS = {"minimum": 1, "maximum": 100}


def table(game: str = "EZ Pai Gow Poker", **options: Any) -> PaiGowTableConfig:
    data: dict[str, Any] = {"game": game, "name": "test", "pai_gow": {"minimum": 5, "maximum": 500}}
    data.update(options)
    return parse_pai_gow_config(data, "test.toml")


def classic(rounding: str = "exact cents", **options: Any) -> PaiGowTableConfig:
    return table("Pai Gow Poker", commission_rounding=rounding, **options)


PROGRESSIVE = tomllib.loads((TABLES / "pai_gow_ez_all_options.toml").read_text())["progressive"]
EVERYTHING = table(
    queens_dragon=LIMITS,
    dynasty_bonus=LIMITS,
    protection=LIMITS,
    red_black=LIMITS,
    fortune_bonus=LIMITS,
    emperors_treasure=LIMITS,
    progressive=PROGRESSIVE,
    rules={"protection_pays_ace_five_straight_flush": True},
)
EZ = table(queens_dragon=LIMITS, dynasty_bonus=LIMITS, protection=LIMITS, red_black=LIMITS)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def split(text: str) -> Split:
    """ "Ah Ad 9c 7s 3h / Kd Qc": the five-card hand, then the two-card hand."""
    high, low = text.split("/")
    return Split.of(parse_cards(high), parse_cards(low))


# --- every row of every paytable, paid -----------------------------------------------------------

SEVEN_CARD_HANDS: dict[SevenCardClass, str] = {
    C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN: "Ah 2h 3h 4h 5h As Qs",
    C.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH: "9s 8s 7s 6s 5s 4s 3s",
    C.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR: "Ah Kh Qh Jh Th As Qs",  # Dynasty: ace/queen
    C.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: "9s 8s 7s Jk 5s 4s 3s",
    C.FIVE_ACES: "Ah Ad Ac As Jk 9c 2d",
    C.ACE_FIVE_NATURAL_STRAIGHT_FLUSH: "Ah 2h 3h 4h 5h Kc 9d",
    C.ROYAL_FLUSH: "Ah Kh Qh Jk Th 3c 2d",
    C.STRAIGHT_FLUSH: "9h 8h 7h 6h 5h Kc 2d",
    C.FOUR_OF_A_KIND: "9h 9d 9c 9s Kh 5c 2d",
    C.FULL_HOUSE: "9h 9d 9c Ks Kh 5c 2d",
    C.FLUSH: "Ah Jh 9h 6h 3h Kc 2d",
    C.THREE_OF_A_KIND: "9h 9d 9c Ks Qh 5c 2d",
    C.STRAIGHT: "9h 8d 7c 6s 5h Kc 2d",
}
ROYAL_MATCH = "Ah Kh Qh Jh Th As Ks"  # Fortune Bonus and Emperor's Treasure: ace/king

ROW_HANDS: dict[PaiGowWager, dict[Any, str]] = {
    W.QUEENS_DRAGON: {PaiGowCondition.DEALER_QUEENS_DRAGON: "Qh Jd 9c 7s 5h 3d 2c"},
    W.DYNASTY_BONUS: SEVEN_CARD_HANDS,
    W.FORTUNE_BONUS: {**SEVEN_CARD_HANDS, C.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR: ROYAL_MATCH},
    W.EMPERORS_TREASURE: {**SEVEN_CARD_HANDS, C.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR: ROYAL_MATCH},
    W.PROGRESSIVE: SEVEN_CARD_HANDS,
    W.PROTECTION: {
        ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH: "Ah 2h 3h 4h 5h Kc 9d",
        ProtectionHand.NINE_HIGH: "9h 8d 7c 5s 4h 3d 2c",
        ProtectionHand.TEN_HIGH: "Th 9d 8c 6s 5h 3d 2c",
        ProtectionHand.JACK_HIGH: "Jh 9d 8c 6s 5h 3d 2c",
        ProtectionHand.QUEEN_HIGH: "Qh Jd 9c 7s 5h 3d 2c",
        ProtectionHand.KING_HIGH: "Kh Jd 9c 7s 5h 3d 2c",
        ProtectionHand.ACE_HIGH: "Ah Jd 9c 7s 5h 3d 2c",
    },
    W.RED_BLACK: {
        RedBlackHand.SEVEN: "Ah Kd Qh Jd 9h 7d 5h",
        RedBlackHand.SIX: "Ah Kd Qh Jd 9h 7d 5c",
        RedBlackHand.FIVE: "Ah Kd Qh Jd 9h 7c 5c",
        RedBlackHand.FOUR: "Ah Kd Qh Jd 9c 7c 5c",
    },
}
SETTLE = {
    W.QUEENS_DRAGON: settle_queens_dragon,
    W.DYNASTY_BONUS: settle_dynasty,
    W.FORTUNE_BONUS: settle_fortune_bonus,
    W.EMPERORS_TREASURE: settle_emperors_treasure,
    W.PROTECTION: settle_protection,
}
METER = D("20000")

ROWS = [
    (table.wager, row.hand, row.label)
    for table in (*pai_gow_paytables().paytables, EVERYTHING.paytable(W.PROGRESSIVE))
    for row in table.rows
    if table.wager is not W.PAI_GOW
]


def settle(wager: PaiGowWager, hand: str, stake: Decimal) -> PaiGowOutcome:
    seven = cards(hand)
    if wager is W.RED_BLACK:
        return settle_red_black(EVERYTHING, seven, CardColour.RED, stake)
    if wager is W.PROGRESSIVE:
        return settle_progressive(EVERYTHING, seven, stake, METER)
    return SETTLE[wager](EVERYTHING, seven, stake)


@pytest.mark.parametrize(
    ("wager", "hand"),
    [row[:2] for row in ROWS],
    ids=[f"{wager.value}: {label}" for wager, _, label in ROWS],
)
def test_every_paytable_row_is_paid(wager: PaiGowWager, hand: PaiGowRowHand) -> None:
    stake = D(1) if wager is W.PROGRESSIVE else D(5)
    outcome = settle(wager, ROW_HANDS[wager][hand], stake)
    row = EVERYTHING.paytable(wager).row(hand)
    assert row is not None
    assert outcome.result is Result.WIN, outcome.reason
    assert outcome.row == row, outcome.reason
    odds = row.odds
    if odds.kind is OddsKind.TO:
        assert outcome.paid == stake * odds.x / odds.y and outcome.stake_returned
    elif odds.kind is OddsKind.FOR:
        assert outcome.paid == stake * odds.x and not outcome.stake_returned
    else:
        assert outcome.paid == METER * odds.percent / 100 and not outcome.stake_returned
    assert outcome.commission == 0
    assert str(odds) in outcome.reason
    assert EVERYTHING.paytable(wager).name in outcome.reason
    assert f"({row.citation.for_trainee})" in outcome.reason


def test_the_pai_gow_row_is_paid_even_money() -> None:
    outcome = settle_pai_gow_wager(
        EVERYTHING, split("Ah Ad 9c 7s 3h / Kd Qc"), split("Kh Ks 8c 6s 2h / Jd Tc"), D(25)
    )
    assert outcome.result is Result.WIN and outcome.paid == 25 and outcome.net == 25
    assert outcome.row == pai_gow_paytables().get(W.PAI_GOW).rows[0]


def test_the_queens_dragon_reason_names_the_hand_the_row_and_the_section() -> None:
    outcome = settle_queens_dragon(EZ, cards("Qh Jd 9c 7s 5h 3d 2c"), D(5))
    assert outcome.reason == (
        "the dealer's Queen's Dragon (Qh Jd 9c 7s 5h 3d 2c): Queen's Dragon pays 50 to 1: "
        "$5 wins $250 (§ 645a.13(f))"
    )
    assert outcome.citation.provenance is Provenance.SEED


# --- the Pai Gow Poker Wager and its vigorish -----------------------------------------------------

WINNER = split("Ah Ad 9c 7s 3h / Kd Qc")
LOSER = split("Kh Ks 8c 6s 2h / Jd Tc")

# pai-gow.md § 3.1: win, 5% exact, collected when rounded up to 25¢
VIG_TABLE = [
    ("5", "0.25", "0.25"),
    ("7", "0.35", "0.50"),
    ("10", "0.50", "0.50"),
    ("13", "0.65", "0.75"),
    ("20", "1.00", "1.00"),
    ("45", "2.25", "2.25"),
    ("100", "5.00", "5.00"),
]


@pytest.mark.parametrize(("win", "exact", "rounded"), VIG_TABLE)
def test_the_vigorish_table(win: str, exact: str, rounded: str) -> None:
    for rounding, collected in (("up to the next 25¢", rounded), ("exact cents", exact)):
        outcome = settle_pai_gow_wager(classic(rounding), WINNER, LOSER, D(win))
        assert outcome.result is Result.WIN
        assert outcome.paid == D(win) and outcome.stake_returned
        assert outcome.commission == D(collected)
        assert outcome.commission_exact == D(exact)
        assert outcome.total_to_player == 2 * D(win) - D(collected)
        assert outcome.net == D(win) - D(collected)
        assert commission_on(classic(rounding), D(win)) == D(collected)


def test_the_vigorish_reason_shows_the_rounding() -> None:
    outcome = settle_pai_gow_wager(classic("up to the next 25¢"), WINNER, LOSER, D(13))
    assert outcome.reason == (
        "the player's high hand (pair of aces) beats the dealer's (pair of kings) and the "
        "player's low hand (king-queen) beats the dealer's (jack-ten): the Pai Gow Poker Wager "
        "pays 1 to 1: $13 wins $13, less 5% vigorish of $0.65 rounded up to $0.75 collected "
        "with the payout (§§ 645a.11(f)(3), 645a.13(a))"
    )


def test_a_fraction_of_a_cent_of_vigorish_is_collected_as_the_next_cent() -> None:
    outcome = settle_pai_gow_wager(classic(), WINNER, LOSER, D("7.50"))
    assert outcome.commission_exact == D("0.375") and outcome.commission == D("0.38")


def test_ez_pai_gow_collects_no_vigorish() -> None:
    outcome = settle_pai_gow_wager(EZ, WINNER, LOSER, D(13))
    assert outcome.result is Result.WIN and outcome.commission == 0 and outcome.net == 13
    assert "no vigorish on EZ Pai Gow Poker" in outcome.reason


@pytest.mark.parametrize(
    ("player", "dealer", "section"),
    [
        # high wins, low loses
        ("Ah Ad 9c 7s 3h / 6d 4c", "Kh Ks 8c 6s 2h / Jd Tc", "645a.11(f)(2)(i)"),
        # high loses, low wins
        ("Qh Qd 9c 7s 3h / Ad Kc", "Kh Ks 8c 6s 2h / Jd Tc", "645a.11(f)(2)(ii)"),
        # high wins, low a copy
        ("Ah Ad 9c 7s 3h / Jc Ts", "Kh Ks 8c 6s 2h / Jd Th", "645a.11(f)(2)(i)"),
        # high a copy, low wins
        ("Kd Kc 8h 6d 2c / Ad Qc", "Kh Ks 8c 6s 2h / Jd Tc", "645a.11(f)(2)(ii)"),
    ],
)
def test_one_hand_won_and_one_not_won_is_a_tie(player: str, dealer: str, section: str) -> None:
    outcome = settle_pai_gow_wager(classic(), split(player), split(dealer), D(10))
    assert outcome.result is Result.PUSH
    assert outcome.paid == 0 and outcome.stake_returned and outcome.net == 0
    assert outcome.commission == 0
    assert outcome.citation.sections == (section,)
    assert "a tie; the wager is returned" in outcome.reason


@pytest.mark.parametrize(
    ("player", "dealer", "copies"),
    [
        ("Qh Qd 9c 7s 3h / 6d 4c", "Kh Ks 8c 6s 2h / Jd Tc", False),  # both lower
        ("Kd Kc 8h 6d 2c / Jc Ts", "Kh Ks 8c 6s 2h / Jd Th", True),  # both copies
        ("Kd Kc 8h 6d 2c / 9c 7s", "Kh Ks 8c 6s 2h / Jd Th", True),  # high copy, low lower
        ("Qd Qc 8h 6d 2c / Jc Ts", "Kh Ks 8c 6s 2h / Jd Th", True),  # high lower, low copy
    ],
)
def test_copies_go_to_the_dealer(player: str, dealer: str, copies: bool) -> None:
    outcome = settle_pai_gow_wager(classic(), split(player), split(dealer), D(10))
    assert outcome.result is Result.LOSE
    assert outcome.paid == 0 and not outcome.stake_returned and outcome.net == -10
    assert ("copies go to the dealer" in outcome.reason) is copies
    assert "is a copy of" in outcome.reason or not copies


def test_a_fouled_hand_loses_even_against_a_weaker_dealer() -> None:
    fouled = split("Kh Qd 9c 7s 3h / Ah Ad")
    outcome = settle_pai_gow_wager(classic(), fouled, split("Jh Ts 8c 6s 2h / 5d 4c"), D(10))
    assert outcome.result is Result.LOSE and outcome.net == -10
    assert outcome.citation.sections == ("645a.11(f)(1)(iv)",)
    assert "not set correctly" in outcome.reason and "pair of aces" in outcome.reason


QUEENS_DRAGON = split("Qh Jd 9c 7s 5h / 3d 2c")


def test_an_ez_dealer_queens_dragon_pushes_a_winning_hand() -> None:
    player = split("Ah Ad 9s 8h 3c / Kd Qs")
    outcome = settle_pai_gow_wager(EZ, player, QUEENS_DRAGON, D(10))
    assert outcome.result is Result.PUSH and outcome.net == 0
    assert outcome.citation.sections == ("645a.11(f)(1)(v)", "645a.11(f)(2)(iii)")
    assert "Queen's Dragon on an EZ Pai Gow Poker table" in outcome.reason


def test_a_queens_dragon_on_a_classic_table_is_just_a_queen_high_hand() -> None:
    player = split("Ah Ad 9s 8h 3c / Kd Qs")
    outcome = settle_pai_gow_wager(classic(), player, QUEENS_DRAGON, D(10))
    assert outcome.result is Result.WIN and outcome.commission == D("0.50")


def test_an_ez_queens_dragon_pushes_a_fouled_hand_unless_the_property_reads_it_otherwise() -> None:
    fouled = split("Kh Td 8c 6s 4h / Ah Ad")
    pushed = settle_pai_gow_wager(EZ, fouled, QUEENS_DRAGON, D(10))
    assert pushed.result is Result.PUSH
    assert "even though the player's hand is not set correctly" in pushed.reason
    strict = table(rules={"queens_dragon_pushes_fouled_hand": False})
    lost = settle_pai_gow_wager(strict, fouled, QUEENS_DRAGON, D(10))
    assert lost.result is Result.LOSE
    assert lost.citation.sections == ("645a.11(f)(1)(iv)",)


def test_the_dealers_split_must_be_legal_and_the_cards_distinct() -> None:
    with pytest.raises(ValueError, match="the dealer's hand is not set correctly"):
        settle_pai_gow_wager(EZ, WINNER, split("Kh Qs 8c 6s 2h / Jd Jc"), D(10))
    with pytest.raises(ValueError, match="cannot both hold Ad"):
        settle_pai_gow_wager(EZ, WINNER, split("Ad Ks 8c 6s 2h / Jd Tc"), D(10))


@pytest.mark.parametrize("stake", [0, -5, 7.5, "abc", D("1.005")])
def test_stakes_are_exact_positive_amounts(stake: Any) -> None:
    with pytest.raises((ValueError, MoneyError)):
        settle_pai_gow_wager(EZ, WINNER, LOSER, stake)


# --- the seven-card wagers -----------------------------------------------------------------------


def test_queens_dragon_loses_without_a_queens_dragon() -> None:
    outcome = settle_queens_dragon(EZ, cards("Kh Jd 9c 7s 5h 3d 2c"), D(5))
    assert outcome.result is Result.LOSE and outcome.net == -5
    assert "king high: a Queen's Dragon is queen high" in outcome.reason
    assert outcome.citation.sections == ("645a.11(h)(5)",)


def test_dynasty_loses_below_three_of_a_kind() -> None:
    outcome = settle_dynasty(EZ, cards("Ah Ad 9c 9s 5h 3d 2c"), D(5))
    assert outcome.result is Result.LOSE and outcome.hand is C.TWO_PAIR
    assert "two pair, aces and nines, less than three of a kind" in outcome.reason
    assert outcome.citation.sections == ("645a.11(h)(6)(i)(A)",)


def test_dynasty_pays_a_straight_holding_three_of_a_kind_as_a_straight() -> None:
    outcome = settle_dynasty(EZ, cards("9h 9d 9c 8s 7h 6c 5d"), D(5))
    assert outcome.row is not None and outcome.row.hand is C.STRAIGHT
    assert outcome.paid == 10


def test_dynasty_royal_flush_with_ace_king_follows_the_extra_pair_setting() -> None:
    hand = cards(ROYAL_MATCH)
    assert settle_dynasty(EZ, hand, D(5)).paid == 600  # royal flush, 120 to 1
    ace_king = table(dynasty_bonus=LIMITS, rules={"dynasty_royal_extra_pair": "ace/king suited"})
    assert settle_dynasty(ace_king, hand, D(5)).paid == 5000  # 1,000 to 1


def test_fortune_pays_an_ace_five_straight_flush_as_a_straight_flush() -> None:
    config = classic(fortune_bonus=LIMITS)
    outcome = settle_fortune_bonus(config, cards("Ah 2h 3h 4h 5h Kc 9d"), D(5))
    assert outcome.row is not None and outcome.row.hand is C.STRAIGHT_FLUSH
    assert outcome.paid == 250
    lost = settle_fortune_bonus(config, cards("Ah Ad 9c 9s 5h 3d 2c"), D(5))
    assert lost.result is Result.LOSE and "(rule of the game)" in lost.reason


def test_the_payout_limit_caps_a_side_wager_but_not_an_envy_bonus() -> None:
    config = table(dynasty_bonus={"minimum": 1, "maximum": 100}, payout_limit=50_000)
    outcome = settle_dynasty(config, cards("9s 8s 7s 6s 5s 4s 3s"), D(50))
    assert outcome.capped and outcome.paid == 50_000 and outcome.exact == 100_000
    assert "capped at the $50,000 payout limit per hand (§ 645a.13(j))" in outcome.reason
    envy = settle_envy_bonuses(
        config,
        {1: cards("9s 8s 7s 6s 5s 4s 3s"), 2: cards("Kh Ks 8c 6d 2h Jd Tc")},
        {2: {W.DYNASTY_BONUS: D(5)}},
    )
    assert envy[2][0].paid == 400 and "no payout limit applies" in envy[2][0].reason


@pytest.mark.parametrize(
    ("hand", "why"),
    [
        ("Ah Ad 9c 7s 5h 3d 2c", "pair of aces: a pair or better loses"),
        ("9h 8d 7c 6s 5h 3d 2c", "straight, nine high: a pair or better loses"),
        ("Ah Jh 9h 6h 3h Kc 2d", "flush, ace high: a pair or better loses"),
        ("Jk Ad 9c 7s 6h 3d 2c", "pair of aces: a pair or better loses"),  # joker as an ace
        ("Jk 9d 8c 7s 5h 3d 2c", "straight, nine high"),  # joker completes 5-9
    ],
)
def test_protection_loses_with_a_pair_or_better(hand: str, why: str) -> None:
    outcome = settle_protection(EZ, cards(hand), D(5))
    assert outcome.result is Result.LOSE and why in outcome.reason
    assert outcome.citation.sections == ("645a.11(h)(7)",)


def test_protection_pays_the_joker_as_an_ace_high_card() -> None:
    outcome = settle_protection(EZ, cards("Jk Qd 9c 7s 5h 3d 2c"), D(5))
    assert outcome.row is not None and outcome.row.hand is ProtectionHand.ACE_HIGH
    assert outcome.paid == 15 and "the joker plays as an ace" in outcome.reason


def test_protection_ace_five_row_is_off_unless_confirmed() -> None:
    hand = cards("Ah 2h 3h 4h 5h Kc 9d")
    assert settle_protection(EZ, hand, D(5)).result is Result.LOSE
    outcome = settle_protection(EVERYTHING, hand, D(5))
    assert outcome.paid == 600 and "the property confirmed it (house rule" in outcome.reason


@pytest.mark.parametrize(
    ("joker", "colour", "result", "count"),
    [
        ("neither", CardColour.RED, Result.LOSE, 3),
        ("red", CardColour.RED, Result.WIN, 4),
        ("black", CardColour.RED, Result.LOSE, 3),
        ("neither", CardColour.BLACK, Result.LOSE, 3),
        ("black", CardColour.BLACK, Result.WIN, 4),
    ],
)
def test_red_black_counts_the_joker_as_the_property_says(
    joker: str, colour: CardColour, result: Result, count: int
) -> None:
    config = table(red_black=LIMITS, rules={"joker_colour": joker})
    outcome = settle_red_black(config, cards("Jk Kd Qh Jd 9c 7c 5c"), colour, D(5))
    assert outcome.result is result
    assert f"hold {count} {colour.value.lower()} cards" in outcome.reason
    assert f"the joker counts as {joker if joker != 'neither' else 'neither colour'}" in (
        outcome.reason
    )
    assert ", house rule)" in outcome.reason
    if result is Result.WIN:
        assert outcome.row is not None and outcome.row.hand is RedBlackHand.FOUR
        assert outcome.paid == 5
    else:
        assert outcome.citation.sections == ("645a.11(h)(8)",)


def test_red_black_black_seven_pays_five_to_one() -> None:
    outcome = settle_red_black(EZ, cards("As Ks Qc Jc 9s 7c 5s"), CardColour.BLACK, D(10))
    assert outcome.paid == 50 and outcome.total_to_player == 60


def test_the_progressive_meter_share_documentation_and_rounding() -> None:
    outcome = settle_progressive(EVERYTHING, cards("Ah Ad Ac As Jk 9c 2d"), D(1), D("25000.55"))
    assert outcome.is_meter_award and outcome.paid == D("2500.05")
    assert outcome.exact == D("2500.055")
    assert "10% of meter of $25,000.55 is $2,500.05 ($2,500.055 rounded down" in outcome.reason
    assert "(§ 645a.11(h)(4)(ii)(D))" in outcome.reason
    assert outcome.provenance is Provenance.PROPERTY
    with pytest.raises(ValueError, match="meter amount"):
        settle_progressive(EVERYTHING, cards("Ah Ad Ac As Jk 9c 2d"), D(1))


def test_the_progressive_pays_for_one_and_collects_below_a_full_house() -> None:
    royal = settle_progressive(EVERYTHING, cards("Ah Kh Qh Jh Th 3c 2d"), D(1))
    assert royal.paid == 500 and not royal.stake_returned and royal.net == 499
    flush = settle_progressive(EVERYTHING, cards("Ah Jh 9h 6h 3h Kc 2d"), D(1))
    assert flush.result is Result.LOSE and flush.net == -1
    assert flush.citation.sections == ("645a.11(h)(4)(i)",)


def test_a_wager_the_table_does_not_offer_cannot_be_settled() -> None:
    with pytest.raises(KeyError):
        settle_dynasty(classic(), cards("9h 9d 9c Ks Qh 5c 2d"), D(5))
    with pytest.raises(ValueError, match="seven different cards"):
        settle_dynasty(EZ, cards("9h 9d 9c Ks Qh 5c"), D(5))


# --- the Envy Bonus ------------------------------------------------------------------------------

DYNASTY_ENVY = [row for row in pai_gow_paytables().get(W.DYNASTY_BONUS).rows if row.envy]


@pytest.mark.parametrize("row", DYNASTY_ENVY, ids=[row.label for row in DYNASTY_ENVY])
def test_every_envy_amount_of_the_dynasty_table(row: Any) -> None:
    assert envy_amount(EZ, row.hand) == row.envy
    assert envy_qualifies(EZ, cards(SEVEN_CARD_HANDS[row.hand])) is row.hand


def test_a_full_house_is_no_envy_bonus_qualifying_hand() -> None:
    assert envy_qualifies(EZ, cards(SEVEN_CARD_HANDS[C.FULL_HOUSE])) is None
    assert envy_amount(EZ, C.FULL_HOUSE) == 0
    assert envy_qualifies(classic(), cards(SEVEN_CARD_HANDS[C.FIVE_ACES])) is None


def test_an_envy_lammer_needs_a_qualifying_wager_of_five_dollars() -> None:
    assert envy_lammer(EZ, {W.DYNASTY_BONUS: D("4.99")}) is None
    assert envy_lammer(EZ, {W.DYNASTY_BONUS: D(5)}) is W.DYNASTY_BONUS
    assert envy_lammer(EZ, {W.PROTECTION: D(100)}) is None


QUADS = cards("9h 9d 9c 9s Kh 5c 2d")
FIVE_ACES = cards("Ah Ad Ac As Jk 8c 3d")
NOTHING = cards("Kc Qs 7c 6d 4h 3s Tc")


def test_envy_is_never_paid_for_the_players_own_hand() -> None:
    paid = settle_envy_bonuses(
        EZ, {1: QUADS, 2: NOTHING}, {1: {W.DYNASTY_BONUS: D(25)}, 2: {W.PAI_GOW: D(10)}}
    )
    assert paid == {}


def test_every_lammer_is_paid_for_every_other_qualifying_hand() -> None:
    sevens = {1: QUADS, 2: FIVE_ACES, 3: NOTHING}
    stakes = {
        1: {W.DYNASTY_BONUS: D(5)},
        2: {W.DYNASTY_BONUS: D(5)},
        3: {W.DYNASTY_BONUS: D(10)},
    }
    paid = settle_envy_bonuses(EZ, sevens, stakes)
    assert [o.paid for o in paid[1]] == [D(100)]  # seat 2's five aces
    assert [o.paid for o in paid[2]] == [D(5)]  # seat 1's four of a kind
    assert [o.paid for o in paid[3]] == [D(5), D(100)]  # both
    envy = paid[3][1]
    assert envy.wager is W.ENVY_BONUS and envy.stake == 0 and envy.net == 100
    assert envy.hand is C.FIVE_ACES
    assert envy.reason.startswith("seat 2's seven cards (Ah Ad Ac As Jk 8c 3d) make five aces")
    assert envy.citation.sections == ("645a.11(h)(6)(ii)", "645a.13(g)")


def test_a_player_without_a_lammer_is_paid_no_envy() -> None:
    paid = settle_envy_bonuses(
        EZ, {1: QUADS, 2: NOTHING}, {2: {W.DYNASTY_BONUS: D(4)}, 1: {W.DYNASTY_BONUS: D(5)}}
    )
    assert paid == {}


def test_a_fortune_lammer_is_paid_from_the_fortune_envy_column() -> None:
    config = table(dynasty_bonus=LIMITS, fortune_bonus=LIMITS)
    sevens = {1: FIVE_ACES, 2: NOTHING, 3: NOTHING}
    stakes = {2: {W.FORTUNE_BONUS: D(5)}, 3: {W.DYNASTY_BONUS: D(5), W.FORTUNE_BONUS: D(5)}}
    paid = settle_envy_bonuses(config, sevens, stakes)
    assert paid[2][0].paid == 250 and paid[2][0].provenance is Provenance.STANDARD
    assert paid[3][0].paid == 100  # Dynasty's column first for a player with both
    assert envy_amount(config, C.FIVE_ACES, W.FORTUNE_BONUS) == 250


# --- properties over random legal splits --------------------------------------------------------

DECK = (*STANDARD_CARDS, JOKER)
LOW_CHOICES = tuple(combinations(range(7), 2))


def legal_split(seven: Sequence[Card], start: int) -> Split:
    """The first legal split at or after ``start`` among the 21 ways to pick the low hand."""
    for step in range(len(LOW_CHOICES)):
        low_at = LOW_CHOICES[(start + step) % len(LOW_CHOICES)]
        low = [seven[i] for i in low_at]
        high = [card for i, card in enumerate(seven) if i not in low_at]
        if check_split(high, low).legal:
            return Split.of(high, low)
    raise AssertionError(f"no legal split of {seven}")


@st.composite
def two_splits(draw: st.DrawFn) -> tuple[Split, Split]:
    dealt = draw(st.permutations(DECK))[:14]
    starts = st.integers(0, len(LOW_CHOICES) - 1)
    return legal_split(dealt[:7], draw(starts)), legal_split(dealt[7:], draw(starts))


def low_strength(hand: Split) -> int:
    value = check_split(hand.high, hand.low).low
    assert value is not None
    return value.strength


def expected_result(player: Split, dealer: Split, ez: bool) -> Result:
    if ez and is_queens_dragon(dealer.cards):
        return Result.PUSH
    high = high_strength(player.high) > high_strength(dealer.high)
    low = low_strength(player) > low_strength(dealer)
    if high and low:
        return Result.WIN
    return Result.PUSH if high or low else Result.LOSE


ROUNDED = classic("up to the next 25¢")
EXACT = classic()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    splits=two_splits(),
    stake=st.decimals(min_value=D("0.01"), max_value=D(10_000), places=2),
    config=st.sampled_from([ROUNDED, EXACT, EZ]),
)
def test_random_legal_splits_settle_consistently_and_exactly(
    splits: tuple[Split, Split], stake: Decimal, config: PaiGowTableConfig
) -> None:
    player, dealer = splits
    outcome = settle_pai_gow_wager(config, player, dealer, stake)
    assert outcome.result is expected_result(player, dealer, config.is_ez), outcome.reason
    for amount in (outcome.paid, outcome.commission, outcome.total_to_player, outcome.net):
        assert isinstance(amount, Decimal) and amount == amount.quantize(D("0.01"))
    if outcome.result is Result.WIN:
        assert outcome.paid == stake and outcome.stake_returned
        unit = D(0) if config.is_ez else (D("0.25") if config is ROUNDED else D("0.01"))
        vig = stake * config.commission_rate
        if unit:
            vig = (vig / unit).to_integral_value(rounding=ROUND_CEILING) * unit
        assert outcome.commission == vig
        assert outcome.net == stake - vig
        assert 0 <= outcome.commission - stake * config.commission_rate < max(unit, D("0.01"))
    elif outcome.result is Result.PUSH:
        assert outcome.net == 0 and outcome.total_to_player == stake
    else:
        assert outcome.net == -stake and outcome.total_to_player == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(splits=two_splits())
def test_swapping_the_player_and_the_dealer_mirrors_the_result(
    splits: tuple[Split, Split],
) -> None:
    """Copies go to whoever is the dealer: a win one way is a loss the other, and every copied
    hand turns what would mirror into a win for the other side into a loss for it."""
    first, second = splits
    forward = settle_pai_gow_wager(EXACT, first, second, D(10)).result
    backward = settle_pai_gow_wager(EXACT, second, first, D(10)).result
    copies = (high_strength(first.high) == high_strength(second.high)) + (
        low_strength(first) == low_strength(second)
    )
    mirrored = {
        Result.WIN: (Result.LOSE,),
        Result.PUSH: (Result.PUSH, Result.LOSE),
        Result.LOSE: (Result.WIN, Result.PUSH, Result.LOSE),
    }[forward]
    assert backward is mirrored[min(copies, len(mirrored) - 1)]


@settings(max_examples=200, deadline=None)
@given(dealt=st.permutations(DECK))
def test_the_best_dynasty_class_is_always_among_the_classes_held(dealt: list[Card]) -> None:
    seven = dealt[:7]
    classes = seven_card_classes(seven, EZ.rules.hand_rules)
    outcome = settle_dynasty(EZ, seven, D(5))
    row = outcome.row
    if row is None:
        assert outcome.result is Result.LOSE
        assert all(c.order < C.THREE_OF_A_KIND.order for c in classes)
    else:
        assert row.hand in classes


def test_the_payout_limit_is_shared_by_the_wagers_on_one_hand_in_settlement_order() -> None:
    """§ 645a.13(j): the limit is what is payable to a player on a single hand, so later wagers
    get what the earlier ones left; one nothing is left for returns its stake unpaid."""
    config = table(
        dynasty_bonus={"minimum": 1, "maximum": 100},
        red_black={"minimum": 1, "maximum": 1000},
        payout_limit=50_000,
    )
    seven = cards("4s 5s 6s 7s 8s 9s Ts")
    dynasty = settle_dynasty(config, seven, D(25))
    red_black = settle_red_black(config, seven, CardColour.BLACK, D(500))
    first, second = limit_hand(config, [dynasty, red_black])
    assert first.paid == 50_000 and not first.capped
    assert second.result is Result.PUSH and second.paid == 0 and second.stake_returned
    assert "$0 left" in second.reason and "returned unpaid" in second.reason
    envy_free = limit_hand(table(dynasty_bonus={"minimum": 1, "maximum": 100}), [dynasty])
    assert envy_free == (dynasty,)  # no limit in the Rules Submission: nothing changes
