"""A procedure step: one thing the dealer must do, with its amount, its order and its reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from dealer_trainer.engine.actions import Action
from dealer_trainer.rules.money import format_money

DEALER = 0
"""Seat number used for the dealer's hand and table-level steps (meters)."""


@dataclass(frozen=True)
class Step:
    """One required action.

    ``seat`` is the player's seat (1 = the dealer's far left), or ``DEALER`` (0) for the
    dealer's hand and the table's meters. ``after`` lists ids of steps that must already be
    done: the procedure is a partial order, and only the orders the regulation fixes are here.
    """

    id: str
    seat: int
    spot: str
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
    def party(self) -> str:
        return "Dealer" if self.seat == DEALER else f"Seat {self.seat}"

    @property
    def key(self) -> tuple[int, str, Action]:
        return (self.seat, self.spot, self.action)

    def describe(self) -> str:
        amount = f" {format_money(self.amount)}" if self.amount is not None else ""
        return f"{self.party} {self.spot}: {self.action.label}{amount}"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "seat": self.seat,
            "spot": self.spot,
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
        spot: str,
        action: Action,
        amount: Decimal | None,
        after: Sequence[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
    ) -> str:
        unique = tuple(dict.fromkeys(after))
        self.steps.append(
            Step(id_, seat, spot, action, amount, unique, citation, explanation, order_rule, hand)
        )
        return id_
