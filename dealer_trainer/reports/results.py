"""An attempt as a result: which lesson or exam it was, whether it passed, whether it verifies.

The pass mark and the number of rounds are kept with each exam attempt (revision 3); older
attempts stored only the lesson's id, so they are read against the course's lessons
(``lesson_catalog``). An exam's verdict is the curriculum's own (``curriculum.run.ExamResult``),
the one the candidate was shown. Whether a result verifies is ``store.verify``'s check, with
the school's keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from dealer_trainer.curriculum.lessons import LESSONS, load_lessons
from dealer_trainer.curriculum.run import ExamResult
from dealer_trainer.store.crypto import KeyRing
from dealer_trainer.store.records import AttemptRecord, Status
from dealer_trainer.store.verify import Check, check_attempt

EXAM = "exam"


@dataclass(frozen=True)
class LessonInfo:
    id: str
    title: str
    game: str
    mode: str
    pass_mark: float | None
    rounds: int


def lesson_catalog(folder: Path = LESSONS) -> dict[str, LessonInfo]:
    """Every usable lesson and exam of the course by id (broken files are left out: the
    course screen lists their problems)."""
    catalog = {}
    for entry in load_lessons(folder):
        lesson = entry.lesson
        if lesson is not None:
            catalog[lesson.id] = LessonInfo(
                lesson.id,
                lesson.title,
                lesson.game,
                lesson.mode.value,
                lesson.pass_mark,
                lesson.round_count,
            )
    return catalog


def title_of(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> str:
    info = catalog.get(record.lesson_id)
    return info.title if info is not None else record.lesson_id


def exam_result(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> ExamResult | None:
    """The attempt against the pass mark it was taken under (kept and signed with it), or the
    exam file's for an attempt recorded before that; None when it is not an exam, or an old
    exam whose file is no longer in the course."""
    if record.mode != EXAM:
        return None
    if record.pass_mark is not None and record.rounds_required is not None:
        return ExamResult(record, float(record.pass_mark), record.rounds_required)
    info = catalog.get(record.lesson_id)
    if info is None or info.pass_mark is None:
        return None
    return ExamResult(record, info.pass_mark, info.rounds)


def verdict(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> str:
    """``passed``/``failed``/... for an exam, the status otherwise."""
    result = exam_result(record, catalog)
    return result.verdict if result is not None else record.status.value


def pass_mark(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> float | None:
    result = exam_result(record, catalog)
    return None if result is None else result.pass_mark


def is_result(record: AttemptRecord) -> bool:
    """Submitted or abandoned: an attempt in progress is not a result yet."""
    return record.status is not Status.IN_PROGRESS


def verification(record: AttemptRecord, keys: KeyRing | None) -> str:
    """``verified``, ``EDITED: ...``, ``unsigned`` or ``not checked`` (no keys at hand)."""
    if keys is None:
        return "not checked"
    check = check_attempt(record, keys)
    if not check.ok:
        return "EDITED: " + "; ".join(check.problems)
    return "verified" if check.signed else "unsigned"


def checks(records: Iterable[AttemptRecord], keys: KeyRing) -> dict[int, Check]:
    return {r.id: check_attempt(r, keys) for r in records}
