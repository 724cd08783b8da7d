"""Reading a Four Card Poker round from a scenario file.

A scenario fixes every card in dealing order and every wager and decision::

    title = "Pair of aces: Aces Up pays 1 to 1, Play 3x loses"
    table = "../../tables/four_card_poker_aces_up.toml"   # or an inline [table]
    dealer = "Kc Kd 9h 7s 4c 2d"     # six cards in dealing order; the sixth is the up card
    seed = 12                        # optional: the shuffle it came from
    four_card_meter = "12345.67"     # when a Four-Card Progressive row pays a share of the meter
    five_card_meter = "31234.56"     # likewise for the Five-Card Progressive

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "As Ad Jh 8c 3s"         # five cards in dealing order
    ante = "10"
    decision = "play 3x"             # "fold", or "play 1x" to "play 3x" as the table allows
    aces_up = "5"                    # optional, on a table that offers it
    five_card_hand_bonus = "1"       # electronic, on the player's hand (§ 641a.7(d)(7))
    five_card_hand_bonus_dealer = "1"  # electronic, on the dealer's first five cards
    four_card_progressive = "1"      # optional, on a table that offers it (§ 641a.1)
    five_card_progressive = "1"      # optional, on a table that offers it (§ 641a.1)

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
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.four_card_poker.config import (
    FourCardPokerTableConfig,
    parse_four_card_poker_config,
)
from dealer_trainer.games.four_card_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.round import (
    MAX_SEATS,
    FourCardRound,
    FourCardSeatPlay,
    dealer_hand_bettors,
)
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
    aces_up: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO
    five_card_hand_bonus_dealer: Amount = ZERO
    four_card_progressive: Amount = ZERO
    five_card_progressive: Amount = ZERO


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    max_seats = MAX_SEATS


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    dealer: Annotated[tuple[Card, ...], Parse(card_parser(DEALER_CARDS, "Kc Kd 9h 7s 4c 2d"))]
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]
    four_card_meter: Meter = None
    five_card_meter: Meter = None


def parse_four_card_poker_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> FourCardRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    spec = validate_scenario(_Scenario, data, file)

    def check_decision(config: FourCardPokerTableConfig, s: _Seat) -> None:
        s.decision.check(config.rules)

    def seat_play(s: _Seat) -> FourCardSeatPlay:
        return FourCardSeatPlay(
            s.seat,
            s.cards,
            s.ante,
            s.decision,
            s.aces_up,
            s.five_card_hand_bonus,
            s.five_card_hand_bonus_dealer,
            s.four_card_progressive,
            s.five_card_progressive,
        )

    def make_round(
        config: FourCardPokerTableConfig,
        dealer: tuple[Card, ...],
        seats: tuple[FourCardSeatPlay, ...],
        seed: int | None,
        draws: FchbDraws | None,
    ) -> FourCardRound:
        return FourCardRound(
            config, dealer, seats, seed, draws, spec.four_card_meter, spec.five_card_meter
        )

    return best_four_round(
        spec,
        file,
        resolve,
        parse_config=parse_four_card_poker_config,
        check_decision=check_decision,
        seat_play=seat_play,
        dealer_hand_bettors=dealer_hand_bettors,
        make_round=make_round,
    )


def load_four_card_poker_scenario(path: str | Path) -> FourCardRound:
    return load_scenario_file(path, parse_four_card_poker_scenario)


__all__ = ["load_four_card_poker_scenario", "parse_four_card_poker_scenario"]
