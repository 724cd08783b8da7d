"""Exact money and odds: the worked examples of regulations/README.md § 3, to the cent."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer.rules.money import (
    EXACT_CENTS,
    MoneyError,
    Rounding,
    RoundingMode,
    format_money,
    to_money,
)
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance

D = Decimal


@pytest.mark.parametrize(
    ("stake", "odds", "returned", "net"),
    [
        ("10", "3 to 1", "40", "30"),  # UTH Trips, three of a kind
        ("5", "3 to 2", "12.50", "7.50"),  # UTH Blind, flush
        ("5", "1,000 to 1", "5005", "5000"),  # Ultimate Pairs F, player and dealer aces
        ("1", "500 for 1", "500", "499"),  # FCHB four of a kind
        ("5", "100 for 1", "500", "495"),  # FCHB full house
        ("5", "50 for 1", "250", "245"),  # FCHB flush
        ("5", "20 for 1", "100", "95"),  # Magic Card Bonus
        ("5", "5 for 1", "25", "20"),  # Lucky Bonus
    ],
)
def test_readme_worked_examples(stake: str, odds: str, returned: str, net: str) -> None:
    payment = Odds.parse(odds).payment(D(stake))
    assert payment.total_to_player == D(returned)
    assert payment.net == D(net)


def test_to_keeps_the_stake_and_for_includes_it() -> None:
    to = Odds.parse("3 to 2").payment(D(5))
    assert (to.paid, to.stake_returned) == (D("7.50"), True)
    for_ = Odds.parse("500 for 1").payment(D(1))
    assert (for_.paid, for_.stake_returned) == (D(500), False)
    assert Odds.parse("500 for 1").payment(D(1)).net == Odds.parse("499 to 1").payment(D(1)).net


def test_meter_percentages_and_the_dealer_hand_split() -> None:
    straight_flush = Odds.parse("10% of meter").payment(D(1), meter=D(20_000))
    assert straight_flush.paid == D(2_000) and not straight_flush.stake_returned
    royal = Odds.parse("100% of meter").payment(D(1), meter=D(30_000), share=3)
    assert royal.paid == D(10_000)
    uneven = Odds.parse("100% of meter").payment(D(1), meter=D(10_000), share=3)
    assert uneven.paid == D("3333.33") and uneven.exact > uneven.paid
    with pytest.raises(ValueError, match="needs the meter amount"):
        Odds.parse("10% of meter").payment(D(1))


def test_three_to_two_on_odd_amounts_follows_the_configured_rounding() -> None:
    odds = Odds.parse("3 to 2")
    assert odds.payment(D(7)).paid == D("10.50")
    assert odds.payment(D(7), rounding=Rounding(D(1), RoundingMode.DOWN)).paid == D(10)
    assert odds.payment(D(7), rounding=Rounding(D(1), RoundingMode.UP)).paid == D(11)
    assert odds.payment(D(5), rounding=Rounding(D("0.50"))).paid == D("7.50")
    assert odds.payment(D(5), rounding=Rounding(D(1), RoundingMode.HALF_UP)).paid == D(8)
    odd_cents = odds.payment(D("5.05"))
    assert odd_cents.paid == D("7.57") and odd_cents.exact == D("7.575") and odd_cents.rounded


def test_push_and_not_applicable() -> None:
    push = Odds.parse("Push").payment(D(5))
    assert (push.paid, push.total_to_player, push.net) == (D(0), D(5), D(0))
    with pytest.raises(ValueError, match="N/A"):
        Odds.parse("N/A").payment(D(5))
    assert not Odds.parse("n/a").applicable and not Odds.parse("push").pays


@pytest.mark.parametrize(
    "text", ["1 to 1", "3 to 2", "1,000 to 1", "2,500 to 1", "500 for 1", "10% of meter", "Push"]
)
def test_odds_print_back_as_written(text: str) -> None:
    assert str(Odds.parse(text)) == text


@pytest.mark.parametrize("text", ["3:2", "to 1", "0 to 1", "3 to 0", "110% of meter", "evens"])
def test_bad_odds_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Odds.parse(text)


def test_odds_kinds() -> None:
    assert Odds.parse("3 to 2").kind is OddsKind.TO and Odds.parse("3 to 2").ratio == D("1.5")
    assert Odds.parse("5 for 1").kind is OddsKind.FOR
    assert Odds.parse("100% of meter").percent == D(100)


def test_money_is_exact_and_never_float() -> None:
    assert to_money("7.50") == D("7.5") and to_money(7) == D(7) and to_money("$1,000") == D(1000)
    with pytest.raises(MoneyError, match="not an exact amount"):
        to_money(7.5)  # type: ignore[arg-type]
    with pytest.raises(MoneyError, match="more than 2 decimal places"):
        to_money("7.505")
    assert to_money("0.025", places=3) == D("0.025")
    with pytest.raises(MoneyError):
        to_money("seven")


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        # whole dollars drop the cents, as signage and a dealer's call do
        ("70", "$70"), ("70.00", "$70"), ("10000.00", "$10,000"), ("1E+3", "$1,000"),
        # cents always show two places
        ("7.5", "$7.50"), ("0.05", "$0.05"), ("1234.50", "$1,234.50"),
        # thousands separated
        ("5005", "$5,005"), ("1234567.89", "$1,234,567.89"),
        # zero, and a negative zero (0 − 0 in Decimal) is plain zero
        ("0", "$0"), ("0.00", "$0"), ("-0.00", "$0"),
        # the sign goes before the dollar sign
        ("-0.75", "-$0.75"), ("-70", "-$70"), ("-1234.5", "-$1,234.50"),
        # a fraction of a cent is shown exactly, never rounded to the cent
        ("0.125", "$0.125"), ("0.005", "$0.005"), ("100.025", "$100.025"),
        ("2000.0050", "$2,000.005"), ("-0.125", "-$0.125"), ("0.625", "$0.625"),
    ],
)  # fmt: skip
def test_format_money(amount: str, text: str) -> None:
    assert format_money(D(amount)) == text


def test_format_money_takes_whole_dollars_as_int() -> None:
    assert [format_money(d) for d in (1, 25, 1000, -5)] == ["$1", "$25", "$1,000", "-$5"]


def test_format_money_prints_back_what_to_money_reads() -> None:
    for text in ("$7.50", "$5,005", "-$0.75", "$0.125", "$1,234,567.89"):
        assert format_money(to_money(text.replace("-$", "-"), places=3)) == text


def test_rounding_units_are_whole_cents() -> None:
    with pytest.raises(ValueError):
        Rounding(D("0.005"))
    with pytest.raises(ValueError):
        Rounding(D(0))
    assert EXACT_CENTS.describe() == "exact to the cent, fractions of a cent rounded down"
    assert Rounding(D("0.50")).describe() == "rounded down to a multiple of $0.50"


@given(
    stake=st.integers(min_value=1, max_value=100_000),
    x=st.integers(min_value=1, max_value=2_500),
    y=st.integers(min_value=1, max_value=5),
)
def test_to_and_for_identities(stake: int, x: int, y: int) -> None:
    to = Odds.to(x, y).payment(D(stake))
    assert to.total_to_player - to.paid == D(stake)
    assert to.paid <= to.exact < to.paid + D("0.01")
    for_ = Odds.for_(x).payment(D(stake))
    assert for_.net == D(stake) * (x - 1)


def test_citation_rendering() -> None:
    c = Citation(Provenance.SEED, ("653b.4(c)", "653b.5(c)"), "seed 001")
    assert c.short == "§§ 653b.4(c), 653b.5(c)"
    assert str(c) == c.for_trainee == "§§ 653b.4(c), 653b.5(c)"
    assert c.note == "[SEED] seed 001, §§ 653b.4(c), 653b.5(c)"
    assert c.for_instructor == "§§ 653b.4(c), 653b.5(c) — regulation text"
    standard = Citation(Provenance.STANDARD, (), "unverified")
    assert (str(standard), standard.note) == ("rule of the game", "[STANDARD] unverified")
    house = Citation(Provenance.PROPERTY, ("649a.12",), "Rules Submission")
    assert str(house) == "house rule, § 649a.12"
    assert Provenance.from_text("[analog]") is Provenance.ANALOG
    assert Provenance.from_text("seed-verified") is Provenance.SEED
    with pytest.raises(ValueError):
        Citation(Provenance.SEED, ("§ 653b.1",))
