"""A trainee cannot reach the instructor area or an exam's rounds in advance.

While an exam runs, the window is locked down: File > Instructor…, File > Open scenario, the
course, the table picker, "my mistakes", switching trainee, the paperwork exercise and the
hand reader open nothing, by shortcut or through the menus (the same shortcuts work before
the exam: the test shows they are live). An exam file opened as a scenario (File > Open
scenario, or ``dealer-trainer practice`` / ``settle`` / ``grade``) is refused with a message
that says what it is, and nothing of it is dealt. And the rounds a candidate settles are
dealt from that candidate's own seeds: reading the exam file's block seed, and dealing the
table with it, gives other rounds, and two candidates get different ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox
from pytestqt.qtbot import QtBot
from test_exam_flow import (
    PASSWORD,
    ExamAnswerer,
    exam_file,
    open_window,
    school,
    start_exam_from_the_course,
)

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import GeneratedDeals, block_round, load_lesson
from dealer_trainer.curriculum.records import EXAM_SEEDS, TraineeProgress, candidate_seed
from dealer_trainer.curriculum.run import Dealt, LessonRun
from dealer_trainer.gui.main_window import EXAM_OPEN_ACTIONS, MainWindow
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.store import Store

SHIPPED_EXAM = shipped_lessons() / "uth" / "03_plain_table_exam.toml"
SHIPPED_LESSON = shipped_lessons() / "uth" / "02_trips.toml"

LOCKED_SHORTCUTS = {
    "show_instructor_area": "Ctrl+Shift+I",
    "open_scenario": "Ctrl+O",
    "show_course": "Ctrl+Shift+L",
    "show_picker": "Ctrl+T",
    "start_mistakes": "Ctrl+M",
    "choose_trainee": "Ctrl+Shift+U",
    "show_closed_table_form": "Ctrl+Shift+T",
    "show_hand_reader": "Ctrl+R",
    "new_round": "Ctrl+N",
}


class Watcher(ExamAnswerer):
    """Answers the exam's dialogs and notes every modal dialog that opens."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def _answer_dialog(self, dialog: object) -> None:
        if dialog is not None and (not self.seen or self.seen[-1] != type(dialog).__name__):
            self.seen.append(type(dialog).__name__)
        super()._answer_dialog(dialog)


@pytest.fixture
def watcher() -> Iterator[Watcher]:
    answerer = Watcher()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


@pytest.fixture
def file_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """File > Open scenario's file dialog: each time it would open, noted (and cancelled)."""
    opened: list[str] = []

    def get_open_file_name(*_args: Any, **_kwargs: Any) -> tuple[str, str]:
        opened.append("Open scenario")
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", get_open_file_name)
    return opened


def activate(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)


def press(qtbot: QtBot, window: MainWindow, shortcut: str) -> None:
    """Press ``shortcut`` in the window, which has the keyboard (as it would on a desktop
    once a dialog has closed; the offscreen platform does not hand it back by itself)."""
    activate(qtbot, window)
    keys = shortcut.split("+")
    modifiers = Qt.KeyboardModifier.NoModifier
    if "Ctrl" in keys:
        modifiers |= Qt.KeyboardModifier.ControlModifier
    if "Shift" in keys:
        modifiers |= Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key(getattr(Qt.Key, f"Key_{keys[-1]}")), modifiers)
    qtbot.wait(30)  # a dialog would be up by now


def menu(window: MainWindow, title: str) -> QMenu:
    found = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    assert isinstance(found, QMenu)
    return found


def choose_in_menu(qtbot: QtBot, window: MainWindow, shown: QMenu, action: QAction) -> None:
    """Open the menu, click the entry, then type its underlined letter; close the menu."""
    activate(qtbot, window)
    shown.popup(window.mapToGlobal(QPoint(20, 20)))
    qtbot.waitUntil(shown.isVisible, timeout=3000)
    qtbot.mouseClick(shown, Qt.MouseButton.LeftButton, pos=shown.actionGeometry(action).center())
    text = action.text()
    if "&" in text and shown.isVisible():
        letter = text[text.index("&") + 1].upper()
        qtbot.keyClick(shown, Qt.Key(getattr(Qt.Key, f"Key_{letter}")))
    shown.close()
    qtbot.wait(30)


def test_during_an_exam_no_shortcut_and_no_menu_entry_opens_anything(
    qtbot: QtBot, tmp_path: Path, store: Store, watcher: Watcher, file_dialogs: list[str]
) -> None:
    school(store)
    exam_file(tmp_path / "course" / "uth", rounds=1)
    window = open_window(qtbot, store, tmp_path / "course")
    activate(qtbot, window)
    by_name = {a.objectName(): a for a in window.actions()}
    for name, shortcut in LOCKED_SHORTCUTS.items():
        assert by_name[name].shortcut().toString() == shortcut

    # Before the exam the shortcuts are live: the instructor's password is asked for, the
    # file dialog opens, the hand reader shows.
    press(qtbot, window, "Ctrl+Shift+I")
    press(qtbot, window, "Ctrl+O")
    press(qtbot, window, "Ctrl+R")
    assert watcher.seen == ["PasswordDialog"] and file_dialogs == ["Open scenario"]
    watcher.seen.clear()
    file_menu = menu(window, "&File")
    choose_in_menu(qtbot, window, file_menu, by_name["show_instructor_area"])
    assert watcher.seen == ["PasswordDialog"], "File > Instructor… opens the password dialog"
    assert window.stack.currentWidget() is window.hand_reader
    watcher.seen.clear()
    file_dialogs.clear()

    watcher.passwords = [PASSWORD]
    start_exam_from_the_course(qtbot, window)
    exam = window.exam
    screen = window.trainer
    assert exam is not None and screen is not None and screen.source is exam
    assert watcher.seen == ["ExaminerDialog"]
    watcher.seen.clear()
    activate(qtbot, window)
    on_the_table = screen.dealt

    for shortcut in LOCKED_SHORTCUTS.values():
        press(qtbot, window, shortcut)
        assert watcher.seen == [], f"{shortcut} opened {watcher.seen}"
        assert file_dialogs == [], f"{shortcut} opened the file dialog"
        assert window.stack.currentWidget() is screen, f"{shortcut} left the exam"
        assert window.exam is exam and screen.dealt is on_the_table

    # Through the menus: each locked entry is shown disabled, and neither a click on it nor
    # its underlined letter does anything.
    for title in ("&File", "&Practice"):
        shown = menu(window, title)
        for action in shown.actions():
            if action.isSeparator() or action.objectName() in EXAM_OPEN_ACTIONS:
                continue
            assert not action.isEnabled(), f"{action.text()} is locked"
            choose_in_menu(qtbot, window, shown, action)
            assert watcher.seen == [] and file_dialogs == [], f"{title} > {action.text()} opened"
            assert window.stack.currentWidget() is screen and window.exam is exam
    view = next(a for a in window.menuBar().actions() if a.text() == "&View")
    assert not view.isEnabled(), "the View menu (hand reader) is closed as a whole"

    # Calling the entry points directly (as a stray signal would) is refused too.
    assert window.show_instructor_area() is None and window.choose_trainee() is None
    assert watcher.seen == [] and store.attempts()[0].mode == "exam"
    assert len(store.attempts()) == 1


@pytest.mark.parametrize(
    ("path", "said"),
    [
        (SHIPPED_EXAM, "is an exam file, not a scenario or a table"),
        (SHIPPED_LESSON, "is a lesson file, not a scenario or a table"),
    ],
)
def test_an_exam_or_lesson_file_opened_as_a_scenario_deals_nothing(
    qtbot: QtBot,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    path: Path,
    said: str,
) -> None:
    window = MainWindow(store=store, trainee=store.add_trainee("Ann Lee", "Spring 2026"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    activate(qtbot, window)
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), "Scenarios (*.toml)")
    )
    warnings: list[tuple[str, str]] = []

    def warning(_parent: object, title: str, text: str, *_rest: object) -> int:
        warnings.append((title, text))
        return 0

    monkeypatch.setattr(QMessageBox, "warning", warning)
    press(qtbot, window, "Ctrl+O")  # File > Open scenario…, the exam file chosen
    ((title, text),) = warnings
    assert title == "Cannot open scenario"
    assert str(path) in text and said in text and "Practice > Course (Ctrl+Shift+L)" in text
    if path == SHIPPED_EXAM:
        assert "the examiner starts it" in text and "each candidate's own seeds" in text
    assert "8_000_000" not in text and "8000000" not in text, "no seed of its rounds shown"
    assert "problem" not in text, "one clear sentence, not a list of missing scenario fields"
    assert window.trainer is None, "nothing was dealt"
    assert store.attempts() == []


def test_the_commands_deal_and_print_nothing_of_an_exam_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_window(_app: QApplication) -> int:
        raise AssertionError("no window opens for an exam file")

    monkeypatch.setattr(QApplication, "exec", no_window)
    actions = tmp_path / "actions.json"
    actions.write_text('{"actions": []}', encoding="utf-8")
    for command in (
        ["practice", str(SHIPPED_EXAM)],
        ["settle", str(SHIPPED_EXAM)],
        ["settle", "--json", str(SHIPPED_EXAM)],
        ["grade", str(SHIPPED_EXAM), str(actions)],
    ):
        assert main(command) == 2, command
        out, err = capsys.readouterr()
        assert out == "", f"{command}: nothing of the exam is printed"
        assert "is an exam file, not a scenario or a table" in err
        assert "Practice > Course" in err


def cards(dealt: DealtRound) -> tuple[object, ...]:
    setup = dealt.setup
    return (setup.dealer_cards, setup.board, tuple((s.seat, s.cards) for s in setup.seats))


def test_each_candidate_settles_rounds_of_their_own_not_the_exam_files(store: Store) -> None:
    """The shipped plain-table exam names its block seed (8_000_000) for all to read. The
    rounds that seed deals, which anyone could practise in advance (``dealer-trainer practice
    dealer_trainer/lessons/tables/uth_plain.toml --seed 8000000``), are not the ones a candidate
    gets: each candidate is dealt from seeds of their own attempt, and two candidates differ."""
    lesson = load_lesson(SHIPPED_EXAM)
    (block,) = lesson.blocks
    assert isinstance(block, GeneratedDeals) and block.seed == 8_000_000
    from_the_file = {cards(block_round(lesson, block, k)) for k in range(block.count)}
    assert len(from_the_file) == block.count

    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    keys = store.unlock_keys(PASSWORD)
    dealt_to: dict[str, list[tuple[object, ...]]] = {}
    for name in ("Ann Lee", "Bob Ray"):
        progress = TraineeProgress(store, store.add_trainee(name, "Spring 2026"))
        run = LessonRun(lesson, progress, keys=keys)
        assert run.recorder is not None and run.recorder.uid is not None
        assert run.recorder.attempt_id is not None
        key_id = store.attempt(run.recorder.attempt_id).chain_key_id
        assert key_id is not None
        secret = keys.secret(key_id, EXAM_SEEDS, run.recorder.uid)
        dealt_to[name] = []
        for k in range(3):
            item = run.next_item()
            assert isinstance(item, DealtRound) and isinstance(run.current, Dealt)
            assert run.current.origin.seed == candidate_seed(secret, block.seed, k), (
                "dealt from the candidate's seed, recorded with the round"
            )
            assert run.current.origin.seed != block.seed + k
            dealt_to[name].append(cards(item))
        assert not from_the_file & set(dealt_to[name]), (
            f"{name} settles none of the rounds the exam file's own seed deals"
        )
        run.abandon()
    assert not set(dealt_to["Ann Lee"]) & set(dealt_to["Bob Ray"]), "no round in common"
