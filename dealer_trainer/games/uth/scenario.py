"""Reading an Ultimate Texas Hold 'Em round from a scenario file (docs/scenario-format.md).

A scenario is a setup, never an answer: cards, wagers, decisions, the table system's draws and
the meters. The engine derives every payout and step from it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_card, parse_cards
from dealer_trainer.games.uth.outcomes import Decision, InvalidDecision, SeatWagers, TableDraws
from dealer_trainer.games.uth.round import MAX_SEATS, MustHitByState, SeatPlay, UthRound
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_toml
from dealer_trainer.rules.money import to_money
from dealer_trainer.rules.table_config import (
    TableConfig,
    TableConfigError,
    load_table_config,
    parse_table_config,
)

_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _cards(count: int) -> Any:
    def check(value: Any) -> tuple[Card, ...]:
        if not isinstance(value, str):
            raise ValueError(f'write {count} cards as a string such as "As Kd"')
        try:
            cards = parse_cards(value, allow_joker=False)
        except CardNotationError as error:
            raise ValueError(str(error)) from None
        if len(cards) != count:
            raise ValueError(f"expected {count} cards, got {len(cards)}")
        return cards

    return check


def _money(value: Any) -> Decimal:
    return to_money(value)


def parse_decision(text: str) -> Decision:
    """ "fold", "play 4x", "play 3x", "play 2x", "play 1x" (or "4x")."""
    words = text.strip().lower().replace("×", "x").split()
    if words == ["fold"]:
        return Decision.fold()
    if words and words[0] == "play":
        words = words[1:]
    if len(words) == 1 and words[0].rstrip("x").isdigit():
        return Decision.play(int(words[0].rstrip("x")))
    raise ValueError(
        f"{text!r} is not a decision; write fold, play 4x, play 3x, play 2x or play 1x"
    )


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    decision: Decision
    ante: Decimal
    blind: Decimal | None = None
    trips: Decimal = Decimal(0)
    bad_beat: Decimal = Decimal(0)
    play_the_board: Decimal = Decimal(0)
    ultimate_pairs: Decimal = Decimal(0)
    six_card_bonus: Decimal = Decimal(0)
    progressive: Decimal = Decimal(0)
    five_card_hand_bonus: Decimal = Decimal(0)
    five_card_hand_bonus_dealer: Decimal = Decimal(0)

    _c = field_validator("cards", mode="before")(lambda v: _cards(2)(v))

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, value: Any) -> Decision:
        return parse_decision(str(value))

    @field_validator(
        "ante",
        "blind",
        "trips",
        "bad_beat",
        "play_the_board",
        "ultimate_pairs",
        "six_card_bonus",
        "progressive",
        "five_card_hand_bonus",
        "five_card_hand_bonus_dealer",
        mode="before",
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal | None:
        return None if value is None else _money(value)


class _Draws(BaseModel):
    model_config = _STRICT
    meter: Decimal | None = None
    progressive_meter: Decimal | None = None
    magic_card: Card | None = None
    lucky: str | None = Field(default=None, description='"seat N" or "dealer"')

    @field_validator("meter", "progressive_meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)

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


class _MustHitBy(BaseModel):
    model_config = _STRICT
    meter: Decimal
    trigger: Decimal

    @field_validator("meter", "trigger", mode="before")
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value, places=6)


class _Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
    title: str = ""
    table: str | dict[str, Any]
    seed: int | None = None
    dealer: tuple[Card, ...]
    board: tuple[Card, ...]
    draws: _Draws = _Draws()
    must_hit_by: _MustHitBy | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("dealer", mode="before")(lambda v: _cards(2)(v))
    _b = field_validator("board", mode="before")(lambda v: _cards(5)(v))


def _table(spec: str | dict[str, Any], file: Path) -> TableConfig:
    if isinstance(spec, str):
        return load_table_config((file.parent / spec).resolve())
    return parse_table_config(spec, f"{file} [table]")


def parse_scenario(data: dict[str, Any], file: Path) -> UthRound:
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    try:
        config = _table(spec.table, file)
    except TableConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    lucky_seat, lucky_dealer = None, False
    if spec.draws.lucky is not None:
        words = spec.draws.lucky.lower().split()
        lucky_dealer = words == ["dealer"]
        lucky_seat = None if lucky_dealer else int(words[1])
    try:
        seats = tuple(
            SeatPlay(
                s.seat,
                (s.cards[0], s.cards[1]),
                SeatWagers(
                    ante=s.ante,
                    blind=s.blind,
                    trips=s.trips,
                    bad_beat=s.bad_beat,
                    play_the_board=s.play_the_board,
                    ultimate_pairs=s.ultimate_pairs,
                    six_card_bonus=s.six_card_bonus,
                    progressive=s.progressive,
                    five_card_hand_bonus=s.five_card_hand_bonus,
                    five_card_hand_bonus_dealer=s.five_card_hand_bonus_dealer,
                ),
                s.decision,
            )
            for s in spec.seats
        )
        for index, play in enumerate(seats):
            play.decision.check(config.rules)
            if not play.wagers.ante > 0:
                raise ValueError(f"seats[{index}].ante: every player places an Ante")
        return UthRound(
            config,
            (spec.dealer[0], spec.dealer[1]),
            (spec.board[0], spec.board[1], spec.board[2], spec.board[3], spec.board[4]),
            seats,
            TableDraws(
                spec.draws.meter,
                spec.draws.magic_card,
                lucky_seat,
                lucky_dealer,
                progressive_meter=spec.draws.progressive_meter,
            ),
            None
            if spec.must_hit_by is None
            else MustHitByState(spec.must_hit_by.meter, spec.must_hit_by.trigger),
            spec.seed,
        )
    except (ValueError, InvalidDecision) as error:
        raise DataFileError(file, [Problem("", str(error))]) from None


def load_scenario(path: str | Path) -> UthRound:
    file = Path(path)
    return parse_scenario(read_toml(file), file)
