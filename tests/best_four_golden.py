"""Checks the best-four games' golden and property tests share (Four Card Poker, Crazy 4 Poker):
the dealer's reveal after every forfeited wager, before every seat that stayed in, and the hand
it names; the money steps; a trainee's log of the canonical order; the felt left empty."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.grader import TraineeAction
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.best_four_progressive import PROGRESSIVES
from dealer_trainer.practice.table import TableState

D = Decimal


def check_reveal_after_every_fold(
    round_: Any,
    procedure: Procedure,
    matcher: Callable[[Step, str], bool],
    ante: str,
) -> None:
    """Collect the forfeited wagers and cards (each folded seat's ``ante``), then reveal and
    select the best four, once; no seat that stayed in is settled before that, and the reveal
    accepts both the four cards it names and the hand's category."""
    (reveal,) = [s for s in procedure if s.action is Action.SET_HAND]
    assert (reveal.seat, reveal.spot.label) == (DEALER, "Hand")
    after_reveal = procedure.descendants(reveal.id)
    for step in procedure:
        if step.seat == DEALER or is_pre_deal(step):  # progressive chips, before the deal
            continue
        play = round_.seat(step.seat)
        if not play.folded:
            assert step.id in after_reveal, step.describe()
        elif step.spot.label == ante:
            assert reveal.id in procedure.descendants(step.id), step.describe()
    assert reveal.hand is not None and matcher(reveal, reveal.hand)
    assert matcher(reveal, round_.dealer_hand.rank.value)


SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})


def chip_wagers_settled(procedure: Procedure, play: Any) -> Counter[str]:
    """The seat's chip wagers settled after the deal, by spot label, after checking its
    progressives: each placed one's chips collected once before the deal (§ 641a.8(b)) and a
    win paid, or held for its documentation, at most once."""
    seat = play.seat
    dropped = Counter(s.spot.label for s in procedure if s.seat == seat and is_pre_deal(s))
    assert dropped == Counter(w.value for w in play.wagers if w in PROGRESSIVES), seat
    settled = Counter(
        s.spot.label
        for s in procedure
        if s.seat == seat and s.action in SETTLES and not is_pre_deal(s)
    )
    for wager in PROGRESSIVES:
        won = [
            s
            for s in procedure
            if s.seat == seat
            and s.spot.label == wager.value
            and s.action in (Action.PAY, Action.HOLD_FOR_DOCUMENTATION)
        ]
        assert len(won) <= (1 if play.progressive_stake(wager) else 0), seat
        settled.pop(wager.value, None)
    return settled


def chip_wagers_placed(play: Any) -> Counter[str]:
    return Counter(w.value for w in play.wagers if w not in PROGRESSIVES)


def money(procedure: Procedure) -> Counter[tuple[int, str, Action, Decimal]]:
    """Every money step as (seat, spot, action, amount), to compare with an oracle's."""
    found: Counter[tuple[int, str, Action, Decimal]] = Counter()
    for step in procedure:
        if step.action in SETTLES:
            assert step.amount is not None
            found[(step.seat, step.spot.label, step.action, step.amount)] += 1
    return found


def log_of(steps: list[Step]) -> list[TraineeAction]:
    """A trainee doing ``steps`` one a second, naming each hand the step names."""
    return [TraineeAction(s.spot, s.action, s.amount, float(i), s.hand) for i, s in
            enumerate(steps)]  # fmt: skip


def check_the_felt_ends_with_every_chip_accounted_for(
    round_: Any, procedure: Procedure, setup: TableSetup
) -> None:
    """Applying every step to the table: the rack gains what is collected and loses what is
    paid, to the cent, and every player's cards and chips leave the felt."""
    state = TableState.of(setup)
    for step in procedure:
        state.apply(step)
    collected = sum((s.amount or D(0) for s in procedure if s.action is Action.COLLECT), D(0))
    paid = sum((s.amount or D(0) for s in procedure if s.action is Action.PAY), D(0))
    assert state.inventory - setup.inventory == collected - paid
    assert sorted(state.discarded) == sorted(s.seat for s in round_.seats)
    assert not state.stakes and not state.payouts and not state.pushed
    assert state.set_hands[DEALER] == procedure.by_id["dealer.reveal"].hand
