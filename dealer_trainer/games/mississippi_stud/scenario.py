"""Reading a Mississippi Stud round from a scenario file.

A scenario fixes every card, wager and decision::

    title = "Pair of jacks: every wager paid 1 to 1"
    table = "../../tables/mississippi_stud_plain.toml"   # or an inline [table]
    community = "Kh 9c 2d"           # the three community cards, in the order turned face up
    progressive_meter = "31234.56"   # when a progressive row pays a share of the meter

    [jackpot_meters]                 # instead, on Paytables B-D: each jackpot's meter
    mega = "61234.56"
    major = "7012.34"
    minor = "640.10"                 # Paytables C and D
    seed = 12                        # optional: the shuffle it came from

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "Jh Jd"                  # two cards in dealing order
    ante = "10"
    decision = "3x 1x 2x"            # the Bet Wagers as multiples of the Ante; "2x fold" folds
    three_card_bonus = "5"           # optional, on a table that offers it
    progressive = "1"
    five_card_hand_bonus = "1"       # electronic, on the player's hand

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                # optional
    lucky = "seat 3"                 # optional

Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.jackpot_meters import JackpotAmounts, JackpotMeter
from dealer_trainer.games.mississippi_stud.config import parse_mississippi_stud_config
from dealer_trainer.games.mississippi_stud.hands import COMMUNITY_CARDS, PLAYER_CARDS
from dealer_trainer.games.mississippi_stud.outcomes import Decision, InvalidDecision
from dealer_trainer.games.mississippi_stud.round import MAX_SEATS, StudRound, StudSeatPlay
from dealer_trainer.games.paytable_scenario import decision_parser, refused_round
from dealer_trainer.games.scenario_support import (
    Amount,
    FchbDrawsSpec,
    Meter,
    ScenarioFile,
    card_parser,
    load_scenario_file,
    scenario_draws,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.money import ZERO

_decision = decision_parser(
    Decision.parse,
    InvalidDecision,
    'write the Bet Wagers as multiples of the Ante: "3x 1x 2x", "2x fold"',
)


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(card_parser(PLAYER_CARDS, "Jh Jd"))]
    ante: Amount
    decision: Annotated[Decision, Parse(_decision)] = Decision()
    three_card_bonus: Amount = ZERO
    progressive: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    """The Five Card Hand Bonus draws; the Lucky Bonus selects a player's seat (§ 655a.1)."""

    max_seats = MAX_SEATS
    no_dealer = "Mississippi Stud has no dealer position"


class _JackpotMeters(Record, frozen=True, kw_only=True):
    """Each jackpot's meter as the table shows it (Paytables B-D of § 655a.12(c)(1))."""

    mega: Meter = None
    major: Meter = None
    minor: Meter = None

    def amounts(self) -> JackpotAmounts:
        read = {meter: getattr(self, meter.jackpot) for meter in JackpotMeter}
        return JackpotAmounts.of({m: amount for m, amount in read.items() if amount is not None})


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    community: Annotated[tuple[Card, ...], Parse(card_parser(COMMUNITY_CARDS, "Kh 9c 2d"))]
    progressive_meter: Meter = None
    jackpot_meters: _JackpotMeters | None = None
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]


def parse_mississippi_stud_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> StudRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    spec = validate_scenario(_Scenario, data, file)
    config = scenario_table(spec.table, file, resolve, parse_mississippi_stud_config)
    try:
        seats = tuple(
            StudSeatPlay(
                s.seat,
                s.cards,
                s.ante,
                s.decision,
                s.three_card_bonus,
                s.progressive,
                s.five_card_hand_bonus,
            )
            for s in spec.seats
        )
        draws = scenario_draws(spec.draws)
        jackpots = spec.jackpot_meters.amounts() if spec.jackpot_meters else JackpotAmounts()
        return StudRound(
            config, spec.community, seats, spec.seed, spec.progressive_meter, draws, jackpots
        )
    except ValueError as error:
        refused_round(file, error)


def load_mississippi_stud_scenario(path: str | Path) -> StudRound:
    return load_scenario_file(path, parse_mississippi_stud_scenario)


__all__ = ["load_mississippi_stud_scenario", "parse_mississippi_stud_scenario"]
