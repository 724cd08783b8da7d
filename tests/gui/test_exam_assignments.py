"""Exam assignments from both sides: the instructor assigns an exam to trainees with the
keyboard, sees and revokes assignments, and is told what went wrong; the trainee's start screen
offers "Exam" only for a verified, open assignment (naming the exam and its due date), starts
that exam, and a submitted attempt completes the assignment. A forged or edited assignment is
not offered and is named on the instructor's dashboard. Screenshots at 1280x720 and 1920x1080
go to the screenshot folder."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from driver import Driver, deal_quickly
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QMessageBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from dealer_trainer.curriculum.assignments import lesson_sha256
from dealer_trainer.curriculum.lessons import load_lesson
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.area import InstructorArea
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.store import Status, Store
from dealer_trainer.store.assignments import AssignmentState
from dealer_trainer.store.records import TraineeRecord

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "curriculum"))
sys.path.insert(0, str(HERE))
from records_support import exam_file  # noqa: E402
from test_exam_flow import ExamAnswerer  # noqa: E402

PASSWORD = "correct horse battery"
SIZES = ((1280, 720), (1920, 1080))
EXAM_ID = "uth-test-exam"


@pytest.fixture
def answers() -> Iterator[ExamAnswerer]:
    answerer = ExamAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def snap(widget: QWidget, shots: Path, name: str) -> None:
    for width, height in SIZES:
        widget.resize(width, height)
        widget.grab().save(str(shots / f"{name}_{width}x{height}.png"))
    widget.resize(*SIZES[0])


def school(store: Store) -> None:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)


def area_for(qtbot: QtBot, store: Store, course: Path) -> InstructorArea:
    area = InstructorArea(InstructorSession.sign_in(store, PASSWORD), lessons=course)
    qtbot.addWidget(area)
    area.resize(*SIZES[0])
    area.show()
    qtbot.waitExposed(area)
    return area


def assign_directly(store: Store, trainee: TraineeRecord, course: Path, due: date | None) -> None:
    lesson = load_lesson(course / "uth" / "exam.toml")
    store.assign_exam(
        [trainee.id],
        lesson_id=lesson.id,
        lesson_sha256=lesson_sha256(lesson),
        title="Ultimate Texas Hold 'Em: a short plain table",
        assigned_by="Dana Reyes",
        due=due,
        keys=store.unlock_keys(PASSWORD),
    )


def mnemonics(area: QWidget) -> list[str]:
    """The Alt letters of the area's visible buttons, labels and tabs."""
    texts = [area.tabs.tabText(i) for i in range(area.tabs.count())]
    for kind in (QPushButton, QLabel, QCheckBox):
        texts += [w.text() for w in area.findChildren(kind) if w.isVisible()]
    found = []
    for label in texts:
        if "<" in label:
            continue
        index = label.replace("&&", "").find("&")
        if index >= 0 and index + 1 < len(label.replace("&&", "")):
            found.append(label.replace("&&", "")[index + 1].lower())
    return sorted(found)


def focus_chain(first: QWidget) -> list[QWidget]:
    """The widgets Tab reaches from ``first``, in order, once round."""
    chain = [first]
    widget = first.nextInFocusChain()
    while widget is not first and len(chain) < 500:
        if (
            widget.isVisible()
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def test_an_instructor_assigns_sees_and_revokes_with_the_keyboard(
    qtbot: QtBot,
    tmp_path: Path,
    store: Store,
    screenshot_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    school(store)
    exam_file(tmp_path / "course" / "uth")
    ann = store.add_trainee("Ann Lee", "Spring 2026")
    store.add_trainee("Ben Ode", "Spring 2026")
    store.add_trainee("Cy Park")
    area = area_for(qtbot, store, tmp_path / "course")
    panel = area.assignments
    area.tabs.setCurrentWidget(panel)
    assert mnemonics(area) == sorted(set(mnemonics(area))), "every Alt key is used once"
    assert "g" in mnemonics(area), "Alt+G opens the tab"
    chain = focus_chain(panel.exam)
    for widget in (panel.trainees, panel.has_due, panel.instructor, panel.assign_button):
        assert widget in chain, f"{widget.objectName()} is reached with Tab"
    assert "a short plain table" in panel.exam.currentText()
    press = lambda button: qtbot.keyClick(button, Qt.Key.Key_Space)  # noqa: E731

    # Nothing ticked, then no name: each refusal says what to do, and nothing is assigned.
    press(panel.assign_button)
    assert "Tick at least one trainee" in panel.message.text()
    assert area.focusWidget() is panel.trainees
    qtbot.keyClick(panel.trainees, Qt.Key.Key_Space)  # Ann, the current row
    qtbot.keyClick(panel.trainees, Qt.Key.Key_Down)
    qtbot.keyClick(panel.trainees, Qt.Key.Key_Space)  # Ben
    assert len(panel.ticked_ids()) == 2
    press(panel.assign_button)
    assert "Type your name" in panel.message.text() and area.focusWidget() is panel.instructor
    assert store.assignments() == []

    qtbot.keyClicks(panel.instructor, "Dana Reyes")
    press(panel.has_due)
    assert panel.has_due.isChecked() and panel.due.isEnabled()
    press(panel.assign_button)
    assert "Assigned" in panel.message.text() and "Ann Lee, Ben Ode" in panel.message.text()
    made = store.assignments()
    assert sorted(a.trainee for a in made) == ["Ann Lee", "Ben Ode"]
    due = date.today() + timedelta(days=7)
    assert all(a.due == due and a.assignment.assigned_by == "Dana Reyes" for a in made)
    assert panel.table.rowCount() == 2
    assert {panel.table.item(r, 3).text() for r in range(2)} == {"open"}
    assert panel.ticked_ids() == [], "the ticks are cleared once assigned"

    # Assigning the same exam again to Ann is refused by name.
    panel.tick("Ann Lee")
    press(panel.assign_button)
    assert "Nothing was assigned" in panel.message.text() and "Ann Lee already has" in (
        panel.message.text()
    )
    snap(area, screenshot_dir, "instructor_assignments")

    # Revoke Ann's, after confirming.
    row = next(r for r in range(2) if panel.table.item(r, 0).text() == "Ann Lee")
    panel.table.setFocus()
    panel.table.selectRow(row)
    assert panel.revoke_button.isEnabled()
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    assert panel.revoke_button in focus_chain(panel.exam)
    press(panel.revoke_button)
    assert "Revoked" in panel.message.text()
    states = {a.trainee: a.state for a in store.assignments(trainee_id=ann.id)}
    assert states == {"Ann Lee": AssignmentState.REVOKED}
    revoked_row = next(r for r in range(2) if panel.table.item(r, 0).text() == "Ann Lee")
    assert panel.table.item(revoked_row, 3).text() == "revoked by Dana Reyes"
    panel.table.selectRow(revoked_row)
    assert not panel.revoke_button.isEnabled(), "a revoked assignment is not revoked twice"


def test_an_edited_assignment_reads_not_verified_and_is_named_on_the_dashboard(
    qtbot: QtBot, tmp_path: Path, store: Store
) -> None:
    school(store)
    exam_file(tmp_path / "course" / "uth")
    ann = store.add_trainee("Ann Lee")
    assign_directly(store, ann, tmp_path / "course", date(2026, 12, 24))
    with store.engine.begin() as connection:  # the trainee moves the due date
        connection.execute(text("UPDATE exam_assignments SET due = '2027-06-30'"))
    area = area_for(qtbot, store, tmp_path / "course")
    panel = area.assignments
    panel.refresh()
    assert panel.table.item(0, 3).text() == "NOT VERIFIED"
    assert "does not verify" in panel.problems.text()
    panel.table.selectRow(0)
    assert not panel.revoke_button.isEnabled()
    area.dashboard.refresh()
    area.dashboard.select_trainee("Ann Lee")
    assert "Exam assignments:" in area.dashboard.problems.text()
    assert "does not verify" in area.dashboard.problems.text()


def open_window(qtbot: QtBot, store: Store, trainee: TraineeRecord, course: Path) -> MainWindow:
    window = MainWindow(store=store, trainee=trainee)
    qtbot.addWidget(window)
    window.start.folder = course
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.start.loaded, timeout=20000)
    course_widget = window._course_widget()
    course_widget.folder = course
    course_widget.refresh()
    window.show_start()
    return window


def test_the_start_screen_offers_only_an_assigned_exam(
    qtbot: QtBot, tmp_path: Path, store: Store, screenshot_dir: Path
) -> None:
    school(store)
    course = tmp_path / "course"
    exam_file(course / "uth")
    ann, ben = store.add_trainee("Ann Lee"), store.add_trainee("Ben Ode")
    window = open_window(qtbot, store, ann, course)
    start = window.start
    assert not start.exam_card.isVisible(), "no exam without an assignment"
    rows = window.show_course().lesson_items()
    (exam_row,) = [r for r in rows if r.text(0).startswith("Exam")]
    assert "assigned" not in exam_row.text(0), "the course still lists the exam, unassigned"

    assign_directly(store, ben, course, None)  # someone else's assignment
    window.show_start()
    assert not start.exam_card.isVisible()

    due = date.today() + timedelta(days=3)
    assign_directly(store, ann, course, due)
    window.show_start()
    assert start.exam_card.isVisible()
    card = start.exam_card.text.text()
    assert "Assigned:" in card and "a short plain table" in card
    assert f"Due {due.day} {due:%B %Y}" in card and "assigned by Dana Reyes" in card
    snap(window, screenshot_dir, "start_screen_assigned_exam")
    course_widget = window.show_course()
    (exam_row,) = [r for r in course_widget.lesson_items() if r.text(0).startswith("Exam")]
    assert f"(assigned, due {due.day} {due:%B %Y})" in exam_row.text(0)
    course_widget.tree.setCurrentItem(exam_row)
    assert "Assigned to you" in course_widget.details.toPlainText()
    snap(window, screenshot_dir, "course_assigned_exam")

    # The exam file changed since it was assigned: it is not the exam assigned.
    exam = course / "uth" / "exam.toml"
    exam.write_text(exam.read_text().replace("pass_mark = 90", "pass_mark = 80"))
    window.show_start()
    assert not start.exam_card.isVisible()
    exam.write_text(exam.read_text().replace("pass_mark = 80", "pass_mark = 90"))
    window.show_start()
    assert start.exam_card.isVisible()

    # Edited in the records (the due date moved): ignored.
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE exam_assignments SET due = '2099-01-01' WHERE trainee_id = :t"),
            {"t": ann.id},
        )
    window.show_start()
    assert not start.exam_card.isVisible()


def test_sitting_the_assigned_exam_completes_the_assignment(
    qtbot: QtBot, tmp_path: Path, store: Store, answers: ExamAnswerer, screenshot_dir: Path
) -> None:
    school(store)
    course = tmp_path / "course"
    exam_file(course / "uth", rounds=1)
    ann = store.add_trainee("Ann Lee")
    assign_directly(store, ann, course, None)
    window = open_window(qtbot, store, ann, course)
    start = window.start
    assert start.exam_card.isVisible()
    answers.passwords = [PASSWORD]
    assert start.exam_card.button.text() == "Sit the &exam"
    qtbot.keyClick(start.exam_card.button, Qt.Key.Key_Space)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun) and screen.source.exam
    [assignment] = store.assignments(trainee_id=ann.id)
    assert screen.source.recorder is not None
    assert screen.source.recorder.assignment == assignment.uid
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    driver = Driver(qtbot, screen, answers)
    if screen.dealing:
        qtbot.keyClick(screen, Qt.Key.Key_Space)
    while window.exam is not None:
        session = screen.session
        assert session is not None
        qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
        for step in list(session.procedure):
            driver.mouse_step(step)
            if window.exam is None or screen.session is not session:
                break
        qtbot.waitUntil(
            lambda s=session: window.exam is None or screen.session is not s, timeout=10000
        )
    qtbot.waitUntil(lambda: bool(answers.results), timeout=5000)
    (attempt,) = store.attempts()
    assert attempt.status is Status.SUBMITTED and attempt.signed
    [done] = store.assignments(trainee_id=ann.id)
    assert done.state is AssignmentState.COMPLETED and done.completed_by == attempt.uid
    window.show_start()
    assert not start.exam_card.isVisible(), "a completed assignment is not offered again"


def test_the_examiner_is_told_whether_the_exam_is_assigned(
    qtbot: QtBot, tmp_path: Path, store: Store
) -> None:
    from dealer_trainer.curriculum.assignments import assigned_exams
    from dealer_trainer.curriculum.lessons import load_lessons
    from dealer_trainer.gui.exam_dialogs import ExaminerDialog

    school(store)
    course = tmp_path / "course"
    exam_file(course / "uth")
    ann = store.add_trainee("Ann Lee")
    lesson = load_lesson(course / "uth" / "exam.toml")
    bare = ExaminerDialog(store, lesson, ann, 1)
    qtbot.addWidget(bare)
    assert "Not assigned" in bare.assignment.text() and "may still start it" in (
        bare.assignment.text()
    )
    assign_directly(store, ann, course, date(2026, 12, 24))
    window = open_window(qtbot, store, ann, course)
    assert window.progress is not None
    [assigned] = assigned_exams(load_lessons(course), window.progress)
    dialog = ExaminerDialog(store, lesson, ann, 1, assigned=assigned)
    qtbot.addWidget(dialog)
    assert "Assigned" in dialog.assignment.text() and "Dana Reyes" in dialog.assignment.text()
    assert "24 December 2026" in dialog.assignment.text()
