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

import contextlib
from collections.abc import Callable, Mapping
from pathlib import PurePath
from typing import Any

from msgspec import Struct

from dealer_trainer.engine.grader import Grade, Judgement, TraineeAction, grade_log
from dealer_trainer.engine.spot import UnknownSpot
from dealer_trainer.forms.closed_table import (
    EXERCISE,
    ClosedTableForm,
    ClosedTableSituation,
    FormGrade,
    grade_closed_table_form,
)
from dealer_trainer.games import registry
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.practice.linked_play import dealt_against
from dealer_trainer.practice.rounds import DealtRound, deal_config, scenario_round
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.practice.targets import generate_from, parse_target
from dealer_trainer.rules.errors import DataFileError, Problem, parse_toml
from dealer_trainer.rules.game_paytables import recorded_tables
from dealer_trainer.store.records import (
    AttemptRecord,
    FormEntry,
    RoundRecord,
    StepEntry,
    Summary,
)
from dealer_trainer.store.sources import RoundSource

Rebuild = Callable[[RoundSource], DealtRound]
"""Deal a round from its stored source."""


class ReplayError(RuntimeError):
    """A round cannot be dealt again (a game the trainer does not deal, ...)."""


def _stored_table(source: RoundSource) -> TableResolver:
    """A scenario's references resolved to the table text stored with it: the only file a
    stored scenario may name."""
    folder = PurePath(source.path).parent

    def resolve(reference: str) -> tuple[Mapping[str, Any], str]:
        shown = str(folder / reference)
        if reference != source.table_ref or source.table_text is None:
            raise DataFileError(shown, [Problem("", "file not found")])
        return parse_toml(source.table_text, shown), shown

    return resolve


def deal_again(source: RoundSource) -> DealtRound:
    """The practice picker's and the lessons' own dealing, from the stored text: a scenario,
    a seed at a table, or a lesson's constrained deal; a meter shared with other tables shows
    the amount recorded with the round (the other tables' play is not dealt again)."""
    if source.linked_meters:
        return dealt_against(dict(source.linked_meters), lambda: _deal_again(source))
    return _deal_again(source)


def _deal_again(source: RoundSource) -> DealtRound:
    if source.kind == "scenario":
        if source.table_ref is not None and PurePath(source.table_ref).is_absolute():
            raise ValueError(
                f"{source.path}: the scenario names its table by an absolute path "
                f"({source.table_ref}); only a relative path can be rebuilt elsewhere"
            )
        data = parse_toml(source.text, source.path)
        return scenario_round(data, source.path, _stored_table(source))
    if not registry.is_game(source.game):
        raise ReplayError(f"the trainer does not deal {source.game!r}")
    assert source.seed is not None
    definition = registry.game(source.game)
    config = definition.parse_config(parse_toml(source.text, source.path), source.path)
    if not source.targets:
        return deal_config(definition, config, source.seed, source.seats)
    targets = [parse_target(t) for t in source.targets]
    return generate_from(definition, config, source.seed, targets, source.seats)


def rebuild(source: RoundSource, deal: Rebuild = deal_again) -> DealtRound:
    """Deal the round from the stored file text (never from the path, which may differ), its
    table read as it was recorded (``recorded_tables``)."""
    with recorded_tables():
        return deal(source)


class _ReplayClock:
    """The settlement clock of a replayed session: it reads whatever time the replay sets."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ReplayedStep(Struct, frozen=True):
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


class RoundReplay(Struct, frozen=True):
    index: int
    dealt: DealtRound
    steps: tuple[ReplayedStep, ...]
    grade: Grade


class FormReplay(Struct, frozen=True):
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


class AttemptReplay(Struct, frozen=True):
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
            # A call recorded under an earlier rule that today's procedure no longer makes:
            # the round is regraded under today's rule and shows where it differs.
            with contextlib.suppress(ValueError):
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
