"""A practice session judges each step live: right steps move the felt, wrong ones are refused
and explained, floorperson calls wait for a signature, and the grade comes at the end."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from practice_support import (
    FLOORPERSON,
    GOLDEN,
    FakeClock,
    act_step,
    check_settled_table,
    dealt_round,
    golden_round,
    session_for,
    settle_and_check,
    settle_by_the_book,
    snapshot,
    write_envy_scenario,
)
from spot_support import by_seat, meter_names

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Judgement, Verdict
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import Step
from dealer_trainer.games.uth.procedure import ORDER_SEATS
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.practice.rounds import DealtRound, load_round
from dealer_trainer.practice.session import HintUnavailable, Mode, PracticeSession
from dealer_trainer.practice.summary import summarise
from dealer_trainer.practice.table import TableState

D = Decimal


def step_by_id(round_: DealtRound, step_id: str) -> Step:
    return round_.procedure.by_id[step_id]


def settle_until(session: PracticeSession, step_id: str) -> None:
    """Settle by the book up to (not including) ``step_id``, signing off floorperson calls."""
    for step in session.procedure:
        if step.id == step_id:
            return
        assert act_step(session, step).ok
        if step.action is Action.CALL_FLOORPERSON:
            session.sign_off(step.id, FLOORPERSON)
    raise AssertionError(f"no step {step_id}")


# --- 1. a perfect settlement of every golden scenario -----------------------------------------


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_golden_scenario_settles_perfectly(path: Path) -> None:
    round_ = load_round(path)
    session, grade = settle_and_check(round_)
    assert grade.payout_accuracy == 100
    assert grade.procedure_compliance == 100
    assert session.progress == (len(round_.procedure), len(round_.procedure))
    assert len(session.signoffs) == sum(
        1 for s in round_.procedure if s.action is Action.CALL_FLOORPERSON
    )


def test_envy_bonus_round_settles_perfectly(tmp_path: Path) -> None:
    round_ = load_round(write_envy_scenario(tmp_path))
    actions = {s.action for s in round_.procedure}
    assert {Action.ACKNOWLEDGE_ENVY, Action.PAY_ENVY, Action.HOLD_FOR_DOCUMENTATION} <= actions
    session, _ = settle_and_check(round_)
    state = session.state
    # The straight flush was held for documentation, then its cards went to the rack.
    assert state.hand_held(6) and not state.cards_on_table(6)
    assert state.announced[6] == "Straight flush"
    assert by_seat(state.payouts)[(3, "Envy Bonus (seat 6's hand)")] == D(100)
    assert state.inventory == round_.setup.inventory - D(570) - D(100)


def test_held_player_hand_leaves_once_documented() -> None:
    round_ = golden_round("fchb_royal_flush_player")
    session, _ = settle_and_check(round_)
    assert by_seat(session.state.held) == {(4, "Five Card Hand Bonus"): D(25000)}
    assert not session.state.cards_on_table(4)
    assert sorted(session.state.discarded) == [1, 4]
    assert meter_names(session.state.meters)["Five Card Hand Bonus meter"] == D(10000)


def test_round_ends_only_with_the_last_step() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    session = session_for(round_)
    *first, last = round_.procedure
    for step in first:
        assert act_step(session, step).ok
        assert not session.is_over
    assert act_step(session, last).ok
    assert session.is_over
    with pytest.raises(RuntimeError, match="over"):
        act_step(session, last)


# --- 2. a wrong amount is refused, redone, and charged ----------------------------------------


def test_wrong_amount_is_refused_and_redone() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    session = session_for(round_)
    ante = step_by_id(round_, "s7.ante")
    assert (ante.action, ante.amount) == (Action.PAY, D(10))
    before = snapshot(session.state)

    wrong = act_step(session, ante, amount=D(12))

    assert wrong.verdict is Verdict.WRONG_AMOUNT
    assert wrong.step_id == ante.id
    assert "$10" in wrong.explanation and "not $12" in wrong.explanation
    assert ante in session.grader.pending()
    assert ante in session.grader.available()
    assert session.state == before
    assert not session.is_over

    right = act_step(session, ante)
    assert right.ok
    assert by_seat(session.state.payouts)[(7, "Ante")] == D(10)
    assert session.state.inventory == before.inventory - D(10)

    for step in round_.procedure:
        if step is not ante:
            assert act_step(session, step).ok
    grade = session.finish()
    assert (session.is_over, grade.perfect, grade.missing) == (True, False, ())
    assert grade.score < 100

    lines = summarise(session.grader, grade)
    charged = [line for line in lines if line.cost > 0]
    assert len(charged) == 1
    (line,) = charged
    assert line.text == ante.describe()
    assert line.verdict is Verdict.WRONG_AMOUNT
    assert line.attempts == 2
    assert "not $12" in line.explanation
    steps = len(round_.procedure)
    money = sum(1 for s in round_.procedure if s.action.moves_money)
    # A wrong payout loses its share of both payout accuracy and procedure compliance.
    expected = D(50) / steps + D(50) / money
    assert abs(line.cost - expected) <= D("0.05")
    assert abs(sum(x.cost for x in lines) - (100 - grade.score)) <= D("0.5")


def test_wrong_resolution_is_a_wrong_action() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    session = session_for(round_)
    ante = step_by_id(round_, "s7.ante")
    before = snapshot(session.state)
    judgement = session.act(SpotId(7, UthWager.ANTE), Action.COLLECT, D(10))
    assert judgement.verdict is Verdict.WRONG_ACTION
    assert judgement.step_id == ante.id
    assert "pay, not a collect" in judgement.explanation
    assert session.state == before
    assert act_step(session, ante).ok


# --- 3. out of order ----------------------------------------------------------------------------


def test_settling_a_seat_out_of_turn_is_refused_with_the_rule() -> None:
    round_ = golden_round("must_hit_by_hit")  # seats 5 and 2: seat 5 is settled first
    session = session_for(round_)
    seat2_ante = step_by_id(round_, "s2.ante")
    before = snapshot(session.state)

    judgement = act_step(session, seat2_ante)

    assert judgement.verdict is Verdict.OUT_OF_ORDER
    assert judgement.step_id == seat2_ante.id
    assert "Too early" in judgement.explanation
    assert "Seat 5" in judgement.explanation
    assert ORDER_SEATS in judgement.explanation
    assert "counterclockwise" in judgement.explanation
    assert session.state == before
    assert seat2_ante in session.grader.pending()

    settle_until(session, "s2.ante")
    assert act_step(session, seat2_ante).ok
    for step in round_.procedure:
        if step.id not in session.grader.done:
            assert act_step(session, step).ok
            if step.action is Action.CALL_FLOORPERSON:
                session.sign_off(step.id, FLOORPERSON)
    grade = session.finish()
    assert session.is_over
    lines = {line.text: line for line in summarise(session.grader, grade)}
    line = lines[seat2_ante.describe()]
    assert line.verdict is Verdict.OUT_OF_ORDER
    # Out of order costs the procedure share only: the amount was right.
    assert abs(line.cost - D(50) / len(round_.procedure)) <= D("0.05")
    assert grade.payout_accuracy == 100


def test_discarding_before_the_seat_is_settled_is_refused() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    session = session_for(round_)
    discard = step_by_id(round_, "s7.discard")
    judgement = act_step(session, discard)
    assert judgement.verdict is Verdict.OUT_OF_ORDER
    assert "Cards are removed only after" in judgement.explanation
    assert session.state.cards_on_table(7)
    assert session.state.discard_count == 0


# --- 4. the floorperson -------------------------------------------------------------------------


FLOOR_CASES = [
    ("must_hit_by_hit", "mhb.floorperson", "mhb.pay"),
    (
        "fchb_royal_flush_dealer_split",
        "s6.five_card_hand_bonus_dealer.floorperson",
        "s6.five_card_hand_bonus_dealer.hold",
    ),
    (
        "fchb_royal_flush_player",
        "s4.five_card_hand_bonus.floorperson",
        "s4.five_card_hand_bonus.hold",
    ),
    (
        "fchb_four_of_a_kind_player",
        "s5.five_card_hand_bonus.floorperson",
        "s5.five_card_hand_bonus.credit",
    ),
]


@pytest.mark.parametrize(("name", "call_id", "next_id"), FLOOR_CASES)
def test_payment_waits_for_the_floorperson_sign_off(name: str, call_id: str, next_id: str) -> None:
    round_ = golden_round(name)
    session = session_for(round_)
    call, after = step_by_id(round_, call_id), step_by_id(round_, next_id)
    assert call.action is Action.CALL_FLOORPERSON
    needed: list[Step] = []
    session.signoff_needed.connect(needed.append)

    settle_until(session, call_id)
    assert act_step(session, call).ok
    assert needed == [call]
    assert session.awaiting == [call]
    assert after in session.grader.available()  # the grader alone would allow it now
    before = snapshot(session.state)

    refused = act_step(session, after)

    assert not refused.ok
    assert refused.verdict is Verdict.OUT_OF_ORDER
    assert refused.step_id == after.id
    assert refused.explanation.startswith("Wait for the floorperson")
    assert call.describe() in refused.explanation
    assert session.state == before
    assert after in session.grader.pending()
    assert not session.is_over

    signed = session.sign_off(call.id, FLOORPERSON)
    assert signed.step == call
    assert signed.floorperson == FLOORPERSON
    assert session.signoffs == [signed]
    assert session.awaiting == []

    assert act_step(session, after).ok
    assert session.state != before


def test_a_dealer_hand_share_is_verified_only_after_that_players_own_wagers() -> None:
    """§ 639a.11(c)(6) (by analogy at this UTH table): the Five Card Hand Bonus is settled after
    the player's own wagers, so verifying the dealer's hand for seat 4's share before seat 4's
    Ante is settled is out of order; at seat 4's turn it is accepted, with its own floorperson."""
    round_ = golden_round("fchb_royal_flush_dealer_split")
    session = session_for(round_)
    verify = step_by_id(round_, "s4.five_card_hand_bonus_dealer.verify")
    ante = step_by_id(round_, "s4.ante")
    assert verify.seat == 4 and verify.id in round_.procedure.descendants(ante.id)
    settle_until(session, ante.id)

    early = act_step(session, verify)

    assert early.verdict is Verdict.OUT_OF_ORDER
    assert "after the player's other wagers" in early.explanation
    for step in session.procedure:  # seat 4's Ante and Blind, then its share's verification
        if step.id == verify.id:
            break
        if step in session.grader.pending():
            assert act_step(session, step).ok
    assert act_step(session, verify).ok
    call = step_by_id(round_, "s4.five_card_hand_bonus_dealer.floorperson")
    assert act_step(session, call).ok
    assert session.awaiting == [call]
    hold = step_by_id(round_, "s4.five_card_hand_bonus_dealer.hold")
    assert act_step(session, hold).verdict is Verdict.OUT_OF_ORDER
    session.sign_off(call.id, FLOORPERSON)
    assert act_step(session, hold).ok


def test_sign_off_needs_a_name_and_a_waiting_call() -> None:
    round_ = golden_round("must_hit_by_hit")
    session = session_for(round_)
    call = step_by_id(round_, "mhb.floorperson")
    with pytest.raises(ValueError, match="waiting"):
        session.sign_off(call.id, FLOORPERSON)  # not called yet
    settle_until(session, call.id)
    assert act_step(session, call).ok
    for blank in ("", "   ", "\t\n"):
        with pytest.raises(ValueError, match="name"):
            session.sign_off(call.id, blank)
    assert session.awaiting == [call]
    assert session.signoffs == []
    with pytest.raises(ValueError, match="no floorperson call"):
        session.sign_off("s5.ante", FLOORPERSON)
    signed = session.sign_off(call.id, "  J.   Alvarez ")
    assert signed.floorperson == "J. Alvarez"
    with pytest.raises(ValueError):
        session.sign_off(call.id, FLOORPERSON)  # already signed
    assert [s.floorperson for s in session.signoffs] == ["J. Alvarez"]


def test_sign_off_time_is_recorded_from_the_clock() -> None:
    round_ = golden_round("must_hit_by_hit")
    clock = FakeClock()
    session = session_for(round_, clock=clock)
    call = step_by_id(round_, "mhb.floorperson")
    settle_until(session, call.id)
    assert act_step(session, call).ok
    clock.advance(42.5)
    signed = session.sign_off(call.id, FLOORPERSON)
    assert signed.at == pytest.approx(42.5)


# --- 5. verifying the wrong hand --------------------------------------------------------------


def test_verifying_the_wrong_hand_is_refused_and_explained() -> None:
    round_ = golden_round("fchb_royal_flush_player")
    session = session_for(round_)
    verify = step_by_id(round_, "s4.five_card_hand_bonus.verify")
    assert verify.hand == "Royal flush"
    settle_until(session, verify.id)
    before = snapshot(session.state)

    judgement = act_step(session, verify, hand="Straight flush")

    assert judgement.verdict is Verdict.WRONG_HAND
    assert judgement.step_id == verify.id
    assert "royal flush" in judgement.explanation
    assert "not straight flush" in judgement.explanation
    assert session.state == before
    assert (4, "Five Card Hand Bonus") not in session.state.verified

    # Any spelling or case of the right hand is accepted.
    assert act_step(session, verify, hand="  ROYAL   flush ").ok
    assert by_seat(session.state.verified)[(4, "Five Card Hand Bonus")] == "  ROYAL   flush "
    assert session.grader.scored[verify.id] is Verdict.WRONG_HAND


# --- 6. hints -----------------------------------------------------------------------------------


def follow_hints(session: PracticeSession) -> int:
    """Do whatever the hint says until the round is over; return how many hints were used."""
    used = 0
    while not session.is_over:
        hint = session.hint()
        assert hint is not None
        used += 1
        assert used <= 2 * len(session.procedure), "hints go round in circles"
        if hint in session.awaiting:
            assert hint.action is Action.CALL_FLOORPERSON
            session.sign_off(hint.id, FLOORPERSON)
            continue
        assert hint in session.grader.available()
        assert act_step(session, hint).ok
    return used


def hint_rounds() -> list[tuple[str, DealtRound]]:
    rounds = [(path.stem, load_round(path)) for path in GOLDEN]
    rounds += [(f"table{t}-seed{seed}", dealt_round(t, seed)) for t in range(4) for seed in (1, 2)]
    return rounds


@pytest.mark.parametrize(("name", "round_"), hint_rounds(), ids=[n for n, _ in hint_rounds()])
def test_following_hints_settles_the_round_perfectly(name: str, round_: DealtRound) -> None:
    session = session_for(round_, Mode.LEARN)
    used = follow_hints(session)
    grade = session.finish()
    assert grade.perfect and grade.score == 100
    floor_calls = sum(1 for s in round_.procedure if s.action is Action.CALL_FLOORPERSON)
    assert used == len(round_.procedure) + floor_calls
    check_settled_table(round_, session)
    assert session.hint() is None


def test_hints_follow_the_envy_round(tmp_path: Path) -> None:
    round_ = load_round(write_envy_scenario(tmp_path))
    session = session_for(round_, Mode.LEARN)
    follow_hints(session)
    assert session.finish().perfect
    check_settled_table(round_, session)


def test_the_hint_is_the_next_step_in_the_dealers_order() -> None:
    round_ = golden_round("must_hit_by_hit")
    session = session_for(round_, Mode.LEARN)
    assert session.hint() == round_.procedure.steps[0]
    call = step_by_id(round_, "mhb.floorperson")
    settle_until(session, call.id)
    assert session.hint() == call
    assert act_step(session, call).ok
    assert session.hint() == call  # waiting for the floorperson's signature
    session.sign_off(call.id, FLOORPERSON)
    assert session.hint() == step_by_id(round_, "mhb.pay")


def test_no_hints_in_practice_mode() -> None:
    session = session_for(golden_round("trips_c_flush"), Mode.PRACTICE)
    with pytest.raises(HintUnavailable):
        session.hint()
    settle_by_the_book(session)
    with pytest.raises(HintUnavailable):
        session.hint()


# --- 7. events ----------------------------------------------------------------------------------


def test_events_fire_for_each_judgement_change_and_the_finish() -> None:
    round_ = golden_round("must_hit_by_hit")
    session = session_for(round_)
    order: list[str] = []
    judged: list[Judgement] = []
    changed: list[TableState] = []
    finished: list[Grade] = []
    session.judged.connect(judged.append)
    session.judged.connect(lambda _: order.append("judged"))
    session.changed.connect(changed.append)
    session.changed.connect(lambda _: order.append("changed"))
    session.finished.connect(finished.append)
    session.finished.connect(lambda _: order.append("finished"))

    acts = 0
    signoffs = 0
    for step in round_.procedure:
        if step.amount is not None:
            assert not act_step(session, step, amount=step.amount + 1).ok
            acts += 1
        assert act_step(session, step).ok
        acts += 1
        if step.action is Action.CALL_FLOORPERSON:
            session.sign_off(step.id, FLOORPERSON)
            signoffs += 1

    assert len(judged) == acts
    assert judged == session.grader.judgements
    correct = sum(1 for j in judged if j.ok)
    assert correct == len(round_.procedure)
    assert len(changed) == correct + signoffs
    assert all(state is session.state for state in changed)
    assert len(finished) == 1
    assert finished[0] is session.finish()
    assert len(finished) == 1  # finishing again does not announce it again
    # The last step's verdict is shown before the round's summary.
    assert order[-3:] == ["judged", "changed", "finished"]


def test_no_change_event_for_a_refused_action() -> None:
    round_ = golden_round("trips_c_flush")
    session = session_for(round_)
    changed: list[TableState] = []
    session.changed.connect(changed.append)
    step = round_.procedure.steps[0]
    act_step(session, step, amount=D(999))
    session.act(SpotId(3, UthWager.ANTE), Action.COLLECT_COMMISSION, D(5))
    assert changed == []
    session.changed.disconnect(changed.append)
    assert act_step(session, step).ok
    assert changed == []


def test_stopping_early_finishes_once_with_the_rest_missing() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    session = session_for(round_)
    finished: list[Grade] = []
    session.finished.connect(finished.append)
    first = round_.procedure.steps[0]
    assert act_step(session, first).ok
    grade = session.finish()
    assert session.is_over
    assert finished == [grade]
    assert len(grade.missing) == len(round_.procedure) - 1
    assert not grade.perfect
    assert session.finish() is grade
    assert finished == [grade]


# --- 8. the clock -------------------------------------------------------------------------------


def test_elapsed_time_and_action_times_come_from_the_injected_clock() -> None:
    round_ = golden_round("several_seats_counterclockwise")
    clock = FakeClock(now=123_456.0)
    session = session_for(round_, clock=clock, time_limit=10.0)
    assert session.elapsed == 0.0
    clock.advance(30)  # dealing: the clock starts with settlement
    assert session.elapsed == 0.0
    session.start()
    clock.advance(2.25)
    assert session.elapsed == pytest.approx(2.25)

    expected_at = []
    for step in round_.procedure:
        clock.advance(0.5)
        assert act_step(session, step).ok
        expected_at.append(round(clock.now - 123_486.0, 3))
    assert [a.at for a in session.log] == pytest.approx(expected_at)
    assert session.log[0].at == pytest.approx(2.75)
    times = [a.at for a in session.log]
    assert times == sorted(times)
    grade = session.finish()
    assert grade.seconds == pytest.approx(expected_at[-1])
    assert not grade.within_time  # 11.25 s against a 10 s limit
    clock.advance(1000)
    assert session.elapsed == pytest.approx(expected_at[-1])  # the clock stopped at the end


def test_first_action_starts_the_clock() -> None:
    round_ = golden_round("trips_c_flush")
    clock = FakeClock()
    session = session_for(round_, clock=clock, time_limit=60.0)
    clock.advance(100)  # before the first action nothing is timed
    steps = list(round_.procedure)
    assert act_step(session, steps[0]).ok
    clock.advance(3)
    assert not act_step(session, steps[1], amount=D("0.01")).ok
    clock.advance(4)
    for step in steps[1:]:
        assert act_step(session, step).ok
    assert [a.at for a in session.log] == [0.0, 3.0, 7.0, 7.0, 7.0, 7.0]
    grade = session.finish()
    assert grade.seconds == 7.0
    assert grade.within_time
