"""The end-of-round summary: every step with its first verdict, its attempts and what it cost,
the costs adding up to what the score lost."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from practice_support import (
    FLOORPERSON,
    GOLDEN,
    act_step,
    check_settled_table,
    dealt_round,
    golden_round,
    session_for,
    settle_by_the_book,
    snapshot,
    table_count,
)

from dealer_trainer.engine.actions import RESOLUTIONS, Action
from dealer_trainer.engine.grader import Grade, Verdict
from dealer_trainer.engine.spot import SpotId, TableSpot
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.practice.rounds import load_round
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.practice.summary import SummaryLine, summarise

D = Decimal
TOLERANCE = D("0.5")


def total_cost(lines: list[SummaryLine]) -> Decimal:
    return sum((line.cost for line in lines), D(0))


def test_perfect_round_costs_nothing() -> None:
    round_ = golden_round("fchb_royal_flush_dealer_split")
    session = session_for(round_)
    settle_by_the_book(session)
    grade = session.finish()
    lines = summarise(session.grader, grade)
    assert [line.text for line in lines] == [s.describe() for s in round_.procedure]
    assert all(line.ok and line.attempts == 1 and line.cost == 0 for line in lines)
    assert [line.citation for line in lines] == [s.citation for s in round_.procedure]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_stopping_at_once_costs_everything(path: Path) -> None:
    round_ = load_round(path)
    session = session_for(round_)
    grade = session.finish()
    assert grade.score == 0
    lines = summarise(session.grader, grade)
    assert all(line.verdict is None and line.attempts == 0 for line in lines)
    assert all(line.explanation.startswith("Not done.") for line in lines)
    assert abs(total_cost(lines) - 100) <= TOLERANCE


def test_line_costs_add_up_to_the_points_lost_on_long_rounds() -> None:
    worst = D(0)
    for seed in range(300):
        round_ = dealt_round(0, seed)  # every ch. 653b option: the longest procedures
        session = session_for(round_)
        grade = session.finish()
        lines = summarise(session.grader, grade)
        worst = max(worst, abs(total_cost(lines) - (100 - grade.score)))
    assert worst <= TOLERANCE


def test_an_action_nothing_called_for_is_its_own_line() -> None:
    round_ = golden_round("trips_c_flush")
    session = session_for(round_)
    extra = session.act(SpotId(DEALER, TableSpot.TABLE), Action.COLLECT_COMMISSION, D(5))
    assert extra.verdict is Verdict.NOT_CALLED_FOR
    assert "no commission" in extra.explanation
    settle_by_the_book(session)
    grade = session.finish()
    lines = summarise(session.grader, grade)
    assert len(lines) == len(round_.procedure) + 1
    *steps, last = lines
    assert all(line.cost == 0 for line in steps)
    assert last.verdict is Verdict.NOT_CALLED_FOR
    assert last.text == extra.action.describe()
    assert abs(last.cost - D(50) / (len(round_.procedure) + 1)) <= D("0.05")
    assert grade.payout_accuracy == 100
    assert abs(total_cost(lines) - (100 - grade.score)) <= TOLERANCE


# --- 9. random mistakes over random rounds ------------------------------------------------------

MISTAKES = ("amount", "action", "hand", "early", "extra")


def make_mistake(session: PracticeSession, step: Step, kind: str) -> tuple[Verdict, str | None]:
    """One wrong action just before ``step`` is due; return the verdict and step it must get."""
    grader = session.grader
    if kind == "amount":
        assert step.amount is not None
        judgement = act_step(session, step, amount=step.amount + D("1.00"))
        expected: tuple[Verdict, str | None] = (Verdict.WRONG_AMOUNT, step.id)
    elif kind == "action":
        taken = {s.action for s in grader.pending() if (s.seat, s.spot) == (step.seat, step.spot)}
        other = next(a for a in sorted(RESOLUTIONS, key=lambda a: a.value) if a not in taken)
        judgement = act_step(session, step, action=other)
        expected = (Verdict.WRONG_ACTION, step.id)
    elif kind == "hand":
        judgement = act_step(session, step, hand="Nothing at all")
        expected = (Verdict.WRONG_HAND, step.id)
    elif kind == "early":
        available = grader.available()
        later = next(s for s in grader.pending() if s not in available)
        judgement = act_step(session, later)
        expected = (Verdict.OUT_OF_ORDER, later.id)
    else:
        judgement = session.act(SpotId(DEALER, TableSpot.TABLE), Action.COLLECT_COMMISSION, D(5))
        expected = (Verdict.NOT_CALLED_FOR, None)
    assert (judgement.verdict, judgement.step_id) == expected, judgement.explanation
    assert judgement.explanation
    return expected


def possible(session: PracticeSession, step: Step) -> list[str]:
    kinds = ["extra"]
    if step.amount is not None:
        kinds.append("amount")
    if step.action in RESOLUTIONS:
        kinds.append("action")
    if step.hand is not None:
        kinds.append("hand")
    available = session.grader.available()
    if any(s not in available for s in session.grader.pending()):
        kinds.append("early")
    return kinds


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    table=st.integers(0, 3),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_random_mistakes_cost_what_the_summary_says(
    table: int, seed: int, data: st.DataObject
) -> None:
    assert table_count() == 4
    round_ = dealt_round(table, seed)
    steps = list(round_.procedure)
    planned = data.draw(
        st.dictionaries(st.integers(0, len(steps) - 1), st.integers(0, 99), max_size=5),
        label="mistakes (step index -> mistake)",
    )
    session = session_for(round_)
    first: dict[str, Verdict] = {}
    extras = 0
    wrong = 0
    for index, step in enumerate(steps):
        if index in planned:
            kinds = possible(session, step)
            kind = kinds[planned[index] % len(kinds)]
            event(f"mistake: {kind}")
            before = snapshot(session.state)
            verdict, step_id = make_mistake(session, step, kind)
            wrong += 1
            assert session.state == before, "a refused action moved something"
            assert not session.is_over
            if step_id is None:
                extras += 1
            else:
                first.setdefault(step_id, verdict)
        judgement = act_step(session, step)
        assert judgement.ok, judgement.explanation
        if step.action is Action.CALL_FLOORPERSON:
            session.sign_off(step.id, FLOORPERSON)

    # Every step eventually done right: the round is over and the felt is settled.
    assert session.is_over
    grade: Grade = session.finish()
    assert not grade.missing
    check_settled_table(round_, session)

    assert 0 <= grade.score <= 100
    assert (grade.score == 100) == (wrong == 0) == grade.perfect
    assert sum(1 for j in grade.judgements if not j.ok) == wrong

    lines = summarise(session.grader, grade)
    assert len(lines) == len(steps) + extras
    for line, step in zip(lines, steps, strict=False):
        assert line.text == step.describe()
        assert line.verdict is first.get(step.id, Verdict.CORRECT)
        assert (line.cost > 0) == (step.id in first)
        assert line.attempts >= 1
    assert all(line.verdict is Verdict.NOT_CALLED_FOR for line in lines[len(steps) :])
    assert abs(total_cost(lines) - (100 - grade.score)) <= TOLERANCE
