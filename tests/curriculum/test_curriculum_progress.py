"""The trainee's records in the store are the curriculum's source of truth: each round of a
lesson is committed step by step as it is played, statuses and "my mistakes" are read back
from the store (after a restart too), and a lesson cut short goes on from its next round."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from msgspec.structs import replace
from records_support import play_all, settle

from dealer_trainer.curriculum.lessons import check_lesson, load_lesson
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import (
    MISTAKES,
    PlayedRound,
    TraineeProgress,
    grade_of_json,
)
from dealer_trainer.curriculum.run import (
    Dealt,
    LessonRun,
    MistakesRun,
    lesson_status,
    lesson_summary,
)
from dealer_trainer.curriculum.scheduler import SkillResult, graded_skills, leitner_boxes
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.forms.closed_table import (
    ClosedTableSituation,
    correct_form,
    grade_closed_table_form,
)
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.store import Status, Store, open_store
from dealer_trainer.store.replay import regrade_form

LESSONS = shipped_lessons()
FIRST = LESSONS / "uth" / "01_first_settlement.toml"


@pytest.fixture
def progress(store: Store) -> TraineeProgress:
    return TraineeProgress(store, store.add_trainee("Ann Lee", "Spring 2026"))


def test_each_step_is_in_the_store_as_it_is_judged(
    progress: TraineeProgress, records_database: str
) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, progress)
    assert lesson_status(lesson, progress) is MasteryStatus.NOT_STARTED
    other = open_store(records_database)  # another connection: the app after a restart
    seen: list[int] = []

    def check(_judgement: object) -> None:
        assert run.recorder is not None and run.recorder.attempt_id is not None
        seen.append(len(other.attempt(run.recorder.attempt_id).steps))

    item = run.next_item()
    assert isinstance(item, DealtRound)
    settled = settle(run, item, wrong_amount_at={2}, on_step=check)
    other.close()
    assert seen == list(range(1, len(settled.judgements) + 1))
    assert run.recorder is not None and run.recorder.attempt_id is not None
    record = progress.store.attempt(run.recorder.attempt_id)
    assert (record.lesson_id, record.mode, record.status) == (
        lesson.id,
        "learn",
        Status.IN_PROGRESS,
    )
    assert record.rounds[0].grade == settled.grade.to_json()
    assert record.rounds[0].source.seed == lesson.blocks[0].seed  # type: ignore[union-attr]
    assert [s.verdict for s in record.steps].count("wrong amount") == 1
    run.close()
    assert progress.store.attempt(record.id).status is Status.SUBMITTED


def test_statuses_come_from_the_store_after_a_restart(
    progress: TraineeProgress, store: Store
) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, progress)
    for _ in range(3):
        item = run.next_item()
        assert isinstance(item, DealtRound)
        settle(run, item)
    run.close()
    assert progress.accuracies(lesson.id) == [100.0, 100.0, 100.0]
    reopened = TraineeProgress(store, progress.trainee)
    assert reopened.accuracies(lesson.id) == [100.0, 100.0, 100.0]
    assert lesson_status(lesson, reopened) is MasteryStatus.IN_PROGRESS
    assert lesson_summary(lesson, reopened).startswith("3 rounds")
    someone_else = TraineeProgress(store, store.add_trainee("Bob Ray"))
    assert lesson_status(lesson, someone_else) is MasteryStatus.NOT_STARTED


def test_skills_read_back_from_the_store_equal_the_live_ones(
    progress: TraineeProgress, store: Store
) -> None:
    """A round played before this run of the app is dealt again for its skills: they match
    what the live session said."""
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, progress)
    item = run.next_item()
    assert isinstance(item, DealtRound)
    settled = settle(run, item, wrong_amount_at={1, 3})
    live = graded_skills(item.procedure, settled.grade)
    assert any(not r.correct for r in live)
    assert progress.log().rounds[-1].results == live
    reopened = TraineeProgress(store, progress.trainee)
    assert reopened.rounds[-1].skills is None, "not worked out until needed"
    assert reopened.log().rounds[-1].results == live
    assert reopened.warning == ""
    stored = store.attempts(progress.trainee.id)[0].rounds[0].grade
    assert stored is not None
    assert grade_of_json(item.procedure, item.spots, stored) == settled.grade


def test_a_lesson_runs_out_of_rounds() -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, None)
    dealt = [run.next_item() for _ in range(lesson.round_count)]
    assert all(isinstance(d, DealtRound) for d in dealt)
    assert run.next_item() is None
    seeds = {d.setup.seed for d in dealt if isinstance(d, DealtRound)}
    assert len(seeds) == lesson.round_count, "every round of a block is a different deal"


def test_a_lesson_cut_short_goes_on_from_its_next_round(
    progress: TraineeProgress, store: Store
) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, progress)
    first = run.next_item()
    assert isinstance(first, DealtRound)
    settle(run, first)
    second = run.next_item()
    assert isinstance(second, DealtRound)
    settle(run, second, stop_after=2)  # the app stops mid-round
    (interrupted,) = progress.interrupted()
    assert interrupted.may_resume and len(interrupted.rounds) == 2

    resumed = LessonRun(lesson, progress, resume=store.resume_attempt(interrupted.id))
    assert resumed.played == 2
    third = resumed.next_item()
    assert isinstance(third, DealtRound)
    assert third.setup.seed == lesson.blocks[0].seed + 2  # type: ignore[union-attr]
    settle(resumed, third)
    record = resumed.close()
    assert record is not None and record.id == interrupted.id
    assert [r.grade is not None for r in record.rounds] == [True, False, True]
    assert len(record.steps) > len(interrupted.steps)
    assert TraineeProgress(store, progress.trainee).accuracies(lesson.id) == [100.0, 100.0]


def test_my_mistakes_deals_from_the_lessons_whose_skills_were_wrong(
    progress: TraineeProgress,
) -> None:
    lessons = [load_lesson(path) for path in sorted((LESSONS / "uth").glob("0*.toml"))]
    weak = Skill.DEALER_QUALIFICATION
    assert any(weak in lesson.skills for lesson in lessons)
    assert any(weak not in lesson.skills for lesson in lessons)
    learnt = tuple(SkillResult(skill, True) for skill in Skill if skill is not weak)
    now = datetime.now(UTC)
    for k in range(5):
        progress.add(PlayedRound("old", k, lessons[0].id, "learn", 100.0, now, skills=learnt))
    progress.add(
        PlayedRound("old", 9, lessons[0].id, "learn", 80.0, now, skills=(SkillResult(weak, False),))
    )
    run = MistakesRun(lessons, progress, seed=0)
    assert run.weakest(1) == [(weak, 1)]
    assert all(lesson.mode.value != "exam" for lesson in run.lessons), "no exam is practised"
    picks = []
    for seed in range(40):
        run = MistakesRun(lessons, progress, seed=seed)
        assert run.next_item() is not None and isinstance(run.current, Dealt)
        picks.append(weak in run.current.lesson.skills)
    assert sum(picks) >= 30, "lessons training the weak skill come up far more often"
    assert isinstance(run.current, Dealt)
    lesson, origin = run.current.lesson, run.current.origin
    settle(run, run.current.round)
    (attempt,) = progress.store.attempts(progress.trainee.id)
    assert (attempt.lesson_id, attempt.mode, attempt.status) == (
        lesson.id,
        MISTAKES,
        Status.SUBMITTED,
    )
    assert attempt.rounds[0].source == origin, "the pick's seed is recorded with the round"
    assert progress.accuracies(lesson.id)[-1] == 100.0, "it counts for its own lesson"


def test_a_lesson_can_set_closed_table_forms_between_rounds(
    tmp_path: Path, progress: TraineeProgress, records_database: str
) -> None:
    table = (LESSONS / "tables" / "let_it_ride_plain.toml").as_posix()
    path = tmp_path / "closing.toml"
    path.write_text(
        f"""id = "lir-closing"
title = "Closing the pit"
description = "Settle a round, then the paperwork for the tables that stayed closed."
game = "Let It Ride Poker"
level = 9
table = "{table}"
mode = "practice"
skills = ["base payout", "table paperwork"]

[[rounds]]
generate = 1
seats = [3]

[[rounds]]
form = "closed table form"
generate = 2
""",
        encoding="utf-8",
    )
    lesson = load_lesson(path)
    assert lesson.round_count == 3
    run = LessonRun(lesson, progress)
    first = run.next_item()
    assert isinstance(first, DealtRound)
    settle(run, first)
    forms = [run.next_item(), run.next_item()]
    assert all(isinstance(f, ClosedTableSituation) for f in forms)
    assert {f.game for f in forms if isinstance(f, ClosedTableSituation)} == {"Let It Ride Poker"}
    assert forms[0] != forms[1]
    situation = forms[1]
    assert isinstance(situation, ClosedTableSituation)
    wrong = replace(correct_form(situation), required=not situation.form_required)
    grade = run.record_form(wrong)
    assert grade == grade_closed_table_form(situation, wrong) and not grade.perfect
    assert run.played == 2, "the round and the form completed"
    assert run.next_item() is None

    # The form is in the records: after a restart it counts for the lesson and its skill.
    again = TraineeProgress(open_store(records_database), progress.trainee)
    (attempt,) = again.store.attempts(progress.trainee.id)
    (stored,) = attempt.forms
    assert (stored.index, stored.after_round, stored.exercise) == (1, 1, "Closed Table form")
    assert ClosedTableSituation.from_json(stored.situation) == situation
    assert stored.score == grade.score and not stored.perfect
    assert again.accuracies(lesson.id) == [100.0, float(grade.score)]
    assert leitner_boxes(again.log())[Skill.TABLE_PAPERWORK] == 1, "a wrong form: box 1"
    assert regrade_form(stored).matches


def test_a_form_block_takes_only_a_count_and_a_seed(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = FIRST.read_text(encoding="utf-8").replace(
        "seats = [5]", 'seats = [5]\n\n[[rounds]]\nform = "Closed Table form"\nseats = [2]'
    )
    text = text.replace('"../tables/', f'"{(LESSONS / "tables").as_posix()}/')
    path.write_text(text, encoding="utf-8")
    entry = check_lesson(path)
    assert not entry.ok
    assert any(
        "rounds[1]" in line and "generate = N (how many forms)" in line for line in entry.lines()
    ), entry.lines()


def test_play_all_records_one_attempt(progress: TraineeProgress) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, progress)
    assert len(play_all(run)) == lesson.round_count
    record = run.close()
    assert record is not None and record.summary is not None
    assert record.summary.score == 100 and len(record.rounds) == lesson.round_count
