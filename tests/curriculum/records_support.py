"""Playing a run's rounds the way the trainer screen does, without a window: the run deals, a
practice session in the run's mode judges each action, the run records it (``watch``) before
anyone else hears of it, and the grade goes back to the run. Mistakes on request.

Also used by the kill test's child process (tests/gui/test_exam_flow.py), so it imports
nothing from pytest.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from dealer_trainer.curriculum.run import LessonRun, MistakesRun
from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.resources import shipped_lessons, shipped_tables

TABLES = shipped_tables()


class ManualClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Settled:
    grade: Grade
    session: PracticeSession
    judgements: list[Judgement] = field(default_factory=list)


def settle(
    run: LessonRun | MistakesRun,
    dealt: DealtRound,
    *,
    wrong_amount_at: Container[int] = (),
    stop_after: int | None = None,
    on_step: Callable[[Judgement], None] | None = None,
) -> Settled:
    """Settle ``dealt`` step by step in procedure order, signing every floorperson call. The
    n-th action (from 1) in ``wrong_amount_at`` pays $5 too much (in practice it is refused and
    done again; in an exam it stands). ``stop_after`` stops after that many actions without
    finishing the round (the app killed mid-round)."""
    clock = ManualClock()
    session = PracticeSession(
        dealt.setup,
        dealt.procedure,
        run.mode,
        dealt.not_called_for,
        clock=clock,
        time_limit=run.time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    run.watch(session)
    session.start()
    settled = Settled(Grade((), (), Decimal(0), Decimal(0), Decimal(0), 0.0, None), session)
    n = 0
    while not session.is_over:
        if session.awaiting:
            clock.now = round(clock.now + 2.0, 3)
            session.sign_off(session.awaiting[0].id, "Pat Floor")
            continue
        if stop_after is not None and n >= stop_after:
            return settled
        n += 1
        step = session.grader.available()[0]
        amount = step.amount
        if n in wrong_amount_at and amount is not None:
            amount += 5
        clock.now = round(clock.now + 1.5, 3)
        judgement = session.act(step.spot, step.action, amount, step.hand)
        settled.judgements.append(judgement)
        if on_step is not None:
            on_step(judgement)
        if not judgement.ok and session.mode is not Mode.EXAM:
            clock.now = round(clock.now + 1.5, 3)
            judgement = session.act(step.spot, step.action, step.amount, step.hand)
            settled.judgements.append(judgement)
            if on_step is not None:
                on_step(judgement)
    settled.grade = session.finish()
    run.record(settled.grade)
    return settled


def play_all(run: LessonRun, wrong_amount_at: Container[int] = ()) -> list[Settled]:
    """Every remaining round of a lesson or exam, the same mistakes in each."""
    played = []
    while (item := run.next_item()) is not None:
        assert isinstance(item, DealtRound), "no forms in these lessons"
        played.append(settle(run, item, wrong_amount_at=wrong_amount_at))
    return played


def exam_file(
    folder: Path, *, may_resume: bool = False, attempts: int = 2, rounds: int = 2
) -> Path:
    """A small exam at the plain UTH table: ``rounds`` generated rounds then a fixed one."""
    path = folder / "exam.toml"
    folder.mkdir(parents=True, exist_ok=True)
    scenario = (shipped_lessons() / "uth" / "scenarios" / "trips_full_house_plain.toml").as_posix()
    path.write_text(
        f"""id = "uth-test-exam"
title = "Exam: a short plain table"
description = "Two generated rounds and a fixed one."
game = "Ultimate Texas Hold 'Em"
level = 9
table = "{(TABLES / "uth_plain.toml").as_posix()}"
mode = "exam"
skills = ["base payout", "paytable reading", "settlement order", "speed"]
time_limit_seconds = 180
pass_mark = 90
attempts = {attempts}
may_resume = {"true" if may_resume else "false"}

[[rounds]]
generate = {rounds}
seed = 8_000_000
seats = [1, 3, 5]

[[rounds]]
scenario = "{scenario}"
""",
        encoding="utf-8",
    )
    return path
