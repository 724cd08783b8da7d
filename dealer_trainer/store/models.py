"""The tables, as typed SQLAlchemy 2 models (the schema at the newest migration).

The migrations in ``migrations/versions`` create exactly these tables; a test compares the two.
What is stored is what the engine produces, kept generic: a step record holds one judged
trainee action (``engine.grader.Judgement``) or one floorperson sign-off, so a new game or a
new verb needs no new column.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from dealer_trainer.store.types import ExactDecimal, UTCDateTime

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Fixed constraint names, so a migration can name (and drop) a constraint on any backend."""

STATUSES = ("in progress", "submitted", "abandoned")
SEED = BigInteger().with_variant(Integer(), "sqlite")
"""Seeds are 64-bit on PostgreSQL (revision 3; SQLite's INTEGER already holds eight bytes)."""
STEP_KINDS = ("action", "signoff")
ROUND_KINDS = ("deal", "scenario")
GRADINGS = ("session", "log")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        Decimal: ExactDecimal(),
    }


class Trainee(Base):
    __tablename__ = "trainees"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    """Stable across databases: an exported result names its trainee by this."""
    name: Mapped[str] = mapped_column(String(200))
    cohort: Mapped[str | None] = mapped_column(String(200), index=True)
    """The class the trainee belongs to (revision 2)."""
    created_at: Mapped[datetime]

    attempts: Mapped[list[Attempt]] = relationship(back_populates="trainee")


class Attempt(Base):
    """One run of a lesson or exam by one trainee: its rounds, its steps and its grade."""

    __tablename__ = "attempts"
    __table_args__ = (
        CheckConstraint(f"status IN {STATUSES!r}", name="status"),
        Index("ix_attempts_trainee_status", "trainee_id", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    lesson_id: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(100))
    mode: Mapped[str] = mapped_column(String(20))
    may_resume: Mapped[bool] = mapped_column(Boolean)
    """Exam policy: whether an attempt left in progress (the app was killed) may be resumed."""
    requires_signature: Mapped[bool] = mapped_column(Boolean)
    """Submitting needs the school's key: exam results must be signed, practice need not be."""
    time_limit: Mapped[float | None] = mapped_column(Float(precision=53))
    """Seconds allowed per round, when the lesson sets a limit."""
    pass_mark: Mapped[Decimal | None]
    """An exam's pass mark as the exam file set it when the attempt began (revision 3), so the
    signed result says what it was judged against even after the file changes."""
    rounds_required: Mapped[int | None] = mapped_column(Integer)
    """How many rounds the exam deals: an exam submitted with fewer is not passed (rev. 3)."""
    status: Mapped[str] = mapped_column(String(20))
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]

    score: Mapped[Decimal | None]
    payout_accuracy: Mapped[Decimal | None]
    procedure_compliance: Mapped[Decimal | None]
    seconds: Mapped[float | None] = mapped_column(Float(precision=53))
    verdicts: Mapped[dict[str, int] | None] = mapped_column(JSON)
    """How many actions got each verdict, plus ``missing`` steps, over every round."""

    key_id: Mapped[str | None] = mapped_column(String(32))
    signature: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The signature block (algorithm, key id, HMAC of the result, HMAC of each part)."""
    signed_result: Mapped[str | None] = mapped_column(Text)
    """The exact canonical JSON that was signed: ``results verify`` names every field of the
    live records that no longer matches it."""
    signed_at: Mapped[datetime | None]
    chain_key_id: Mapped[str | None] = mapped_column(String(32))
    """The school key whose derived secret keys this attempt's step chain and deal seeds
    (revision 4): set when an exam starts with the key ring unlocked."""

    trainee: Mapped[Trainee] = relationship(back_populates="attempts")
    rounds: Mapped[list[AttemptRound]] = relationship(
        back_populates="attempt", order_by="AttemptRound.index"
    )
    steps: Mapped[list[StepRecord]] = relationship(
        back_populates="attempt", order_by="StepRecord.index"
    )
    forms: Mapped[list[FormRecord]] = relationship(
        back_populates="attempt", order_by="FormRecord.index"
    )
    links: Mapped[list[ChainLink]] = relationship(
        back_populates="attempt", order_by="ChainLink.seq"
    )


class AttemptRound(Base):
    """One round of an attempt and how to deal it again: a seed and a table configuration, or
    a fixed scenario, with the text of each file (so a replay on another station, where the
    lesson files lie elsewhere or have changed, deals the same cards)."""

    __tablename__ = "attempt_rounds"
    __table_args__ = (
        UniqueConstraint("attempt_id", "index", name="uq_attempt_rounds_attempt_index"),
        CheckConstraint(f"kind IN {ROUND_KINDS!r}", name="kind"),
        CheckConstraint(f"grading IN {GRADINGS!r}", name="grading"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id"))
    index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    game: Mapped[str] = mapped_column(String(100))
    seed: Mapped[int | None] = mapped_column(SEED)
    seats: Mapped[list[int] | None] = mapped_column(JSON)
    targets: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    source_path: Mapped[str] = mapped_column(Text)
    source_text: Mapped[str] = mapped_column(Text)
    source_sha256: Mapped[str] = mapped_column(String(64))
    table_ref: Mapped[str | None] = mapped_column(Text)
    table_text: Mapped[str | None] = mapped_column(Text)
    grading: Mapped[str] = mapped_column(String(20))
    """``session``: judged live as ``PracticeSession`` does (a wrong step is refused and
    retried, floorperson sign-offs); ``log``: the whole log judged at the end (``grade_log``)."""
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    seconds: Mapped[float | None] = mapped_column(Float(precision=53))
    """The settlement clock when the round ended: part of the log a replay needs."""
    score: Mapped[Decimal | None]
    grade: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """``engine.grader.Grade.to_json()`` as the round ended."""

    attempt: Mapped[Attempt] = relationship(back_populates="rounds")


class StepRecord(Base):
    """One thing the trainee did, committed the moment it was judged."""

    __tablename__ = "step_records"
    __table_args__ = (
        UniqueConstraint("attempt_id", "index", name="uq_step_records_attempt_index"),
        CheckConstraint(f"kind IN {STEP_KINDS!r}", name="kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id"))
    index: Mapped[int] = mapped_column(Integer)
    """1, 2, ... over the whole attempt, in the order things happened."""
    round_index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    step_id: Mapped[str | None] = mapped_column(String(200))
    """The procedure step the action was judged against (None when nothing called for it)."""
    action: Mapped[str | None] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer)
    spot: Mapped[str | None] = mapped_column(String(100))
    amount: Mapped[Decimal | None]
    hand: Mapped[str | None] = mapped_column(String(100))
    floorperson: Mapped[str | None] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float(precision=53))
    """Seconds since settlement of the round began (the engine's ``TraineeAction.at``)."""
    verdict: Mapped[str | None] = mapped_column(String(40))
    explanation: Mapped[str] = mapped_column(Text)
    citation: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime]

    attempt: Mapped[Attempt] = relationship(back_populates="steps")


class FormRecord(Base):
    """One completed paperwork exercise of an attempt (revision 3): the situation as the
    trainee was shown it, the entries as submitted and their grade, so the form can be graded
    again from the record alone (``store.replay``)."""

    __tablename__ = "form_records"
    __table_args__ = (
        UniqueConstraint("attempt_id", "index", name="uq_form_records_attempt_index"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id"))
    index: Mapped[int] = mapped_column(Integer)
    """1, 2, ... over the attempt's forms."""
    after_round: Mapped[int] = mapped_column(Integer)
    """How many rounds of the attempt had been started when the form was submitted."""
    exercise: Mapped[str] = mapped_column(String(100))
    seed: Mapped[int | None] = mapped_column(SEED)
    situation: Mapped[dict[str, Any]] = mapped_column(JSON)
    entries: Mapped[dict[str, Any]] = mapped_column(JSON)
    score: Mapped[Decimal]
    grade: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Each field's verdict: field, correct, given, expected, explanation, citation."""
    recorded_at: Mapped[datetime]

    attempt: Mapped[Attempt] = relationship(back_populates="forms")


class ChainLink(Base):
    """One link of an attempt's step chain (revision 4): each round start, step, round finish
    and form is bound as it is recorded, HMAC over the previous link and the item, under a
    secret derived from the unlocked school key (``crypto.chain_link``)."""

    __tablename__ = "chain_links"
    __table_args__ = (UniqueConstraint("attempt_id", "seq", name="uq_chain_links_attempt_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id"))
    seq: Mapped[int] = mapped_column(Integer)
    item: Mapped[str] = mapped_column(String(60))
    """What the link binds: ``round 2 start``, ``step 7``, ``round 2 finish``, ``form 1``."""
    link: Mapped[str] = mapped_column(String(64))

    attempt: Mapped[Attempt] = relationship(back_populates="links")


class LedgerEntry(Base):
    """One signed entry of a trainee's append-only exam ledger (revision 4): an exam started,
    submitted or abandoned. Each entry's document names its sequence number and the digest of
    the entry before it, and is signed with the school key, so a deleted, reset or reordered
    exam attempt is named by ``results verify``."""

    __tablename__ = "ledger_entries"
    __table_args__ = (UniqueConstraint("trainee_id", "seq", name="uq_ledger_entries_trainee_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    seq: Mapped[int] = mapped_column(Integer)
    attempt_uid: Mapped[str] = mapped_column(String(32))
    event: Mapped[str] = mapped_column(String(20))
    document: Mapped[str] = mapped_column(Text)
    """The canonical JSON that was signed."""
    key_id: Mapped[str] = mapped_column(String(32))
    signature: Mapped[str] = mapped_column(String(128))


class KeyRingCredential(Base):
    """The key ring's door (revision 4): the scrypt parameters and salt that derive the
    key-encryption key from the instructor password, and the check value sealed under it.
    No password hash is stored (``crypto``)."""

    __tablename__ = "key_ring"
    __table_args__ = (CheckConstraint("id = 1", name="single"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kdf: Mapped[dict[str, Any]] = mapped_column(JSON)
    check: Mapped[str] = mapped_column(Text)
    changed_at: Mapped[datetime]


class SchoolKey(Base):
    """An Ed25519 school key (revision 4): the public key in the clear, the private key sealed
    with AES-GCM under the key-encryption key. Rotating adds a key and retires the old one;
    retired keys stay so old results verify."""

    __tablename__ = "school_keys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime]
    retired_at: Mapped[datetime | None]
    public_key: Mapped[str] = mapped_column(String(64))
    wrapped: Mapped[str] = mapped_column(Text)


class KeyMigration(Base):
    """The log of the explicit migration from the first key scheme (``Store.migrate_keys``):
    one line per result re-signed or left alone, and one for the keys deleted."""

    __tablename__ = "key_migrations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime]
    line: Mapped[str] = mapped_column(Text)


class SigningKey(Base):
    """A key of the first scheme (before revision 4): an HMAC key wrapped with a hand-made pad.
    Only ``Store.migrate_keys`` reads these rows, and deletes them."""

    __tablename__ = "signing_keys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime]
    retired_at: Mapped[datetime | None]
    wrapped: Mapped[str] = mapped_column(String(64))
    check: Mapped[str] = mapped_column(String(64))


class InstructorCredential(Base):
    """The first scheme's instructor password hash (before revision 4); only
    ``Store.migrate_keys`` reads it, and deletes it."""

    __tablename__ = "instructor_credentials"
    __table_args__ = (CheckConstraint("id = 1", name="single"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    password_hash: Mapped[str] = mapped_column(Text)
    wrap_salt: Mapped[str] = mapped_column(String(64))
    changed_at: Mapped[datetime]


class SchoolProfile(Base):
    """The school's name and logo for its certificates (revision 5), signed with a school key
    so a name or logo changed at a station is refused rather than printed (``school``)."""

    __tablename__ = "school_profile"
    __table_args__ = (CheckConstraint("id = 1", name="single"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    logo: Mapped[bytes | None] = mapped_column(LargeBinary)
    key_id: Mapped[str] = mapped_column(String(32))
    signature: Mapped[str] = mapped_column(String(128))
    changed_at: Mapped[datetime]


class ExamAssignment(Base):
    """An exam an instructor assigned to one trainee (revision 6): which exam (its lesson id
    and the SHA-256 of its file as assigned), who assigned it, when, and by when. The row is
    signed with a school key when it is made and again when it is revoked (``assignments``):
    a station can read it but a forged or edited one does not verify and is ignored. Completion
    is not a column: it is the trainee's signed exam ledger naming the assignment at
    submission."""

    __tablename__ = "exam_assignments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), index=True)
    lesson_id: Mapped[str] = mapped_column(String(200))
    lesson_sha256: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    assigned_by: Mapped[str] = mapped_column(String(200))
    assigned_at: Mapped[datetime]
    due: Mapped[date | None] = mapped_column(Date)
    key_id: Mapped[str] = mapped_column(String(32))
    signature: Mapped[str] = mapped_column(String(128))
    revoked_at: Mapped[datetime | None]
    revoked_by: Mapped[str | None] = mapped_column(String(200))
    revoke_key_id: Mapped[str | None] = mapped_column(String(32))
    revoke_signature: Mapped[str | None] = mapped_column(String(128))
