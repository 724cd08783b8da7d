"""Tamper evidence: a signed result whose score, verdict, time or amount is edited — in the
database with SQL, or in an exported file — is caught, and the edit is named."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import PASSWORD, Records
from sqlalchemy import text
from store_support import UTH_GAME, plain_source, play_round

from dealer_trainer.store import Store
from dealer_trainer.store.verify import check_attempt, check_file, check_records

EDITS = {
    "score": ("UPDATE attempts SET score = '100' WHERE id = :a", "grade.score"),
    "verdict": (
        "UPDATE step_records SET verdict = 'correct' "
        "WHERE attempt_id = :a AND verdict = 'wrong amount'",
        ".verdict: signed 'wrong amount', now 'correct'",
    ),
    "step time": (
        'UPDATE step_records SET at = at - 0.5 WHERE attempt_id = :a AND "index" = 2',
        "steps[2].at",
    ),
    "record time": (
        "UPDATE step_records SET recorded_at = (SELECT started_at FROM attempts WHERE id = :a) "
        'WHERE attempt_id = :a AND "index" = 1',
        "steps[1].recorded_at",
    ),
    "finish time": (
        "UPDATE attempts SET finished_at = started_at WHERE id = :a",
        "attempt.finished_at",
    ),
    "amount": (
        'UPDATE step_records SET amount = amount + 5 WHERE attempt_id = :a AND "index" = 1',
        "steps[1].amount",
    ),
    "round grade": (
        "UPDATE attempt_rounds SET score = '100' WHERE attempt_id = :a AND \"index\" = 1",
        "rounds[1].score",
    ),
    "deleted step": (
        'DELETE FROM step_records WHERE attempt_id = :a AND "index" = 4',
        "steps[4]: signed",
    ),
    "status": (
        "UPDATE attempts SET status = 'abandoned' WHERE id = :a",
        "attempt.status: signed 'submitted', now 'abandoned'",
    ),
    "pass mark": ("UPDATE attempts SET pass_mark = '50' WHERE id = :a", "attempt.pass_mark"),
    "rounds required": (
        "UPDATE attempts SET rounds_required = 1 WHERE id = :a",
        "attempt.rounds_required",
    ),
    "form score": (
        "UPDATE form_records SET score = '100' WHERE attempt_id = :a",
        "forms[1].score",
    ),
    "deleted form": (
        "DELETE FROM form_records WHERE attempt_id = :a",
        "forms: signed",
    ),
    "table text": (
        "UPDATE attempt_rounds SET source_text = source_text || ' ' WHERE attempt_id = :a",
        "rounds[1].source.text",
    ),
}


def test_a_signed_result_verifies(store: Store, signed_exam: int) -> None:
    record = store.attempt(signed_exam)
    assert record.pass_mark == 99 and record.rounds_required == 2
    assert record.passed is False, "one round has mistakes: the mean is under 99"
    assert record.signed_result is not None
    signed = json.loads(record.signed_result)
    assert signed["attempt"]["pass_mark"] == "99" and signed["grade"]["passed"] is False
    assert [f["index"] for f in signed["forms"]] == [1] and not record.forms[0].perfect
    assert record.signed and record.key_id in store.key_ids()
    assert record.signature is not None and record.signature["algorithm"] == "Ed25519"
    assert check_attempt(record, store.unlock_keys(PASSWORD)).ok


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_every_edit_in_the_database_is_caught(store: Store, signed_exam: int, edit: str) -> None:
    sql, named = EDITS[edit]
    with store.engine.begin() as connection:
        changed = connection.execute(text(sql), {"a": signed_exam}).rowcount
    assert changed >= 1
    keys = store.unlock_keys(PASSWORD)
    check = check_attempt(store.attempt(signed_exam), keys)
    assert not check.ok
    assert any(named in problem for problem in check.problems), check.problems
    assert check_records(store.attempts(), keys) == [check]  # what results verify checks


def test_editing_the_signed_copy_too_is_caught(store: Store, signed_exam: int) -> None:
    """Change the score in the records and in the signed copy alike: the copy's HMAC fails."""
    record = store.attempt(signed_exam)
    assert record.signed_result is not None and record.summary is not None
    forged = json.loads(record.signed_result)
    forged["grade"]["score"] = "100"
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE attempts SET score = '100', signed_result = :s WHERE id = :a"),
            {"s": json.dumps(forged, sort_keys=True, separators=(",", ":")), "a": signed_exam},
        )
    check = check_attempt(store.attempt(signed_exam), store.unlock_keys(PASSWORD))
    assert "the signed copy (signed_result) no longer matches its signature" in check.problems


def test_dropping_the_signature_of_an_exam_is_caught(store: Store, signed_exam: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE attempts SET signature = NULL, signed_result = NULL WHERE id = :a"),
            {"a": signed_exam},
        )
    check = check_attempt(store.attempt(signed_exam), store.unlock_keys(PASSWORD))
    assert check.problems == ("a submitted exam result without a signature",)


def test_old_results_verify_after_the_key_is_rotated(store: Store, signed_exam: int) -> None:
    first_key = store.attempt(signed_exam).key_id
    new_key = store.rotate_key(PASSWORD)
    keys = store.unlock_keys(PASSWORD)
    assert keys.current == new_key != first_key and store.key_ids() == [first_key, new_key]
    trainee = store.attempt(signed_exam).trainee
    second = store.start_attempt(trainee.id, "uth-plain-table-exam", UTH_GAME, "exam")
    play_round(store, second, plain_source(seed=9))
    assert store.finish_attempt(second, keys=keys).key_id == new_key
    checks = check_records(store.attempts(), keys)
    assert [c.ok for c in checks] == [True, True]


def test_a_result_signed_with_an_unknown_key_fails(store: Store, signed_exam: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM school_keys"))
    store.generate_key(PASSWORD)  # a fresh key cannot vouch for the old result
    check = check_attempt(store.attempt(signed_exam), store.unlock_keys(PASSWORD))
    assert any("not one of the school's keys" in p for p in check.problems)


def test_edits_straight_into_the_sqlite_file(signed_sqlite: Records, tmp_path: Path) -> None:
    """The way a trainee would try it: the sqlite3 module on the station's file, no app code."""
    from dealer_trainer.store import open_store

    database, attempt = signed_sqlite.file, signed_sqlite.attempt
    for sql, named in EDITS.values():
        copy = tmp_path / "edited.sqlite3"
        shutil.copy(database, copy)
        connection = sqlite3.connect(copy)
        with connection:
            assert connection.execute(sql.replace(":a", str(attempt))).rowcount >= 1
        connection.close()
        with open_store(f"sqlite:///{copy}") as edited:
            check = check_attempt(edited.attempt(attempt), edited.unlock_keys(PASSWORD))
        assert any(named in p for p in check.problems), (sql, check.problems)


# --- exported files ------------------------------------------------------------------------------


def exported(store: Store, attempt: int, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "result.json"
    store.export_result(attempt, path)
    return path, json.loads(path.read_text())


def _first_wrong(data: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in data["result"]["steps"] if s["verdict"] == "wrong amount")


FILE_EDITS = {
    "score": (lambda d: d["result"]["grade"].__setitem__("score", "100"), "grade: edited"),
    "verdict": (lambda d: _first_wrong(d).__setitem__("verdict", "correct"), "step "),
    "timestamp": (
        lambda d: d["result"]["steps"][1].__setitem__("recorded_at", "2020-01-01T00:00:00+00:00"),
        "step 2: edited",
    ),
    "amount": (
        lambda d: d["result"]["steps"][0].__setitem__("amount", "99999"),
        "step 1: edited",
    ),
    "trainee": (
        lambda d: d["result"]["trainee"].__setitem__("name", "Bob Ray"),
        "attempt: edited",
    ),
    "deleted step": (lambda d: d["result"]["steps"].pop(4), "step 5: signed, now missing"),
    "pass mark": (
        lambda d: d["result"]["attempt"].__setitem__("pass_mark", "50"),
        "attempt: edited",
    ),
    "passed": (lambda d: d["result"]["grade"].__setitem__("passed", True), "grade: edited"),
    "form entry": (
        lambda d: d["result"]["forms"][0]["entries"].__setitem__("last_opened", "2026-01-01"),
        "form 1: edited",
    ),
}


def test_an_exported_result_verifies(store: Store, signed_exam: int, tmp_path: Path) -> None:
    path, data = exported(store, signed_exam, tmp_path)
    assert data["signature"]["key_id"] == store.attempt(signed_exam).key_id
    assert data["signature"]["algorithm"] == "Ed25519" and data["signature"]["value"]
    assert check_file(path, store.unlock_keys(PASSWORD)).ok


@pytest.mark.parametrize("edit", sorted(FILE_EDITS))
def test_every_edit_of_an_exported_file_is_caught(
    store: Store, signed_exam: int, tmp_path: Path, edit: str
) -> None:
    change, named = FILE_EDITS[edit]
    path, data = exported(store, signed_exam, tmp_path)
    change(data)
    path.write_text(json.dumps(data, indent=2))
    keys = store.unlock_keys(PASSWORD)
    check = check_file(path, keys)
    assert not check.ok and any(named in p for p in check.problems), check.problems
    # With the database's signed copy at hand, the field itself is named.
    record = store.attempt(signed_exam)
    assert record.signed_result is not None
    detailed = check_file(path, keys, {record.uid: record.signed_result})
    assert any("signed" in p and "now" in p for p in detailed.problems), detailed.problems


def test_a_file_that_is_not_a_result(store: Store, signed_exam: int, tmp_path: Path) -> None:
    keys = store.unlock_keys(PASSWORD)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert not check_file(broken, keys).ok
    broken.write_text('{"result": {}}')
    assert check_file(broken, keys).problems == ("the result has no signature",)
    assert check_file(tmp_path / "missing.json", keys).problems == ("no such file",)
