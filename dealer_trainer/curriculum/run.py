"""A trainee working through a lesson, or through their own mistakes: where the next round comes
from and where a graded round goes. The trainer screen asks a run for rounds and hands back
grades; it never knows whether it is playing a lesson, adaptive practice or a table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from dealer_trainer.curriculum.lessons import FixedDeal, FormExercises, Lesson, block_round
from dealer_trainer.curriculum.mastery import MasteryStatus, mastery, recent_mean
from dealer_trainer.curriculum.progress import ProgressFile
from dealer_trainer.curriculum.scheduler import (
    RoundRecord,
    SkillResult,
    choose_next,
    leitner_boxes,
    record_round,
)
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.engine.grader import Grade
from dealer_trainer.forms.closed_table import ClosedTableSituation, FormGrade
from dealer_trainer.practice.rounds import DealtRound, load_round


@dataclass(frozen=True)
class Dealt:
    """A round and where it came from: the lesson it counts for and the block that dealt it."""

    round: DealtRound
    lesson: Lesson
    block: int


@dataclass(frozen=True)
class FormDealt:
    """A paperwork exercise of a lesson (the Closed Table form)."""

    situation: ClosedTableSituation
    lesson: Lesson
    block: int


Item = DealtRound | ClosedTableSituation
"""What a run hands the screen next: a round to settle or a form to complete."""


def lesson_status(lesson: Lesson, progress: ProgressFile) -> MasteryStatus:
    return mastery(lesson.mastery, progress.log.accuracies(lesson.id))


def lesson_summary(lesson: Lesson, progress: ProgressFile) -> str:
    """ "12 rounds, 96.5% over the last 10 — mastered" as the course lists a lesson."""
    scores = progress.log.accuracies(lesson.id)
    status = lesson_status(lesson, progress)
    if not scores:
        return status.value
    mean = recent_mean(lesson.mastery, scores)
    recent = f", {mean:.1f}% over the last {lesson.mastery.over_last}" if mean is not None else ""
    return f"{len(scores)} round{'s' * (len(scores) != 1)}{recent} — {status.value}"


class _Run:
    """What every run shares: the practice log, and the round being played."""

    def __init__(self, progress: ProgressFile) -> None:
        self.progress = progress
        self.played = 0
        self.current: Dealt | FormDealt | None = None

    def record(self, grade: Grade) -> RoundRecord | None:
        """Log the round just graded; ``None`` if no round is being played."""
        dealt = self.current
        if not isinstance(dealt, Dealt):
            return None
        return self._log(record_round(dealt.lesson.id, dealt.round.procedure, grade, dealt.block))

    def record_form(self, grade: FormGrade) -> RoundRecord | None:
        """Log a completed form: its score is the round's accuracy, and table paperwork is
        right only when every entry is."""
        form = self.current
        if not isinstance(form, FormDealt):
            return None
        results = (SkillResult(Skill.TABLE_PAPERWORK, grade.perfect),)
        return self._log(RoundRecord(form.lesson.id, float(grade.score), results, form.block))

    def _log(self, record: RoundRecord) -> RoundRecord:
        self.progress.add(record)
        self.played += 1
        self.current = None
        return record


class LessonRun(_Run):
    """The lesson's rounds in file order; each graded round goes into the practice log."""

    def __init__(self, lesson: Lesson, progress: ProgressFile) -> None:
        super().__init__(progress)
        self.lesson = lesson
        self._rounds = self._deal()

    @property
    def title(self) -> str:
        return self.lesson.title

    @property
    def total(self) -> int:
        return self.lesson.round_count

    @property
    def time_limit(self) -> float | None:
        """Timed drills and exams are graded against the lesson's limit per round."""
        if self.lesson.mode in (LessonMode.TIMED_DRILL, LessonMode.EXAM):
            return self.lesson.time_limit_seconds
        return None

    @property
    def shows_hints(self) -> bool:
        return self.lesson.mode is LessonMode.LEARN

    def _deal(self) -> Iterator[Dealt | FormDealt]:
        for index, block in enumerate(self.lesson.blocks):
            if isinstance(block, FixedDeal):
                yield Dealt(load_round(block.scenario), self.lesson, index)
            elif isinstance(block, FormExercises):
                for k in range(block.count):
                    yield FormDealt(block.situation(self.lesson.game, k), self.lesson, index)
            else:
                for k in range(block.count):
                    yield Dealt(block_round(self.lesson, block, k), self.lesson, index)

    def next_item(self) -> Item | None:
        """The next round to settle or form to complete, in file order; ``None`` at the end."""
        self.current = next(self._rounds, None)
        if isinstance(self.current, FormDealt):
            return self.current.situation
        return None if self.current is None else self.current.round

    def status(self) -> str:
        return lesson_summary(self.lesson, self.progress)


class MistakesRun(_Run):
    """Adaptive practice over the whole course: each round comes from the lesson whose skills
    sit lowest in the trainee's Leitner boxes (scheduler.choose_next), until every lesson with
    dealt rounds is mastered."""

    title = "My mistakes"

    total = 0
    time_limit: float | None = None
    shows_hints = False

    def __init__(self, lessons: Sequence[Lesson], progress: ProgressFile, seed: int) -> None:
        super().__init__(progress)
        self.lessons = list(lessons)
        self.seed = seed

    def weakest(self, count: int = 3) -> list[tuple[Skill, int]]:
        """The skills in the lowest boxes, for the screen to say what is being practised."""
        boxes = leitner_boxes(self.progress.log)
        return sorted(boxes.items(), key=lambda item: (item[1], item[0].value))[:count]

    def next_item(self) -> Item | None:
        pick = choose_next(self.lessons, self.progress.log, self.seed)
        if pick is None:
            self.current = None
            return None
        self.current = Dealt(pick.deal(), pick.drill.lesson, pick.drill.block_index)
        return self.current.round

    def status(self) -> str:
        weak = ", ".join(f"{skill.value} (box {box})" for skill, box in self.weakest())
        return f"{self.played} rounds this session; weakest: {weak or 'none yet'}"


RoundSource = LessonRun | MistakesRun

__all__ = [
    "Dealt",
    "FormDealt",
    "Item",
    "LessonRun",
    "MistakesRun",
    "RoundSource",
    "lesson_status",
    "lesson_summary",
]
