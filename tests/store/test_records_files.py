"""Records that cannot be used are refused with one clear line and left untouched: an empty or
foreign file, a schema from a newer version, a database without a driver here, corrupt rows,
a malformed file. New records files are created readable by their owner only."""

from __future__ import annotations

import io
import sqlite3
import stat
import sys
from pathlib import Path

import pytest
from conftest import PASSWORD
from sqlalchemy import text

from dealer_trainer.cli import main
from dealer_trainer.store import DatabaseError, open_store
from dealer_trainer.store.settings import remember_trainee


def verify(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(PASSWORD + "\n"))
    code = main(["results", "verify", "--password-stdin", "--database", url])
    out, err = capsys.readouterr()
    return code, out, err


def refused_untouched(path: Path, match: str) -> None:
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match=match):
        open_store(f"sqlite:///{path}")
    assert path.read_bytes() == before, "the file was left untouched"


def test_a_new_records_file_and_the_station_file_are_private(tmp_path: Path) -> None:
    path = tmp_path / "new" / "records.sqlite3"
    open_store(f"sqlite:///{path}").close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    station = tmp_path / "config" / "station.json"
    remember_trainee("abc", station)
    assert stat.S_IMODE(station.stat().st_mode) == 0o600


def test_an_empty_records_file_is_refused_not_initialised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"")
    refused_untouched(path, "is empty")
    code, out, err = verify(monkeypatch, capsys, f"sqlite:///{path}")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and "is empty" in err
    assert path.stat().st_size == 0


def test_a_foreign_database_and_a_file_that_is_no_database_are_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
    refused_untouched(foreign, "another program's database")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"these are not records\n" * 100)
    refused_untouched(garbage, "not an SQLite database")


def test_a_malformed_records_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        store.add_trainee("Ann Lee")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    with pytest.raises(DatabaseError):
        open_store(f"sqlite:///{path}")


def test_records_from_a_newer_schema_are_refused_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "records.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store, store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'r0099'"))
    refused_untouched(path, "written by a newer version")
    code, out, err = verify(monkeypatch, capsys, url)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and "'r0099'" in err


def test_a_database_without_a_driver_here(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = verify(monkeypatch, capsys, "mysql://u@h/db")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "no database driver for 'mysql'" in err


def test_corrupt_rows_end_verify_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "records.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        store.set_instructor_password(PASSWORD)
        store.generate_key(PASSWORD)
        trainee = store.add_trainee("Ann Lee")
        store.start_attempt(trainee.id, "uth-first", "Ultimate Texas Hold 'Em", "practice")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE trainees SET name = CAST(x'ff00fe' AS TEXT)")
    code, out, err = verify(monkeypatch, capsys, url)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "cannot read the records" in err
