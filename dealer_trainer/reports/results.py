"""An attempt as a result: which lesson or exam it was, whether it passed, whether it verifies.

The pass mark and the number of rounds are kept with each exam attempt (revision 3); older
attempts stored only the lesson's id, so they are read against the course's lessons
(``lesson_catalog``). An exam's verdict is the curriculum's own (``curriculum.run.ExamResult``),
the one the candidate was shown. Whether a result verifies is ``store.verify``'s check, with
the school's keys.

What the dashboard, the class CSV and the reports print is ``vouch``'s record: for a signed
result whose signature holds, every field is read from the signed document, so a column edited
at a station changes nothing printed (the check names it instead); and an exam counts as passed
only when its signed result verifies.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.curriculum.lessons import LESSONS, load_lessons
from dealer_trainer.curriculum.run import ExamResult
from dealer_trainer.store.crypto import KeyRing, PublicKeys
from dealer_trainer.store.document import record_from_document
from dealer_trainer.store.records import AttemptRecord, Status
from dealer_trainer.store.verify import Check, check_attempt, signed_copy

EXAM = "exam"


class LessonInfo(Struct, frozen=True):
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


class Vouched(Struct, frozen=True):
    """An attempt as the school can vouch for it (``vouch``)."""

    record: AttemptRecord
    """The signed document's attempt when its signature holds (with the database ids of the
    live row), the live records otherwise."""
    check: Check | None
    """``store.verify``'s check; None when no keys were at hand."""

    @property
    def verified(self) -> bool:
        return self.check is not None and self.check.ok and self.check.signed

    @property
    def verification(self) -> str:
        """``verified``, ``EDITED: ...``, ``unsigned`` or ``not checked``."""
        if self.check is None:
            return "not checked"
        if not self.check.ok:
            return "EDITED: " + "; ".join(self.check.problems)
        return "verified" if self.check.signed else "unsigned"


def vouch(record: AttemptRecord, keys: KeyRing | PublicKeys | None) -> Vouched:
    """The attempt to print: read from its signed document when the signature holds."""
    if keys is None:
        return Vouched(record, None)
    check = check_attempt(record, keys)
    text = signed_copy(record, keys)
    if text is None:
        return Vouched(record, check)
    try:
        signed = record_from_document(json.loads(text))
    except (KeyError, TypeError, ValueError):
        return Vouched(record, check)
    shown = replace(
        signed,
        id=record.id,
        trainee=replace(record.trainee, uid=signed.trainee.uid, name=signed.trainee.name),
        key_id=record.key_id,
        signature=record.signature,
        signed_result=record.signed_result,
        links=record.links,
    )
    return Vouched(shown, check)


def verdict(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> str:
    """``passed``/``failed``/... for an exam, the status otherwise."""
    result = exam_result(record, catalog)
    return result.verdict if result is not None else record.status.value


def vouched_verdict(vouched: Vouched, catalog: Mapping[str, LessonInfo]) -> str:
    """The verdict the school stands behind: an exam whose result does not verify is not
    passed, whatever its columns say."""
    record = vouched.record
    found = verdict(record, catalog)
    if exam_result(record, catalog) is None or record.status is Status.IN_PROGRESS:
        return found
    if vouched.check is None:
        return f"{found} (not checked)"
    if not vouched.verified:
        return "not verified" if vouched.check.ok else "EDITED"
    return found


def vouched_pass(vouched: Vouched, catalog: Mapping[str, LessonInfo]) -> bool:
    """Whether the exam passed as its verified signed result says (False when it does not
    verify)."""
    result = exam_result(vouched.record, catalog)
    return result is not None and vouched.verified and result.passed


def pass_mark(record: AttemptRecord, catalog: Mapping[str, LessonInfo]) -> float | None:
    result = exam_result(record, catalog)
    return None if result is None else result.pass_mark


def is_result(record: AttemptRecord) -> bool:
    """Submitted or abandoned: an attempt in progress is not a result yet."""
    return record.status is not Status.IN_PROGRESS


def checks(records: Iterable[AttemptRecord], keys: KeyRing) -> dict[int, Check]:
    return {r.id: check_attempt(r, keys) for r in records}
