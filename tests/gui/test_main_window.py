"""The trainer window opens offscreen and the hand reader reads hands."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from dealer_trainer.gui.main_window import MainWindow


def test_main_window_opens_and_reads_a_hand(qtbot: QtBot, screenshot_dir: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == "Dealer Trainer"

    window.show_hand_reader()
    reader = window.hand_reader
    qtbot.keyClicks(reader.cards, "9h 8h 7c 6h 5d 2h Kh")
    assert "Flush" in reader.result.text()
    assert "K♥" in reader.result.text()
    window.grab().save(str(screenshot_dir / "main_window_hand_reader.png"))


def test_bad_cards_are_named_not_crashed_on(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    qtbot.keyClicks(window.hand_reader.cards, "As 1s Kd")
    assert "'1s'" in window.hand_reader.result.text()
    window.hand_reader.cards.setText("As Kd")
    assert "5, 6 or 7 cards" in window.hand_reader.result.text()


def test_every_ranking_system_can_be_chosen(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    reader = window.hand_reader
    reader.system.setCurrentIndex(reader.system.findText("Three-card"))
    reader.cards.setText("Ah 2d 3c")
    assert "Straight" in reader.result.text()
    assert "Three Card Poker" in reader.games.text()
