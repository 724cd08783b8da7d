"""What a scenario file of a game of two hole cards and five community cards (Ultimate Texas
Hold 'Em, Texas Hold 'Em Bonus Poker) says beside its seats: the dealer's two cards, the five
community cards in dealing order, and the table game system's draws (docs/scenario-format.md).

Each game's ``scenario.py`` subclasses ``CommunityScenario`` with its own seats (their wagers
and decisions) and anything else its chapter adds.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from dealer_trainer.cards import Card, CardNotationError, parse_card
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.scenario_support import ScenarioFile, card_parser, meter_amount
from dealer_trainer.rules.datafile import After, Parse, Record

two_cards = card_parser(2, "As Kd")
"""Validates a player's or the dealer's two cards."""
_five = card_parser(5, "As Kd")


def _magic(value: Any) -> Card:
    try:
        return parse_card(str(value), allow_joker=False)
    except CardNotationError as error:
        raise ValueError(str(error)) from None


def _lucky(value: str) -> str:
    words = value.lower().split()
    if words == ["dealer"] or (len(words) == 2 and words[0] == "seat" and words[1].isdigit()):
        return value
    raise ValueError('write "dealer" or "seat N"')


Meter = Annotated[Decimal, Parse(meter_amount)]


class ScenarioDraws(Record, frozen=True):
    """The ``[draws]`` table: the meters, the Magic Card and the Lucky Bonus position."""

    meter: Meter | None = None
    progressive_meter: Meter | None = None
    magic_card: Annotated[Card, Parse(_magic)] | None = None
    lucky: Annotated[str, After(_lucky)] | None = None
    """ "seat N" or "dealer"."""

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


class CommunityScenario(ScenarioFile, frozen=True, kw_only=True):
    dealer: Annotated[tuple[Card, ...], Parse(two_cards)]
    board: Annotated[tuple[Card, ...], Parse(_five)]
    draws: ScenarioDraws = ScenarioDraws()

    @property
    def dealer_cards(self) -> tuple[Card, Card]:
        return (self.dealer[0], self.dealer[1])

    @property
    def board_cards(self) -> tuple[Card, Card, Card, Card, Card]:
        b = self.board
        return (b[0], b[1], b[2], b[3], b[4])


__all__ = ["CommunityScenario", "ScenarioDraws", "two_cards"]
