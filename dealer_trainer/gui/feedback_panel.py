"""The feedback panel: what the trainer says about the last step, and the steps so far."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QListWidget, QScrollArea, QVBoxLayout, QWidget


class FeedbackPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.label.setObjectName("feedback")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAccessibleName("Feedback")
        self.label.setMinimumHeight(90)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.history = QListWidget()
        self.history.setObjectName("history")
        self.history.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setAccessibleName("Steps so far")
        area = QScrollArea()
        area.setWidget(self.label)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        area.setMinimumHeight(110)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(area, 1)
        layout.addWidget(self.history, 1)

    def say(self, html: str, colour: str) -> None:
        style = f"color:{colour};" if colour else ""
        self.label.setText(f'<div style="{style}">{html}</div>')
