"""The grader on a small hand-built procedure: every verdict, every legal order, every swap."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grader, TraineeAction, Verdict, grade_log
from dealer_trainer.engine.procedure import Procedure, ProcedureError
from dealer_trainer.engine.spot import SpotCatalog, SpotId, SpotKind, TableSpot
from dealer_trainer.engine.step import Step

D = Decimal


class Kind(SpotKind):
    ANTE = "Ante"
    BLIND = "Blind"
    TRIPS = "Trips"
    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"
    CARDS = "Cards"


SPOTS = SpotCatalog([*Kind, *TableSpot])


def at(seat: int, label: str) -> SpotId:
    return SPOTS.parse(seat, label)


def step(id: str, seat: int, spot: str, action: Action, amount: str | None, *after: str) -> Step:
    return Step(
        id,
        at(seat, spot),
        action,
        None if amount is None else D(amount),
        tuple(after),
        "§ 653b.2(b)",
        f"{spot} explanation.",
        "Settle from the dealer's right.",
    )


def small_procedure() -> Procedure:
    """Seat 2 before seat 1; in a seat the base wager, then the bonus, verify, credit, discard."""
    return Procedure(
        (
            step("s2.ante", 2, "Ante", Action.PAY, "10"),
            step("s2.trips", 2, "Trips", Action.PAY, "70", "s2.ante"),
            step("s2.fchb.verify", 2, "Five Card Hand Bonus", Action.VERIFY_HAND, None, "s2.trips"),
            step(
                "s2.fchb.credit",
                2,
                "Five Card Hand Bonus",
                Action.CREDIT_GAME_ACCOUNT,
                "50",
                "s2.fchb.verify",
            ),
            step("s2.discard", 2, "Cards", Action.DISCARD, None, "s2.ante", "s2.fchb.credit"),
            step("s1.ante", 1, "Ante", Action.COLLECT, "10", "s2.discard"),
            step("s1.blind", 1, "Blind", Action.COLLECT, "10", "s2.discard"),
            step("s1.discard", 1, "Cards", Action.DISCARD, None, "s1.ante", "s1.blind"),
        )
    )


def act(s: Step, amount: Decimal | None = None) -> TraineeAction:
    return TraineeAction(s.spot, s.action, s.amount if amount is None else amount)


def test_the_canonical_order_grades_perfect() -> None:
    procedure = small_procedure()
    grade = grade_log(procedure, [act(s) for s in procedure])
    assert grade.perfect
    assert grade.score == grade.payout_accuracy == grade.procedure_compliance == D(100)


@pytest.mark.parametrize(
    ("given", "said"),
    [("-10", "not -$10"), ("10.005", "not $10.005"), ("1000", "not $1,000"), ("0", "not $0")],
)
def test_a_wrong_amount_is_said_as_money_is_written_everywhere(given: str, said: str) -> None:
    procedure = small_procedure()
    judged = Grader(procedure).judge(act(procedure.by_id["s2.ante"], D(given)))
    assert judged.verdict is Verdict.WRONG_AMOUNT
    assert judged.explanation.endswith(f"The amount is $10, {said}.")


def test_each_kind_of_mistake_gets_its_verdict_and_explanation() -> None:
    procedure = small_procedure()
    grader = Grader(procedure, {Action.CALL_FLOORPERSON: "Only 500 for 1 and meter payouts."})
    early = grader.judge(act(procedure.by_id["s1.ante"]))
    assert early.verdict is Verdict.OUT_OF_ORDER
    assert "comes after Seat 2 Cards: discard" in early.explanation
    assert "dealer's right" in early.explanation
    wrong_amount = grader.judge(act(procedure.by_id["s2.ante"], D(20)))
    assert wrong_amount.verdict is Verdict.WRONG_AMOUNT
    assert "$10, not $20" in wrong_amount.explanation
    wrong_action = grader.judge(TraineeAction(at(2, "Trips"), Action.COLLECT, D(5)))
    assert wrong_action.verdict is Verdict.WRONG_ACTION
    assert "is a pay, not a collect" in wrong_action.explanation
    extra = grader.judge(TraineeAction(at(2, "Five Card Hand Bonus"), Action.CALL_FLOORPERSON))
    assert extra.verdict is Verdict.NOT_CALLED_FOR
    assert "Only 500 for 1" in extra.explanation
    again = grader.judge(act(procedure.by_id["s2.ante"]))
    assert again.verdict is Verdict.NOT_CALLED_FOR and "already done" in again.explanation
    grade = grader.finish()
    assert {s.id for s in grade.missing} == set(procedure.by_id) - {
        "s1.ante",
        "s2.ante",
        "s2.trips",
    }
    assert not grade.perfect
    # money steps: s2.ante wrong, s2.trips wrong action, s1.ante right amount but early
    assert grade.payout_accuracy == D(20)  # 1 of 5 money steps
    assert grade.procedure_compliance == D(0)


def test_replaying_a_log_gives_the_identical_grade() -> None:
    procedure = small_procedure()
    log = [act(s) for s in reversed(procedure.steps)]
    assert grade_log(procedure, log) == grade_log(procedure, log)


def test_procedures_refuse_unknown_links_and_duplicate_ids() -> None:
    with pytest.raises(ProcedureError, match="unknown step 'nope'"):
        Procedure((step("a", 1, "Ante", Action.PAY, "1", "nope"),))
    with pytest.raises(ProcedureError, match="share the id"):
        Procedure((step("a", 1, "Ante", Action.PAY, "1"), step("a", 1, "Blind", Action.PAY, "1")))


@st.composite
def legal_orders(draw: st.DrawFn, procedure: Procedure) -> list[str]:
    done: list[str] = []
    while len(done) < len(procedure):
        choices = procedure.available(done)
        done.append(draw(st.sampled_from(choices)).id)
    return done


@settings(max_examples=200, deadline=None)
@given(legal_orders(small_procedure()))
def test_every_legal_order_grades_perfect(order: list[str]) -> None:
    procedure = small_procedure()
    grade = grade_log(procedure, [act(procedure.by_id[i]) for i in order])
    assert grade.perfect


@settings(max_examples=200, deadline=None)
@given(legal_orders(small_procedure()), st.data())
def test_a_swap_that_breaks_a_constraint_is_caught(order: list[str], data: st.DataObject) -> None:
    procedure = small_procedure()
    i = data.draw(st.integers(0, len(order) - 2))
    j = data.draw(st.integers(i + 1, len(order) - 1))
    swapped = list(order)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    grade = grade_log(procedure, [act(procedure.by_id[x]) for x in swapped])
    assert grade.perfect == procedure.is_legal_order(swapped)
    if not procedure.is_legal_order(swapped):
        assert any(j.verdict is Verdict.OUT_OF_ORDER for j in grade.judgements)


def test_verifying_names_the_hand_and_a_wrong_name_is_explained() -> None:
    verify = Step(
        "s2.fchb.verify",
        at(2, "Five Card Hand Bonus"),
        Action.VERIFY_HAND,
        None,
        (),
        "§ 639a.11(c)(6)",
        "Verify the flush before it is paid.",
        hand="Flush",
    )
    grader = Grader(Procedure((verify,)))
    wrong = grader.judge(TraineeAction(verify.spot, Action.VERIFY_HAND, hand="Straight"))
    assert wrong.verdict is Verdict.WRONG_HAND
    assert "The hand is flush, not straight" in wrong.explanation
    grader = Grader(Procedure((verify,)))
    right = grader.judge(TraineeAction(verify.spot, Action.VERIFY_HAND, hand="  flush "))
    assert right.verdict is Verdict.CORRECT
    assert grader.finish().perfect
