"""The shipped paperwork lesson played in the app: five Closed Table forms filled in on the
form screen, each recorded as it is submitted, and the course then shows the lesson mastered."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.forms.closed_table import ClosedTableForm, correct_form
from dealer_trainer.gui.closed_table_screen import ClosedTableScreen
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.store import Store


def choose(box: QComboBox, text: str) -> None:
    index = box.findText(text)
    assert index >= 0, (text, [box.itemText(i) for i in range(box.count())])
    box.setCurrentIndex(index)


def fill(qtbot: QtBot, screen: ClosedTableScreen, form: ClosedTableForm) -> None:
    """Type the form in as a trainee would: the decision, the slip's signers, then every entry."""
    if form.slip_signed_by is not None:
        choose(screen.slip_signed_by, form.slip_signed_by.value)
    if not form.required:
        qtbot.mouseClick(screen.required_no, Qt.MouseButton.LeftButton)
        return
    qtbot.mouseClick(screen.required_yes, Qt.MouseButton.LeftButton)
    assert form.completed_by and form.shift and form.deposit
    assert form.shift_date and form.last_opened
    choose(screen.completed_by, form.completed_by.value)
    screen.shift_date.setDate(
        QDate(form.shift_date.year, form.shift_date.month, form.shift_date.day)
    )
    choose(screen.shift, form.shift.value)
    choose(screen.game, form.game)
    qtbot.keyClicks(screen.table_number, form.table_number)
    day = form.last_opened
    screen.last_opened.setDate(QDate(day.year, day.month, day.day))
    qtbot.keyClicks(screen.signature, form.signature)
    qtbot.keyClicks(screen.credential, form.credential)
    if form.inventory_locked:
        qtbot.mouseClick(screen.inventory_locked, Qt.MouseButton.LeftButton)
    choose(screen.deposit, form.deposit.value)
    if form.inventory_slip:
        qtbot.mouseClick(screen.inventory_slip, Qt.MouseButton.LeftButton)


def start_paperwork_lesson(qtbot: QtBot, store: Store) -> tuple[MainWindow, ClosedTableScreen]:
    """Ann opens the course and starts the shipped paperwork lesson with Enter."""
    window = MainWindow(store=store, trainee=store.add_trainee("Ann Lee", "Spring 2026"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    browser = window.show_course()
    (row,) = [r for r in browser.lesson_items() if "Closed Table form" in r.text(0)]
    browser.tree.setCurrentItem(row)
    qtbot.keyClick(browser.tree, Qt.Key.Key_Return)
    screen = window.closed_table
    assert screen is not None and window.stack.currentWidget() is screen
    return window, screen


def test_the_paperwork_lesson_is_recorded_and_mastered(
    qtbot: QtBot, store: Store, screenshot_dir: Path
) -> None:
    window, screen = start_paperwork_lesson(qtbot, store)
    trainer = window.trainer
    assert trainer is not None and isinstance(trainer.source, LessonRun)
    for played in range(1, 6):
        situation = screen.situation
        assert situation is not None and screen.lesson is not None
        fill(qtbot, screen, correct_form(situation))
        qtbot.keyClick(screen.credential, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert screen.last_grade is not None and screen.last_grade.perfect
        (attempt,) = store.attempts()
        assert len(attempt.forms) == played, "each form is in the records once submitted"
        if played == 5:
            window.grab().save(str(screenshot_dir / "paperwork_lesson_fifth_form.png"))
        qtbot.mouseClick(screen.next_table, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is trainer
    browser = window.show_course()
    (row,) = [r for r in browser.lesson_items() if "Closed Table form" in r.text(0)]
    status = " ".join(row.text(c) for c in range(row.columnCount()))
    assert "5 rounds, 100.0% over the last 3 — mastered" in status, status
    window.grab().save(str(screenshot_dir / "paperwork_lesson_mastered.png"))
