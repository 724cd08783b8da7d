"""The Closed Table form exercise (§ 465a.36(f)): a closed table, a blank form, a graded result.

The screen shows what a floorperson sees at the end of a shift — the table, the locked
container with its Table Inventory Slip — and a form laid out like the paper one. Nothing is
pre-filled with an answer: the dates start blank, the choices start on "choose…".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.forms.closed_table import (
    ClosedTableForm,
    ClosedTableSituation,
    Destination,
    FormGrade,
    Role,
    Shift,
    SlipSigners,
    closed_table_situation,
    form_games,
    grade_closed_table_form,
    long_date,
)
from dealer_trainer.vocabulary import Vocabulary

BLANK_DATE = QDate(2000, 1, 1)
CHOOSE = "choose…"


def _choices(box: QComboBox, values: Sequence[Vocabulary | str]) -> None:
    box.addItem(CHOOSE, None)
    for value in values:
        box.addItem(str(value.value) if isinstance(value, Vocabulary) else value, value)


def _date_edit(name: str) -> QDateEdit:
    edit = QDateEdit()
    edit.setAccessibleName(name)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setMinimumDate(BLANK_DATE)
    edit.setSpecialValueText("yyyy-mm-dd")
    edit.setDate(BLANK_DATE)
    return edit


class ClosedTableScreen(QWidget):
    """One situation at a time; Submit grades, Next table deals another."""

    graded = Signal(object)

    def __init__(self, parent: QWidget | None = None, seed: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("closedTableScreen")
        self._rng = random.Random(seed)
        self.situation: ClosedTableSituation | None = None
        self.last_grade: FormGrade | None = None
        self.lesson: str | None = None
        """The lesson this form belongs to; ``None`` for free practice."""

        title = QLabel("<h1>Closed Table form</h1>")
        intro = QLabel(
            "At the end of the shift, complete the paperwork for this table as a floorperson "
            "must under § 465a.36(f): decide whether a Closed Table form is required and, if it "
            "is, fill it in."
        )
        intro.setWordWrap(True)
        self.facts = QLabel()
        self.facts.setObjectName("closedTableFacts")
        self.facts.setWordWrap(True)
        self.facts.setTextFormat(Qt.TextFormat.RichText)
        self.facts.setFrameShape(QFrame.Shape.StyledPanel)
        self.facts.setStyleSheet(
            "QLabel#closedTableFacts { background: #0d6b3a; color: white; padding: 12px; }"
        )
        larger = self.facts.font()  # the system font, a step larger: it follows the user's size
        larger.setPointSizeF(larger.pointSizeF() * 1.15)
        self.facts.setFont(larger)

        self.required_yes = QRadioButton("&Yes")
        self.required_no = QRadioButton("N&o")
        self._required = QButtonGroup(self)
        self._required.addButton(self.required_yes)
        self._required.addButton(self.required_no)
        required_row = QHBoxLayout()
        required_row.addWidget(self.required_yes)
        required_row.addWidget(self.required_no)
        required_row.addStretch(1)

        self.completed_by = QComboBox()
        _choices(self.completed_by, list(Role))
        self.shift_date = _date_edit("Date of the shift ended")
        self.shift = QComboBox()
        _choices(self.shift, list(Shift))
        self.game = QComboBox()
        _choices(self.game, list(form_games()))
        self.table_number = QLineEdit()
        self.table_number.setPlaceholderText("as printed on the table")
        self.last_opened = _date_edit("Date the table was last opened")
        self.signature = QLineEdit()
        self.signature.setPlaceholderText("your name")
        self.credential = QLineEdit()
        self.credential.setPlaceholderText("GCB-000000")
        self.inventory_locked = QCheckBox("The table inventory stayed &locked")
        self.deposit = QComboBox()
        _choices(self.deposit, list(Destination))
        self.inventory_slip = QCheckBox("A Table Inventory &Slip is also completed today")
        self.slip_signed_by = QComboBox()
        _choices(self.slip_signed_by, list(SlipSigners))
        for widget, name in (
            (self.completed_by, "Completed by"),
            (self.shift, "Shift ended"),
            (self.game, "Game"),
            (self.table_number, "Table number"),
            (self.signature, "Signature"),
            (self.credential, "Board-issued credential number"),
            (self.deposit, "Completed form deposited in"),
            (self.slip_signed_by, "Table Inventory Slip signed by"),
        ):
            widget.setAccessibleName(name)

        form = QFormLayout()
        form.addRow("Closed Table form required?", required_row)
        form.addRow(
            "A Table Inventory Slip, &when one is completed, is signed by:", self.slip_signed_by
        )
        self._entries = QGroupBox("Closed Table form")
        entries = QFormLayout(self._entries)
        entries.addRow("Completed &by:", self.completed_by)
        entries.addRow("&Date of the shift ended:", self.shift_date)
        entries.addRow("S&hift ended:", self.shift)
        entries.addRow("&Game:", self.game)
        entries.addRow("&Table number:", self.table_number)
        entries.addRow("Date last o&pened:", self.last_opened)
        entries.addRow("Si&gnature:", self.signature)
        entries.addRow("&Credential number:", self.credential)
        entries.addRow("", self.inventory_locked)
        entries.addRow("Deposit the form &in:", self.deposit)
        entries.addRow("", self.inventory_slip)

        self.submit = QPushButton("&Submit form (Ctrl+Enter)")
        self.next_table = QPushButton("&Next table")
        buttons = QHBoxLayout()
        buttons.addWidget(self.submit)
        buttons.addWidget(self.next_table)
        buttons.addStretch(1)
        self.result = QTextBrowser()
        self.result.setObjectName("closedTableResult")
        self.result.setMinimumHeight(180)

        left = QVBoxLayout()
        left.addWidget(title)
        left.addWidget(intro)
        left.addWidget(self.facts)
        left.addLayout(form)
        left.addWidget(self.result, 1)
        right = QVBoxLayout()
        right.addWidget(self._entries)
        right.addLayout(buttons)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)

        self.submit.clicked.connect(self.grade)
        self.next_table.clicked.connect(self._next)
        self._required.buttonToggled.connect(self._enable_entries)
        self.new_situation()

    def set_next_label(self, text: str) -> None:
        """ "Next table" alone, "Next in the lesson" in a lesson: the button is widened to its
        new text at once (a layout pass may come only after the next grab or paint)."""
        self.next_table.setText(text)
        self.next_table.setMinimumWidth(self.next_table.sizeHint().width())

    def _next(self) -> None:
        """In free practice another table; in a lesson the main window moves on (and a form
        not yet submitted must be submitted first)."""
        if self.lesson is None:
            self.new_situation()
        elif self.last_grade is None:
            self.result.setHtml(
                "<p style='color:#c62828'><b>Submit this form first: it counts for the "
                "lesson.</b></p>"
            )

    def new_situation(self, situation: ClosedTableSituation | None = None) -> None:
        if not isinstance(situation, ClosedTableSituation):
            situation = closed_table_situation(self._rng.randrange(2**31))
        self.situation = situation
        self.last_grade = None
        self.facts.setText("<br>".join(situation.describe()))
        self._required.setExclusive(False)
        self.required_yes.setChecked(False)
        self.required_no.setChecked(False)
        self._required.setExclusive(True)
        for box in (self.completed_by, self.shift, self.game, self.deposit, self.slip_signed_by):
            box.setCurrentIndex(0)
        for edit in (self.shift_date, self.last_opened):
            edit.setDate(BLANK_DATE)
        for line in (self.table_number, self.signature, self.credential):
            line.clear()
        self.inventory_locked.setChecked(False)
        self.inventory_slip.setChecked(False)
        self.result.setPlainText(
            "Answer whether a Closed Table form is required, fill it in if it is, then submit."
        )
        self._enable_entries()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Enter submits from any entry: the entries pass on the Enter they do not use."""
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if control and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.grade()
            return
        super().keyPressEvent(event)

    def _enable_entries(self) -> None:
        self._entries.setEnabled(not self.required_no.isChecked())

    def form(self) -> ClosedTableForm:
        """The entries as they stand; a blank date or choice is ``None``."""

        def day(edit: QDateEdit) -> date | None:
            value = edit.date()
            return None if value == BLANK_DATE else date(value.year(), value.month(), value.day())

        return ClosedTableForm(
            required=self.required_yes.isChecked(),
            completed_by=self.completed_by.currentData(),
            shift_date=day(self.shift_date),
            shift=self.shift.currentData(),
            game=self.game.currentData() or "",
            table_number=self.table_number.text(),
            last_opened=day(self.last_opened),
            signature=self.signature.text(),
            credential=self.credential.text(),
            inventory_locked=self.inventory_locked.isChecked(),
            deposit=self.deposit.currentData(),
            inventory_slip=self.inventory_slip.isChecked(),
            slip_signed_by=self.slip_signed_by.currentData(),
        )

    def grade(self) -> FormGrade | None:
        if self.situation is None or (self.lesson is not None and self.last_grade is not None):
            return self.last_grade
        if not (self.required_yes.isChecked() or self.required_no.isChecked()):
            self.result.setHtml(
                "<p style='color:#c62828'><b>First answer whether a Closed Table form is "
                "required for this table.</b></p>"
            )
            return None
        grade = grade_closed_table_form(self.situation, self.form())
        self.last_grade = grade
        lines = [
            f"<h3>Score {grade.score}% — "
            f"{'every entry correct' if grade.perfect else f'{len(grade.wrong)} to correct'}</h3>"
        ]
        for verdict in grade.verdicts:
            colour = "#2e7d32" if verdict.correct else "#c62828"
            lines.append(f"<p style='color:{colour}'>{_escape(verdict.describe())}</p>")
        if self.situation.form_required:
            lines.append(
                f"<p><i>The slip in the container is dated "
                f"{long_date(self.situation.slip_date)}.</i></p>"
            )
        self.result.setHtml("".join(lines))
        self.graded.emit(grade)
        return grade


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
