"""Reading an Ultimate Texas Hold 'Em round from a scenario file (docs/scenario-format.md).

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
    meter_amount,
    money,
    round_error,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.games.uth.config import parse_uth_config
from dealer_trainer.games.uth.outcomes import Decision, InvalidDecision, SeatWagers
from dealer_trainer.games.uth.round import MAX_SEATS, MustHitByState, SeatPlay, UthRound
from dealer_trainer.rules.datafile import Parse, Record


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


def _decision(value: Any) -> Decision:
    return parse_decision(str(value))


def _amount(value: Any) -> Decimal | None:
    return None if value is None else money(value)


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(two_cards)]
    decision: Annotated[Decision, Parse(_decision)]
    ante: Amount
    blind: Annotated[Decimal | None, Parse(_amount)] = None
    trips: Amount = Decimal(0)
    bad_beat: Amount = Decimal(0)
    play_the_board: Amount = Decimal(0)
    ultimate_pairs: Amount = Decimal(0)
    six_card_bonus: Amount = Decimal(0)
    progressive: Amount = Decimal(0)
    five_card_hand_bonus: Amount = Decimal(0)
    five_card_hand_bonus_dealer: Amount = Decimal(0)


class _MustHitBy(Record, frozen=True):
    meter: Annotated[Decimal, Parse(meter_amount)]
    trigger: Annotated[Decimal, Parse(meter_amount)]


class _Scenario(CommunityScenario, frozen=True, kw_only=True):
    must_hit_by: _MustHitBy | None = None
    seats: Annotated[tuple[_Seat, ...], Meta(min_length=1)]


def parse_scenario(data: Mapping[str, Any], file: str, resolve: TableResolver) -> UthRound:
    spec = validate_scenario(_Scenario, data, file)
    config = scenario_table(spec.table, file, resolve, parse_uth_config)
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
            spec.dealer_cards,
            spec.board_cards,
            seats,
            spec.draws.table_draws(),
            None
            if spec.must_hit_by is None
            else MustHitByState(spec.must_hit_by.meter, spec.must_hit_by.trigger),
            spec.seed,
        )
    except (ValueError, InvalidDecision) as error:
        round_error(file, error)


def load_scenario(path: str | Path) -> UthRound:
    return load_scenario_file(path, parse_scenario)
