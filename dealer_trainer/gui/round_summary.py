"""The round's summary: how the settlement went, step by step."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.grader import Grade, Verdict
from dealer_trainer.gui.dialogs import BAD, GOOD
from dealer_trainer.practice.summary import SummaryLine


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
                    item.setForeground(QColor(GOOD if ok else BAD))
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
