"""Opening the records database: make the engine, bring the schema to the newest revision.

Every open brings the schema to the newest revision, so a station that was updated upgrades
its file, or the school's shared server, the first time it starts: nobody has to remember a
separate upgrade step, and no station writes to a schema it does not know. A schema already at
the shipped head is recognised from its ``alembic_version`` row alone, without loading Alembic
(a tenth of a second or more of every start).
"""

from __future__ import annotations

import re
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
SHIPPED_HEAD = "r0003"
"""The newest migration in ``migrations/versions`` (a test holds it to Alembic's own answer)."""

_MIGRATION_LOCK = 0x44540009
"""PostgreSQL advisory lock held while migrating: two stations starting at once against the
shared server must not both try to create the tables."""


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite, the file's folder is created and foreign keys are
    enforced (SQLite leaves them off per connection unless asked)."""
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    else:
        kwargs["pool_pre_ping"] = True
    engine = create_engine(url, **kwargs)
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def upgrade(engine: Engine, revision: str = HEAD) -> None:
    """Migrate the database to ``revision`` (the newest by default) in one transaction;
    Alembic's ``CommandError`` (a schema newer than this app knows, say) as ``DatabaseError``."""
    with engine.begin() as connection:
        if revision == HEAD and _stored_revisions(connection) == [SHIPPED_HEAD]:
            return
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        from alembic import command
        from alembic.util import CommandError

        config = alembic_config()
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, revision)
        except CommandError as error:
            raise database_error(engine.url, error) from error


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
