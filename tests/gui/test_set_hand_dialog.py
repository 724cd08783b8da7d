"""Setting a pai gow hand by mouse or by number keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from dealer_trainer.cards import parse_cards
from dealer_trainer.gui.set_hand_dialog import SetHandDialog
from dealer_trainer.hands.split import Split

SEVEN = parse_cards("As Kd Qh 9c 9s 4d Jk", allow_joker=True)


def test_number_keys_move_cards_low_and_enter_needs_exactly_two(
    qtbot: QtBot, screenshot_dir: Path
) -> None:
    dialog = SetHandDialog(SEVEN, "Set the dealer's hand")
    qtbot.addWidget(dialog)
    ok = dialog.box.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_2)
    assert "1 now" in dialog.status.text()
    qtbot.keyClick(dialog, Qt.Key.Key_3)
    assert ok.isEnabled()
    assert dialog.split == Split.of(parse_cards("As 9c 9s 4d Jk", allow_joker=True), SEVEN[1:3])
    qtbot.keyClick(dialog, Qt.Key.Key_3)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.result() == 0, "Enter is refused until two cards are low"
    qtbot.keyClick(dialog, Qt.Key.Key_7)
    dialog.show()
    dialog.grab().save(str(screenshot_dir / "pai_gow_set_hand.png"))
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.result() == 1
    assert dialog.split.notation() == "high As Qh 9s 9c 4d / low Jk Kd"


def test_clicking_a_card_moves_it(qtbot: QtBot) -> None:
    dialog = SetHandDialog(SEVEN, "Set the dealer's hand")
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.buttons[0], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.buttons[1], Qt.MouseButton.LeftButton)
    assert set(dialog.split.low) == set(SEVEN[:2])
    qtbot.mouseClick(dialog.buttons[0], Qt.MouseButton.LeftButton)
    assert set(dialog.split.low) == {SEVEN[1]}
