"""The Closed Table form exercise: every field judged against its clause of § 465a.36(f)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dealer_trainer.forms.closed_table import (
    ClosedTableForm,
    ClosedTableSituation,
    Destination,
    FormField,
    Role,
    Shift,
    SlipSigners,
    closed_table_situation,
    correct_form,
    form_games,
    grade_closed_table_form,
)
from dealer_trainer.games import registry

TUESDAY = date(2026, 11, 24)
SATURDAY = date(2026, 11, 28)

CLOSED = ClosedTableSituation(
    gaming_day=TUESDAY,
    shift=Shift.SWING,
    game="Let It Ride Poker",
    table_number="LR-04",
    opened_today=False,
    slip_date=date(2026, 11, 9),
    floorperson="Priya Raman",
    credential="GCB-204117",
)


def wrong_fields(form: ClosedTableForm, situation: ClosedTableSituation = CLOSED) -> set[str]:
    return {v.field.name for v in grade_closed_table_form(situation, form).wrong}


def test_the_form_as_the_regulation_asks_is_perfect() -> None:
    grade = grade_closed_table_form(CLOSED, correct_form(CLOSED))
    assert grade.perfect and grade.score == Decimal(100)
    assert {v.field for v in grade.verdicts} == set(FormField) - {FormField.SLIP_SIGNED_BY}, (
        "no Table Inventory Slip is completed for a table closed all day on a Tuesday"
    )


@pytest.mark.parametrize(
    ("change", "field", "section"),
    [
        ({"completed_by": Role.DEALER}, "COMPLETED_BY", "465a.36(f)(1)"),
        ({"shift_date": TUESDAY - timedelta(days=1)}, "SHIFT_DATE", "465a.36(f)(3)(i)"),
        ({"shift": Shift.DAY}, "SHIFT", "465a.36(f)(3)(i)"),
        ({"game": "Three Card Poker"}, "GAME", "465a.36(f)(3)(ii)"),
        ({"table_number": "LR-40"}, "TABLE", "465a.36(f)(3)(ii)"),
        ({"last_opened": TUESDAY}, "LAST_OPENED", "465a.36(f)(3)(iii)"),
        ({"signature": ""}, "SIGNATURE", "465a.36(f)(3)(iv)"),
        ({"credential": "GCB-204171"}, "CREDENTIAL", "465a.36(f)(3)(iv)"),
        ({"inventory_locked": False}, "INVENTORY_LOCKED", "465a.36(f)(2)"),
        ({"deposit": Destination.CONTAINER}, "DEPOSIT", "465a.36(f)(4)"),
        ({"inventory_slip": True}, "INVENTORY_SLIP", "465a.36(f)(5)"),
    ],
)
def test_each_wrong_entry_names_its_clause(
    change: dict[str, object], field: str, section: str
) -> None:
    form = replace(correct_form(CLOSED), **change)  # type: ignore[arg-type]
    grade = grade_closed_table_form(CLOSED, form)
    (verdict,) = grade.wrong
    assert verdict.field.name == field
    assert section in verdict.citation.sections
    assert "expected" in verdict.describe() and section in verdict.describe()
    judged = len(FormField) - 1
    assert grade.score == (Decimal(100 * (judged - 1)) / judged).quantize(Decimal("0.1"))


def test_the_last_opened_date_comes_from_the_slip_in_the_container() -> None:
    form = replace(correct_form(CLOSED), last_opened=TUESDAY)
    (verdict,) = grade_closed_table_form(CLOSED, form).wrong
    assert verdict.expected == "2026-11-09"
    assert "Table Inventory Slip locked in the table inventory container" in verdict.explanation


def test_names_and_numbers_are_read_as_a_person_writes_them() -> None:
    form = replace(correct_form(CLOSED), signature="priya  raman", table_number="lr-04")
    assert wrong_fields(form) == set()


def test_a_table_open_today_gets_no_closed_table_form() -> None:
    opened = replace(CLOSED, opened_today=True, slip_date=TUESDAY)
    assert not opened.form_required
    signed = SlipSigners.DEALER_AND_FLOORPERSON
    assert correct_form(opened) == ClosedTableForm(required=False, slip_signed_by=signed)
    assert grade_closed_table_form(opened, correct_form(opened)).perfect
    filled = replace(correct_form(CLOSED), slip_signed_by=signed)
    grade = grade_closed_table_form(opened, filled)
    assert [v.field for v in grade.verdicts] == [FormField.REQUIRED, FormField.SLIP_SIGNED_BY], (
        "the form's entries are not judged; the closing slip's signers are"
    )
    assert [v.field for v in grade.wrong] == [FormField.REQUIRED]
    assert "open for gaming today" in grade.wrong[0].explanation


@pytest.mark.parametrize(
    "situation",
    [replace(CLOSED, opened_today=True, slip_date=TUESDAY), replace(CLOSED, gaming_day=SATURDAY)],
    ids=["closed-after-play", "saturday"],
)
def test_a_table_inventory_slip_is_signed_by_the_dealer_and_the_floorperson(
    situation: ClosedTableSituation,
) -> None:
    assert situation.slip_due
    for signers in set(SlipSigners) - {SlipSigners.DEALER_AND_FLOORPERSON}:
        form = replace(correct_form(situation), slip_signed_by=signers)
        (verdict,) = grade_closed_table_form(situation, form).wrong
        assert verdict.field is FormField.SLIP_SIGNED_BY
        assert verdict.citation.sections == ("465a.36(e)(5)",)
        assert "dealer or boxperson and the floorperson" in verdict.explanation
    blank = replace(correct_form(situation), slip_signed_by=None)
    assert {v.field for v in grade_closed_table_form(situation, blank).wrong} == {
        FormField.SLIP_SIGNED_BY
    }


def test_a_form_recorded_before_the_signers_were_asked_keeps_its_grade() -> None:
    opened = replace(CLOSED, opened_today=True, slip_date=TUESDAY)
    recorded = opened.to_json()
    del recorded["slip_signatures"]
    old = ClosedTableSituation.from_json(recorded)
    assert not old.asks_slip_signers
    grade = grade_closed_table_form(old, ClosedTableForm.from_json({"required": False}))
    assert grade.perfect and [v.field for v in grade.verdicts] == [FormField.REQUIRED]
    assert ClosedTableSituation.from_json(opened.to_json()) == opened


def test_skipping_a_required_form_fails_only_the_decision() -> None:
    grade = grade_closed_table_form(CLOSED, ClosedTableForm(required=False))
    assert [v.field for v in grade.wrong] == [FormField.REQUIRED]
    assert grade.score == Decimal(0)


def test_the_saturday_gaming_day_also_needs_a_table_inventory_slip() -> None:
    saturday = replace(CLOSED, gaming_day=SATURDAY)
    assert saturday.weekly_slip_due and not CLOSED.weekly_slip_due
    assert correct_form(saturday).inventory_slip
    form = replace(correct_form(saturday), inventory_slip=False)
    (verdict,) = grade_closed_table_form(saturday, form).wrong
    assert verdict.field is FormField.INVENTORY_SLIP
    assert "Sunday at 5:59:59 a.m." in verdict.explanation


def test_the_situation_reads_like_the_table_in_front_of_the_floorperson() -> None:
    text = " ".join(CLOSED.describe())
    assert "Priya Raman" in text and "GCB-204117" in text
    assert "Monday 9 November 2026" in text, "the slip's date is readable through the container"
    assert "not opened for gaming" in text


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_generated_situations_are_consistent(seed_value: int) -> None:
    situation = closed_table_situation(seed_value)
    assert situation == closed_table_situation(seed_value), "a seed gives one situation"
    assert situation.slip_date <= situation.gaming_day
    if situation.opened_today:
        assert situation.slip_date == situation.gaming_day
    else:
        assert situation.slip_date < situation.gaming_day
    form = correct_form(situation)
    assert grade_closed_table_form(situation, form).perfect
    if situation.form_required:
        assert wrong_fields(replace(form, deposit=Destination.CAGE), situation) == {"DEPOSIT"}


def test_generated_situations_cover_every_case() -> None:
    situations = [closed_table_situation(n) for n in range(300)]
    assert any(s.opened_today for s in situations)
    assert any(s.weekly_slip_due and s.form_required for s in situations)
    assert {s.shift for s in situations} == set(Shift)


def test_every_game_is_on_the_form_by_the_name_its_lessons_use() -> None:
    """A lesson asks for its own game's form: the game must be one the form's Game list offers,
    with its own table-number prefix, or the trainee can never enter it right."""

    games = form_games()
    for definition in registry.definitions():
        for name in definition.names:
            situation = closed_table_situation(7, games=(name,))
            assert situation.game in games
            assert situation.table_number.startswith(games[name] + "-")
            assert correct_form(situation).game == name
