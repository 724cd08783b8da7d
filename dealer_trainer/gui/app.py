"""Start-up: the QApplication and the main window."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from dealer_trainer.art import ASSETS
from dealer_trainer.gui.main_window import MainWindow


def run(argv: Sequence[str]) -> int:
    app = QApplication.instance() or QApplication(list(argv))
    app.setApplicationName("Dealer Trainer")
    app.setOrganizationName("Dealer Trainer")
    icon = ASSETS / "icon.png"
    if icon.exists() and isinstance(app, QApplication):
        app.setWindowIcon(QIcon(str(icon)))
    window = MainWindow()
    window.show()
    return app.exec()
