"""Linked progressive meters (§ 605a.8): the Rules Submission's description of the link, the
`table` report, the steps' wording and citations, and one meter shared by the linked tables.

Every amount below is worked out by hand from the Rules Submissions in
dealer_trainer/lessons/tables: both linked tables reset meter FCHB-A to $10,000 (§§ 641a.12(g)(4),
643a.12(f)(4)), a royal flush is 100% of the meter and a straight flush 10% of it (§ 641a.12(g)(1)).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, SpotId
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import METER, Award, FiveCardHandBonusSpec
from dealer_trainer.games.linked_meter import LinkedMeter, LinkResets, SharedMeters
from dealer_trainer.games.targeting import Target
from dealer_trainer.practice.linked_floor import LinkedFloor
from dealer_trainer.practice.rounds import deal_table, load_round, read_table
from dealer_trainer.rules.datafile import convert
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.rules.game_paytables import recorded_tables
from dealer_trainer.rules.money import to_money

TABLES = Path(__file__).parents[2] / "dealer_trainer" / "lessons" / "tables"
FOUR_CARD = TABLES / "four_card_poker_linked_fchb.toml"
LET_IT_RIDE = TABLES / "let_it_ride_linked_fchb.toml"
THREE_CARD = TABLES / "three_card_poker_five_card_bonus.toml"
ROYAL = Target(who="seat 2", wager="Five Card Hand Bonus", hand="Royal flush")

BONUS = {
    "minimum": 1,
    "maximum": 5,
    "meter_start": 10000,
    "meter_reset": 10000,
    "rate_of_progression_percent": 15,
}


def spec(**linked: object) -> FiveCardHandBonusSpec:
    return convert({**BONUS, "linked": linked}, FiveCardHandBonusSpec)


# --- the Rules Submission ------------------------------------------------------------------------


def test_a_link_names_its_identifier_controller_and_tables() -> None:
    bonus = spec(link=" FCHB-A ", system="the pit controller", tables=["LIR 4", "CSP 1"])
    assert bonus.linked == LinkedMeter(
        link="FCHB-A", system="the pit controller", tables=("LIR 4", "CSP 1")
    )
    assert bonus.linked is not None
    assert bonus.linked.reset_by is LinkResets.DEALER
    assert bonus.linked.shared_with == "LIR 4 and CSP 1"


def test_who_resets_is_a_setting() -> None:
    bonus = spec(link="L", system="S", tables=["T"], reset_by="local area progressive controller")
    assert bonus.linked is not None and bonus.linked.reset_by is LinkResets.SYSTEM


@pytest.mark.parametrize(
    ("linked", "message"),
    [
        ({"link": "L", "system": "S", "tables": []}, "at least 1"),
        ({"link": "L", "system": "S", "tables": ["T", " T "]}, "each linked table once"),
        ({"link": "L", "system": "S", "tables": ["  "]}, "each linked table named"),
        ({"link": " ", "system": "S", "tables": ["T"]}, "a name, not blank text"),
        ({"link": "L", "tables": ["T"]}, "system"),
        ({"link": "L", "system": "S", "tables": ["T"], "reset_by": "pit boss"}, "one of"),
    ],
)
def test_a_link_that_is_not_described_is_refused(linked: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        convert({**BONUS, "linked": linked}, FiveCardHandBonusSpec)


def test_a_bare_linked_flag_asks_for_the_link(tmp_path: Path) -> None:
    text = THREE_CARD.read_text(encoding="utf-8")
    start = text.index("linked = {")
    end = text.index("\n", start)
    table = tmp_path / "flag.toml"
    table.write_text(text[:start] + "linked = true" + text[end:], encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        read_table(table)
    message = str(refused.value)
    assert "five_card_progressive.linked" in message
    assert "link = " in message and "§ 605a.8" in message
    with recorded_tables():  # a record kept from when linked was a flag still replays
        _, config = read_table(table)
    assert config.five_card_progressive.linked is None


def test_the_table_report_shows_the_link() -> None:
    _, config = read_table(FOUR_CARD)
    report = "\n".join(config.describe())
    assert "linked meter FCHB-A on the pit controller, shared with Let It Ride Poker table 4" in (
        report
    )
    assert "§ 605a.8" in report and "§ 605a.1" in report
    assert "shared meter reset by the dealer at the winning table" in report
    _, other = read_table(LET_IT_RIDE)
    assert "shared meter reset by the local area progressive controller" in "\n".join(
        other.describe()
    )
    _, three = read_table(THREE_CARD)
    assert "linked meter 5CP-1" in "\n".join(three.describe())


# --- the steps -----------------------------------------------------------------------------------


def test_a_linked_jackpot_names_the_link_and_cites_its_section() -> None:
    floor = LinkedFloor()
    dealt = floor.deal_targets(FOUR_CARD, 3, [ROYAL])
    steps = {s.id: s for s in dealt.procedure.steps}
    meter = dealt.setup.meters[METER]
    hold = steps["s2.five_card_hand_bonus.hold"]
    assert hold.amount == meter  # a royal flush is 100% of the meter (§ 641a.12(g)(1))
    assert "linked meter FCHB-A shared with Let It Ride Poker table 4" in hold.explanation
    reset = steps["fchb.reset_meter"]
    assert reset.amount == Decimal(10000)
    assert reset.citation == "§ 641a.12(g)(4); § 605a.8"
    assert "resets it at every linked table" in reset.explanation
    assert reset.spot == SpotId(DEALER, METER)


def test_a_controller_reset_is_confirmed_at_the_table() -> None:
    dealt = LinkedFloor().deal_targets(
        LET_IT_RIDE, 5, [Target(who="seat 3", wager="Five Card Hand Bonus", hand="Royal flush")]
    )
    reset = next(s for s in dealt.procedure.steps if s.action is Action.RESET_METER)
    assert reset.citation == "§ 643a.12(f)(4); § 605a.8"
    assert "the pit controller resets it for every linked table" in reset.explanation
    assert "confirm this table's meter shows the Rules Submission's $10,000" in reset.explanation


# --- one meter for the linked tables ------------------------------------------------------------


def test_a_jackpot_at_one_table_shows_the_reset_meter_at_the_other() -> None:
    floor = LinkedFloor()
    first = floor.deal_targets(FOUR_CARD, 3, [ROYAL])
    won = first.setup.meters[METER]
    assert floor.amount("FCHB-A") == won  # the first table dealt on the link shows its own draw
    floor.settled(first)
    assert floor.amount("FCHB-A") == Decimal(10000)
    second = floor.deal(LET_IT_RIDE, 11)
    assert second.setup.meters[METER] == Decimal(10000)
    alone = deal_table(LET_IT_RIDE, 11)  # the same seed on no shared floor: its own drawn meter
    assert alone.setup.meters[METER] != Decimal(10000)
    assert alone.description == second.description  # same cards and wagers, only the meter


def test_a_round_without_a_jackpot_leaves_the_link_where_it_was() -> None:
    floor = LinkedFloor()
    first = floor.deal(FOUR_CARD, 21)
    shown = first.setup.meters[METER]
    won = [s for s in first.procedure.steps if s.action is Action.HOLD_FOR_DOCUMENTATION]
    floor.settled(first)
    paid = sum((s.amount or Decimal(0) for s in won), Decimal(0))
    assert floor.amount("FCHB-A") == shown - paid
    assert floor.deal(LET_IT_RIDE, 4).setup.meters[METER] == shown - paid


def hold(seat: int, amount: str) -> Step:
    return Step(
        f"s{seat}.hold",
        SpotId(seat, Award.FIVE_CARD_HAND_BONUS),
        Action.HOLD_FOR_DOCUMENTATION,
        to_money(amount),
        (),
        "§ 641a.11(c)(7)(iii)",
        "held",
    )


def test_a_ten_percent_share_lowers_the_shared_meter() -> None:
    meters = SharedMeters()
    link = LinkedMeter(link="FCHB-A", system="S", tables=("T",))
    shown = meters.show(
        link,
        to_money("23456.78"),
        meter=str(METER),
        awards=[a.value for a in Award],
        reset=Decimal(10000),
    )
    assert shown == to_money("23456.78")
    # a straight flush: 10% of $23,456.78 = $2,345.678, rounded down to $2,345.67 (the open rule)
    meters.settled(meters.take_round(), [hold(2, "2345.67")])
    assert meters.amounts["FCHB-A"] == to_money("21111.11")


def test_tables_on_one_link_share_one_reset_amount() -> None:
    meters = SharedMeters()
    link = LinkedMeter(link="FCHB-A", system="S", tables=("T",))
    meters.show(link, Decimal(12000), meter="m", awards=(), reset=Decimal(10000))
    with pytest.raises(ValueError, match=r"FCHB-A.*\$15,000.*\$10,000"):
        meters.show(link, Decimal(12000), meter="m", awards=(), reset=Decimal(15000))


def test_a_linked_five_card_progressive_reset_cites_the_chapter_and_the_link() -> None:
    scenario = (
        Path(__file__).parents[1]
        / "golden"
        / "three_card_poker"
        / "five_card_progressive_royal_flush_linked_meter_reset.toml"
    )
    dealt = load_round(scenario)
    reset = next(s for s in dealt.procedure.steps if s.id == "five_card_progressive.reset_meter")
    assert reset.citation == "§ 649a.12; house rule; § 605a.8"
    assert "linked meter 5CP-1" in reset.explanation
