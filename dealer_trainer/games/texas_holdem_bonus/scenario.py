"""Reading a Texas Hold 'Em Bonus Poker round from a scenario file (docs/scenario-format.md).

A scenario is a setup, never an answer: cards, wagers, decisions, the table system's draws and
the meters. The engine derives every payout and step from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.community_scenario import CommunityScenario, two_cards
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.scenario_support import (
    Amount,
    load_scenario_file,
    round_error,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.games.texas_holdem_bonus.config import parse_thb_config
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    Decision,
    InvalidDecision,
    SeatWagers,
)
from dealer_trainer.games.texas_holdem_bonus.round import MAX_SEATS, SeatPlay, ThbRound
from dealer_trainer.rules.datafile import Parse, Record

_DECISIONS = "fold, or flop followed by turn and/or river for each wager made (flop turn river)"


def parse_decision(text: str) -> Decision:
    """ "fold"; "flop" (checks the turn and river); "flop turn", "flop river", "flop turn
    river" ("check" words are allowed and ignored)."""
    words = [w for w in text.strip().lower().replace(",", " ").split() if w != "check"]
    if words == ["fold"]:
        return Decision.fold()
    if not words or words[0] != "flop" or not set(words[1:]) <= {"turn", "river"}:
        raise ValueError(f"{text!r} is not a decision; write {_DECISIONS}")
    return Decision.play(turn="turn" in words, river="river" in words)


def _decision(value: Any) -> Decision:
    return parse_decision(str(value))


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(two_cards)]
    decision: Annotated[Decision, Parse(_decision)]
    ante: Amount
    bonus: Amount = Decimal(0)
    progressive: Amount = Decimal(0)
    five_card_hand_bonus: Amount = Decimal(0)
    five_card_hand_bonus_dealer: Amount = Decimal(0)


class _Scenario(CommunityScenario, frozen=True, kw_only=True):
    seats: Annotated[list[_Seat], Meta(min_length=1)]


def parse_scenario(data: Mapping[str, Any], file: str, resolve: TableResolver) -> ThbRound:
    spec = validate_scenario(_Scenario, data, file)
    config = scenario_table(spec.table, file, resolve, parse_thb_config)
    try:
        seats = tuple(
            SeatPlay(
                s.seat,
                (s.cards[0], s.cards[1]),
                SeatWagers(
                    ante=s.ante,
                    bonus=s.bonus,
                    progressive=s.progressive,
                    five_card_hand_bonus=s.five_card_hand_bonus,
                    five_card_hand_bonus_dealer=s.five_card_hand_bonus_dealer,
                ),
                s.decision,
            )
            for s in spec.seats
        )
        return ThbRound(
            config,
            spec.dealer_cards,
            spec.board_cards,
            seats,
            spec.draws.table_draws(),
            spec.seed,
        )
    except (ValueError, InvalidDecision) as error:
        round_error(file, error)


def load_scenario(path: str | Path) -> ThbRound:
    return load_scenario_file(path, parse_scenario)
