"""Reading and writing a trainee's action log (ACTIONS.json): the input of ``grade``.

The log is what an exam stores and what a replay feeds back to the grader, so its format is
small, documented (docs/scenario-format.md) and validated field by field.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction
from dealer_trainer.engine.spot import SpotCatalog, UnknownSpot
from dealer_trainer.rules.datafile import Invalid, Parse, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_json
from dealer_trainer.rules.money import to_money

MAX_ACTIONS = 2_000
"""The most actions one log may hold: a full table of seven seats with every wager settles in
well under 200, so a longer log is not a round's (and grading one costs time in proportion)."""

MAX_SECONDS = 86_400.0
"""An action's time is seconds into the round: no round lasts a day."""


def _action(value: Any) -> Action:
    if isinstance(value, Action):
        return value
    return Action.from_text(str(value))


def _amount(value: Any) -> Decimal | None:
    if value is None:
        return None
    if isinstance(value, float):
        raise ValueError('write amounts as strings such as "7.50", not JSON numbers')
    return to_money(value)


class _ActionSpec(Record, frozen=True):
    seat: Annotated[
        int, Meta(ge=0, le=7, description="player's seat (1 = dealer's far left); 0 = dealer")
    ]
    spot: Annotated[str, Meta(min_length=1)]
    action: Annotated[Action, Parse(_action)]
    amount: Annotated[Decimal | None, Parse(_amount)] = None
    at: Annotated[float, Meta(ge=0, le=MAX_SECONDS)] = 0.0
    hand: Annotated[str | None, Meta(description="the hand named when verifying it")] = None


class _LogSpec(Record, frozen=True):
    actions: Annotated[tuple[_ActionSpec, ...], Meta(max_length=MAX_ACTIONS)]


def parse_actions(
    data: Any, spots: SpotCatalog, source: str | Path = "<actions>"
) -> list[TraineeAction]:
    """The log's actions, each spot read back through the game's ``spots``."""
    try:
        spec = convert(data, _LogSpec)
    except Invalid as error:
        raise DataFileError(source, error.problems) from None
    actions = []
    problems = []
    for i, a in enumerate(spec.actions):
        try:
            spot = spots.parse(a.seat, a.spot)
        except UnknownSpot:
            problems.append(Problem(f"actions[{i}].spot", "a spot of this game", repr(a.spot)))
            continue
        actions.append(TraineeAction(spot, a.action, a.amount, a.at, a.hand))
    if problems:
        raise DataFileError(source, problems)
    return actions


def load_actions(path: str | Path, spots: SpotCatalog) -> list[TraineeAction]:
    file = Path(path)
    return parse_actions(read_json(file), spots, file)


def dump_actions(actions: Sequence[TraineeAction]) -> str:
    return json.dumps({"actions": [a.to_json() for a in actions]}, indent=2)
