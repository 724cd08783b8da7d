"""Named jackpots (Mississippi Stud Paytables B-D, § 655a.12(c)(1)) read as odds everywhere, but
only a game whose paytable format names the jackpots accepts a row paying one: a progressive
with one meter refuses it, naming the row."""

from __future__ import annotations

import tomllib
from decimal import Decimal

import pytest

from dealer_trainer.games.jackpot_meters import (
    JackpotMeter,
    JackpotWonTwice,
    jackpot_award,
    jackpots_paid,
)
from dealer_trainer.games.let_it_ride.config import parse_let_it_ride_config
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.rules.odds import Odds, OddsKind


@pytest.mark.parametrize(
    ("text", "jackpot"),
    [
        ("100% mega jackpot", "mega"),
        ("100% of the major jackpot", "major"),
        ("100% of minor jackpot", "minor"),
    ],
)
def test_the_codes_wording_reads_as_a_share_of_that_jackpots_meter(text: str, jackpot: str) -> None:
    odds = Odds.parse(text)
    assert odds.kind is OddsKind.METER_PERCENT and odds.percent == 100 and odds.jackpot == jackpot
    assert Odds.parse(str(odds)) == odds
    assert str(Odds.parse("10% of meter")) == "10% of meter"
    assert JackpotMeter.named(jackpot).jackpot == jackpot


def test_the_meters_a_paytable_pays_are_listed_highest_first() -> None:
    class Row:
        def __init__(self, text: str) -> None:
            self.odds = Odds.parse(text)

    rows = [Row("100% of minor jackpot"), Row("50 for 1"), Row("100% of mega jackpot")]
    assert jackpots_paid(rows) == (JackpotMeter.MEGA_JACKPOT, JackpotMeter.MINOR_JACKPOT)


def test_a_jackpot_won_twice_is_paid_as_the_rules_submission_says() -> None:
    shown, reset = Decimal("7012.34"), Decimal(5000)
    first = JackpotWonTwice.FIRST_SETTLED
    assert jackpot_award([6, 2], 6, shown, reset, first).meter == shown
    later = jackpot_award([6, 2], 2, shown, reset, first)
    assert later.meter == reset and later.after_first
    shared = jackpot_award([6, 2], 2, shown, reset, JackpotWonTwice.SHARED)
    assert (shared.meter, shared.share) == (shown, 2)
    assert jackpot_award([4], 4, shown, reset, first).meter == shown


def test_a_one_meter_progressive_refuses_a_row_paying_a_named_jackpot() -> None:
    path = shipped_tables() / "let_it_ride_progressive_envy.toml"
    data = tomllib.loads(path.read_text())
    data["progressive"]["rows"][0]["odds"] = "100% of mega jackpot"
    with pytest.raises(DataFileError) as caught:
        parse_let_it_ride_config(data, "lir.toml")
    assert "progressive.rows[0].odds" in caught.value.fields
