"""Alembic's entry point: migrate the connection ``database.upgrade`` hands over.

Only the programmatic path is supported (a connection in ``config.attributes``): the app runs
the migrations itself on open, inside the caller's transaction, so a half-applied upgrade
rolls back with it.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from dealer_trainer.store.models import Base


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError(
            "the records migrations run from dealer_trainer.store.open_store (or "
            "database.upgrade), which passes a connection; offline SQL generation is not used"
        )
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
