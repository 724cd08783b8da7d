"""The practice log on disk and the runs that fill it: a lesson's rounds in order, adaptive
practice from the weakest skills, every graded round written before the next is dealt."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from curriculum_support import perfect_grade as perfect

from dealer_trainer.curriculum.lessons import check_lesson, load_lesson
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.progress import ProgressFile, default_log_path
from dealer_trainer.curriculum.run import (
    Dealt,
    LessonRun,
    MistakesRun,
    lesson_status,
    lesson_summary,
)
from dealer_trainer.curriculum.scheduler import RoundRecord, SkillResult
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.forms.closed_table import (
    ClosedTableSituation,
    correct_form,
    grade_closed_table_form,
)
from dealer_trainer.practice.rounds import DealtRound

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
        dealt = run.next_item()
        assert isinstance(dealt, DealtRound)
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
    dealt = [run.next_item() for _ in range(lesson.round_count)]
    assert all(isinstance(d, DealtRound) for d in dealt)
    assert run.next_item() is None
    seeds = {d.setup.seed for d in dealt if isinstance(d, DealtRound)}
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
        assert run.next_item() is not None and isinstance(run.current, Dealt)
        picks.append(weak in run.current.lesson.skills)
    assert sum(picks) >= 30, "lessons training the weak skill come up far more often"
    assert isinstance(run.current, Dealt)
    run.record(perfect(run.current.round))
    assert len(ProgressFile.open().log.rounds) == 7


def test_a_lesson_can_set_closed_table_forms_between_rounds(tmp_path: Path) -> None:
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
    run = LessonRun(lesson, ProgressFile.open())
    first = run.next_item()
    assert isinstance(first, DealtRound)
    run.record(perfect(first))
    forms = [run.next_item(), run.next_item()]
    assert all(isinstance(f, ClosedTableSituation) for f in forms)
    assert {f.game for f in forms if isinstance(f, ClosedTableSituation)} == {"Let It Ride Poker"}
    assert forms[0] != forms[1]
    situation = forms[1]
    assert isinstance(situation, ClosedTableSituation)
    wrong = replace(correct_form(situation), required=not situation.form_required)
    run.record_form(grade_closed_table_form(situation, wrong))
    assert run.next_item() is None
    log = ProgressFile.open().log
    assert log.accuracies("lir-closing") == [100.0, 0.0]
    assert log.rounds[-1].results == (SkillResult(Skill.TABLE_PAPERWORK, False),)


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
