"""The end-of-round summary: every step, how it went, and what each mistake cost.

The score is the mean of payout accuracy and procedure compliance (``Grade``), so a step's
cost is its share of each: a wrong payout loses both shares, an out-of-order step only the
procedure share, an action nothing called for adds a procedure step that is wrong.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.engine.grader import Grade, Grader, Judgement, Verdict
from dealer_trainer.engine.step import Step

HUNDRED = Decimal(100)


class SummaryLine(Struct, frozen=True):
    text: str
    verdict: Verdict | None
    """The first verdict for the step; ``None`` for a step never done."""
    attempts: int
    cost: Decimal
    """Score points lost (out of 100)."""
    explanation: str
    citation: str

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.CORRECT


def _points(share_of: int) -> Decimal:
    return HUNDRED / 2 / share_of if share_of else Decimal(0)


def summarise(grader: Grader, grade: Grade) -> list[SummaryLine]:
    steps = list(grader.procedure)
    money = [s for s in steps if s.action.moves_money]
    extras = [j for j in grade.judgements if j.verdict is Verdict.NOT_CALLED_FOR]
    procedure_point = _points(len(steps) + len(extras))
    money_point = _points(len(money))
    by_step: dict[str, list[Judgement]] = {}
    for judgement in grade.judgements:
        if judgement.step_id is not None:
            by_step.setdefault(judgement.step_id, []).append(judgement)
    lines = [
        _line(step, by_step.get(step.id, []), grader, procedure_point, money_point)
        for step in steps
    ]
    lines += [
        SummaryLine(j.action.describe(), j.verdict, 1, procedure_point, j.explanation, j.citation)
        for j in extras
    ]
    return _round_running_total(lines)


def _round_running_total(lines: list[SummaryLine]) -> list[SummaryLine]:
    """Round each cost so the rounded costs add up to the rounded total lost, as the score
    itself is rounded once, not line by line."""
    rounded: list[SummaryLine] = []
    exact = shown = Decimal(0)
    for line in lines:
        exact += line.cost
        cost = _round(exact) - shown
        shown += cost
        rounded.append(replace(line, cost=cost))
    return rounded


def _line(
    step: Step,
    judgements: list[Judgement],
    grader: Grader,
    procedure_point: Decimal,
    money_point: Decimal,
) -> SummaryLine:
    verdict = grader.scored.get(step.id)
    cost = Decimal(0)
    if verdict is not Verdict.CORRECT:
        cost += procedure_point
        if step.action.moves_money and verdict not in (Verdict.OUT_OF_ORDER,):
            cost += money_point
    first = judgements[0] if judgements else None
    explanation = first.explanation if first is not None and not first.ok else step.explanation
    return SummaryLine(
        step.describe(),
        verdict,
        len(judgements),
        cost,
        "Not done. " + step.explanation if verdict is None else explanation,
        step.citation,
    )


def _round(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
