"""A school's records made the way the trainer makes them: trainees settle real rounds dealt by
the engine, a practice session judges each action, the store commits it at once.

The scripted trainees differ in what they get wrong (amounts, order, actions nothing calls
for) and in how fast they settle each kind of step, and they improve over their sessions, so
the dashboard has something to show. The store's clock is replaced by a calendar that moves
on by days between sessions, so the trend covers weeks rather than the test's few seconds;
signed exam results sign those dates, and verify.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.resources import shipped_tables
from dealer_trainer.store import RoundSource, Store, TraineeRecord, open_store
from dealer_trainer.store.settings import sqlite_url

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "store"))
from scrypt_support import cheap_credentials  # noqa: E402
from store_support import dealt_round, play_log_round  # noqa: E402  (the storage tests' own)

TABLES = shipped_tables()
UTH = "Ultimate Texas Hold 'Em"
THREE_CARD = "Three Card Poker"
CARIBBEAN = "Caribbean Stud Poker"
EZ_PAI_GOW = "EZ Pai Gow Poker"
LET_IT_RIDE = "Let It Ride Poker"
PASSWORD = "instructor pass 1"
EXAM_ID = "uth-plain-table-exam"
EXAM_ROUNDS = 10
FLOORPERSON_SCENARIO = (
    ROOT / "tests" / "golden" / "caribbean_stud" / ("fchb_four_of_a_kind_floorperson.toml")
)

Mistake = Callable[[int, Step], str | None]
"""For the n-th action about to be taken on ``step``: ``amount`` (pay $5 too much),
``early`` (try a later step first), ``extra`` (reset a meter nothing calls for) or None."""
Pace = Callable[[Step], float]


def table(name: str, game: str, seed: int, seats: tuple[int, ...]) -> RoundSource:
    return RoundSource.deal(TABLES / name, game, seed, seats)


class Calendar:
    """The store's clock: a few seconds pass at each write, days pass between sessions."""

    def __init__(self, start: datetime) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        self.moment += timedelta(seconds=3)
        return self.moment

    def next_day(self, days: int = 1) -> None:
        self.moment += timedelta(days=days)


@contextmanager
def calendar(monkeypatch: pytest.MonkeyPatch, start: datetime | None = None) -> Iterator[Calendar]:
    clock = Calendar(start or datetime(2025, 3, 3, 9, 0, tzinfo=UTC))
    with monkeypatch.context() as patch:
        patch.setattr("dealer_trainer.store.store.now", clock)
        yield clock


def no_mistakes(_n: int, _step: Step) -> str | None:
    return None


def steady(_step: Step) -> float:
    return 2.0


def play(
    store: Store,
    attempt_id: int,
    source: RoundSource,
    mistake: Mistake = no_mistakes,
    pace: Pace = steady,
) -> Decimal:
    """Settle one round through a practice session, as a trainee at the table would, every
    judged action and sign-off committed as it happens; returns the round's score."""
    dealt = dealt_round(source)
    index = store.start_round(attempt_id, source)
    now = [0.0]
    session = PracticeSession(
        dealt.setup,
        dealt.procedure,
        not_called_for=dealt.not_called_for,
        clock=lambda: now[0],
        time_limit=store.attempt(attempt_id).time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    session.start()
    n = 0

    def act(step: Step, action: Action, amount: Decimal | None) -> None:
        now[0] = round(now[0] + pace(step), 3)
        store.record_step(attempt_id, session.act(step.spot, action, amount, step.hand))

    while not session.is_over:
        if session.awaiting:
            call = session.awaiting[0]
            now[0] = round(now[0] + 20.0, 3)  # the floorperson walks over
            signed = session.sign_off(call.id, "Pat Floor")
            store.record_signoff(attempt_id, call.id, signed.floorperson, signed.at)
            continue
        n += 1
        step = session.grader.available()[0]
        kind = mistake(n, step)
        later = [s for s in session.grader.pending() if s not in session.grader.available()]
        if kind == "amount" and step.amount is not None:
            act(step, step.action, step.amount + 5)
        elif kind == "early" and later:
            act(later[0], later[0].action, later[0].amount)
        elif kind == "extra":
            act(step, Action.RESET_METER, None)
        act(step, step.action, step.amount)
    grade = session.finish()
    store.finish_round(attempt_id, index, grade)
    return grade.score


def exam_source(k: int) -> RoundSource:
    """The exam's k-th round (three seats rather than the file's seven: the records are the
    same kind, and the suite stays quick)."""
    return table("uth_plain.toml", UTH, 8_000 + k, (2, 4, 6))


def take_exam(store: Store, trainee: TraineeRecord, wrong: set[int] | None = None) -> int:
    """The plain-table exam of the course, every round played and submitted signed."""
    attempt = store.start_attempt(trainee.id, EXAM_ID, UTH, "exam", time_limit=180)
    for k in range(EXAM_ROUNDS):
        play_log_round(store, attempt, exam_source(k), wrong_amount_at=wrong or set())
    store.finish_attempt(attempt, keys=store.unlock_keys(PASSWORD))
    return attempt


@dataclass
class School:
    trainees: dict[str, TraineeRecord] = field(default_factory=dict)
    practice: dict[str, list[int]] = field(default_factory=dict)
    exams: dict[str, int] = field(default_factory=dict)


PRACTICE_TABLES = (
    ("uth_all_653b_options.toml", UTH, (1, 3, 5)),
    ("three_card_poker_progressive_envy.toml", THREE_CARD, (2, 4, 6)),
    ("let_it_ride_all_bonuses.toml", LET_IT_RIDE, (1, 4, 7)),
    ("pai_gow_ez_all_options.toml", EZ_PAI_GOW, (2, 5)),
    ("caribbean_stud_progressive.toml", CARIBBEAN, (3, 6)),
)


def learner(errors: int, kinds: tuple[str, ...]) -> Mistake:
    """Makes ``errors`` mistakes in a round, of ``kinds`` in turn, spread over its actions."""

    def mistake(n: int, _step: Step) -> str | None:
        if errors and n % max(2, 12 // errors) == 0 and n // max(2, 12 // errors) <= errors:
            return kinds[(n // max(2, 12 // errors)) % len(kinds)]
        return None

    return mistake


def paced(payout: float, verify: float, other: float) -> Pace:
    def pace(step: Step) -> float:
        if step.action in (Action.PAY, Action.COLLECT, Action.PUSH, Action.PAY_ENVY):
            return payout
        if step.action in (Action.VERIFY_HAND, Action.ACKNOWLEDGE_ENVY, Action.VERIFY_METER):
            return verify
        return other

    return pace


def fill_school(store: Store, clock: Calendar, sessions: int = 5) -> School:
    """Four trainees in two classes (one with no class, one who never practised), weeks of
    practice at five games getting better, a passed exam and a failed one, both signed."""
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    school = School()
    people = (
        ("Ann Lee", "Spring 2025", ("amount", "early"), paced(2.5, 4.0, 1.5)),
        ("Ben Okafor", "Spring 2025", ("early", "extra", "early"), paced(4.5, 2.0, 2.0)),
        ("Cara Díaz", "Evening class", ("amount",), paced(3.0, 6.0, 2.5)),
    )
    for name, cohort, _kinds, _pace in people:
        school.trainees[name] = store.add_trainee(name, cohort)
        school.practice[name] = []
    school.trainees["Dev Patel"] = store.add_trainee("Dev Patel")
    for session in range(sessions):
        clock.next_day(2)
        for person, (name, _cohort, kinds, pace) in enumerate(people):
            if name == "Cara Díaz" and session % 2:
                continue
            file, game, seats = PRACTICE_TABLES[(session + person) % len(PRACTICE_TABLES)]
            trainee = school.trainees[name]
            attempt = store.start_attempt(trainee.id, f"table:{Path(file).stem}", game, "practice")
            errors = max(0, 4 - session) + (1 if name == "Ben Okafor" else 0)
            for k in range(2):
                play(
                    store,
                    attempt,
                    table(file, game, 100 * session + k, seats),
                    learner(errors, kinds),
                    pace,
                )
            store.finish_attempt(attempt)
            school.practice[name].append(attempt)
    clock.next_day()
    ann = school.trainees["Ann Lee"]
    cara = school.trainees["Cara Díaz"]
    scenario = store.start_attempt(cara.id, "scenario:floorperson", CARIBBEAN, "practice")
    play(store, scenario, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
    store.finish_attempt(scenario)
    school.practice["Cara Díaz"].append(scenario)
    school.exams["Ann Lee"] = take_exam(store, ann)
    clock.next_day()
    school.exams["Ben Okafor"] = take_exam(store, school.trainees["Ben Okafor"], {1, 2, 5, 9})
    return school


_BUILT: dict[str, tuple[Path, School]] = {}


def school_template(folder: Path) -> tuple[Path, School]:
    """The school's records built once per test run (a minute of commits on a slow disk);
    each test works on its own copy (``school_copy``)."""
    if "school" not in _BUILT:
        path = folder / "school.sqlite3"
        store = open_store(sqlite_url(path))
        try:
            with pytest.MonkeyPatch.context() as patch:
                cheap_credentials(patch)
                clock = Calendar(datetime(2025, 3, 3, 9, 0, tzinfo=UTC))
                patch.setattr("dealer_trainer.store.store.now", clock)
                school = fill_school(store, clock)
        finally:
            store.close()
        _BUILT["school"] = (path, school)
    return _BUILT["school"]


@pytest.fixture(scope="session")
def school_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, School]:
    return school_template(tmp_path_factory.mktemp("school"))


def school_copy(template: Path, folder: Path) -> str:
    """A private copy of the school's records; returns its database URL."""
    target = folder / "school.sqlite3"
    shutil.copyfile(template, target)
    return sqlite_url(target)
