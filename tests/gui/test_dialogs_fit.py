"""Every dialog a trainee or an instructor meets fits a 1280x720 screen at its minimum size,
and opens no larger than the 1366x768 laptop's screen: nothing is cut off and its buttons
can be reached (the F1 help and the instructor area have their own tests in
test_window_fits.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.gui.floorperson_dialog import FloorCall, FloorpersonDialog
from dealer_trainer.gui.house_way_viewer import HouseWayViewer
from dealer_trainer.gui.instructor.access import (
    InstructorSession,
    PasswordDialog,
    SetPasswordDialog,
)
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.progress_screen import ProgressDialog
from dealer_trainer.practice.rounds import deal, load_round, practice_tables
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.store import Store

ROOT = Path(__file__).resolve().parents[2]
FLOORPERSON = ROOT / "tests/golden/let_it_ride/progressive_royal_meter_floorperson_and_envy.toml"
PASSWORD = "correct horse battery"


def fits(dialog: QWidget) -> None:
    """The minimum fits 1280x720; shown, the dialog is no larger than the 1366x768 screen
    less a title bar; every button inside it is visible."""
    dialog.show()
    QApplication.processEvents()
    hint = dialog.minimumSizeHint()
    name = dialog.objectName() or type(dialog).__name__
    assert hint.width() <= 1280 and hint.height() <= 720, f"{name} minimum {hint.toTuple()}"
    size = dialog.size()
    assert size.width() <= 1366 and size.height() <= 768 - 40, f"{name} opens {size.toTuple()}"
    area = dialog.rect()
    for button in dialog.findChildren(QPushButton):
        if button.isVisibleTo(dialog):
            corner = button.mapTo(dialog, button.rect().bottomRight())
            assert area.contains(corner), f"{name}: {button.text()!r} is cut off"


def modal(open_it: Callable[[], object], check: Callable[[QDialog], None]) -> list[str]:
    """Open a modal dialog, check it while it is open, and close it."""
    seen: list[str] = []

    def inspect() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            try:
                check(dialog)
                seen.append(type(dialog).__name__)
            finally:
                dialog.reject()
        else:
            QTimer.singleShot(20, inspect)

    QTimer.singleShot(20, inspect)
    open_it()
    return seen


def test_the_floorperson_dialog_fits(qtbot: QtBot) -> None:
    dealt = load_round(FLOORPERSON)
    session = PracticeSession(dealt.setup, dealt.procedure, Mode.LEARN)
    while not session.awaiting:
        step = session.hint()
        assert step is not None, "the scenario never calls the floorperson"
        session.act(step.spot, step.action, step.amount, step.hand)
    call = FloorCall.of(session.awaiting[0], session, dealt.setup, False)
    dialog = FloorpersonDialog(call, "M. Chen", 0)
    qtbot.addWidget(dialog)
    fits(dialog)


def test_the_round_dialogs_fit(qtbot: QtBot) -> None:
    """The end-round confirmation, the round summary with its Retry button, and the lesson
    screens' window, at a practice table."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    table = next(t for t in practice_tables() if t.offered)
    window.open_round(deal(table, 3), table, Mode.PRACTICE)
    trainer = window.trainer
    assert trainer is not None
    trainer.skip_dealing()
    trainer.show_summary = False
    asked = modal(trainer.finish_round, fits)
    assert asked == ["QMessageBox"]
    assert trainer.session is not None and trainer.session.is_over is False
    trainer.session.finish()
    QApplication.processEvents()

    def summary(dialog: QDialog) -> None:
        fits(dialog)
        retry = dialog.findChild(QPushButton, "retry")
        assert retry is not None and retry.isVisible()

    assert modal(trainer.show_round_summary, summary) == ["SummaryDialog"]


def test_the_house_way_viewer_fits(qtbot: QtBot) -> None:
    table = next(t for t in practice_tables() if t.offered and deal(t, 1).reference)
    viewer = HouseWayViewer(deal(table, 1).reference)
    qtbot.addWidget(viewer)
    fits(viewer)


def test_the_progress_screen_fits(qtbot: QtBot, store: Store) -> None:
    dialog = ProgressDialog(store, store.add_trainee("Ann Lee"))
    qtbot.addWidget(dialog)
    fits(dialog)


def test_the_instructor_password_dialogs_fit(qtbot: QtBot, store: Store) -> None:
    setting = SetPasswordDialog()
    qtbot.addWidget(setting)
    fits(setting)
    store.set_instructor_password(PASSWORD)
    asking = PasswordDialog(store)
    qtbot.addWidget(asking)
    fits(asking)


def test_the_replay_and_every_instructor_tab_fit(qtbot: QtBot, store: Store) -> None:
    """The replay of an attempt, and each tab of the instructor area (keys, school...) at
    its minimum."""
    from PySide6.QtWidgets import QTabWidget

    from dealer_trainer.gui.instructor.area import InstructorArea
    from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog

    sys.path.insert(0, str(Path(__file__).parent))
    from test_replay_forms import paperwork_attempt

    attempt, _ = paperwork_attempt(store)
    store.set_instructor_password(PASSWORD)
    session = InstructorSession.sign_in(store, PASSWORD)
    replay = ReplayDialog(session, store.attempt(attempt))
    qtbot.addWidget(replay)
    fits(replay)
    area = InstructorArea(session)
    qtbot.addWidget(area)
    tabs = area.findChild(QTabWidget)
    assert tabs is not None and tabs.count() >= 3
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        fits(area)


@pytest.mark.parametrize("table_key", ["pai_gow"])
def test_the_house_way_is_reachable_from_the_window_at_720(qtbot: QtBot, table_key: str) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    table = next(t for t in practice_tables() if t.offered and table_key in t.path.stem)
    window.open_round(deal(table, 1), table, Mode.PRACTICE)
    viewer = window.show_house_way()
    assert viewer is not None
    fits(viewer)


def test_every_lesson_introduction_fits_the_window_at_720(qtbot: QtBot) -> None:
    """Each first lesson's introduction (text, sign, example hand) is shown in a 1280x720
    window that does not grow, with its button to go on inside the window."""
    from dealer_trainer.curriculum.lessons import load_lessons

    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    lessons = [e.lesson for e in load_lessons() if e.ok and e.lesson and e.lesson.intro]
    assert len(lessons) >= 9, "every game's first lesson has an introduction"
    for lesson in lessons:
        assert window._show_intro(lesson, lambda: None, True), lesson.id
        QApplication.processEvents()
        hint = window.minimumSizeHint()
        assert hint.width() <= 1280 and hint.height() <= 720, (lesson.id, hint.toTuple())
        assert window.size().toTuple() == (1280, 720), f"{lesson.id}: the window grew"
        button = window.intro.go_on
        corner = button.mapTo(window, button.rect().bottomRight())
        assert button.isVisible() and window.rect().contains(corner), lesson.id


def test_the_exam_start_dialog_fits(qtbot: QtBot, store: Store) -> None:
    """The examiner's "Start the exam" dialog (the instructor password unlocks the keys)."""
    from dealer_trainer.curriculum.lessons import load_lessons
    from dealer_trainer.gui.exam_dialogs import ExaminerDialog

    exam = next(e.lesson for e in load_lessons() if e.ok and e.lesson and e.lesson.exam)
    store.set_instructor_password(PASSWORD)
    dialog = ExaminerDialog(store, exam, store.add_trainee("Ann Lee"), 1)
    qtbot.addWidget(dialog)
    fits(dialog)


def test_the_progress_lists_wrap_rather_than_scroll_sideways(qtbot: QtBot, store: Store) -> None:
    """The "Skills mastered" note ("None yet: a skill is mastered at 95%...") is longer
    than its list is wide: it wraps, whole, with no sideways scroll bar."""
    dialog = ProgressDialog(store, store.add_trainee("Ann Lee"))
    qtbot.addWidget(dialog)
    dialog.resize(1000, 640)
    dialog.show()
    QApplication.processEvents()
    for skills in (dialog.mastered, dialog.weakest):
        assert skills.horizontalScrollBar().maximum() == 0, skills.objectName()
        row = skills.visualItemRect(skills.item(0))
        assert row.right() <= skills.viewport().width(), skills.objectName()


def test_the_step_count_stands_beside_the_progress_bar(qtbot: QtBot) -> None:
    """Text drawn across the bar's edge is half in each colour and half of it vanishes on
    some palettes: the count is a label of the window's own text colour beside the bar."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    table = next(t for t in practice_tables() if t.offered)
    window.open_round(deal(table, 3), table, Mode.PRACTICE)
    trainer = window.trainer
    assert trainer is not None
    trainer.skip_dealing()
    session = trainer.session
    assert session is not None
    trainer._update_score()
    done, total = session.progress
    assert not trainer.progress.isTextVisible()
    assert trainer.progress_text.text() == f"{done} of {total} steps"
    assert trainer.progress_text.isVisible() and trainer.progress.isVisible()
