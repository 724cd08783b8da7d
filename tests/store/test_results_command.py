"""``dealer-trainer results verify``: what it prints and its exit status."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PASSWORD
from sqlalchemy import text

from dealer_trainer.cli import main
from dealer_trainer.store import Store


def verify(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *args: str,
    password: str = PASSWORD,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(password + "\n"))
    code = main(["results", "verify", "--password-stdin", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_all_verified_exits_0(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert (code, out) == (0, "1 result checked: 1 verified, 0 edited\n")


def test_an_edited_record_is_printed_and_exits_1(
    store: Store,
    signed_exam: int,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    exported = tmp_path / "ann.json"
    store.export_result(signed_exam, exported)
    data = json.loads(exported.read_text())
    data["result"]["steps"][0]["amount"] = "1000"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE attempts SET score = '100' WHERE id = :a"), {"a": signed_exam}
        )
    signed = store.attempt(signed_exam).signed_result
    assert signed is not None
    signed_score = json.loads(signed)["grade"]["score"]

    code, out, _ = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 1
    assert out.splitlines() == [
        f"EDITED attempt {signed_exam} (Ann Lee, uth-plain-table-exam)",
        "    grade.passed: signed False, now True",  # the verdict the edited score would give
        f"    grade.score: signed '{signed_score}', now '100'",
        "1 result checked: 0 verified, 1 edited",
    ]

    # Files only (the database lends its keys and its verified signed copies).
    monkeypatch.setenv("DEALER_TRAINER_DATABASE", database_url)
    code, out, _ = verify(monkeypatch, capsys, str(exported), str(edited))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"EDITED {edited} (Ann Lee, uth-plain-table-exam)"
    assert lines[1].startswith("    steps[1].amount: signed '") and lines[1].endswith("now '1000'")
    assert lines[-1] == "2 results checked: 1 verified, 1 edited"

    code, out, _ = verify(monkeypatch, capsys, str(exported))
    assert code == 0
    assert out.splitlines()[-1] == "1 result checked: 1 verified, 0 edited"
    assert re.fullmatch(
        rf"verified {re.escape(str(exported))} \(Ann Lee, uth-plain-table-exam\): "
        r"verification code [A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}",
        out.splitlines()[0],
    )


def test_a_wrong_password_exits_2(
    store: Store,
    signed_exam: int,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = verify(monkeypatch, capsys, "--database", database_url, password="guess")
    assert (code, out) == (2, "")
    assert "wrong instructor password" in err


def test_no_password_set_exits_2(
    store: Store,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = verify(monkeypatch, capsys, "--database", database_url)
    assert code == 2 and "no instructor password is set" in err


def test_the_installed_command(store: Store, signed_exam: int, database_url: str) -> None:
    command = [sys.executable, "-m", "dealer_trainer.cli", "results", "verify", "--password-stdin"]
    done = subprocess.run(
        [*command, "--database", database_url],
        input=PASSWORD + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, "1 result checked: 1 verified, 0 edited\n")


def test_anyone_verifies_an_exported_result_with_the_public_key_alone(
    store: Store,
    signed_exam: int,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The school publishes school.pub; a casino checks a file with no database, no password."""
    exported = tmp_path / "ann.json"
    store.export_result(signed_exam, exported)
    school = tmp_path / "school.pub"
    monkeypatch.setattr(sys, "stdin", io.StringIO(PASSWORD + "\n"))
    code = main(
        [
            "results",
            "public-key",
            "--password-stdin",
            "--database",
            database_url,
            "--out",
            str(school),
        ]
    )
    capsys.readouterr()
    assert code == 0 and "PRIVATE" not in school.read_text()
    monkeypatch.setenv("DEALER_TRAINER_DATABASE", "sqlite:////nonexistent/none.sqlite3")
    code = main(["results", "verify", "--public-key", str(school), str(exported)])
    out, _ = capsys.readouterr()
    assert code == 0 and "verification code" in out and "1 verified" in out

    data = json.loads(exported.read_text())
    data["result"]["grade"]["score"] = "100"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    code = main(["results", "verify", "--public-key", str(school), str(edited)])
    out, _ = capsys.readouterr()
    assert code == 1 and "grade: edited (score 100)" in out

    other = tmp_path / "other.pub"
    other.write_text(school.read_text().replace('"keys"', '"nokeys"'))
    code = main(["results", "verify", "--public-key", str(other), str(exported)])
    _, err = capsys.readouterr()
    assert code == 2 and len(err.splitlines()) == 1 and "names no keys" in err
