"""What a scenario file of a game of two hole cards and five community cards (Ultimate Texas
Hold 'Em, Texas Hold 'Em Bonus Poker) says beside its seats: the dealer's two cards, the five
community cards in dealing order, and the table game system's draws (docs/scenario-format.md).

Each game's ``scenario.py`` subclasses ``CommunityScenario`` with its own seats (their wagers
and decisions) and anything else its chapter adds.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_card
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.scenario_support import STRICT, ScenarioFile, card_parser, meter_amount

two_cards = card_parser(2, "As Kd")
"""Validates a player's or the dealer's two cards."""
_five = card_parser(5, "As Kd")


class ScenarioDraws(BaseModel):
    """The ``[draws]`` table: the meters, the Magic Card and the Lucky Bonus position."""

    model_config = STRICT
    meter: Decimal | None = None
    progressive_meter: Decimal | None = None
    magic_card: Card | None = None
    lucky: str | None = Field(default=None, description='"seat N" or "dealer"')

    _m = field_validator("meter", "progressive_meter", mode="before")(meter_amount)

    @field_validator("magic_card", mode="before")
    @classmethod
    def _magic(cls, value: Any) -> Card:
        try:
            return parse_card(str(value), allow_joker=False)
        except CardNotationError as error:
            raise ValueError(str(error)) from None

    @field_validator("lucky")
    @classmethod
    def _lucky(cls, value: str) -> str:
        words = value.lower().split()
        if words == ["dealer"] or (len(words) == 2 and words[0] == "seat" and words[1].isdigit()):
            return value
        raise ValueError('write "dealer" or "seat N"')

    def table_draws(self) -> TableDraws:
        lucky_seat, lucky_dealer = None, False
        if self.lucky is not None:
            words = self.lucky.lower().split()
            lucky_dealer = words == ["dealer"]
            lucky_seat = None if lucky_dealer else int(words[1])
        return TableDraws(
            self.meter,
            self.magic_card,
            lucky_seat,
            lucky_dealer,
            progressive_meter=self.progressive_meter,
        )


class CommunityScenario(ScenarioFile):
    dealer: tuple[Card, ...]
    board: tuple[Card, ...]
    draws: ScenarioDraws = ScenarioDraws()

    _d = field_validator("dealer", mode="before")(two_cards)
    _b = field_validator("board", mode="before")(_five)

    @property
    def dealer_cards(self) -> tuple[Card, Card]:
        return (self.dealer[0], self.dealer[1])

    @property
    def board_cards(self) -> tuple[Card, Card, Card, Card, Card]:
        b = self.board
        return (b[0], b[1], b[2], b[3], b[4])


__all__ = ["CommunityScenario", "ScenarioDraws", "two_cards"]
