"""Trainees, attempts, rounds and steps: what is committed, when, and what becomes final."""

from __future__ import annotations

from datetime import UTC
from decimal import Decimal

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, StatementError
from store_support import (
    CARIBBEAN,
    FLOORPERSON_SCENARIO,
    UTH_GAME,
    plain_source,
    play_round,
)

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Judgement, TraineeAction, Verdict
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.games.procedure_steps import PROGRESSIVE_METER
from dealer_trainer.games.uth.procedure import SPOTS
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.store import (
    AttemptFinal,
    CredentialError,
    DatabaseError,
    ResumeRefused,
    RoundSource,
    Status,
    Store,
    StoreError,
    open_store,
)


def test_trainees_with_their_class(store: Store) -> None:
    ann = store.add_trainee("  Ann   Lee ", "Spring 2026")
    bob = store.add_trainee("Bob Ray")
    assert ann.name == "Ann Lee" and ann.cohort == "Spring 2026"
    assert ann.created_at.tzinfo is not None
    store.set_cohort(bob.id, "Spring 2026")
    assert [t.name for t in store.trainees("Spring 2026")] == ["Ann Lee", "Bob Ray"]
    assert store.trainee(bob.id).uid != ann.uid
    with pytest.raises(ValueError, match="name"):
        store.add_trainee("   ")


def test_each_step_is_readable_as_soon_as_it_is_recorded(store: Store, database_url: str) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth-first", UTH_GAME, "practice")
    other = open_store(database_url)
    seen: list[int] = []

    def check(index: int, _step_id: str) -> None:
        # A second connection (another station, or the app after a restart) sees it at once.
        seen.append(len(other.attempt(attempt).steps))
        assert seen[-1] == index

    play_round(store, attempt, plain_source(), on_step=check)
    other.close()
    assert seen == list(range(1, len(seen) + 1)) and len(seen) > 5


def test_a_step_record_keeps_what_the_engine_judged(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth-first", UTH_GAME, "practice")
    played = play_round(store, attempt, plain_source(), wrong_amount_at={2}, extra_at={4})
    record = store.attempt(attempt)
    assert len(record.steps) == len(played.judgements)
    for stored, judged in zip(record.steps, played.judgements, strict=True):
        assert stored.trainee_action(SPOTS) == judged.action
        assert (stored.verdict, stored.step_id) == (judged.verdict.value, judged.step_id)
        assert (stored.explanation, stored.citation) == (judged.explanation, judged.citation)
        assert stored.recorded_at.tzinfo == UTC
    verdicts = {s.verdict for s in record.steps}
    assert {"correct", "wrong amount", "not called for"} <= verdicts
    assert record.rounds[0].grade == played.grade.to_json()
    assert record.rounds[0].score == played.grade.score


def test_amounts_are_exact_to_the_meter_place(store: Store) -> None:
    """Six places survive (a meter share); nothing goes through float."""
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "meters", UTH_GAME, "practice")
    store.start_round(attempt, plain_source())
    amounts = [Decimal("0.1"), Decimal("1234567.125"), Decimal("10234.567891"), Decimal("0.30")]
    for amount in amounts:
        action = TraineeAction(SpotId(0, PROGRESSIVE_METER), Action.VERIFY_METER, amount, 1.0)
        store.record_step(attempt, Judgement(action, Verdict.NOT_CALLED_FOR, None, "x", ""))
    assert [s.amount for s in store.attempt(attempt).steps] == amounts
    with pytest.raises(DatabaseError, match="decimal places") as refused:
        action = TraineeAction(
            SpotId(0, PROGRESSIVE_METER), Action.VERIFY_METER, Decimal("0.1234567"), 1.0
        )
        store.record_step(attempt, Judgement(action, Verdict.NOT_CALLED_FOR, None, "x", ""))
    assert isinstance(refused.value.cause, StatementError)


def test_submitted_attempts_are_final(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth-first", UTH_GAME, "practice")
    played = play_round(store, attempt, plain_source())
    record = store.finish_attempt(attempt)
    assert record.status is Status.SUBMITTED and record.finished_at is not None
    assert record.summary is not None and record.summary.score == played.grade.score
    assert not record.signed  # practice needs no signature
    judgement = played.judgements[0]
    with pytest.raises(AttemptFinal):
        store.record_step(attempt, judgement)
    with pytest.raises(AttemptFinal):
        store.start_round(attempt, plain_source())
    with pytest.raises(AttemptFinal):
        store.finish_attempt(attempt)
    with pytest.raises(AttemptFinal):
        store.abandon_attempt(attempt)


def test_an_exam_cannot_be_submitted_unsigned(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth-exam", UTH_GAME, "exam")
    play_round(store, attempt, plain_source())
    with pytest.raises(CredentialError, match="exam"):
        store.finish_attempt(attempt)
    assert store.attempt(attempt).status is Status.IN_PROGRESS


def test_interrupted_attempts_and_the_resume_policy(store: Store) -> None:
    ann = store.add_trainee("Ann Lee")
    bob = store.add_trainee("Bob Ray")
    resumable = store.start_attempt(ann.id, "uth-exam", UTH_GAME, "exam", may_resume=True)
    final = store.start_attempt(ann.id, "uth-strict", UTH_GAME, "exam", may_resume=False)
    done = store.start_attempt(ann.id, "uth-first", UTH_GAME, "practice")
    store.start_attempt(bob.id, "uth-first", UTH_GAME, "practice")
    for attempt in (resumable, final, done):
        play_round(store, attempt, plain_source(), finish=False)
    store.finish_attempt(done)
    offered = store.interrupted_attempts(ann.id)
    assert [(a.id, a.may_resume) for a in offered] == [(resumable, True), (final, False)]
    assert len(offered[0].steps) > 0 and offered[0].rounds[0].grade is None
    assert store.resume_attempt(resumable).id == resumable
    with pytest.raises(ResumeRefused):
        store.resume_attempt(final)
    store.abandon_attempt(final)
    assert [a.id for a in store.interrupted_attempts(ann.id)] == [resumable]
    abandoned = store.attempt(final)
    assert abandoned.status is Status.ABANDONED and abandoned.finished_at is not None
    assert abandoned.summary is None  # no round was finished: no grade, not a grade of 0
    assert store.attempt_count(ann.id, "uth-strict") == 1


def test_rounds_steps_and_sign_offs_in_order(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "mixed", UTH_GAME, "practice")
    first = play_round(store, attempt, plain_source())
    second = play_round(store, attempt, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
    record = store.attempt(attempt)
    assert [r.index for r in record.rounds] == [first.round_index, second.round_index] == [1, 2]
    assert [s.index for s in record.steps] == list(range(1, len(record.steps) + 1))
    signoffs = [s for s in record.steps if s.kind == "signoff"]
    assert signoffs and all(s.round_index == 2 and s.floorperson == "Pat Floor" for s in signoffs)
    assert record.rounds[1].source.table_text is not None
    with pytest.raises(StoreError, match="no round 3"):
        store.finish_round(attempt, 3, first.grade)
    with pytest.raises(AttemptFinal):
        store.finish_round(attempt, 1, first.grade)


def test_steps_need_a_round_and_an_attempt(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "x", UTH_GAME, "practice")
    action = TraineeAction(SpotId(1, UthWager.ANTE), Action.PAY, Decimal(10), 1.0)
    judgement = Judgement(action, Verdict.CORRECT, "s", "", "")
    with pytest.raises(StoreError, match="no round"):
        store.record_step(attempt, judgement)
    with pytest.raises(StoreError, match="no attempt"):
        store.record_step(attempt + 99, judgement)


def test_the_database_refuses_an_unknown_status(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "x", UTH_GAME, "practice")
    with pytest.raises(IntegrityError, match=r"(?i)check"), store.engine.begin() as connection:
        connection.execute(
            text("UPDATE attempts SET status = 'passed' WHERE id = :i"), {"i": attempt}
        )
