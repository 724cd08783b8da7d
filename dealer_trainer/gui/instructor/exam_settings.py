"""Exam settings: the course's exams, and for the one selected its time limit per round, pass
mark, attempts allowed and resume policy, written back into the exam's lesson file.

The file handling is ``curriculum.exam_settings``'s (format-preserving, checked with
``check_lesson`` before it replaces the file atomically); this module shows the exams, edits
one, and says what was written or why nothing was. Writing asks the instructor session again
(``require``), as every instructor widget does before it changes anything.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.exam_settings import (
    MAX_TIME_LIMIT,
    Exam,
    ExamSettings,
    ExamSettingsError,
    list_exams,
    read_exam,
    save_exam_settings,
)
from dealer_trainer.curriculum.lessons import LESSONS, shown
from dealer_trainer.gui.colours import BAD, GOOD
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.record_table import record_table
from dealer_trainer.rules.errors import Problem
from dealer_trainer.store.crypto import CredentialError

COLUMNS = ("Game", "Exam", "Rounds", "Time limit a round", "Pass mark", "Attempts", "Resume")
DEFAULT_LIMIT = 180.0
"""Shown for a broken exam file that has no usable time limit (the shipped exams' value)."""
DEFAULT_MARK = 90.0
MAX_ATTEMPTS = 99

NEW_ATTEMPTS_ONLY = (
    "A change applies to attempts started from now on. Every attempt already recorded keeps "
    "the pass mark, the number of rounds, the time limit and the resume rule it was taken "
    "under: they are signed with its result, so a past result never changes. The number of "
    "attempts is counted when an exam starts: raising it lets a trainee who used them all sit "
    "the exam again."
)


def number(value: float) -> str:
    """``90`` or ``92.5``: a mark or a time as an author writes it."""
    return f"{value:g}"


def clock_text(value: float) -> str:
    """``3 min`` or ``2 min 30 s`` for a time of a minute or more, else ""."""
    minutes, rest = divmod(value, 60)
    if not minutes:
        return ""
    return f"{int(minutes)} min" + (f" {number(round(rest, 1))} s" if rest else "")


def seconds_text(value: float | None) -> str:
    """``180 s (3 min)``: the file's seconds, and the minutes they make."""
    if value is None:
        return "—"
    clock = clock_text(value)
    return f"{number(value)} s" + (f" ({clock})" if clock else "")


def mark_text(value: float | None) -> str:
    return "—" if value is None else f"{number(value)} %"


def attempts_text(value: int | None) -> str:
    return "unlimited" if value is None else str(value)


def problem_text(problem: Problem) -> str:
    """A problem without its file: ``pass_mark: a pass mark from 0 to 100 percent (got 150)``."""
    found = "" if problem.got is None else f" (got {problem.got})"
    return (f"{problem.field}: " if problem.field else "") + problem.expected + found


def _cell(text: str, *, right: bool = False, colour: str | None = None) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if colour is not None:
        item.setForeground(QColor(colour))
    return item


class ExamSettingsPanel(QWidget):
    """The exams of the course under ``folder`` (the shipped course by default) and an editor
    for the one selected. The folder is read when the panel is first shown (or ``refresh``)."""

    def __init__(
        self,
        session: InstructorSession,
        folder: Path = LESSONS,
        parent: QWidget | None = None,
    ) -> None:
        session.require()
        super().__init__(parent)
        self.session = session
        self.folder = folder
        self.exams: list[Exam] = []
        self.exam: Exam | None = None
        self._shown: ExamSettings | None = None
        """The editor's values as loaded from ``exam`` (rounded as the spin boxes show them)."""
        self._loaded = False
        self._selecting = False
        self.setObjectName("examSettingsPanel")

        # The exams.
        intro = QLabel(
            f"The course's exams, read from <tt>{escape(shown(folder))}</tt>. Select one to "
            "change its settings: <b>Save</b> writes them into the exam's lesson file, keeping "
            "its comments and layout, once the changed file passes every lesson check."
        )
        intro.setWordWrap(True)
        self.table = record_table("examTable", COLUMNS, stretch=1, accessible="Exams of the course")
        self.list_message = QLabel()
        self.list_message.setObjectName("examListMessage")
        self.list_message.setWordWrap(True)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(intro)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.list_message)

        # The exam selected.
        self.heading = QLabel()
        self.heading.setObjectName("examHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.time_limit = QDoubleSpinBox()
        self.time_limit.setObjectName("timeLimit")
        self.time_limit.setAccessibleName("Time limit per round, in seconds")
        self.time_limit.setDecimals(1)
        self.time_limit.setRange(0.1, MAX_TIME_LIMIT)
        self.time_limit.setSingleStep(10)
        self.time_limit.setSuffix(" s")
        self.time_hint = QLabel()
        self.pass_mark = QDoubleSpinBox()
        self.pass_mark.setObjectName("passMark")
        self.pass_mark.setAccessibleName("Pass mark, in percent")
        self.pass_mark.setDecimals(1)
        self.pass_mark.setRange(0, 100)
        self.pass_mark.setSuffix(" %")
        self.attempts = QSpinBox()
        self.attempts.setObjectName("attempts")
        self.attempts.setAccessibleName("Attempts allowed")
        self.attempts.setRange(1, MAX_ATTEMPTS)
        self.unlimited = QCheckBox("&Unlimited")
        self.unlimited.setObjectName("unlimitedAttempts")
        self.unlimited.setToolTip("No limit: the attempts key is left out of the exam file.")
        self.may_resume = QCheckBox("Ma&y be resumed at its next round")
        self.may_resume.setObjectName("mayResume")
        self.may_resume.setToolTip(
            "When the app stops mid-exam. Otherwise the attempt can only be abandoned, and it "
            "counts as one of the attempts."
        )
        self.rounds = QLabel()
        self.rounds.setObjectName("examRounds")
        time_row = QHBoxLayout()
        time_row.addWidget(self.time_limit)
        time_row.addWidget(self.time_hint, 1)
        attempts_row = QHBoxLayout()
        attempts_row.addWidget(self.attempts)
        attempts_row.addWidget(self.unlimited, 1)
        form = QFormLayout()
        time_label = QLabel("T&ime limit a round:")
        time_label.setBuddy(self.time_limit)
        mark_label = QLabel("Pass &mark:")
        mark_label.setBuddy(self.pass_mark)
        attempts_label = QLabel("&Attempts allowed:")
        attempts_label.setBuddy(self.attempts)
        form.addRow(time_label, time_row)
        mark_row = QHBoxLayout()
        mark_row.addWidget(self.pass_mark)
        mark_row.addStretch(1)
        form.addRow(mark_label, mark_row)
        form.addRow(attempts_label, attempts_row)
        form.addRow("Cut short:", self.may_resume)
        form.addRow("Rounds:", self.rounds)
        note = QLabel(NEW_ATTEMPTS_ONLY)
        note.setObjectName("newAttemptsOnly")
        note.setWordWrap(True)
        self.save_button = QPushButton("Save  (Ctrl+S)")
        self.save_button.setObjectName("saveExamSettings")
        self.save_button.setToolTip("Write the settings into the exam's file (Ctrl+S).")
        self.revert_button = QPushButton("Rever&t")
        self.revert_button.setObjectName("revertExamSettings")
        self.revert_button.setToolTip("Read the exam's file again and drop unsaved changes.")
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.revert_button)
        buttons.addStretch(1)
        self.message = QLabel()
        self.message.setObjectName("examSettingsMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.editor = QGroupBox("The exam selected")
        editor_layout = QVBoxLayout(self.editor)
        editor_layout.addWidget(self.heading)
        editor_layout.addLayout(form)
        editor_layout.addWidget(note)
        editor_layout.addLayout(buttons)
        editor_layout.addWidget(self.message, 1)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.editor)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([860, 420])
        layout = QVBoxLayout(self)
        layout.addWidget(split)

        self.table.currentCellChanged.connect(self._current_changed)
        for spin in (self.time_limit, self.pass_mark):
            spin.valueChanged.connect(self._edited)
        self.attempts.valueChanged.connect(self._edited)
        self.unlimited.toggled.connect(self._edited)
        self.may_resume.toggled.connect(self._edited)
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.revert)
        self.save_shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Save), self)
        self.save_shortcut.activated.connect(self.save)
        self._show_exam(None)

    def showEvent(self, event: QShowEvent) -> None:
        if not self._loaded:
            self.refresh()
        super().showEvent(event)

    # --- the list ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the course's exams again, keeping the selection (unsaved edits are dropped)."""
        self._loaded = True
        keep = self.exam.path if self.exam is not None else None
        self.exams = list_exams(self.folder)
        self._selecting = True
        try:
            self.table.setRowCount(len(self.exams))
            for row, exam in enumerate(self.exams):
                self._fill_row(row, exam)
        finally:
            self._selecting = False
        broken = sum(not exam.ok for exam in self.exams)
        if not self.exams:
            self.list_message.setText(f'No exam (mode = "exam") in {escape(shown(self.folder))}.')
        else:
            count = f"{len(self.exams)} exam{'s' * (len(self.exams) != 1)}"
            trouble = f"; <span style='color:{BAD}'>{broken} with problems</span>" if broken else ""
            self.list_message.setText(count + trouble + ".")
        rows = [r for r, exam in enumerate(self.exams) if exam.path == keep]
        row = rows[0] if rows else (0 if self.exams else -1)
        if row < 0:
            self._show_exam(None)
        elif row == self.table.currentRow():
            self._show_exam(self.exams[row])
        else:
            self._selecting = True
            try:
                self.table.setCurrentCell(row, 1)
            finally:
                self._selecting = False
            self._show_exam(self.exams[row])

    def _fill_row(self, row: int, exam: Exam) -> None:
        settings = exam.settings
        colour = None if exam.ok else BAD
        title = exam.title if exam.ok else f"{exam.title} (has problems)"
        cells = [
            _cell(exam.game or "Unknown game", colour=colour),
            _cell(title, colour=colour),
            _cell("—" if exam.rounds is None else str(exam.rounds), right=True),
            _cell(seconds_text(settings.time_limit_seconds), right=True),
            _cell(mark_text(settings.pass_mark), right=True),
            _cell(attempts_text(settings.attempts), right=True),
            _cell("yes" if settings.may_resume else "no"),
        ]
        tip = exam.shown_path + ("\n" + "\n".join(exam.problems) if exam.problems else "")
        for column, item in enumerate(cells):
            item.setToolTip(tip)
            self.table.setItem(row, column, item)

    def select(self, title: str) -> Exam:
        """Select the exam titled ``title`` (as an instructor clicks its row)."""
        for row, exam in enumerate(self.exams):
            if exam.title == title:
                self.table.setCurrentCell(row, 1)
                return exam
        raise LookupError(f"no exam titled {title!r} in {shown(self.folder)}")

    def _current_changed(
        self, row: int, _column: int, previous: int, _previous_column: int
    ) -> None:
        if self._selecting or row == previous or not 0 <= row < len(self.exams):
            return
        if self.dirty and self.exam is not None:
            answer = QMessageBox.question(
                self,
                "Drop the unsaved changes?",
                f"The settings of '{self.exam.title}' were changed but not saved. Drop the "
                "changes?",
            )
            if answer != QMessageBox.StandardButton.Yes:
                self._selecting = True
                try:
                    self.table.setCurrentCell(previous, 1)
                finally:
                    self._selecting = False
                return
        self._show_exam(self.exams[row])

    # --- the editor ----------------------------------------------------------------------------

    def _show_exam(self, exam: Exam | None) -> None:
        self.exam = exam
        self.editor.setEnabled(exam is not None)
        widgets = (self.time_limit, self.pass_mark, self.attempts, self.unlimited, self.may_resume)
        for widget in widgets:
            widget.blockSignals(True)
        try:
            settings = exam.settings if exam is not None else ExamSettings(None, None)
            limit = settings.time_limit_seconds
            mark = settings.pass_mark
            self.time_limit.setValue(DEFAULT_LIMIT if limit is None else limit)
            self.pass_mark.setValue(DEFAULT_MARK if mark is None else mark)
            self.attempts.setValue(settings.attempts or 1)
            self.unlimited.setChecked(settings.attempts is None)
            self.may_resume.setChecked(settings.may_resume)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self._shown = self._editor_values()
        self.message.clear()
        if exam is None:
            self.heading.setText("No exam selected.")
            self.rounds.clear()
        else:
            self.heading.setText(
                f"<b>{escape(exam.title)}</b><br>{escape(exam.game)} · "
                f"<tt>{escape(exam.shown_path)}</tt>"
            )
            rounds = "—" if exam.rounds is None else str(exam.rounds)
            self.rounds.setText(f"{rounds} (set in the lesson file, not here)")
            if exam.problems:
                lines = "<br>".join(escape(line) for line in exam.problems)
                self.message.setText(
                    f'<span style="color:{BAD}"><b>This exam file has problems</b> (the course '
                    f"lists it as broken):<br>{lines}</span>"
                )
        self._edited()

    def _editor_values(self) -> ExamSettings:
        return ExamSettings(
            time_limit_seconds=self.time_limit.value(),
            pass_mark=self.pass_mark.value(),
            attempts=None if self.unlimited.isChecked() else self.attempts.value(),
            may_resume=self.may_resume.isChecked(),
        )

    def settings(self) -> ExamSettings:
        """The settings to write: the editor's, except that a value the instructor did not
        touch is the file's own (a spin box shows ``92.25`` as ``92.3``; it is not rewritten)."""
        values = self._editor_values()
        if self.exam is None or self._shown is None:
            return values
        kept, shown_before = self.exam.settings, self._shown
        return ExamSettings(
            time_limit_seconds=kept.time_limit_seconds
            if values.time_limit_seconds == shown_before.time_limit_seconds
            and kept.time_limit_seconds is not None
            else values.time_limit_seconds,
            pass_mark=kept.pass_mark
            if values.pass_mark == shown_before.pass_mark and kept.pass_mark is not None
            else values.pass_mark,
            attempts=values.attempts,
            may_resume=values.may_resume,
        )

    @property
    def dirty(self) -> bool:
        return self.exam is not None and self._editor_values() != self._shown

    def _edited(self) -> None:
        self.attempts.setEnabled(not self.unlimited.isChecked())
        self.time_hint.setText(clock_text(self.time_limit.value()))
        self.save_button.setEnabled(self.exam is not None)
        self.revert_button.setEnabled(self.exam is not None)
        self.editor.setTitle("The exam selected" + (" — unsaved changes" if self.dirty else ""))

    # --- saving ----------------------------------------------------------------------------------

    def _refuse(self, title: str, error: Exception) -> None:
        """Say why nothing was written: beside the editor (the file, then each problem at its
        field) and in a message box with the full text."""
        if isinstance(error, ExamSettingsError):
            lines = [f"In <tt>{escape(error.file)}</tt>:"] + [
                "• " + escape(problem_text(problem)) for problem in error.problems
            ]
        else:
            lines = [escape(str(error))]
        self.message.setText(
            f'<span style="color:{BAD}"><b>{escape(title)}.</b><br>{"<br>".join(lines)}</span>'
        )
        QMessageBox.warning(self, title, str(error))

    def save(self) -> Exam | None:
        """Write the editor's settings into the exam's file (Ctrl+S); the exam as saved, or
        None when nothing was written (the reason is shown)."""
        exam = self.exam
        if exam is None:
            return None
        if not self.dirty:
            self.message.setText("Nothing to save: the settings are the file's.")
            return None
        try:
            self.session.require()
        except CredentialError as error:
            self._refuse("Not saved", error)
            return None
        settings = self.settings()
        try:
            saved = save_exam_settings(exam, settings)
        except ExamSettingsError as error:
            self._refuse(f"The settings of '{exam.title}' were not saved", error)
            return None
        self._replace(exam, saved)
        s = saved.settings
        self.message.setText(
            f'<span style="color:{GOOD}"><b>Saved</b> to <tt>{escape(saved.shown_path)}</tt>: '
            f"{escape(seconds_text(s.time_limit_seconds))} a round, pass mark "
            f"{escape(mark_text(s.pass_mark))}, {escape(attempts_text(s.attempts))} "
            f"attempt{'s' * (s.attempts != 1)}, "
            f"{'may' if s.may_resume else 'may not'} be resumed. New attempts use these; "
            "recorded attempts keep theirs.</span>"
        )
        return saved

    def confirm_leave(self) -> bool:
        """Before the area closes: unsaved settings are saved, dropped or kept open, as the
        instructor answers (nothing is lost silently). ``False``: stay open."""
        if not self.dirty or self.exam is None:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            "Save the exam settings?",
            f"The settings of '{self.exam.title}' were changed but not saved.",
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Cancel,
        )
        if answer == buttons.Save:
            return self.save() is not None
        return answer == buttons.Discard

    def revert(self) -> None:
        """Read the selected exam's file again (an edit on disk shows up) and drop the
        unsaved changes."""
        exam = self.exam
        if exam is None:
            return
        try:
            again = read_exam(exam.path)
        except ExamSettingsError as error:
            self.message.setText(
                f'<span style="color:{BAD}">{escape(str(error))}</span><br>The list is read again.'
            )
            self.refresh()
            return
        self._replace(exam, again)
        self.message.setText(f"Read again from <tt>{escape(again.shown_path)}</tt>.")

    def _replace(self, old: Exam, new: Exam) -> None:
        for row, exam in enumerate(self.exams):
            if exam is old:
                self.exams[row] = new
                self._fill_row(row, new)
        self._show_exam(new)
