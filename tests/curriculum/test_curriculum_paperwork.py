"""Paperwork is recorded like settlement: each Closed Table form of a lesson is committed to the
store with its situation, entries and grade, counts towards the lesson's mastery and the
"table paperwork" skill's Leitner box (after a restart too), and comes back in "my mistakes"
when it was done wrong. Exams keep the pass mark they were taken under, signed."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from msgspec.structs import replace
from records_support import exam_file, play_all

from dealer_trainer.curriculum.lessons import Lesson, load_lesson
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import MISTAKES, TraineeProgress
from dealer_trainer.curriculum.run import (
    FormDealt,
    LessonRun,
    MistakesRun,
    exam_result,
    lesson_status,
)
from dealer_trainer.curriculum.scheduler import leitner_boxes
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.forms.closed_table import ClosedTableSituation, correct_form
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.store import KeyRing, Status, Store, open_store
from dealer_trainer.store.replay import replay

LESSONS = shipped_lessons()
PAPERWORK = LESSONS / "uth" / "10_closed_table_form.toml"
FIRST = LESSONS / "uth" / "01_first_settlement.toml"
PASSWORD = "correct horse battery"


@pytest.fixture
def progress(store: Store) -> TraineeProgress:
    return TraineeProgress(store, store.add_trainee("Ann Lee", "Spring 2026"))


def fill_forms(run: LessonRun | MistakesRun, *, wrong: bool = False) -> list[ClosedTableSituation]:
    """Complete every form the run asks for: right, or with today's date as "last opened"."""
    done = []
    while isinstance(item := run.next_item(), ClosedTableSituation):
        form = correct_form(item)
        if wrong:
            form = replace(form, required=not item.form_required)
        grade = run.record_form(form)
        assert grade is not None and grade.perfect is not wrong
        done.append(item)
        if isinstance(run, MistakesRun):
            break
    return done


def test_the_shipped_paperwork_lesson_is_mastered_by_correct_forms(
    progress: TraineeProgress, records_database: str
) -> None:
    lesson = load_lesson(PAPERWORK)
    run = LessonRun(lesson, progress)
    done = fill_forms(run)
    assert len(done) == lesson.round_count == 5
    record = run.close()
    assert record is not None and record.status is Status.SUBMITTED
    assert [f.index for f in record.forms] == [1, 2, 3, 4, 5]
    assert [ClosedTableSituation.from_json(f.situation) for f in record.forms] == done
    assert all(f.score == 100 and f.perfect for f in record.forms)
    assert [f.seed for f in record.forms] == [lesson.blocks[0].seed + k for k in range(5)]
    assert all(f.matches for f in replay(record).forms), "each form grades the same again"

    restarted = TraineeProgress(open_store(records_database), progress.trainee)
    assert lesson_status(lesson, restarted) is MasteryStatus.MASTERED
    assert leitner_boxes(restarted.log())[Skill.TABLE_PAPERWORK] == 5


def test_wrong_forms_keep_the_lesson_in_progress(progress: TraineeProgress) -> None:
    lesson = load_lesson(PAPERWORK)
    run = LessonRun(lesson, progress)
    fill_forms(run, wrong=True)
    record = run.close()
    assert record is not None and all(not f.perfect and f.score < 100 for f in record.forms)
    assert lesson_status(lesson, progress) is MasteryStatus.IN_PROGRESS
    assert leitner_boxes(progress.log())[Skill.TABLE_PAPERWORK] == 1


def _course() -> list[Lesson]:
    return [load_lesson(PAPERWORK), load_lesson(FIRST)]


def test_my_mistakes_brings_back_the_paperwork_done_wrong(progress: TraineeProgress) -> None:
    lessons = _course()
    fill_forms(LessonRun(lessons[0], progress), wrong=True)
    picks = []
    for seed in range(20):
        run = MistakesRun(lessons, progress, seed)
        item = run.next_item()
        picks.append(isinstance(item, ClosedTableSituation))
    # Both lessons' skills sit in box 1 (the first lesson never played): drawn alike.
    assert 4 <= sum(picks) <= 16, picks

    run = MistakesRun(lessons, progress, seed=picks.index(True))
    (situation,) = fill_forms(run)
    assert not isinstance(run.current, FormDealt), "the form was recorded and handed back"
    attempt = progress.store.attempts(progress.trainee.id)[-1]
    assert (attempt.lesson_id, attempt.mode, attempt.status) == (
        "uth-closed-table-form",
        MISTAKES,
        Status.SUBMITTED,
    )
    assert ClosedTableSituation.from_json(attempt.forms[0].situation) == situation
    assert progress.accuracies("uth-closed-table-form")[-1] == 100.0
    assert leitner_boxes(progress.log())[Skill.TABLE_PAPERWORK] == 2, "one right: up a box"


def test_an_exam_is_judged_by_the_pass_mark_it_was_taken_under(
    tmp_path: Path, store: Store
) -> None:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    keys: KeyRing = store.unlock_keys(PASSWORD)
    lesson = load_lesson(exam_file(tmp_path))
    run = LessonRun(lesson, TraineeProgress(store, store.add_trainee("Ann Lee")), keys=keys)
    play_all(run)
    record = run.close()
    assert record is not None and record.signed
    assert (record.pass_mark, record.rounds_required) == (Decimal(90), 3)
    assert record.passed is True and exam_result(lesson, record).passed
    stricter = replace(lesson, pass_mark=100.5)  # the school raises the mark afterwards
    assert exam_result(stricter, record).pass_mark == 90, "the signed mark, not today's file"
