"""Each trainee's exam ledger: signed, append-only entries (an exam started, submitted,
abandoned), each naming its sequence number and the digest of the entry before it.

The attempts table can be edited by anyone who can write the records; the ledger cannot be
edited without the school key, so exam status and the attempts used are read from it, and
``check_ledger`` names every attempt deleted, reset or reordered. Deleting the newest entries
of a trainee's ledger along with their attempts cannot be seen from the records alone; the
PostgreSQL roles in docs/security.md forbid it, and each signed result names the ledger entry
its exam started at.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from dealer_trainer.store.crypto import PublicKeys
from dealer_trainer.store.types import decimal_text, now, time_text
from dealer_trainer.vocabulary import Vocabulary

if TYPE_CHECKING:
    from dealer_trainer.store.models import Attempt
    from dealer_trainer.store.records import AttemptRecord

FORMAT = "dealer-trainer ledger entry"


class LedgerEvent(Vocabulary, noun="a ledger event"):
    STARTED = "started"
    SUBMITTED = "submitted"
    ABANDONED = "abandoned"


def ledger_link(document: str, signature: str) -> str:
    """The digest an entry is named by in the next entry."""
    return hashlib.sha256(f"{document}\n{signature}".encode()).hexdigest()


def ledger_document(
    trainee_uid: str,
    seq: int,
    previous: str | None,
    attempt: Attempt,
    event: LedgerEvent,
    assignment: str | None = None,
) -> dict[str, Any]:
    """``assignment``: the uid of the exam assignment the attempt was started from (revision
    6), named in each of its entries; the ``submitted`` one completes the assignment."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "trainee": trainee_uid,
        "seq": seq,
        "previous": previous,
        "attempt": attempt.uid,
        "lesson": attempt.lesson_id,
        "event": event.value,
        "at": time_text(now()),
    }
    if assignment is not None:
        document["assignment"] = assignment
    if event is LedgerEvent.SUBMITTED:
        document["result"] = hashlib.sha256((attempt.signed_result or "").encode()).hexdigest()
        document["score"] = None if attempt.score is None else decimal_text(attempt.score)
    return document


class LedgerRow(Struct, frozen=True):
    trainee_id: int
    trainee: str
    seq: int
    attempt_uid: str
    event: str
    document: str
    key_id: str
    signature: str

    @property
    def fields(self) -> Mapping[str, Any]:
        try:
            data = json.loads(self.document)
        except (json.JSONDecodeError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    @property
    def lesson(self) -> str:
        return str(self.fields.get("lesson", ""))


def check_ledger(
    rows: Sequence[LedgerRow], public: PublicKeys, attempts: Iterable[AttemptRecord]
) -> dict[str, list[str]]:
    """Problems by subject (a trainee's ledger, or an attempt), each naming what changed."""
    found: dict[str, list[str]] = {}
    by_uid = {a.uid: a for a in attempts}
    last: dict[str, LedgerRow] = {}
    by_trainee: dict[int, list[LedgerRow]] = {}
    for row in rows:
        by_trainee.setdefault(row.trainee_id, []).append(row)
    for entries in by_trainee.values():
        subject = f"exam ledger of {entries[0].trainee}"
        previous: LedgerRow | None = None
        for expected, row in enumerate(entries, start=1):
            fields = row.fields
            if not public.verify(row.key_id, row.document.encode("utf-8"), row.signature):
                found.setdefault(subject, []).append(
                    f"entry {row.seq}: its signature does not verify (edited or planted)"
                )
            elif (
                fields.get("attempt") != row.attempt_uid
                or fields.get("event") != row.event
                or fields.get("seq") != row.seq
            ):
                found.setdefault(subject, []).append(
                    f"entry {row.seq}: its columns differ from its signed document"
                )
            if row.seq != expected:
                found.setdefault(subject, []).append(
                    f"entry {expected} is missing (the next is entry {row.seq}): deleted"
                )
            want = None if previous is None else ledger_link(previous.document, previous.signature)
            if fields.get("previous") != want:
                found.setdefault(subject, []).append(
                    f"entry {row.seq} does not follow entry {row.seq - 1}: reordered or replaced"
                )
            previous = row
            last[row.attempt_uid] = row
    for uid, row in last.items():
        subject = f"exam attempt {uid} ({row.trainee}, {row.lesson})"
        record = by_uid.get(uid)
        if record is None:
            found.setdefault(subject, []).append(
                f"the signed ledger records it {row.event} (entry {row.seq}); the attempt was "
                "deleted from the records"
            )
            continue
        status = record.status.value
        if row.event == LedgerEvent.SUBMITTED.value:
            if status != "submitted":
                found.setdefault(subject, []).append(
                    f"the signed ledger records it submitted; the records say {status!r}"
                )
            if record.signed_result is None or record.signature is None:
                found.setdefault(subject, []).append(
                    "the signed ledger records it submitted and signed; its signature is gone"
                )
            elif hashlib.sha256(record.signed_result.encode()).hexdigest() != row.fields.get(
                "result"
            ):
                found.setdefault(subject, []).append(
                    "its signed result is not the one the ledger recorded at submission"
                )
        elif status == "submitted" or record.signed:
            found.setdefault(subject, []).append(
                f"the signed ledger records it {row.event}; the records say {status!r}"
            )
    for record in by_uid.values():
        if record.chain_key_id is not None and record.requires_signature and record.uid not in last:
            found.setdefault(
                f"exam attempt {record.uid} ({record.trainee.name}, {record.lesson_id})", []
            ).append("not in the trainee's signed ledger")
    return found
