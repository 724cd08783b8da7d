"""Reading a Caribbean Stud Poker round from a scenario file.

A scenario is a setup, never an answer: the table, the dealer's five cards (the first four the
hole cards, the fifth the up card), each player's five cards, wagers and decision, and the
progressive meter. The engine derives every payout and step from it::

    title = "Dealer does not qualify"
    table = "../../../lessons/tables/caribbean_stud_plain.toml"   # or an inline [table]
    dealer = "Qs Jd 8c 5h 3s"
    progressive_meter = "25000"          # needed with a progressive that pays a meter share

    [[seats]]
    seat = 3                             # 1 = the dealer's far left ... 7 = far right
    cards = "Kh Kd 9c 7s 2h"
    decision = "bet"                     # or "fold" (§ 639a.11(b))
    ante = "10"
    bet = "20"                           # optional: must be twice the Ante
    caribbean_stud_bonus = "5"           # optional wagers: omit or 0 when not placed
    progressive = "1"
    five_card_hand_bonus = "1"           # electronic, on the player's hand (§ 639a.7(d)(4))
    five_card_hand_bonus_dealer = "1"    # electronic, on the dealer's hand

    [draws]                              # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                    # optional
    lucky = "seat 3"                     # optional: "seat N" or "dealer"
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.caribbean_stud.config import (
    BET_SIZE_CITATION,
    CaribbeanStudConfigError,
    CaribbeanStudTableConfig,
    load_caribbean_stud_config,
    parse_caribbean_stud_config,
)
from dealer_trainer.games.caribbean_stud.outcomes import StudWagers
from dealer_trainer.games.caribbean_stud.round import (
    MAX_SEATS,
    CaribbeanStudRound,
    CaribbeanStudSeatPlay,
)
from dealer_trainer.games.caribbean_stud.wagers import StudDecision
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_toml
from dealer_trainer.rules.money import ZERO, format_money, to_money

_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _five(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise ValueError('write five cards as a string such as "As Kd Qh 9c 4s"')
    try:
        cards = parse_cards(value, allow_joker=False)
    except CardNotationError as error:
        raise ValueError(str(error)) from None
    if len(cards) != 5:
        raise ValueError(f"expected 5 cards, got {len(cards)}")
    return cards


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    decision: StudDecision
    ante: Decimal
    bet: Decimal | None = None
    caribbean_stud_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    _c = field_validator("cards", mode="before")(lambda v: _five(v))

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, value: Any) -> StudDecision:
        if not isinstance(value, str):
            raise ValueError('write "bet" or "fold"')
        return StudDecision.from_text(value)

    @field_validator(
        "ante",
        "bet",
        "caribbean_stud_bonus",
        "progressive",
        "five_card_hand_bonus",
        "five_card_hand_bonus_dealer",
        mode="before",
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value)


def _lucky(value: Any) -> int:
    """ "seat N" is that seat, "dealer" the dealer position (§ 639a.1)."""
    text = str(value).strip().lower()
    if text == "dealer":
        return DEALER
    number = text.removeprefix("seat").strip()
    if number.isdigit() and 1 <= int(number) <= MAX_SEATS:
        return int(number)
    raise ValueError(f'"seat N" (1 to {MAX_SEATS}) or "dealer"')


class _Draws(BaseModel):
    """What the table game system shows: the Five Card Hand Bonus meter, the Magic Card and the
    Lucky Bonus position."""

    model_config = _STRICT
    meter: Decimal
    magic_card: Card | None = None
    lucky: int | None = None

    @field_validator("meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)

    @field_validator("magic_card", mode="before")
    @classmethod
    def _card(cls, value: Any) -> Card:
        try:
            (card,) = parse_cards(str(value), allow_joker=False)
        except (CardNotationError, ValueError):
            raise ValueError('one card such as "Qd"') from None
        return card

    _l = field_validator("lucky", mode="before")(lambda v: _lucky(v))


class _Scenario(BaseModel):
    model_config = _STRICT
    title: str = ""
    table: str | dict[str, Any]
    seed: int | None = None
    dealer: tuple[Card, ...]
    progressive_meter: Decimal | None = None
    draws: _Draws | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("dealer", mode="before")(lambda v: _five(v))

    @field_validator("progressive_meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)


def _table(spec: str | dict[str, Any], file: Path) -> CaribbeanStudTableConfig:
    if isinstance(spec, str):
        return load_caribbean_stud_config((file.parent / spec).resolve())
    return parse_caribbean_stud_config(spec, f"{file} [table]")


def _bet_problems(index: int, seat: _Seat) -> list[Problem]:
    """A stated Bet must be what the decision makes: twice the Ante, none on a fold."""
    if seat.bet is None:
        return []
    field = f"seats[{index}].bet"
    if seat.decision.folded:
        return [Problem(field, "no Bet on a fold: a folding player makes no Bet Wager")]
    if seat.bet != seat.ante * 2:
        return [
            Problem(
                field,
                f"exactly two times the Ante, {format_money(seat.ante * 2)} "
                f"({BET_SIZE_CITATION.short}, seed 000)",
                format_money(seat.bet),
            )
        ]
    return []


def parse_caribbean_stud_scenario(data: dict[str, Any], file: Path) -> CaribbeanStudRound:
    """Validate a scenario already read from ``file``; ``DataFileError`` names the field."""
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    problems = [p for index, s in enumerate(spec.seats) for p in _bet_problems(index, s)]
    if problems:
        raise DataFileError(file, problems)
    try:
        config = _table(spec.table, file)
    except CaribbeanStudConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    try:
        seats = tuple(
            CaribbeanStudSeatPlay(
                s.seat,
                s.cards,
                StudWagers(
                    s.ante,
                    s.caribbean_stud_bonus,
                    s.progressive,
                    s.five_card_hand_bonus,
                    s.five_card_hand_bonus_dealer,
                ),
                s.decision,
            )
            for s in spec.seats
        )
        draws = None
        if spec.draws is not None:
            bettors = sum(1 for s in seats if s.wagers.five_card_hand_bonus_dealer > 0)
            draws = FchbDraws(spec.draws.meter, spec.draws.magic_card, spec.draws.lucky, bettors)
        return CaribbeanStudRound(
            config, spec.dealer, seats, spec.progressive_meter, spec.seed, draws
        )
    except ValueError as error:
        raise DataFileError(file, [Problem("", str(error))]) from None


def load_caribbean_stud_scenario(path: str | Path) -> CaribbeanStudRound:
    file = Path(path)
    return parse_caribbean_stud_scenario(read_toml(file), file)


__all__ = ["load_caribbean_stud_scenario", "parse_caribbean_stud_scenario"]
