"""Every storage test runs on a real SQLite file, and on a real PostgreSQL server when
``DEALER_TRAINER_TEST_POSTGRES`` holds its URL (``.ci/run`` starts one with ``.ci/postgres``).

Each PostgreSQL test gets a schema of its own (created here, dropped afterwards) and reaches it
through ``search_path`` in the URL, so tests never see each other's tables, migrations
included, and the server needs no CREATEDB right.

A test that asks for ``signed_exam`` starts from a copy of records holding one: playing and
signing that exam cost a third of a second or more, so each module records it once per
database (``signed_records``) and every test tampers with a copy of its own.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from scrypt_support import cheap_credentials
from sqlalchemy import create_engine, inspect, make_url, text

from dealer_trainer.store import Store, open_store
from dealer_trainer.store.models import Base

POSTGRES_ENV = "DEALER_TRAINER_TEST_POSTGRES"
NO_POSTGRES = (
    f"{POSTGRES_ENV} is not set: the PostgreSQL run of the storage tests needs a server URL "
    "(.ci/postgres starts one and prints it)"
)
PASSWORD = "correct horse battery"


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES_ENV, "").strip() or None


@dataclass(frozen=True)
class Records:
    """A database holding one signed exam (``store_support.signed_exam_attempt``), left as
    it was recorded: tests copy it (``copy_records``), never open it."""

    url: str
    schema: str | None
    attempt: int

    @property
    def file(self) -> Path:
        """The SQLite file (for SQLite records)."""
        return Path(make_url(self.url).database or "")


@contextmanager
def postgres_schema() -> Iterator[tuple[str, str]]:
    """A new, empty schema on the test server, and a URL that reaches it; dropped afterwards."""
    server = postgres_url()
    if server is None:
        pytest.skip(NO_POSTGRES)
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(server)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False), schema
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def copy_records(records: Records, url: str) -> None:
    """Make the database at ``url`` (a new SQLite file, or an empty schema) a copy of
    ``records``: the SQLite file byte for byte; on PostgreSQL the schema as the migrations
    make it, then every row and each sequence where the original left it."""
    if records.schema is None:
        shutil.copy(records.file, make_url(url).database or "")
        return
    open_store(url).close()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            tables = set(inspect(connection).get_table_names()) - {"alembic_version"}
            assert tables == set(Base.metadata.tables), "a table the copy would leave out"
            source = f'"{records.schema}"'
            for table in Base.metadata.sorted_tables:
                name = f'"{table.name}"'
                connection.execute(text(f"INSERT INTO {name} SELECT * FROM {source}.{name}"))
            sequences = connection.execute(
                text("SELECT sequencename FROM pg_sequences WHERE schemaname = :s"),
                {"s": records.schema},
            ).scalars()
            for sequence in list(sequences):
                connection.execute(
                    text(
                        f"SELECT setval('\"{sequence}\"', last_value, is_called) "
                        f'FROM {source}."{sequence}"'
                    )
                )
    finally:
        engine.dispose()


def _signed(url: str, schema: str | None) -> Records:
    """Records of one signed exam at ``url``, with credentials at the tests' scrypt cost
    (the autouse ``cheap_scrypt`` is not in force yet for a module fixture)."""
    from store_support import signed_exam_attempt

    with pytest.MonkeyPatch.context() as patch, open_store(url) as store:
        cheap_credentials(patch)
        return Records(url, schema, signed_exam_attempt(store, PASSWORD))


@pytest.fixture(scope="module")
def signed_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Records:
    folder = tmp_path_factory.mktemp("signed")
    return _signed(f"sqlite:///{folder / 'records.sqlite3'}", None)


@pytest.fixture(scope="module")
def signed_postgresql() -> Iterator[Records]:
    with postgres_schema() as (url, schema):
        yield _signed(url, schema)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    """The database a test runs on; module-scoped, so ``signed_records`` is built once per
    module for each."""
    if request.param == "postgresql" and postgres_url() is None:
        pytest.skip(NO_POSTGRES)
    return str(request.param)


@pytest.fixture(scope="module")
def signed_records(request: pytest.FixtureRequest, backend: str) -> Records:
    records: Records = request.getfixturevalue(f"signed_{backend}")
    return records


@pytest.fixture
def database_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> Iterator[str]:
    """The test's own database; a copy of ``signed_records`` when the test asks for
    ``signed_exam`` (copied before ``store`` opens it)."""
    template: Records | None = None
    if "signed_exam" in request.fixturenames:
        template = request.getfixturevalue("signed_records")
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
        if template is not None:
            copy_records(template, url)
        yield url
        return
    with postgres_schema() as (url, _schema):
        if template is not None:
            copy_records(template, url)
        yield url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = open_store(database_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def signed_exam(database_url: str, signed_records: Records) -> int:
    """A submitted, signed exam with mistakes, its pass mark and a form (``store_support``),
    in the test's own copy of ``signed_records``: the attempt's id."""
    return signed_records.attempt
