"""The course screen: lessons by game and level with the trainee's status, a broken lesson listed
as broken, a lesson played to the end of a round and recorded, and a "my mistakes" session."""

from __future__ import annotations

from pathlib import Path

from driver import DialogAnswerer, Driver, deal_quickly
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_trainer import answers, feedback, steps

from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun, MistakesRun
from dealer_trainer.gui.lesson_browser import BROKEN, LessonBrowser
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.resources import shipped_lessons, shipped_tables
from dealer_trainer.store import Store

__all__ = ["answers"]

FIRST = shipped_lessons() / "uth" / "01_first_settlement.toml"


def course(tmp_path: Path) -> Path:
    """A small course: the shipped first lesson (its table made absolute) and a broken one."""
    folder = tmp_path / "lessons"
    (folder / "uth").mkdir(parents=True, exist_ok=True)
    table = (shipped_tables() / "uth_plain.toml").as_posix()
    text = FIRST.read_text(encoding="utf-8").replace('"../tables/uth_plain.toml"', f'"{table}"')
    example = (FIRST.parent / "scenarios" / "blind_a_straight.toml").as_posix()
    text = text.replace('"scenarios/blind_a_straight.toml"', f'"{example}"')
    (folder / "uth" / "01_first.toml").write_text(text, encoding="utf-8")
    broken = text.replace('id = "uth-first-settlement"', 'id = "uth-broken"').replace(
        'mode = "learn"', 'mode = "lecture"'
    )
    broken = broken.replace("level = 1", "level = 2").replace("First settlement", "Typo")
    (folder / "uth" / "02_broken.toml").write_text(broken, encoding="utf-8")
    return folder


def open_course(qtbot: QtBot, tmp_path: Path, store: Store) -> tuple[MainWindow, LessonBrowser]:
    window = MainWindow(store=store, trainee=store.add_trainee("Ann Lee", "Spring 2026"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    browser = LessonBrowser(window.progress, course(tmp_path), window)
    browser.lesson_chosen.connect(window.start_lesson)
    browser.mistakes_chosen.connect(window.start_mistakes)
    window.course = browser
    window.stack.addWidget(browser)
    window.stack.setCurrentWidget(browser)
    return window, browser


def test_the_course_lists_lessons_by_game_and_level(
    qtbot: QtBot, tmp_path: Path, screenshot_dir: Path, store: Store
) -> None:
    window, browser = open_course(qtbot, tmp_path, store)
    rows = browser.lesson_items()
    assert [r.text(0) for r in rows] == [
        "1. First settlement: one seat, the base wagers",
        "2. Typo: one seat, the base wagers",
    ]
    assert rows[0].parent() is not None and rows[0].parent().text(0) == "Ultimate Texas Hold 'Em"
    assert rows[0].text(1) == "learn" and rows[0].text(2) == "not started"
    assert rows[1].text(2) == BROKEN
    assert "mode" in rows[1].toolTip(2) and "'lecture'" in rows[1].toolTip(2)
    assert "1 broken" in browser.summary.text()
    browser.tree.setCurrentItem(rows[1])
    assert not browser.start.isEnabled()
    assert "broken" in browser.details.toPlainText() and "mode" in browser.details.toPlainText()
    browser.tree.setCurrentItem(rows[0])
    assert browser.start.isEnabled()
    assert "Mastered after: 10 rounds" in browser.details.toPlainText()
    window.grab().save(str(screenshot_dir / "course_browser.png"))


def test_a_lesson_round_is_played_recorded_and_shown_in_progress(
    qtbot: QtBot, tmp_path: Path, answers: DialogAnswerer, store: Store
) -> None:
    window, browser = open_course(qtbot, tmp_path, store)
    browser.tree.setCurrentItem(browser.lesson_items()[0])
    qtbot.keyClick(browser, Qt.Key.Key_Return)
    assert window.stack.currentWidget() is window.intro, "a first lesson teaches before it tests"
    assert window.trainer is None
    qtbot.keyClick(window.intro, Qt.Key.Key_Return)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun)
    assert window.stack.currentWidget() is screen
    assert (
        "First settlement" in screen.mode_label.text() and "round 1/10" in screen.mode_label.text()
    )
    assert screen.mode.value == "learn", "a learn lesson shows hints"
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    screen.show_summary = False
    qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
    driver = Driver(qtbot, screen, answers)
    for step in steps(screen):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    assert screen.last_grade is not None and screen.last_grade.perfect
    (attempt,) = store.attempts()
    assert (attempt.trainee.name, attempt.lesson_id, attempt.mode) == (
        "Ann Lee",
        "uth-first-settlement",
        "learn",
    )
    assert attempt.rounds[0].grade == screen.last_grade.to_json()
    assert len(attempt.steps) == len(screen.session.procedure)  # type: ignore[union-attr]
    window.show_course()
    assert browser.lesson_items()[0].text(2).startswith("1 round")
    assert "in progress" in browser.lesson_items()[0].text(2)


def test_my_mistakes_starts_adaptive_practice(qtbot: QtBot, tmp_path: Path, store: Store) -> None:
    window, browser = open_course(qtbot, tmp_path, store)
    qtbot.mouseClick(browser.mistakes, Qt.MouseButton.LeftButton)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, MistakesRun)
    assert screen.dealt is not None and screen.dealt.setup.game == "Ultimate Texas Hold 'Em"
    assert "My mistakes" in screen.mode_label.text()
    assert isinstance(window.progress, TraineeProgress)


def test_a_lesson_sets_a_closed_table_form_between_rounds(
    qtbot: QtBot, tmp_path: Path, answers: DialogAnswerer, store: Store
) -> None:
    folder = course(tmp_path)
    table = (shipped_tables() / "let_it_ride_plain.toml").as_posix()
    (folder / "uth" / "03_closing.toml").write_text(
        f"""id = "lir-closing"
title = "Closing the pit"
description = "A Closed Table form for a table that stayed closed."
game = "Let It Ride Poker"
level = 9
table = "{table}"
mode = "practice"
skills = ["table paperwork"]

[[rounds]]
form = "Closed Table form"
generate = 1
""",
        encoding="utf-8",
    )
    window, browser = open_course(qtbot, tmp_path, store)
    (row,) = [r for r in browser.lesson_items() if r.text(0).startswith("1. Closing")]
    browser.tree.setCurrentItem(row)
    qtbot.mouseClick(browser.start, Qt.MouseButton.LeftButton)
    form = window.closed_table
    assert form is not None and window.stack.currentWidget() is form
    assert form.lesson == "Closing the pit" and form.situation is not None
    assert form.situation.game == "Let It Ride Poker"
    assert form.next_table.text() == "&Next in the lesson"
    qtbot.mouseClick(form.next_table, Qt.MouseButton.LeftButton)
    assert "Submit this form first" in form.result.toPlainText()
    situation = form.situation
    required = form.required_yes if situation.form_required else form.required_no
    qtbot.mouseClick(required, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    assert form.last_grade is not None
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun)
    assert screen.source.played == 1
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    assert screen.source.played == 1, "a lesson's form is graded once"
    (attempt,) = store.attempts()
    (stored,) = attempt.forms
    assert attempt.lesson_id == "lir-closing" and stored.exercise == "Closed Table form"
    assert stored.score == form.last_grade.score and stored.situation == situation.to_json()
    with qtbot.waitSignal(screen.source_done):
        qtbot.mouseClick(form.next_table, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is screen
    assert "no more rounds" in feedback(screen)
    browser = window.show_course()
    (row,) = [r for r in browser.lesson_items() if r.text(0).startswith("1. Closing")]
    status = " ".join(row.text(c) for c in range(row.columnCount()))
    assert f"1 round, {float(stored.score):.1f}%" in status, status
