"""The store raises its own errors: a database that fails, at opening or mid-call, surfaces as
``DatabaseError`` (the URL with any password masked, the driver's complaint, the cause), so no
module above the store needs SQLAlchemy or Alembic, and none imports them."""

from __future__ import annotations

import ast
import socket
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from dealer_trainer.store import DatabaseError, Store, StoreError, open_store

PACKAGE = Path(__file__).resolve().parents[2] / "dealer_trainer"
STORE = PACKAGE / "store"
DATABASE_LIBRARIES = {"sqlalchemy", "alembic"}


def imported_roots(path: Path) -> set[str]:
    """Every top-level package the module imports, at its head or inside a function."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_module_outside_the_store_imports_sqlalchemy_or_alembic() -> None:
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(imported_roots(path) & DATABASE_LIBRARIES)
        for path in PACKAGE.rglob("*.py")
        if STORE not in path.parents
    }
    assert {name: found for name, found in offenders.items() if found} == {}
    assert imported_roots(STORE / "database.py") >= DATABASE_LIBRARIES, "the check sees them"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_database_that_cannot_be_opened_is_named_with_its_password_masked() -> None:
    pytest.importorskip("psycopg")
    port = closed_port()
    url = f"postgresql+psycopg://trainer:s3cret@127.0.0.1:{port}/records"
    with pytest.raises(DatabaseError) as failed:
        open_store(url)
    error = failed.value
    assert error.database == f"postgresql+psycopg://trainer:***@127.0.0.1:{port}/records"
    assert error.reason.startswith("OperationalError: connection")
    assert "\n" not in error.reason
    assert isinstance(error.cause, OperationalError) and error.__cause__ is error.cause
    assert "s3cret" not in f"{error.database} {error.reason} {error}"


def test_a_write_the_database_refuses_is_a_database_error(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with open_store(f"sqlite:///{path}") as writable:
        writable.add_trainee("Ann Lee")
    read_only = Store(create_engine(f"sqlite:///file:{path}?mode=ro&uri=true"))
    with read_only:
        assert [t.name for t in read_only.trainees()] == ["Ann Lee"], "reading still works"
        with pytest.raises(DatabaseError) as failed:
            read_only.add_trainee("Bob Ray")
    error = failed.value
    assert isinstance(error, StoreError)
    assert "records.sqlite3" in error.database
    assert error.reason == "OperationalError: attempt to write a readonly database"
    assert "INSERT INTO trainees" in str(error), "the details keep the statement"
    assert isinstance(error.cause, SQLAlchemyError)


def test_a_schema_newer_than_the_app_is_a_database_error(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
    with open_store(url) as store, store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'r9999'"))
    with pytest.raises(DatabaseError, match="r9999") as failed:
        open_store(url)
    assert failed.value.database == url


def test_a_password_is_masked_even_in_a_url_sqlalchemy_cannot_read() -> None:
    url = "postgresql+psycopg://trainer:s3cret@127.0.0.1:no-port/records"
    with pytest.raises(DatabaseError) as failed:
        open_store(url)
    error = failed.value
    assert error.database == "postgresql+psycopg://trainer:***@127.0.0.1:no-port/records"
    assert "s3cret" not in f"{error.database} {error.reason} {error}"
