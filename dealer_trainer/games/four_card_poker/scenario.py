"""Reading a Four Card Poker round from a scenario file.

A scenario fixes every card in dealing order and every wager and decision::

    title = "Pair of aces: Aces Up pays 1 to 1, Play 3x loses"
    table = "../../../lessons/tables/four_card_poker_aces_up.toml"   # or an inline [table]
    dealer = "Kc Kd 9h 7s 4c 2d"     # six cards in dealing order; the sixth is the up card
    seed = 12                        # optional: the shuffle it came from

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "As Ad Jh 8c 3s"         # five cards in dealing order
    ante = "10"
    decision = "play 3x"             # "fold", or "play 1x" to "play 3x" as the table allows
    aces_up = "5"                    # optional, on a table that offers it
    five_card_hand_bonus = "1"       # electronic, on the player's hand (§ 641a.7(d)(7))
    five_card_hand_bonus_dealer = "1"  # electronic, on the dealer's first five cards

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                # optional
    lucky = "seat 3"                 # optional: "seat N" or "dealer"

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
from dealer_trainer.games.four_card_poker.config import (
    FourCardPokerConfigError,
    FourCardPokerTableConfig,
    load_four_card_poker_config,
    parse_four_card_poker_config,
)
from dealer_trainer.games.four_card_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.four_card_poker.outcomes import Decision, InvalidDecision
from dealer_trainer.games.four_card_poker.round import (
    MAX_SEATS,
    FourCardRound,
    FourCardSeatPlay,
    dealer_hand_bettors,
)
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


class _Seat(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=1, le=MAX_SEATS)
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision
    aces_up: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    _c = field_validator("cards", mode="before")(_cards(PLAYER_CARDS, "As Ad Jh 8c 3s"))

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, value: Any) -> Decision:
        if not isinstance(value, str):
            raise ValueError('write "fold" or "play 1x", "play 2x", "play 3x"')
        try:
            return Decision.parse(value)
        except InvalidDecision as error:
            raise ValueError(str(error)) from None

    @field_validator(
        "ante", "aces_up", "five_card_hand_bonus", "five_card_hand_bonus_dealer", mode="before"
    )
    @classmethod
    def _amount(cls, value: Any) -> Decimal:
        return to_money(value)


def _lucky(value: Any) -> int:
    """ "seat N" is that seat, "dealer" the dealer position (§ 641a.1)."""
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
    draws: _Draws | None = None
    seats: list[_Seat] = Field(min_length=1)

    _d = field_validator("dealer", mode="before")(_cards(DEALER_CARDS, "Kc Kd 9h 7s 4c 2d"))


def _table(spec: str | dict[str, Any], file: Path) -> FourCardPokerTableConfig:
    if isinstance(spec, str):
        return load_four_card_poker_config((file.parent / spec).resolve())
    return parse_four_card_poker_config(spec, f"{file} [table]")


def parse_four_card_poker_scenario(data: dict[str, Any], file: Path) -> FourCardRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    try:
        spec = _Scenario.model_validate(data)
    except ValidationError as error:
        raise DataFileError(file, problems_from(error)) from None
    try:
        config = _table(spec.table, file)
    except FourCardPokerConfigError as error:
        raise DataFileError(
            file, [Problem("table", f"the table configuration is invalid: {error}")]
        ) from None
    problems: list[Problem] = []
    for index, s in enumerate(spec.seats):
        try:
            s.decision.check(config.rules)
        except InvalidDecision as error:
            problems.append(Problem(f"seats[{index}].decision", str(error), repr(str(s.decision))))
    if problems:
        raise DataFileError(file, problems)
    try:
        seats = tuple(
            FourCardSeatPlay(
                s.seat,
                s.cards,
                s.ante,
                s.decision,
                s.aces_up,
                s.five_card_hand_bonus,
                s.five_card_hand_bonus_dealer,
            )
            for s in spec.seats
        )
        draws = None
        if spec.draws is not None:
            bettors = dealer_hand_bettors(config, seats)
            draws = FchbDraws(spec.draws.meter, spec.draws.magic_card, spec.draws.lucky, bettors)
        return FourCardRound(config, spec.dealer, seats, spec.seed, draws)
    except ValueError as error:
        raise DataFileError(file, [Problem("", str(error))]) from None


def load_four_card_poker_scenario(path: str | Path) -> FourCardRound:
    file = Path(path)
    return parse_four_card_poker_scenario(read_toml(file), file)


__all__ = ["load_four_card_poker_scenario", "parse_four_card_poker_scenario"]
