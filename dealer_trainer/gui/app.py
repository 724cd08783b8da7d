"""Start-up: the QApplication, the records, who is practising, and the main window.

The app opens the station's records (``store.settings``), asks who is practising (the last
trainee is preselected), shows the window and then offers any attempt a stopped app left in
progress for resuming or abandoning. ``dealer-trainer practice`` starts the same way, at the
table or on the scenario it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from dealer_trainer.assets_index import icon_path
from dealer_trainer.gui.colours import follow_palette
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import DealtRound, PracticeTable
from dealer_trainer.practice.session import Mode


def application(argv: Sequence[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setApplicationName("Dealer Trainer")
    app.setOrganizationName("Dealer Trainer")
    if existing is None or not app.property("followsPalette"):
        follow_palette(app)
        app.setProperty("followsPalette", True)
    icon = icon_path()
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


EXIT_NO_RECORDS = 2
"""The exit status when the records cannot be opened (after the dialog saying why)."""


class RecordsUnavailable(Exception):
    """The records could not be opened; the person was shown why."""


def start_window() -> MainWindow | None:
    """The records opened and the trainee chosen, or ``None`` when the person at the station
    cancels (the app then quits). ``RecordsUnavailable`` after the dialog saying the records
    cannot be opened (the app then exits non-zero)."""
    from dealer_trainer.gui.trainee_dialog import TraineeDialog
    from dealer_trainer.store.errors import DatabaseError
    from dealer_trainer.store.settings import SettingsError
    from dealer_trainer.store.store import open_store

    try:
        store = open_store()
    except (DatabaseError, SettingsError, OSError) as error:
        QMessageBox.critical(None, "Cannot open the records", str(error))
        raise RecordsUnavailable(str(error)) from error
    # Deleted as soon as it is answered, not later (no event loop runs before the window shows):
    # a parentless dialog left alive stays the application's active window, and its name field
    # keeps the keyboard focus the main window should get.
    dialog = TraineeDialog(store)
    try:
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        trainee = dialog.trainee
    finally:
        shiboken6.delete(dialog)
    if not accepted or trainee is None:
        store.close()
        return None
    return MainWindow(store=store, trainee=trainee)


def run(argv: Sequence[str]) -> int:
    app = application(argv)
    try:
        window = start_window()
    except RecordsUnavailable:
        return EXIT_NO_RECORDS
    if window is None:
        return 0
    window.show()
    QTimer.singleShot(0, window.offer_resume)
    return app.exec()


def open_practice(
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
) -> MainWindow:
    """The main window already at the table, dealing ``dealt`` (no trainee chosen: nothing is
    recorded until one is)."""
    window = MainWindow()
    window.four_colour.setChecked(four_colour)
    window.open_round(dealt, table, mode)
    window.show()
    return window


def practice_window(
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
    scenario: Path | None = None,
) -> MainWindow | None:
    """The window ``dealer-trainer practice`` opens for an exam: the records and who is
    practising as at a normal start (``None`` when either fails or is cancelled), then
    ``dealt`` on the table (an exam's steps are committed as they are taken, so it waits for
    the records). Its rounds are recorded as if the table had been chosen on the picker or the
    scenario (the file ``dealt`` was loaded from) opened with File > Open scenario."""
    window = start_window()
    if window is None:
        return None
    _deal_on(window, dealt, table, mode, four_colour, scenario)
    return window


def _deal_on(
    window: MainWindow,
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode,
    four_colour: bool,
    scenario: Path | None,
) -> None:
    window.four_colour.setChecked(four_colour)
    if scenario is not None:
        window.load_scenario(scenario, mode, dealt)
    else:
        window.open_round(dealt, table, mode)
        if table is not None:
            window.statusBar().showMessage(f"{mode.value.title()}: {table.name}")


def table_first(
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
    scenario: Path | None = None,
) -> MainWindow:
    """The window ``dealer-trainer practice`` opens to practise: ``dealt`` on the table at
    once, before the records are opened (opening them, SQLAlchemy included, is a good part
    of a start). ``take_records`` then asks who is practising over the table, and the round is
    recorded from its deal, what was played meanwhile first."""
    window = MainWindow(start_screen=False)
    window.records_coming = True
    _deal_on(window, dealt, table, mode, four_colour, scenario)
    return window


def run_practice(
    argv: Sequence[str],
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
    scenario: Path | None = None,
) -> int:
    app = application(argv)
    refused: list[int] = []
    if mode is Mode.EXAM:
        try:
            opened = practice_window(dealt, table, mode, four_colour, scenario)
        except RecordsUnavailable:
            return EXIT_NO_RECORDS
        if opened is None:
            return 0
        window = opened
        QTimer.singleShot(0, window.offer_resume)
    else:
        window = table_first(dealt, table, mode, four_colour, scenario)
        when_painted(window, lambda: _take_records(window, table, mode, scenario, refused))
    window.show()
    window.raise_()
    code = app.exec()
    return refused[0] if refused else code


UNPAINTED_WAIT_MS = 2000
"""How long the records wait for a window that is never painted (started minimised): who is
practising is asked anyway."""


class _FirstPaint(QObject):
    """Calls ``then`` once, when ``window`` has finished its first paint (or after
    ``UNPAINTED_WAIT_MS`` if it is not painted by then)."""

    def __init__(self, window: MainWindow, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.window = window
        self.then: Callable[[], None] | None = then
        window.installEventFilter(self)
        QTimer.singleShot(UNPAINTED_WAIT_MS, self, self.call)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() is QEvent.Type.Paint:
            self.window.removeEventFilter(self)
            # Queued: it runs once the paint that has just begun (the whole window) is shown.
            QTimer.singleShot(0, self, self.call)
        return False

    def call(self) -> None:
        then, self.then = self.then, None
        if then is not None:
            self.window.removeEventFilter(self)
            then()


def when_painted(window: MainWindow, then: Callable[[], None]) -> None:
    """``then`` after the window's first paint. Queued before ``show`` instead, it would run
    ahead of the window system's first expose, and the window would stay blank while it
    works (opening the records takes longer than showing the table)."""
    _FirstPaint(window, then)


def _take_records(
    window: MainWindow,
    table: PracticeTable | None,
    mode: Mode,
    scenario: Path | None,
    refused: list[int],
) -> None:
    """After the table is on screen: the records and who is practising, as at a normal start.
    When nobody is chosen the window closes (the app quits), and when the records cannot be
    opened the exit status says so (``refused``)."""
    if window.take_records(scenario):
        if table is not None:
            window.statusBar().showMessage(f"{mode.value.title()}: {table.name}")
        window.offer_resume()
        return
    refused.append(EXIT_NO_RECORDS if window.store is None else 0)
    window.close()
