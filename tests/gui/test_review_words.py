"""What an exam's result and the instructor's replay say, read by eye: each mistake's rule
once with its section once, cards drawn with their suits, the replay's rounds whole in their
list, and an exam named with its game once."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    PASSWORD,
    School,
    catalog,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.curriculum.lessons import load_lessons
from dealer_trainer.gui.card_text import names_cards
from dealer_trainer.gui.exam_dialogs import mistakes_html
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.dashboard import Dashboard
from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog, deal_html
from dealer_trainer.gui.progress_screen import ProgressDialog
from dealer_trainer.gui.start_screen import exam_label
from dealer_trainer.store import Store

WRONG = {
    "verdict": "wrong amount",
    "action": {"seat": 6, "spot": "Ante", "action": "push", "amount": "55.00"},
    "explanation": "Seat 6 Ante: push $50 — the dealer's High card (Kc Ts 9h 4d 2s) does not "
    "qualify: the Ante pushes (§ 653a.12(b)). The amount is $50, not $55.",
    "citation": "§ 653a.12(b)",
}


def test_an_exam_mistake_says_its_rule_and_section_once() -> None:
    html = mistakes_html({"judgements": [WRONG], "missing": []})
    assert html.count("653a.12(b)") == 1, html
    assert html.count("Seat 6 Ante") == 1, html
    assert "K♣" in html and "Kc" not in html, html


def test_the_replayed_deal_is_drawn_hand_by_hand() -> None:
    html = deal_html(
        "Table: Plain Ultimate Texas Hold 'Em\nDealer: 5c 2h   Board: 7s 9s Ac Kc 4c\n"
        "Seat 2: As 6s  Play 4x before the flop"
    )
    lines = html.split("<br>")
    assert [line.split(":")[0] for line in lines] == ["Table", "Dealer", "Board", "Seat 2"]
    assert "5♣" in lines[1] and "5c" not in html, html


def test_each_exam_is_named_with_its_game_once() -> None:
    exams = [e.lesson for e in load_lessons() if e.ok and e.lesson is not None and e.lesson.exam]
    assert exams
    for lesson in exams:
        label = exam_label(lesson)
        assert label.lower().count(lesson.game.lower()) == 1, label


def test_the_replay_lists_each_round_whole(
    school_store: tuple[Store, School],  # noqa: F811
    qtbot: QtBot,
) -> None:
    store, built = school_store
    record = store.attempt(built.exams["Ben Okafor"])
    dialog = ReplayDialog(InstructorSession.sign_in(store, PASSWORD), record)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    rounds = dialog.rounds
    assert rounds.horizontalScrollBarPolicy() is Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    room = rounds.viewport().width()
    metrics = rounds.fontMetrics()
    for row in range(rounds.count()):
        item = rounds.item(row)
        for line in item.text().split("\n"):
            assert metrics.horizontalAdvance(line) <= room, f"{line!r} is cut off at {room} px"
        assert "%" in item.text(), "the round's score, to find the bad rounds"
    assert "♠" in dialog.detail.toHtml() or "♣" in dialog.detail.toHtml()


def test_the_latest_mistakes_draw_their_cards(
    school_store: tuple[Store, School],  # noqa: F811
    qtbot: QtBot,
) -> None:
    """My progress and the dashboard quote each weak skill's latest mistake: its cards read
    "A♠ 7♠ 2♣", never "As 7s 2c"."""
    store, built = school_store
    progress = ProgressDialog(store, built.trainees["Ann Lee"])
    qtbot.addWidget(progress)
    lines = [progress.weakest.item(i).text() for i in range(progress.weakest.count())]
    assert any(suit in line for line in lines for suit in "♠♥♦♣"), lines
    assert not any(names_cards(line) for line in lines), lines
    board = Dashboard(InstructorSession.sign_in(store, PASSWORD), catalog)
    qtbot.addWidget(board)
    quoted = []
    for name in ("Ann Lee", "Ben Okafor", "Cara Díaz"):
        board.select_trainee(name)
        for row in range(board.weakest.rowCount()):
            board.weakest.selectRow(row)
            quoted.append(board.mistake.text())
    assert any(suit in text for text in quoted for suit in "♠♥♦♣"), quoted
    assert not any(names_cards(text) for text in quoted), quoted
