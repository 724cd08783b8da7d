"""The grader: judges each trainee action against the procedure and explains every mistake.

Practice feeds it one action at a time for live feedback; an exam hands it the whole log at
the end. Both go through ``Grader.judge`` in log order, so replaying a saved log always gives
the same grade.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from typing import Any

from msgspec import Struct, field

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure, is_ready
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import Step
from dealer_trainer.rules.money import format_money


class Verdict(Enum):
    CORRECT = "correct"
    WRONG_AMOUNT = "wrong amount"
    WRONG_ACTION = "wrong action"
    WRONG_HAND = "wrong hand"
    OUT_OF_ORDER = "out of order"
    NOT_CALLED_FOR = "not called for"


class TraineeAction(Struct, frozen=True):
    """What the trainee did; ``at`` is seconds since settlement began."""

    spot: SpotId
    action: Action
    amount: Decimal | None = None
    at: float = 0.0
    hand: str | None = None

    @property
    def seat(self) -> int:
        return self.spot.seat

    @property
    def party(self) -> str:
        return self.spot.party

    def describe(self) -> str:
        amount = f" {format_money(self.amount)}" if self.amount is not None else ""
        hand = f" ({self.hand.lower()})" if self.hand else ""
        return f"{self.party} {self.spot.label}: {self.action.label}{hand}{amount}"

    def to_json(self) -> dict[str, Any]:
        """As recorded (action logs, stored grades, signed documents): the spot as its seat
        and label, which ``SpotCatalog.parse`` reads back."""
        data: dict[str, Any] = {
            "seat": self.seat,
            "spot": self.spot.label,
            "action": self.action.value,
            "amount": None if self.amount is None else f"{self.amount:.2f}",
            "at": self.at,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        return data


class Judgement(Struct, frozen=True):
    action: TraineeAction
    verdict: Verdict
    step_id: str | None
    explanation: str
    citation: str

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.CORRECT

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "verdict": self.verdict.value,
            "step": self.step_id,
            "explanation": self.explanation,
            "citation": self.citation,
        }


def _same_hand(action: TraineeAction, step: Step) -> bool:
    """A named hand matches whatever its spelling or case ("royal flush", "Royal Flush")."""
    assert action.hand is not None and step.hand is not None
    return " ".join(action.hand.lower().split()) == step.hand.lower()


def percent(part: int, whole: int) -> Decimal:
    if whole == 0:
        return Decimal(100)
    return (Decimal(100) * part / whole).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


class Grade(Struct, frozen=True):
    """The end-of-round result.

    Payout accuracy counts money steps settled with the right action and amount; procedure
    compliance counts every step done right and in an allowed order, against all required
    steps plus every action that was not called for; the score is their mean. Time is
    reported, and judged against a limit only when the lesson sets one.
    """

    judgements: tuple[Judgement, ...]
    missing: tuple[Step, ...]
    payout_accuracy: Decimal
    procedure_compliance: Decimal
    score: Decimal
    seconds: float
    time_limit: float | None

    @property
    def within_time(self) -> bool:
        return self.time_limit is None or self.seconds <= self.time_limit

    @property
    def perfect(self) -> bool:
        return not self.missing and all(j.ok for j in self.judgements)

    def to_json(self) -> dict[str, Any]:
        return {
            "judgements": [j.to_json() for j in self.judgements],
            "missing": [s.to_json() for s in self.missing],
            "payout_accuracy": str(self.payout_accuracy),
            "procedure_compliance": str(self.procedure_compliance),
            "score": str(self.score),
            "seconds": self.seconds,
            "time_limit": self.time_limit,
            "within_time": self.within_time,
        }


class Grader(Struct):
    """Judges actions in sequence; ``done`` maps each settled step to its verdict.

    With ``retry`` (practice), a wrong action is refused: its step stays pending until the
    trainee gets it right, but the step is scored by its first verdict, so a mistake still
    costs what it would in an exam.
    """

    procedure: Procedure
    not_called_for: Mapping[Action, str] = field(default_factory=dict)
    retry: bool = False
    hand_matcher: Callable[[Step, str], bool] | None = None
    """Whether a named hand is the step's, for games where one hand has several spellings (a
    pai gow split with either of two equal aces low); plain text comparison otherwise."""
    done: dict[str, Verdict] = field(default_factory=dict)
    scored: dict[str, Verdict] = field(default_factory=dict)
    judgements: list[Judgement] = field(default_factory=list)

    def pending(self) -> list[Step]:
        return [s for s in self.procedure if s.id not in self.done]

    def available(self) -> list[Step]:
        return self.procedure.available(self.done)

    def judge(self, action: TraineeAction) -> Judgement:
        return self.record(self._judge(action))

    def record(self, judgement: Judgement) -> Judgement:
        """Count a judgement (the grader's own, or a refusal the session makes)."""
        if judgement.step_id is not None:
            self.scored.setdefault(judgement.step_id, judgement.verdict)
            if judgement.ok or not self.retry:
                self.done[judgement.step_id] = judgement.verdict
        self.judgements.append(judgement)
        return judgement

    def _judge(self, action: TraineeAction) -> Judgement:
        key = (action.spot, action.action)
        same = [s for s in self.procedure.by_key.get(key, ()) if s.id not in self.done]
        if same:
            step = next((s for s in same if is_ready(s, self.done)), same[0])
            return self._judge_matching(action, step)
        if action.action.settles_wager:
            other = next(
                (s for s in self.pending() if s.spot == action.spot and s.action.settles_wager),
                None,
            )
            if other is not None:
                return Judgement(
                    action,
                    Verdict.WRONG_ACTION,
                    other.id,
                    f"{other.party} {other.spot.label} is a {other.action.label}, not a "
                    f"{action.action.label}: {other.explanation}",
                    other.citation,
                )
        return self._not_called_for(action)

    def _judge_matching(self, action: TraineeAction, step: Step) -> Judgement:
        waiting = self.procedure.missing_predecessors(step, self.done)
        if waiting:
            first = waiting[0]
            rule = f" {step.order_rule}" if step.order_rule else ""
            return Judgement(
                action,
                Verdict.OUT_OF_ORDER,
                step.id,
                f"Too early: {step.describe()} comes after {first.describe()}.{rule}",
                step.citation,
            )
        if step.amount is not None and action.amount != step.amount:
            given = "no amount" if action.amount is None else format_money(action.amount)
            return Judgement(
                action,
                Verdict.WRONG_AMOUNT,
                step.id,
                f"{step.explanation} The amount is {format_money(step.amount)}, not {given}.",
                step.citation,
            )
        if step.hand is not None and action.hand is not None and not self._same_hand(action, step):
            return Judgement(
                action,
                Verdict.WRONG_HAND,
                step.id,
                f"The hand is {step.hand.lower()}, not {action.hand.lower()}: {step.explanation}",
                step.citation,
            )
        return Judgement(action, Verdict.CORRECT, step.id, step.explanation, step.citation)

    def _not_called_for(self, action: TraineeAction) -> Judgement:
        if (action.spot, action.action) in self.procedure.by_key:
            return Judgement(
                action,
                Verdict.NOT_CALLED_FOR,
                None,
                f"{action.party} {action.spot.label}: {action.action.label} was already done.",
                "",
            )
        reason = self.not_called_for.get(action.action, "")
        return Judgement(
            action,
            Verdict.NOT_CALLED_FOR,
            None,
            f"Nothing calls for {action.describe()}. {reason}".strip(),
            "",
        )

    def _same_hand(self, action: TraineeAction, step: Step) -> bool:
        assert action.hand is not None
        if self.hand_matcher is not None:
            return self.hand_matcher(step, action.hand)
        return _same_hand(action, step)

    def finish(self, seconds: float | None = None, time_limit: float | None = None) -> Grade:
        if seconds is None:
            seconds = max((j.action.at for j in self.judgements), default=0.0)
        missing = tuple(self.pending())
        money_steps = [s for s in self.procedure if s.action.moves_money]
        money_right = sum(
            1
            for s in money_steps
            if self.scored.get(s.id) in (Verdict.CORRECT, Verdict.OUT_OF_ORDER)
        )
        extras = sum(1 for j in self.judgements if j.verdict is Verdict.NOT_CALLED_FOR)
        correct = sum(1 for v in self.scored.values() if v is Verdict.CORRECT)
        payout = percent(money_right, len(money_steps))
        procedure = percent(correct, len(self.procedure) + extras)
        score = ((payout + procedure) / 2).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        return Grade(tuple(self.judgements), missing, payout, procedure, score, seconds, time_limit)


def grade_log(
    procedure: Procedure,
    actions: Iterable[TraineeAction],
    *,
    not_called_for: Mapping[Action, str] | None = None,
    seconds: float | None = None,
    time_limit: float | None = None,
    hand_matcher: Callable[[Step, str], bool] | None = None,
) -> Grade:
    grader = Grader(procedure, dict(not_called_for or {}), hand_matcher=hand_matcher)
    for action in actions:
        grader.judge(action)
    return grader.finish(seconds, time_limit)
