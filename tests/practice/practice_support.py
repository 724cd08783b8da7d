"""Shared helpers for the practice-session tests: fixtures on disk, a fake clock, and a trainee
who settles a round by the book."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.definition import GameDefinition
from dealer_trainer.practice.rounds import (
    DealtRound,
    PracticeTable,
    deal_config,
    load_round,
    practice_tables,
    read_table,
)
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.practice.table import TableState
from dealer_trainer.resources import shipped_tables

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden" / "uth"
GOLDEN = sorted(GOLDEN_DIR.glob("*.toml"))
TABLES_DIR = shipped_tables()
FLOORPERSON = "J. Alvarez"
ZERO = Decimal(0)

ENVY_SCENARIO = """\
# Seat 6 makes a straight flush (10% of the progressive meter, held for documentation) and
# holds an Envy Bonus Qualifying Hand; seat 3 also made a progressive wager, so seat 3 is
# owed the $100 Envy Bonus for seat 6's hand.
title = "Envy Bonus owed for another player's straight flush"
table = "{table}"
dealer = "Kc Kd"
board = "9h Th Jh 2c 3d"

[draws]
progressive_meter = "30000"

[[seats]]
seat = 3
cards = "As Ad"
decision = "play 4x"
ante = "10"
progressive = "1"

[[seats]]
seat = 6
cards = "7h 8h"
decision = "play 1x"
ante = "10"
progressive = "1"
"""


def write_envy_scenario(folder: Path) -> Path:
    """A round with an Envy Bonus (no golden scenario has one, and random rounds rarely do)."""
    path = folder / "envy_bonus.toml"
    table = (TABLES_DIR / "uth_progressive_envy.toml").as_posix()
    path.write_text(ENVY_SCENARIO.format(table=table), encoding="utf-8")
    return path


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, now: float = 5_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@cache
def golden_round(name: str) -> DealtRound:
    return load_round(GOLDEN_DIR / f"{name}.toml")


@cache
def dealt_round(table_index: int, seed: int) -> DealtRound:
    return deal_config(*table_config(table_index), seed)


@cache
def table_config(table_index: int) -> tuple[GameDefinition[Any, Any], Any]:
    """A listed table's game and Rules Submission, read once for all its deals (``deal``
    reads the file at each)."""
    table = listed_uth_tables()[table_index]
    assert not table.error, table.error
    return read_table(table.path)


@cache
def listed_uth_tables() -> tuple[PracticeTable, ...]:
    """The tables listed once for dealing: a listing reads and validates every shipped table
    file (``uth_tables`` lists afresh for the tests of the listing itself)."""
    return tuple(uth_tables())


def uth_tables() -> list[PracticeTable]:
    """The Ultimate Texas Hold 'Em practice tables (these tests are about that game)."""
    return [t for t in practice_tables() if t.game == "Ultimate Texas Hold 'Em"]


def table_count() -> int:
    return len(listed_uth_tables())


def session_for(
    round_: DealtRound,
    mode: Mode = Mode.PRACTICE,
    clock: FakeClock | None = None,
    time_limit: float | None = None,
) -> PracticeSession:
    return PracticeSession(
        round_.setup,
        round_.procedure,
        mode,
        round_.not_called_for,
        clock if clock is not None else FakeClock(),
        time_limit,
    )


def act_step(session: PracticeSession, step: Step, **changes: object) -> Judgement:
    """Do ``step`` exactly as the procedure says, except for the fields in ``changes``."""
    fields: dict[str, object] = {
        "spot": step.spot,
        "action": step.action,
        "amount": step.amount,
        "hand": step.hand,
    }
    fields.update(changes)
    return session.act(**fields)  # type: ignore[arg-type]


def settle_by_the_book(session: PracticeSession) -> list[Judgement]:
    """Every step in canonical order; each floorperson call signed off right after it."""
    judgements = []
    for step in session.procedure:
        assert not session.is_over, f"the round ended before {step.describe()}"
        judgement = act_step(session, step)
        assert judgement.ok, (step.describe(), judgement.verdict, judgement.explanation)
        judgements.append(judgement)
        if step.action is Action.CALL_FLOORPERSON:
            session.sign_off(step.id, FLOORPERSON)
    return judgements


@dataclass(frozen=True)
class MoneyFlow:
    collected: Decimal
    paid: Decimal
    envy: Decimal


def money_flow(procedure: Procedure) -> MoneyFlow:
    """What the procedure's own steps move into and out of the chip rack."""

    def total(*actions: Action) -> Decimal:
        return sum(
            (s.amount or ZERO for s in procedure if s.action in actions and not is_pre_deal(s)),
            ZERO,
        )

    return MoneyFlow(
        total(Action.COLLECT, Action.COLLECT_COMMISSION), total(Action.PAY), total(Action.PAY_ENVY)
    )


def snapshot(state: TableState) -> TableState:
    return copy.deepcopy(state)


def check_settled_table(round_: DealtRound, session: PracticeSession) -> None:
    """The felt after a complete, correct settlement."""
    state = session.state
    procedure = round_.procedure
    discarded = [s.seat for s in procedure if s.action is Action.DISCARD and s.seat != DEALER]
    assert sorted(state.discarded) == sorted(discarded)
    for seat in discarded:
        assert not [key for key in state.stakes if key.seat == seat], f"chips left on seat {seat}"
        assert not state.cards_on_table(seat)
    assert state.discard_count == 2 * len(discarded)
    flow = money_flow(procedure)
    assert state.inventory == round_.setup.inventory + flow.collected - flow.paid - flow.envy
    dropped = sum((s.amount or ZERO for s in procedure if is_pre_deal(s) and s.amount), ZERO)
    assert state.container == dropped, "progressive chips go to the container, not the rack"
    for step in procedure:
        key = step.spot
        if step.action is Action.HOLD_FOR_DOCUMENTATION:
            assert state.held[key] == step.amount
            if not step.spot.label.endswith("(dealer's hand)"):
                # The player's winning hand was held for the documentation, then discarded.
                assert state.hand_held(step.seat), step.describe()
        elif step.action is Action.RESET_METER:
            assert state.meters[step.spot.kind] == step.amount
        elif step.action in (Action.VERIFY_HAND, Action.VERIFY_METER):
            assert key in state.verified
        elif step.action is Action.ACKNOWLEDGE_ENVY:
            assert state.announced[step.seat] == step.hand
    # Seats that were not discarded (a held jackpot hand) still have their cards out.
    for placed in round_.setup.seats:
        if placed.seat not in discarded:
            assert state.cards_on_table(placed.seat)


def settle_and_check(round_: DealtRound) -> tuple[PracticeSession, Grade]:
    session = session_for(round_)
    judgements = settle_by_the_book(session)
    assert all(j.ok for j in judgements)
    assert session.is_over
    grade = session.finish()
    assert grade.perfect
    assert grade.score == 100
    assert not grade.missing
    check_settled_table(round_, session)
    return session, grade
