"""The action panel: one button per verb of settlement, built from the key map."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QPushButton, QWidget

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.keymap import ACTION_KEYS


class ActionPanel(QWidget):
    """Pressing a button asks the trainer to take its action on the selected spot."""

    chosen = Signal(object)
    """An ``ActionKey``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionPanel")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(3)
        self.buttons: dict[str, QPushButton] = {}
        for i, key in enumerate(ACTION_KEYS):
            button = QPushButton(f"{key.button} ({key.key})")
            button.setObjectName(f"action_{key.action.value}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(f"{key.title}: press {key.key}")
            button.clicked.connect(lambda _=False, k=key: self.chosen.emit(k))
            grid.addWidget(button, i // 2, i % 2)
            self.buttons[key.action.value] = button

    def offer(self, actions: Iterable[Action]) -> None:
        offered = set(actions)
        for key in ACTION_KEYS:
            self.buttons[key.action.value].setVisible(key.action in offered)
