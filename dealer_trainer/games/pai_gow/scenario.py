"""Reading a pai gow round from a scenario file (docs/scenario-format.md, "Pai gow").

A scenario fixes the cards and the wagers, and may fix how each player set the hand; a player
without a ``split`` sets it by the named strategy (the house way, as most players are advised
to). The dealer's hand is never in the file: the house way always sets it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_cards
from dealer_trainer.games.pai_gow.config import (
    PaiGowConfigError,
    PaiGowTableConfig,
    load_pai_gow_config,
    parse_pai_gow_config,
)
from dealer_trainer.games.pai_gow.house_way import (
    HouseWay,
    HouseWayError,
    load_house_way,
    set_hand,
    shipped_house_way,
    shipped_house_way_names,
)
from dealer_trainer.games.pai_gow.round import MAX_SEATS, PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.split import Split
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.hands.pai_gow_seven import CardColour
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_toml
from dealer_trainer.rules.money import to_money

_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
HOUSE_WAY_STRATEGY = "house way"


def _seven(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise ValueError('write seven cards as a string such as "As Kd Qh 9c 9s 4d Jk"')
    try:
        cards = parse_cards(value, allow_joker=True)
    except CardNotationError as error:
        raise ValueError(str(error)) from None
    if len(cards) != 7:
        raise ValueError(f"expected 7 cards, got {len(cards)}")
    return cards


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    split: str | None = Field(default=None, description='"high As Kd Qh 9c 9s / low 4d Jk"')
    strategy: str = HOUSE_WAY_STRATEGY
    colour: CardColour | None = None
    surrender: bool = False
    pai_gow: Decimal
    fortune_bonus: Decimal = Decimal(0)
    emperors_treasure: Decimal = Decimal(0)
    progressive: Decimal = Decimal(0)
    queens_dragon: Decimal = Decimal(0)
    dynasty_bonus: Decimal = Decimal(0)
    protection: Decimal = Decimal(0)
    red_black: Decimal = Decimal(0)

    _c = field_validator("cards", mode="before")(lambda v: _seven(v))

    @field_validator("split")
    @classmethod
    def _split(cls, value: str | None) -> str | None:
        if value is not None:
            Split.parse(value)
        return value

    @field_validator("strategy")
    @classmethod
    def _strategy(cls, value: str) -> str:
        if value.strip().lower() != HOUSE_WAY_STRATEGY:
            raise ValueError(f'the only strategy is "{HOUSE_WAY_STRATEGY}"; or write a split')
        return value

    @field_validator("colour", mode="before")
    @classmethod
    def _colour(cls, value: Any) -> CardColour:
        for colour in CardColour:
            if str(value).strip().lower() == colour.value.lower():
                return colour
        raise ValueError('write "Red" or "Black"')

    @field_validator(
        "pai_gow",
        "fortune_bonus",
        "emperors_treasure",
        "progressive",
        "queens_dragon",
        "dynasty_bonus",
        "protection",
        "red_black",
        mode="before",
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value)


class _Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
    title: str = ""
    table: str | dict[str, Any]
    house_way: str = Field(
        default="standard", description="a shipped house way's name or a file path"
    )
    seed: int | None = None
    dealer: tuple[Card, ...]
    progressive_meter: Decimal | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("dealer", mode="before")(lambda v: _seven(v))

    @field_validator("progressive_meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)


def _table(spec: str | dict[str, Any], file: Path) -> PaiGowTableConfig:
    if isinstance(spec, str):
        return load_pai_gow_config((file.parent / spec).resolve())
    return parse_pai_gow_config(spec, f"{file} [table]")


def _house_way(name: str, file: Path) -> HouseWay:
    if name in shipped_house_way_names():
        return shipped_house_way(name)
    return load_house_way((file.parent / name).resolve())


def parse_pai_gow_scenario(data: dict[str, Any], file: Path) -> PaiGowRound:
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    try:
        config = _table(spec.table, file)
    except PaiGowConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    try:
        house_way = _house_way(spec.house_way, file)
    except (HouseWayError, DataFileError) as error:
        problem = Problem("house_way", f"the house way is invalid: {error}")
        raise DataFileError(file, [problem]) from None
    seats: list[PaiGowSeatPlay] = []
    for index, s in enumerate(spec.seats):
        if s.split is not None:
            split = Split.parse(s.split)
            check = split.check(config.rules.hand_rules, dealt=s.cards)
            if sorted(split.cards) != sorted(s.cards):
                raise DataFileError(file, [Problem(f"seats[{index}].split", check.reason, s.split)])
        else:
            split = set_hand(s.cards, house_way, config.rules.hand_rules).split
        wagers = {
            wager: getattr(s, wager.key)
            for wager in PaiGowWager
            if hasattr(s, wager.key) and getattr(s, wager.key) > 0
        }
        seats.append(PaiGowSeatPlay(s.seat, s.cards, split, wagers, s.colour, s.surrender))
    try:
        return PaiGowRound(
            config, spec.dealer, tuple(seats), house_way, spec.progressive_meter, spec.seed
        )
    except ValueError as error:
        raise DataFileError(file, [Problem("", str(error))]) from None


def load_pai_gow_scenario(path: str | Path) -> PaiGowRound:
    file = Path(path)
    return parse_pai_gow_scenario(read_toml(file), file)
