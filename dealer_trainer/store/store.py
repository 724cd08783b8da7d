"""The store: trainees, attempts and their steps, signing, and the instructor password.

Every write is its own transaction, committed before the call returns: ``record_step`` is
called as each action is judged, so killing the app mid-round or mid-exam loses nothing that
was judged, and the next start finds the attempt ``in progress`` (``interrupted_attempts``).
A submitted attempt is final: no step, round or status can be added to it through the store.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from sqlalchemy import Engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, selectinload

from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.store import crypto, legacy
from dealer_trainer.store.assignments import (
    Assignment,
    AssignmentError,
    AssignmentRecord,
    Completion,
    Revocation,
    assignment_problems,
    clean_instructor,
    completions,
)
from dealer_trainer.store.crypto import (
    CredentialError,
    KeyIntegrityError,
    KeyRing,
    PublicKeys,
    canonical,
)
from dealer_trainer.store.database import database_error, make_engine, new_sqlite_file, upgrade
from dealer_trainer.store.document import (
    form_value,
    result_document,
    round_finish,
    round_start,
    sign_document,
    step_value,
)
from dealer_trainer.store.errors import AttemptFinal, ResultRefused, ResumeRefused, StoreError
from dealer_trainer.store.ledger import LedgerEvent, LedgerRow, ledger_document, ledger_link
from dealer_trainer.store.models import (
    Attempt,
    AttemptRound,
    ChainLink,
    ExamAssignment,
    FormRecord,
    InstructorCredential,
    KeyMigration,
    KeyRingCredential,
    LedgerEntry,
    SchoolKey,
    SchoolProfile,
    SigningKey,
    StepRecord,
    Trainee,
)
from dealer_trainer.store.records import (
    AttemptRecord,
    ChainHead,
    FormEntry,
    RoundRecord,
    Status,
    StepEntry,
    Summary,
    TraineeRecord,
)
from dealer_trainer.store.school import School, check_logo, clean_name, sign_profile, verified
from dealer_trainer.store.settings import database_url
from dealer_trainer.store.sources import RoundSource, linked_meter_entry, split_linked_meters
from dealer_trainer.store.types import now
from dealer_trainer.store.verify import chain_problems

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

EXAM = "exam"


def open_store(url: str | None = None) -> Store:
    """Open (creating if needed) the records database at ``url`` — by default the station's
    configured database (``settings.database_url``) — and upgrade its schema to the newest
    revision. ``DatabaseError`` when the URL cannot be read, names a database without a
    driver here, or the database cannot be reached or migrated (a schema newer than this
    version of the app knows is one such failure); and for a file that is not this app's
    records (empty, another program's, not a database), which is left untouched. A new
    SQLite file is created readable by its owner only."""
    target = url if url is not None else database_url()
    created: Path | None = None
    try:
        created = new_sqlite_file(target)
        engine = make_engine(target)
        upgrade(engine)
    except (SQLAlchemyError, ValueError) as error:
        if created is not None and created.exists() and created.stat().st_size == 0:
            created.unlink()  # the file this call created, never initialised
        raise database_error(target, error) from error
    return Store(engine)


class ExportedResult(Struct, frozen=True):
    path: Path
    document: dict[str, Any]


class _Chain(Struct):
    """An attempt's step chain as this process recorded it: the key (derived from the
    unlocked school key) and the last link, held in memory so a link deleted from the end of
    the records is noticed at submission."""

    key: bytes
    head: str
    links: int


class Store:
    """Every failure of the database inside a call surfaces as ``errors.DatabaseError``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._chains: dict[int, _Chain] = {}

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _database(self) -> Iterator[None]:
        try:
            yield
        except SQLAlchemyError as error:
            raise database_error(self.engine.url, error) from error

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with (
            self._database(),
            Session(self.engine, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._database(), Session(self.engine) as session:
            yield session

    # --- trainees ------------------------------------------------------------------------------

    def add_trainee(self, name: str, cohort: str | None = None) -> TraineeRecord:
        clean = " ".join(name.split())
        if not clean:
            raise ValueError("a trainee has a name")
        with self._write() as session:
            trainee = Trainee(
                uid=secrets.token_hex(16), name=clean, cohort=cohort, created_at=now()
            )
            session.add(trainee)
            session.flush()
            return _trainee(trainee)

    def set_cohort(self, trainee_id: int, cohort: str | None) -> None:
        with self._write() as session:
            self._trainee_row(session, trainee_id).cohort = cohort

    def trainees(self, cohort: str | None = None) -> list[TraineeRecord]:
        query = select(Trainee).order_by(Trainee.name, Trainee.id)
        if cohort is not None:
            query = query.where(Trainee.cohort == cohort)
        with self._read() as session:
            return [_trainee(t) for t in session.scalars(query)]

    def trainee(self, trainee_id: int) -> TraineeRecord:
        with self._read() as session:
            return _trainee(self._trainee_row(session, trainee_id))

    @staticmethod
    def _trainee_row(session: Session, trainee_id: int) -> Trainee:
        trainee = session.get(Trainee, trainee_id)
        if trainee is None:
            raise StoreError(f"no trainee {trainee_id}")
        return trainee

    # --- attempts ------------------------------------------------------------------------------

    def start_attempt(
        self,
        trainee_id: int,
        lesson_id: str,
        game: str,
        mode: str,
        *,
        may_resume: bool = False,
        requires_signature: bool | None = None,
        time_limit: float | None = None,
        pass_mark: Decimal | None = None,
        rounds_required: int | None = None,
        keys: KeyRing | None = None,
        assignment: str | None = None,
    ) -> int:
        """A new attempt, in progress; returns its id. ``may_resume`` is the exam file's policy
        for an attempt the app was killed during; exams need a signature to be submitted
        unless ``requires_signature`` says otherwise. An exam's ``pass_mark`` and
        ``rounds_required`` are kept with the attempt and signed with its result. With
        ``keys`` (the examiner's unlocked ring) every round, step and form is bound into a
        step chain as it is recorded, and an exam is entered in the trainee's signed ledger.
        ``assignment`` (an exam assignment's uid) is checked under ``keys`` (it must verify, be
        this trainee's, of this lesson and open: ``AssignmentError`` otherwise) and named in
        the ledger, whose ``submitted`` entry then completes it."""
        if assignment is not None:
            if keys is None or mode != EXAM:
                raise AssignmentError("an exam assignment is sat as an exam, with the key ring")
            self._check_assignment(assignment, trainee_id, lesson_id, keys)
        with self._write() as session:
            self._trainee_row(session, trainee_id)
            chain_key_id = None if keys is None else keys.signing_key()
            attempt = Attempt(
                uid=secrets.token_hex(16),
                trainee_id=trainee_id,
                lesson_id=lesson_id,
                game=game,
                mode=mode,
                may_resume=may_resume,
                requires_signature=mode == EXAM
                if requires_signature is None
                else requires_signature,
                time_limit=time_limit,
                pass_mark=pass_mark,
                rounds_required=rounds_required,
                status=Status.IN_PROGRESS.value,
                started_at=now(),
                chain_key_id=chain_key_id,
            )
            session.add(attempt)
            session.flush()
            if keys is not None and attempt.requires_signature:
                self._append_ledger(session, attempt, keys, LedgerEvent.STARTED, assignment)
        if keys is not None and chain_key_id is not None:
            key = crypto.chain_key(keys, chain_key_id, attempt.uid)
            self._chains[attempt.id] = _Chain(key, "", 0)
        return attempt.id

    def resume_chain(self, attempt_id: int, keys: KeyRing) -> None:
        """Go on with an interrupted attempt's step chain: the stored chain is checked under
        the key first (``ResultRefused`` naming each item edited since it was recorded)."""
        record = self.attempt(attempt_id)
        if record.chain_key_id is None:
            raise ResultRefused(
                f"attempt {attempt_id} was begun before exams were chained: abandon it"
            )
        key = crypto.chain_key(keys, record.chain_key_id, record.uid)
        problems = chain_problems(record, key)
        if problems:
            raise ResultRefused(f"attempt {attempt_id}: " + "; ".join(problems))
        head = record.chain or ChainHead("", 0)
        self._chains[attempt_id] = _Chain(key, head.head, head.links)

    def _link(
        self, session: Session, attempt: Attempt, item: str, value: Any
    ) -> tuple[int, str] | None:
        """Bind ``item`` into the attempt's chain (nothing for an attempt without one); the
        caller moves the in-memory head with ``_advance`` once the transaction committed."""
        if attempt.chain_key_id is None:
            return None
        chain = self._chains.get(attempt.id)
        if chain is None:
            raise CredentialError(
                f"attempt {attempt.id} is chained under the school key, which is not unlocked "
                "for it in this session"
            )
        link = crypto.chain_link(chain.key, chain.head, item, value)
        session.add(ChainLink(attempt_id=attempt.id, seq=chain.links + 1, item=item, link=link))
        return attempt.id, link

    def _advance(self, moved: tuple[int, str] | None) -> None:
        if moved is not None:
            chain = self._chains[moved[0]]
            chain.head, chain.links = moved[1], chain.links + 1

    def _append_ledger(
        self,
        session: Session,
        attempt: Attempt,
        keys: KeyRing,
        event: LedgerEvent,
        assignment: str | None = None,
    ) -> None:
        """Append one signed entry to the trainee's exam ledger. A later entry names the
        assignment its attempt's signed ``started`` entry names."""
        if event is not LedgerEvent.STARTED:
            assignment = self._started_assignment(session, attempt, keys.public())
        last = session.scalar(
            select(LedgerEntry)
            .where(LedgerEntry.trainee_id == attempt.trainee_id)
            .order_by(LedgerEntry.seq.desc())
            .limit(1)
        )
        trainee = self._trainee_row(session, attempt.trainee_id)
        document = ledger_document(
            trainee.uid,
            1 if last is None else last.seq + 1,
            None if last is None else ledger_link(last.document, last.signature),
            attempt,
            event,
            assignment,
        )
        key_id = keys.signing_key()
        text = canonical(document).decode("utf-8")
        session.add(
            LedgerEntry(
                trainee_id=attempt.trainee_id,
                seq=document["seq"],
                attempt_uid=attempt.uid,
                event=event.value,
                document=text,
                key_id=key_id,
                signature=keys.sign(key_id, text.encode("utf-8")),
            )
        )

    @staticmethod
    def _started_assignment(session: Session, attempt: Attempt, public: PublicKeys) -> str | None:
        started = session.scalar(
            select(LedgerEntry).where(
                LedgerEntry.attempt_uid == attempt.uid,
                LedgerEntry.trainee_id == attempt.trainee_id,
                LedgerEntry.event == LedgerEvent.STARTED.value,
            )
        )
        if started is None or not public.verify(
            started.key_id, started.document.encode("utf-8"), started.signature
        ):
            return None
        try:
            found = json.loads(started.document).get("assignment")
        except (ValueError, AttributeError, RecursionError):
            return None
        return found if isinstance(found, str) else None

    def ledger(self, trainee_id: int | None = None) -> list[LedgerRow]:
        """The exam ledger entries (of one trainee, or all), in order."""
        query = select(LedgerEntry, Trainee.name).join(Trainee)
        if trainee_id is not None:
            query = query.where(LedgerEntry.trainee_id == trainee_id)
        query = query.order_by(LedgerEntry.trainee_id, LedgerEntry.seq)
        with self._read() as session:
            return [
                LedgerRow(
                    e.trainee_id,
                    name,
                    e.seq,
                    e.attempt_uid,
                    e.event,
                    e.document,
                    e.key_id,
                    e.signature,
                )
                for e, name in session.execute(query)
            ]

    def attempt_count(self, trainee_id: int, lesson_id: str) -> int:
        """How many attempts a trainee has made at a lesson (an exam file limits them)."""
        query = select(Attempt.uid).where(
            Attempt.trainee_id == trainee_id, Attempt.lesson_id == lesson_id
        )
        with self._read() as session:
            uids = set(session.scalars(query))
        uids |= {
            row.attempt_uid
            for row in self.ledger(trainee_id)
            if row.event == LedgerEvent.STARTED.value and row.lesson == lesson_id
        }
        return len(uids)

    def _open_attempt(self, session: Session, attempt_id: int) -> Attempt:
        attempt = session.get(Attempt, attempt_id, with_for_update=True)
        if attempt is None:
            raise StoreError(f"no attempt {attempt_id}")
        if attempt.status != Status.IN_PROGRESS.value:
            raise AttemptFinal(f"attempt {attempt_id} is {attempt.status}: its record is final")
        return attempt

    def start_round(self, attempt_id: int, source: RoundSource, grading: str = "session") -> int:
        """Record the next round's deal before it is dealt; returns its index (1, 2, ...)."""
        if grading not in ("session", "log"):
            raise ValueError(f"grading is 'session' or 'log', not {grading!r}")
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            last = session.scalar(
                select(func.max(AttemptRound.index)).where(AttemptRound.attempt_id == attempt_id)
            )
            index = (last or 0) + 1
            row = AttemptRound(
                attempt_id=attempt_id,
                index=index,
                kind=source.kind,
                game=source.game,
                seed=source.seed,
                seats=None if source.seats is None else list(source.seats),
                targets=[dict(t) for t in source.targets] + linked_meter_entry(source) or None,
                source_path=source.path,
                source_text=source.text,
                source_sha256=source.sha256,
                table_ref=source.table_ref,
                table_text=source.table_text,
                grading=grading,
                started_at=now(),
            )
            session.add(row)
            session.flush()
            moved = self._link(
                session, attempt, f"round {index} start", round_start(_round_record(row))
            )
        self._advance(moved)
        return index

    def _current_round(self, session: Session, attempt_id: int, round_index: int | None) -> int:
        last = session.scalar(
            select(func.max(AttemptRound.index)).where(AttemptRound.attempt_id == attempt_id)
        )
        if last is None:
            raise StoreError(f"attempt {attempt_id} has no round yet: start_round first")
        if round_index is None:
            return int(last)
        if not 1 <= round_index <= last:
            raise StoreError(f"attempt {attempt_id} has no round {round_index}")
        return round_index

    def _next_step(self, session: Session, attempt_id: int) -> int:
        last = session.scalar(
            select(func.max(StepRecord.index)).where(StepRecord.attempt_id == attempt_id)
        )
        return (last or 0) + 1

    def record_step(
        self, attempt_id: int, judgement: Judgement, *, round_index: int | None = None
    ) -> int:
        """Commit one judged action (to the latest round unless told); returns its index."""
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            entry = StepEntry.of_judgement(
                self._next_step(session, attempt_id),
                self._current_round(session, attempt_id, round_index),
                judgement,
                now(),
            )
            session.add(_step_row(attempt_id, entry))
            moved = self._link(session, attempt, f"step {entry.index}", step_value(entry))
        self._advance(moved)
        return entry.index

    def record_signoff(
        self,
        attempt_id: int,
        step_id: str,
        floorperson: str,
        at: float,
        *,
        round_index: int | None = None,
    ) -> int:
        """Commit a floorperson's sign-off (``PracticeSession.sign_off``): steps after the
        call wait for it, so a replay needs it in the log."""
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            entry = StepEntry(
                self._next_step(session, attempt_id),
                self._current_round(session, attempt_id, round_index),
                "signoff",
                step_id,
                None,
                None,
                None,
                None,
                None,
                floorperson,
                at,
                None,
                "",
                "",
                now(),
            )
            session.add(_step_row(attempt_id, entry))
            moved = self._link(session, attempt, f"step {entry.index}", step_value(entry))
        self._advance(moved)
        return entry.index

    def record_form(
        self,
        attempt_id: int,
        *,
        exercise: str,
        seed: int | None,
        situation: Mapping[str, Any],
        entries: Mapping[str, Any],
        score: Decimal,
        grade: Sequence[Mapping[str, Any]],
    ) -> FormEntry:
        """Commit one completed paperwork exercise (plain JSON, as ``forms`` writes it)."""
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            last = session.scalar(
                select(func.max(FormRecord.index)).where(FormRecord.attempt_id == attempt_id)
            )
            rounds = session.scalar(
                select(func.count(AttemptRound.id)).where(AttemptRound.attempt_id == attempt_id)
            )
            row = FormRecord(
                attempt_id=attempt_id,
                index=(last or 0) + 1,
                after_round=int(rounds or 0),
                exercise=exercise,
                seed=seed,
                situation=json.loads(json.dumps(dict(situation))),
                entries=json.loads(json.dumps(dict(entries))),
                score=score,
                grade=json.loads(json.dumps([dict(v) for v in grade])),
                recorded_at=now(),
            )
            session.add(row)
            session.flush()
            entry = _form(row)
            moved = self._link(session, attempt, f"form {entry.index}", form_value(entry))
        self._advance(moved)
        return entry

    def finish_round(self, attempt_id: int, round_index: int, grade: Grade) -> None:
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            row = session.scalar(
                select(AttemptRound).where(
                    AttemptRound.attempt_id == attempt_id, AttemptRound.index == round_index
                )
            )
            if row is None:
                raise StoreError(f"attempt {attempt_id} has no round {round_index}")
            if row.finished_at is not None:
                raise AttemptFinal(f"round {round_index} of attempt {attempt_id} is finished")
            row.finished_at = now()
            row.seconds = grade.seconds
            row.score = grade.score
            row.grade = json.loads(json.dumps(grade.to_json()))
            moved = self._link(
                session, attempt, f"round {round_index} finish", round_finish(_round_record(row))
            )
        self._advance(moved)

    def finish_attempt(
        self, attempt_id: int, *, keys: KeyRing | None = None, status: Status = Status.SUBMITTED
    ) -> AttemptRecord:
        """Submit (or abandon) the attempt: its grade is summed up over its finished rounds
        and, with ``keys`` (the unlocked key ring), the whole result is signed. An attempt that
        requires a signature cannot be submitted without keys. Before signing, the step chain
        is checked (against the head this process holds, when it recorded the attempt) and
        every round is regraded from its step log with the engine: ``ResultRefused`` names any
        disagreement, and nothing is submitted."""
        if status is Status.IN_PROGRESS:
            raise ValueError("finishing an attempt submits or abandons it")
        signing = keys is not None and status is Status.SUBMITTED
        if signing:
            assert keys is not None
            self._check_before_signing(attempt_id, keys)
        with self._write() as session:
            attempt = self._open_attempt(session, attempt_id)
            if status is Status.SUBMITTED and attempt.requires_signature and keys is None:
                raise CredentialError(
                    f"attempt {attempt_id} is an exam: submitting it needs the unlocked school key"
                )
            rounds = list(
                session.scalars(select(AttemptRound).where(AttemptRound.attempt_id == attempt_id))
            )
            summary = Summary.of_json(r.grade for r in rounds if r.grade is not None)
            attempt.status = status.value
            attempt.finished_at = now()
            if summary is not None:
                attempt.score = summary.score
                attempt.payout_accuracy = summary.payout_accuracy
                attempt.procedure_compliance = summary.procedure_compliance
                attempt.seconds = summary.seconds
                attempt.verdicts = dict(summary.verdicts)
            if signing:
                assert keys is not None
                attempt.signed_at = now()
            session.flush()
            if signing:
                assert keys is not None
                record = self._record(session, attempt_id)
                signed = sign_document(result_document(record), keys)
                attempt.key_id = signed.signature["key_id"]
                attempt.signature = signed.signature
                attempt.signed_result = signed.text
                session.flush()
            if keys is not None and attempt.requires_signature and keys.current is not None:
                event = LedgerEvent.SUBMITTED if signing else LedgerEvent.ABANDONED
                self._append_ledger(session, attempt, keys, event)
            self._chains.pop(attempt_id, None)
            return self._record(session, attempt_id)

    def _check_before_signing(self, attempt_id: int, keys: KeyRing) -> None:
        from dealer_trainer.store.verify import regrade_problems

        record = self.attempt(attempt_id)
        problems: list[str] = []
        if record.chain_key_id is not None:
            key = crypto.chain_key(keys, record.chain_key_id, record.uid)
            problems += chain_problems(record, key)
            held = self._chains.get(attempt_id)
            stored = record.chain or ChainHead("", 0)
            if held is not None and (held.head, held.links) != (stored.head, stored.links):
                problems.append(
                    f"the step chain was recorded to link {held.links}, the records end at "
                    f"link {stored.links}: recorded items were removed or added"
                )
        problems += regrade_problems(record)
        if problems:
            raise ResultRefused(
                f"attempt {attempt_id} is not submitted: its records were edited: "
                + "; ".join(problems)
            )

    def abandon_attempt(self, attempt_id: int, keys: KeyRing | None = None) -> AttemptRecord:
        """Abandon the attempt; with ``keys`` an exam's abandonment enters its ledger."""
        return self.finish_attempt(attempt_id, keys=keys, status=Status.ABANDONED)

    def interrupted_attempts(self, trainee_id: int) -> list[AttemptRecord]:
        """Attempts left in progress (the app stopped mid-round): offer each for resumption
        when its ``may_resume`` allows, otherwise for abandoning."""
        query = (
            select(Attempt.id)
            .where(Attempt.trainee_id == trainee_id, Attempt.status == Status.IN_PROGRESS.value)
            .order_by(Attempt.started_at, Attempt.id)
        )
        with self._read() as session:
            return [self._record(session, i) for i in session.scalars(query)]

    def resume_attempt(self, attempt_id: int) -> AttemptRecord:
        """The attempt to go on with, after checking that it is in progress and that its exam
        policy lets it resume (``ResumeRefused`` otherwise: abandon it instead)."""
        record = self.attempt(attempt_id)
        if record.status is not Status.IN_PROGRESS:
            raise AttemptFinal(f"attempt {attempt_id} is {record.status.value}")
        if not record.may_resume:
            raise ResumeRefused(f"attempt {attempt_id} ({record.lesson_id}) may not be resumed")
        return record

    def attempt(self, attempt_id: int) -> AttemptRecord:
        with self._read() as session:
            return self._record(session, attempt_id)

    def attempts(
        self, trainee_id: int | None = None, status: Status | None = None
    ) -> list[AttemptRecord]:
        query = select(Attempt.id).order_by(Attempt.id)
        if trainee_id is not None:
            query = query.where(Attempt.trainee_id == trainee_id)
        if status is not None:
            query = query.where(Attempt.status == status.value)
        with self._read() as session:
            return [self._record(session, i) for i in session.scalars(query)]

    @staticmethod
    def _record(session: Session, attempt_id: int) -> AttemptRecord:
        attempt = session.scalar(
            select(Attempt)
            .where(Attempt.id == attempt_id)
            .options(
                selectinload(Attempt.trainee),
                selectinload(Attempt.rounds),
                selectinload(Attempt.steps),
                selectinload(Attempt.forms),
                selectinload(Attempt.links),
            )
            .execution_options(populate_existing=True)
        )
        if attempt is None:
            raise StoreError(f"no attempt {attempt_id}")
        return _attempt(attempt)

    # --- the instructor password and the school's keys ---------------------------------------

    def has_instructor_password(self) -> bool:
        with self._read() as session:
            return (
                session.get(KeyRingCredential, 1) is not None
                or session.get(InstructorCredential, 1) is not None
            )

    def needs_key_migration(self) -> bool:
        """The records still hold the first key scheme's password hash and HMAC keys: an
        instructor runs ``dealer-trainer results migrate`` once (``migrate_keys``)."""
        with self._read() as session:
            return (
                session.get(KeyRingCredential, 1) is None
                and session.get(InstructorCredential, 1) is not None
            )

    def _open_ring(self, session: Session, password: str) -> tuple[bytes, KeyRing]:
        """Signing in: the password's key opens the check value, then every school key. A
        credential planted for a known password opens its own check value but no school key
        (``KeyIntegrityError``)."""
        row = session.get(KeyRingCredential, 1)
        if row is None:
            if session.get(InstructorCredential, 1) is not None:
                raise CredentialError(_MIGRATE)
            raise CredentialError("no instructor password is set")
        kek = crypto.KdfParams.of_json(row.kdf).derive(password)
        crypto.open_check(kek, row.check)
        keys: dict[str, Ed25519PrivateKey] = {}
        current = None
        for key in session.scalars(select(SchoolKey).order_by(SchoolKey.created_at)):
            keys[key.id] = crypto.unwrap_key(key.wrapped, kek, key.id, key.public_key)
            if key.retired_at is None:
                current = key.id
        return kek, KeyRing(keys, current)

    def set_instructor_password(self, password: str, *, current: str | None = None) -> None:
        """Set the instructor password, or change it (``current`` must open the key ring).
        Every key is sealed again under the new password, with fresh scrypt parameters, in the
        same transaction."""
        crypto.check_new_password(password)
        with self._write() as session:
            row = session.get(KeyRingCredential, 1, with_for_update=True)
            if row is None and session.get(InstructorCredential, 1) is not None:
                raise CredentialError(_MIGRATE)
            ring = KeyRing({}, None)
            if row is not None:
                if current is None:
                    raise CredentialError("the current instructor password is wrong")
                try:
                    _, ring = self._open_ring(session, current)
                except CredentialError:
                    raise CredentialError("the current instructor password is wrong") from None
            elif session.scalar(select(func.count(SchoolKey.id))):
                raise CredentialError(
                    "signing keys exist but no instructor password: the credentials were "
                    "deleted; restore the database rather than setting a new password"
                )
            params = crypto.KdfParams.fresh()
            kek = params.derive(password)
            for key in session.scalars(select(SchoolKey)):
                key.wrapped = crypto.wrap_key(ring.keys[key.id], kek, key.id)
            if row is None:
                session.add(
                    KeyRingCredential(
                        id=1, kdf=params.to_json(), check=crypto.make_check(kek), changed_at=now()
                    )
                )
            else:
                row.kdf = params.to_json()
                row.check = crypto.make_check(kek)
                row.changed_at = now()

    def check_instructor_password(self, password: str) -> bool:
        """Whether ``password`` opens the whole key ring (see ``_open_ring``)."""
        try:
            self.unlock_keys(password)
        except (CredentialError, KeyIntegrityError):
            return False
        return True

    def generate_key(self, password: str) -> str:
        """The school's first signing key; returns its id."""
        with self._write() as session:
            kek, _ = self._open_ring(session, password)
            if session.scalar(select(func.count(SchoolKey.id))):
                raise StoreError("the school already has a signing key: rotate it instead")
            return _add_key(session, kek)

    def rotate_key(self, password: str) -> str:
        """A new signing key for new results, after opening every current key with the
        password; the old ones stay (retired) so every result signed before still verifies.
        Returns the new key's id."""
        with self._write() as session:
            kek, _ = self._open_ring(session, password)
            for key in session.scalars(select(SchoolKey).where(SchoolKey.retired_at.is_(None))):
                key.retired_at = now()
            return _add_key(session, kek)

    def key_ids(self) -> list[str]:
        """Every key id, oldest first (the ids are not secret)."""
        with self._read() as session:
            keys = session.scalars(select(SchoolKey).order_by(SchoolKey.created_at))
            return [k.id for k in keys]

    def unlock_keys(self, password: str) -> KeyRing:
        """Every key, unwrapped in memory: ``CredentialError`` for a wrong password,
        ``KeyIntegrityError`` if a stored key or the credential was edited or replaced."""
        with self._read() as session:
            return self._open_ring(session, password)[1]

    def migrate_keys(self, password: str) -> list[str]:
        """The explicit migration from the first key scheme (``legacy``), in one transaction,
        logged line by line in ``key_migrations`` (and returned): the old password hash and
        HMAC keys are opened with ``password``; a key ring and an Ed25519 school key are made
        under the same password; every result the old keys signed is checked (its signed copy
        against its HMAC, and the live records against the copy) and, when it verifies,
        signed again with the new key, the old signature kept inside the new one. A result that
        does not verify keeps its old signature and is reported. The old keys and the hash are
        then deleted."""
        with self._write() as session:
            old = session.get(InstructorCredential, 1, with_for_update=True)
            if old is None or session.get(KeyRingCredential, 1) is not None:
                raise StoreError(
                    "these records do not use the first key scheme: nothing to migrate"
                )
            if not legacy.password_matches(password, old.password_hash):
                raise CredentialError("wrong instructor password")
            wrapping = legacy.wrapping_key(password, old.wrap_salt)
            old_keys: dict[str, bytes] = {}
            for row in session.scalars(select(SigningKey)):
                key = legacy.unwrap_key(row.wrapped, row.check, wrapping, row.id)
                if key is None:
                    raise KeyIntegrityError(f"old signing key {row.id} was edited: not migrated")
                old_keys[row.id] = key
            params = crypto.KdfParams.fresh()
            kek = params.derive(password)
            session.add(
                KeyRingCredential(
                    id=1, kdf=params.to_json(), check=crypto.make_check(kek), changed_at=now()
                )
            )
            lines = [f"key ring made (scrypt N={params.n}, r={params.r}, p={params.p})"]
            new_id = _add_key(session, kek) if old_keys else None
            if new_id is not None:
                lines.append(f"new Ed25519 school key {new_id}")
                session.flush()
                _, ring = self._open_ring(session, password)
                for attempt in session.scalars(
                    select(Attempt).where(Attempt.signature.is_not(None)).order_by(Attempt.id)
                ):
                    lines.append(self._migrate_result(session, attempt, old_keys, ring, new_id))
            for row in session.scalars(select(SigningKey)):
                session.delete(row)
            session.delete(old)
            lines.append(f"old HMAC keys deleted: {', '.join(sorted(old_keys)) or 'none'}")
            for line in lines:
                session.add(KeyMigration(at=now(), line=line))
            return lines

    def _migrate_result(
        self,
        session: Session,
        attempt: Attempt,
        old_keys: Mapping[str, bytes],
        ring: KeyRing,
        new_id: str,
    ) -> str:
        signature = dict(attempt.signature or {})
        name = f"attempt {attempt.id} ({attempt.uid})"
        if signature.get("algorithm") != legacy.ALGORITHM:
            return f"{name}: already signed with {signature.get('algorithm')}, left as it is"
        key = old_keys.get(str(signature.get("key_id")))
        text = attempt.signed_result or ""
        current = canonical(result_document(self._record(session, attempt.id))).decode("utf-8")
        if key is None or not legacy.matches(key, text.encode(), str(signature.get("value"))):
            return f"{name}: its old signature does not verify; NOT re-signed"
        if current != text:
            return f"{name}: its records no longer match its signed copy; NOT re-signed"
        document = json.loads(text)
        signed = sign_document(document, ring)
        signed.signature["migrated_from"] = {
            "algorithm": legacy.ALGORITHM,
            "key_id": signature.get("key_id"),
            "value": signature.get("value"),
        }
        attempt.key_id = new_id
        attempt.signature = signed.signature
        return f"{name}: verified with old key {signature.get('key_id')}, re-signed with {new_id}"

    def public_keys(self, password: str) -> PublicKeys:
        """The school's public keys, taken from the opened key ring (so a key planted in the
        database is never published)."""
        return self.unlock_keys(password).public()

    # --- the school's name and logo ----------------------------------------------------------

    def set_school(self, name: str, logo: bytes | None, keys: KeyRing) -> School:
        """Store the name and logo certificates print, signed with the current school key
        (``SchoolProfileError`` for a name or logo that cannot be used)."""
        school = School(clean_name(name), logo)
        check_logo(logo)
        key_id, signature = sign_profile(school, keys)
        with self._write() as session:
            row = session.get(SchoolProfile, 1, with_for_update=True)
            if row is None:
                row = SchoolProfile(id=1)
                session.add(row)
            row.name, row.logo, row.key_id, row.signature = school.name, logo, key_id, signature
            row.changed_at = now()
        return school

    def school(self, public: PublicKeys) -> School | None:
        """The school's name and logo, None when none was set; ``SchoolProfileError`` when the
        stored profile no longer verifies."""
        with self._read() as session:
            row = session.get(SchoolProfile, 1)
            if row is None:
                return None
            return verified(School(row.name, row.logo), row.key_id, row.signature, public)

    # --- exam assignments ----------------------------------------------------------------------

    def assign_exam(
        self,
        trainee_ids: Sequence[int],
        *,
        lesson_id: str,
        lesson_sha256: str,
        title: str,
        assigned_by: str,
        due: date | None,
        keys: KeyRing,
    ) -> list[AssignmentRecord]:
        """Assign one exam (its id and the SHA-256 of its file now) to each trainee, each
        assignment signed with the current school key, all in one transaction. A trainee who
        already has an open assignment of this exam is refused (``AssignmentError``)."""
        instructor = clean_instructor(assigned_by)
        if not trainee_ids:
            raise AssignmentError("choose at least one trainee to assign the exam to")
        public = keys.public()
        for current in self.assignments(public):
            if (
                current.lesson_id == lesson_id
                and current.trainee_id in trainee_ids
                and current.counts
            ):
                raise AssignmentError(
                    f"{current.trainee} already has '{current.title}' assigned: revoke "
                    "that assignment first to change its due date"
                )
        made: list[int] = []
        with self._write() as session:
            for trainee_id in dict.fromkeys(trainee_ids):
                trainee = self._trainee_row(session, trainee_id)
                assignment = Assignment(
                    secrets.token_hex(16),
                    trainee.uid,
                    lesson_id,
                    lesson_sha256,
                    " ".join(title.split())[:200],
                    instructor,
                    now(),
                    due,
                )
                key_id, signature = assignment.sign(keys)
                row = ExamAssignment(
                    uid=assignment.uid,
                    trainee_id=trainee_id,
                    lesson_id=lesson_id,
                    lesson_sha256=lesson_sha256,
                    title=assignment.title,
                    assigned_by=instructor,
                    assigned_at=assignment.assigned_at,
                    due=due,
                    key_id=key_id,
                    signature=signature,
                )
                session.add(row)
                session.flush()
                made.append(row.id)
        return [a for a in self.assignments(public) if a.id in made]

    def revoke_assignment(self, assignment_id: int, revoked_by: str, keys: KeyRing) -> None:
        """Revoke an open assignment, signing the revocation (``AssignmentError`` for one
        already revoked or completed)."""
        instructor = clean_instructor(revoked_by)
        found = [a for a in self.assignments(keys.public()) if a.id == assignment_id]
        if not found:
            raise AssignmentError(f"no exam assignment {assignment_id}")
        record = found[0]
        if record.revocation is not None or record.completed_by is not None:
            raise AssignmentError(
                f"the assignment of '{record.title}' to {record.trainee} is already "
                f"{record.state.value}"
            )
        revocation = Revocation(instructor, now())
        with self._write() as session:
            row = session.get(ExamAssignment, assignment_id, with_for_update=True)
            if row is None:
                raise AssignmentError(f"no exam assignment {assignment_id}")
            key_id = keys.signing_key()
            row.revoked_at, row.revoked_by = revocation.revoked_at, instructor
            row.revoke_key_id = key_id
            row.revoke_signature = keys.sign(
                key_id, revocation.signed_bytes(record.assignment, row.signature)
            )

    def assignments(
        self, public: PublicKeys | None = None, trainee_id: int | None = None
    ) -> list[AssignmentRecord]:
        """Every exam assignment (of one trainee, or all), newest first, each checked against
        ``public``: the instructor passes the opened key ring's public keys; a trainee's
        station, which has no password, passes none and the school keys stored in the records
        are used (an examiner's unlocked ring checks the assignment again when the exam
        starts)."""
        keys = public if public is not None else self.stored_public_keys()
        query = select(ExamAssignment, Trainee).join(Trainee)
        if trainee_id is not None:
            query = query.where(ExamAssignment.trainee_id == trainee_id)
        query = query.order_by(ExamAssignment.assigned_at.desc(), ExamAssignment.id.desc())
        with self._read() as session:
            found = [(row, trainee) for row, trainee in session.execute(query)]
        done = completions(self.ledger(trainee_id), keys)
        return [_assignment(row, trainee, keys, done) for row, trainee in found]

    def stored_public_keys(self) -> PublicKeys:
        """The public keys of the school keys in these records, without the password: what a
        station checks signatures with before an examiner unlocks the ring."""
        with self._read() as session:
            rows = [(k.id, k.public_key) for k in session.scalars(select(SchoolKey))]
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        parsed = {}
        for key_id, public in rows:
            try:
                parsed[key_id] = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))
            except ValueError:
                continue
        return PublicKeys(parsed)

    def _check_assignment(
        self, uid: str, trainee_id: int, lesson_id: str, keys: KeyRing
    ) -> AssignmentRecord:
        found = [a for a in self.assignments(keys.public(), trainee_id) if a.uid == uid]
        if not found:
            raise AssignmentError(f"no exam assignment {uid} for this trainee")
        record = found[0]
        if not record.verified:
            raise AssignmentError(
                f"the assignment of '{record.title}' is not signed by the school's key "
                f"({'; '.join(record.problems)}): it cannot be sat"
            )
        if record.lesson_id != lesson_id:
            raise AssignmentError(f"the assignment is of {record.lesson_id}, not {lesson_id}")
        if not record.counts:
            raise AssignmentError(
                f"the assignment of '{record.title}' is {record.state.value}: it cannot be sat"
            )
        return record

    # --- export ----------------------------------------------------------------------------------

    def export_result(self, attempt_id: int, path: Path) -> ExportedResult:
        """Write a submitted, signed result to ``path`` as JSON: the result as it stands in
        the records now, with the signature made at submission (so an edit made in the
        database before the export shows up when the file is verified)."""
        record = self.attempt(attempt_id)
        if record.signature is None:
            raise StoreError(f"attempt {attempt_id} is not a signed result")
        document = {"result": result_document(record), "signature": dict(record.signature)}
        path.write_text(
            json.dumps(document, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
            encoding="utf-8",
        )
        return ExportedResult(path, document)


_MIGRATE = (
    "these records still use the first key scheme (an HMAC key behind a password hash): an "
    "instructor runs `dealer-trainer results migrate` once to move them to the school's "
    "Ed25519 key (docs/security.md)"
)


def _add_key(session: Session, kek: bytes) -> str:
    key_id, key = crypto.new_key()
    session.add(
        SchoolKey(
            id=key_id,
            created_at=now(),
            public_key=crypto.public_hex(key),
            wrapped=crypto.wrap_key(key, kek, key_id),
        )
    )
    return key_id


def _assignment(
    row: ExamAssignment, trainee: Trainee, public: PublicKeys, done: Mapping[str, Completion]
) -> AssignmentRecord:
    assignment = Assignment(
        row.uid,
        trainee.uid,
        row.lesson_id,
        row.lesson_sha256,
        row.title,
        row.assigned_by,
        row.assigned_at,
        row.due,
    )
    revocation = None
    if row.revoked_at is not None or row.revoke_signature is not None:
        revocation = Revocation(row.revoked_by or "", row.revoked_at or row.assigned_at)
    problems = assignment_problems(
        assignment,
        row.key_id,
        row.signature,
        revocation,
        row.revoke_key_id,
        row.revoke_signature,
        public,
    )
    completion = done.get(row.uid)
    if completion is not None and completion.trainee_id != row.trainee_id:
        completion = None
    return AssignmentRecord(
        row.id,
        row.trainee_id,
        trainee.name,
        assignment,
        row.key_id,
        revocation,
        None if completion is None else completion.attempt_uid,
        None if completion is None else completion.at,
        tuple(problems),
    )


def _trainee(row: Trainee) -> TraineeRecord:
    return TraineeRecord(row.id, row.uid, row.name, row.cohort, row.created_at)


def _step_row(attempt_id: int, entry: StepEntry) -> StepRecord:
    return StepRecord(
        attempt_id=attempt_id,
        index=entry.index,
        round_index=entry.round_index,
        kind=entry.kind,
        step_id=entry.step_id,
        action=entry.action,
        seat=entry.seat,
        spot=entry.spot,
        amount=entry.amount,
        hand=entry.hand,
        floorperson=entry.floorperson,
        at=entry.at,
        verdict=entry.verdict,
        explanation=entry.explanation,
        citation=entry.citation,
        recorded_at=entry.recorded_at,
    )


def _source(row: AttemptRound) -> RoundSource:
    targets, linked_meters = split_linked_meters(row.targets or ())
    return RoundSource(
        row.kind,
        row.game,
        row.source_path,
        row.source_text,
        row.seed,
        None if row.seats is None else tuple(row.seats),
        targets,
        row.table_ref,
        row.table_text,
        row.source_sha256,
        linked_meters,
    )


def _attempt(row: Attempt) -> AttemptRecord:
    summary = None
    if row.score is not None:
        assert row.payout_accuracy is not None and row.procedure_compliance is not None
        summary = Summary(
            row.score,
            row.payout_accuracy,
            row.procedure_compliance,
            row.seconds or 0.0,
            dict(row.verdicts or {}),
        )
    return AttemptRecord(
        row.id,
        row.uid,
        _trainee(row.trainee),
        row.lesson_id,
        row.game,
        row.mode,
        row.may_resume,
        row.requires_signature,
        row.time_limit,
        Status.from_text(row.status),
        row.started_at,
        row.finished_at,
        summary,
        tuple(_round_record(r) for r in row.rounds),
        tuple(_entry(s) for s in row.steps),
        row.key_id,
        row.signature,
        row.signed_result,
        row.signed_at,
        row.pass_mark,
        row.rounds_required,
        tuple(_form(f) for f in row.forms),
        row.chain_key_id,
        _chain_head(row),
        tuple((link.item, link.link) for link in row.links),
    )


def _chain_head(row: Attempt) -> ChainHead | None:
    if row.chain_key_id is None:
        return None
    if not row.links:
        return ChainHead("", 0)
    return ChainHead(row.links[-1].link, len(row.links))


def _round_record(r: AttemptRound) -> RoundRecord:
    return RoundRecord(
        r.index, _source(r), r.grading, r.started_at, r.finished_at, r.seconds, r.score, r.grade
    )


def _form(row: FormRecord) -> FormEntry:
    return FormEntry(
        row.index,
        row.after_round,
        row.exercise,
        row.seed,
        dict(row.situation),
        dict(row.entries),
        row.score,
        tuple(dict(v) for v in row.grade),
        row.recorded_at,
    )


def _entry(row: StepRecord) -> StepEntry:
    return StepEntry(
        row.index,
        row.round_index,
        row.kind,
        row.step_id,
        row.action,
        row.seat,
        row.spot,
        row.amount,
        row.hand,
        row.floorperson,
        row.at,
        row.verdict,
        row.explanation,
        row.citation,
        row.recorded_at,
    )
