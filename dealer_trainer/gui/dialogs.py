"""The small exchanges around the table: naming a hand, the floorperson's sign-off, the
round's summary and the keyboard help."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.grader import Grade, Verdict
from dealer_trainer.engine.step import Step
from dealer_trainer.gui.colours import readable
from dealer_trainer.gui.keymap import ACTION_KEYS, OTHER_KEYS
from dealer_trainer.hands.categories import FIVE_CARD_ORDER
from dealer_trainer.practice.summary import SummaryLine

FIVE_CARD_NAMES = tuple(rank.value for rank in reversed(FIVE_CARD_ORDER))
GOOD = "#2e7d32"
BAD = "#c62828"


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


class SummaryDialog(QDialog):
    """Every step of the round, how it went and what it cost."""

    def __init__(self, grade: Grade, lines: list[SummaryLine], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Round summary")
        self.setObjectName("summaryDialog")
        minutes, seconds = divmod(int(grade.seconds), 60)
        verdict = "Perfect settlement." if grade.perfect else "Settled with mistakes."
        head = QLabel(
            f"<h2>Score {grade.score}</h2>{verdict} Payout accuracy {grade.payout_accuracy}% · "
            f"procedure compliance {grade.procedure_compliance}% · time {minutes}:{seconds:02d}"
        )
        head.setObjectName("summaryHead")
        self.table = QTableWidget(len(lines), 4)
        self.table.setObjectName("summaryTable")
        self.table.setHorizontalHeaderLabels(["Step", "Result", "Tries", "Cost"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        for row, line in enumerate(lines):
            result = "not done" if line.verdict is None else line.verdict.value
            cells = [line.text, result, str(line.attempts), f"−{line.cost}" if line.cost else "0"]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                tip = f"{line.explanation} ({line.citation})" if line.citation else line.explanation
                item.setToolTip(tip)
                if column == 1:
                    ok = line.verdict is Verdict.CORRECT
                    item.setForeground(readable(GOOD if ok else BAD))
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.next_round = QPushButton("&Deal next round")
        self.next_round.setDefault(True)
        self.next_round.clicked.connect(self.accept)
        close = QPushButton("&Close")
        close.clicked.connect(self.reject)
        buttons = QDialogButtonBox()
        buttons.addButton(self.next_round, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(close, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(760, 520)


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


def shortcut_text(key: str) -> str:
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
