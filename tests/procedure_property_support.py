"""Property checks a paytable game's settlement procedure shares with the others.

Each game's property module deals its own random rounds (its wagers, decisions and hands) and
hands the built procedure to these checks: the canonical order grades perfect and the chips
balance on the practice table; no seat is settled before a seat farther to the dealer's right.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal

from golden_support import perfect_log
from hypothesis import strategies as st

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.grader import grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.practice.table import TableState

ZERO = Decimal(0)


def check_perfect_and_money_conserved(
    procedure: Procedure,
    not_called_for: Mapping[Action, str],
    setup: TableSetup,
    dropped: Decimal,
) -> None:
    """The canonical order grades 100; settled on the felt, the chip rack ends with what it
    paid out and collected, and the table inventory container holds the ``dropped``
    progressive chips."""
    grade = grade_log(procedure, perfect_log(list(procedure)), not_called_for=not_called_for)
    assert grade.perfect and grade.score == 100
    state = TableState.of(setup)
    start = state.inventory
    for step in procedure:
        state.apply(step)
    paid = sum(
        (s.amount or ZERO for s in procedure if s.action in (Action.PAY, Action.PAY_ENVY)), ZERO
    )
    collected = sum(
        (
            s.amount or ZERO
            for s in procedure
            if s.action is Action.COLLECT and not s.id.startswith("predeal.")
        ),
        ZERO,
    )
    assert state.inventory == start - paid + collected
    assert state.container == dropped


def check_right_to_left(procedure: Procedure, seats: Collection[int], data: st.DataObject) -> None:
    """Every step of a seat in ``seats`` comes after every step of the next such seat to the
    dealer's right, save the Envy Bonus payments (which wait for every progressive) and the
    discards."""
    ordered = sorted(seats, reverse=True)
    if len(ordered) < 2:
        return
    left = data.draw(st.sampled_from(ordered[1:]))
    right = ordered[ordered.index(left) - 1]
    first = next(s for s in procedure if s.seat == left and not s.id.startswith("predeal."))
    earlier = {
        s.id
        for s in procedure
        if s.seat == right
        and not s.id.startswith("predeal.")
        and s.action not in (Action.PAY_ENVY, Action.DISCARD)
    }
    ancestors = {s.id for s in procedure if first.id in procedure.descendants(s.id)}
    assert earlier <= ancestors


__all__ = ["check_perfect_and_money_conserved", "check_right_to_left"]
