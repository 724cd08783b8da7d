"""The Rules Submission: shipped examples load, and every error names file, field, expectation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import fields, replace

from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.uth.config import (
    MustHitByPayment,
    UthConfigError,
    load_uth_config,
    parse_uth_config,
)
from dealer_trainer.games.uth.settings import RULE_INFO, FoldTreatment, UthRules
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.datafile import STATED
from dealer_trainer.rules.money import Rounding, RoundingMode
from dealer_trainer.rules.provenance import Provenance

TABLES = shipped_tables()
ALL_653B = TABLES / "uth_all_653b_options.toml"

BASE = """\
game = "Ultimate Texas Hold 'Em"
name = "test table"
[ante]
minimum = 5
maximum = 500
[blind]
paytable = "A"
"""


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def make(extra: str) -> Path:
        path = tmp_path / "rules_submission.toml"
        path.write_text(BASE + extra, encoding="utf-8")
        return path

    return make


def errors_of(path: Path) -> UthConfigError:
    with pytest.raises(UthConfigError) as caught:
        load_uth_config(path)
    return caught.value


@pytest.mark.parametrize("path", sorted(TABLES.glob("uth_*.toml")), ids=lambda p: p.name)
def test_every_shipped_table_loads(path: Path) -> None:
    config = load_uth_config(path)
    assert config.offers(UthWager.ANTE) and config.paytable(UthWager.BLIND).letter in "AB"


def test_one_shipped_table_offers_every_653b_option() -> None:
    config = load_uth_config(ALL_653B)
    assert config.paytable(UthWager.TRIPS).citation.short == "§ 653b.2(b)"
    assert config.paytable(UthWager.BAD_BEAT).citation.short == "§ 653b.3(b)"
    assert config.paytable(UthWager.PLAY_THE_BOARD).citation.short == "§ 653b.4(f)"
    assert config.paytable(UthWager.ULTIMATE_PAIRS).letter == "F"
    mhb = config.must_hit_by_configuration()
    assert mhb is not None and mhb.citation.short == "§ 653b.1(c)(4)"
    assert config.must_hit_by is not None
    assert config.must_hit_by.payment is MustHitByPayment.JACKPOT_SLIP
    assert config.offers(UthWager.MAGIC_CARD_BONUS) and config.offers(UthWager.LUCKY_BONUS)
    assert config.fchb_offered_on(BetOn.DEALER) and config.fchb_meter_reset == Decimal(10_000)
    assert config.expired_options(date(2024, 9, 5)) == (
        "Must-Hit-By Paytable D—$1 Configuration (expired 2024-09-04)",
    )
    assert len(config.expired_options(date(2026, 3, 23))) == 5


def test_plain_table_offers_only_the_base_game_and_trips() -> None:
    config = load_uth_config(TABLES / "uth_plain.toml")
    assert config.offered_wagers() == (
        UthWager.ANTE,
        UthWager.BLIND,
        UthWager.PLAY,
        UthWager.TRIPS,
    )
    assert config.limits(UthWager.BLIND) == config.ante
    assert config.limits(UthWager.TRIPS).maximum == Decimal(100)
    with pytest.raises(KeyError, match="does not offer the Ultimate Pairs"):
        config.paytable(UthWager.ULTIMATE_PAIRS)
    assert config.expired_options(date(2030, 1, 1)) == ()


def test_fchb_meter_below_10000_is_rejected(write: Callable[[str], Path]) -> None:
    path = write(
        "[five_card_hand_bonus]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 15\nmeter_start = 9999\n"
        'meter_reset = "9999.99"\n'
    )
    error = errors_of(path)
    assert error.fields == ("five_card_hand_bonus.meter_start", "five_card_hand_bonus.meter_reset")
    text = str(error)
    assert (
        f"{path}: five_card_hand_bonus.meter_start: a Five Card Hand Bonus meter starts at "
        "$10,000 or more (§ 639a.12(e)(4)) (got $9,999)"
    ) in text
    assert "resets at $10,000 or more" in text and "(got $9,999.99)" in text


def test_fchb_meter_of_exactly_10000_is_accepted(write: Callable[[str], Path]) -> None:
    config = load_uth_config(
        write(
            "[five_card_hand_bonus]\nminimum = 1\nmaximum = 1\n"
            "rate_of_progression_percent = 15\nmeter_start = 10000\n"
        )
    )
    assert config.fchb_meter_reset == Decimal(10_000)
    assert not config.offers(UthWager.MAGIC_CARD_BONUS)


@pytest.mark.parametrize(
    ("extra", "field", "expected"),
    [
        ('[trips]\npaytable = "F"\nminimum = 5\nmaximum = 100\n', "trips.paytable",
         "one of the Trips paytables A, B, C, D, E"),
        ('[ultimate_pairs]\npaytable = "G"\nminimum = 5\nmaximum = 100\n',
         "ultimate_pairs.paytable", "one of the Ultimate Pairs paytables A, B, C, D, E, F"),
        ('[trips]\npaytable = "A"\nminimum = 50\nmaximum = 10\n', "trips.maximum",
         "a table maximum at least the minimum of $50"),
        ('[trips]\npaytable = "A"\nminimum = 5\nmaximum = 10.5\n', "trips.maximum",
         "not an exact amount"),
        ('[trips]\npaytable = "A"\nminimum = 5\n', "trips.maximum", "required field is missing"),
        ('[trips]\npaytable = "A"\nminimum = 5\nmaximum = 10\nodds = "x"\n', "trips.odds",
         "unknown field"),
        ('[progressive]\nminimum = 1\nmaximum = 1\n'
            'rate_of_progression_percent = 20\n[must_hit_by]\nconfiguration = "D"\n'
         'minimum_wager = 3\npayment = "table inventory"\n', "must_hit_by",
         "a configuration A, B, C, D with a minimum wager of $1, $2, $5 (§ 653b.1(c)(4))"),
        ('[must_hit_by]\nconfiguration = "D"\nminimum_wager = 1\npayment = "cash"\n',
         "must_hit_by.payment", "'table inventory', 'progressive jackpot slip'"),
        ('[must_hit_by]\nconfiguration = "D"\nminimum_wager = 1\npayment = "table inventory"\n',
         "must_hit_by", "the optional progressive payout wager (§ 653b.1(a))"),
        ('[bad_beat]\npaytable = "A"\nminimum = 1\nmaximum = 5\n', "bad_beat.rows",
         "§ 653a.12(g) is not in the seeds, so the Rules Submission must state them"),
        ('[bad_beat]\npaytable = "C"\nminimum = 1\nmaximum = 5\n'
         'rows = [{ hand = "Flush", odds = "30 to 1" }]\n', "bad_beat.rows",
         "printed in the regulations (§ 653b.3(b))"),
        ('[rules]\ndealer_qualifying_hand = "Pair"\n', "rules.dealer_qualifying_hand",
         "'Pair' is not a hand category"),
        ('[rules]\nplay_multiples_after_flop = [0]\n', "rules.play_multiples_after_flop",
         "positive whole number"),
        ('[rules]\nodd_payout_rounding = { unit = "0.50", mode = "sideways" }\n',
         "rules.odd_payout_rounding", "not a rounding mode"),
        ('[rules]\nblinds_are_fun = true\n', "rules.blinds_are_fun", "unknown field"),
    ],
)  # fmt: skip
def test_errors_name_file_field_and_expectation(
    write: Callable[[str], Path], extra: str, field: str, expected: str
) -> None:
    path = write(extra)
    error = errors_of(path)
    assert field in error.fields
    line = next(line for line in str(error).splitlines() if f"{path}: {field}:" in line)
    assert expected in line


def test_wrong_game_and_missing_blind(tmp_path: Path) -> None:
    path = tmp_path / "three_card.toml"
    path.write_text('game = "Three Card Poker"\nname = "x"\n[ante]\nminimum = 5\nmaximum = 5\n')
    error = errors_of(path)
    assert set(error.fields) == {"game", "blind"}


def test_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("game = \n")
    with pytest.raises(UthConfigError, match=r"broken\.toml: not valid TOML"):
        load_uth_config(path)
    with pytest.raises(UthConfigError, match="file not found"):
        load_uth_config(tmp_path / "missing.toml")


def test_property_supplied_bad_beat_rows_are_marked_as_not_from_a_seed(
    write: Callable[[str], Path],
) -> None:
    # Illustrative rows only: § 653a.12(g) values are not in the seeds.
    config = load_uth_config(
        write(
            '[bad_beat]\npaytable = "A"\nminimum = 1\nmaximum = 5\nrows = [\n'
            '  { hand = "Straight flush", odds = "1,000 to 1" },\n'
            '  { hand = "Four of a kind", odds = "100 to 1" },\n]\n'
        )
    )
    table = config.paytable(UthWager.BAD_BEAT)
    assert table.name == "Bad Beat bonus Paytable A"
    assert {row.provenance for row in table.rows} == {Provenance.PROPERTY}
    assert table.citation.short == "house rule, § 653a.12(g)"
    assert "Rules Submission rules_submission.toml" in table.citation.note


def test_rules_defaults_and_their_provenance() -> None:
    rules = UthRules()
    assert rules.dealer_qualifying_hand is HandRank.ONE_PAIR
    assert (rules.play_multiples_before_flop, rules.play_multiples_after_flop) == ((3, 4), (2,))
    assert rules.play_multiples_after_river == (1,)
    assert rules.blind_pays_only_when_player_wins and rules.trips_pays_regardless_of_dealer
    assert rules.five_card_hand_bonus_on_fold is FoldTreatment.STAYS_IN_ACTION
    shown = {setting.name: setting for setting in rules.describe()}
    assert set(shown) == set(RULE_INFO) == {f.name for f in fields(UthRules) if f.name != STATED}
    assert shown["dealer_qualifying_hand"].provenance is Provenance.STANDARD
    assert shown["dealer_qualifying_hand"].value == "One pair"
    assert shown["play_multiples_before_flop"].value == "3x or 4x"
    assert shown["bad_beat_on_fold"].provenance is Provenance.ANALOG
    assert all(not s.provenance.from_seed for s in shown.values()), "seed rules are not settings"


def test_a_changed_rule_is_shown_as_the_propertys(write: Callable[[str], Path]) -> None:
    config = load_uth_config(
        write(
            "[rules]\n"
            'dealer_qualifying_hand = "High card"\n'
            'odd_payout_rounding = { unit = "1", mode = "down" }\n'
        )
    )
    assert config.rules.odd_payout_rounding == Rounding(Decimal(1), RoundingMode.DOWN)
    shown = {setting.name: setting for setting in config.rules.describe()}
    assert not shown["dealer_qualifying_hand"].is_default
    assert shown["dealer_qualifying_hand"].provenance is Provenance.PROPERTY
    assert shown["dealer_qualifying_hand"].default_citation.provenance is Provenance.STANDARD
    assert shown["trips_pays_regardless_of_dealer"].is_default


def test_parse_table_config_from_a_lesson_table() -> None:
    data: dict[str, Any] = {
        "game": "Ultimate Texas Hold 'Em",
        "name": "embedded",
        "ante": {"minimum": 5, "maximum": 100},
        "blind": {"paytable": "B"},
    }
    config = parse_uth_config(data, "lesson.toml [table]")
    assert config.paytable(UthWager.BLIND).letter == "B"
    with pytest.raises(UthConfigError, match=r"lesson\.toml \[table\]: blind\.paytable"):
        parse_uth_config({**data, "blind": {"paytable": "Z"}}, "lesson.toml [table]")


def test_a_paytable_is_resolved_once_per_configuration(write: Callable[[str], Path]) -> None:
    """The property's rows are read once per table, and a changed copy reads its own."""
    path = write(
        '[trips]\npaytable = "A"\nminimum = 5\nmaximum = 100\n'
        '[bad_beat]\npaytable = "A"\nminimum = 1\nmaximum = 5\n'
        'rows = [{ hand = "Straight flush", odds = "1,000 to 1" }]\n'
    )
    config = load_uth_config(path)
    assert config.paytable(UthWager.BAD_BEAT) is config.paytable(UthWager.BAD_BEAT)
    assert config == load_uth_config(path), "the cache takes no part in equality"
    assert config.paytable(UthWager.TRIPS).letter == "A" and config.trips is not None
    copy = replace(config, trips=replace(config.trips, paytable="E"))
    assert copy.paytable(UthWager.TRIPS).letter == "E"
    with pytest.raises(KeyError, match="does not offer the Ultimate Pairs"):
        config.paytable(UthWager.ULTIMATE_PAIRS)
