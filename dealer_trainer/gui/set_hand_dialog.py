"""Setting a pai gow hand: move the seven cards between the high and the low position.

Click a card, or press its number (1-7), to move it to the other hand; Enter confirms once
two cards are low. The grader, not this dialog, decides whether the split follows the house
way, so a trainee can set any split and be told why it is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.cards import Card
from dealer_trainer.gui.pixmaps import card_pixmap
from dealer_trainer.hands.split import Split

CARD_SIZE = QSize(72, 101)


class SetHandDialog(QDialog):
    def __init__(
        self,
        cards: Sequence[Card],
        title: str,
        style: DeckStyle = DeckStyle.STANDARD,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("setHandDialog")
        self.cards = tuple(cards)
        self.low: set[int] = set()
        self.buttons: list[QPushButton] = []
        for number, card in enumerate(self.cards, start=1):
            button = QPushButton(f"{number}")
            button.setIcon(QIcon(card_pixmap(card, style)))
            button.setIconSize(CARD_SIZE)
            button.setAccessibleName(f"Card {number}: {card.label}")
            button.setToolTip(f"{card.label}: press {number} or click to move it")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, i=number - 1: self.toggle(i))
            self.buttons.append(button)
        self.high_row = QHBoxLayout()
        self.low_row = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("setHandStatus")
        self.box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.box.accepted.connect(self.accept)
        self.box.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{title}</b> — click a card or press its number to move it."))
        layout.addWidget(QLabel("HIGH HAND (five cards)"))
        layout.addLayout(self.high_row)
        layout.addWidget(QLabel("LOW HAND (two cards)"))
        layout.addLayout(self.low_row)
        layout.addWidget(self.status)
        layout.addWidget(self.box)
        self._arrange()

    def toggle(self, index: int) -> None:
        self.low ^= {index}
        self._arrange()

    def _arrange(self) -> None:
        for button in self.buttons:
            button.setParent(None)
        for i, button in enumerate(self.buttons):
            (self.low_row if i in self.low else self.high_row).addWidget(button)
        ready = len(self.low) == 2
        ok = self.box.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(ready)
        self.status.setText(
            "Enter sets the hand."
            if ready
            else f"Move exactly two cards low ({len(self.low)} now)."
        )

    @property
    def split(self) -> Split:
        high = [c for i, c in enumerate(self.cards) if i not in self.low]
        low = [c for i, c in enumerate(self.cards) if i in self.low]
        return Split.of(high, low)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit() and 1 <= int(text) <= len(self.cards):
            self.toggle(int(text) - 1)
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and len(self.low) != 2:
            return
        super().keyPressEvent(event)
