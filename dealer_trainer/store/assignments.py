"""Exam assignments: an instructor assigns an exam to a trainee, and only then does the start
screen offer it.

A trainee can write their station's records, so an assignment is signed with the school key
when an instructor makes it (in the instructor area, with the key ring unlocked), and again
when one is revoked. What is signed names the assignment, the trainee (by uid, so a row moved
to another trainee no longer verifies), the exam's lesson id and the SHA-256 of its file as it
was assigned, its title, the instructor, the time and the due date. A row that does not verify
(planted, or edited after it was signed) is ignored wherever assignments count and reported as
a problem on the instructor's dashboard.

Completion is not a column a station writes: an exam started from an assignment names it in
the trainee's signed exam ledger (``ledger``), and the ledger's signed ``submitted`` entry
for that attempt is what completes it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from datetime import date, datetime

from msgspec import Struct

from dealer_trainer.store.crypto import KeyRing, PublicKeys, canonical
from dealer_trainer.store.errors import AssignmentError
from dealer_trainer.store.ledger import LedgerEvent, LedgerRow
from dealer_trainer.store.types import time_text
from dealer_trainer.vocabulary import Vocabulary

FORMAT = "dealer-trainer exam assignment"
REVOKED_FORMAT = "dealer-trainer exam assignment revoked"
MAX_NAME = 200

__all__ = [
    "Assignment",
    "AssignmentError",
    "AssignmentRecord",
    "AssignmentState",
    "Completion",
    "Revocation",
    "assignment_problems",
    "clean_instructor",
    "completions",
]


class AssignmentState(Vocabulary, noun="an assignment state"):
    OPEN = "open"
    COMPLETED = "completed"
    REVOKED = "revoked"


def clean_instructor(name: str) -> str:
    """The assigning instructor's name as it is signed: one line, spaces collapsed."""
    clean = " ".join(name.split())
    if not clean:
        raise AssignmentError("the instructor who assigns the exam gives their name")
    if len(clean) > MAX_NAME or any(unicodedata.category(c).startswith("C") for c in clean):
        raise AssignmentError(f"the instructor's name is one line of at most {MAX_NAME} characters")
    return clean


class Assignment(Struct, frozen=True):
    """What an instructor signs when assigning an exam."""

    uid: str
    trainee_uid: str
    lesson_id: str
    lesson_sha256: str
    title: str
    assigned_by: str
    assigned_at: datetime
    due: date | None

    def signed_bytes(self) -> bytes:
        return canonical(
            {
                "format": FORMAT,
                "assignment": self.uid,
                "trainee": self.trainee_uid,
                "lesson": self.lesson_id,
                "lesson_sha256": self.lesson_sha256,
                "title": self.title,
                "assigned_by": self.assigned_by,
                "assigned_at": time_text(self.assigned_at),
                "due": None if self.due is None else self.due.isoformat(),
            }
        )

    def sign(self, keys: KeyRing) -> tuple[str, str]:
        key_id = keys.signing_key()
        return key_id, keys.sign(key_id, self.signed_bytes())


class Revocation(Struct, frozen=True):
    revoked_by: str
    revoked_at: datetime

    def signed_bytes(self, assignment: Assignment, signature: str) -> bytes:
        """Bound to the assignment's own signature: a revocation cannot be moved to another."""
        return canonical(
            {
                "format": REVOKED_FORMAT,
                "assignment": assignment.uid,
                "assignment_signature": signature,
                "revoked_by": self.revoked_by,
                "revoked_at": time_text(self.revoked_at),
            }
        )


class AssignmentRecord(Struct, frozen=True):
    """One stored assignment, as verified against the public keys it was read with."""

    id: int
    trainee_id: int
    trainee: str
    assignment: Assignment
    key_id: str
    revocation: Revocation | None
    completed_by: str | None
    """The uid of the exam attempt whose signed ledger entry completed it."""
    completed_at: datetime | None
    problems: tuple[str, ...] = ()

    @property
    def verified(self) -> bool:
        return not self.problems

    @property
    def uid(self) -> str:
        return self.assignment.uid

    @property
    def lesson_id(self) -> str:
        return self.assignment.lesson_id

    @property
    def title(self) -> str:
        return self.assignment.title

    @property
    def due(self) -> date | None:
        return self.assignment.due

    @property
    def state(self) -> AssignmentState:
        if self.revocation is not None:
            return AssignmentState.REVOKED
        if self.completed_by is not None:
            return AssignmentState.COMPLETED
        return AssignmentState.OPEN

    @property
    def counts(self) -> bool:
        """A verified assignment, neither revoked nor completed: the trainee may sit it."""
        return self.verified and self.state is AssignmentState.OPEN

    def overdue(self, today: date) -> bool:
        return self.due is not None and self.state is AssignmentState.OPEN and today > self.due

    @property
    def subject(self) -> str:
        """How the dashboard names it among problems."""
        return f"exam assignment {self.uid} ({self.trainee}, {self.lesson_id})"


def assignment_problems(
    assignment: Assignment,
    key_id: str,
    signature: str,
    revocation: Revocation | None,
    revoke_key_id: str | None,
    revoke_signature: str | None,
    public: PublicKeys,
) -> list[str]:
    problems: list[str] = []
    if not public.verify(key_id, assignment.signed_bytes(), signature):
        problems.append(
            "its signature does not verify: it was not made in the instructor area, or was "
            "edited since (trainee, exam, instructor, dates): it is ignored"
        )
    if revocation is not None and not public.verify(
        revoke_key_id or "", revocation.signed_bytes(assignment, signature), revoke_signature or ""
    ):
        problems.append("its revocation does not verify (edited or planted)")
    return problems


class Completion(Struct, frozen=True):
    trainee_id: int
    attempt_uid: str
    at: datetime | None


def completions(ledger: Iterable[LedgerRow], public: PublicKeys) -> Mapping[str, Completion]:
    """Which assignments the signed ledger says are completed, by assignment uid: the attempt
    whose submission completed it, and when. Entries whose signature fails count for
    nothing."""
    done: dict[str, Completion] = {}
    for row in ledger:
        if row.event != LedgerEvent.SUBMITTED.value:
            continue
        assignment = row.fields.get("assignment")
        if not isinstance(assignment, str) or assignment in done:
            continue
        if not public.verify(row.key_id, row.document.encode("utf-8"), row.signature):
            continue
        at = row.fields.get("at")
        try:
            moment = datetime.fromisoformat(at) if isinstance(at, str) else None
        except ValueError:
            moment = None
        done[assignment] = Completion(row.trainee_id, row.attempt_uid, moment)
    return done
