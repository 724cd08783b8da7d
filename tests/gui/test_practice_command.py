"""``dealer-trainer practice FILE`` from the console: the app starts as it always does (the
records opened, who is practising asked), and the round on the table is recorded exactly as
if the same table had been chosen on the picker or the same scenario opened with File > Open
scenario. Each test runs the real command; only the event loop is replaced by the trainee
settling the table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from driver import DialogAnswerer, Driver
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_trainer import GOLDEN, feedback, settle_every_step, steps

from dealer_trainer.cli import main
from dealer_trainer.gui import app as app_module
from dealer_trainer.gui.app import table_first
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.table_view import TableView
from dealer_trainer.gui.trainee_dialog import ResumeDialog, TraineeDialog
from dealer_trainer.practice.rounds import load_round
from dealer_trainer.practice.session import Mode
from dealer_trainer.resources import shipped_tables
from dealer_trainer.store import Status, Store
from dealer_trainer.store.sources import RoundSource

SCENARIO = GOLDEN / "trips_a_full_house.toml"
SHIFT_CONTROL = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier
TABLE = shipped_tables() / "uth_plain.toml"


class TableAnswerer(DialogAnswerer):
    """Answers the table's dialogs, and leaves the trainee dialog to the station; an offer to
    resume unfinished work is noted and turned down."""

    def __init__(self) -> None:
        super().__init__()
        self.offered: list[list[str]] = []

    def _answer_dialog(self, dialog: object) -> None:
        if isinstance(dialog, ResumeDialog):
            self.offered.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        if not isinstance(dialog, TraineeDialog):
            super()._answer_dialog(dialog)


@pytest.fixture
def answers() -> Iterator[TableAnswerer]:
    answerer = TableAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


class Station:
    """What the person at the station does: answer who is practising, then settle the
    table in place of the app's event loop (``QApplication.exec``)."""

    def __init__(self, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.qtbot = qtbot
        self.asked: list[list[str]] = []
        self.window: MainWindow | None = None
        self.play: Callable[[MainWindow], None] = lambda _window: None
        monkeypatch.setattr(QApplication, "exec", lambda _app: self._event_loop())

    def choose(self, name: str | None) -> None:
        """Pick ``name`` in the trainee dialog when it opens (``None``: cancel it)."""

        def answer() -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, TraineeDialog):
                QTimer.singleShot(10, answer)
                return
            self.asked.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
            if name is None:
                dialog.reject()
                return
            (item,) = dialog.list.findItems(name, Qt.MatchFlag.MatchStartsWith)
            dialog.list.setCurrentItem(item)
            self.qtbot.keyClick(dialog.list, Qt.Key.Key_Return)

        QTimer.singleShot(10, answer)

    def _event_loop(self) -> int:
        (window,) = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        ]
        self.qtbot.addWidget(window)
        # The app's first moment: the table painted, then who is practising, any offer to resume.
        self.qtbot.waitUntil(
            lambda: not window.records_coming or not window.isVisible(), timeout=5000
        )
        self.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=3000)
        if not window.isVisible():
            return 0  # nobody chosen: the app closed its window and quits
        self.window = window
        window.activateWindow()  # the window has the keyboard, as on a desktop
        self.qtbot.waitUntil(window.isActiveWindow, timeout=3000)
        self.qtbot.waitUntil(window.isActiveWindow, timeout=3000)
        self.play(window)
        window.close()  # quitting the app submits the attempt in hand
        return 0


def settle_the_table(qtbot: QtBot, answers: TableAnswerer) -> Callable[[MainWindow], None]:
    def play(window: MainWindow) -> None:
        screen = window.trainer
        assert screen is not None
        settle_every_step(qtbot, screen, answers)
        assert "Not recorded" not in feedback(screen)

    return play


def test_a_scenario_from_the_command_line_is_recorded_as_from_the_file_menu(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch, answers: TableAnswerer
) -> None:
    store.add_trainee("Ann Lee", "Spring 2026")
    bob = store.add_trainee("Bob Ray", "Spring 2026")
    station = Station(qtbot, monkeypatch)
    station.choose("Bob Ray")
    station.play = settle_the_table(qtbot, answers)

    assert main(["practice", str(SCENARIO)]) == 0

    assert station.asked and "Bob Ray" in " ".join(station.asked[0]), "who is practising?"
    assert answers.offered == [], "the round being played is not offered for resuming"
    assert station.window is not None and "Bob Ray" in station.window.windowTitle()
    assert station.window.picker.tables.topLevelItemCount() == 0, "the picker read no table"
    (attempt,) = store.attempts()
    assert attempt.trainee.id == bob.id
    assert attempt.lesson_id == "scenario:trips_a_full_house" and attempt.mode == "practice"
    assert attempt.status is Status.SUBMITTED, "quitting submitted it"
    (played,) = attempt.rounds
    expected = RoundSource.scenario(SCENARIO, "Ultimate Texas Hold 'Em")
    assert played.source.kind == "scenario"
    assert played.source.sha256 == expected.sha256 and played.source.text == expected.text
    assert Path(played.source.path) == SCENARIO.resolve()
    assert played.grade is not None and played.score == 100
    actions = [s for s in attempt.round_steps(played.index) if s.kind == "action"]
    assert len(actions) == len(played.grade["judgements"]) >= 5, "every step, as it happened"
    assert all(s.verdict == "correct" for s in actions)

    # The same scenario through File > Open scenario records the same kind of attempt.
    window = MainWindow(store=store, trainee=bob)
    qtbot.addWidget(window)
    window.load_scenario(SCENARIO)
    assert window.trainer is not None and window.trainer.session is not None
    window.trainer.skip_dealing()
    step = window.trainer.session.grader.available()[0]
    window.trainer.session.act(step.spot, step.action, step.amount, step.hand)
    from_menu = store.attempts()[-1]
    assert from_menu.id != attempt.id
    assert (from_menu.lesson_id, from_menu.mode, from_menu.rounds[0].source.sha256) == (
        attempt.lesson_id,
        attempt.mode,
        played.source.sha256,
    )


def test_a_table_from_the_command_line_records_every_round(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch, answers: TableAnswerer
) -> None:
    ann = store.add_trainee("Ann Lee", "Spring 2026")
    left = store.start_attempt(
        ann.id, "table:uth_progressive_envy", "Ultimate Texas Hold 'Em", "practice"
    )
    station = Station(qtbot, monkeypatch)
    station.choose("Ann Lee")
    settle = settle_the_table(qtbot, answers)

    def two_rounds(window: MainWindow) -> None:
        settle(window)
        screen = window.trainer
        assert screen is not None
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # new round
        settle(window)

    station.play = two_rounds
    assert main(["practice", str(TABLE), "--seed", "7"]) == 0

    (offer,) = answers.offered
    assert len(offer) == 1 and "uth_progressive_envy" in offer[0], (
        "unfinished work is offered as at a normal start, but not the round in hand"
    )
    assert store.attempt(left).status is Status.IN_PROGRESS, "turned down: left as it was"
    (attempt,) = [a for a in store.attempts() if a.id != left]
    assert attempt.trainee.id == ann.id and attempt.lesson_id == "table:uth_plain"
    assert attempt.status is Status.SUBMITTED
    assert len(attempt.rounds) == 2 and all(r.grade is not None for r in attempt.rounds)
    first, second = (r.source for r in attempt.rounds)
    assert first.kind == second.kind == "deal"
    assert first.seed == 7, "the seed given on the command line"
    assert second.seed is not None and second.seed != 7
    for played in attempt.rounds:
        assert [s for s in attempt.round_steps(played.index) if s.kind == "action"]


def test_without_a_seed_the_first_round_is_recorded_too(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch, answers: TableAnswerer
) -> None:
    """The command deals its first round with a seed the records can hold (it used to draw 64
    bits, and the first round was then left unrecorded)."""
    store.add_trainee("Ann Lee", "Spring 2026")
    station = Station(qtbot, monkeypatch)
    station.choose("Ann Lee")
    station.play = settle_the_table(qtbot, answers)
    assert main(["practice"]) == 0  # the plain table
    (attempt,) = store.attempts()
    assert attempt.lesson_id == "table:uth_plain" and len(attempt.rounds) == 1
    assert attempt.rounds[0].source.seed is not None and attempt.rounds[0].grade is not None


def test_the_table_is_on_screen_before_the_records_are_opened(
    qtbot: QtBot, qapp: QApplication, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the records takes longer than showing the table: the dealt table is painted
    before they are opened and "Who is practising?" is asked over it (not left blank until
    the dialog's own event loop paints it)."""
    store.add_trainee("Ann Lee", "Spring 2026")
    painted: list[str] = []

    class Painted(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched.parent(), TableView):
                painted.append("the table")
            return False

    take_records = MainWindow.take_records
    on_screen: list[list[str]] = []

    def opening(window: MainWindow, scenario: Path | None = None) -> bool:
        on_screen.append(list(painted))
        return take_records(window, scenario)

    monkeypatch.setattr(MainWindow, "take_records", opening)
    station = Station(qtbot, monkeypatch)
    station.choose("Ann Lee")
    spy = Painted()
    qapp.installEventFilter(spy)
    try:
        assert main(["practice", str(TABLE), "--seed", "7"]) == 0
    finally:
        qapp.removeEventFilter(spy)
    assert station.asked, "who is practising was asked"
    assert len(on_screen) == 1 and "the table" in on_screen[0], "painted before the records"


def test_the_records_are_taken_once_painted_or_unpainted_after_a_while(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window that is never painted (started minimised) still asks who is practising, and a
    painted one asks once, not again when that wait is over."""
    monkeypatch.setattr(app_module, "UNPAINTED_WAIT_MS", 200)
    hidden, shown = MainWindow(start_screen=False), MainWindow(start_screen=False)
    qtbot.addWidget(hidden)
    qtbot.addWidget(shown)
    calls: list[str] = []
    app_module.when_painted(hidden, lambda: calls.append("hidden"))
    app_module.when_painted(shown, lambda: calls.append("shown"))
    shown.show()
    qtbot.waitUntil(lambda: "shown" in calls, timeout=3000)
    qtbot.waitUntil(lambda: "hidden" in calls, timeout=3000)
    qtbot.wait(300)
    assert sorted(calls) == ["hidden", "shown"], "each asked once"


def test_nobody_chosen_opens_nothing(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.add_trainee("Ann Lee", "Spring 2026")
    station = Station(qtbot, monkeypatch)
    station.choose(None)
    assert main(["practice", str(SCENARIO)]) == 0
    assert station.asked and station.window is None
    assert store.attempts() == []


def test_steps_taken_before_the_records_open_are_recorded_first_in_order(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch, answers: TableAnswerer
) -> None:
    """The command shows the table before it opens the records: whatever the trainee settles
    while they open is recorded, in order, once the trainee is chosen, then the rest."""
    ann = store.add_trainee("Ann Lee", "Spring 2026")
    window = table_first(load_round(SCENARIO), None, Mode.PRACTICE, scenario=SCENARIO.resolve())
    qtbot.addWidget(window)
    window.show()
    screen = window.trainer
    assert screen is not None and screen.session is not None and window.store is None
    screen.floorperson_arrival_ms = 0
    screen.show_summary = False
    screen.skip_dealing()
    driver = Driver(qtbot, screen, answers)
    procedure = steps(screen)
    for step in procedure[:2]:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen)
    assert store.attempts() == [], "nothing is written before the records are open"

    Station(qtbot, monkeypatch).choose("Ann Lee")
    assert window.take_records(SCENARIO.resolve())

    (attempt,) = store.attempts()
    assert attempt.trainee.id == ann.id and attempt.lesson_id == "scenario:trips_a_full_house"
    (played,) = attempt.rounds
    early = [s.step_id for s in attempt.round_steps(played.index) if s.kind == "action"]
    assert early == [step.id for step in procedure[:2]], "the early steps, at once and in order"
    for step in procedure[2:]:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen)
    window.close()
    (attempt,) = store.attempts()
    assert attempt.status is Status.SUBMITTED
    (played,) = attempt.rounds
    assert played.grade is not None and played.score == 100
    actions = [s for s in attempt.round_steps(played.index) if s.kind == "action"]
    assert [s.step_id for s in actions] == [step.id for step in procedure]


def test_the_start_screen_and_the_picker_open_from_a_table_opened_by_the_command(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch, answers: TableAnswerer
) -> None:
    """The command opens the window at the table and builds the start screen and the picker
    only when asked for: both then work as at a normal start, for the trainee chosen."""
    store.add_trainee("Ann Lee", "Spring 2026")
    station = Station(qtbot, monkeypatch)
    station.choose("Ann Lee")
    seen: dict[str, object] = {}

    def look_around(window: MainWindow) -> None:
        trainer = window.trainer
        assert trainer is not None and window.stack.currentWidget() is trainer
        qtbot.keyClick(window, Qt.Key.Key_S, SHIFT_CONTROL)  # Practice > Start screen
        start = window.start
        assert window.stack.currentWidget() is start
        qtbot.waitUntil(lambda: start.loaded, timeout=20000)
        seen["greeting"] = start.greeting.text()
        seen["next"] = start.course_card.text.text()
        start.practice_card.button.click()
        picker = window.picker
        assert window.stack.currentWidget() is picker
        seen["tables"] = picker.tables.topLevelItemCount()
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # new round
        seen["back at the table"] = window.stack.currentWidget() is trainer

    station.play = look_around
    assert main(["practice", str(TABLE), "--seed", "7"]) == 0

    assert "Welcome, Ann Lee" in str(seen["greeting"])
    assert "lesson 1: First settlement" in str(seen["next"])
    assert int(str(seen["tables"])) > 1, "the picker lists the games"
    assert seen["back at the table"] is True
    (attempt,) = store.attempts()
    assert attempt.lesson_id == "table:uth_plain" and attempt.status is Status.SUBMITTED
