"""Which exams a trainee has been assigned: the store's verified, open assignments matched to
the exam files of the course.

An assignment names an exam by its lesson id and the SHA-256 of its file when it was assigned
(``lesson_sha256``). An exam file changed since (new rounds, another pass mark) is not the exam
that was assigned: the assignment is not offered, and the instructor's list says so, so the
instructor assigns the exam again as it now stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from msgspec import Struct

from dealer_trainer.curriculum.lessons import Lesson, LessonEntry
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.store.errors import DatabaseError
from dealer_trainer.store.sources import sha256_text

if TYPE_CHECKING:
    from dealer_trainer.store.assignments import AssignmentRecord


def lesson_sha256(lesson: Lesson) -> str:
    """The SHA-256 of the exam file's text, as an assignment names its version ("" when the
    file can no longer be read)."""
    try:
        return sha256_text(lesson.path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""


class AssignedExam(Struct, frozen=True):
    lesson: Lesson
    assignment: AssignmentRecord

    def due_text(self, today: date) -> str:
        """ "due 24 December 2026", "overdue since ..." or "no due date"."""
        due = self.assignment.due
        if due is None:
            return "no due date"
        day = f"{due.day} {due:%B %Y}"
        return f"overdue: it was due {day}" if today > due else f"due {day}"


def exams_by_id(entries: Sequence[LessonEntry]) -> dict[str, Lesson]:
    return {
        e.lesson.id: e.lesson for e in entries if e.ok and e.lesson is not None and e.lesson.exam
    }


def version_matches(lesson: Lesson, assignment: AssignmentRecord) -> bool:
    return lesson_sha256(lesson) == assignment.assignment.lesson_sha256


def assigned_exams(
    entries: Sequence[LessonEntry], progress: TraineeProgress | None
) -> list[AssignedExam]:
    """The logged-in trainee's open assignments that verify, of exams in this course as they
    were assigned, the one due first first (those without a due date last). None when the
    records cannot be read: the start screen then offers no exam."""
    if progress is None:
        return []
    try:
        found = progress.store.assignments(trainee_id=progress.trainee.id)
    except DatabaseError:
        return []
    exams = exams_by_id(entries)
    offered = [
        AssignedExam(exams[a.lesson_id], a)
        for a in found
        if a.counts and a.lesson_id in exams and version_matches(exams[a.lesson_id], a)
    ]
    return sorted(
        offered,
        key=lambda x: (x.assignment.due is None, x.assignment.due or date.max, x.lesson.title),
    )
