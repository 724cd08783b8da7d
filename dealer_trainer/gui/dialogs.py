"""The small exchanges around the table: naming a hand, and the colours the trainer's
verdicts are written in."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.hands.categories import FIVE_CARD_NAMES


class HandDialog(QDialog):
    """The dealer names the hand aloud while verifying it: pick it from the ranking."""

    def __init__(
        self,
        title: str,
        parent: QWidget | None = None,
        names: Sequence[str] = FIVE_CARD_NAMES,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("handDialog")
        self.list = QListWidget()
        self.list.setAccessibleName("Hand")
        for name in names:
            self.list.addItem(name)
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(f"<b>{title}</b><br>Name the hand (type to jump, Enter to confirm)")
        )
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(320, 380)

    @property
    def hand(self) -> str:
        item = self.list.currentItem()
        return item.text() if item is not None else ""


def shortcut_text(key: str) -> str:
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
