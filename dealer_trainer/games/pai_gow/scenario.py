"""Reading a pai gow round from a scenario file (docs/scenario-format.md, "Pai gow").

A scenario fixes the cards and the wagers, and may fix how each player set the hand; a player
without a ``split`` sets it by the named strategy (the house way, as most players are advised
to). The dealer's hand is never in the file: the house way always sets it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.pai_gow.config import (
    parse_pai_gow_config,
)
from dealer_trainer.games.pai_gow.house_way import (
    HouseWay,
    HouseWayError,
    parse_house_way,
    set_hand,
    shipped_house_way,
    shipped_house_way_names,
)
from dealer_trainer.games.pai_gow.round import MAX_SEATS, PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.scenario_support import (
    Amount,
    card_parser,
    load_scenario_file,
    meter_amount,
    round_error,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.hands.pai_gow_seven import CardColour
from dealer_trainer.hands.split import Split
from dealer_trainer.rules.datafile import After, Parse, Record
from dealer_trainer.rules.errors import DataFileError, Problem

HOUSE_WAY_STRATEGY = "house way"


_seven = card_parser(7, "As Kd Qh 9c 9s 4d Jk", count_word="seven", allow_joker=True)


def _split(value: str | None) -> str | None:
    if value is not None:
        Split.parse(value)
    return value


def _strategy(value: str) -> str:
    if value.strip().lower() != HOUSE_WAY_STRATEGY:
        raise ValueError(f'the only strategy is "{HOUSE_WAY_STRATEGY}"; or write a split')
    return value


def _colour(value: Any) -> CardColour:
    for colour in CardColour:
        if str(value).strip().lower() == colour.value.lower():
            return colour
    raise ValueError('write "Red" or "Black"')


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(_seven)]
    split: Annotated[str | None, After(_split)] = None
    """Written "high As Kd Qh 9c 9s / low 4d Jk"."""
    strategy: Annotated[str, After(_strategy)] = HOUSE_WAY_STRATEGY
    colour: Annotated[CardColour | None, Parse(_colour)] = None
    surrender: bool = False
    pai_gow: Amount
    fortune_bonus: Amount = Decimal(0)
    emperors_treasure: Amount = Decimal(0)
    progressive: Amount = Decimal(0)
    queens_dragon: Amount = Decimal(0)
    dynasty_bonus: Amount = Decimal(0)
    protection: Amount = Decimal(0)
    red_black: Amount = Decimal(0)


class _Scenario(Record, frozen=True, kw_only=True):
    title: str = ""
    table: str | dict[str, Any]
    house_way: str = "standard"
    """A shipped house way's name or a file path."""
    seed: int | None = None
    dealer: Annotated[tuple[Card, ...], Parse(_seven)]
    progressive_meter: Annotated[Decimal | None, Parse(meter_amount)] = None
    seats: Annotated[tuple[_Seat, ...], Meta(min_length=1)]


def _house_way(name: str, resolve: TableResolver) -> HouseWay:
    if name in shipped_house_way_names():
        return shipped_house_way(name)
    return parse_house_way(*resolve(name))


def parse_pai_gow_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> PaiGowRound:
    spec = validate_scenario(_Scenario, data, file)
    config = scenario_table(spec.table, file, resolve, parse_pai_gow_config)
    try:
        house_way = _house_way(spec.house_way, resolve)
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
        round_error(file, error)


def load_pai_gow_scenario(path: str | Path) -> PaiGowRound:
    return load_scenario_file(path, parse_pai_gow_scenario)
