"""The Let It Ride Rules Submission: shipped tables, the open rules with their provenance, and
errors that name the file, the field and the value."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.games.let_it_ride.config import (
    LetItRideConfigError,
    load_let_it_ride_config,
    load_let_it_ride_paytables,
    parse_let_it_ride_config,
)
from dealer_trainer.games.let_it_ride.wagers import LetItRideWager, PayoutLimitOrder
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.provenance import Provenance

TABLES = shipped_tables()


def _table(**change: Any) -> dict[str, Any]:
    return {
        "game": "Let It Ride Poker",
        "name": "test",
        "let_it_ride": {"paytable": "A", "minimum": 5, "maximum": 100},
        **change,
    }


def _refused(data: dict[str, Any]) -> LetItRideConfigError:
    with pytest.raises(LetItRideConfigError) as caught:
        parse_let_it_ride_config(data, "house.toml")
    assert "house.toml" in str(caught.value)
    return caught.value


def test_every_shipped_table_loads_and_reports_its_sources() -> None:
    files = sorted(TABLES.glob("let_it_ride_*.toml"))
    assert len(files) >= 4
    for file in files:
        config = load_let_it_ride_config(file)
        report = "\n".join(config.describe())
        assert "common practice" in report and "§ 643a.12(a)" in report
        assert "643a.11(f)" in report


def test_paytable_a_is_standard_and_the_bonus_tables_are_the_propertys() -> None:
    config = load_let_it_ride_config(TABLES / "let_it_ride_all_bonuses.toml")
    main = config.paytable(LetItRideWager.WAGER_3)
    assert main.provenance is Provenance.STANDARD
    assert str(main.rows[0].odds) == "1,000 to 1"
    bonus = config.paytable(LetItRideWager.THREE_CARD_BONUS)
    assert bonus.provenance is Provenance.PROPERTY
    assert config.payout_limit == Decimal(50_000)


def test_the_open_rules_show_their_provenance() -> None:
    config = parse_let_it_ride_config(
        _table(rules={"payout_limit_order": "wager 3, then 2, then 1"})
    )
    settings = {s.name: s for s in config.rules.describe()}
    assert settings["wagers_equal"].citation.provenance is Provenance.STANDARD
    assert settings["payout_limit_order"].citation.provenance is Provenance.PROPERTY
    assert config.rules.payout_limit_order is PayoutLimitOrder.THIRD_WAGER_FIRST


def test_a_payout_limit_below_the_least_allowed_names_the_field_and_the_reason() -> None:
    error = _refused(_table(payout_limit=40_000))
    assert error.fields == ("payout_limit",)
    assert "at least $50,000" in str(error) and "§ 643a.12(g)" in str(error)
    big = _table(payout_limit=60_000, let_it_ride={"minimum": 25, "maximum": 100})
    error = _refused(big)
    assert "at least $75,000" in str(error) and "(got $60,000)" in str(error)
    assert parse_let_it_ride_config(_table(payout_limit=75_000, let_it_ride=big["let_it_ride"]))


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (
            {"let_it_ride": {"paytable": "C", "minimum": 5, "maximum": 100}},
            "let_it_ride.paytable",
            "shipped",
        ),
        ({"let_it_ride": {"minimum": 0, "maximum": 100}}, "let_it_ride.minimum", "above $0"),
        (
            {"let_it_ride": {"minimum": 10, "maximum": 5}},
            "let_it_ride.maximum",
            "at least the minimum",
        ),
        (
            {
                "three_card_bonus": {
                    "minimum": 1,
                    "maximum": 5,
                    "rows": [{"hand": "Royal flush", "odds": "5 to 1"}],
                }
            },
            "three_card_bonus.rows[0].hand",
            "Mini royal",
        ),
        (
            {
                "five_card_bonus": {
                    "minimum": 1,
                    "maximum": 5,
                    "rows": [{"hand": "Flush", "odds": "5 for 1"}],
                }
            },
            "five_card_bonus.rows[0].odds",
            "X to 1",
        ),
        (
            {
                "progressive": {
                    "rate_of_progression_percent": 20,
                    "minimum": 1,
                    "maximum": 1,
                    "rows": [{"hand": "Two pair", "odds": "5 for 1"}],
                }
            },
            "progressive.rows[0].hand",
            "three of a kind or better",
        ),
        (
            {
                "progressive": {
                    "rate_of_progression_percent": 20,
                    "minimum": 1,
                    "maximum": 1,
                    "envy": 100,
                    "envy_qualifying_hand": "Flush",
                    "rows": [{"hand": "Flush", "odds": "5 for 1"}],
                }
            },
            "progressive.envy_qualifying_hand",
            "straight flush or better",
        ),
        (
            {
                "progressive": {
                    "rate_of_progression_percent": 20,
                    "minimum": 1,
                    "maximum": 1,
                    "envy": -5,
                    "envy_qualifying_hand": "Royal flush",
                    "rows": [{"hand": "Royal flush", "odds": "500 for 1"}],
                }
            },
            "progressive.envy",
            "a positive Envy Bonus amount (got -$5)",
        ),
        (
            {
                "five_card_hand_bonus": {
                    "minimum": 1,
                    "maximum": 5,
                    "rate_of_progression_percent": 15,
                    "meter_start": 10000,
                    "meter_reset": 10000,
                    "bet_on": ["player's hand", "dealer's hand"],
                }
            },
            "five_card_hand_bonus.bet_on",
            "no dealer hand",
        ),
        (
            {
                "five_card_hand_bonus": {
                    "minimum": 1,
                    "maximum": 5,
                    "rate_of_progression_percent": 15,
                    "meter_start": 9000,
                    "meter_reset": 10000,
                }
            },
            "five_card_hand_bonus.meter_start",
            "$10,000",
        ),
        ({"rules": {"wagers_equal": "yes"}}, "rules.wagers_equal", "true or false"),
        (
            {"rules": {"payout_limit_order": "random"}},
            "rules.payout_limit_order",
            "wager 1, then 2",
        ),
        ({"paytable": "A"}, "paytable", "unknown field"),
    ],
)
def test_bad_input_names_the_field_and_what_was_expected(
    change: dict[str, Any], field: str, words: str
) -> None:
    error = _refused(_table(**change))
    assert field in error.fields, str(error)
    assert words in str(error)


def test_a_five_card_hand_bonus_defaults_to_the_players_hand() -> None:
    fchb = {
        "minimum": 1,
        "maximum": 5,
        "rate_of_progression_percent": 15,
        "meter_start": 10000,
        "meter_reset": 10000,
    }
    config = parse_let_it_ride_config(_table(five_card_hand_bonus=fchb))
    assert config.five_card_hand_bonus is not None
    assert [h.value for h in config.five_card_hand_bonus.bet_on] == ["player's hand"]


def test_the_paytable_file_refuses_a_shipped_bonus_table(tmp_path: Path) -> None:
    file = tmp_path / "let_it_ride.toml"
    file.write_text(
        'game = "Let It Ride Poker"\n[[paytable]]\nwager = "Three Card Bonus"\nletter = "A"\n'
        'cards = "the player\'s three cards"\n'
        'cards_citation = { provenance = "CODE", sections = ["643a.1"] }\n'
        'citation = { provenance = "STANDARD", source = "x" }\n'
        'rows = [{ hand = "Pair", odds = "1 to 1" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(LetItRideConfigError) as caught:
        load_let_it_ride_paytables(file)
    assert caught.value.fields == ("paytable[0].wager",)
    assert "no shipped table" in str(caught.value)
