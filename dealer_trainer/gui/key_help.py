"""F1: every key of the trainer and every menu shortcut, on one page."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from dealer_trainer.gui.keymap import ACTION_KEYS, OTHER_KEYS


class HelpDialog(QDialog):
    """F1: every keyboard path, generated from the key map."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard help")
        self.setObjectName("helpDialog")
        rows = "".join(
            f"<tr><td><b>{k.key}</b></td><td>{k.title}"
            f"{' (type the amount first, or after, then Enter)' if k.needs_amount else ''}"
            f"{' (then name the hand)' if k.names_hand else ''}</td></tr>"
            for k in ACTION_KEYS
        )
        rows += "".join(
            f"<tr><td><b>{key}</b></td><td>{what}</td></tr>" for key, what in OTHER_KEYS
        )
        text = QLabel(
            "<h2>Settling with the keyboard</h2><p>Select a spot with the arrow keys (or click "
            "it), then press the action's key.</p><table cellspacing=6>" + rows + "</table>"
        )
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setObjectName("helpText")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(close)
        self.setMinimumWidth(560)
