"""The floorperson's verification of a payout the dealer called them for."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.step import Step
from dealer_trainer.gui.dialogs import BAD


class FloorpersonDialog(QDialog):
    """The floorperson walks over, verifies the payout and signs; the dealer waits."""

    def __init__(
        self,
        step: Step,
        floorperson: str,
        arrival_ms: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Floorperson verification")
        self.setObjectName("floorpersonDialog")
        self.step = step
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.name = QLineEdit(floorperson)
        self.name.setAccessibleName("Floorperson's signature")
        self.sign = QPushButton("Verified — &sign")
        self.sign.setDefault(True)
        self.sign.clicked.connect(self._sign)
        later = QPushButton("&Wait")
        later.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{step.party} {step.spot.label}</b>"))
        layout.addWidget(QLabel(step.explanation))
        layout.addWidget(self.status)
        layout.addWidget(QLabel("Floorperson's signature:"))
        layout.addWidget(self.name)
        buttons = QDialogButtonBox()
        buttons.addButton(self.sign, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(later, QDialogButtonBox.ButtonRole.RejectRole)
        layout.addWidget(buttons)
        for child in self.findChildren(QLabel):
            child.setWordWrap(True)
        self.resize(460, 260)
        if arrival_ms > 0:
            self.sign.setEnabled(False)
            self.status.setText("The floorperson is on the way. Wait: pay nothing until signed.")
            QTimer.singleShot(arrival_ms, self._arrived)
        else:
            self._arrived()

    def _arrived(self) -> None:
        self.status.setText(
            "The floorperson has checked the hand and the amount against the paytable. "
            "Sign to confirm the verification."
        )
        self.sign.setEnabled(True)

    def _sign(self) -> None:
        if not self.name.text().strip():
            self.status.setText(
                f'<span style="color:{BAD}">The floorperson signs with a name.</span>'
            )
            return
        self.accept()

    @property
    def signature(self) -> str:
        return self.name.text().strip()
