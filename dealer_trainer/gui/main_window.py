"""The main window: menus, status bar and the screen in the middle."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from dealer_trainer import __version__
from dealer_trainer.gui.hand_reader import HandReader


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Dealer Trainer")
        self.resize(1280, 800)
        self.hand_reader = HandReader(self)
        self.setCentralWidget(self.hand_reader)
        self._build_menus()
        self.statusBar().showMessage("Type cards to see how each game ranks them.")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about_action = QAction("&About Dealer Trainer", self)
        about_action.triggered.connect(self.show_about)
        help_menu.addAction(about_action)

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            "About Dealer Trainer",
            f"<b>Dealer Trainer {__version__}</b><p>Teaches dealers to settle poker-based "
            "table games as the Pennsylvania Gaming Control Board regulations require "
            "(58 Pa. Code chs. 639a-653b).</p>",
        )
