"""Replaying an attempt: deal each round again from its stored source, feed the stored steps
to the engine at their recorded times, and get the grade back.

The regulation asks that a hand can be reconstructed "in the event of a question or dispute";
for the trainer that means a stored attempt must grade exactly as it graded live. A round
judged live (``session`` grading) is replayed through ``PracticeSession`` itself — the same
refusals, retries and floorperson waits — with a clock that reads each step's recorded time; a
round judged at the end (``log`` grading) goes through ``grade_log`` as ``dealer-trainer
grade`` does. Nothing stored about the verdicts is trusted: they are recomputed. A paperwork
exercise is graded again from its stored situation and entries.
"""

from __future__ import annotations

import importlib
import importlib.util
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dealer_trainer.engine.grader import Grade, Judgement, TraineeAction, grade_log
from dealer_trainer.engine.spot import UnknownSpot
from dealer_trainer.forms.closed_table import (
    EXERCISE,
    ClosedTableForm,
    ClosedTableSituation,
    FormGrade,
    grade_closed_table_form,
)
from dealer_trainer.practice.rounds import GAMES, DealtRound, load_round
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.store.records import (
    AttemptRecord,
    FormEntry,
    RoundRecord,
    StepEntry,
    Summary,
)
from dealer_trainer.store.sources import RoundSource

TARGETS_MODULE = "dealer_trainer.practice.targets"

Rebuild = Callable[[RoundSource, Path], DealtRound]
"""Deal a round from its source; the files are already written at the given path."""


class ReplayError(RuntimeError):
    """A round cannot be dealt again (unknown game, targets without their generator, ...)."""


def deal_again(source: RoundSource, path: Path) -> DealtRound:
    """The practice picker's and the lessons' own dealing: ``practice.rounds`` for a seed or
    a scenario, ``practice.targets`` for a lesson's constrained deal."""
    if source.kind == "scenario":
        return load_round(path)
    if source.game not in GAMES:
        raise ReplayError(f"the trainer does not deal {source.game!r}")
    assert source.seed is not None
    if not source.targets:
        return GAMES[source.game].deal(path, source.seed, source.seats)
    if importlib.util.find_spec(TARGETS_MODULE) is None:
        raise ReplayError(f"a targeted deal needs {TARGETS_MODULE}, which is not installed")
    module = importlib.import_module(TARGETS_MODULE)
    targets = [module.parse_target(t) for t in source.targets]
    dealt = module.generate_round(source.game, path, source.seed, targets, source.seats)
    if not isinstance(dealt, DealtRound):
        raise ReplayError(f"{TARGETS_MODULE}.generate_round did not return a DealtRound")
    return dealt


def rebuild(source: RoundSource, deal: Rebuild = deal_again) -> DealtRound:
    """Deal the round from the stored file text (never from the path, which may differ)."""
    with tempfile.TemporaryDirectory(prefix="dealer-trainer-replay-") as folder:
        return deal(source, source.materialise(Path(folder)))


class _ReplayClock:
    """The settlement clock of a replayed session: it reads whatever time the replay sets."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class ReplayedStep:
    stored: StepEntry
    judgement: Judgement | None
    """The engine's judgement now (None for a floorperson sign-off)."""

    @property
    def agrees(self) -> bool:
        if self.judgement is None:
            return True
        return (
            self.judgement.verdict.value == self.stored.verdict
            and self.judgement.step_id == self.stored.step_id
        )


@dataclass(frozen=True)
class RoundReplay:
    index: int
    dealt: DealtRound
    steps: tuple[ReplayedStep, ...]
    grade: Grade


@dataclass(frozen=True)
class FormReplay:
    entry: FormEntry
    grade: FormGrade

    @property
    def matches(self) -> bool:
        """The regraded form gives the stored score and every stored field verdict."""
        return self.grade.score == self.entry.score and self.grade.to_json() == list(
            self.entry.grade
        )


def regrade_form(entry: FormEntry) -> FormReplay:
    if entry.exercise != EXERCISE:
        raise ReplayError(f"form {entry.index}: no exercise called {entry.exercise!r}")
    try:
        situation = ClosedTableSituation.from_json(entry.situation)
        form = ClosedTableForm.from_json(entry.entries)
    except (KeyError, ValueError) as error:
        raise ReplayError(f"form {entry.index}: unreadable record ({error})") from error
    return FormReplay(entry, grade_closed_table_form(situation, form))


@dataclass(frozen=True)
class AttemptReplay:
    rounds: tuple[RoundReplay, ...]
    summary: Summary | None
    forms: tuple[FormReplay, ...] = ()

    @property
    def grades(self) -> tuple[Grade, ...]:
        return tuple(r.grade for r in self.rounds)


def _trainee_action(step: StepEntry, dealt: DealtRound) -> TraineeAction:
    try:
        return step.trainee_action(dealt.spots)
    except UnknownSpot as error:
        raise ReplayError(f"step {step.index}: {error}") from error


def replay_round(
    record: AttemptRecord, round_: RoundRecord, deal: Rebuild = deal_again
) -> RoundReplay:
    dealt = rebuild(round_.source, deal)
    stored = record.round_steps(round_.index)
    if round_.grading == "log":
        actions = [_trainee_action(s, dealt) for s in stored if s.kind == "action"]
        grade = grade_log(
            dealt.procedure,
            actions,
            not_called_for=dealt.not_called_for,
            seconds=round_.seconds,
            time_limit=record.time_limit,
            hand_matcher=dealt.hand_matcher,
        )
        judged = iter(grade.judgements)
        steps = tuple(ReplayedStep(s, next(judged) if s.kind == "action" else None) for s in stored)
        return RoundReplay(round_.index, dealt, steps, grade)
    clock = _ReplayClock()
    session = PracticeSession(
        dealt.setup,
        dealt.procedure,
        not_called_for=dealt.not_called_for,
        clock=clock,
        time_limit=record.time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    session.start()
    replayed = []
    for step in stored:
        clock.now = step.at
        if step.kind == "signoff":
            if step.step_id is None or step.floorperson is None:
                raise ReplayError(f"step {step.index}: a sign-off names its call and signer")
            session.sign_off(step.step_id, step.floorperson)
            replayed.append(ReplayedStep(step, None))
        else:
            action = _trainee_action(step, dealt)
            replayed.append(
                ReplayedStep(
                    step, session.act(action.spot, action.action, action.amount, action.hand)
                )
            )
    seconds = round_.seconds if round_.seconds is not None else session.elapsed
    grade = session.grader.finish(seconds, record.time_limit)
    return RoundReplay(round_.index, dealt, tuple(replayed), grade)


def replay(record: AttemptRecord, deal: Rebuild = deal_again) -> AttemptReplay:
    """Every round of the attempt replayed; ``summary`` is computed from the finished rounds
    exactly as ``Store.finish_attempt`` computed the stored one."""
    rounds = tuple(replay_round(record, r, deal) for r in record.rounds)
    finished = [r.grade for r, stored in zip(rounds, record.rounds, strict=True) if stored.grade]
    return AttemptReplay(rounds, Summary.of(finished), tuple(regrade_form(f) for f in record.forms))
