"""What the store raises, in a module of its own that imports nothing.

Callers catch these instead of SQLAlchemy's errors, so no layer above the store needs to know
which database library it uses, and naming them costs no SQLAlchemy import (the store loads it
on first use; see ``dealer_trainer.store``).
"""

from __future__ import annotations


class StoreError(RuntimeError):
    """A request the records cannot honour (unknown attempt, attempt already final, ...)."""


class AttemptFinal(StoreError):
    """The attempt is no longer in progress: its record is final."""


class ResumeRefused(StoreError):
    """The exam policy of this attempt does not allow resuming it."""


class DatabaseError(StoreError):
    """The records database itself failed: it could not be opened, read or written (the file
    became read-only, the disk is full, the school's server went away, a value did not fit).

    ``database`` is the database's URL with any password masked, so the message can say where
    to look; ``reason`` is the driver's complaint on one line, without the SQL statement;
    the message (``str``) is the whole complaint, any password masked. ``cause`` is the
    database library's own error, for a log or a test.
    """

    def __init__(self, database: str, reason: str, details: str, cause: Exception) -> None:
        super().__init__(details)
        self.database = database
        self.reason = reason
        self.cause = cause

    @property
    def details(self) -> str:
        return str(self)


class ResultRefused(StoreError):
    """A result is not submitted (or an interrupted exam not resumed): its records were
    edited since they were recorded, or do not regrade to what they say. The message names
    each disagreement."""


class AssignmentError(StoreError):
    """An exam assignment that cannot be made, revoked or sat: the message says why."""
