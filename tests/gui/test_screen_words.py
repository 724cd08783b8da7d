"""What the screens say, read as a first-time trainee reads it at 1280x720: every lesson title
whole in the course list and its status readable on a dark palette, a status line that names
the screen it is on, the key the table picker names for a hint really showing one, and a round
summary that says "not done" once and never strands a "§" at the end of a line."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from dealer_trainer.gui.app import application
from dealer_trainer.gui.colours import AA, contrast
from dealer_trainer.gui.lesson_browser import LessonBrowser
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.round_summary import summary_html
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.practice.summary import SummaryLine


@pytest.fixture
def dark() -> Iterator[QPalette]:
    app = application(["dealer-trainer"])
    before = app.palette()
    chosen = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Base, "#121212"),
        (QPalette.ColorRole.Window, "#202124"),
        (QPalette.ColorRole.Text, "#e8eaed"),
        (QPalette.ColorRole.WindowText, "#e8eaed"),
    ):
        chosen.setColor(role, QColor(colour))
    app.setPalette(chosen)
    QApplication.processEvents()
    yield app.palette()
    app.setPalette(before)


def course_at_1280(qtbot: QtBot) -> tuple[MainWindow, LessonBrowser]:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    browser = window.show_course()
    for _ in range(3):
        QApplication.processEvents()
    return window, browser


def test_every_lesson_title_is_whole_in_the_course_list(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list is given the width its longest title needs, not a fixed share that cuts two
    UTH titles off with "…" and leaves their ends to the side pane; even beside a trainee's
    longest statuses."""
    monkeypatch.setattr(
        "dealer_trainer.gui.lesson_browser.lesson_summary",
        lambda _lesson, _progress: "1 attempt of 2; best 100% — passed",
    )
    _window, browser = course_at_1280(qtbot)
    tree = browser.tree
    column = tree.header().sectionSize(0)
    metrics = tree.fontMetrics()
    cut = [
        item.text(0)
        for item in browser.lesson_items()
        if metrics.horizontalAdvance(item.text(0)) + 2 * tree.indentation() + 8 > column
    ]
    assert not cut, f"cut off at 1280x720 in a {column}-pixel column: {cut}"
    assert browser.details.width() >= 1280 // 4, "the description beside was squeezed out"


def test_course_statuses_are_readable_on_a_dark_palette(qtbot: QtBot, dark: QPalette) -> None:
    _window, browser = course_at_1280(qtbot)
    base = dark.color(QPalette.ColorRole.Base)
    for item in browser.lesson_items():
        colour = item.foreground(2).color()
        assert contrast(colour, base) >= AA, f"{item.text(2)!r} in {colour.name()} on {base.name()}"


def test_the_hand_readers_status_line_names_the_hand_reader(qtbot: QtBot) -> None:
    window, _browser = course_at_1280(qtbot)
    window.show_hand_reader()
    message = window.statusBar().currentMessage()
    assert "Hand reader" in message and "Course" not in message, message


def test_the_key_the_picker_names_for_a_hint_shows_one(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show_picker()
    intro = next(
        label.text()
        for label in window.picker.findChildren(QLabel)
        if "next step on request" in label.text()
    )
    key = intro.split("next step on request (", 1)[1][0]
    table = next(t for t in practice_tables() if t.offered)
    trainer = TrainerScreen(table, Mode.LEARN, deal_interval_ms=0)
    qtbot.addWidget(trainer)
    trainer.show_summary = False
    trainer.deal_new_round(5)
    trainer.skip_dealing()
    trainer.show()
    trainer.setFocus()
    qtbot.keyClicks(trainer, key)
    assert "Next:" in trainer.feedback.text(), (
        f"the picker says {key!r} shows the next step; pressing it said "
        f"{trainer.feedback.text()!r} and armed {trainer.armed_label.text()!r}"
    )


def test_the_summary_says_not_done_once_and_keeps_the_section_whole() -> None:
    line = SummaryLine(
        text="Dealer Table: lock out wagers",
        verdict=None,
        attempts=0,
        cost=Decimal("2.1"),
        explanation="Not done. Dealer Table: use the table game system to lock out further wagers.",
        citation="§ 639a.8(b)",
    )
    html = summary_html([line])
    assert html.lower().count("not done") == 1, html
    assert html.count("Dealer Table") == 1, html
    assert "§ 639a" not in html and "§\u00a0639a.8(b)" in html, html


def test_the_course_and_the_start_screen_count_the_same_lessons(qtbot: QtBot) -> None:
    """The start screen's "0 of 63 lessons mastered" and the course's header agree: exams
    and history lessons are named as such, not counted among the lessons to master."""
    import re

    window, browser = course_at_1280(qtbot)
    window.stack.setCurrentWidget(window.start)
    QApplication.processEvents()
    start = re.search(r"(\d+) of (\d+) lessons mastered", window.start.course_card.text.text())
    course = re.search(r"(\d+) of (\d+) lessons mastered", browser.summary.text())
    assert start is not None and course is not None, browser.summary.text()
    assert start.groups() == course.groups(), (start.group(0), browser.summary.text())
    assert browser.summary.text().startswith(f"{course.group(2)} lessons, ")
    assert " exams" in browser.summary.text()
