"""The start screen: pick a practice table and a mode, then deal."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.practice.rounds import PracticeTable, practice_tables
from dealer_trainer.practice.session import Mode


class PracticePicker(QWidget):
    chosen = Signal(object, object, bool)
    """(PracticeTable, Mode, four-colour deck)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practicePicker")
        title = QLabel("<h1>Practice settling a table</h1>")
        intro = QLabel(
            "Pick a table. A round is dealt, the players decide, the dealer's hand is revealed, "
            "and you settle every wager in the regulated order. <b>Learn</b> shows the next "
            "step on request (H); <b>practice</b> only judges and explains."
        )
        intro.setWordWrap(True)
        self.tables = QListWidget()
        self.tables.setObjectName("tables")
        self.tables.setAccessibleName("Practice tables")
        self._listed = False
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.learn = QRadioButton("&Learn")
        self.practice = QRadioButton("&Practice")
        self.learn.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.learn)
        group.addButton(self.practice)
        self.four_colour = QCheckBox("&Four-colour deck (colour-blind friendly)")
        self.deal = QPushButton("&Deal")
        self.deal.setObjectName("deal")
        self.deal.setDefault(True)
        self.deal.clicked.connect(self._choose)
        self.tables.itemActivated.connect(lambda _item: self._choose())
        self.tables.currentItemChanged.connect(lambda *_: self._show_details())
        modes = QHBoxLayout()
        modes.addWidget(self.learn)
        modes.addWidget(self.practice)
        modes.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(self.tables, 1)
        layout.addWidget(self.details)
        layout.addLayout(modes)
        layout.addWidget(self.four_colour)
        layout.addWidget(self.deal)
        self._show_details()

    def showEvent(self, event: QShowEvent) -> None:
        self.list_tables()
        super().showEvent(event)

    def list_tables(self) -> None:
        """Read and list every table, once, when the picker is first shown: reading them
        loads every game, which a start at a table named on the command line never needs
        before its first paint."""
        if self._listed:
            return
        self._listed = True
        for table in sorted(practice_tables(), key=lambda t: (t.game, t.name)):
            label = f"{table.game}: {table.name}" if table.game else table.name
            if table.error:
                label = f"⚠ {table.name} (broken)"
            elif table.expired:
                label = f"⌛ {label} (expired options)"
            elif table.kept:
                label = f"{label} (expired options kept in force)"
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, table)
            item.setToolTip(table.error or table.expired or table.kept or table.description)
            if not table.offered:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.tables.addItem(item)
        first = next(
            (
                i
                for i in range(self.tables.count())
                if "Plain Ultimate" in self.tables.item(i).text()
            ),
            0,
        )
        self.tables.setCurrentRow(first)

    def current_table(self) -> PracticeTable | None:
        row = self.tables.currentRow()
        if row < 0:
            return None
        table = self.tables.item(row).data(Qt.ItemDataRole.UserRole)
        return table if isinstance(table, PracticeTable) else None

    def _show_details(self) -> None:
        table = self.current_table()
        if table is None:
            self.details.setText("")
            return
        kept = f" {table.kept}." if table.kept else ""
        self.details.setText(
            table.error or table.expired or f"{table.game}. {table.description}{kept}"
        )

    def _choose(self) -> None:
        table = self.current_table()
        if table is None or not table.offered:
            return
        mode = Mode.LEARN if self.learn.isChecked() else Mode.PRACTICE
        self.chosen.emit(table, mode, self.four_colour.isChecked())
