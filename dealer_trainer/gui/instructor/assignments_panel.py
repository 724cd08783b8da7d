"""Exam assignments: the instructor assigns one of the course's exams to one or more trainees,
with an optional due date, and sees and revokes what is assigned.

Each assignment is signed with the school's key as it is made (``Store.assign_exam``), naming
the instructor who made it, so a trainee's start screen offers only exams an instructor
assigned. The list shows every assignment with its state as the school's keys see it: open,
overdue, completed (its exam submitted), revoked, "exam changed since" (the exam file is no
longer the one assigned) or NOT VERIFIED (planted or edited at a station: ignored).
"""

from __future__ import annotations

from datetime import date
from html import escape
from pathlib import Path

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.assignments import exams_by_id, lesson_sha256, version_matches
from dealer_trainer.curriculum.lessons import LESSONS, Lesson
from dealer_trainer.curriculum.lessons import load_lessons as load_course
from dealer_trainer.gui.colours import BAD, GOOD, readable
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.record_table import record_table
from dealer_trainer.gui.start_screen import exam_label
from dealer_trainer.store.assignments import AssignmentRecord, AssignmentState
from dealer_trainer.store.crypto import CredentialError, KeyIntegrityError
from dealer_trainer.store.errors import StoreError
from dealer_trainer.store.records import TraineeRecord

COLUMNS = ("Trainee", "Exam", "Due", "State", "Assigned by", "Assigned on")
NOT_VERIFIED = "NOT VERIFIED"
CHANGED = "exam changed since"
TRAINEE_ROLE = Qt.ItemDataRole.UserRole


def short_date(day: date) -> str:
    return f"{day.day} {day:%b %Y}"


def exam_name(lesson: Lesson) -> str:
    return exam_label(lesson)


def state_text(record: AssignmentRecord, exams: dict[str, Lesson], today: date) -> str:
    """The state an instructor reads in the list."""
    if not record.verified:
        return NOT_VERIFIED
    state = record.state
    if state is AssignmentState.OPEN:
        lesson = exams.get(record.lesson_id)
        if lesson is None:
            return "open (the exam is no longer in the course)"
        if not version_matches(lesson, record):
            return f"open, {CHANGED}: assign it again"
        return "overdue" if record.overdue(today) else "open"
    if state is AssignmentState.COMPLETED:
        at = record.completed_at
        return "completed" + (f" {short_date(at.date())}" if at is not None else "")
    revoked = record.revocation
    assert revoked is not None
    return f"revoked by {revoked.revoked_by}"


class AssignmentsPanel(QWidget):
    def __init__(
        self, session: InstructorSession, folder: Path = LESSONS, parent: QWidget | None = None
    ) -> None:
        session.require()
        super().__init__(parent)
        self.session = session
        self.folder = folder
        self.setObjectName("assignmentsPanel")
        self.exams: dict[str, Lesson] = {}
        self.records: list[AssignmentRecord] = []

        self.exam = QComboBox()
        self.exam.setObjectName("assignExam")
        self.exam.setAccessibleName("Exam to assign")
        self.trainees = QListWidget()
        self.trainees.setObjectName("assignTrainees")
        self.trainees.setAccessibleName("Trainees to assign the exam to (Space ticks one)")
        self.trainees.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.trainees.itemActivated.connect(self._toggle)
        self.has_due = QCheckBox("D&ue by")
        self.has_due.setObjectName("assignHasDue")
        self.due = QDateEdit()
        self.due.setObjectName("assignDue")
        self.due.setAccessibleName("Due date")
        self.due.setCalendarPopup(True)
        self.due.setDisplayFormat("d MMMM yyyy")
        self.due.setMinimumDate(QDate.currentDate())
        self.due.setDate(QDate.currentDate().addDays(7))
        self.due.setEnabled(False)
        self.has_due.toggled.connect(self.due.setEnabled)
        self.instructor = QLineEdit()
        self.instructor.setObjectName("assignInstructor")
        self.instructor.setAccessibleName("Your name, signed with the assignment")
        self.instructor.setPlaceholderText("Your name, signed with the assignment")
        self.assign_button = QPushButton("&Assign the exam")
        self.assign_button.setObjectName("assignButton")
        self.assign_button.setAutoDefault(False)
        self.assign_button.clicked.connect(self.assign)
        self.message = QLabel()
        self.message.setObjectName("assignMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.message.setMinimumHeight(self.message.fontMetrics().lineSpacing() * 3 + 4)

        form = QFormLayout()
        exam_label = QLabel("&Exam:")
        exam_label.setBuddy(self.exam)
        trainees_label = QLabel("&Trainees:")
        trainees_label.setBuddy(self.trainees)
        name_label = QLabel("&Instructor:")
        name_label.setBuddy(self.instructor)
        form.addRow(exam_label, self.exam)
        form.addRow(trainees_label, self.trainees)
        form.addRow(self.has_due, self.due)
        form.addRow(name_label, self.instructor)
        assign_box = QGroupBox("Assign an exam")
        assign_layout = QVBoxLayout(assign_box)
        hint = QLabel(
            "Tick each trainee (Space or double-click). The trainee's start screen then offers "
            "the exam until it is submitted or revoked; the examiner still unlocks it."
        )
        hint.setWordWrap(True)
        assign_layout.addWidget(hint)
        assign_layout.addLayout(form, 1)
        assign_layout.addWidget(self.assign_button, 0, Qt.AlignmentFlag.AlignLeft)
        assign_layout.addWidget(self.message)

        self.table = record_table(
            "assignmentTable", COLUMNS, stretch=1, accessible="Exam assignments"
        )
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.revoke_button = QPushButton("&Revoke the selected assignment…")
        self.revoke_button.setObjectName("revokeButton")
        self.revoke_button.setAutoDefault(False)
        self.revoke_button.setEnabled(False)
        self.revoke_button.clicked.connect(lambda: self.revoke_selected())
        self.problems = QLabel()
        self.problems.setObjectName("assignmentProblems")
        self.problems.setWordWrap(True)
        list_box = QGroupBox("Assignments")
        list_layout = QVBoxLayout(list_box)
        list_layout.addWidget(self.table, 1)
        list_layout.addWidget(self.problems)
        list_layout.addWidget(self.revoke_button, 0, Qt.AlignmentFlag.AlignLeft)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(assign_box)
        split.addWidget(list_box)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    # --- reading ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the course's exams, the trainees and the assignments again."""
        chosen = self.exam.currentData()
        ticked = set(self.ticked_ids())
        self.exams = exams_by_id(load_course(self.folder))
        self.exam.clear()
        for lesson in sorted(self.exams.values(), key=lambda x: (x.game, x.level, x.title)):
            self.exam.addItem(exam_name(lesson), lesson.id)
        if chosen is not None and self.exam.findData(chosen) >= 0:
            self.exam.setCurrentIndex(self.exam.findData(chosen))
        try:
            trainees = self.session.store.trainees()
        except StoreError as error:
            self._say(f"The records cannot be read: {error}", ok=False)
            trainees = []
        self.trainees.clear()
        for trainee in trainees:
            item = QListWidgetItem(_trainee_text(trainee))
            item.setData(TRAINEE_ROLE, trainee.id)
            item.setToolTip(trainee.cohort or "")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = trainee.id in ticked
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.trainees.addItem(item)
        if self.trainees.count():
            self.trainees.setCurrentRow(0)
        self._show_assignments()

    def _show_assignments(self) -> None:
        try:
            keys = self.session.keys()
            self.records = self.session.store.assignments(keys.public())
        except (CredentialError, KeyIntegrityError, StoreError) as error:
            self.records = []
            self.problems.setText(
                f'<span style="color:{readable(BAD).name()}">Assignments cannot be checked: '
                f"{escape(str(error))}</span>"
            )
        else:
            bad = [r for r in self.records if not r.verified]
            self.problems.setText(
                ""
                if not bad
                else f'<span style="color:{readable(BAD).name()}">'
                + "<br>".join(escape(f"{r.subject}: {'; '.join(r.problems)}") for r in bad)
                + "</span>"
            )
        self.problems.setVisible(bool(self.problems.text()))
        today = date.today()
        self.table.setRowCount(len(self.records))
        for row, record in enumerate(self.records):
            lesson = self.exams.get(record.lesson_id)
            state = state_text(record, self.exams, today)
            cells = [
                record.trainee,
                exam_name(lesson) if lesson is not None else record.title,
                "—" if record.due is None else short_date(record.due),
                state,
                record.assignment.assigned_by,
                short_date(record.assignment.assigned_at.date()),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 1:
                    item.setToolTip(text)
                if column == 3 and (
                    state == NOT_VERIFIED or state == "overdue" or CHANGED in state
                ):
                    item.setForeground(readable(BAD))
                elif column == 3 and state.startswith("completed"):
                    item.setForeground(readable(GOOD))
                if column == 3 and record.problems:
                    item.setToolTip("; ".join(record.problems))
                self.table.setItem(row, column, item)
        self._selection_changed()

    # --- assigning -------------------------------------------------------------------------------

    def ticked_ids(self) -> list[int]:
        found = []
        for row in range(self.trainees.count()):
            item = self.trainees.item(row)
            if item is not None and item.checkState() is Qt.CheckState.Checked:
                found.append(int(item.data(TRAINEE_ROLE)))
        return found

    def tick(self, name: str, on: bool = True) -> None:
        """Tick the trainee named ``name`` (as Space on their row does)."""
        for row in range(self.trainees.count()):
            item = self.trainees.item(row)
            if item is not None and item.text() in (name, f"{name} ({item.toolTip()})"):
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                return
        raise LookupError(f"no trainee {name!r} in the list")

    def _toggle(self, item: QListWidgetItem) -> None:
        checked = item.checkState() is Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def assign(self) -> list[AssignmentRecord]:
        """Assign the chosen exam to every ticked trainee; the message says what was done or
        why nothing was."""
        lesson = self.exams.get(str(self.exam.currentData()))
        if lesson is None:
            self._say("Choose an exam to assign: the course has none that can be used.", False)
            return []
        ticked = self.ticked_ids()
        if not ticked:
            self._say("Tick at least one trainee to assign the exam to.", ok=False)
            self.trainees.setFocus()
            return []
        if not self.instructor.text().strip():
            self._say("Type your name: it is signed with the assignment.", ok=False)
            self.instructor.setFocus()
            return []
        version = lesson_sha256(lesson)
        if not version:
            self._say(f"The exam file {lesson.path.name} cannot be read.", ok=False)
            return []
        picked = self.due.date()
        due = (
            date(picked.year(), picked.month(), picked.day()) if self.has_due.isChecked() else None
        )
        try:
            made = self.session.store.assign_exam(
                ticked,
                lesson_id=lesson.id,
                lesson_sha256=version,
                title=exam_name(lesson),
                assigned_by=self.instructor.text(),
                due=due,
                keys=self.session.keys(),
            )
        except (CredentialError, KeyIntegrityError, StoreError) as error:
            self._say(f"Nothing was assigned: {error}.", ok=False)
            return []
        for row in range(self.trainees.count()):
            item = self.trainees.item(row)
            if item is not None:
                item.setCheckState(Qt.CheckState.Unchecked)
        made.sort(key=lambda r: ticked.index(r.trainee_id))
        names = ", ".join(r.trainee for r in made)
        when = f", due {due.day} {due:%B %Y}" if due is not None else ""
        self._say(f"Assigned {exam_name(lesson)} to {names}{when}.")
        self._show_assignments()
        return made

    # --- revoking --------------------------------------------------------------------------------

    def selected(self) -> AssignmentRecord | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or not 0 <= rows[0].row() < len(self.records):
            return None
        return self.records[rows[0].row()]

    def _selection_changed(self) -> None:
        record = self.selected()
        self.revoke_button.setEnabled(
            record is not None and record.verified and record.state is AssignmentState.OPEN
        )

    def revoke_selected(self, ask: bool = True) -> bool:
        record = self.selected()
        if record is None:
            self._say("Select an assignment in the list to revoke it.", ok=False)
            return False
        if not self.instructor.text().strip():
            self._say("Type your name: it is signed with the revocation.", ok=False)
            self.instructor.setFocus()
            return False
        if ask:
            answer = QMessageBox.question(
                self,
                "Revoke the assignment?",
                f"Revoke the assignment of '{record.title}' to {record.trainee}? Their start "
                "screen no longer offers the exam.",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            self.session.store.revoke_assignment(
                record.id, self.instructor.text(), self.session.keys()
            )
        except (CredentialError, KeyIntegrityError, StoreError) as error:
            self._say(f"Not revoked: {error}.", ok=False)
            return False
        self._say(f"Revoked the assignment of {record.title} to {record.trainee}.")
        self._show_assignments()
        return True

    def _say(self, text: str, ok: bool = True) -> None:
        colour = readable(GOOD if ok else BAD).name()
        self.message.setText(f'<span style="color:{colour}">{escape(text)}</span>')


def _trainee_text(trainee: TraineeRecord) -> str:
    return f"{trainee.name} ({trainee.cohort})" if trainee.cohort else trainee.name
