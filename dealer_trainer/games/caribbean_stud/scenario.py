"""Reading a Caribbean Stud Poker round from a scenario file.

A scenario is a setup, never an answer: the table, the dealer's five cards (the first four the
hole cards, the fifth the up card), each player's five cards, wagers and decision, and the
progressive meter. The engine derives every payout and step from it::

    title = "Dealer does not qualify"
    table = "../../tables/caribbean_stud_plain.toml"   # or an inline [table]
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

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.caribbean_stud.config import (
    BET_SIZE_CITATION,
    parse_caribbean_stud_config,
)
from dealer_trainer.games.caribbean_stud.outcomes import StudWagers
from dealer_trainer.games.caribbean_stud.round import (
    MAX_SEATS,
    CaribbeanStudRound,
    CaribbeanStudSeatPlay,
)
from dealer_trainer.games.caribbean_stud.wagers import StudDecision
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.scenario_support import (
    Amount,
    FchbDrawsSpec,
    ScenarioFile,
    card_parser,
    load_scenario_file,
    meter_amount,
    money,
    raise_problems,
    round_error,
    scenario_draws,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.money import ZERO, format_money

_five = card_parser(5, "As Kd Qh 9c 4s", count_word="five")


def _decision(value: Any) -> StudDecision:
    if not isinstance(value, str):
        raise ValueError('write "bet" or "fold"')
    return StudDecision.from_text(value)


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(_five)]
    decision: Annotated[StudDecision, Parse(_decision)]
    ante: Amount
    bet: Annotated[Decimal | None, Parse(money)] = None
    caribbean_stud_bonus: Amount = ZERO
    progressive: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO
    five_card_hand_bonus_dealer: Amount = ZERO


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    max_seats = MAX_SEATS


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    dealer: Annotated[tuple[Card, ...], Parse(_five)]
    progressive_meter: Annotated[Decimal | None, Parse(meter_amount)] = None
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]


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


def parse_caribbean_stud_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> CaribbeanStudRound:
    """Validate a scenario already read from ``file``; ``DataFileError`` names the field."""
    spec = validate_scenario(_Scenario, data, file)
    raise_problems(file, [p for index, s in enumerate(spec.seats) for p in _bet_problems(index, s)])
    config = scenario_table(spec.table, file, resolve, parse_caribbean_stud_config)
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
        draws = scenario_draws(
            spec.draws, sum(1 for s in seats if s.wagers.five_card_hand_bonus_dealer > 0)
        )
        return CaribbeanStudRound(
            config, spec.dealer, seats, spec.progressive_meter, spec.seed, draws
        )
    except ValueError as error:
        round_error(file, error)


def load_caribbean_stud_scenario(path: str | Path) -> CaribbeanStudRound:
    return load_scenario_file(path, parse_caribbean_stud_scenario)


__all__ = ["load_caribbean_stud_scenario", "parse_caribbean_stud_scenario"]
