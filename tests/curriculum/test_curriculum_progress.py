"""The practice log on disk and the runs that fill it: a lesson's rounds in order, adaptive
practice from the weakest skills, every graded round written before the next is dealt."""

from __future__ import annotations

import json
from pathlib import Path

from curriculum_support import perfect_grade as perfect

from dealer_trainer.curriculum.lessons import load_lesson
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.progress import ProgressFile, default_log_path
from dealer_trainer.curriculum.run import LessonRun, MistakesRun, lesson_status, lesson_summary
from dealer_trainer.curriculum.scheduler import RoundRecord, SkillResult
from dealer_trainer.curriculum.skills import Skill

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
FIRST = LESSONS / "uth" / "01_first_settlement.toml"


def test_the_log_lives_where_the_setting_says(practice_log: Path) -> None:
    assert default_log_path() == practice_log
    progress = ProgressFile.open()
    assert progress.log.rounds == () and progress.warning == ""


def test_each_graded_round_is_on_disk_before_the_next_is_dealt(practice_log: Path) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, ProgressFile.open())
    assert lesson_status(lesson, run.progress) is MasteryStatus.NOT_STARTED
    for played in range(1, 4):
        dealt = run.next_round()
        assert dealt is not None
        run.record(perfect(dealt))
        on_disk = json.loads(practice_log.read_text(encoding="utf-8"))
        assert len(on_disk["rounds"]) == played
        assert on_disk["rounds"][-1]["lesson"] == lesson.id
        assert on_disk["rounds"][-1]["accuracy"] == 100
    reopened = ProgressFile.open()
    assert reopened.log.accuracies(lesson.id) == [100, 100, 100]
    assert lesson_status(lesson, reopened) is MasteryStatus.IN_PROGRESS
    assert lesson_summary(lesson, reopened).startswith("3 rounds")


def test_a_lesson_runs_out_of_rounds(practice_log: Path) -> None:
    lesson = load_lesson(FIRST)
    run = LessonRun(lesson, ProgressFile.open())
    dealt = [run.next_round() for _ in range(lesson.round_count)]
    assert all(d is not None for d in dealt)
    assert run.next_round() is None
    seeds = {d.setup.seed for d in dealt if d is not None}
    assert len(seeds) == lesson.round_count, "every round of a block is a different deal"


def test_an_unreadable_log_is_kept_aside_and_a_new_one_started(practice_log: Path) -> None:
    practice_log.write_text("{ not json", encoding="utf-8")
    progress = ProgressFile.open()
    assert progress.log.rounds == ()
    assert "could not be read" in progress.warning and "unreadable" in progress.warning
    assert practice_log.with_name("practice_log.unreadable.json").exists()


def test_my_mistakes_deals_from_the_lessons_whose_skills_were_wrong(practice_log: Path) -> None:
    lessons = [load_lesson(path) for path in sorted((LESSONS / "uth").glob("0*.toml"))]
    weak = Skill.DEALER_QUALIFICATION
    assert any(weak in lesson.skills for lesson in lessons)
    assert any(weak not in lesson.skills for lesson in lessons)
    progress = ProgressFile.open()
    learnt = tuple(SkillResult(skill, True) for skill in Skill if skill is not weak)
    for _ in range(5):
        progress.add(RoundRecord(lessons[0].id, 100.0, learnt))
    progress.add(RoundRecord(lessons[0].id, 80.0, (SkillResult(weak, False),)))
    run = MistakesRun(lessons, progress, seed=0)
    assert run.weakest(1) == [(weak, 1)]
    picks = []
    for seed in range(40):
        run = MistakesRun(lessons, progress, seed=seed)
        assert run.next_round() is not None and run.current is not None
        picks.append(weak in run.current.lesson.skills)
    assert sum(picks) >= 30, "lessons training the weak skill come up far more often"
    run.record(perfect(run.current.round))
    assert len(ProgressFile.open().log.rounds) == 7
