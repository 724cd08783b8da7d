"""Reading a Let It Ride Poker round from a scenario file.

A scenario fixes every card and every wager and withdrawal::

    title = "Pair of 10s: both withdrawn, the third wager paid 1 to 1"
    table = "../../../lessons/tables/let_it_ride_plain.toml"   # or an inline [table]
    community = "Kh 9c"              # the two community cards, in the order turned face up
    burn = "2d"                      # optional: the community card discarded unexposed
    progressive_meter = "31234.56"   # when a progressive row pays a share of the meter
    seed = 12                        # optional: the shuffle it came from

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "Th Td 4c"               # three cards in dealing order
    bet = "10"                       # each of the three Let It Ride Poker Wagers
    # bets = ["10", "10", "5"]       # instead, where the table allows unequal wagers
    decision = "withdraw 1 and 2"    # "let it ride" (default), "withdraw 1", "withdraw 2"
    five_card_bonus = "5"            # optional, on a table that offers it
    three_card_bonus = "5"
    progressive = "1"
    five_card_hand_bonus = "1"       # electronic, on the player's hand (§ 643a.7(i))

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                # optional
    lucky = "seat 3"                 # optional

Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_cards
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.let_it_ride.config import (
    LetItRideConfigError,
    LetItRideTableConfig,
    load_let_it_ride_config,
    parse_let_it_ride_config,
)
from dealer_trainer.games.let_it_ride.hands import COMMUNITY_CARDS, PLAYER_CARDS
from dealer_trainer.games.let_it_ride.outcomes import Decision, InvalidDecision
from dealer_trainer.games.let_it_ride.round import MAX_SEATS, LetItRideRound, LetItRideSeatPlay
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_toml
from dealer_trainer.rules.money import ZERO, to_money

_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _cards(count: int, example: str) -> Any:
    def parse(value: Any) -> tuple[Card, ...]:
        if not isinstance(value, str):
            raise ValueError(f'write {count} cards as a string such as "{example}"')
        try:
            cards = parse_cards(value, allow_joker=False)
        except CardNotationError as error:
            raise ValueError(str(error)) from None
        if len(cards) != count:
            raise ValueError(f"expected {count} cards, got {len(cards)}")
        return cards

    return parse


def _one_card(value: Any) -> Card:
    try:
        (card,) = parse_cards(str(value), allow_joker=False)
    except (CardNotationError, ValueError):
        raise ValueError('one card such as "Qd"') from None
    return card


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    bet: Decimal | None = None
    bets: tuple[Decimal, Decimal, Decimal] | None = None
    decision: Decision = Decision()
    five_card_bonus: Decimal = ZERO
    three_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO

    _c = field_validator("cards", mode="before")(_cards(PLAYER_CARDS, "Th Td 4c"))

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, value: Any) -> Decision:
        if not isinstance(value, str):
            raise ValueError(
                'write "let it ride", "withdraw 1", "withdraw 2" or "withdraw 1 and 2"'
            )
        try:
            return Decision.parse(value)
        except InvalidDecision as error:
            raise ValueError(str(error)) from None

    @field_validator(
        "bet",
        "five_card_bonus",
        "three_card_bonus",
        "progressive",
        "five_card_hand_bonus",
        mode="before",
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value)

    @field_validator("bets", mode="before")
    @classmethod
    def _bets(cls, value: Any) -> tuple[Decimal, ...]:
        if not isinstance(value, list) or len(value) != 3:
            raise ValueError('the three Let It Ride Poker Wagers, such as ["10", "10", "5"]')
        return tuple(to_money(v) for v in value)

    def three_bets(self) -> tuple[Decimal, Decimal, Decimal]:
        if self.bets is not None:
            return self.bets
        assert self.bet is not None
        return (self.bet, self.bet, self.bet)


def _lucky(value: Any) -> int:
    """ "seat N" is that seat (§ 643a.1: the Lucky Bonus selects a player's seat)."""
    number = str(value).strip().lower().removeprefix("seat").strip()
    if number.isdigit() and 1 <= int(number) <= MAX_SEATS:
        return int(number)
    raise ValueError(f'"seat N" (1 to {MAX_SEATS}): Let It Ride has no dealer position')


class _Draws(BaseModel):
    """What the table game system shows: the Five Card Hand Bonus meter, the Magic Card and the
    Lucky Bonus seat."""

    model_config = _STRICT
    meter: Decimal
    magic_card: Card | None = None
    lucky: int | None = None

    @field_validator("meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)

    _m = field_validator("magic_card", mode="before")(lambda v: _one_card(v))
    _l = field_validator("lucky", mode="before")(lambda v: _lucky(v))


class _Scenario(BaseModel):
    model_config = _STRICT
    title: str = ""
    table: str | dict[str, Any]
    seed: int | None = None
    community: tuple[Card, ...]
    burn: Card | None = None
    progressive_meter: Decimal | None = None
    draws: _Draws | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("community", mode="before")(_cards(COMMUNITY_CARDS, "Kh 9c"))
    _b = field_validator("burn", mode="before")(lambda v: _one_card(v))

    @field_validator("progressive_meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)


def _table(spec: str | dict[str, Any], file: Path) -> LetItRideTableConfig:
    if isinstance(spec, str):
        return load_let_it_ride_config((file.parent / spec).resolve())
    return parse_let_it_ride_config(spec, f"{file} [table]")


def _seat_problems(spec: _Scenario) -> list[Problem]:
    problems: list[Problem] = []
    for index, s in enumerate(spec.seats):
        if (s.bet is None) == (s.bets is None):
            problems.append(
                Problem(
                    f"seats[{index}].bet",
                    'the amount of each Let It Ride Poker Wager, bet = "10" (or the three as '
                    'bets = ["10", "10", "5"], not both)',
                )
            )
    return problems


def parse_let_it_ride_scenario(data: dict[str, Any], file: Path) -> LetItRideRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    problems = _seat_problems(spec)
    if problems:
        raise DataFileError(file, problems)
    try:
        config = _table(spec.table, file)
    except LetItRideConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    try:
        seats = tuple(
            LetItRideSeatPlay(
                s.seat,
                s.cards,
                s.three_bets(),
                s.decision,
                s.five_card_bonus,
                s.three_card_bonus,
                s.progressive,
                s.five_card_hand_bonus,
            )
            for s in spec.seats
        )
        draws = None
        if spec.draws is not None:
            draws = FchbDraws(spec.draws.meter, spec.draws.magic_card, spec.draws.lucky)
        return LetItRideRound(
            config, spec.community, seats, spec.burn, spec.seed, spec.progressive_meter, draws
        )
    except ValueError as error:
        where, _, text = str(error).partition(": ")
        if not where.startswith(("draws", "progressive_meter")):
            where, text = "", str(error)
        raise DataFileError(file, [Problem(where, text)]) from None


def load_let_it_ride_scenario(path: str | Path) -> LetItRideRound:
    file = Path(path)
    return parse_let_it_ride_scenario(read_toml(file), file)


__all__ = ["load_let_it_ride_scenario", "parse_let_it_ride_scenario"]
