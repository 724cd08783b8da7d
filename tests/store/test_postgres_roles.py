"""The PostgreSQL roles of ``docs/security.md``, applied as a school would apply them: a
station's login records and submits a whole exam, but cannot rewrite the signed result, delete
an attempt, or touch the steps, the ledger or the keys.

The SQL is read from the document itself, so the set-up a school copies is the one tested. It
runs against the CI server (``.ci/postgres`` gives its user CREATEROLE); each run makes its own
schema and station role and drops both.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import NO_POSTGRES, PASSWORD, postgres_url
from sqlalchemy import Engine, create_engine, make_url, text
from sqlalchemy.exc import DBAPIError
from store_support import signed_exam_attempt

from dealer_trainer.store import open_store

DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def role_sql() -> str:
    """The ```sql block under "A shared PostgreSQL server" in docs/security.md."""
    text_ = DOC.read_text(encoding="utf-8")
    section = text_[text_.index("A shared PostgreSQL server") :]
    found = re.search(r"```sql\n(.*?)```", section, re.S)
    assert found, "docs/security.md lost its role set-up SQL"
    return found.group(1)


def statements(sql: str) -> list[str]:
    """Split on ``;`` at the end of a line, keeping the dollar-quoted function body whole."""
    out, current, in_body = [], [], False
    for line in sql.splitlines():
        if line.lstrip().startswith("--") and not in_body:
            continue
        current.append(line)
        if line.count("$$") % 2:
            in_body = not in_body
        if not in_body and line.rstrip().endswith(";"):
            out.append("\n".join(current).strip())
            current = []
    return [s for s in out if s]


@dataclass
class Server:
    owner_url: str
    station_url: str
    admin: Engine
    schema: str
    station: str


@pytest.fixture
def server() -> Iterator[Server]:
    url = postgres_url()
    if url is None:
        pytest.skip(NO_POSTGRES)
    owner = make_url(url)
    schema = f"t_{secrets.token_hex(6)}"
    station = f"station_{secrets.token_hex(4)}"
    password = secrets.token_hex(12)
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        connection.execute(text(f"CREATE ROLE {station} LOGIN PASSWORD '{password}'"))
    path = {"options": f"-csearch_path={schema}"}
    owner_url = owner.update_query_dict(path).render_as_string(hide_password=False)
    station_url = (
        owner.set(username=station, password=password)
        .update_query_dict(path)
        .render_as_string(hide_password=False)
    )
    try:
        yield Server(owner_url, station_url, admin, schema, station)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            connection.execute(
                text(f'REVOKE CONNECT ON DATABASE "{owner.database}" FROM {station}')
            )
            connection.execute(text(f"DROP ROLE {station}"))
        admin.dispose()


def apply_roles(server: Server) -> None:
    """The document's SQL with the school's names replaced by this run's: the owner role is the
    CI user, the station role this run's, the database the CI database, the schema this run's.
    Creating the owner and the database is the installer's job, done already."""
    owner = make_url(server.owner_url)
    sql = role_sql()
    sql = sql.replace("ON DATABASE dealer_trainer ", f'ON DATABASE "{owner.database}" ')
    sql = sql.replace("SCHEMA public", f'SCHEMA "{server.schema}"')
    sql = sql.replace("trainer_station", server.station)
    sql = sql.replace("'trainer_owner'", f"'{owner.username}'")
    chosen = [s for s in statements(sql) if not s.startswith(("CREATE ROLE", "CREATE DATABASE"))]
    assert any(s.startswith("CREATE TRIGGER") for s in chosen)
    owner_engine = create_engine(server.owner_url)
    try:
        with owner_engine.begin() as connection:
            for statement in chosen:
                connection.execute(text(statement))
    finally:
        owner_engine.dispose()


def refused(url: str, statement: str) -> str:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text(statement))
    except DBAPIError as error:
        return str(error.orig)
    finally:
        engine.dispose()
    return ""


def test_a_station_records_a_whole_exam_but_cannot_rewrite_it(server: Server) -> None:
    # The instructor's station (the owner) creates the tables; then the roles are applied.
    with open_store(server.owner_url) as instructor:
        instructor.set_instructor_password(PASSWORD)
        instructor.generate_key(PASSWORD)
    apply_roles(server)

    # A station plays and submits a signed exam with its own login.
    with open_store(server.station_url) as store:
        attempt = signed_exam_attempt(store, PASSWORD, make_keys=False)
        record = store.attempt(attempt)
        assert record.signed and record.summary is not None

    station = server.station_url
    assert "signed: it cannot be changed" in refused(
        station, f"UPDATE attempts SET score = 100 WHERE id = {attempt}"
    )
    assert "permission denied" in refused(station, f"DELETE FROM attempts WHERE id = {attempt}")
    for table in (
        "step_records",
        "chain_links",
        "ledger_entries",
        "school_keys",
        "key_ring",
        "school_profile",
    ):
        assert "permission denied" in refused(station, f"UPDATE {table} SET id = id"), table
        assert "permission denied" in refused(station, f"DELETE FROM {table}"), table
    assert "permission denied" in refused(
        station, f"UPDATE attempts SET lesson_id = 'other' WHERE id = {attempt}"
    )

    # The owner still can (a logged key migration re-signs results).
    assert (
        refused(server.owner_url, f"UPDATE attempts SET score = score WHERE id = {attempt}") == ""
    )


def test_a_station_reads_and_completes_assignments_but_cannot_make_or_change_them(
    server: Server,
) -> None:
    from store_support import UTH_GAME, plain_source, play_round

    exam = "uth-plain-table-exam"
    with open_store(server.owner_url) as instructor:
        instructor.set_instructor_password(PASSWORD)
        instructor.generate_key(PASSWORD)
        keys = instructor.unlock_keys(PASSWORD)
        ann = instructor.add_trainee("Ann Lee")
        instructor.assign_exam(
            [ann.id],
            lesson_id=exam,
            lesson_sha256="ab" * 32,
            title="UTH exam",
            assigned_by="Dana Reyes",
            due=None,
            keys=keys,
        )
    apply_roles(server)

    with open_store(server.station_url) as store:
        [assigned] = store.assignments(trainee_id=ann.id)
        assert assigned.counts
        keys = store.unlock_keys(PASSWORD)  # the examiner, at the station
        attempt = store.start_attempt(
            ann.id, exam, UTH_GAME, "exam", keys=keys, assignment=assigned.uid
        )
        play_round(store, attempt, plain_source())
        store.finish_attempt(attempt, keys=keys)
        assert store.assignments(trainee_id=ann.id)[0].state.value == "completed"

    station = server.station_url
    for statement in (
        "UPDATE exam_assignments SET due = NULL",
        "UPDATE exam_assignments SET revoked_at = NULL, revoke_signature = NULL",
        "DELETE FROM exam_assignments",
        "INSERT INTO exam_assignments (uid, trainee_id, lesson_id, lesson_sha256, title, "
        f"assigned_by, assigned_at, key_id, signature) SELECT 'x', {ann.id}, 'e', 's', 't', "
        "'i', now(), key_id, signature FROM exam_assignments",
    ):
        assert "permission denied" in refused(station, statement), statement
    assert refused(server.owner_url, "UPDATE exam_assignments SET title = title") == ""
