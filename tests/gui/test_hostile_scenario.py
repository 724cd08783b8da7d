"""File > Open scenario with a file the trainer cannot use: a dialog naming the file, and the
window keeps running with nothing dealt (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from dealer_trainer.gui.main_window import MainWindow

HOSTILE = Path(__file__).resolve().parent.parent / "hostile"


def _deep(folder: Path) -> Path:
    file = folder / "deep.toml"
    file.write_text("a = " + "[" * 20_000 + "]" * 20_000 + "\n")
    return file


def _huge_money(folder: Path) -> Path:
    file = folder / "huge.toml"
    file.write_text('table = "nowhere.toml"\nmeter = "1e400"\n')
    return file


@pytest.mark.parametrize(
    "make",
    [
        lambda folder: folder,
        lambda folder: HOSTILE / "table_binary.toml",
        lambda folder: HOSTILE / "table_utf16.toml",
        _deep,
        _huge_money,
    ],
    ids=["folder", "binary", "utf-16", "deep", "huge money"],
)
def test_a_hostile_scenario_file_is_reported_in_a_dialog(
    make: object, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert callable(make)
    path: Path = make(tmp_path)
    messages: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "warning", lambda _p, title, text: messages.append((title, text))
    )
    window = MainWindow()
    qtbot.addWidget(window)
    window.load_scenario(path)
    assert [title for title, _ in messages] == ["Cannot open scenario"]
    assert str(path) in messages[0][1]
    assert window.trainer is None
