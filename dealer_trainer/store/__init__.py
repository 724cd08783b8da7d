"""Trainee records: profiles, attempts and every judged step, signed results, the instructor
password and the school's signing keys.

The store sits above the engine and the practice session (it records what they produce, and
replays a stored attempt through them) and below the curriculum and the GUI, which decide
what to record. It never imports Qt. See ``Store`` for the API and ``settings`` for where the
database is, ``replay.replay`` for re-grading a stored attempt and ``verify`` for checking
signed results.

The names below are loaded on first use: SQLAlchemy and Alembic take most of a second to
import, and the console commands that never touch the records should not pay for it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.store.crypto import CredentialError, KeyIntegrityError, KeyRing
    from dealer_trainer.store.errors import (
        AttemptFinal,
        DatabaseError,
        ResumeRefused,
        StoreError,
    )
    from dealer_trainer.store.records import (
        AttemptRecord,
        RoundRecord,
        Status,
        StepEntry,
        Summary,
        TraineeRecord,
    )
    from dealer_trainer.store.sources import RoundSource
    from dealer_trainer.store.store import Store, open_store

_WHERE = {
    "CredentialError": "crypto",
    "KeyIntegrityError": "crypto",
    "KeyRing": "crypto",
    "AttemptRecord": "records",
    "RoundRecord": "records",
    "Status": "records",
    "StepEntry": "records",
    "Summary": "records",
    "TraineeRecord": "records",
    "RoundSource": "sources",
    "AttemptFinal": "errors",
    "DatabaseError": "errors",
    "ResumeRefused": "errors",
    "Store": "store",
    "StoreError": "errors",
    "open_store": "store",
}

__all__ = [
    "AttemptFinal",
    "AttemptRecord",
    "CredentialError",
    "DatabaseError",
    "KeyIntegrityError",
    "KeyRing",
    "ResumeRefused",
    "RoundRecord",
    "RoundSource",
    "Status",
    "StepEntry",
    "Store",
    "StoreError",
    "Summary",
    "TraineeRecord",
    "open_store",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
