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
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, selectinload

from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.store import crypto
from dealer_trainer.store.crypto import CredentialError, KeyRing
from dealer_trainer.store.database import database_error, make_engine, upgrade
from dealer_trainer.store.document import result_document, sign_document
from dealer_trainer.store.errors import AttemptFinal, ResumeRefused, StoreError
from dealer_trainer.store.models import (
    Attempt,
    AttemptRound,
    FormRecord,
    InstructorCredential,
    SigningKey,
    StepRecord,
    Trainee,
)
from dealer_trainer.store.records import (
    AttemptRecord,
    FormEntry,
    RoundRecord,
    Status,
    StepEntry,
    Summary,
    TraineeRecord,
)
from dealer_trainer.store.settings import database_url
from dealer_trainer.store.sources import RoundSource
from dealer_trainer.store.types import now

EXAM = "exam"


def open_store(url: str | None = None) -> Store:
    """Open (creating if needed) the records database at ``url`` — by default the station's
    configured database (``settings.database_url``) — and upgrade its schema to the newest
    revision. ``DatabaseError`` when the URL cannot be read, or the database cannot be
    reached or migrated (a schema newer than this version of the app knows is one such
    failure)."""
    target = url if url is not None else database_url()
    try:
        engine = make_engine(target)
        upgrade(engine)
    except (SQLAlchemyError, ValueError) as error:
        raise database_error(target, error) from error
    return Store(engine)


@dataclass(frozen=True)
class ExportedResult:
    path: Path
    document: dict[str, Any]


class Store:
    """Every failure of the database inside a call surfaces as ``errors.DatabaseError``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
    ) -> int:
        """A new attempt, in progress; returns its id. ``may_resume`` is the exam file's policy
        for an attempt the app was killed during; exams need a signature to be submitted
        unless ``requires_signature`` says otherwise. An exam's ``pass_mark`` and
        ``rounds_required`` are kept with the attempt and signed with its result."""
        with self._write() as session:
            self._trainee_row(session, trainee_id)
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
            )
            session.add(attempt)
            session.flush()
            return attempt.id

    def attempt_count(self, trainee_id: int, lesson_id: str) -> int:
        """How many attempts a trainee has made at a lesson (an exam file limits them)."""
        query = select(func.count(Attempt.id)).where(
            Attempt.trainee_id == trainee_id, Attempt.lesson_id == lesson_id
        )
        with self._read() as session:
            return int(session.scalar(query) or 0)

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
            self._open_attempt(session, attempt_id)
            last = session.scalar(
                select(func.max(AttemptRound.index)).where(AttemptRound.attempt_id == attempt_id)
            )
            index = (last or 0) + 1
            session.add(
                AttemptRound(
                    attempt_id=attempt_id,
                    index=index,
                    kind=source.kind,
                    game=source.game,
                    seed=source.seed,
                    seats=None if source.seats is None else list(source.seats),
                    targets=[dict(t) for t in source.targets] or None,
                    source_path=source.path,
                    source_text=source.text,
                    source_sha256=source.sha256,
                    table_ref=source.table_ref,
                    table_text=source.table_text,
                    grading=grading,
                    started_at=now(),
                )
            )
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
            self._open_attempt(session, attempt_id)
            entry = StepEntry.of_judgement(
                self._next_step(session, attempt_id),
                self._current_round(session, attempt_id, round_index),
                judgement,
                now(),
            )
            session.add(_step_row(attempt_id, entry))
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
            self._open_attempt(session, attempt_id)
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
            self._open_attempt(session, attempt_id)
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
            return _form(row)

    def finish_round(self, attempt_id: int, round_index: int, grade: Grade) -> None:
        with self._write() as session:
            self._open_attempt(session, attempt_id)
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

    def finish_attempt(
        self, attempt_id: int, *, keys: KeyRing | None = None, status: Status = Status.SUBMITTED
    ) -> AttemptRecord:
        """Submit (or abandon) the attempt: its grade is summed up over its finished rounds
        and, with ``keys`` (the unlocked key ring), the whole result is signed. An attempt that
        requires a signature cannot be submitted without keys."""
        if status is Status.IN_PROGRESS:
            raise ValueError("finishing an attempt submits or abandons it")
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
            session.flush()
            if keys is not None and status is Status.SUBMITTED:
                record = self._record(session, attempt_id)
                signed = sign_document(result_document(record), keys)
                attempt.key_id = signed.signature["key_id"]
                attempt.signature = signed.signature
                attempt.signed_result = signed.text
                attempt.signed_at = now()
                session.flush()
            return self._record(session, attempt_id)

    def abandon_attempt(self, attempt_id: int) -> AttemptRecord:
        return self.finish_attempt(attempt_id, status=Status.ABANDONED)

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
            )
            .execution_options(populate_existing=True)
        )
        if attempt is None:
            raise StoreError(f"no attempt {attempt_id}")
        return _attempt(attempt)

    # --- the instructor password and the school's keys ---------------------------------------

    def has_instructor_password(self) -> bool:
        with self._read() as session:
            return session.get(InstructorCredential, 1) is not None

    def set_instructor_password(self, password: str, *, current: str | None = None) -> None:
        """Set the instructor password, or change it (``current`` must then be right). Every
        signing key is re-wrapped under the new password in the same transaction."""
        crypto.check_new_password(password)
        with self._write() as session:
            row = session.get(InstructorCredential, 1, with_for_update=True)
            keys = list(session.scalars(select(SigningKey)))
            old_wrapping: bytes | None = None
            if row is not None:
                if current is None or not crypto.password_matches(current, row.password_hash):
                    raise CredentialError("the current instructor password is wrong")
                old_wrapping = crypto.wrapping_key(current, row.wrap_salt)
            elif keys:
                raise CredentialError(
                    "signing keys exist but no instructor password: the credentials were "
                    "deleted; restore the database rather than setting a new password"
                )
            salt = crypto.new_salt()
            wrapping = crypto.wrapping_key(password, salt)
            for key in keys:
                assert old_wrapping is not None
                plain = crypto.unwrap_key(key.wrapped, key.check, old_wrapping, key.id)
                key.wrapped = crypto.wrap_key(plain, wrapping, key.id)
            if row is None:
                session.add(
                    InstructorCredential(
                        id=1,
                        password_hash=crypto.hash_password(password),
                        wrap_salt=salt,
                        changed_at=now(),
                    )
                )
            else:
                row.password_hash = crypto.hash_password(password)
                row.wrap_salt = salt
                row.changed_at = now()

    def check_instructor_password(self, password: str) -> bool:
        with self._read() as session:
            row = session.get(InstructorCredential, 1)
            return row is not None and crypto.password_matches(password, row.password_hash)

    def _wrapping(self, session: Session, password: str) -> bytes:
        row = session.get(InstructorCredential, 1)
        if row is None:
            raise CredentialError("no instructor password is set")
        if not crypto.password_matches(password, row.password_hash):
            raise CredentialError("wrong instructor password")
        return crypto.wrapping_key(password, row.wrap_salt)

    def generate_key(self, password: str) -> str:
        """The school's first signing key; returns its id."""
        with self._write() as session:
            wrapping = self._wrapping(session, password)
            if session.scalar(select(func.count(SigningKey.id))):
                raise StoreError("the school already has a signing key: rotate it instead")
            return _add_key(session, wrapping)

    def rotate_key(self, password: str) -> str:
        """A new signing key for new results; the old ones stay (retired) so every result
        signed before still verifies. Returns the new key's id."""
        with self._write() as session:
            wrapping = self._wrapping(session, password)
            for key in session.scalars(select(SigningKey).where(SigningKey.retired_at.is_(None))):
                key.retired_at = now()
            return _add_key(session, wrapping)

    def key_ids(self) -> list[str]:
        """Every key id, oldest first (the ids are not secret)."""
        with self._read() as session:
            keys = session.scalars(select(SigningKey).order_by(SigningKey.created_at))
            return [k.id for k in keys]

    def unlock_keys(self, password: str) -> KeyRing:
        """Every key, unwrapped in memory; ``KeyIntegrityError`` if a stored key was edited."""
        with self._read() as session:
            wrapping = self._wrapping(session, password)
            keys: dict[str, bytes] = {}
            current = None
            for key in session.scalars(select(SigningKey).order_by(SigningKey.created_at)):
                keys[key.id] = crypto.unwrap_key(key.wrapped, key.check, wrapping, key.id)
                if key.retired_at is None:
                    current = key.id
            return KeyRing(keys, current)

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


def _add_key(session: Session, wrapping: bytes) -> str:
    key_id, key = crypto.new_key()
    session.add(
        SigningKey(
            id=key_id,
            created_at=now(),
            wrapped=crypto.wrap_key(key, wrapping, key_id),
            check=crypto.key_check(key),
        )
    )
    return key_id


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
    return RoundSource(
        row.kind,
        row.game,
        row.source_path,
        row.source_text,
        row.seed,
        None if row.seats is None else tuple(row.seats),
        tuple(row.targets or ()),
        row.table_ref,
        row.table_text,
        row.source_sha256,
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
        tuple(
            RoundRecord(
                r.index,
                _source(r),
                r.grading,
                r.started_at,
                r.finished_at,
                r.seconds,
                r.score,
                r.grade,
            )
            for r in row.rounds
        ),
        tuple(_entry(s) for s in row.steps),
        row.key_id,
        row.signature,
        row.signed_result,
        row.signed_at,
        row.pass_mark,
        row.rounds_required,
        tuple(_form(f) for f in row.forms),
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
