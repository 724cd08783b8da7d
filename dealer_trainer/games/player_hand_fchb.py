"""The Five Card Hand Bonus at a table with no dealer hand: offered on the player's hand only.

The shared Five Card Hand Bonus (games/five_card_hand_bonus.py) may be offered on the player's
hand, the dealer's or both, and its Rules Submission section defaults to both. A game whose
players are paid on their own cards against a paytable has no dealer hand to bet on, so its
section defaults to the player's hand and refuses any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.games.five_card_hand_bonus import BetOn, FiveCardHandBonusSpec
from dealer_trainer.rules.errors import Problem

FIELD = "five_card_hand_bonus"


def on_the_player_by_default(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with a Five Card Hand Bonus section that does not say which hands set on the
    player's, the only hand the table has."""
    copy = dict(data)
    fchb = copy.get(FIELD)
    if isinstance(fchb, Mapping) and "bet_on" not in fchb:
        copy[FIELD] = {**fchb, "bet_on": [BetOn.PLAYER.value]}
    return copy


def player_hand_problems(spec: FiveCardHandBonusSpec, expected: str) -> list[Problem]:
    """The section's own problems, and ``expected`` (why the player's hand is the only one)
    where it offers the bonus on another hand."""
    problems = spec.problems()
    if spec.bet_on != (BetOn.PLAYER,):
        problems.append(
            Problem(f"{FIELD}.bet_on", expected, repr([hand.value for hand in spec.bet_on]))
        )
    return problems


__all__ = ["on_the_player_by_default", "player_hand_problems"]
