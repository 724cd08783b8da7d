"""The records database failing while a trainee settles a table: a message that says the
step was NOT recorded, names the database (password masked) and says what to do; practice
goes on, recorded again from the next round once the database answers; an exam stops at
once, unrecorded nowhere, its attempt left in progress to be resumed or abandoned later. No
traceback, and the app keeps running.

The failures are real ones where that can be had offscreen: the SQLite file opened read-only
(the test runs as any user, root included, so file permissions alone would not do), and a
PostgreSQL server that is not there. A failing ``Store.record_step`` stands in for the rest,
raising what the store raises for a database failure.
"""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from driver import DialogAnswerer, Driver, deal_quickly
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from shots import save_shot
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError
from test_exam_flow import (
    PASSWORD,
    ExamAnswerer,
    exam_file,
    open_window,
    school,
    start_exam_from_the_course,
)
from test_trainer import feedback, steps

from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.store import Status, Store
from dealer_trainer.store.database import database_error, make_engine

PLAIN = next(t for t in practice_tables() if t.path.name == "uth_plain.toml")


@dataclass
class Shown:
    title: str
    text: str
    informative: str
    details: str

    @property
    def everything(self) -> str:
        return "\n".join((self.title, self.text, self.informative, self.details))


class Boxes:
    """Every message box the app opens, read instead of waiting for a click (``shot``: the
    first one is also photographed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, shot: Path | None = None) -> None:
        self.shown: list[Shown] = []
        self.shot = shot
        monkeypatch.setattr(QMessageBox, "exec", lambda box: self._exec(box))

    def _exec(self, box: QMessageBox) -> int:
        self.shown.append(
            Shown(box.windowTitle(), box.text(), box.informativeText(), box.detailedText())
        )
        if self.shot is not None and len(self.shown) == 1:
            self.shot.parent.mkdir(parents=True, exist_ok=True)
            box.show()
            save_shot(box.grab(), self.shot)
            box.hide()
        return 0


def operational_error() -> OperationalError:
    return OperationalError(
        "INSERT INTO attempt_steps ...", {}, sqlite3.OperationalError("disk I/O error")
    )


class Outage:
    """``Store.<method>`` fails after ``calls`` more calls, until ``end``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, method: str, calls: int = 0) -> None:
        self.monkeypatch = monkeypatch
        self.method = method
        self.original: Callable[..., Any] = getattr(Store, method)
        self.left = calls
        self.failed = 0

        def broken(store: Store, *args: Any, **kwargs: Any) -> Any:
            if self.left <= 0:
                self.failed += 1
                cause = operational_error()
                raise database_error(store.engine.url, cause) from cause
            self.left -= 1
            return self.original(store, *args, **kwargs)

        monkeypatch.setattr(Store, method, broken)

    def end(self) -> None:
        self.monkeypatch.setattr(Store, self.method, self.original)


@pytest.fixture
def answers() -> Iterator[DialogAnswerer]:
    answerer = DialogAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def at_the_table(qtbot: QtBot, store: Store) -> tuple[MainWindow, TrainerScreen]:
    window = MainWindow(store=store, trainee=store.add_trainee("Ann Lee", "Spring 2026"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.start_practice(PLAIN, Mode.PRACTICE)
    screen = window.trainer
    assert screen is not None
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    screen.show_summary = False
    return window, screen


def dealt(qtbot: QtBot, screen: TrainerScreen) -> None:
    qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)


def action_steps(store: Store, attempt_id: int, round_index: int) -> int:
    record = store.attempt(attempt_id)
    return sum(1 for s in record.round_steps(round_index) if s.kind == "action")


def test_a_step_the_database_refuses_is_reported_and_practice_goes_on(
    qtbot: QtBot,
    store: Store,
    records_database: str,
    answers: DialogAnswerer,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    boxes = Boxes(monkeypatch)
    window, screen = at_the_table(qtbot, store)
    dealt(qtbot, screen)
    driver = Driver(qtbot, screen, answers)
    procedure = steps(screen)
    outage = Outage(monkeypatch, "record_step", calls=2)
    for step in procedure[:3]:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), "the step is judged and shown all the same"
    qtbot.waitUntil(lambda: bool(boxes.shown), timeout=3000)
    (box,) = boxes.shown
    assert box.title == "Not recorded: the records database failed"
    assert box.text == "This step was NOT recorded."
    assert f"Database: {records_database}" in box.informative
    assert "Error: OperationalError: disk I/O error" in box.informative
    assert "Nothing more of this round is recorded" in box.informative
    assert "deal a new round (Ctrl+N)" in box.informative
    assert "Traceback" not in box.everything
    assert "This step was NOT recorded" in feedback(screen)

    # The database answers again: this round stays as it was recorded (two steps, no grade,
    # since a round with a step missing would not replay), and the trainee settles it.
    outage.end()
    for step in procedure[3:]:
        driver.mouse_step(step)
        driver.wait_for_signoffs()
    assert screen.session is not None and screen.session.is_over
    assert len(boxes.shown) == 1, "one message, not one per step"
    (attempt,) = store.attempts()
    assert attempt.status is Status.IN_PROGRESS
    first = attempt.rounds[0]
    assert action_steps(store, attempt.id, first.index) == 2 and first.grade is None

    # The next round (Ctrl+N) is recorded again.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dealt(qtbot, screen)
    for step in steps(screen):
        driver.mouse_step(step)
        driver.wait_for_signoffs()
    record = store.attempt(attempt.id)
    assert len(record.rounds) == 2 and record.rounds[1].grade is not None
    assert action_steps(store, attempt.id, record.rounds[1].index) == len(steps(screen))
    assert len(boxes.shown) == 1 and window.isVisible()
    assert "Traceback" not in capfd.readouterr().err


def test_a_read_only_records_file_leaves_the_round_unrecorded_and_says_so(
    qtbot: QtBot,
    store: Store,
    tmp_path: Path,
    answers: DialogAnswerer,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The SQLite file can be read but not written (opened read-only, as a file whose
    permissions were taken away is): the next round's deal cannot be recorded."""
    boxes = Boxes(monkeypatch)
    window, screen = at_the_table(qtbot, store)
    dealt(qtbot, screen)
    driver = Driver(qtbot, screen, answers)
    for step in steps(screen):
        driver.mouse_step(step)
        driver.wait_for_signoffs()
    writable = store.engine
    read_only = f"sqlite:///file:{tmp_path / 'records.sqlite3'}?mode=ro&uri=true"
    store.engine = create_engine(read_only)
    try:
        window.new_round()  # Practice > New round
        qtbot.waitUntil(lambda: bool(boxes.shown), timeout=3000)
        (box,) = boxes.shown
        assert box.text == "This round is NOT recorded."
        shown = store.engine.url.render_as_string(hide_password=True)
        assert f"Database: {shown}" in box.informative and "records.sqlite3" in shown
        assert "attempt to write a readonly database" in box.informative
        assert "file's permissions" in box.informative
        dealt(qtbot, screen)
        qtbot.waitUntil(lambda: not screen.dealing, timeout=10000)
        assert "Not recorded: the records database failed" in feedback(screen)
        for step in steps(screen):  # the round is played all the same
            driver.mouse_step(step)
            driver.wait_for_signoffs()
            assert "✔ Correct" in feedback(screen)
    finally:
        store.engine.dispose()
        store.engine = writable
    window.new_round()
    dealt(qtbot, screen)
    driver.mouse_step(steps(screen)[0])
    (attempt,) = store.attempts()
    assert len(attempt.rounds) == 2, "the unrecorded round left nothing; the next is recorded"
    assert attempt.rounds[0].grade is not None and attempt.rounds[1].grade is None
    assert action_steps(store, attempt.id, attempt.rounds[1].index) == 1
    assert len(boxes.shown) == 1
    assert "Traceback" not in capfd.readouterr().err


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_school_server_going_away_is_named_with_its_password_masked(
    qtbot: QtBot,
    store: Store,
    screenshot_dir: Path,
    answers: DialogAnswerer,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("psycopg")
    boxes = Boxes(monkeypatch, shot=screenshot_dir / "db_failure.png")
    window, screen = at_the_table(qtbot, store)
    dealt(qtbot, screen)
    driver = Driver(qtbot, screen, answers)
    procedure = steps(screen)
    driver.mouse_step(procedure[0])
    port = closed_port()
    school_server = make_engine(f"postgresql+psycopg://trainer:s3cret@127.0.0.1:{port}/records")
    here = store.engine
    store.engine = school_server  # the server stops answering mid-round
    try:
        driver.mouse_step(procedure[1])
        qtbot.waitUntil(lambda: bool(boxes.shown), timeout=10000)
    finally:
        store.engine = here
        school_server.dispose()
    (box,) = boxes.shown
    assert box.text == "This step was NOT recorded."
    assert f"postgresql+psycopg://trainer:***@127.0.0.1:{port}/records" in box.informative
    assert "s3cret" not in box.everything, "the password is never shown"
    assert "Error: OperationalError: connection" in box.informative
    assert "the school's database server and the network" in box.informative
    assert "✔ Correct" in feedback(screen)
    driver.mouse_step(procedure[2])  # the app is still there, and the table answers
    assert "✔ Correct" in feedback(screen) and window.isVisible()
    (attempt,) = store.attempts()
    assert action_steps(store, attempt.id, attempt.rounds[0].index) == 1
    assert "Traceback" not in capfd.readouterr().err


def test_leaving_a_table_the_database_cannot_close_keeps_the_app_running(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxes = Boxes(monkeypatch)
    window, screen = at_the_table(qtbot, store)
    screen.skip_dealing()
    session = screen.session
    assert session is not None
    step = session.grader.available()[0]
    session.act(step.spot, step.action, step.amount, step.hand)
    outage = Outage(monkeypatch, "finish_attempt")
    window.start_practice(PLAIN, Mode.LEARN)  # leaving the table submits its attempt
    outage.end()
    (box,) = boxes.shown
    assert box.text == "The attempt was NOT submitted."
    assert "offered to resume or abandon the next time this trainee starts" in box.informative
    assert window.trainer is not None and window.trainer is not screen, "the new table is open"
    (left,) = [a for a in store.attempts() if a.mode == "practice"]
    assert left.status is Status.IN_PROGRESS, "left to be offered on the next start"
    assert [a.mode for a in store.attempts() if a.id != left.id] == ["learn"]


def exam_in_the_window(
    qtbot: QtBot, tmp_path: Path, store: Store, answers: ExamAnswerer
) -> tuple[MainWindow, TrainerScreen]:
    school(store)
    exam_file(tmp_path / "course" / "uth", rounds=2, may_resume=True)
    window = open_window(qtbot, store, tmp_path / "course")
    answers.passwords = [PASSWORD]
    start_exam_from_the_course(qtbot, window)
    screen = window.trainer
    assert screen is not None and window.exam is not None
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    dealt(qtbot, screen)
    return window, screen


def test_an_exam_stops_when_a_step_cannot_be_recorded_and_stays_in_progress(
    qtbot: QtBot,
    tmp_path: Path,
    screenshot_dir: Path,
    store: Store,
    records_database: str,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    answers = ExamAnswerer()
    try:
        window, screen = exam_in_the_window(qtbot, tmp_path, store, answers)
        boxes = Boxes(monkeypatch, shot=screenshot_dir / "db_failure_exam.png")
        on_the_table = screen.dealt
        driver = Driver(qtbot, screen, answers)
        outage = Outage(monkeypatch, "record_step", calls=2)
        for step in steps(screen):
            driver.mouse_step(step)
            if screen.stopped:
                break
        assert outage.failed == 1 and screen.stopped
        qtbot.waitUntil(lambda: bool(boxes.shown), timeout=3000)
        outage.end()  # the database is back; the exam does not resume by itself

        (box,) = boxes.shown
        assert box.text == "This step was NOT recorded, and the exam is stopped."
        assert f"Database: {records_database}" in box.informative
        assert "An exam cannot go on unrecorded, so it stops here. Call the examiner." in (
            box.informative
        )
        assert "stays in progress" in box.informative and "resume" in box.informative
        assert window.exam is None, "the exam is over in this window"
        assert all(action.isEnabled() for action in window.actions()), "the menus unlocked"
        assert "The exam stopped" in window.statusBar().currentMessage()
        assert "Exam stopped" in screen.mode_label.text()
        qtbot.wait(50)
        assert screen.session is None and screen.dealt is on_the_table, "no next round dealt"

        (attempt,) = store.attempts()
        assert attempt.mode == "exam" and attempt.status is Status.IN_PROGRESS
        assert len(attempt.rounds) == 1 and attempt.rounds[0].grade is None
        assert action_steps(store, attempt.id, attempt.rounds[0].index) == 2

        answers.messages.clear()
        window.close()  # the exam is no longer running: nothing to confirm, nothing submitted
        assert answers.messages == [] and not window.isVisible()
        assert store.attempt(attempt.id).status is Status.IN_PROGRESS

        # The next start offers the interrupted exam (the examiner resumes or abandons it).
        again = MainWindow(store=store, trainee=attempt.trainee)
        qtbot.addWidget(again)
        assert again.progress is not None
        assert [a.id for a in again.progress.interrupted()] == [attempt.id]
        assert "Traceback" not in capfd.readouterr().err
    finally:
        answers.stop()
    assert not answers.errors, answers.errors


def test_an_exam_whose_next_round_cannot_be_recorded_is_not_dealt_it(
    qtbot: QtBot,
    tmp_path: Path,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    answers = ExamAnswerer()
    try:
        window, screen = exam_in_the_window(qtbot, tmp_path, store, answers)
        boxes = Boxes(monkeypatch)
        outage = Outage(monkeypatch, "start_round")  # from the second round on
        first = screen.dealt
        driver = Driver(qtbot, screen, answers)
        for step in steps(screen):
            driver.mouse_step(step)
            if screen.session is not None:
                driver.wait_for_signoffs()
        qtbot.waitUntil(lambda: bool(boxes.shown), timeout=5000)
        outage.end()
        (box,) = boxes.shown
        assert box.text == "This round is NOT recorded, and the exam is stopped."
        assert "An exam cannot go on unrecorded" in box.informative
        assert window.exam is None and screen.stopped and screen.session is None
        assert screen.dealt is first, "the second round's cards were never shown"
        (attempt,) = store.attempts()
        assert attempt.status is Status.IN_PROGRESS
        assert len(attempt.rounds) == 1 and attempt.rounds[0].grade is not None
        assert "Traceback" not in capfd.readouterr().err
    finally:
        answers.stop()
    assert not answers.errors, answers.errors


def test_a_form_the_database_refuses_is_reported_and_the_lesson_goes_on(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_paperwork_lesson import start_paperwork_lesson

    from dealer_trainer.forms.closed_table import ClosedTableSituation

    boxes = Boxes(monkeypatch)
    window, form = start_paperwork_lesson(qtbot, store)
    assert isinstance(form.situation, ClosedTableSituation)
    outage = Outage(monkeypatch, "record_form")
    qtbot.mouseClick(form.required_no, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    outage.end()
    (box,) = boxes.shown
    assert box.text == "This Closed Table form was NOT recorded."
    assert "the lesson goes on" in box.informative and "disk I/O error" in box.informative
    assert form.last_grade is not None, "the grade is still shown"
    assert all(not a.forms for a in store.attempts())
    qtbot.mouseClick(form.next_table, Qt.MouseButton.LeftButton)  # on to the next form
    assert window.stack.currentWidget() is form and form.last_grade is None
    qtbot.mouseClick(form.required_no, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    assert [len(a.forms) for a in store.attempts()] == [1], "recorded again once it answers"
