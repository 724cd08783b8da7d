"""Who is practising: the trainee chosen (or added) when the app starts, and the attempts a
stopped app left in progress, offered for resuming or abandoning.

Both dialogs work from the keyboard alone: type a name's first letters to find it in the list
and press Enter; Tab to the new-trainee fields, type, Enter adds and starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.record_keys import EXAM, MISTAKES, SCENARIO_PREFIX, TABLE_PREFIX
from dealer_trainer.store.errors import DatabaseError

if TYPE_CHECKING:
    from dealer_trainer.curriculum.lessons import Lesson
    from dealer_trainer.store.records import AttemptRecord, TraineeRecord
    from dealer_trainer.store.store import Store

ERROR = "#c62828"
RECORD_ROLE = Qt.ItemDataRole.UserRole


def _same(a: str | None, b: str | None) -> bool:
    return " ".join((a or "").split()).casefold() == " ".join((b or "").split()).casefold()


def trainee_label(trainee: TraineeRecord) -> str:
    return f"{trainee.name} — {trainee.cohort}" if trainee.cohort else trainee.name


def _button(text: str) -> QPushButton:
    """Enter never clicks a button behind the trainee's back: each field says what it does."""
    button = QPushButton(text)
    button.setAutoDefault(False)
    button.setDefault(False)
    return button


class TraineeDialog(QDialog):
    """Choose the trainee who is practising, or add one (name and class). The choice is
    remembered for the next start (``store.settings.remember_trainee``)."""

    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.trainee: TraineeRecord | None = None
        self.setWindowTitle("Who is practising?")
        self.setObjectName("traineeDialog")

        heading = QLabel(
            "<h2>Who is practising?</h2>Every round is recorded under this name. Type the first "
            "letters of a name to find it, then press Enter."
        )
        heading.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("trainees")
        self.list.setAccessibleName("Trainees")
        self.list.itemActivated.connect(lambda _item: self.choose())
        self.list.currentItemChanged.connect(lambda *_: self._update_start())

        self.name = QLineEdit()
        self.name.setObjectName("traineeName")
        self.name.setAccessibleName("New trainee's name")
        self.name.setPlaceholderText("First and last name")
        self.cohort = QLineEdit()
        self.cohort.setObjectName("traineeCohort")
        self.cohort.setAccessibleName("New trainee's class")
        self.cohort.setPlaceholderText("e.g. Spring 2026 (optional)")
        self.add = _button("&Add and start")
        self.add.setObjectName("addTrainee")
        self.add.clicked.connect(self.add_trainee)
        self.name.returnPressed.connect(self.add_trainee)
        self.cohort.returnPressed.connect(self.add_trainee)
        form = QFormLayout()
        name_label = QLabel("&Name:")
        name_label.setBuddy(self.name)
        cohort_label = QLabel("C&lass:")
        cohort_label.setBuddy(self.cohort)
        form.addRow(name_label, self.name)
        form.addRow(cohort_label, self.cohort)
        form.addRow("", self.add)
        new = QGroupBox("New trainee")
        new.setLayout(form)

        self.error = QLabel()
        self.error.setObjectName("traineeError")
        self.error.setWordWrap(True)
        self.error.setAccessibleName("Problem")
        self.start = _button("&Start as the selected trainee")
        self.start.setObjectName("startTrainee")
        self.start.clicked.connect(self.choose)
        cancel = _button("&Cancel")
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start)
        buttons.addStretch(1)
        buttons.addWidget(cancel)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.list, 1)
        layout.addWidget(new)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.resize(460, 520)
        self._load()

    def _load(self) -> None:
        from dealer_trainer.store.settings import last_trainee

        trainees = self.store.trainees()
        remembered = last_trainee()
        self.list.clear()
        for trainee in trainees:
            item = QListWidgetItem(trainee_label(trainee))
            item.setData(RECORD_ROLE, trainee)
            self.list.addItem(item)
            if trainee.uid == remembered:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        cohorts = sorted({t.cohort for t in trainees if t.cohort})
        self.cohort.setCompleter(QCompleter(cohorts, self))
        (self.list if self.list.count() else self.name).setFocus()
        self._update_start()

    def _update_start(self) -> None:
        self.start.setEnabled(self.selected() is not None)

    def selected(self) -> TraineeRecord | None:
        from dealer_trainer.store.records import TraineeRecord

        item = self.list.currentItem()
        record = item.data(RECORD_ROLE) if item is not None else None
        return record if isinstance(record, TraineeRecord) else None

    def _fail(self, message: str, field: QLineEdit) -> None:
        self.error.setText(f'<span style="color:{ERROR}">{escape(message, quote=False)}</span>')
        field.setFocus()
        field.selectAll()

    def choose(self) -> None:
        trainee = self.selected()
        if trainee is None:
            self._fail("Choose a trainee from the list, or add a new one.", self.name)
            return
        self._accept(trainee)

    def add_trainee(self) -> None:
        name = " ".join(self.name.text().split())
        cohort = " ".join(self.cohort.text().split()) or None
        if not name:
            self._fail("Type the new trainee's name.", self.name)
            return
        try:
            for existing in self.store.trainees():
                if _same(existing.name, name) and _same(existing.cohort, cohort):
                    where = f" in {existing.cohort}" if existing.cohort else ""
                    self._fail(
                        f"There is already a trainee named {existing.name}{where}: choose them "
                        "from the list, or tell the two apart (a middle initial, or the class).",
                        self.name,
                    )
                    return
            added = self.store.add_trainee(name, cohort)
        except DatabaseError as error:
            self._fail(
                f"{name} cannot be added: the records cannot be written ({error.reason}). "
                f"Records: {error.database}",
                self.name,
            )
            return
        self._accept(added)

    def _accept(self, trainee: TraineeRecord) -> None:
        from dealer_trainer.store.settings import remember_trainee

        self.trainee = trainee
        remember_trainee(trainee.uid)
        self.accept()


def attempt_title(attempt: AttemptRecord, lessons: Mapping[str, Lesson]) -> str:
    """What an attempt was, as a trainee names it."""
    lesson = lessons.get(attempt.lesson_id)
    if attempt.mode == MISTAKES:
        return f"My mistakes ({lesson.title if lesson else attempt.lesson_id})"
    if lesson is not None:
        return f"{'Exam' if attempt.mode == EXAM else 'Lesson'}: {lesson.title}"
    for prefix, kind in ((TABLE_PREFIX, "Table"), (SCENARIO_PREFIX, "Scenario")):
        if attempt.lesson_id.startswith(prefix):
            return f"{kind} practice: {attempt.lesson_id.removeprefix(prefix)}"
    return attempt.lesson_id


def attempt_line(attempt: AttemptRecord, lessons: Mapping[str, Lesson]) -> str:
    finished = sum(1 for r in attempt.rounds if r.grade is not None)
    lesson = lessons.get(attempt.lesson_id)
    of = f" of {lesson.round_count}" if lesson is not None and attempt.mode != MISTAKES else ""
    cut = " (one cut short)" if attempt.rounds and attempt.rounds[-1].grade is None else ""
    started = attempt.started_at.astimezone().strftime("%d %b %Y %H:%M")
    policy = "" if attempt.may_resume else " — this exam may not be resumed"
    steps = len(attempt.steps)
    rounds = "round" if finished == 1 and not of else "rounds"
    return (
        f"{attempt_title(attempt, lessons)}: {finished}{of} {rounds} finished{cut}, "
        f"{steps} step{'s' * (steps != 1)} recorded; started {started}{policy}"
    )


class ResumeDialog(QDialog):
    """The attempts a stopped app left in progress: resume one (when its policy allows) or
    abandon it (final). ``chosen`` is the attempt to resume, if any."""

    def __init__(
        self,
        attempts: list[AttemptRecord],
        lessons: Mapping[str, Lesson],
        abandon: Callable[[AttemptRecord], object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Unfinished work")
        self.setObjectName("resumeDialog")
        self.lessons = lessons
        self.abandon_attempt = abandon
        self.chosen: AttemptRecord | None = None
        heading = QLabel(
            "<h2>Unfinished work</h2>The trainer stopped before these were finished. Every step "
            "you took is recorded. Resume one to go on from its next round, or abandon it."
        )
        heading.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("interrupted")
        self.list.setAccessibleName("Unfinished attempts")
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(lambda *_: self._update())
        self.list.itemActivated.connect(lambda _item: self.resume())
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.resume_button = _button("&Resume")
        self.resume_button.setObjectName("resumeAttempt")
        self.resume_button.clicked.connect(self.resume)
        self.abandon_button = _button("A&bandon (final)")
        self.abandon_button.setObjectName("abandonAttempt")
        self.abandon_button.clicked.connect(self.abandon)
        later = _button("&Later")
        later.setToolTip("Leave them in progress; they are offered again at the next start")
        later.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.abandon_button)
        buttons.addStretch(1)
        buttons.addWidget(later)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        self.resize(620, 360)
        for attempt in attempts:
            item = QListWidgetItem(attempt_line(attempt, lessons))
            item.setData(RECORD_ROLE, attempt)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.setFocus()
        self._update()

    def selected(self) -> AttemptRecord | None:
        from dealer_trainer.store.records import AttemptRecord

        item = self.list.currentItem()
        record = item.data(RECORD_ROLE) if item is not None else None
        return record if isinstance(record, AttemptRecord) else None

    def _update(self) -> None:
        attempt = self.selected()
        self.resume_button.setEnabled(attempt is not None and attempt.may_resume)
        self.abandon_button.setEnabled(attempt is not None)
        if attempt is None:
            self.note.setText("")
        elif not attempt.may_resume:
            self.note.setText(
                f'<span style="color:{ERROR}">This exam may not be resumed (the exam file does '
                "not allow it): abandon it. It counts as one of the attempts.</span>"
            )
        elif attempt.mode == EXAM:
            self.note.setText(
                "Resuming an exam needs the examiner's password. The round cut short is graded "
                "from the steps recorded; the exam goes on with the next round."
            )
        else:
            self.note.setText("A round cut short does not count; you go on with the next round.")

    def resume(self) -> None:
        attempt = self.selected()
        if attempt is not None and attempt.may_resume:
            self.chosen = attempt
            self.accept()

    def abandon(self) -> None:
        attempt = self.selected()
        item = self.list.currentItem()
        if attempt is None or item is None:
            return
        self.abandon_attempt(attempt)
        self.list.takeItem(self.list.row(item))
        if not self.list.count():
            self.reject()
            return
        self._update()
