"""Reading and writing a trainee's action log (ACTIONS.json): the input of ``grade``.

The log is what an exam stores and what a replay feeds back to the grader, so its format is
small, documented (docs/scenario-format.md) and validated field by field.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction
from dealer_trainer.engine.spot import SpotCatalog, UnknownSpot
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_json
from dealer_trainer.rules.money import to_money

MAX_ACTIONS = 2_000
"""The most actions one log may hold: a full table of seven seats with every wager settles in
well under 200, so a longer log is not a round's (and grading one costs time in proportion)."""

MAX_SECONDS = 86_400.0
"""An action's time is seconds into the round: no round lasts a day."""


class _ActionSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=7, description="player's seat (1 = dealer's far left); 0 = dealer")
    spot: str = Field(min_length=1)
    action: Action
    amount: Decimal | None = None
    at: float = Field(default=0.0, ge=0, le=MAX_SECONDS, allow_inf_nan=False)
    hand: str | None = Field(default=None, description="the hand named when verifying it")

    @field_validator("action", mode="before")
    @classmethod
    def _action(cls, value: Any) -> Action:
        if isinstance(value, Action):
            return value
        return Action.from_text(str(value))

    @field_validator("amount", mode="before")
    @classmethod
    def _amount(cls, value: Any) -> Decimal | None:
        if value is None:
            return None
        if isinstance(value, float):
            raise ValueError('write amounts as strings such as "7.50", not JSON numbers')
        return to_money(value)


class _LogSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    actions: list[_ActionSpec] = Field(max_length=MAX_ACTIONS)


def parse_actions(
    data: Any, spots: SpotCatalog, source: str | Path = "<actions>"
) -> list[TraineeAction]:
    """The log's actions, each spot read back through the game's ``spots``."""
    try:
        spec = _LogSpec.model_validate(data)
    except ValidationError as error:
        raise DataFileError(source, problems_from(error)) from None
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
