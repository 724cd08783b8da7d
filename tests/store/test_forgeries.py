"""Each forgery of issue 16, tried as a trainee with write access to the records would try it,
and what now catches it: submission refuses, or ``results verify`` names the change."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from conftest import PASSWORD
from sqlalchemy import text
from store_support import plain_source, play_log_round
from test_results_command import verify

from dealer_trainer.store import KeyRing, Status, Store
from dealer_trainer.store.errors import ResultRefused

EXAM = "uth-plain-table-exam"
UTH = "Ultimate Texas Hold 'Em"


def exam_in_progress(store: Store) -> tuple[int, KeyRing]:
    """An exam started by the examiner (key ring unlocked), one round played with a mistake."""
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    keys = store.unlock_keys(PASSWORD)
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(
        trainee.id, EXAM, UTH, "exam", pass_mark=Decimal(99), rounds_required=2, keys=keys
    )
    play_log_round(store, attempt, plain_source(), wrong_amount_at={3})
    return attempt, keys


def sql(store: Store, statement: str, **params: object) -> None:
    with store.engine.begin() as connection:
        connection.execute(text(statement), params)


def test_a_round_grade_edited_mid_exam_is_refused_at_submission(store: Store) -> None:
    attempt, keys = exam_in_progress(store)
    stored = store.attempt(attempt).rounds[0]
    assert stored.score is not None and stored.score < 100 and stored.grade is not None
    forged = dict(stored.grade) | {"score": "100.0"}
    sql(
        store,
        "UPDATE attempt_rounds SET score = '100.0', grade = :g WHERE attempt_id = :a",
        g=json.dumps(forged),
        a=attempt,
    )
    play_log_round(store, attempt, plain_source(seed=12))
    with pytest.raises(
        ResultRefused, match=rf"round 1: grade 100, but its step log regrades to {stored.score}"
    ):
        store.finish_attempt(attempt, keys=keys)
    assert store.attempt(attempt).status is Status.IN_PROGRESS and not store.attempt(attempt).signed


def test_a_step_edited_mid_exam_is_refused_at_submission(store: Store) -> None:
    attempt, keys = exam_in_progress(store)
    sql(store, "UPDATE step_records SET amount = amount - 5 WHERE attempt_id = :a", a=attempt)
    with pytest.raises(ResultRefused, match=r"step 1: edited since it was recorded"):
        store.finish_attempt(attempt, keys=keys)


def test_the_last_step_deleted_mid_exam_is_refused_at_submission(store: Store) -> None:
    attempt, keys = exam_in_progress(store)
    last = store.attempt(attempt).steps[-1].index
    sql(
        store,
        "DELETE FROM chain_links WHERE attempt_id = :a AND item = :i",
        a=attempt,
        i=f"step {last}",
    )
    sql(store, 'DELETE FROM step_records WHERE attempt_id = :a AND "index" = :i', a=attempt, i=last)
    with pytest.raises(ResultRefused, match="recorded items were removed or added"):
        store.finish_attempt(attempt, keys=keys)


def test_an_edited_signed_round_is_named_by_verify(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sql(store, "UPDATE step_records SET verdict = 'correct' WHERE attempt_id = :a", a=signed_exam)
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert "edited since it was recorded (chain link" in out
    assert "steps[" in out and ".verdict: signed" in out


def test_null_signature_and_no_signature_required_is_named(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sql(
        store,
        "UPDATE attempts SET signature = NULL, signed_result = NULL, key_id = NULL, "
        "requires_signature = :f WHERE id = :a",
        f=False,
        a=signed_exam,
    )
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert "the signed ledger records it submitted and signed; its signature is gone" in out
    assert "unsigned practice" not in out.splitlines()[-1] or "1 edited" in out


def test_an_attempt_reset_to_in_progress_is_named(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sql(
        store,
        "UPDATE attempts SET status = 'in progress', signature = NULL, signed_result = NULL "
        "WHERE id = :a",
        a=signed_exam,
    )
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert "the signed ledger records it submitted; the records say 'in progress'" in out


def test_a_deleted_failed_exam_is_named_and_still_counts(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = store.attempt(signed_exam)
    assert record.passed is False
    assert store.attempt_count(record.trainee.id, EXAM) == 1
    for table in ("chain_links", "step_records", "attempt_rounds", "form_records"):
        sql(store, f"DELETE FROM {table} WHERE attempt_id = :a", a=signed_exam)
    sql(store, "DELETE FROM attempts WHERE id = :a", a=signed_exam)
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert f"EDITED exam attempt {record.uid} (Ann Lee, {EXAM})" in out
    assert "the attempt was deleted from the records" in out
    assert store.attempt_count(record.trainee.id, EXAM) == 1, "no attempt is given back"


@pytest.mark.usefixtures("signed_exam")
def test_a_deleted_ledger_entry_is_named(
    store: Store,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sql(store, "DELETE FROM ledger_entries WHERE seq = 1")
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert "entry 1 is missing (the next is entry 2): deleted" in out


def test_an_edited_signed_at_is_named(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    signed = json.loads(store.attempt(signed_exam).signed_result or "{}")
    assert signed["attempt"]["signed_at"]
    sql(
        store,
        "UPDATE attempts SET signed_at = '2020-01-01T00:00:00.000000+00:00' WHERE id = :a",
        a=signed_exam,
    )
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert "attempt.signed_at: signed '" in out and "now '2020-01-01T00:00:00.000000+00:00'" in out


def test_a_reworded_explanation_regrades_but_a_changed_verdict_does_not() -> None:
    """Rewording a rule's explanation or how its section is shown (an update of the app) must
    not make every result signed before it fail to regrade; a verdict, step or amount must."""
    from dealer_trainer.store.verify import substance

    stored = {
        "judgements": [
            {
                "action": {"seat": 1, "spot": "Ante", "action": "pay", "amount": "10.00"},
                "verdict": "correct",
                "step": "s1.ante.pay",
                "explanation": "Ante pays 1 to 1 ([STANDARD] unverified)",
                "citation": "[STANDARD] unverified",
            }
        ],
        "score": "100.0",
    }
    reworded = json.loads(json.dumps(stored))
    reworded["judgements"][0]["explanation"] = "Ante pays 1 to 1 (house rule)"
    reworded["judgements"][0]["citation"] = "house rule"
    assert substance(stored) == substance(reworded)
    wrong = json.loads(json.dumps(stored))
    wrong["judgements"][0]["verdict"] = "wrong amount"
    assert substance(stored) != substance(wrong)
    paid_more = json.loads(json.dumps(stored))
    paid_more["judgements"][0]["action"]["amount"] = "20.00"
    assert substance(stored) != substance(paid_more)
