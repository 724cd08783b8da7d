"""Reading a Let It Ride Poker round from a scenario file.

A scenario fixes every card and every wager and withdrawal::

    title = "Pair of 10s: both withdrawn, the third wager paid 1 to 1"
    table = "../../tables/let_it_ride_plain.toml"   # or an inline [table]
    community = "Kh 9c"              # the two community cards, in the order turned face up
    burn = "2d"                      # optional: the community card discarded unexposed
    progressive_meter = "31234.56"   # when a progressive row pays a share of the meter
    seed = 12                        # optional: the shuffle it came from

    [[seats]]
    seat = 3                         # 1 = the dealer's far left
    cards = "Th Td 4c"               # three cards in dealing order
    bet = "10"                       # each of the three Let It Ride Poker Wagers
    # bets = ["10", "10", "5"]       # instead, where the table allows unequal wagers
    decision = "withdraw 1 and 2"    # "let it ride" (default), "withdraw 1", "withdraw 2"
    five_card_bonus = "5"            # optional, on a table that offers it
    three_card_bonus = "5"
    progressive = "1"
    five_card_hand_bonus = "1"       # electronic, on the player's hand (§ 643a.7(i))

    [draws]                          # the table game system, with a Five Card Hand Bonus
    meter = "30000"
    magic_card = "Qd"                # optional
    lucky = "seat 3"                 # optional

Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.cards import Card
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.let_it_ride.config import (
    parse_let_it_ride_config,
)
from dealer_trainer.games.let_it_ride.hands import COMMUNITY_CARDS, PLAYER_CARDS
from dealer_trainer.games.let_it_ride.outcomes import Decision, InvalidDecision
from dealer_trainer.games.let_it_ride.round import MAX_SEATS, LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.paytable_scenario import decision_parser, refused_round
from dealer_trainer.games.scenario_support import (
    Amount,
    FchbDrawsSpec,
    ScenarioFile,
    card_parser,
    load_scenario_file,
    meter_amount,
    money,
    one_card,
    raise_problems,
    scenario_draws,
    scenario_table,
    validate_scenario,
)
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.money import ZERO, to_money

_decision = decision_parser(
    Decision.parse,
    InvalidDecision,
    'write "let it ride", "withdraw 1", "withdraw 2" or "withdraw 1 and 2"',
)


def _bets(value: Any) -> tuple[Decimal, ...]:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError('the three Let It Ride Poker Wagers, such as ["10", "10", "5"]')
    return tuple(to_money(v) for v in value)


class _Seat(Record, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    cards: Annotated[tuple[Card, ...], Parse(card_parser(PLAYER_CARDS, "Th Td 4c"))]
    bet: Annotated[Decimal | None, Parse(money)] = None
    bets: Annotated[tuple[Decimal, Decimal, Decimal] | None, Parse(_bets)] = None
    decision: Annotated[Decision, Parse(_decision)] = Decision()
    five_card_bonus: Amount = ZERO
    three_card_bonus: Amount = ZERO
    progressive: Amount = ZERO
    five_card_hand_bonus: Amount = ZERO

    def three_bets(self) -> tuple[Decimal, Decimal, Decimal]:
        if self.bets is not None:
            return self.bets
        assert self.bet is not None
        return (self.bet, self.bet, self.bet)


class _Draws(FchbDrawsSpec, frozen=True, kw_only=True):
    """The Five Card Hand Bonus draws; the Lucky Bonus selects a player's seat (§ 643a.1)."""

    max_seats = MAX_SEATS
    no_dealer = "Let It Ride has no dealer position"


class _Scenario(ScenarioFile, frozen=True, kw_only=True):
    community: Annotated[tuple[Card, ...], Parse(card_parser(COMMUNITY_CARDS, "Kh 9c"))]
    burn: Annotated[Card | None, Parse(one_card)] = None
    progressive_meter: Annotated[Decimal | None, Parse(meter_amount)] = None
    draws: _Draws | None = None
    seats: Annotated[list[_Seat], Meta(min_length=1)]


def _seat_problems(spec: _Scenario) -> list[Problem]:
    problems: list[Problem] = []
    for index, s in enumerate(spec.seats):
        if (s.bet is None) == (s.bets is None):
            problems.append(
                Problem(
                    f"seats[{index}].bet",
                    'the amount of each Let It Ride Poker Wager, bet = "10" (or the three as '
                    'bets = ["10", "10", "5"], not both)',
                )
            )
    return problems


def parse_let_it_ride_scenario(
    data: Mapping[str, Any], file: str, resolve: TableResolver
) -> LetItRideRound:
    """A round from an already-read scenario; ``DataFileError`` names the file and field."""
    spec = validate_scenario(_Scenario, data, file)
    raise_problems(file, _seat_problems(spec))
    config = scenario_table(spec.table, file, resolve, parse_let_it_ride_config)
    try:
        seats = tuple(
            LetItRideSeatPlay(
                s.seat,
                s.cards,
                s.three_bets(),
                s.decision,
                s.five_card_bonus,
                s.three_card_bonus,
                s.progressive,
                s.five_card_hand_bonus,
            )
            for s in spec.seats
        )
        draws = scenario_draws(spec.draws)
        return LetItRideRound(
            config, spec.community, seats, spec.burn, spec.seed, spec.progressive_meter, draws
        )
    except ValueError as error:
        refused_round(file, error)


def load_let_it_ride_scenario(path: str | Path) -> LetItRideRound:
    return load_scenario_file(path, parse_let_it_ride_scenario)


__all__ = ["load_let_it_ride_scenario", "parse_let_it_ride_scenario"]
