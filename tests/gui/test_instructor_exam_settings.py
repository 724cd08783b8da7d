"""The exam settings tab of the instructor area, opened as an instructor does (File >
Instructor…, the password) on a copy of the course: the exams with their settings, an exam's
pass mark and attempts changed and saved with Ctrl+S into its file (comments kept), a new
lesson load and a new exam attempt taking them; and an edit that cannot be saved shown with
the file and the reason, the file left as it was."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    School,
    instructor_area,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
)
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.curriculum.lessons import LESSONS, load_lesson, load_lessons
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun, attempts_left
from dealer_trainer.gui.instructor.area import InstructorArea
from dealer_trainer.gui.instructor.exam_settings import ExamSettingsPanel
from dealer_trainer.store import Store

EXAM = "Exam: the plain table, full seats"
EXAM_FILE = Path("uth") / "03_plain_table_exam.toml"


@pytest.fixture(scope="module")
def course_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("course")


@pytest.fixture
def course(course_home: Path) -> Path:
    """A fresh copy of the whole course for each test (the area edits it, never the shipped
    files), always in the same folder: the lessons a test finds as shipped are not checked
    again (about 2 s a test), since lesson checks are remembered by path and content, as the
    trainer remembers them between starts; an edited file is checked afresh."""
    folder = course_home / "course"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(LESSONS, folder)
    return folder


@pytest.fixture
def area(
    qtbot: QtBot,
    course: Path,
    school_store: tuple[Store, School],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[InstructorArea]:
    """The area opened from the menu with the password, its exam settings on ``course``."""
    monkeypatch.setattr("dealer_trainer.gui.instructor.area.LESSONS", course)
    store, _ = school_store
    with instructor_area(qtbot, store) as opened:
        yield opened
        # A test that leaves an edit unsaved: closing drops it rather than wait for an answer.
        monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Discard)


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The message boxes the panel shows (title, text), answered at once."""
    shown: list[tuple[str, str]] = []

    def warn(_parent: QWidget, title: str, text: str) -> QMessageBox.StandardButton:
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warn)
    return shown


def open_tab(area: InstructorArea, qtbot: QtBot) -> ExamSettingsPanel:
    panel = area.exam_settings
    area.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.table.rowCount() > 0)
    return panel


def column(panel: ExamSettingsPanel, index: int) -> list[str]:
    return [panel.table.item(r, index).text() for r in range(panel.table.rowCount())]


def row_of(panel: ExamSettingsPanel, title: str) -> list[str]:
    row = [exam.title for exam in panel.exams].index(title)
    return [panel.table.item(row, c).text() for c in range(panel.table.columnCount())]


def type_value(spin: QAbstractSpinBox, text: str) -> None:
    """Select the number in the box and type another, as an instructor does."""
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, text)


def tick(box: QCheckBox) -> None:
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Space)


def ctrl_s(widget: QWidget) -> None:
    QTest.keyClick(widget, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)


def test_the_tabs_and_their_mnemonics(area: InstructorArea) -> None:
    tabs = [area.tabs.tabText(i) for i in range(area.tabs.count())]
    assert tabs == [
        "&Dashboard",
        "Assi&gnments",
        "E&xam settings",
        "Password and &keys",
        "A&nalyse",
        "Sc&hool",
    ]
    assert area.tabs.widget(1) is area.assignments and area.tabs.widget(2) is area.exam_settings
    assert area.tabs.widget(3) is area.security and area.tabs.widget(4) is area.analysis
    letters = [re.findall(r"&(\w)", text)[0].lower() for text in [*tabs, area.lock.text()]]
    assert len(set(letters)) == len(letters)


def test_no_two_visible_mnemonics_share_a_letter(area: InstructorArea, qtbot: QtBot) -> None:
    """Alt+letter must reach one control: on each tab, the tab bar, the Lock button and
    every visible button or label of that tab have different letters."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    for index in range(area.tabs.count()):
        area.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        texts = [area.tabs.tabText(i) for i in range(area.tabs.count())]
        texts += [area.lock.text(), area.reload_lessons.text()]
        page = area.tabs.widget(index)
        texts += [
            w.text()
            for w in page.findChildren(QAbstractButton) + page.findChildren(QLabel)
            if w.isVisible()
        ]
        letters = [
            m.lower() for text in texts for m in re.findall(r"&(\w)", text.replace("&&", ""))
        ]
        repeated = {letter for letter in letters if letters.count(letter) > 1}
        assert not repeated, (area.tabs.tabText(index), repeated, texts)


def test_a_changed_pass_mark_and_attempts_are_saved_with_ctrl_s(
    area: InstructorArea,
    qtbot: QtBot,
    course: Path,
    school_store: tuple[Store, School],  # noqa: F811
    warnings: list[tuple[str, str]],
    screenshot_dir: Path,
) -> None:
    store, _ = school_store
    path = course / EXAM_FILE
    original = path.read_text(encoding="utf-8")
    # An attempt taken before the change, under the file's pass mark.
    progress = TraineeProgress(store, store.add_trainee("Eve New", "Spring 2025"))
    earlier = LessonRun(load_lesson(path), progress, keys=area.session.keys())
    assert earlier.recorder is not None
    earlier_id = earlier.recorder.begin()
    earlier.abandon()
    assert area.exam_settings.table.rowCount() == 0, "the course is read when the tab is shown"
    panel = open_tab(area, qtbot)

    # Every exam of the course, with its settings.
    exams = [
        entry.lesson.title
        for entry in load_lessons(course)
        if entry.lesson is not None and entry.lesson.mode.value == "exam"
    ]
    assert sorted(column(panel, 1)) == sorted(exams) and EXAM in column(panel, 1)
    assert row_of(panel, EXAM) == [
        "Ultimate Texas Hold 'Em",
        EXAM,
        "10",
        "180 s (3 min)",
        "90 %",
        "2",
        "no",
    ]
    panel.select(EXAM)
    assert panel.exam is not None and panel.exam.path == path
    assert (panel.time_limit.value(), panel.pass_mark.value(), panel.attempts.value()) == (
        180,
        90,
        2,
    )
    assert not panel.unlimited.isChecked() and not panel.may_resume.isChecked()
    assert panel.rounds.text().startswith("10 ")
    assert (
        "already recorded keeps the pass mark"
        in panel.findChild(type(panel.rounds), "newAttemptsOnly").text()
    )

    # Ctrl+S in another tab saves nothing.
    type_value(panel.pass_mark, "82.5")
    type_value(panel.attempts, "3")
    assert panel.dirty and "unsaved changes" in panel.editor.title()
    area.tabs.setCurrentWidget(area.dashboard)
    ctrl_s(area.dashboard)
    assert path.read_text(encoding="utf-8") == original
    area.tabs.setCurrentWidget(panel)
    panel.attempts.setFocus()
    ctrl_s(panel.attempts)

    assert warnings == []
    saved = path.read_text(encoding="utf-8")
    assert saved == original.replace("pass_mark = 90\n", "pass_mark = 82.5\n").replace(
        "attempts = 2\n", "attempts = 3\n"
    ), "only the two values change: comments, the rest and the layout are kept"
    assert saved.startswith("#:schema ../lesson.schema.json\n# The certification exam")
    assert row_of(panel, EXAM)[4:6] == ["82.5 %", "3"]
    assert "Saved" in panel.message.text() and "03_plain_table_exam.toml" in panel.message.text()
    assert not panel.dirty and "unsaved" not in panel.editor.title()
    assert panel.pass_mark.value() == 82.5 and panel.attempts.value() == 3
    qtbot.wait(50)  # the layout settles around the new message
    area.grab().save(str(screenshot_dir / "instructor_exam_settings.png"))
    assert (area.width(), area.height()) == (1280, 680)

    # A new load of the course, and a new exam attempt, see the new values; the attempts
    # already recorded keep the pass mark they were taken under.
    [entry] = [e for e in load_lessons(course) if e.path == path]
    assert entry.ok and entry.lesson is not None
    assert (entry.lesson.pass_mark, entry.lesson.attempts) == (82.5, 3)
    lesson = load_lesson(path)
    assert attempts_left(lesson, progress) == 2, "3 allowed now, 1 already used"
    run = LessonRun(lesson, progress, keys=area.session.keys())
    assert run.recorder is not None and run.time_limit == 180
    attempt = store.attempt(run.recorder.begin())
    assert attempt.pass_mark == Decimal("82.5") and attempt.rounds_required == 10
    run.abandon()
    assert store.attempt(earlier_id).pass_mark == Decimal("90")


def test_unlimited_attempts_and_resume(
    area: InstructorArea,
    qtbot: QtBot,
    course: Path,
    warnings: list[tuple[str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = course / EXAM_FILE
    panel = open_tab(area, qtbot)
    panel.select(EXAM)
    tick(panel.unlimited)
    assert not panel.attempts.isEnabled()
    tick(panel.may_resume)
    type_value(panel.time_limit, "150")
    assert panel.time_hint.text() == "2 min 30 s"
    # Choosing another exam with unsaved changes asks first; "No" keeps the edit.
    asked: list[str] = []

    def keep(_parent: QWidget, _title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", keep)
    panel.table.setCurrentCell(0, 1)
    assert len(asked) == 1 and EXAM in asked[0]
    assert panel.exam is not None and panel.exam.title == EXAM and panel.dirty
    assert panel.table.currentRow() == [e.title for e in panel.exams].index(EXAM)
    QTest.mouseClick(panel.save_button, Qt.MouseButton.LeftButton)
    assert warnings == []
    text = path.read_text(encoding="utf-8")
    assert "attempts" not in text
    assert "time_limit_seconds = 150\npass_mark = 90\nmay_resume = true\n" in text
    assert row_of(panel, EXAM)[3:] == ["150 s (2 min 30 s)", "90 %", "unlimited", "yes"]
    lesson = load_lesson(path)
    assert (lesson.attempts, lesson.may_resume, lesson.time_limit_seconds) == (None, True, 150)


def test_an_edit_that_cannot_be_saved_is_shown_and_leaves_the_file(
    area: InstructorArea,
    qtbot: QtBot,
    course: Path,
    warnings: list[tuple[str, str]],
    screenshot_dir: Path,
) -> None:
    path = course / EXAM_FILE
    panel = open_tab(area, qtbot)
    panel.select(EXAM)

    # Edited on disk since the tab read it: not overwritten.
    by_hand = path.read_text(encoding="utf-8") + "# a note added by hand\n"
    path.write_text(by_hand, encoding="utf-8")
    type_value(panel.pass_mark, "75")
    ctrl_s(panel.pass_mark)
    [(title, text)] = warnings
    assert EXAM in title and "not saved" in title
    assert str(path) in text and "changed on disk since" in text
    assert "changed on disk" in panel.message.text()
    assert path.read_text(encoding="utf-8") == by_hand
    assert panel.dirty, "the edit stays in the editor"
    QTest.mouseClick(panel.revert_button, Qt.MouseButton.LeftButton)
    assert panel.pass_mark.value() == 90 and not panel.dirty

    # A read-only file: refused.
    path.chmod(0o444)
    try:
        type_value(panel.pass_mark, "75")
        ctrl_s(panel.pass_mark)
        assert len(warnings) == 2 and "read-only" in warnings[1][1]
        assert str(path) in warnings[1][1]
        assert path.read_text(encoding="utf-8") == by_hand
    finally:
        path.chmod(0o644)

    # A file the lesson checks refuse (its table is gone): each problem at its field.
    broken = by_hand.replace("../tables/uth_plain.toml", "../tables/gone.toml")
    path.write_text(broken, encoding="utf-8")
    panel.refresh()
    panel.select(EXAM)
    assert "problems" in row_of(panel, EXAM)[1] and row_of(panel, EXAM)[2] == "—"
    assert "table" in panel.message.text()
    type_value(panel.pass_mark, "75")
    ctrl_s(panel.pass_mark)
    assert len(warnings) == 3
    assert f"{path}: table: a table configuration file that exists" in warnings[2][1]
    assert "'../tables/gone.toml'" in warnings[2][1]
    assert path.read_text(encoding="utf-8") == broken
    beside = panel.message.text()
    assert str(path) in beside and "• table: a table configuration file that exists" in beside
    qtbot.wait(50)
    area.grab().save(str(screenshot_dir / "instructor_exam_settings_refused.png"))
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")) == []


def test_closing_with_unsaved_settings_asks_and_cancel_keeps_the_area_open(
    area: InstructorArea,
    qtbot: QtBot,
    course: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = course / EXAM_FILE
    original = path.read_text(encoding="utf-8")
    panel = open_tab(area, qtbot)
    panel.select(EXAM)
    type_value(panel.pass_mark, "85")
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    asked: list[str] = []

    def answer(*args: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", answer)
    QTest.mouseClick(area.lock, Qt.MouseButton.LeftButton)
    assert area.isVisible() and panel.dirty, "Cancel: still open, the edit still there"
    assert path.read_text(encoding="utf-8") == original
    area.session.require()  # the session was not locked by the cancelled close
    QTest.keyClick(area, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not area.isVisible()
    assert len(asked) == 2 and EXAM in asked[0]
    assert "pass_mark = 85" in path.read_text(encoding="utf-8"), "Save: written, then closed"
