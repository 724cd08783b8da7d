"""The Three Card Poker Rules Submission and paytable file: shipped data loads with its
citations, every number not in the seeds says so, and every error names the file, the field and
what was expected."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.games.three_card_poker.config import (
    RULE_INFO,
    ThreeCardPokerConfigError,
    load_three_card_poker_config,
    load_three_card_poker_paytables,
    three_card_poker_paytables,
)
from dealer_trainer.games.three_card_poker.wagers import (
    DealerQualifier,
    FiveCardClass,
    FoldRule,
    ThreeCardClass,
    ThreeCardWager,
)
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.odds import Odds
from dealer_trainer.rules.provenance import Provenance

D = Decimal
TABLES = shipped_tables()
BASE = """\
game = "Three Card Poker"
name = "test table"
ante = { minimum = 5, maximum = 500 }
"""


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def make(text: str) -> Path:
        path = tmp_path / "rules_submission.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def errors_of(path: Path) -> ThreeCardPokerConfigError:
    with pytest.raises(ThreeCardPokerConfigError) as caught:
        load_three_card_poker_config(path)
    return caught.value


def test_the_shipped_tables_are_the_fact_sheets_and_marked_unverified() -> None:
    catalog = three_card_poker_paytables()
    assert catalog.letters(ThreeCardWager.PAIR_PLUS) == ("A", "B", "C", "D", "E")
    straight_flush = {
        letter: catalog.get(ThreeCardWager.PAIR_PLUS, letter).row(ThreeCardClass.STRAIGHT_FLUSH)
        for letter in "ABCDE"
    }
    assert {k: v.odds for k, v in straight_flush.items() if v} == {
        "A": Odds.to(35),
        "B": Odds.to(40),
        "C": Odds.to(40),
        "D": Odds.to(40),
        "E": Odds.to(40),
    }
    flush_c = catalog.get(ThreeCardWager.PAIR_PLUS, "C").row(ThreeCardClass.FLUSH)
    assert flush_c is not None and flush_c.odds == Odds.to(3)
    bonus = catalog.get(ThreeCardWager.ANTE_BONUS, "A")
    assert [(r.hand, r.odds) for r in bonus.rows] == [
        (ThreeCardClass.STRAIGHT_FLUSH, Odds.to(5)),
        (ThreeCardClass.THREE_OF_A_KIND, Odds.to(4)),
        (ThreeCardClass.STRAIGHT, Odds.to(1)),
    ]
    for table in catalog.paytables:
        assert table.provenance is Provenance.STANDARD, table.name
    # not confirmed anywhere: no shipped table at all
    for wager in (ThreeCardWager.SIX_CARD_BONUS, *(ThreeCardWager.PROGRESSIVE,)):
        assert catalog.letters(wager) == ()


def test_every_lesson_table_loads_and_states_its_own_unconfirmed_numbers() -> None:
    files = sorted(TABLES.glob("three_card_poker_*.toml"))
    assert len(files) >= 4
    for path in files:
        config = load_three_card_poker_config(path)
        for wager in config.offered_wagers():
            table = config.paytable(wager)
            if wager in (
                ThreeCardWager.SIX_CARD_BONUS,
                ThreeCardWager.PROGRESSIVE,
                ThreeCardWager.FIVE_CARD_PROGRESSIVE,
            ):
                assert table.provenance is Provenance.PROPERTY, (path.name, wager)
        report = "\n".join(config.describe())
        assert "Rules the regulations leave open" in report


def test_the_five_card_table_offers_the_community_cards_and_names_the_seed() -> None:
    config = load_three_card_poker_config(TABLES / "three_card_poker_five_card_bonus.toml")
    assert config.deals_community_cards_always
    five = ThreeCardWager.FIVE_CARD_PROGRESSIVE
    assert config.envy_amount(five) == D(100)
    assert config.envy_qualifying_hand(five) is FiveCardClass.STRAIGHT_FLUSH
    assert config.pays_meter_share(five)
    report = "\n".join(config.describe())
    assert "turned up only after every other wager is settled" in report
    assert "§§ 649a.8, 649a.9, 649a.10" in report and "§ 605a.8" in report


def test_open_rules_default_with_provenance_and_become_the_propertys_when_stated() -> None:
    plain = load_three_card_poker_config(TABLES / "three_card_poker_plain.toml")
    rules = plain.rules
    assert rules.dealer_qualifies_with is DealerQualifier.QUEEN_HIGH
    assert rules.citation("dealer_qualifies_with").provenance is Provenance.STANDARD
    assert rules.citation("progressive_on_fold").provenance is Provenance.ANALOG
    assert rules.five_card_hand_bonus_on_fold is FoldRule.STAYS_IN_ACTION
    assert {s.name for s in rules.describe()} == set(RULE_INFO)
    stated = load_three_card_poker_config(TABLES / "three_card_poker_pair_plus_six_card.toml")
    assert stated.rules.citation("ties").provenance is Provenance.PROPERTY


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('[pair_plus]\npaytable = "F"\nminimum = 5\nmaximum = 100\n', "pair_plus.paytable", "'F'"),
        (
            '[pair_plus]\npaytable = "A"\nminimum = 5\nmaximum = 100\n'
            'rows = [{ hand = "Pair", odds = "2 to 1" }]\n',
            "pair_plus.paytable",
            "another letter",
        ),
        (
            "[six_card_bonus]\nminimum = 5\nmaximum = 100\n"
            'rows = [{ hand = "Pair", odds = "1 to 1" }]\n',
            "six_card_bonus.rows[0].hand",
            "'Pair'",
        ),
        (
            "[six_card_bonus]\nminimum = 5\nmaximum = 100\n"
            'rows = [{ hand = "Flush", odds = "50 for 1" }]\n',
            "six_card_bonus.rows[0].odds",
            "'50 for 1'",
        ),
        (
            "[progressive]\nminimum = 1\nmaximum = 1\nrate_of_progression_percent = 20\n"
            'rows = [{ hand = "Straight", odds = "5 to 1" }]\n',
            "progressive.rows[0].odds",
            "container before the deal",
        ),
        (
            "[progressive]\nminimum = 1\nmaximum = 1\nrate_of_progression_percent = 20\n"
            'rows = [{ hand = "Royal flush", odds = "500 for 1" }]\n',
            "progressive.rows[0].hand",
            "'Royal flush'",
        ),
        (
            "[five_card_progressive]\nminimum = 1\nmaximum = 1\n"
            "rate_of_progression_percent = 20\nenvy = -5\n"
            'rows = [{ hand = "Royal flush", odds = "100% of meter" }]\n',
            "five_card_progressive.envy",
            "positive Envy Bonus",
        ),
        (
            "[progressive]\nminimum = 1\nmaximum = 1\n"
            'rate_of_progression_percent = 20\nenvy_qualifying_hand = "Straight flush"\n'
            'rows = [{ hand = "Straight flush", odds = "500 for 1" }]\n',
            "progressive.envy",
            "Envy Bonus amount as well",
        ),
        ('[rules]\ndealer_qualifies_with = "ten high"\n', "rules.dealer_qualifies_with", "queen"),
        ("[rules]\npair_plus_on_fold = true\n", "rules.pair_plus_on_fold", "forfeited"),
        ('[rules]\nties = "the player wins"\n', "rules.ties", "push"),
        (
            "[five_card_hand_bonus]\nminimum = 1\nmaximum = 5\n"
            "rate_of_progression_percent = 15\nmeter_start = 5000\nmeter_reset = 10000\n",
            "five_card_hand_bonus.meter_start",
            "$10,000",
        ),
        ("tabel = 1\n", "tabel", ""),
    ],
)
def test_errors_name_the_file_the_field_and_the_value(
    write: Callable[[str], Path], text: str, field: str, words: str
) -> None:
    path = write(BASE + text)
    error = errors_of(path)
    assert field in error.fields, (error.fields, str(error))
    message = str(error)
    assert path.name in message and words in message


def test_limits_that_make_no_sense_are_refused(write: Callable[[str], Path]) -> None:
    text = BASE.replace("minimum = 5, maximum = 500", "minimum = 50, maximum = 10")
    error = errors_of(write(text + '[pair_plus]\npaytable = "A"\nminimum = 0\nmaximum = 5\n'))
    assert set(error.fields) >= {"ante.maximum", "pair_plus.minimum"}


def test_a_paytable_file_refuses_tables_nobody_has_confirmed(tmp_path: Path) -> None:
    path = tmp_path / "three_card_poker.toml"
    path.write_text(
        'game = "Three Card Poker"\n'
        "[[paytable]]\n"
        'wager = "6 Card Bonus"\nletter = "A"\ncards = "the player\'s three cards"\n'
        'cards_citation = { provenance = "STANDARD", source = "x" }\n'
        'citation = { provenance = "STANDARD", source = "x" }\n'
        'rows = [{ hand = "Flush", odds = "15 to 1" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(ThreeCardPokerConfigError) as caught:
        load_three_card_poker_paytables(path)
    assert "paytable[0].wager" in caught.value.fields
    assert "not confirmed" in str(caught.value)
    assert "paytable" in caught.value.fields  # the Ante and Play tables are missing
