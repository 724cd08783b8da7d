"""Opening the records database: make the engine, bring the schema to the newest revision.

Every open brings the schema to the newest revision, so a station that was updated upgrades
its file, or the school's shared server, the first time it starts: nobody has to remember a
separate upgrade step, and no station writes to a schema it does not know. A schema already at
the shipped head is recognised from its ``alembic_version`` row alone, without loading Alembic
(a tenth of a second or more of every start).
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import URL, Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import ArgumentError, DBAPIError

from dealer_trainer.store.errors import DatabaseError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "head"
SHIPPED_HEAD = "r0006"
"""The newest migration in ``migrations/versions`` (a test holds it to Alembic's own answer)."""

_MIGRATION_LOCK = 0x44540009
"""PostgreSQL advisory lock held while migrating: two stations starting at once against the
shared server must not both try to create the tables."""


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


SQLITE_HEADER = b"SQLite format 3\x00"


class UnrecognisedRecords(ValueError):
    """The records file exists but is not a Dealer Trainer records database (empty, another
    program's, or not a database at all): it is left untouched."""


def check_sqlite_file(path: Path) -> None:
    """Refuse to initialise over a file the app does not recognise: a file that exists is
    opened only when it is an SQLite database holding this app's schema version table (or no
    table at all beside it). A missing file is fine: it will be created, readable by its
    owner only."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if path.is_dir():
        raise UnrecognisedRecords(f"{path} is a folder, not a records file")
    if size == 0:
        raise UnrecognisedRecords(
            f"{path} is empty (0 bytes): not a Dealer Trainer records file. It was left "
            "untouched: restore the records from a backup, or move the file away to start anew"
        )
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise UnrecognisedRecords(
            f"{path} is not an SQLite database: not a Dealer Trainer records file. It was left "
            "untouched"
        )
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
    except sqlite3.DatabaseError as error:
        raise UnrecognisedRecords(f"{path} cannot be read as a database: {error}") from None
    finally:
        connection.close()
    if "alembic_version" not in tables:
        raise UnrecognisedRecords(
            f"{path} is another program's database (no Dealer Trainer schema version), or an "
            "empty one: it was left untouched"
        )


def _create_private(path: Path) -> None:
    """Create the records file (and its folder) readable and writable by its owner only."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return


def _sqlite_path(url: URL) -> Path | None:
    """The file of an SQLite URL (None for memory or SQLite's own ``file:`` URI form, which
    is opened as given)."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if url.database.startswith("file:"):
        return None
    return Path(url.database).expanduser()


def new_sqlite_file(url: str) -> Path | None:
    """The SQLite file ``url`` names when it does not exist yet (None otherwise)."""
    path = _sqlite_path(make_url(url))
    return None if path is None or path.exists() else path


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite, the file is checked (``check_sqlite_file``) or
    created 0600, and foreign keys are enforced (SQLite leaves them off per connection unless
    asked). ``UnrecognisedRecords`` for a file that is not this app's records;
    ``DriverMissing`` for a database this app has no driver for."""
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        path = _sqlite_path(parsed)
        if path is not None and path.exists():
            check_sqlite_file(path)
        elif path is not None:
            _create_private(path)
    else:
        kwargs["pool_pre_ping"] = True
    try:
        engine = create_engine(url, **kwargs)
    except ImportError as error:
        raise DriverMissing(
            f"no database driver for {parsed.get_backend_name()!r} ({error}): the trainer keeps "
            "records in SQLite or PostgreSQL (postgresql+psycopg://user@host/database)"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


class DriverMissing(ValueError):
    """The URL names a database the trainer has no driver for."""


class NewerSchema(ValueError):
    """The records were written by a newer version of the app."""


def upgrade(engine: Engine, revision: str = HEAD) -> None:
    """Migrate the database to ``revision`` (the newest by default) in one transaction.
    ``NewerSchema`` when the records are at a revision this version does not know; Alembic's
    ``CommandError`` as ``DatabaseError``. A database already at the shipped head is left
    without loading Alembic at all."""
    with engine.begin() as connection:
        if revision == HEAD and _stored_revisions(connection) == [SHIPPED_HEAD]:
            return
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        from alembic import command
        from alembic.util import CommandError

        found = current_revision(connection)
        if found is not None and found not in _known_revisions():
            raise NewerSchema(
                f"the records are at schema revision {found!r}, which this version of Dealer "
                f"Trainer does not know (it knows up to {head_revision()!r}): they were written "
                "by a newer version. Update the app on this station; the records were left "
                "untouched"
            )
        config = alembic_config()
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, revision)
        except CommandError as error:
            raise database_error(engine.url, error) from error


def _known_revisions() -> set[str]:
    """Every revision the shipped migrations know (loading them all: asked only of records
    that have a revision, never of a new database)."""
    from alembic.script import ScriptDirectory

    return {
        script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()
    }


def _stored_revisions(connection: Connection) -> list[str]:
    """The revisions recorded in Alembic's version table, read with plain SQL; none for a new
    database."""
    if not inspect(connection).has_table("alembic_version"):
        return []
    rows = connection.execute(text("SELECT version_num FROM alembic_version"))
    return [str(row[0]) for row in rows]


def downgrade(engine: Engine, revision: str) -> None:
    """Migrate back to ``revision``: for tests and for a school rolling back an update."""
    from alembic import command

    with engine.begin() as connection:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def current_revision(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError(f"no migrations found in {MIGRATIONS}")
    return head


_PASSWORD_IN_URL = re.compile(r"://[^:/@]*:(?P<password>[^@]*)@")
"""The password in a URL that SQLAlchemy could not even parse."""


def database_error(url: URL | str, error: Exception) -> DatabaseError:
    """The store's own error for ``error`` (SQLAlchemy's or Alembic's) from the database at
    ``url``: the URL and the complaint with any password masked, the complaint also on one
    line without the SQL statement and its parameters, for a message to a person."""
    password: str | None
    try:
        parsed = url if isinstance(url, URL) else make_url(url)
    except (ArgumentError, ValueError):
        shown = str(url)
        found = _PASSWORD_IN_URL.search(shown)
        password = found.group("password") if found else None
        if password:
            shown = shown.replace(password, "***")
    else:
        shown = parsed.render_as_string(hide_password=True)
        password = None if parsed.password is None else str(parsed.password)
    if isinstance(error, DBAPIError) and error.orig is not None:
        line = f"{type(error.orig).__name__}: {error.orig}"
    else:
        line = str(error)
    details = str(error)
    if password:
        line = line.replace(password, "***")
        details = details.replace(password, "***")
    reason = " ".join(line.split("\n", 1)[0].split()) or type(error).__name__
    return DatabaseError(shown, reason, details, error)
