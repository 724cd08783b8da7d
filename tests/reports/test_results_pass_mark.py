"""Reports judge an exam by the pass mark it was taken under, which is kept (and signed) with
the attempt: a school that raises its pass mark later does not fail yesterday's candidates, and
a result stays a result when its exam file is gone from the course."""

from __future__ import annotations

from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.reports.results import LessonInfo, exam_result, pass_mark, verdict
from dealer_trainer.store import Status, Store
from dealer_trainer.store.records import AttemptRecord, Summary


def _exam(store: Store, mark: Decimal | None, score: str) -> AttemptRecord:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(
        trainee.id,
        "uth-exam",
        "Ultimate Texas Hold 'Em",
        "exam",
        requires_signature=False,
        pass_mark=mark,
        rounds_required=None if mark is None else 0,
    )
    record = store.finish_attempt(attempt)
    summary = Summary(Decimal(score), Decimal(score), Decimal(score), 60.0, {})
    return replace(record, summary=summary)


CATALOG = {"uth-exam": LessonInfo("uth-exam", "Exam", "Ultimate Texas Hold 'Em", "exam", 95.0, 0)}


def test_the_stored_pass_mark_is_the_one_that_counts(store: Store) -> None:
    record = _exam(store, Decimal("90"), "92.5")
    assert record.status is Status.SUBMITTED
    assert pass_mark(record, CATALOG) == 90, "not the file's 95"
    assert verdict(record, CATALOG) == "passed"
    assert verdict(record, {}) == "passed", "the exam file left the course: still a result"


def test_an_exam_recorded_before_pass_marks_were_kept_uses_the_file(store: Store) -> None:
    record = _exam(store, None, "92.5")
    assert pass_mark(record, CATALOG) == 95
    assert verdict(record, CATALOG) == "failed"
    assert exam_result(record, {}) is None
