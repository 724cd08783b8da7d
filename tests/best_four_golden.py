"""Checks the best-four games' golden tests share (Four Card Poker, Crazy 4 Poker): the dealer's
reveal after every forfeited wager, before every seat that stayed in, and the hand it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step


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
        if step.seat == DEALER:
            continue
        play = round_.seat(step.seat)
        if not play.folded:
            assert step.id in after_reveal, step.describe()
        elif step.spot.label == ante:
            assert reveal.id in procedure.descendants(step.id), step.describe()
    assert reveal.hand is not None and matcher(reveal, reveal.hand)
    assert matcher(reveal, round_.dealer_hand.rank.value)
