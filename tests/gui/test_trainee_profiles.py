"""Who is practising: the trainee chosen or added at start (keyboard only, clear errors),
remembered for the next start, switched from the File menu; every round of table practice
recorded under them; unfinished work offered for resuming or abandoning."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from driver import DialogAnswerer
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_trainer import GOLDEN, settle_every_step

from dealer_trainer.gui import app
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainee_dialog import ResumeDialog, TraineeDialog
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.store import Status, Store
from dealer_trainer.store.settings import last_trainee


@pytest.fixture
def answers() -> Iterator[DialogAnswerer]:
    answerer = DialogAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def dialog_for(qtbot: QtBot, store: Store) -> TraineeDialog:
    dialog = TraineeDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_first_trainee_is_added_with_the_keyboard(qtbot: QtBot, store: Store) -> None:
    dialog = dialog_for(qtbot, store)
    assert dialog.list.count() == 0 and not dialog.start.isEnabled()
    assert dialog.focusWidget() is dialog.name, "with nobody listed, typing starts a name"
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert "Type the new trainee's name" in dialog.error.text()
    assert dialog.isVisible() and store.trainees() == []
    qtbot.keyClicks(dialog.name, "  Ann   Lee ")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Tab)
    qtbot.keyClicks(dialog.cohort, "Spring 2026")
    qtbot.keyClick(dialog.cohort, Qt.Key.Key_Return)
    assert dialog.result() == TraineeDialog.DialogCode.Accepted
    (ann,) = store.trainees()
    assert (ann.name, ann.cohort) == ("Ann Lee", "Spring 2026")
    assert dialog.trainee == ann and last_trainee() == ann.uid


def test_a_duplicate_is_refused_and_the_last_trainee_is_offered_first(
    qtbot: QtBot, store: Store, screenshot_dir: Path
) -> None:
    for name, cohort in [("Ann Lee", "Spring 2026"), ("Bob Ray", "Spring 2026"), ("Cy Ng", None)]:
        store.add_trainee(name, cohort)
    bob = store.trainees()[1]
    dialog = dialog_for(qtbot, store)
    assert dialog.selected() is not None and dialog.selected().name == "Ann Lee"  # type: ignore[union-attr]
    qtbot.keyClicks(dialog.name, "ann lee")
    qtbot.keyClicks(dialog.cohort, "spring 2026")
    qtbot.mouseClick(dialog.add, Qt.MouseButton.LeftButton)
    assert "already a trainee named Ann Lee in Spring 2026" in dialog.error.text()
    assert len(store.trainees()) == 3
    dialog.resize(460, 560)
    dialog.grab().save(str(screenshot_dir / "trainee_dialog.png"))
    dialog.list.setFocus()
    qtbot.keyClicks(dialog.list, "b")  # type-ahead finds Bob
    assert dialog.selected() == bob
    qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
    assert dialog.trainee == bob and last_trainee() == bob.uid

    again = dialog_for(qtbot, store)
    assert again.selected() == bob, "the last trainee is preselected"
    qtbot.keyClicks(again.name, "Ann Lee")
    qtbot.keyClicks(again.cohort, "Autumn 2026")
    qtbot.keyClick(again.cohort, Qt.Key.Key_Return)
    assert again.trainee is not None and again.trainee.cohort == "Autumn 2026", (
        "the same name in another class is another trainee"
    )


def test_the_app_starts_by_asking_who_is_practising(qtbot: QtBot, store: Store) -> None:
    store.add_trainee("Ann Lee", "Spring 2026")

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, TraineeDialog):
            qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
        else:
            QTimer.singleShot(10, answer)

    QTimer.singleShot(10, answer)
    window = app.start_window()
    assert window is not None
    qtbot.addWidget(window)
    assert window.progress is not None and window.progress.trainee.name == "Ann Lee"
    assert "Ann Lee (Spring 2026)" in window.windowTitle()
    answered = [w for w in QApplication.topLevelWidgets() if isinstance(w, TraineeDialog)]
    assert answered == [], "the answered dialog is gone, not left holding the keyboard focus"
    assert window.store is not None
    window.store.close()


def test_table_practice_is_recorded_and_the_trainee_switched_from_the_file_menu(
    qtbot: QtBot, store: Store, answers: DialogAnswerer
) -> None:
    ann = store.add_trainee("Ann Lee", "Spring 2026")
    store.add_trainee("Bob Ray", "Spring 2026")
    window = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.load_scenario(GOLDEN / "trips_a_full_house.toml")
    screen = window.trainer
    assert screen is not None
    settle_every_step(qtbot, screen, answers)
    (attempt,) = store.attempts()
    assert attempt.lesson_id == "scenario:trips_a_full_house" and attempt.trainee.id == ann.id
    assert attempt.rounds[0].source.kind == "scenario"
    assert attempt.status is Status.IN_PROGRESS and attempt.rounds[0].grade is not None

    table = next(t for t in practice_tables() if t.path.name == "uth_plain.toml")
    window.start_practice(table, Mode.PRACTICE)  # leaving the scenario submits it
    assert store.attempt(attempt.id).status is Status.SUBMITTED

    switch = next(a for a in window.actions() if a.objectName() == "choose_trainee")
    assert switch.shortcut().toString() == "Ctrl+Shift+U"

    def choose_bob() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, TraineeDialog):
            dialog.list.setCurrentRow(1)
            qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
        else:
            QTimer.singleShot(10, choose_bob)

    answers.stop()  # it would turn the trainee dialog away
    QTimer.singleShot(10, choose_bob)
    switch.trigger()
    assert window.progress is not None and window.progress.trainee.name == "Bob Ray"
    assert "Bob Ray" in window.windowTitle()
    assert screen is not window.trainer or window.trainer.recorder is not None
    trainer = window.trainer
    assert trainer is not None and trainer.recorder is not None
    assert trainer.recorder.progress.trainee.name == "Bob Ray", "the table goes on, for Bob"


def test_unfinished_work_is_offered_to_resume_or_abandon(
    qtbot: QtBot, store: Store, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    ann = store.add_trainee("Ann Lee", "Spring 2026")
    table = next(t for t in practice_tables() if t.path.name == "uth_plain.toml")
    first = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(first)
    first.start_practice(table, Mode.PRACTICE)
    screen = first.trainer
    assert screen is not None
    screen.skip_dealing()
    session = screen.session
    assert session is not None
    step = session.grader.available()[0]
    session.act(step.spot, step.action, step.amount, step.hand)
    # The app stops here (nothing is closed): the attempt stays in progress.
    (open_attempt,) = store.interrupted_attempts(ann.id)
    assert len(open_attempt.steps) == 1

    window = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(window)
    window.show()
    answers.stop()  # it would turn the resume dialog away
    offered: list[ResumeDialog] = []

    def resume() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, ResumeDialog):
            offered.append(dialog)
            dialog.grab().save(str(screenshot_dir / "resume_dialog.png"))
            assert dialog.resume_button.isEnabled()
            qtbot.mouseClick(dialog.resume_button, Qt.MouseButton.LeftButton)
        else:
            QTimer.singleShot(10, resume)

    QTimer.singleShot(10, resume)
    window.offer_resume()
    assert offered and "Table practice: uth_plain" in offered[0].list.item(0).text()
    trainer = window.trainer
    assert trainer is not None and trainer.table == table and trainer.recorder is not None
    assert trainer.recorder.attempt_id == open_attempt.id, "the same attempt goes on"
    record = store.attempt(open_attempt.id)
    assert len(record.rounds) == 2 and record.rounds[0].grade is None

    window._leave_trainer()
    assert store.attempt(open_attempt.id).status is Status.SUBMITTED
    other = store.start_attempt(ann.id, "table:uth_plain", "Ultimate Texas Hold 'Em", "practice")

    def abandon() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, ResumeDialog):
            qtbot.mouseClick(dialog.abandon_button, Qt.MouseButton.LeftButton)
        else:
            QTimer.singleShot(10, abandon)

    QTimer.singleShot(10, abandon)
    window.offer_resume()
    assert store.attempt(other).status is Status.ABANDONED
    assert store.interrupted_attempts(ann.id) == []
