"""Adaptive practice: skills logged from graded rounds, Leitner boxes, and the next round
drawn toward the weakest skills until the lessons are mastered."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from curriculum_support import DATA, VALID, perfect_grade, replaced, write
from golden_support import perfect_log
from msgspec.structs import replace

from dealer_trainer.curriculum.lessons import Lesson, load_lesson
from dealer_trainer.curriculum.scheduler import (
    BOXES,
    Drill,
    PracticeLog,
    RoundRecord,
    SkillResult,
    choose_next,
    drill_weight,
    drills,
    graded_skills,
    leitner_boxes,
    record_round,
)
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import grade_log
from dealer_trainer.practice.rounds import DealtRound, load_round

ROOT = Path(__file__).resolve().parents[2]
FLOORPERSON_ROUND = ROOT / "tests" / "golden" / "uth" / "fchb_four_of_a_kind_player.toml"


def result(skill: Skill, correct: bool, lesson: str = "l") -> RoundRecord:
    return RoundRecord(lesson, 100.0 if correct else 0.0, (SkillResult(skill, correct),))


def lesson_with(tmp_path: Path, id_: str, skills: str, rounds: int = 20) -> Lesson:
    text = replaced(VALID, 'id = "valid-lesson"', f'id = "{id_}"')
    text = replaced(text, 'skills = ["base payout", "paytable reading"]', f"skills = [{skills}]")
    text = replaced(
        text, "level = 1", f"level = 1\nmastery = {{ rounds = {rounds}, over_last = 2 }}"
    )
    return load_lesson(write(tmp_path, f"{id_}.toml", text))


@pytest.fixture(scope="module")
def floorperson_round() -> DealtRound:
    return load_round(FLOORPERSON_ROUND)


# --- logging -----------------------------------------------------------------------------------


def test_a_perfect_round_logs_every_exercised_skill_right(floorperson_round: DealtRound) -> None:
    record = record_round("uth", floorperson_round.procedure, perfect_grade(floorperson_round))
    assert record.accuracy == 100.0
    assert all(r.correct for r in record.results)
    skills = {r.skill for r in record.results}
    assert {Skill.FLOORPERSON_CALL, Skill.VERIFY_HAND, Skill.BASE_PAYOUT} <= skills
    assert Skill.SPEED not in skills  # untimed


def test_a_skipped_floorperson_call_is_logged_against_it(floorperson_round: DealtRound) -> None:
    steps = [s for s in floorperson_round.procedure if s.action is not Action.CALL_FLOORPERSON]
    grade = grade_log(floorperson_round.procedure, perfect_log(steps))
    outcome = {r.skill: r.correct for r in graded_skills(floorperson_round.procedure, grade)}
    assert outcome[Skill.FLOORPERSON_CALL] is False
    assert outcome[Skill.BASE_PAYOUT] is True


def test_a_wrong_amount_and_an_uncalled_action(floorperson_round: DealtRound) -> None:
    procedure = floorperson_round.procedure
    log = perfect_log(list(procedure))
    ante = next(i for i, s in enumerate(procedure) if s.spot.label == "Ante" and s.amount)
    log[ante] = replace(log[ante], amount=(log[ante].amount or Decimal(0)) + 1)
    log.append(replace(log[-1], action=Action.COLLECT_COMMISSION, amount=Decimal(1)))
    grade = grade_log(procedure, log, not_called_for=floorperson_round.not_called_for)
    outcome = {r.skill: r.correct for r in graded_skills(procedure, grade)}
    assert outcome[Skill.BASE_PAYOUT] is False
    assert outcome[Skill.COMMISSION] is False  # nothing called for the vigorish
    assert outcome[Skill.FLOORPERSON_CALL] is True


def test_a_timed_round_logs_speed(floorperson_round: DealtRound) -> None:
    procedure = floorperson_round.procedure
    slow = grade_log(procedure, perfect_log(list(procedure)), seconds=100, time_limit=60)
    fast = grade_log(procedure, perfect_log(list(procedure)), seconds=30, time_limit=60)
    assert SkillResult(Skill.SPEED, False) in graded_skills(procedure, slow)
    assert SkillResult(Skill.SPEED, True) in graded_skills(procedure, fast)


def test_the_log_round_trips_through_json(floorperson_round: DealtRound) -> None:
    record = record_round("uth", floorperson_round.procedure, perfect_grade(floorperson_round), 2)
    log = PracticeLog().with_round(record).with_round(result(Skill.ENVY, False))
    text = json.dumps(log.to_json())
    assert PracticeLog.from_json(json.loads(text)) == log


# --- Leitner boxes -------------------------------------------------------------------------------


def test_right_moves_up_one_box_and_wrong_goes_back_to_box_one() -> None:
    log = PracticeLog(tuple(result(Skill.ENVY, True) for _ in range(3)))
    assert leitner_boxes(log) == {Skill.ENVY: 4}
    assert leitner_boxes(log.with_round(result(Skill.ENVY, False))) == {Skill.ENVY: 1}
    many = PracticeLog(tuple(result(Skill.ENVY, True) for _ in range(10)))
    assert leitner_boxes(many) == {Skill.ENVY: BOXES}


def test_a_round_moves_a_skill_once(floorperson_round: DealtRound) -> None:
    record = record_round("uth", floorperson_round.procedure, perfect_grade(floorperson_round))
    assert Counter(r.skill for r in record.results).most_common(1)[0][1] == 1
    assert set(leitner_boxes([record]).values()) == {2}


# --- choosing the next round ---------------------------------------------------------------------


def test_generated_blocks_are_the_candidates() -> None:
    lesson = load_lesson(DATA / "timed_drill_inline_table.toml")
    assert [d.block_index for d in drills([lesson])] == [1, 2]


def test_weights_follow_the_weakest_skill(tmp_path: Path) -> None:
    lesson = lesson_with(tmp_path, "a", '"Envy", "base payout"')
    drill = Drill(lesson, 0)
    assert drill_weight(drill, {}) == 16  # never practised: box 1
    assert drill_weight(drill, {Skill.ENVY: 5, Skill.BASE_PAYOUT: 5}) == 1
    assert drill_weight(drill, {Skill.ENVY: 5, Skill.BASE_PAYOUT: 3}) == 4


def test_the_choice_is_deterministic_and_favours_weak_skills(tmp_path: Path) -> None:
    envy = lesson_with(tmp_path, "envy", '"Envy"')
    base = lesson_with(tmp_path, "base", '"base payout"')
    log = PracticeLog(
        (*(result(Skill.BASE_PAYOUT, True) for _ in range(4)), result(Skill.ENVY, False))
    )
    picks = [choose_next([envy, base], log, seed) for seed in range(200)]
    assert picks == [choose_next([envy, base], log, seed) for seed in range(200)]
    chosen = Counter(p.drill.lesson.id for p in picks if p is not None)
    assert chosen["envy"] > 10 * chosen["base"]  # 16 : 1 by the rule
    assert chosen["base"] > 0


def test_a_pick_deals_a_round_of_its_block(tmp_path: Path) -> None:
    lesson = lesson_with(tmp_path, "a", '"Envy"')
    pick = choose_next([lesson], PracticeLog(), seed=5)
    assert pick is not None
    round_ = pick.deal()
    assert {s.seat for s in round_.setup.seats} == {2, 5}
    assert round_.setup.seed == pick.seed
    assert perfect_grade(round_).perfect


def test_adaptive_practice_stops_once_every_lesson_is_mastered(tmp_path: Path) -> None:
    a = lesson_with(tmp_path, "a", '"Envy"', rounds=2)
    b = lesson_with(tmp_path, "b", '"base payout"', rounds=2)
    log = PracticeLog()
    for lesson_id in ("a", "a"):
        log = log.with_round(result(Skill.ENVY, True, lesson_id))
    picks = {choose_next([a, b], log, seed).drill.lesson.id for seed in range(20)}  # type: ignore[union-attr]
    assert picks == {"b"}
    for _ in range(2):
        log = log.with_round(result(Skill.BASE_PAYOUT, True, "b"))
    assert choose_next([a, b], log, 1) is None


def test_a_session_of_perfect_rounds_masters_its_lesson(tmp_path: Path) -> None:
    """Play what the scheduler picks, perfectly, until it has nothing left to offer."""
    lessons = [
        lesson_with(tmp_path, "a", '"Envy"', rounds=3),
        lesson_with(tmp_path, "b", '"base payout"', rounds=3),
    ]
    log = PracticeLog()
    for _ in range(20):
        pick = choose_next(lessons, log, seed=11)
        if pick is None:
            break
        round_ = pick.deal()
        record = record_round(pick.drill.lesson.id, round_.procedure, perfect_grade(round_))
        log = log.with_round(record)
    assert choose_next(lessons, log, seed=11) is None
    assert len(log.rounds) == 6
