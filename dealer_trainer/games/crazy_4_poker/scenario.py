"""Reading a Crazy 4 Poker round from a scenario file.

A scenario fixes every card in dealing order and every wager and decision::

    title = "Pair of aces: Queens Up pays 1 to 1, Play 3x loses"
    table = "../../tables/crazy_4_poker_plain.toml"   # or an inline [table]
    dealer = "Kc Kd 9h 7s 4c"        # five cards in dealing order
    seed = 12                        # optional: the shuffle it came from

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "As Ad Jh 8c 3s"         # five cards in dealing order
    ante = "10"                      # the Super Bonus is the same amount
    decision = "play 3x"             # "fold", "play 1x"; 2x or 3x with a pair of aces or better
    queens_up = "5"                    # optional, on a table that offers it
    five_card_hand_bonus = "1"       # electronic, on the player's hand
    five_card_hand_bonus_dealer = "1"  # electronic, on the dealer's five cards
    four_card_progressive = "1"      # optional, on a table that offers it (§ 657a.1)
    five_card_progressive = "1"      # optional, on a table that offers it (§ 657a.1)

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                # optional
    lucky = "seat 3"                 # optional: "seat N" or "dealer"

Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.best_four_scenario import best_four_round, decision_reader
from dealer_trainer.games.crazy_4_poker.config import (
    Crazy4PokerTableConfig,
    parse_crazy_4_poker_config,
)
from dealer_trainer.games.crazy_4_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.round import (
    MAX_SEATS,
    Crazy4Round,
    Crazy4SeatPlay,
    dealer_hand_bettors,
)
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.scenario_support import (
    Amount,
    FchbDrawsSpec,
    Meter,
    ScenarioFile,
    card_parser,
    load_scenario_file,
    validate_scenario,
)
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.money import ZERO


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(card_parser(PLAYER_CARDS, "As Ad Jh 8c 3s"))]
    ante: Amount
    decision: Annotated[Decision, Parse(decision_reader(Decision.parse))]
    queens_up: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO
    five_card_hand_bonus_dealer: Amount = ZERO
    four_card_progressive: Amount = ZERO
    five_card_progressive: Amount = ZERO


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    max_seats = MAX_SEATS


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    dealer: Annotated[tuple[Card, ...], Parse(card_parser(DEALER_CARDS, "Kc Kd 9h 7s 4c"))]
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]
    four_card_meter: Meter = None
    five_card_meter: Meter = None


def parse_crazy_4_poker_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> Crazy4Round:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    spec = validate_scenario(_Scenario, data, file)

    def check_decision(config: Crazy4PokerTableConfig, s: _Seat) -> None:
        s.decision.check(config.rules, s.cards)

    def seat_play(s: _Seat) -> Crazy4SeatPlay:
        return Crazy4SeatPlay(
            s.seat,
            s.cards,
            s.ante,
            s.decision,
            s.queens_up,
            s.five_card_hand_bonus,
            s.five_card_hand_bonus_dealer,
            s.four_card_progressive,
            s.five_card_progressive,
        )

    def make_round(
        config: Crazy4PokerTableConfig,
        dealer: tuple[Card, ...],
        seats: tuple[Crazy4SeatPlay, ...],
        seed: int | None,
        draws: FchbDraws | None,
    ) -> Crazy4Round:
        return Crazy4Round(
            config, dealer, seats, seed, draws, spec.four_card_meter, spec.five_card_meter
        )

    return best_four_round(
        spec,
        file,
        resolve,
        parse_config=parse_crazy_4_poker_config,
        check_decision=check_decision,
        seat_play=seat_play,
        dealer_hand_bettors=dealer_hand_bettors,
        make_round=make_round,
    )


def load_crazy_4_poker_scenario(path: str | Path) -> Crazy4Round:
    return load_scenario_file(path, parse_crazy_4_poker_scenario)


__all__ = ["load_crazy_4_poker_scenario", "parse_crazy_4_poker_scenario"]
