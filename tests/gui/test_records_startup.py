"""Start-up with records that cannot be used: a dialog says why and the app exits non-zero,
leaving the file untouched; a read-only records file refuses "Add and start" with a message."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.cli import main
from dealer_trainer.gui import app
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainee_dialog import TraineeDialog
from dealer_trainer.store import open_store


def test_an_empty_records_file_shows_a_dialog_and_exits_non_zero(
    qtbot: QtBot, records_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(records_database.removeprefix("sqlite:///"))
    path.write_bytes(b"")
    shown: list[tuple[str, str]] = []

    def critical(_parent: QWidget | None, title: str, text: str) -> None:
        shown.append((title, text))

    monkeypatch.setattr(QMessageBox, "critical", critical)
    assert app.run([]) == app.EXIT_NO_RECORDS != 0
    assert shown and shown[0][0] == "Cannot open the records" and "is empty" in shown[0][1]
    assert path.stat().st_size == 0, "the file was left untouched"


def test_the_practice_command_shows_its_table_then_says_the_records_cannot_be_opened(
    qtbot: QtBot, records_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command deals before it opens the records; an unusable file still gets the dialog
    saying why, the window closes and the command exits non-zero."""
    path = Path(records_database.removeprefix("sqlite:///"))
    path.write_bytes(b"")
    shown: list[tuple[str, str]] = []
    windows: list[MainWindow] = []

    def critical(_parent: QWidget | None, title: str, text: str) -> None:
        shown.append((title, text))

    def event_loop(_app: QApplication) -> int:
        windows.extend(
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        )
        for window in windows:
            qtbot.addWidget(window)
        assert [w.trainer is not None for w in windows] == [True], "the table is on screen"
        qtbot.waitUntil(lambda: not windows[0].isVisible(), timeout=5000)
        return 0

    monkeypatch.setattr(QMessageBox, "critical", critical)
    monkeypatch.setattr(QApplication, "exec", event_loop)
    assert main(["practice", "--seed", "7"]) == app.EXIT_NO_RECORDS
    assert shown and shown[0][0] == "Cannot open the records" and "is empty" in shown[0][1]
    assert path.stat().st_size == 0, "the file was left untouched"


def test_a_read_only_records_file_refuses_add_and_start_with_a_message(
    qtbot: QtBot, records_database: str
) -> None:
    path = Path(records_database.removeprefix("sqlite:///"))
    open_store(records_database).close()
    # Opened read-only as SQLite does for a file it may not write (a chmod does not stop root).
    store = open_store(f"sqlite:///file:{path}?mode=ro&uri=true")
    dialog = TraineeDialog(store)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Ann Lee")
    qtbot.mouseClick(dialog.add, Qt.MouseButton.LeftButton)
    assert "cannot be added: the records cannot be written" in dialog.error.text()
    assert dialog.trainee is None
    store.close()
