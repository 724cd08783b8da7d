"""Start-up: the QApplication and the main window."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from dealer_trainer.art import ASSETS
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import DealtRound, PracticeTable
from dealer_trainer.practice.session import Mode


def application(argv: Sequence[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setApplicationName("Dealer Trainer")
    app.setOrganizationName("Dealer Trainer")
    icon = ASSETS / "icon.png"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def run(argv: Sequence[str]) -> int:
    app = application(argv)
    window = MainWindow()
    window.show()
    return app.exec()


def open_practice(
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
) -> MainWindow:
    """The main window already at the table, dealing ``dealt``."""
    window = MainWindow()
    window.four_colour.setChecked(four_colour)
    window.open_round(dealt, table, mode)
    window.show()
    return window


def run_practice(
    argv: Sequence[str],
    dealt: DealtRound,
    table: PracticeTable | None,
    mode: Mode = Mode.PRACTICE,
    four_colour: bool = False,
) -> int:
    app = application(argv)
    window = open_practice(dealt, table, mode, four_colour)
    window.raise_()
    return app.exec()
