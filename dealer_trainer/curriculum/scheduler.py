"""Practice that adapts: log every graded step by skill, and choose the next round by the
skills the trainee gets wrong (Leitner boxes).

The scheduling rule, in full:

1. **Logging.** Each graded round becomes a ``RoundRecord``: the lesson, the round's accuracy
   (its score) and, for every skill the round exercised, whether the trainee got it right. A
   skill is right in a round when every step exercising it was right at the first attempt
   (``skills.judged_skills``: a step done too early counts against the order only, a missed
   step against all its skills, an action nothing called for against its verb's skills); in a
   timed round, ``speed`` is right when the round finished within the limit.
2. **Boxes.** Every skill sits in one of five boxes, replayed from the log in order. A skill
   starts in box 1. After each round, a skill the trainee got wrong goes back to box 1 and a
   skill they got right moves up one box (at most 5). A round moves a skill once, however many
   steps exercised it, so seven right base payouts in one round are one success, not seven.
3. **Choosing.** The candidates are the generated blocks of the lessons not yet mastered
   (``mastery.mastery``), paperwork blocks (the Closed Table form) included; a fixed scenario
   is never a candidate, since replaying one teaches its answer. A candidate's weight is
   ``2 ** (5 - b)``, ``b`` the lowest box among its lesson's skills: a block training a box-1
   skill is drawn 16 times as often as one whose skills all sit in box 5. The draw uses a
   random generator seeded with the session seed and the number of rounds logged, so the same
   log and seed always choose the same round.
4. **Stopping.** When every candidate lesson is mastered there is nothing to choose
   (``None``): adaptive practice ends when the mastery rule is met.

Everything here is a pure function of its arguments; the log is plain data with a JSON form,
stored by whoever owns trainee records.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from msgspec import Struct

from dealer_trainer.curriculum.lessons import FormExercises, GeneratedDeals, Lesson, block_round
from dealer_trainer.curriculum.mastery import MasteryStatus, mastery, round_accuracy
from dealer_trainer.curriculum.skills import ACTION_SKILLS, Skill, judged_skills
from dealer_trainer.engine.grader import Grade, Verdict
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.forms.closed_table import ClosedTableSituation
from dealer_trainer.practice.rounds import DealtRound

BOXES = 5
FIRST_BOX = 1


class SkillResult(Struct, frozen=True):
    skill: Skill
    correct: bool


class RoundRecord(Struct, frozen=True):
    """One graded round as the scheduler remembers it."""

    lesson: str
    accuracy: float
    results: tuple[SkillResult, ...]
    block: int | None = None
    """Which of the lesson's ``[[rounds]]`` entries dealt it, when known."""

    def to_json(self) -> dict[str, Any]:
        return {
            "lesson": self.lesson,
            "block": self.block,
            "accuracy": self.accuracy,
            "results": [{"skill": r.skill.value, "correct": r.correct} for r in self.results],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundRecord:
        return cls(
            lesson=str(data["lesson"]),
            accuracy=float(data["accuracy"]),
            results=tuple(
                SkillResult(Skill.from_text(str(r["skill"])), bool(r["correct"]))
                for r in data["results"]
            ),
            block=None if data.get("block") is None else int(data["block"]),
        )


class PracticeLog(Struct, frozen=True):
    """A trainee's graded rounds, oldest first. Immutable: ``with_round`` returns a new log."""

    rounds: tuple[RoundRecord, ...] = ()

    def with_round(self, record: RoundRecord) -> PracticeLog:
        return PracticeLog((*self.rounds, record))

    def accuracies(self, lesson_id: str) -> list[float]:
        return [r.accuracy for r in self.rounds if r.lesson == lesson_id]

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [r.to_json() for r in self.rounds]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PracticeLog:
        return cls(tuple(RoundRecord.from_json(r) for r in data.get("rounds", [])))


def graded_skills(procedure: Procedure, grade: Grade) -> tuple[SkillResult, ...]:
    """Each skill the round exercised, right only if every step exercising it was right at its
    first verdict (a refused step put right later still counts as wrong, as the grade does)."""
    first: dict[str, Verdict] = {}
    outcome: dict[Skill, bool] = {}

    def note(judged: Mapping[Skill, bool]) -> None:
        for skill, correct in judged.items():
            outcome[skill] = outcome.get(skill, True) and correct

    for judgement in grade.judgements:
        if judgement.step_id is None:
            if judgement.verdict is Verdict.NOT_CALLED_FOR:
                note(dict.fromkeys(ACTION_SKILLS[judgement.action.action], False))
            continue
        first.setdefault(judgement.step_id, judgement.verdict)
    missing = {step.id for step in grade.missing}
    for step in procedure:
        verdict = None if step.id in missing else first.get(step.id)
        note(judged_skills(step, verdict))
    if grade.time_limit is not None:
        note({Skill.SPEED: grade.within_time})
    return tuple(SkillResult(skill, outcome[skill]) for skill in Skill if skill in outcome)


def record_round(
    lesson_id: str, procedure: Procedure, grade: Grade, block: int | None = None
) -> RoundRecord:
    return RoundRecord(lesson_id, round_accuracy(grade), graded_skills(procedure, grade), block)


def leitner_boxes(log: PracticeLog | Iterable[RoundRecord]) -> dict[Skill, int]:
    """Every skill's box after replaying the log; skills never practised are absent (and
    count as box 1 when choosing)."""
    records = log.rounds if isinstance(log, PracticeLog) else log
    boxes: dict[Skill, int] = {}
    for record in records:
        for result in record.results:
            if result.correct:
                boxes[result.skill] = min(BOXES, boxes.get(result.skill, FIRST_BOX) + 1)
            else:
                boxes[result.skill] = FIRST_BOX
    return boxes


def box_of(boxes: Mapping[Skill, int], skill: Skill) -> int:
    return boxes.get(skill, FIRST_BOX)


class Drill(Struct, frozen=True):
    """A generated block of a lesson that adaptive practice can deal fresh rounds from."""

    lesson: Lesson
    block_index: int

    @property
    def block(self) -> GeneratedDeals | FormExercises:
        block = self.lesson.blocks[self.block_index]
        assert isinstance(block, GeneratedDeals | FormExercises)
        return block

    @property
    def skills(self) -> frozenset[Skill]:
        return frozenset(self.lesson.skills)


def drills(lessons: Iterable[Lesson]) -> list[Drill]:
    return [
        Drill(lesson, i)
        for lesson in lessons
        for i, block in enumerate(lesson.blocks)
        if isinstance(block, GeneratedDeals | FormExercises)
    ]


def drill_weight(drill: Drill, boxes: Mapping[Skill, int]) -> int:
    """``2 ** (5 - b)`` for the lowest box ``b`` among the drill's skills."""
    lowest = min((box_of(boxes, s) for s in drill.skills), default=BOXES)
    return 1 << (BOXES - lowest)


class Pick(Struct, frozen=True):
    """The scheduler's choice: which block to deal from, and the seed to deal it with."""

    drill: Drill
    seed: int

    @property
    def is_form(self) -> bool:
        return isinstance(self.drill.block, FormExercises)

    def deal(self) -> DealtRound:
        block = self.drill.block
        if isinstance(block, FormExercises):
            raise TypeError(f"{self.drill.lesson.id} block {self.drill.block_index} is a form")
        return block_round(self.drill.lesson, block, 0, seed=self.seed)

    def situation(self) -> ClosedTableSituation:
        block = self.drill.block
        if not isinstance(block, FormExercises):
            raise TypeError(f"{self.drill.lesson.id} block {self.drill.block_index} deals rounds")
        return block.situation(self.drill.lesson.game, self.seed)


def _rng(seed: int, rounds_logged: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}/{rounds_logged}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def choose_next(lessons: Sequence[Lesson], log: PracticeLog, seed: int) -> Pick | None:
    """The next adaptive round (see the module docstring for the rule), or ``None`` once every
    lesson with generated rounds is mastered."""
    candidates = [
        d
        for d in drills(lessons)
        if mastery(d.lesson.mastery, log.accuracies(d.lesson.id)) is not MasteryStatus.MASTERED
    ]
    if not candidates:
        return None
    boxes = leitner_boxes(log)
    rng = _rng(seed, len(log.rounds))
    weights = [drill_weight(d, boxes) for d in candidates]
    drill = rng.choices(candidates, weights=weights, k=1)[0]
    return Pick(drill, rng.randrange(2**31))  # a seed every records database can hold
