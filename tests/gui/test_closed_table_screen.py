"""The Closed Table form screen, filled in with the keyboard and mouse as a floorperson would."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from msgspec.structs import replace
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from dealer_trainer.forms.closed_table import (
    ClosedTableSituation,
    Destination,
    FormField,
    Role,
    Shift,
    SlipSigners,
    form_games,
)
from dealer_trainer.gui.closed_table_screen import BLANK_DATE, CHOOSE, ClosedTableScreen
from dealer_trainer.gui.main_window import MainWindow

SITUATION = ClosedTableSituation(
    gaming_day=date(2026, 11, 28),
    shift=Shift.GRAVEYARD,
    game="Three Card Poker",
    table_number="TC-07",
    opened_today=False,
    slip_date=date(2026, 11, 14),
    floorperson="Tom Kowalczyk",
    credential="GCB-318220",
)


def choose(box: QComboBox, text: str) -> None:
    index = box.findText(text)
    assert index >= 0, (text, [box.itemText(i) for i in range(box.count())])
    box.setCurrentIndex(index)


def open_form(qtbot: QtBot) -> tuple[MainWindow, ClosedTableScreen]:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.show_closed_table_form()
    screen = window.closed_table
    assert screen is not None and window.stack.currentWidget() is screen
    screen.new_situation(SITUATION)
    return window, screen


def fill_in(qtbot: QtBot, screen: ClosedTableScreen) -> None:
    qtbot.mouseClick(screen.required_yes, Qt.MouseButton.LeftButton)
    choose(screen.completed_by, Role.FLOORPERSON.value)
    screen.shift_date.setDate(QDate(2026, 11, 28))
    choose(screen.shift, Shift.GRAVEYARD.value)
    choose(screen.game, "Three Card Poker")
    qtbot.keyClicks(screen.table_number, "TC-07")
    screen.last_opened.setDate(QDate(2026, 11, 14))
    qtbot.keyClicks(screen.signature, "Tom Kowalczyk")
    qtbot.keyClicks(screen.credential, "GCB-318220")
    qtbot.mouseClick(screen.inventory_locked, Qt.MouseButton.LeftButton)
    choose(screen.deposit, Destination.DROP_BOX.value)
    qtbot.mouseClick(screen.inventory_slip, Qt.MouseButton.LeftButton)
    choose(screen.slip_signed_by, SlipSigners.DEALER_AND_FLOORPERSON.value)


def test_a_correct_form_scores_full_marks(qtbot: QtBot, screenshot_dir: Path) -> None:
    window, screen = open_form(qtbot)
    facts = screen.facts.text()
    assert "Tom Kowalczyk" in facts and "Saturday 14 November 2026" in facts
    assert screen.shift_date.date() == BLANK_DATE and screen.game.currentText() == CHOOSE, (
        "nothing starts filled in with an answer"
    )
    fill_in(qtbot, screen)
    with qtbot.waitSignal(screen.graded):
        qtbot.keyClick(screen.credential, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    grade = screen.last_grade
    assert grade is not None and grade.perfect, [v.describe() for v in grade.wrong]
    assert "Score 100" in screen.result.toPlainText()
    window.grab().save(str(screenshot_dir / "closed_table_form_perfect.png"))


def test_mistakes_are_explained_with_their_clause(qtbot: QtBot, screenshot_dir: Path) -> None:
    window, screen = open_form(qtbot)
    fill_in(qtbot, screen)
    screen.last_opened.setDate(QDate(2026, 11, 28))
    choose(screen.deposit, Destination.CONTAINER.value)
    qtbot.mouseClick(screen.inventory_slip, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(screen.submit, Qt.MouseButton.LeftButton)
    grade = screen.last_grade
    assert grade is not None
    assert {v.field for v in grade.wrong} == {
        FormField.LAST_OPENED,
        FormField.DEPOSIT,
        FormField.INVENTORY_SLIP,
    }
    text = screen.result.toPlainText()
    assert "3 to correct" in text
    assert "465a.36(f)(3)(iii)" in text and "465a.36(f)(4)" in text and "465a.36(f)(5)" in text
    window.grab().save(str(screenshot_dir / "closed_table_form_mistakes.png"))


def test_no_form_for_a_table_that_was_open(qtbot: QtBot) -> None:
    _window, screen = open_form(qtbot)
    screen.new_situation(replace(SITUATION, opened_today=True, slip_date=SITUATION.gaming_day))
    qtbot.mouseClick(screen.required_no, Qt.MouseButton.LeftButton)
    assert not screen._entries.isEnabled(), "the form's entries are not asked for"
    assert screen.slip_signed_by.isEnabled(), "the closing Table Inventory Slip is signed"
    qtbot.mouseClick(screen.submit, Qt.MouseButton.LeftButton)
    assert screen.last_grade is not None
    assert [v.field for v in screen.last_grade.wrong] == [FormField.SLIP_SIGNED_BY]
    assert "465a.36(e)(5)" in screen.result.toPlainText()
    screen.new_situation(replace(SITUATION, opened_today=True, slip_date=SITUATION.gaming_day))
    qtbot.mouseClick(screen.required_no, Qt.MouseButton.LeftButton)
    choose(screen.slip_signed_by, SlipSigners.DEALER_AND_FLOORPERSON.value)
    qtbot.mouseClick(screen.submit, Qt.MouseButton.LeftButton)
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_submitting_without_deciding_asks_first(qtbot: QtBot) -> None:
    _window, screen = open_form(qtbot)
    qtbot.mouseClick(screen.submit, Qt.MouseButton.LeftButton)
    assert screen.last_grade is None
    assert "First answer whether" in screen.result.toPlainText()


def test_next_table_clears_the_form(qtbot: QtBot) -> None:
    _window, screen = open_form(qtbot)
    fill_in(qtbot, screen)
    qtbot.mouseClick(screen.next_table, Qt.MouseButton.LeftButton)
    assert screen.situation is not SITUATION
    assert screen.table_number.text() == "" and screen.deposit.currentText() == CHOOSE
    assert screen.slip_signed_by.currentText() == CHOOSE
    assert not screen.required_yes.isChecked() and not screen.required_no.isChecked()
    assert screen.game.count() == len(form_games()) + 1
