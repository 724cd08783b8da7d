"""When the records database fails while a trainee works: say so, never crash.

Every step is committed as it happens (``curriculum.records.AttemptRecorder``), from the
practice session's events. If the database stops answering mid-round (the SQLite file became
read-only, the disk is full, the school's PostgreSQL server went away) the store raises a
``DatabaseError`` from inside those events, that is from inside a click on the table. The
screen must not die of it, and the person at the table must learn at once that the step was
NOT recorded, in which database (its URL, any password masked), and what to do.

``RecordingGate`` stands between one round's session and the records listening to it and
catches the failure there; ``RecordsFailure`` words the message, and ``show_records_failure``
shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from msgspec import Struct
from PySide6.QtWidgets import QMessageBox, QWidget

from dealer_trainer.curriculum.backlog import GRADE, SIGNOFF, STEP
from dealer_trainer.store.errors import DatabaseError

if TYPE_CHECKING:
    from dealer_trainer.curriculum.backlog import Guard

T = TypeVar("T")

TITLE = "Not recorded: the records database failed"

ROUND = "round"
FORM = "form"
ATTEMPT = "attempt"
EXAM_START = "exam start"
EXAM_SUBMIT = "exam submit"
EXAM_ABANDON = "exam abandon"

HEADLINES = {
    STEP: "This step was NOT recorded",
    SIGNOFF: "The floorperson's sign-off was NOT recorded",
    GRADE: "This round's grade was NOT recorded",
    ROUND: "This round is NOT recorded",
    FORM: "This Closed Table form was NOT recorded",
    ATTEMPT: "The attempt was NOT submitted",
    EXAM_START: "The exam could NOT start",
    EXAM_SUBMIT: "The exam was NOT submitted",
    EXAM_ABANDON: "The exam was NOT abandoned",
}

CHECK = (
    "Ask whoever looks after this station to check the database: free disk space and the "
    "file's permissions, or the school's database server and the network."
)
PRACTICE_ADVICE = (
    "Nothing more of this round is recorded; you may still settle it for practice. "
    + CHECK
    + " Then deal a new round (Ctrl+N): rounds are recorded again as soon as the database "
    "answers."
)
EXAM_ADVICE = (
    "An exam cannot go on unrecorded, so it stops here. Call the examiner. The attempt stays "
    "in progress in the records with every step recorded before this one. "
    + CHECK
    + " Once the database answers, start Dealer Trainer again (or switch trainee, "
    "Ctrl+Shift+U): the interrupted exam is offered to resume, where the exam allows it, or "
    "to abandon."
)
ADVICE = {
    FORM: "Its grade is shown, and the lesson goes on; forms are recorded again as soon as "
    "the database answers. " + CHECK,
    ATTEMPT: "It stays in progress in the records and is offered to resume or abandon the next "
    "time this trainee starts, once the database answers. " + CHECK,
    EXAM_START: "Nothing of the exam was dealt. " + CHECK + " Then start the exam again.",
    EXAM_SUBMIT: "Its rounds are recorded, and the attempt stays in progress, unsigned. "
    + CHECK
    + " Once the database answers, start Dealer Trainer again: the exam is offered to resume "
    "or abandon as the exam allows.",
    EXAM_ABANDON: "It stays in progress in the records and is offered to resume or abandon "
    "the next time this trainee starts, once the database answers. " + CHECK,
}


class RecordsFailure(Struct, frozen=True):
    """What was not written (``STEP``, ``ROUND``, ...), to which database, and why."""

    what: str
    database: str
    error: str
    details: str = ""
    exam: bool = False

    @classmethod
    def of(cls, what: str, error: DatabaseError, exam: bool = False) -> RecordsFailure:
        return cls(what, error.database, error.reason, error.details, exam)

    @property
    def headline(self) -> str:
        return HEADLINES.get(self.what, "Something was NOT recorded") + (
            ", and the exam is stopped." if self.exam else "."
        )

    @property
    def advice(self) -> str:
        if self.exam:
            return EXAM_ADVICE
        return ADVICE.get(self.what, PRACTICE_ADVICE)

    @property
    def informative(self) -> str:
        return f"Database: {self.database}\nError: {self.error}\n\n{self.advice}"

    def text(self) -> str:
        """The whole message as one text (a log line, a test)."""
        return f"{self.headline}\n{self.informative}"


def records_failure_box(failure: RecordsFailure, parent: QWidget | None) -> QMessageBox:
    box = QMessageBox(
        QMessageBox.Icon.Critical, TITLE, failure.headline, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("recordsFailure")
    box.setInformativeText(failure.informative)
    if failure.details:
        box.setDetailedText(failure.details)
    return box


def show_records_failure(failure: RecordsFailure, parent: QWidget | None) -> None:
    records_failure_box(failure, parent).exec()


class RecordingGate:
    """Stands between one round's practice session and the records that listen to it.

    The records wrap each listener they subscribe with ``guard`` (``AttemptRecorder.watch``),
    so they still listen first of all (a step is committed before the screen shows it). The
    first ``DatabaseError`` from the records closes the gate for the rest of the round and
    goes to ``failed`` with what was being recorded; the session and the screen carry on.
    Nothing more of that round is written even if the database answers again: a round with a
    step missing would not replay to its grade."""

    def __init__(self, failed: Callable[[str, DatabaseError], None]) -> None:
        self.open = True
        self._failed = failed

    def watch(self, subscribe: Callable[[Guard], object]) -> bool:
        """Let the records ``subscribe`` through the gate (which records the round's deal at
        once); ``False`` when that failed and the round is not recorded."""
        try:
            subscribe(self.guard)
        except DatabaseError as error:
            self.fail(ROUND, error)
        return self.open

    def guard(self, what: str, listener: Callable[[T], None], /) -> Callable[[T], None]:
        def guarded(value: T) -> None:
            if not self.open:
                return
            try:
                listener(value)
            except DatabaseError as error:
                self.fail(what, error)

        return guarded

    def fail(self, what: str, error: DatabaseError) -> None:
        if self.open:
            self.open = False
            self._failed(what, error)


__all__ = [
    "RecordingGate",
    "RecordsFailure",
    "records_failure_box",
    "show_records_failure",
]
