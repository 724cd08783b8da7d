"""Reading a Three Card Poker round from a scenario file.

A scenario fixes every card in dealing order and every wager and decision::

    title = "Pair Plus pays on a hand that loses to the dealer"
    table = "../../tables/three_card_poker_pair_plus.toml"   # or an inline [table]
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

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.scenario_support import (
    Amount,
    FchbDrawsSpec,
    Meter,
    ScenarioFile,
    card_parser,
    load_scenario_file,
    round_error,
    scenario_draws,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.games.three_card_poker.config import (
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
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.money import ZERO


def _community(value: Any) -> tuple[Card, ...]:
    if value in ("", None):
        return ()
    cards: tuple[Card, ...] = card_parser(COMMUNITY_CARDS, "7s 2c")(value)
    return cards


def _decision(value: Any) -> ThreeCardDecision:
    if not isinstance(value, str):
        raise ValueError('write "play" or "fold"')
    return ThreeCardDecision.from_text(value)


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(card_parser(PLAYER_CARDS, "8s 8d 3h"))]
    decision: Annotated[ThreeCardDecision, Parse(_decision)]
    ante: Amount
    pair_plus: Amount = ZERO
    six_card_bonus: Amount = ZERO
    progressive: Amount = ZERO
    five_card_progressive: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO
    five_card_hand_bonus_dealer: Amount = ZERO

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


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    """The Five Card Hand Bonus draws; "seat N" or "dealer" (§ 639a.1, by analogy)."""

    max_seats = MAX_SEATS


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    dealer: Annotated[tuple[Card, ...], Parse(card_parser(DEALER_CARDS, "Kc Kd 9h"))]
    community: Annotated[tuple[Card, ...], Parse(_community)] = ()
    progressive_meter: Meter = None
    five_card_meter: Meter = None
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]


def parse_three_card_poker_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> ThreeCardRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    spec = validate_scenario(_Scenario, data, file)
    config = scenario_table(spec.table, file, resolve, parse_three_card_poker_config)
    try:
        seats = tuple(s.play() for s in spec.seats)
        draws = scenario_draws(spec.draws, dealer_hand_bettors(config, seats))
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
        round_error(file, error, field)


def load_three_card_poker_scenario(path: str | Path) -> ThreeCardRound:
    return load_scenario_file(path, parse_three_card_poker_scenario)


__all__ = ["load_three_card_poker_scenario", "parse_three_card_poker_scenario"]
