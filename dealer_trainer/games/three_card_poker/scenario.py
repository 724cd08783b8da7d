"""Reading a Three Card Poker round from a scenario file.

A scenario fixes every card in dealing order and every wager and decision::

    title = "Pair Plus pays on a hand that loses to the dealer"
    table = "../../../lessons/tables/three_card_poker_pair_plus.toml"   # or an inline [table]
    dealer = "Kc Kd 9h"              # the dealer's three cards
    community = "7s 2c"              # the two community cards, when they are dealt
    progressive_meter = "12000"      # a progressive's meter, where its rows pay a share of it
    five_card_meter = "48000"

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "8s 8d 3h"
    decision = "play"                # or "fold"
    ante = "10"
    pair_plus = "5"                  # optional wagers, on a table that offers them
    six_card_bonus = "5"
    progressive = "1"
    five_card_progressive = "1"
    five_card_hand_bonus = "1"       # electronic, on the player's hand
    five_card_hand_bonus_dealer = "1"

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"
    lucky = "seat 3"                 # or "dealer"

Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from dealer_trainer.cards import Card, CardNotationError, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.three_card_poker.config import (
    ThreeCardPokerConfigError,
    ThreeCardPokerTableConfig,
    load_three_card_poker_config,
    parse_three_card_poker_config,
)
from dealer_trainer.games.three_card_poker.hands import (
    COMMUNITY_CARDS,
    DEALER_CARDS,
    PLAYER_CARDS,
)
from dealer_trainer.games.three_card_poker.outcomes import ThreeCardWagers
from dealer_trainer.games.three_card_poker.round import (
    MAX_SEATS,
    ThreeCardRound,
    ThreeCardSeatPlay,
    dealer_hand_bettors,
)
from dealer_trainer.games.three_card_poker.wagers import ThreeCardDecision
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


def _community(value: Any) -> tuple[Card, ...]:
    if value in ("", None):
        return ()
    cards: tuple[Card, ...] = _cards(COMMUNITY_CARDS, "7s 2c")(value)
    return cards


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    decision: ThreeCardDecision
    ante: Decimal
    pair_plus: Decimal = ZERO
    six_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    _c = field_validator("cards", mode="before")(_cards(PLAYER_CARDS, "8s 8d 3h"))

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, value: Any) -> ThreeCardDecision:
        if not isinstance(value, str):
            raise ValueError('write "play" or "fold"')
        return ThreeCardDecision.from_text(value)

    @field_validator(
        "ante",
        "pair_plus",
        "six_card_bonus",
        "progressive",
        "five_card_progressive",
        "five_card_hand_bonus",
        "five_card_hand_bonus_dealer",
        mode="before",
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value)

    def play(self) -> ThreeCardSeatPlay:
        wagers = ThreeCardWagers(
            self.ante,
            self.pair_plus,
            self.six_card_bonus,
            self.progressive,
            self.five_card_progressive,
            self.five_card_hand_bonus,
            self.five_card_hand_bonus_dealer,
        )
        return ThreeCardSeatPlay(self.seat, self.cards, wagers, self.decision)


def _lucky(value: Any) -> int:
    """ "seat N" is that seat, "dealer" the dealer position (§ 639a.1, by analogy)."""
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
    community: tuple[Card, ...] = ()
    progressive_meter: Decimal | None = None
    five_card_meter: Decimal | None = None
    draws: _Draws | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("dealer", mode="before")(_cards(DEALER_CARDS, "Kc Kd 9h"))
    _k = field_validator("community", mode="before")(_community)

    @field_validator("progressive_meter", "five_card_meter", mode="before")
    @classmethod
    def _meter(cls, value: Any) -> Decimal:
        return to_money(value, places=6)


def _table(spec: str | dict[str, Any], file: Path) -> ThreeCardPokerTableConfig:
    if isinstance(spec, str):
        return load_three_card_poker_config((file.parent / spec).resolve())
    return parse_three_card_poker_config(spec, f"{file} [table]")


def parse_three_card_poker_scenario(data: dict[str, Any], file: Path) -> ThreeCardRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    try:
        config = _table(spec.table, file)
    except ThreeCardPokerConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    try:
        seats = tuple(s.play() for s in spec.seats)
        draws = None
        if spec.draws is not None:
            bettors = dealer_hand_bettors(config, seats)
            draws = FchbDraws(spec.draws.meter, spec.draws.magic_card, spec.draws.lucky, bettors)
        return ThreeCardRound(
            config,
            spec.dealer,
            seats,
            spec.community,
            spec.progressive_meter,
            spec.five_card_meter,
            spec.seed,
            draws,
        )
    except ValueError as error:
        message = str(error)
        field = message.split(":", 1)[0] if message.startswith(("community", "draws")) else ""
        raise DataFileError(file, [Problem(field, message)]) from None


def load_three_card_poker_scenario(path: str | Path) -> ThreeCardRound:
    file = Path(path)
    return parse_three_card_poker_scenario(read_toml(file), file)


__all__ = ["load_three_card_poker_scenario", "parse_three_card_poker_scenario"]
