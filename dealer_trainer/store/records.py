"""What the store hands out: plain frozen records, detached from the database session.

An ``AttemptRecord`` is everything about one attempt (who, which lesson, each round and how to
deal it again, each step, the grade); the signed result document, the export file and a replay
are all made from it, so the GUI and the CLI never hold live ORM objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from msgspec import Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Judgement, TraineeAction, Verdict
from dealer_trainer.engine.spot import SpotCatalog
from dealer_trainer.store.sources import RoundSource
from dealer_trainer.vocabulary import Vocabulary


class Status(Vocabulary, noun="an attempt status"):
    IN_PROGRESS = "in progress"
    SUBMITTED = "submitted"
    ABANDONED = "abandoned"


MISSING = "missing"
"""The verdict-summary key counting required steps never done."""


class TraineeRecord(Struct, frozen=True):
    id: int
    uid: str
    name: str
    cohort: str | None
    created_at: datetime


class StepEntry(Struct, frozen=True):
    """One stored step: a judged action (``kind == "action"``) or a floorperson sign-off."""

    index: int
    round_index: int
    kind: str
    step_id: str | None
    action: str | None
    seat: int | None
    spot: str | None
    amount: Decimal | None
    hand: str | None
    floorperson: str | None
    at: float
    verdict: str | None
    explanation: str
    citation: str
    recorded_at: datetime

    @classmethod
    def of_judgement(
        cls, index: int, round_index: int, judgement: Judgement, recorded_at: datetime
    ) -> StepEntry:
        action = judgement.action
        return cls(
            index,
            round_index,
            "action",
            judgement.step_id,
            action.action.value,
            action.seat,
            action.spot.label,
            action.amount,
            action.hand,
            None,
            action.at,
            judgement.verdict.value,
            judgement.explanation,
            judgement.citation,
            recorded_at,
        )

    def trainee_action(self, spots: SpotCatalog) -> TraineeAction:
        """The engine's action again, to feed a replay: the stored label read back through
        the game's ``spots`` (the record keeps the label, as the signed document does)."""
        if self.kind != "action" or self.action is None or self.seat is None or not self.spot:
            raise ValueError(f"step {self.index} is a {self.kind}, not a trainee action")
        return TraineeAction(
            spots.parse(self.seat, self.spot),
            Action.from_text(self.action),
            self.amount,
            self.at,
            self.hand,
        )


class RoundRecord(Struct, frozen=True):
    index: int
    source: RoundSource
    grading: str
    started_at: datetime
    finished_at: datetime | None
    seconds: float | None
    score: Decimal | None
    grade: Mapping[str, Any] | None


class FormEntry(Struct, frozen=True):
    """One stored paperwork exercise: the situation shown, the entries submitted, the grade
    (each field's verdict as ``forms`` wrote it). Kept as plain JSON so the store needs no
    knowledge of a form's fields; ``store.replay.regrade_form`` grades it again."""

    index: int
    after_round: int
    exercise: str
    seed: int | None
    situation: Mapping[str, Any]
    entries: Mapping[str, Any]
    score: Decimal
    grade: tuple[Mapping[str, Any], ...]
    recorded_at: datetime

    @property
    def perfect(self) -> bool:
        return all(bool(v.get("correct")) for v in self.grade)


class Summary(Struct, frozen=True):
    """An attempt's grade over its rounds: the mean score and accuracies (to 0.1, halves up,
    as the grader rounds), total time and how many actions got each verdict."""

    score: Decimal
    payout_accuracy: Decimal
    procedure_compliance: Decimal
    seconds: float
    verdicts: Mapping[str, int]

    @classmethod
    def of(cls, grades: Iterable[Grade]) -> Summary | None:
        return cls.of_json(g.to_json() for g in grades)

    @classmethod
    def of_json(cls, grades: Iterable[Mapping[str, Any]]) -> Summary | None:
        """The summary of grades as ``Grade.to_json`` writes them (as the rounds store them);
        None when no round was finished (an attempt abandoned in its first round has no
        grade, rather than a grade of zero)."""
        grades = list(grades)
        if not grades:
            return None
        counts: Counter[str] = Counter()
        for grade in grades:
            counts.update(str(j["verdict"]) for j in grade["judgements"])
            counts[MISSING] += len(grade["missing"])
        verdicts = {v.value: counts[v.value] for v in Verdict} | {MISSING: counts[MISSING]}
        return cls(
            _mean(Decimal(str(g["score"])) for g in grades),
            _mean(Decimal(str(g["payout_accuracy"])) for g in grades),
            _mean(Decimal(str(g["procedure_compliance"])) for g in grades),
            round(sum(float(g["seconds"]) for g in grades), 3),
            verdicts,
        )


def exam_passes(record: AttemptRecord, pass_mark: Decimal, rounds: int) -> bool:
    """An exam passes when it was submitted complete (every one of its ``rounds`` graded) and
    its mean score reaches the pass mark; an abandoned or unfinished exam fails."""
    complete = sum(1 for r in record.rounds if r.grade is not None) >= rounds
    return (
        record.status is Status.SUBMITTED
        and complete
        and record.summary is not None
        and record.summary.score >= pass_mark
    )


def _mean(values: Iterable[Decimal]) -> Decimal:
    items = list(values)
    return (sum(items, Decimal(0)) / len(items)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


class ChainHead(Struct, frozen=True):
    """Where an attempt's step chain ends: its last link and how many links it has."""

    head: str
    links: int


class AttemptRecord(Struct, frozen=True):
    id: int
    uid: str
    trainee: TraineeRecord
    lesson_id: str
    game: str
    mode: str
    may_resume: bool
    requires_signature: bool
    time_limit: float | None
    status: Status
    started_at: datetime
    finished_at: datetime | None
    summary: Summary | None
    rounds: tuple[RoundRecord, ...]
    steps: tuple[StepEntry, ...]
    key_id: str | None = None
    signature: Mapping[str, Any] | None = None
    signed_result: str | None = None
    signed_at: datetime | None = None
    pass_mark: Decimal | None = None
    """An exam's pass mark as its file set it when the attempt began (None before revision 3,
    and for lessons)."""
    rounds_required: int | None = None
    forms: tuple[FormEntry, ...] = ()
    chain_key_id: str | None = None
    """The school key whose secret keys the step chain and the deal seeds (revision 4)."""
    chain: ChainHead | None = None
    """The stored chain's end (None for an attempt without a chain)."""
    links: tuple[tuple[str, str], ...] = ()
    """The stored step chain: (item, link) in order."""

    @property
    def signed(self) -> bool:
        return self.signature is not None

    @property
    def passed(self) -> bool | None:
        """Whether an exam attempt passed against the pass mark stored with it (None when
        none is stored: a lesson, or an exam recorded before revision 3)."""
        if self.pass_mark is None:
            return None
        return exam_passes(self, self.pass_mark, self.rounds_required or 0)

    def round_steps(self, round_index: int) -> tuple[StepEntry, ...]:
        return tuple(s for s in self.steps if s.round_index == round_index)
