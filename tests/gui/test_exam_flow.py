"""An exam through the real window: the examiner unlocks the school's key, the candidate
settles against the countdown with no hints and no verdicts, the result comes at the end,
signed and final; exams refused without a key or attempts left; and the app killed mid-exam
loses no step and offers the exam for resumption on restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from driver import DialogAnswerer, Driver, deal_quickly
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from shots import save_shot

from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.gui.exam_dialogs import ExaminerDialog, ExamResultDialog
from dealer_trainer.gui.keymap import BY_ACTION
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainee_dialog import ResumeDialog
from dealer_trainer.practice.session import Mode
from dealer_trainer.store import Status, Store, open_store
from dealer_trainer.store.replay import replay

HERE = Path(__file__).resolve().parent
CURRICULUM_TESTS = HERE.parent / "curriculum"
sys.path.insert(0, str(CURRICULUM_TESTS))
from records_support import exam_file  # noqa: E402

PASSWORD = "correct horse battery"


class ExamAnswerer(DialogAnswerer):
    """Answers the trainer's dialogs, and the exam's: the examiner's password (a wrong one
    first, when asked), message boxes (their text kept) and the result (photographed)."""

    def __init__(self) -> None:
        super().__init__()
        self.passwords: list[str] = []
        self.messages: list[str] = []
        self.results: list[ExamResultDialog] = []
        self.examiner_errors: list[str] = []
        self.shots: Path | None = None
        self.confirm = False
        """Answer Yes to a question (closing the window mid-exam)."""

    def _answer_dialog(self, dialog: object) -> None:
        if isinstance(dialog, ExaminerDialog):
            if not self.passwords:
                dialog.reject()
                return
            dialog.password.setText(self.passwords.pop(0))
            dialog.start.click()
            if dialog.isVisible():
                self.examiner_errors.append(dialog.error.text())
        elif isinstance(dialog, ExamResultDialog):
            self.results.append(dialog)
            if self.shots is not None:
                dialog.resize(760, 620)
                save_shot(dialog.grab(), self.shots / "exam_result.png")
            dialog.accept()
        elif isinstance(dialog, QMessageBox):
            self.messages.append(dialog.text())
            yes = dialog.button(QMessageBox.StandardButton.Yes)
            if self.confirm and yes is not None:
                yes.click()
            else:
                dialog.reject()
        else:
            super()._answer_dialog(dialog)


@pytest.fixture
def answers() -> Iterator[ExamAnswerer]:
    answerer = ExamAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def school(store: Store) -> None:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)


def open_window(qtbot: QtBot, store: Store, folder: Path) -> MainWindow:
    window = MainWindow(store=store, trainee=store.add_trainee("Ann Lee", "Spring 2026"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    course = window._course_widget()
    course.folder = folder
    course.refresh()
    return window


def start_exam_from_the_course(qtbot: QtBot, window: MainWindow) -> None:
    course = window.show_course()
    (row,) = [r for r in course.lesson_items() if "Exam" in r.text(0)]
    course.tree.setCurrentItem(row)
    qtbot.keyClick(course, Qt.Key.Key_Return)


def test_an_exam_from_start_to_signed_result(
    qtbot: QtBot, tmp_path: Path, store: Store, answers: ExamAnswerer, screenshot_dir: Path
) -> None:
    school(store)
    exam_file(tmp_path / "course" / "uth", rounds=1)
    window = open_window(qtbot, store, tmp_path / "course")
    answers.passwords = ["not the password", PASSWORD]
    answers.shots = screenshot_dir
    start_exam_from_the_course(qtbot, window)
    assert answers.examiner_errors and "Wrong instructor password" in answers.examiner_errors[0]
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun) and screen.source.exam
    assert window.exam is screen.source
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    assert screen.mode is Mode.EXAM
    assert "Exam" in screen.mode_label.text() and "round 1/2" in screen.mode_label.text()
    for action in window.actions():
        if action.objectName() in ("show_course", "show_picker", "choose_trainee"):
            assert not action.isEnabled(), f"{action.text()} is locked during the exam"
    driver = Driver(qtbot, screen, answers)
    if screen.dealing:
        qtbot.keyClick(screen, Qt.Key.Key_Space)  # skip the first deal's animation
    rounds = 0
    mistaken = False
    while window.exam is not None:
        session = screen.session
        assert session is not None
        qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
        assert not screen.hint_button.isVisible() and not screen.accuracy.isVisible()
        assert not screen.progress.isVisible()
        assert "Time left 3:00" in screen.elapsed.text() or "Time left 2:5" in screen.elapsed.text()
        procedure = list(session.procedure)
        # One wrong payout, in the first round with a payout (the rounds are the candidate's
        # own, so a dealt round may have none; the fixed last round has).
        first_paid = next(
            (
                i
                for i, st in enumerate(procedure)
                if st.amount is not None and BY_ACTION[st.action].needs_amount
            ),
            None,
        )
        for index, step in enumerate(procedure):
            wrong = not mistaken and index == first_paid
            mistaken = mistaken or wrong
            driver.mouse_step(step, amount=(step.amount or Decimal(0)) + 5 if wrong else None)
            if window.exam is None or screen.session is not session:
                break
            text = screen.feedback.text()
            assert "Recorded:" in text and "✘" not in text and "✔" not in text, text
            assert "§" not in text, "no section is cited until the end"
            if rounds == 0 and index == 3:
                save_shot(window.grab(), screenshot_dir / "exam_in_progress.png")
        rounds += 1
        qtbot.waitUntil(
            lambda s=session: window.exam is None or screen.session is not s, timeout=10000
        )
    assert rounds == 2
    qtbot.waitUntil(lambda: bool(answers.results), timeout=5000)
    dialog = answers.results[0]
    (attempt,) = store.attempts()
    assert attempt.status is Status.SUBMITTED and attempt.signed and attempt.mode == "exam"
    assert attempt.summary is not None
    verdict = dialog.head.text()
    assert f"{attempt.summary.score}%" in verdict and "pass mark of 90%" in verdict
    assert ("PASSED" in verdict) is (attempt.summary.score >= 90)
    assert "final" in verdict
    details = dialog.details.toPlainText()
    assert "Wrong amount" in details and "§" in details, "the mistake is explained at the end"
    assert [r.grade for r in attempt.rounds] == [g.to_json() for g in replay(attempt).grades], (
        "the live exam grades as its replay does"
    )
    assert all(action.isEnabled() for action in window.actions()), "unlocked after the exam"


def test_an_exam_cannot_start_without_the_schools_key_or_attempts_left(
    qtbot: QtBot, tmp_path: Path, store: Store, answers: ExamAnswerer
) -> None:
    exam_file(tmp_path / "course" / "uth", rounds=1, attempts=1)
    window = open_window(qtbot, store, tmp_path / "course")
    start_exam_from_the_course(qtbot, window)
    qtbot.waitUntil(lambda: bool(answers.messages), timeout=3000)
    assert "no instructor password is set up" in answers.messages[-1]
    assert window.exam is None and store.attempts() == []

    store.set_instructor_password(PASSWORD)  # but no key generated yet
    answers.passwords = [PASSWORD]
    start_exam_from_the_course(qtbot, window)
    assert answers.examiner_errors and "no signing key" in answers.examiner_errors[-1]
    assert window.exam is None and store.attempts() == []

    store.generate_key(PASSWORD)
    answers.passwords = [PASSWORD]
    start_exam_from_the_course(qtbot, window)
    assert window.exam is not None
    answers.messages.clear()
    window.close()  # mid-exam: asked first, and the answer is No
    assert window.exam is not None and "Closing abandons it" in answers.messages[-1]
    answers.confirm = True
    window.close()
    assert window.exam is None
    answers.confirm = False
    window.show()
    start_exam_from_the_course(qtbot, window)
    qtbot.waitUntil(lambda: bool(answers.messages), timeout=3000)
    assert "used all 1 attempts" in answers.messages[-1]
    assert [a.status for a in store.attempts()] == [Status.ABANDONED]


def test_the_countdown_ends_an_exam_round(
    qtbot: QtBot, tmp_path: Path, store: Store, answers: ExamAnswerer
) -> None:
    school(store)
    path = exam_file(tmp_path / "course" / "uth", rounds=1)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "time_limit_seconds = 180", "time_limit_seconds = 1"
        ),
        encoding="utf-8",
    )
    window = open_window(qtbot, store, tmp_path / "course")
    answers.passwords = [PASSWORD]
    start_exam_from_the_course(qtbot, window)
    screen = window.trainer
    assert screen is not None
    deal_quickly(screen)
    first = screen.session
    qtbot.waitUntil(lambda: screen.session is not first, timeout=15000)
    (attempt,) = store.attempts()
    grade = attempt.rounds[0].grade
    assert grade is not None and not grade["within_time"] and grade["missing"]
    assert window.exam is not None, "the exam goes on with the next round"
    # Closed as the trainee would, abandoning the exam when asked: a window left mid-exam
    # refuses the teardown's unanswered close and stays open over the tests that follow.
    answers.confirm = True
    window.close()
    assert window.exam is None and not window.isVisible()
    # The abandoned attempt is final: the round in hand's clock runs out later and must
    # neither end that round nor raise (the store refuses to change a final attempt).
    qtbot.wait(1500)
    (attempt,) = store.attempts()
    assert attempt.status is Status.ABANDONED and attempt.rounds[-1].finished_at is None


# --- the app killed mid-exam -----------------------------------------------------------------

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[3])
from records_support import settle
from dealer_trainer.curriculum.lessons import load_lesson
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.store import open_store

store = open_store(sys.argv[1])
trainee = store.add_trainee("Ann Lee", "Spring 2026")
progress = TraineeProgress(store, trainee)
run = LessonRun(load_lesson(sys.argv[2]), progress, keys=store.unlock_keys(sys.argv[4]))
print("attempt", run.recorder.attempt_id, trainee.id, flush=True)

def reported(judgement):
    # printed only once the recorder has committed the step (it listens first)
    print("step", judgement.step_id or "-", flush=True)
    time.sleep(0.03)

while (item := run.next_item()) is not None:
    print("round", run.played + 1, flush=True)
    settle(run, item, wrong_amount_at={2}, on_step=reported)
print("finished", flush=True)
"""


def test_killed_mid_exam_loses_no_step_and_is_offered_on_restart(
    qtbot: QtBot, tmp_path: Path, store: Store, records_database: str, answers: ExamAnswerer
) -> None:
    school(store)
    lesson_path = exam_file(tmp_path / "course" / "uth", rounds=3, may_resume=True)
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD,
            records_database,
            str(lesson_path),
            str(CURRICULUM_TESTS),
            PASSWORD,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    reported: list[str] = []
    attempt_id = 0
    in_round = 0
    in_second = 0
    try:
        for line in child.stdout:
            words = line.split()
            if words[0] == "attempt":
                attempt_id = int(words[1])
            elif words[0] == "round":
                in_round = int(words[1])
            elif words[0] == "step":
                reported.append(words[1])
                in_second += in_round == 2
                if in_second == 3:  # three steps into the second round
                    child.send_signal(signal.SIGKILL)
                    break
            else:
                pytest.fail(f"the child finished before it was killed: {line}")
        _rest, errors = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL, errors

    # Restart: the same records, the same trainee.
    restarted = open_store(records_database)
    qtbot.addWidget(window := MainWindow(store=restarted, trainee=restarted.trainees()[0]))
    record = restarted.attempt(attempt_id)
    stored = [s.step_id or "-" for s in record.steps if s.kind == "action"]
    assert stored[: len(reported)] == reported, "every reported step is in the records"
    assert len(stored) - len(reported) in (0, 1), "at most the one being reported when killed"
    assert record.status is Status.IN_PROGRESS and len(record.rounds) == 2
    assert record.rounds[0].grade is not None and record.rounds[1].grade is None

    assert window.progress is not None
    offered = window.progress.interrupted()
    assert [(a.id, a.may_resume) for a in offered] == [(attempt_id, True)]
    dialog = ResumeDialog(offered, window._lessons_by_id(), lambda _a: None, window)
    qtbot.addWidget(dialog)
    assert "1 round finished (one cut short)" in dialog.list.item(0).text()
    assert dialog.resume_button.isEnabled()

    # Resuming (the examiner unlocks the key again): the round cut short is graded from its
    # recorded steps and the exam goes on with round 3.
    from dealer_trainer.curriculum.lessons import load_lesson

    progress = TraineeProgress(restarted, restarted.trainees()[0])
    run = LessonRun(
        load_lesson(lesson_path),
        progress,
        keys=restarted.unlock_keys(PASSWORD),
        resume=restarted.resume_attempt(attempt_id),
    )
    assert run.played == 2
    cut = restarted.attempt(attempt_id).rounds[1]
    assert cut.grade is not None and cut.grade["missing"]
    restarted.close()
