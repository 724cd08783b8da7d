"""Every storage test runs on a real SQLite file, and on a real PostgreSQL server when
``DEALER_TRAINER_TEST_POSTGRES`` holds its URL (``.ci/run`` starts one with ``.ci/postgres``).

Each PostgreSQL test gets a schema of its own (created here, dropped afterwards) and reaches it
through ``search_path`` in the URL, so tests never see each other's tables, migrations
included, and the server needs no CREATEDB right.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from dealer_trainer.store import Store, open_store

POSTGRES_ENV = "DEALER_TRAINER_TEST_POSTGRES"
NO_POSTGRES = (
    f"{POSTGRES_ENV} is not set: the PostgreSQL run of the storage tests needs a server URL "
    "(.ci/postgres starts one and prints it)"
)


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES_ENV, "").strip() or None


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'records.sqlite3'}"
        return
    server = postgres_url()
    if server is None:
        pytest.skip(NO_POSTGRES)
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(server)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = open_store(database_url)
    try:
        yield opened
    finally:
        opened.close()


PASSWORD = "correct horse battery"


@pytest.fixture
def signed_exam(store: Store) -> int:
    """A submitted, signed exam with mistakes, its pass mark and a form (``store_support``)."""
    from store_support import signed_exam_attempt

    return signed_exam_attempt(store, PASSWORD)
