"""A trainee's records as the curriculum reads and writes them; the store is the source of truth.

``TraineeProgress`` reads one trainee's finished rounds from the store: the lesson statuses
(mastery over each lesson's round accuracies), the Leitner boxes of "my mistakes" and the
attempts an exam file allows all come from it. ``AttemptRecorder`` writes one attempt as it is
played: the attempt is started, each round's deal is recorded before it is dealt, every judged
step and floorperson sign-off is committed as the practice session announces it, the round is
finished with its grade and the attempt submitted at the end. A Closed Table form is committed
with its situation, entries and grade when it is submitted, and counts like a round: its score
towards the lesson's mastery, and right or wrong for the "table paperwork" skill. Killing the
app loses nothing that was judged.

The scheduler keeps its pure functions: this module turns the stored rounds into the
scheduler's ``PracticeLog``. A round's accuracy is its stored score; its skill results need the
round's procedure, which is not stored (it is computed, never stored), so a round played before
this run of the app is dealt again from its stored source the first time "my mistakes" needs
it, and remembered. Rounds played in this run carry their skill results from the live session.

Exam rounds are generated from a seed per candidate (``candidate_seed``): derived from a secret
of the attempt that only the examiner's unlocked school key gives (``KeyRing.secret``), so two
candidates (or two attempts) get different rounds from the same exam file and nobody reading
the records during the exam can compute the rounds still to come; the seed of every round is
recorded with it (and signed with the result) as it is dealt, and a replay deals it again.

The old JSON practice log (``practice_log.json``) is not imported: it held only lesson ids,
accuracies and skill results, without the seeds, deals and steps an attempt in the store is
made of, so it cannot become a record that replays.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from dealer_trainer.curriculum.backlog import (
    GRADE,
    SIGNOFF,
    STEP,
    Backlog,
    Guard,
    RoundListeners,
    unguarded,
)
from dealer_trainer.curriculum.record_keys import (
    EXAM,
    MISTAKES,
    SCENARIO_PREFIX,
    SEED_BITS,
    TABLE_PREFIX,
    recordable_seed,
    scenario_lesson_id,
    table_lesson_id,
)
from dealer_trainer.curriculum.scheduler import PracticeLog, RoundRecord, SkillResult, graded_skills
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Judgement, TraineeAction, Verdict, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotCatalog
from dealer_trainer.forms.closed_table import (
    EXERCISE,
    ClosedTableForm,
    ClosedTableSituation,
    FormGrade,
)
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.practice.session import PracticeSession, SignOff
from dealer_trainer.store.crypto import KeyRing
from dealer_trainer.store.records import AttemptRecord, FormEntry, Status
from dealer_trainer.store.records import RoundRecord as StoredRound
from dealer_trainer.store.replay import Rebuild, deal_again, rebuild
from dealer_trainer.store.sources import RoundSource

if TYPE_CHECKING:
    from dealer_trainer.store.records import TraineeRecord
    from dealer_trainer.store.store import Store

EXAM_SEEDS = "exam seeds"
"""The label of the secret an exam's deal seeds are drawn from (``KeyRing.secret``)."""


def candidate_seed(secret: bytes, block_seed: int, k: int, retry: int = 0) -> int:
    """The seed of round ``k`` of an exam block for one attempt: an HMAC, under the attempt's
    seed secret, of the block's seed and the round's place (``retry`` draws another when a
    targeted deal cannot be met with the first)."""
    text = f"{block_seed}/{k}" + (f"/{retry}" if retry else "")
    digest = hmac.new(secret, text.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") >> 1  # 31 bits, as exams have always dealt


# --- stored grades back into the engine's terms ----------------------------------------------


def grade_of_json(procedure: Procedure, spots: SpotCatalog, data: Mapping[str, Any]) -> Grade:
    """A grade as ``Grade.to_json`` wrote it (as a round stores it), with the missing steps
    taken from the round's procedure and each spot read back through the game's ``spots``."""
    judgements = []
    for item in data["judgements"]:
        action = item["action"]
        amount = action.get("amount")
        judgements.append(
            Judgement(
                TraineeAction(
                    spots.parse(int(action["seat"]), str(action["spot"])),
                    Action.from_text(str(action["action"])),
                    None if amount is None else Decimal(str(amount)),
                    float(action.get("at", 0.0)),
                    action.get("hand"),
                ),
                Verdict(item["verdict"]),
                item.get("step"),
                str(item.get("explanation", "")),
                str(item.get("citation", "")),
            )
        )
    missing = tuple(
        procedure.by_id[str(s["id"])] for s in data["missing"] if str(s["id"]) in procedure.by_id
    )
    limit = data.get("time_limit")
    return Grade(
        tuple(judgements),
        missing,
        Decimal(str(data["payout_accuracy"])),
        Decimal(str(data["procedure_compliance"])),
        Decimal(str(data["score"])),
        float(data["seconds"]),
        None if limit is None else float(limit),
    )


# --- reading ---------------------------------------------------------------------------------


class PlayedRound(Struct):
    """One finished round of the trainee, as the curriculum counts it."""

    attempt_uid: str
    round_index: int
    lesson_id: str
    mode: str
    accuracy: float
    finished_at: datetime
    source: RoundSource | None = None
    grade: Mapping[str, Any] | None = None
    skills: tuple[SkillResult, ...] | None = None
    """Known when played in this run of the app; otherwise worked out on first need."""
    form: bool = False
    """A paperwork exercise (``round_index`` is then the form's index in the attempt)."""

    @property
    def key(self) -> tuple[str, bool, int]:
        return (self.attempt_uid, self.form, self.round_index)


class TraineeProgress:
    """One trainee's finished rounds, read from the store (``refresh`` reads them again)."""

    def __init__(self, store: Store, trainee: TraineeRecord, deal: Rebuild = deal_again) -> None:
        self.store = store
        self.trainee = trainee
        self.deal = deal
        self.warning = ""
        """Why some rounds' skills could not be worked out, when that happened."""
        self.rounds: list[PlayedRound] = []
        self.attempts: list[AttemptRecord] = []
        self.refresh()

    def refresh(self) -> None:
        known = {r.key: r.skills for r in self.rounds if r.skills is not None}
        self.attempts = self.store.attempts(self.trainee.id)
        rounds = [
            _played(attempt, stored)
            for attempt in self.attempts
            for stored in attempt.rounds
            if stored.finished_at is not None and stored.score is not None
        ]
        for played in rounds:
            played.skills = known.get(played.key)
        rounds += [_played_form(a, f) for a in self.attempts for f in a.forms]
        self.rounds = sorted(rounds, key=lambda r: r.finished_at)

    def add(self, played: PlayedRound) -> None:
        """A round just finished in this run (already committed to the store)."""
        self.rounds.append(played)

    def accuracies(self, lesson_id: str) -> list[float]:
        """The lesson's round accuracies, oldest first (exam rounds are judged by the exam's
        pass mark, not by mastery, and are left out)."""
        return [r.accuracy for r in self.rounds if r.lesson_id == lesson_id and r.mode != EXAM]

    def log(self) -> PracticeLog:
        """The scheduler's log of every finished round, skills included."""
        return PracticeLog(
            tuple(RoundRecord(r.lesson_id, r.accuracy, self._skills(r)) for r in self.rounds)
        )

    def _skills(self, played: PlayedRound) -> tuple[SkillResult, ...]:
        if played.skills is not None:
            return played.skills
        results: tuple[SkillResult, ...] = ()
        if played.source is not None and played.grade is not None:
            try:
                dealt = rebuild(played.source, self.deal)
                results = graded_skills(
                    dealt.procedure, grade_of_json(dealt.procedure, dealt.spots, played.grade)
                )
            except Exception as error:  # an old round that no longer deals counts accuracy only
                self.warning = (
                    f"round {played.round_index} of a {played.lesson_id} attempt could not be "
                    f"dealt again for its skills ({type(error).__name__}: {error})"
                )
        played.skills = results
        return results

    def exam_attempts(self, lesson_id: str) -> list[AttemptRecord]:
        return [a for a in self.attempts if a.lesson_id == lesson_id and a.mode == EXAM]

    def interrupted(self) -> list[AttemptRecord]:
        return self.store.interrupted_attempts(self.trainee.id)


def _played(attempt: AttemptRecord, stored: StoredRound) -> PlayedRound:
    assert stored.finished_at is not None and stored.score is not None
    return PlayedRound(
        attempt.uid,
        stored.index,
        attempt.lesson_id,
        attempt.mode,
        float(stored.score),
        stored.finished_at,
        stored.source,
        stored.grade,
    )


def form_skills(perfect: bool) -> tuple[SkillResult, ...]:
    """A form trains one skill, right only when every entry is."""
    return (SkillResult(Skill.TABLE_PAPERWORK, perfect),)


def _played_form(attempt: AttemptRecord, form: FormEntry) -> PlayedRound:
    return _form_round(attempt.uid, attempt.lesson_id, attempt.mode, form)


def _form_round(uid: str, lesson_id: str, mode: str, form: FormEntry) -> PlayedRound:
    return PlayedRound(
        uid,
        form.index,
        lesson_id,
        mode,
        float(form.score),
        form.recorded_at,
        skills=form_skills(form.perfect),
        form=True,
    )


def store_form(
    store: Store,
    attempt_id: int,
    situation: ClosedTableSituation,
    form: ClosedTableForm,
    grade: FormGrade,
    seed: int | None,
) -> FormEntry:
    """Commit a completed Closed Table form to an attempt, as the records keep it."""
    return store.record_form(
        attempt_id,
        exercise=EXERCISE,
        seed=seed,
        situation=situation.to_json(),
        entries=form.to_json(),
        score=grade.score,
        grade=grade.to_json(),
    )


# --- writing ---------------------------------------------------------------------------------


class AttemptRecorder(Struct):
    """Writes one attempt to the store as it is played. The attempt is started on the first
    round (or at ``begin``), so opening a table and leaving it records nothing."""

    progress: TraineeProgress
    lesson_id: str
    game: str
    mode: str
    may_resume: bool = True
    time_limit: float | None = None
    grading: str = "session"
    """``log`` for exams: the round's grade is the grade of its action log."""
    attempt_id: int | None = None
    uid: str | None = None
    pass_mark: Decimal | None = None
    rounds_required: int | None = None
    keys: KeyRing | None = None
    """The examiner's unlocked ring: the attempt's steps are chained and its exam entered
    in the trainee's signed ledger."""
    assignment: str | None = None
    """The uid of the exam assignment the exam is sat for (its submission completes it)."""

    @classmethod
    def resuming(
        cls, progress: TraineeProgress, attempt: AttemptRecord, keys: KeyRing | None = None
    ) -> AttemptRecorder:
        grading = "log" if attempt.mode == EXAM else "session"
        return cls(
            progress,
            attempt.lesson_id,
            attempt.game,
            attempt.mode,
            attempt.may_resume,
            attempt.time_limit,
            grading,
            attempt.id,
            attempt.uid,
            attempt.pass_mark,
            attempt.rounds_required,
            keys,
        )

    @property
    def store(self) -> Store:
        return self.progress.store

    def begin(self) -> int:
        if self.attempt_id is None:
            self.attempt_id = self.store.start_attempt(
                self.progress.trainee.id,
                self.lesson_id,
                self.game,
                self.mode,
                may_resume=self.may_resume,
                time_limit=self.time_limit,
                pass_mark=self.pass_mark,
                rounds_required=self.rounds_required,
                keys=self.keys,
                assignment=self.assignment,
            )
            self.uid = self.store.attempt(self.attempt_id).uid
            self._exam_changed()
        return self.attempt_id

    def _exam_changed(self) -> None:
        """An exam's attempts decide its status and the attempts left: read them again."""
        if self.mode == EXAM:
            self.progress.refresh()

    def watch(self, session: PracticeSession, source: RoundSource, guard: Guard = unguarded) -> int:
        """Record the round's deal now, and each step, sign-off and the grade as the session
        announces them (each listener wrapped by ``guard``). Connect before anything else
        listens, so a step is committed before the screen shows it."""
        index, listeners = self.listeners(session, source, guard)
        listeners.connect(session)
        return index

    def listeners(
        self, session: PracticeSession, source: RoundSource, guard: Guard = unguarded
    ) -> tuple[int, RoundListeners]:
        """``watch`` without connecting: the round's deal recorded now, and the listeners
        that record the rest (``Backlog.hand_to`` gives them what was played before)."""
        attempt = self.begin()
        index = self.store.start_round(attempt, source, self.grading)

        def judged(judgement: Judgement) -> None:
            self.store.record_step(attempt, judgement, round_index=index)

        def signed(signoff: SignOff) -> None:
            self.store.record_signoff(
                attempt, signoff.step.id, signoff.floorperson, signoff.at, round_index=index
            )

        def finished(grade: Grade) -> None:
            self.store.finish_round(attempt, index, grade)
            assert self.uid is not None
            self.progress.add(
                PlayedRound(
                    self.uid,
                    index,
                    self.lesson_id,
                    self.mode,
                    float(grade.score),
                    _now(),
                    source,
                    grade.to_json(),
                    graded_skills(session.procedure, grade),
                )
            )

        listeners = RoundListeners(
            guard(STEP, judged), guard(SIGNOFF, signed), guard(GRADE, finished)
        )
        return index, listeners

    def record_form(
        self,
        situation: ClosedTableSituation,
        form: ClosedTableForm,
        grade: FormGrade,
        seed: int | None,
    ) -> FormEntry:
        """Commit a completed Closed Table form to the attempt, and count it at once."""
        entry = store_form(self.store, self.begin(), situation, form, grade, seed)
        assert self.uid is not None
        self.progress.add(_form_round(self.uid, self.lesson_id, self.mode, entry))
        return entry

    def finish(self, keys: KeyRing | None = None) -> AttemptRecord | None:
        """Submit the attempt (signed with ``keys``, which an exam needs); nothing when no
        round was ever started."""
        if self.attempt_id is None:
            return None
        record = self.store.attempt(self.attempt_id)
        if record.status is not Status.IN_PROGRESS:
            return record
        record = self.store.finish_attempt(self.attempt_id, keys=keys)
        self._exam_changed()
        return record

    def abandon(self) -> AttemptRecord | None:
        if self.attempt_id is None:
            return None
        record = self.store.attempt(self.attempt_id)
        if record.status is not Status.IN_PROGRESS:
            return record
        record = self.store.abandon_attempt(self.attempt_id, self.keys)
        self._exam_changed()
        return record


def _now() -> datetime:
    from dealer_trainer.store.types import now

    return now()


def close_interrupted_round(
    store: Store, attempt: AttemptRecord, deal: Rebuild = deal_again
) -> Grade | None:
    """Before an interrupted exam goes on, its round cut short is graded from the steps that
    were recorded (what was not done counts as missed, the time is that of the last step), so
    stopping the app never wipes out a round. A practice round cut short is left ungraded: it
    does not count, and the lesson goes on with the next round."""
    if not attempt.rounds or attempt.rounds[-1].finished_at is not None:
        return None
    last = attempt.rounds[-1]
    if last.grading != "log":
        return None
    dealt: DealtRound = rebuild(last.source, deal)
    steps = [s for s in attempt.round_steps(last.index) if s.kind == "action"]
    grade = grade_log(
        dealt.procedure,
        [s.trainee_action(dealt.spots) for s in steps],
        not_called_for=dealt.not_called_for,
        seconds=max((s.at for s in steps), default=0.0),
        time_limit=attempt.time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    store.finish_round(attempt.id, last.index, grade)
    return grade


__all__ = [
    "EXAM",
    "EXAM_SEEDS",
    "GRADE",
    "MISTAKES",
    "SCENARIO_PREFIX",
    "SEED_BITS",
    "SIGNOFF",
    "STEP",
    "TABLE_PREFIX",
    "AttemptRecorder",
    "Backlog",
    "Guard",
    "PlayedRound",
    "RoundListeners",
    "TraineeProgress",
    "candidate_seed",
    "close_interrupted_round",
    "grade_of_json",
    "recordable_seed",
    "scenario_lesson_id",
    "table_lesson_id",
    "unguarded",
]
