"""A procedure step: one thing the dealer must do, with its amount, its order and its reason."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from msgspec import Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind
from dealer_trainer.rules.money import format_money


class Step(Struct, frozen=True):
    """One required action.

    ``spot`` says where: the player's seat (1 = the dealer's far left), or ``DEALER`` (0) for
    the dealer's hand and the table's meters, and what is settled there. ``after`` lists ids of
    steps that must already be done: the procedure is a partial order, and only the orders the
    regulation fixes are here.
    """

    id: str
    spot: SpotId
    action: Action
    amount: Decimal | None
    after: tuple[str, ...]
    citation: str
    explanation: str
    order_rule: str = ""
    hand: str | None = None
    """For a hand the dealer must verify or announce: its category ("Royal flush"), which the
    trainee names when verifying, as a dealer calls the hand aloud."""

    @property
    def seat(self) -> int:
        return self.spot.seat

    @property
    def party(self) -> str:
        return self.spot.party

    @property
    def key(self) -> tuple[SpotId, Action]:
        return (self.spot, self.action)

    def describe(self) -> str:
        amount = f" {format_money(self.amount)}" if self.amount is not None else ""
        return f"{self.party} {self.spot.label}: {self.action.label}{amount}"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "seat": self.seat,
            "spot": self.spot.label,
            "action": self.action.value,
            "amount": None if self.amount is None else f"{self.amount:.2f}",
            "after": list(self.after),
            "citation": self.citation,
            "explanation": self.explanation,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        return data


class StepRecorder:
    """Collects a game's procedure steps in canonical order: every game's procedure builder
    adds its steps through ``add``, which drops repeated predecessors and returns the id to
    chain the next step after."""

    steps: list[Step]

    def add(
        self,
        id_: str,
        seat: int,
        kind: SpotKind,
        action: Action,
        amount: Decimal | None,
        after: Sequence[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
        *,
        hand_of: int | None = None,
    ) -> str:
        """``kind`` at ``seat``, on ``hand_of``'s hand when that is not the bettor's own."""
        unique = tuple(dict.fromkeys(after))
        spot = SpotId(seat, kind, hand_of)
        self.steps.append(
            Step(id_, spot, action, amount, unique, citation, explanation, order_rule, hand)
        )
        return id_


__all__ = ["DEALER", "Step", "StepRecorder"]
