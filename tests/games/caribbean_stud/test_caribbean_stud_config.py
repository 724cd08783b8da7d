"""The Caribbean Stud Poker Rules Submission and paytable file: shipped data loads with its
citations, and every error names the file, the field and what was expected (ch. 639a)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.games.caribbean_stud.config import (
    FIXED_RULES,
    RULE_INFO,
    CaribbeanStudConfigError,
    CaribbeanStudTableConfig,
    NonQualifyingAnte,
    caribbean_stud_paytables,
    load_caribbean_stud_config,
    load_caribbean_stud_paytables,
    parse_caribbean_stud_config,
    parse_row_hand,
)
from dealer_trainer.games.caribbean_stud.wagers import (
    CaribbeanStudWager,
    StudCondition,
    StudHand,
    StudHandSource,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.money import RoundingMode
from dealer_trainer.rules.odds import Odds
from dealer_trainer.rules.provenance import Provenance

D = Decimal
W = CaribbeanStudWager
TABLES = shipped_tables()
PLAIN = TABLES / "caribbean_stud_plain.toml"
PROGRESSIVE = TABLES / "caribbean_stud_progressive.toml"
LIMITS = {"minimum": 1, "maximum": 25}
ROWS = [
    {"hand": "Royal flush", "odds": "100% of meter"},
    {"hand": "Straight flush", "odds": "10% of meter"},
    {"hand": "Four of a kind", "odds": "500 for 1"},
    {"hand": "Three of a kind", "odds": "5 for 1"},
]
BASE = """\
game = "Caribbean Stud Poker"
name = "test table"
ante = { minimum = 5, maximum = 100 }
"""


def table(**options: Any) -> CaribbeanStudTableConfig:
    data: dict[str, Any] = {
        "game": "Caribbean Stud Poker",
        "name": "test",
        "ante": {"minimum": 5, "maximum": 100},
    }
    data.update(options)
    return parse_caribbean_stud_config(data, "house.toml")


def refused(**options: Any) -> CaribbeanStudConfigError:
    with pytest.raises(CaribbeanStudConfigError) as caught:
        table(**options)
    return caught.value


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def make(text: str) -> Path:
        path = tmp_path / "rules_submission.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return make


# --- the shipped files -----------------------------------------------------------------------


def test_the_shipped_tables_are_marked_standard_and_printed_best_first() -> None:
    catalog = caribbean_stud_paytables()
    bet = catalog.get(W.BET, "A")
    assert bet.provenance is Provenance.STANDARD
    assert "Lunar Poker" in bet.citation.source and "671a.12(d)" in bet.citation.source
    assert [str(row.odds) for row in bet.rows] == [
        *("100 to 1", "50 to 1", "20 to 1", "7 to 1", "5 to 1"),
        *("4 to 1", "3 to 1", "2 to 1", "1 to 1"),
    ]
    assert bet.rows[-1].hand is StudHand.ONE_PAIR_OR_ACE_KING
    assert bet.cards_citation.sections == ("639a.2(b)(7)", "639a.11(c)")
    bonus = catalog.get(W.CARIBBEAN_STUD_BONUS, "A")
    assert bonus.provenance is Provenance.STANDARD
    assert "not from the seeds" in bonus.citation.source
    assert bonus.rows[0].odds == Odds.to(1000) and bonus.rows[-1].odds == Odds.to(1)
    assert bonus.rows[-1].hand is StudHand.PAIR_OF_TENS_OR_BETTER
    assert bonus.cards is StudHandSource.PLAYER_FIVE
    assert bonus.cards_citation.sections == ("639a.7(d)(3)",)
    ante = catalog.get(W.ANTE)
    assert ante.rows[0].hand is StudCondition.ANTE_WINS and ante.rows[0].odds == Odds.to(1)
    assert catalog.letters(W.PROGRESSIVE) == ()


def test_the_plain_lesson_table() -> None:
    config = load_caribbean_stud_config(PLAIN)
    assert config.offered_wagers() == (W.ANTE, W.BET, W.CARIBBEAN_STUD_BONUS)
    assert not config.offers(W.PROGRESSIVE) and not config.offers(W.ENVY_BONUS)
    assert config.bet_multiple == 2
    assert config.limits(W.ANTE).minimum == 5
    assert config.limits(W.CARIBBEAN_STUD_BONUS).maximum == 25
    with pytest.raises(KeyError, match="no limits of its own for the Bet"):
        config.limits(W.BET)
    assert config.paytable(W.BET).name == "Bet Paytable A"
    assert config.ante_paid_when_dealer_does_not_qualify
    assert config.envy_amount is None and not config.progressive_pays_meter_share


def test_the_progressive_lesson_table_is_the_propertys_own() -> None:
    config = load_caribbean_stud_config(PROGRESSIVE)
    assert config.offers(W.PROGRESSIVE) and config.offers(W.ENVY_BONUS)
    progressive = config.paytable(W.PROGRESSIVE)
    assert progressive.name == "Progressive Payout Wager Paytable P"
    assert progressive.provenance is Provenance.PROPERTY
    assert "caribbean_stud_progressive.toml" in progressive.citation.note
    assert str(progressive.citation) == "house rule, § 639a.12"
    assert progressive.rows[0].odds == Odds.meter(100)
    assert progressive.rows[-1].hand is StudHand.THREE_OF_A_KIND
    assert progressive.cards_citation.sections == ("639a.1",)
    assert config.envy_amount == 100
    assert config.envy_qualifying_hand is HandRank.STRAIGHT_FLUSH
    assert config.progressive_meter_reset == 25_000
    assert config.progressive_pays_meter_share


def test_describe_gives_every_number_its_provenance() -> None:
    lines = load_caribbean_stud_config(PROGRESSIVE).describe()
    text = "\n".join(lines)
    assert "Bet Paytable A  2 x the Ante  — common practice" in text
    assert "    One pair or ace/king: 1 to 1" in lines
    assert "    Royal flush: 100% of meter" in lines
    assert "    meter resets to $25,000" in lines
    assert "Envy Bonus: $100 to each other progressive bettor" in text
    assert "  Dealer qualifies with: ace/king or better  — § 639a.2(b)(7) — regulation text" in (
        lines
    )
    assert "  Bet Wager: exactly two times the Ante  — § 639a.11(b) — regulation text" in lines
    assert "Ante when the dealer does not qualify: paid 1 to 1  — common practice" in text
    assert len(FIXED_RULES) >= 5
    assert all(rule.citation.sections for rule in FIXED_RULES if rule.citation.provenance.from_seed)


def test_a_rule_the_property_states_is_the_propertys_word() -> None:
    config = table(rules={"ante_when_dealer_does_not_qualify": "returned"})
    assert config.rules.ante_when_dealer_does_not_qualify is NonQualifyingAnte.RETURNED
    assert not config.ante_paid_when_dealer_does_not_qualify
    assert config.rules.citation("ante_when_dealer_does_not_qualify").provenance is (
        Provenance.PROPERTY
    )
    assert table().rules.citation("ante_when_dealer_does_not_qualify") == (
        RULE_INFO["ante_when_dealer_does_not_qualify"].citation
    )
    stated = table(rules={"ante_when_dealer_does_not_qualify": "paid 1 to 1"})
    assert stated.rules.citation("ante_when_dealer_does_not_qualify").provenance is (
        Provenance.PROPERTY
    )
    (view,) = [s for s in stated.rules.describe() if s.name == "ante_when_dealer_does_not_qualify"]
    assert view.is_default and view.value == "paid 1 to 1"
    rounding = table(rules={"meter_payout_rounding": {"unit": "1", "mode": "down"}})
    assert rounding.rules.meter_payout_rounding.unit == 1
    assert rounding.rules.meter_payout_rounding.mode is RoundingMode.DOWN


def test_property_rows_replace_a_shipped_table_under_another_letter() -> None:
    rows = [
        {"hand": "Royal flush", "odds": "500 to 1"},
        {"hand": "Straight flush", "odds": "100 to 1"},
        {"hand": "Four of a kind", "odds": "40 to 1"},
        {"hand": "Full house", "odds": "10 to 1"},
        {"hand": "Flush", "odds": "7 to 1"},
        {"hand": "Straight", "odds": "5 to 1"},
        {"hand": "Three of a kind", "odds": "3 to 1"},
        {"hand": "Pair of 10s or better", "odds": "1 to 1"},
    ]
    config = table(caribbean_stud_bonus={**LIMITS, "paytable": "B", "rows": rows})
    bonus = config.paytable(W.CARIBBEAN_STUD_BONUS)
    assert bonus.name == "Caribbean Stud Bonus Paytable B"
    assert bonus.provenance is Provenance.PROPERTY
    assert bonus.row(StudHand.TWO_PAIR) is None
    bet_rows = [
        {"hand": h, "odds": "1 to 1"}
        for h in (
            *("Royal flush", "Straight flush", "Four of a kind", "Full house", "Flush"),
            *("Straight", "Three of a kind", "Two pair", "One pair", "Ace/king"),
        )
    ]
    assert table(bet={"paytable": "C", "rows": bet_rows}).paytable(W.BET).name == "Bet Paytable C"


def test_row_names_are_read_in_each_wagers_vocabulary() -> None:
    assert parse_row_hand(W.BET, "one pair or ace/king") is StudHand.ONE_PAIR_OR_ACE_KING
    assert parse_row_hand(W.CARIBBEAN_STUD_BONUS, "pair of 10s or better") is (
        StudHand.PAIR_OF_TENS_OR_BETTER
    )
    with pytest.raises(ValueError, match=r"pair of 10s or better.*639a\.7\(d\)\(3\)"):
        parse_row_hand(W.CARIBBEAN_STUD_BONUS, "One pair")
    with pytest.raises(ValueError, match=r"two pair or better.*639a\.1"):
        parse_row_hand(W.PROGRESSIVE, "Pair of 10s or better")
    with pytest.raises(ValueError, match="no paytable"):
        parse_row_hand(W.ENVY_BONUS, "Royal flush")


# --- errors name the file and the field ------------------------------------------------------


def test_errors_name_the_file_and_the_field(write: Callable[[str], Path]) -> None:
    path = write(BASE + "ante = 5\n")
    with pytest.raises(CaribbeanStudConfigError) as caught:
        load_caribbean_stud_config(path)
    assert "rules_submission.toml" in str(caught.value)
    path = write(BASE.replace("maximum = 100", "maximum = 1") + "colour = 'red'\n")
    with pytest.raises(CaribbeanStudConfigError) as caught:
        load_caribbean_stud_config(path)
    assert caught.value.fields == ("colour",)
    assert "unknown field" in str(caught.value)
    path = write(BASE.replace("maximum = 100", "maximum = 1"))
    with pytest.raises(CaribbeanStudConfigError) as caught:
        load_caribbean_stud_config(path)
    assert caught.value.fields == ("ante.maximum",)
    assert "rules_submission.toml: ante.maximum: a table maximum at least the minimum of $5" in (
        str(caught.value)
    )


def test_a_missing_file_and_bad_toml_name_the_file(write: Callable[[str], Path]) -> None:
    with pytest.raises(CaribbeanStudConfigError, match="file not found"):
        load_caribbean_stud_config(TABLES / "no_such_table.toml")
    with pytest.raises(CaribbeanStudConfigError, match="not valid TOML"):
        load_caribbean_stud_config(write("game = "))


def test_the_game_must_be_caribbean_stud() -> None:
    error = refused(game="Ultimate Texas Hold 'Em")
    assert error.fields == ("game",)


def test_an_unknown_paytable_letter_lists_the_shipped_ones() -> None:
    error = refused(bet={"paytable": "B"})
    assert error.fields == ("bet.paytable",)
    assert "the shipped Bet Paytable A" in str(error)
    error = refused(caribbean_stud_bonus={**LIMITS, "paytable": "Q"})
    assert error.fields == ("caribbean_stud_bonus.paytable",)


def test_property_rows_may_not_reuse_a_shipped_letter() -> None:
    error = refused(bet={"paytable": "A", "rows": [{"hand": "Royal flush", "odds": "1 to 1"}]})
    assert error.fields == ("bet.paytable",)


def test_a_bet_table_must_pay_every_hand_that_can_win() -> None:
    rows = [{"hand": "Royal flush", "odds": "100 to 1"}, {"hand": "One pair", "odds": "1 to 1"}]
    error = refused(bet={"paytable": "B", "rows": rows})
    assert set(error.fields) == {"bet.rows"}
    text = str(error)
    assert "no row pays straight flush" in text
    assert "no row pays ace/king" in text
    assert "no row pays one pair" not in text


def test_chip_wagers_are_paid_to_one() -> None:
    rows = [{"hand": "Royal flush", "odds": "100 for 1"}]
    error = refused(caribbean_stud_bonus={**LIMITS, "paytable": "B", "rows": rows})
    assert error.fields == ("caribbean_stud_bonus.rows[0].odds",)
    assert "'X to 1'" in str(error)


def test_a_bonus_row_below_a_pair_of_tens_is_refused() -> None:
    rows = [{"hand": "One pair", "odds": "1 to 1"}, {"hand": "Flush", "odds": "Push"}]
    error = refused(caribbean_stud_bonus={**LIMITS, "paytable": "B", "rows": rows})
    assert error.fields == (
        "caribbean_stud_bonus.rows[0].hand",
        "caribbean_stud_bonus.rows[1].odds",
    )
    assert "639a.7(d)(3)" in str(error)


def test_a_hand_printed_twice_is_refused() -> None:
    rows = [*ROWS, {"hand": "three of a kind", "odds": "6 for 1"}]
    error = refused(
        progressive={"rate_of_progression_percent": 20, "minimum": 1, "maximum": 1, "rows": rows}
    )
    assert error.fields == ("progressive.rows[4].hand",)


def test_progressive_rows_are_two_pair_or_better_paid_for_one_or_from_the_meter() -> None:
    rows = [
        {"hand": "Two pair", "odds": "2 for 1"},
        {"hand": "One pair", "odds": "1 for 1"},
        {"hand": "Flush", "odds": "50 to 1"},
    ]
    error = refused(
        progressive={"rate_of_progression_percent": 20, "minimum": 1, "maximum": 1, "rows": rows}
    )
    assert error.fields == ("progressive.rows[1].hand", "progressive.rows[2].odds")
    assert "Progressive Payout Hand" in str(error) and "639a.1" in str(error)
    assert "639a.8(b)" in str(error)
    two_pair = table(
        progressive={
            "rate_of_progression_percent": 20,
            "minimum": 1,
            "maximum": 1,
            "rows": rows[:1],
        }
    )
    assert two_pair.paytable(W.PROGRESSIVE).row(StudHand.TWO_PAIR) is not None


def test_progressive_needs_rows() -> None:
    error = refused(progressive={"rate_of_progression_percent": 20, "minimum": 1, "maximum": 1})
    assert error.fields == ("progressive.rows",)
    error = refused(
        progressive={"rate_of_progression_percent": 20, "minimum": 1, "maximum": 1, "rows": []}
    )
    assert error.fields == ("progressive.rows",)


def test_envy_settings_are_checked() -> None:
    spec = {"minimum": 1, "maximum": 1, "rate_of_progression_percent": 20, "rows": ROWS}
    error = refused(progressive={**spec, "envy": 0})
    assert error.fields == ("progressive.envy",)
    error = refused(progressive={**spec, "envy": 50, "envy_qualifying_hand": "Four of a kind"})
    assert error.fields == ("progressive.envy_qualifying_hand",)
    assert "straight flush or better" in str(error) and "639a.1" in str(error)
    error = refused(progressive={**spec, "envy_qualifying_hand": "Royal flush"})
    assert error.fields == ("progressive.envy",)
    error = refused(progressive={**spec, "envy": 50, "envy_qualifying_hand": "Five aces"})
    assert error.fields == ("progressive.envy_qualifying_hand",)
    royal = table(progressive={**spec, "envy": 50, "envy_qualifying_hand": "royal flush"})
    assert royal.envy_qualifying_hand is HandRank.ROYAL_FLUSH
    error = refused(progressive={**spec, "meter_reset": 0})
    assert error.fields == ("progressive.meter_reset",)


FCHB = {
    "minimum": 1,
    "maximum": 5,
    "rate_of_progression_percent": 15,
    "meter_start": 10_000,
    "meter_reset": 10_000,
}


def test_the_five_card_hand_bonus_uses_the_shared_spec() -> None:
    config = table(five_card_hand_bonus={**FCHB, "magic_card_bonus": True, "bet_on": ["player"]})
    assert config.five_card_hand_bonus is not None
    assert config.five_card_hand_bonus.magic_card_bonus
    assert any("Five Card Hand Bonus" in line for line in config.describe())


def test_five_card_hand_bonus_errors_name_the_file_and_field() -> None:
    error = refused(five_card_hand_bonus={**FCHB, "meter_reset": 9_000})
    assert error.fields == ("five_card_hand_bonus.meter_reset",)
    text = str(error)
    assert "house.toml: five_card_hand_bonus.meter_reset:" in text and "639a.12(e)(4)" in text
    error = refused(five_card_hand_bonus={**FCHB, "maximum": 0})
    assert error.fields == ("five_card_hand_bonus.maximum",)
    error = refused(
        five_card_hand_bonus={
            "minimum": 1,
            "maximum": 5,
            "rate_of_progression_percent": 15,
            "meter_start": 10_000,
        }
    )
    assert error.fields == ("five_card_hand_bonus.meter_reset",)


def test_bad_rule_values_list_the_choices() -> None:
    error = refused(rules={"ante_when_dealer_does_not_qualify": "doubled"})
    assert error.fields == ("rules.ante_when_dealer_does_not_qualify",)
    assert "'paid 1 to 1', 'returned (push)'" in str(error)
    error = refused(rules={"meter_payout_rounding": {"unit": "0.01", "way": "up"}})
    assert error.fields == ("rules.meter_payout_rounding",)


def test_limits_are_checked_for_every_wager() -> None:
    error = refused(
        ante={"minimum": 0, "maximum": 10},
        caribbean_stud_bonus={"minimum": 5, "maximum": 1},
        progressive={"rate_of_progression_percent": 20, "minimum": 1, "maximum": 0, "rows": ROWS},
    )
    assert error.fields == (
        "ante.minimum",
        "caribbean_stud_bonus.maximum",
        "progressive.maximum",
    )


def test_a_float_amount_is_refused() -> None:
    error = refused(ante={"minimum": 5.5, "maximum": 100})
    assert error.fields == ("ante.minimum",)


# --- the paytable data file itself -------------------------------------------------------------


def test_the_paytable_file_is_checked(write: Callable[[str], Path]) -> None:
    path = write(
        """\
game = "Caribbean Stud Poker"

[[paytable]]
wager = "Bet"
letter = "A"
cards = "the player's five cards against the dealer's"
cards_citation = { provenance = "SEED", sections = ["639a.2(b)(7)"], source = "seed 000" }
citation = { provenance = "STANDARD", source = "unverified" }
rows = [
  { hand = "Royal flush", odds = "100 for 1" },
  { hand = "Pair of 10s or better", odds = "1 to 1" },
]

[[paytable]]
wager = "Bet"
letter = "A"
cards = "the player's five cards against the dealer's"
cards_citation = { provenance = "SEED", sections = ["639a.2(b)(7)"], source = "seed 000" }
citation = { provenance = "STANDARD", source = "unverified" }
rows = [{ hand = "Royal flush", odds = "100 to 1" }]

[[paytable]]
wager = "Progressive Payout Wager"
cards = "the player's five cards"
cards_citation = { provenance = "SEED", sections = ["639a.1"], source = "seed 000" }
citation = { provenance = "STANDARD", source = "unverified" }
rows = [{ hand = "Royal flush", odds = "100% of meter" }]
"""
    )
    with pytest.raises(CaribbeanStudConfigError) as caught:
        load_caribbean_stud_paytables(path)
    assert caught.value.fields == (
        "paytable[0].rows[0].odds",
        "paytable[0].rows[1].hand",
        "paytable[1]",
        "paytable[2].wager",
    )
    with pytest.raises(CaribbeanStudConfigError) as caught:
        load_caribbean_stud_paytables(write('game = "Pai Gow Poker"\npaytable = []\n'))
    assert caught.value.fields == ("game",)
