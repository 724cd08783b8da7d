"""A trainee working through a lesson, an exam, or their own mistakes: where the next round
comes from and where a graded round goes. The trainer screen asks a run for rounds, hands it
each new practice session to record (``watch``) and hands back grades; it never knows whether
it is playing a lesson, an exam or adaptive practice.

Every run with a trainee's records (``TraineeProgress``) writes an attempt to the store as it
is played (``records.AttemptRecorder``); without one (a bare screen in a test) nothing is
recorded, and an exam refuses to start.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any

from msgspec import Struct

from dealer_trainer.curriculum.lessons import (
    FixedDeal,
    FormExercises,
    GeneratedDeals,
    Lesson,
    block_round,
)
from dealer_trainer.curriculum.mastery import MasteryStatus, mastery, recent_mean
from dealer_trainer.curriculum.records import (
    EXAM_SEEDS,
    MISTAKES,
    AttemptRecorder,
    Guard,
    TraineeProgress,
    candidate_seed,
    close_interrupted_round,
    unguarded,
)
from dealer_trainer.curriculum.scheduler import (
    RoundRecord,
    choose_next,
    leitner_boxes,
    record_round,
)
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.engine.grader import Grade
from dealer_trainer.forms.closed_table import (
    ClosedTableForm,
    ClosedTableSituation,
    FormGrade,
    grade_closed_table_form,
)
from dealer_trainer.practice.linked_play import LinkedPlay, dealt_against
from dealer_trainer.practice.rounds import DealtRound, TableText, load_round
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.store.crypto import KeyRing
from dealer_trainer.store.errors import AssignmentError, ResultRefused
from dealer_trainer.store.records import AttemptRecord, Status, exam_passes
from dealer_trainer.store.replay import rebuild
from dealer_trainer.store.sources import RoundSource as Origin

DEAL_RETRIES = 5
"""Seeds tried in turn for one exam round when a targeted deal cannot be met with a seed."""


class ExamRefused(RuntimeError):
    """An exam cannot start (or go on): no records, no key, no attempts left."""


class Dealt(Struct, frozen=True):
    """A round, where it came from (the lesson it counts for and the block that dealt it) and
    how to deal it again (``origin``, recorded with the round)."""

    round: DealtRound
    lesson: Lesson
    block: int
    origin: Origin


class FormDealt(Struct, frozen=True):
    """A paperwork exercise of a lesson (the Closed Table form) and the seed it was drawn
    with (recorded with the form)."""

    situation: ClosedTableSituation
    lesson: Lesson
    block: int
    seed: int


Item = DealtRound | ClosedTableSituation
"""What a run hands the screen next: a round to settle or a form to complete."""


def lesson_status(lesson: Lesson, progress: TraineeProgress | None) -> MasteryStatus:
    if lesson.mode is LessonMode.EXAM:
        result = best_exam_result(lesson, progress)
        if result is None:
            return MasteryStatus.NOT_STARTED
        return MasteryStatus.MASTERED if result.passed else MasteryStatus.IN_PROGRESS
    scores = progress.accuracies(lesson.id) if progress is not None else []
    return mastery(lesson.mastery, scores)


def lesson_summary(lesson: Lesson, progress: TraineeProgress | None) -> str:
    """ "12 rounds, 96.5% over the last 10 — mastered" as the course lists a lesson; for an
    exam, its attempts and the best result."""
    if lesson.mode is LessonMode.EXAM:
        return exam_summary(lesson, progress)
    scores = progress.accuracies(lesson.id) if progress is not None else []
    status = lesson_status(lesson, progress)
    if not scores:
        return status.value
    mean = recent_mean(lesson.mastery, scores)
    recent = f", {mean:.1f}% over the last {lesson.mastery.over_last}" if mean is not None else ""
    return f"{len(scores)} round{'s' * (len(scores) != 1)}{recent} — {status.value}"


# --- exams ------------------------------------------------------------------------------------


class ExamResult(Struct, frozen=True):
    """A submitted (or abandoned) exam attempt against its pass mark."""

    record: AttemptRecord
    pass_mark: float
    rounds: int
    """Rounds the exam file deals."""

    @property
    def score(self) -> Decimal | None:
        return None if self.record.summary is None else self.record.summary.score

    @property
    def passed(self) -> bool:
        """The mean score of every round reaches the pass mark, and the exam was submitted
        complete (an abandoned or unfinished exam fails)."""
        return exam_passes(self.record, Decimal(str(self.pass_mark)), self.rounds)

    @property
    def verdict(self) -> str:
        if self.record.status is Status.ABANDONED:
            return "abandoned (failed)"
        if self.record.status is Status.IN_PROGRESS:
            return "in progress"
        return "passed" if self.passed else "failed"


def exam_result(lesson: Lesson, record: AttemptRecord) -> ExamResult:
    """The attempt against the pass mark and rounds it began under (signed with it), or the
    exam file's for an attempt recorded before they were kept with it."""
    if record.pass_mark is not None and record.rounds_required is not None:
        return ExamResult(record, float(record.pass_mark), record.rounds_required)
    assert lesson.pass_mark is not None, "an exam file has a pass mark (the schema says so)"
    return ExamResult(record, lesson.pass_mark, lesson.round_count)


def exam_results(lesson: Lesson, progress: TraineeProgress | None) -> list[ExamResult]:
    if progress is None:
        return []
    return [exam_result(lesson, a) for a in progress.exam_attempts(lesson.id)]


def best_exam_result(lesson: Lesson, progress: TraineeProgress | None) -> ExamResult | None:
    results = [
        r for r in exam_results(lesson, progress) if r.record.status is not Status.IN_PROGRESS
    ]
    if not results:
        return None
    return max(results, key=lambda r: (r.passed, r.score or Decimal(-1)))


def attempts_left(lesson: Lesson, progress: TraineeProgress) -> int | None:
    """How many more attempts the exam file allows this trainee (None: no limit)."""
    if lesson.attempts is None:
        return None
    used = progress.store.attempt_count(progress.trainee.id, lesson.id)
    return max(0, lesson.attempts - used)


def exam_summary(lesson: Lesson, progress: TraineeProgress | None) -> str:
    results = exam_results(lesson, progress)
    allowed = f" of {lesson.attempts}" if lesson.attempts is not None else ""
    if not results:
        return f"not attempted ({lesson.attempts} attempts)" if lesson.attempts else "not attempted"
    best = best_exam_result(lesson, progress)
    used = f"{len(results)} attempt{'s' * (len(results) != 1)}{allowed}"
    if best is None:
        return f"{used}; one in progress"
    score = f" {best.score}%" if best.score is not None else ""
    return f"{used}; best{score} — {best.verdict}"


def exam_refusal(lesson: Lesson, progress: TraineeProgress | None) -> str:
    """Why the trainee may not start this exam now ("" when they may)."""
    if progress is None:
        return "An exam is recorded: choose the trainee first (File > Switch trainee)."
    left = attempts_left(lesson, progress)
    if left == 0:
        results = exam_results(lesson, progress)
        best = best_exam_result(lesson, progress)
        outcome = f" Best result: {best.score}% — {best.verdict}." if best and best.score else ""
        return (
            f"{progress.trainee.name} has used all {lesson.attempts} attempts the exam "
            f"'{lesson.title}' allows ({len(results)} recorded).{outcome} An instructor decides "
            "what happens next."
        )
    return ""


def _exact(mark: float | None) -> Decimal | None:
    """A pass mark as the file wrote it (``92.5``), exactly."""
    return None if mark is None else Decimal(str(mark))


# --- runs ----------------------------------------------------------------------------------------


def table_origin(
    lesson: Lesson,
    seed: int,
    seats: Sequence[int] | None,
    targets: Sequence[Mapping[str, Any]],
    linked_meters: Sequence[tuple[str, Decimal]] = (),
) -> Origin:
    """How to deal a round of the lesson's table again: the table file's text, or the
    lesson's inline table as it is held, and the shared meters it showed."""
    table = lesson.table
    text = table.text if isinstance(table, TableText) else None
    where = table.name if isinstance(table, TableText) else table
    return Origin.deal(
        where, lesson.game, seed, seats, targets, text=text, linked_meters=linked_meters
    )


class _Run:
    """What every run shares: the trainee's records, and the round being played."""

    title = ""
    total = 0
    time_limit: float | None = None
    mode = Mode.PRACTICE

    def __init__(self, progress: TraineeProgress | None) -> None:
        self.progress = progress
        self.played = 0
        self.current: Dealt | FormDealt | None = None
        self.recorder: AttemptRecorder | None = None
        self.linked: LinkedPlay | None = None
        """The meters the table shares with other linked tables, carried between rounds."""

    @property
    def shows_hints(self) -> bool:
        return self.mode is Mode.LEARN

    def watch(self, session: PracticeSession, guard: Guard = unguarded) -> None:
        """Record the current round as ``session`` settles it (call before anything else
        subscribes to the session, so each step is committed before it is shown)."""
        if self.recorder is not None and isinstance(self.current, Dealt):
            self.recorder.watch(session, self.current.origin, guard)

    def record(self, grade: Grade) -> RoundRecord | None:
        """The round just graded (already committed by ``watch``): counted, and returned as
        the scheduler sees it; ``None`` if no round is being played."""
        dealt = self.current
        if not isinstance(dealt, Dealt):
            return None
        self.played += 1
        self.current = None
        if self.linked is not None:
            self.linked.settled(dealt.round)
        return record_round(dealt.lesson.id, dealt.round.procedure, grade, dealt.block)

    def record_form(self, form: ClosedTableForm) -> FormGrade | None:
        """Grade the completed form against the situation it was given, count it as played
        and commit it to the trainee's records (``None`` if no form was asked for)."""
        current = self.current
        if not isinstance(current, FormDealt):
            return None
        grade = grade_closed_table_form(current.situation, form)
        self.played += 1
        self.current = None
        if self.recorder is not None:
            self.recorder.record_form(current.situation, form, grade, current.seed)
        return grade

    def close(self) -> AttemptRecord | None:
        """The trainee leaves: the attempt is submitted with what was played."""
        return self.recorder.finish() if self.recorder is not None else None


class _Planned(Struct, frozen=True):
    block: int
    k: int


class LessonRun(_Run):
    """The lesson's rounds in file order, recorded as one attempt. An exam (``keys`` being the
    examiner's unlocked key ring) deals its generated rounds from the candidate's seeds and
    is submitted signed; ``resume`` goes on with an interrupted attempt from its next round."""

    def __init__(
        self,
        lesson: Lesson,
        progress: TraineeProgress | None,
        *,
        keys: KeyRing | None = None,
        resume: AttemptRecord | None = None,
        assignment: str | None = None,
    ) -> None:
        """``assignment``: the uid of the exam assignment this exam is sat for; the store
        checks it under ``keys`` (``ExamRefused`` naming why it cannot be used)."""
        super().__init__(progress)
        self.lesson = lesson
        self.keys = keys
        self.exam = lesson.mode is LessonMode.EXAM
        if self.exam:
            self._check_exam(progress, keys, resume)
        if progress is not None:
            if resume is not None:
                if resume.lesson_id != lesson.id:
                    raise ValueError(
                        f"attempt {resume.id} is of {resume.lesson_id}, not {lesson.id}"
                    )
                if self.exam:
                    assert keys is not None
                    try:
                        progress.store.resume_chain(resume.id, keys)
                    except ResultRefused as refused:
                        raise ExamRefused(str(refused)) from refused
                close_interrupted_round(progress.store, resume)
                self.recorder = AttemptRecorder.resuming(progress, resume, keys)
            else:
                self.recorder = AttemptRecorder(
                    progress,
                    lesson.id,
                    lesson.game,
                    lesson.mode.value,
                    may_resume=lesson.may_resume if self.exam else True,
                    time_limit=self.time_limit,
                    grading="log" if self.exam else "session",
                    pass_mark=_exact(lesson.pass_mark) if self.exam else None,
                    rounds_required=lesson.round_count if self.exam else None,
                    keys=keys if self.exam else None,
                    assignment=assignment if self.exam else None,
                )
            if self.exam:
                try:
                    self.recorder.begin()
                except AssignmentError as refused:
                    raise ExamRefused(str(refused)) from refused
        done = len(resume.rounds) if resume is not None else 0
        self.played = done
        self._plan = self._planned(done)
        self.linked = LinkedPlay.at(lesson.table)
        if self.linked is not None and resume is not None and resume.rounds:
            last = resume.rounds[-1].source
            if last.linked_meters:
                self.linked.resume(rebuild(last))

    def _check_exam(
        self, progress: TraineeProgress | None, keys: KeyRing | None, resume: AttemptRecord | None
    ) -> None:
        if progress is None:
            raise ExamRefused("an exam is recorded: it needs the trainee's records")
        if keys is None or keys.current is None:
            raise ExamRefused(
                "an exam is submitted signed: the examiner unlocks the school's signing key first"
            )
        if resume is None:
            refusal = exam_refusal(self.lesson, progress)
            if refusal:
                raise ExamRefused(refusal)

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.lesson.title

    @property
    def total(self) -> int:  # type: ignore[override]
        return self.lesson.round_count

    @property
    def time_limit(self) -> float | None:  # type: ignore[override]
        """Timed drills and exams are graded against the lesson's limit per round."""
        if self.lesson.mode in (LessonMode.TIMED_DRILL, LessonMode.EXAM):
            return self.lesson.time_limit_seconds
        return None

    @property
    def mode(self) -> Mode:  # type: ignore[override]
        if self.exam:
            return Mode.EXAM
        return Mode.LEARN if self.lesson.mode.hints else Mode.PRACTICE

    def _planned(self, skip_rounds: int) -> Iterator[_Planned]:
        """Every item in file order, without the first ``skip_rounds`` dealt rounds (and the
        forms between them): where a resumed attempt goes on."""
        plan = [
            _Planned(index, k)
            for index, block in enumerate(self.lesson.blocks)
            for k in range(block.count)
        ]
        skipped = 0
        start = 0
        for position, item in enumerate(plan):
            if skipped == skip_rounds:
                break
            if not isinstance(self.lesson.blocks[item.block], FormExercises):
                skipped += 1
            start = position + 1
        return iter(plan[start:])

    def _deal(self, planned: _Planned) -> Dealt | FormDealt:
        lesson = self.lesson
        block = lesson.blocks[planned.block]
        if isinstance(block, FormExercises):
            seed = block.seed + planned.k
            return FormDealt(block.situation(lesson.game, seed), lesson, planned.block, seed)
        if isinstance(block, FixedDeal):
            origin = Origin.scenario(block.scenario, lesson.game)
            return Dealt(load_round(block.scenario), lesson, planned.block, origin)
        return self._generated(block, planned)

    def _block_round(
        self, block: GeneratedDeals, k: int, seed: int, exam_seed: int | None = None
    ) -> DealtRound:
        """Round ``k`` of ``block``; at a linked table, against the link's shared meter after
        the other linked tables' play (and the block's jackpot elsewhere before its first)."""
        if self.linked is None:
            return block_round(self.lesson, block, k, seed=exam_seed)
        jackpots = (block.jackpot_elsewhere,) if k == 0 and block.jackpot_elsewhere else ()
        return self.linked.deal(
            lambda: block_round(self.lesson, block, k, seed=exam_seed), seed, jackpots
        )

    def _generated(self, block: GeneratedDeals, planned: _Planned) -> Dealt:
        lesson = self.lesson
        if not self.exam:
            seed = block.seed + planned.k
            dealt = self._block_round(block, planned.k, seed)
            return Dealt(
                dealt,
                lesson,
                planned.block,
                table_origin(lesson, seed, block.seats, block.targets, dealt.linked_meters),
            )
        assert self.recorder is not None and self.recorder.uid is not None
        assert self.keys is not None and self.recorder.attempt_id is not None
        key_id = self.recorder.store.attempt(self.recorder.attempt_id).chain_key_id
        assert key_id is not None
        secret = self.keys.secret(key_id, EXAM_SEEDS, self.recorder.uid)
        error: ValueError | None = None
        for retry in range(DEAL_RETRIES):
            seed = candidate_seed(secret, block.seed, planned.k, retry)
            try:
                dealt = self._block_round(block, planned.k, seed, exam_seed=seed)
            except ValueError as problem:  # a targeted deal this seed cannot meet
                error = problem
                continue
            origin = table_origin(lesson, seed, block.seats, block.targets, dealt.linked_meters)
            return Dealt(dealt, lesson, planned.block, origin)
        raise ValueError(f"{lesson.id}: no candidate seed deals round {planned.k}: {error}")

    def next_item(self) -> Item | None:
        """The next round to settle or form to complete, in file order; ``None`` at the end."""
        planned = next(self._plan, None)
        self.current = None if planned is None else self._deal(planned)
        if isinstance(self.current, FormDealt):
            return self.current.situation
        return None if self.current is None else self.current.round

    def status(self) -> str:
        if self.exam:
            return f"round {min(self.played + 1, self.total)} of {self.total}"
        return lesson_summary(self.lesson, self.progress)

    def close(self) -> AttemptRecord | None:
        """Leave the lesson (submitting what was played) or submit the exam, signed."""
        if self.recorder is None:
            return None
        return self.recorder.finish(self.keys)

    def abandon(self) -> AttemptRecord | None:
        return self.recorder.abandon() if self.recorder is not None else None

    def result(self) -> ExamResult | None:
        """The exam's result once submitted (``None`` for a lesson)."""
        if not self.exam or self.recorder is None or self.recorder.attempt_id is None:
            return None
        assert self.progress is not None
        return exam_result(self.lesson, self.progress.store.attempt(self.recorder.attempt_id))


class MistakesRun(_Run):
    """Adaptive practice over the whole course: each round comes from the lesson whose skills
    sit lowest in the trainee's Leitner boxes (scheduler.choose_next), until every lesson with
    dealt rounds is mastered. Exams are not practised here (their rounds are the candidate's,
    on the day). Each round is an attempt of its own lesson, so it counts for that lesson."""

    title = "My mistakes"

    def __init__(
        self, lessons: Sequence[Lesson], progress: TraineeProgress | None, seed: int
    ) -> None:
        super().__init__(progress)
        self.lessons = [lesson for lesson in lessons if lesson.mode is not LessonMode.EXAM]
        self.seed = seed

    def _log_boxes(self) -> dict[Skill, int]:
        return leitner_boxes(self.progress.log()) if self.progress is not None else {}

    def weakest(self, count: int = 3) -> list[tuple[Skill, int]]:
        """The skills in the lowest boxes, for the screen to say what is being practised."""
        boxes = self._log_boxes()
        return sorted(boxes.items(), key=lambda item: (item[1], item[0].value))[:count]

    def next_item(self) -> Item | None:
        from dealer_trainer.curriculum.scheduler import PracticeLog

        log = self.progress.log() if self.progress is not None else PracticeLog()
        pick = choose_next(self.lessons, log, self.seed)
        if pick is None:
            self.current = None
            return None
        lesson, block = pick.drill.lesson, pick.drill.block
        if self.progress is not None:
            self.recorder = AttemptRecorder(self.progress, lesson.id, lesson.game, MISTAKES)
        if isinstance(block, FormExercises):
            situation = pick.situation()
            self.current = FormDealt(situation, lesson, pick.drill.block_index, pick.seed)
            return situation
        # One round from a lesson, no link carried between rounds: a linked meter shows the
        # table's own draw, named as the link's and recorded like any linked meter.
        dealt = dealt_against({}, pick.deal)
        origin = table_origin(lesson, pick.seed, block.seats, block.targets, dealt.linked_meters)
        self.current = Dealt(dealt, lesson, pick.drill.block_index, origin)
        return self.current.round

    def record(self, grade: Grade) -> RoundRecord | None:
        record = super().record(grade)
        if self.recorder is not None:
            self.recorder.finish()
        return record

    def record_form(self, form: ClosedTableForm) -> FormGrade | None:
        grade = super().record_form(form)
        if self.recorder is not None:
            self.recorder.finish()
        return grade

    def status(self) -> str:
        weak = ", ".join(f"{skill.value} (box {box})" for skill, box in self.weakest())
        return f"{self.played} rounds this session; weakest: {weak or 'none yet'}"


Run = LessonRun | MistakesRun

__all__ = [
    "Dealt",
    "ExamRefused",
    "ExamResult",
    "FormDealt",
    "Item",
    "LessonRun",
    "MistakesRun",
    "Run",
    "attempts_left",
    "exam_refusal",
    "exam_result",
    "lesson_status",
    "lesson_summary",
]
