"""The way in and teaching before testing, as a trainee meets them: the start screen, the
lesson introduction before the first round and on request, the practice picker grouped by
game, the course numbered without jumps, author tools only in the instructor area, and the
house way at a pai gow table. Screenshots at 1280x720 and 1920x1080 go to the screenshot
folder (``DEALER_TRAINER_SHOTS``, by default tests/screenshots/) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from shots import resized

from dealer_trainer.curriculum.lessons import LESSONS, load_lesson
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.area import InstructorArea
from dealer_trainer.gui.lesson_intro import BACK, START
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import deal_table
from dealer_trainer.practice.session import Mode
from dealer_trainer.resources import shipped_tables
from dealer_trainer.store import Store

SIZES = ((1280, 720), (1920, 1080))
PASSWORD = "correct horse battery staple"


@pytest.fixture
def shots(screenshot_dir: Path) -> Path:
    folder = Path(os.environ.get("DEALER_TRAINER_SHOTS", str(screenshot_dir)))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def window_for(qtbot: QtBot, store: Store | None) -> MainWindow:
    trainee = store.add_trainee("Ann Lee", "Spring 2026") if store is not None else None
    window = MainWindow(store=store, trainee=trainee)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    return window


def snap(window: QWidget, shots: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        window.grab().save(str(shots / f"{name}_{width}x{height}.png"))
    window.resize(*SIZES[0])


def test_the_start_screen_leads_into_the_course_at_its_first_lesson(
    qtbot: QtBot, store: Store, shots: Path
) -> None:
    window = window_for(qtbot, store)
    start = window.start
    assert window.stack.currentWidget() is start
    qtbot.waitUntil(lambda: start.loaded, timeout=20000)
    assert start.next is not None and start.next.id == "uth-first-settlement"
    text = start.course_card.text.text()
    assert "Ultimate Texas Hold &#x27;Em, lesson 1: First settlement" in text or (
        "Ultimate Texas Hold 'Em, lesson 1: First settlement" in text
    )
    assert not start.exam_card.isVisible(), "no exam is ready for a new trainee"
    assert "Welcome, Ann Lee" in start.greeting.text()
    snap(window, shots, "start_screen")
    qtbot.mouseClick(start.course_card.button, Qt.MouseButton.LeftButton)
    intro = window.intro
    assert window.stack.currentWidget() is intro and window.trainer is None
    assert intro.go_on.text() == START
    assert "Blind Paytable A" in intro.sign.toPlainText()
    assert "Straight" in intro.sign.toPlainText() and "500 to 1" in intro.sign.toPlainText()
    html = intro.text.toHtml()
    assert "<img" in html, "the example's cards are drawn"
    assert "Blind Paytable A pays Straight 1 to 1" in intro.text.toPlainText()
    snap(window, shots, "lesson_intro")
    qtbot.keyClick(intro, Qt.Key.Key_Return)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun)
    assert screen.source.lesson.id == "uth-first-settlement"
    assert window.stack.currentWidget() is screen


def test_the_introduction_is_shown_again_on_request(qtbot: QtBot, store: Store) -> None:
    window = window_for(qtbot, store)
    lesson = load_lesson(LESSONS / "three_card_poker" / "01_first_settlement.toml")
    window.start_lesson(lesson)
    qtbot.keyClick(window.intro, Qt.Key.Key_Return)
    screen = window.trainer
    assert screen is not None and window.stack.currentWidget() is screen
    action = next(a for a in window.actions() if a.objectName() == "show_lesson_intro")
    assert action.shortcut().toString() == "Ctrl+I"
    action.trigger()
    assert window.stack.currentWidget() is window.intro
    assert window.intro.go_on.text() == BACK
    assert "Ante and Play" in window.intro.sign.toPlainText()
    qtbot.mouseClick(window.intro.go_on, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is screen and window.trainer is screen


def test_the_picker_groups_tables_by_game_in_plain_words(qtbot: QtBot, shots: Path) -> None:
    window = window_for(qtbot, None)
    window.start.practice_card.button.click()
    picker = window.picker
    assert window.stack.currentWidget() is picker
    games = [
        picker.tables.topLevelItem(i).text(0) for i in range(picker.tables.topLevelItemCount())
    ]
    assert games[0] == "Ultimate Texas Hold 'Em"
    assert len(games) == len(set(games)), "each game is one group"
    for item in picker.table_items():
        game = item.parent().text(0)
        assert game not in item.text(0) and "653b" not in item.text(0), item.text(0)
    assert picker.deal.width() < 300, "no window-wide Deal button"
    snap(window, shots, "practice_picker")
    picker.to_course.click()
    assert window.course is not None and window.stack.currentWidget() is window.course


def test_the_course_numbers_lessons_and_labels_exams(
    qtbot: QtBot, store: Store, shots: Path
) -> None:
    window = window_for(qtbot, store)
    browser = window.show_course()
    uth = browser.tree.topLevelItem(0)
    assert uth is not None and uth.text(0) == "Ultimate Texas Hold 'Em", "UTH comes first"
    for g in range(browser.tree.topLevelItemCount()):
        game = browser.tree.topLevelItem(g)
        rows = [game.child(k) for k in range(game.childCount())]
        numbered = [r.text(0).split(".")[0] for r in rows if not r.text(0).startswith("Exam")]
        assert numbered == [str(n) for n in range(1, len(numbered) + 1)], game.text(0)
    exam = next(r for r in browser.lesson_items() if r.text(1) == "exam")
    assert exam.text(0).startswith("Exam: ") and "Exam: Exam" not in exam.text(0)
    browser.tree.setCurrentItem(exam)
    assert browser.start.text() == "&Start exam (Enter)"
    browser.tree.setCurrentItem(browser.lesson_items()[0])
    assert browser.start.text() == "&Start lesson (Enter)"
    assert browser.intro.isVisibleTo(browser)
    assert not [b for b in browser.findChildren(QWidget) if "Reload" in str(b.property("text"))]
    snap(window, shots, "course")


def test_reload_lessons_lives_in_the_instructor_area(qtbot: QtBot, store: Store) -> None:
    store.set_instructor_password(PASSWORD)
    area = InstructorArea(InstructorSession.sign_in(store, PASSWORD))
    qtbot.addWidget(area)
    with qtbot.waitSignal(area.lessons_reloaded):
        area.reload_lessons.click()
    window = window_for(qtbot, store)
    area.lessons_reloaded.connect(window.reload_lessons)
    window.show_course()
    area.reload_lessons.click()
    assert window.course is not None and window.course.entries


def test_the_house_way_is_readable_at_a_pai_gow_table(qtbot: QtBot, shots: Path) -> None:
    window = window_for(qtbot, None)
    dealt = deal_table(shipped_tables() / "pai_gow_classic.toml", 11)
    window.open_round(dealt, None, Mode.PRACTICE)
    screen = window.trainer
    assert screen is not None and screen.house_way_button.isVisible()
    screen.house_way_button.click()
    viewer = window.house_way
    assert viewer is not None and viewer.isVisible()
    text = viewer.pages[0].toPlainText()
    assert "Standard house way" in text
    assert "Rule 16" in text and "Two pair, higher pair aces: split the pairs" in text
    assert "STANDARD" not in text and "unverified" not in text, "no developer notes"
    for width, height in SIZES:
        viewer.resize(min(width, 900), height - 80)
        viewer.grab().save(str(shots / f"house_way_{width}x{height}.png"))
    snap(window, shots, "pai_gow_table")
    viewer.close()
    window.open_round(deal_table(shipped_tables() / "uth_plain.toml", 11), None, Mode.PRACTICE)
    assert not window.trainer.house_way_button.isVisible()  # type: ignore[union-attr]
    assert window.show_house_way() is None
