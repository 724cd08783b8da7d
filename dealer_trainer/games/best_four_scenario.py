"""Reading a best-four game's round from a scenario file: what the games share beyond
games/scenario_support.py.

Each game declares its own seat model (the side wager's field, its Decision type); the decision
is read the same way ("fold", "play 2x"), checked against the table's rules after the table is
known, and the round is built with the table game system's draws for its Five Card Hand Bonus.
Errors name the file and the field (``seats[0].decision``), like every data file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from dealer_trainer.cards import Card
from dealer_trainer.games.best_four_hands import InvalidDecision
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.scenario_support import (
    FchbDrawsSpec,
    raise_problems,
    round_error,
    scenario_draws,
    scenario_table,
)
from dealer_trainer.rules.errors import Problem

D = TypeVar("D")
C = TypeVar("C")
P = TypeVar("P")
R = TypeVar("R")
S_co = TypeVar("S_co", covariant=True)


def decision_reader(parse: Callable[[str], D]) -> Callable[[Any], D]:
    """A seat model's ``decision`` validator: the game's ``Decision.parse``, its error a
    field error."""

    def read(value: Any) -> D:
        if not isinstance(value, str):
            raise ValueError('write "fold" or "play 1x", "play 2x", "play 3x"')
        try:
            return parse(value)
        except InvalidDecision as error:
            raise ValueError(str(error)) from None

    return read


class BestFourScenario(Protocol[S_co]):
    """The scenario model a game declares."""

    @property
    def table(self) -> Any: ...
    @property
    def dealer(self) -> tuple[Card, ...]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def draws(self) -> FchbDrawsSpec | None: ...
    @property
    def seats(self) -> Sequence[S_co]: ...


class _SeatSpec(Protocol):
    @property
    def decision(self) -> object: ...


SeatSpec = TypeVar("SeatSpec", bound=_SeatSpec)


def best_four_round(
    spec: BestFourScenario[SeatSpec],
    file: str,
    resolve: TableResolver,
    *,
    parse_config: Callable[[Mapping[str, Any], str], C],
    check_decision: Callable[[C, SeatSpec], None],
    seat_play: Callable[[SeatSpec], P],
    dealer_hand_bettors: Callable[[C, tuple[P, ...]], int],
    make_round: Callable[[C, tuple[Card, ...], tuple[P, ...], int | None, FchbDraws | None], R],
) -> R:
    """The round a validated scenario ``spec`` states; ``DataFileError`` names the file and
    field.

    ``check_decision`` raises ``InvalidDecision`` when a seat's decision breaks the table's
    rules (any other ``ValueError``, such as a card dealt twice, is left to the round's own
    check, which names it)."""
    config = scenario_table(spec.table, file, resolve, parse_config)
    problems: list[Problem] = []
    for index, s in enumerate(spec.seats):
        try:
            check_decision(config, s)
        except InvalidDecision as error:
            problems.append(Problem(f"seats[{index}].decision", str(error), repr(str(s.decision))))
        except ValueError:
            continue
    raise_problems(file, problems)
    try:
        seats = tuple(seat_play(s) for s in spec.seats)
        draws = scenario_draws(spec.draws, dealer_hand_bettors(config, seats))
        return make_round(config, spec.dealer, seats, spec.seed, draws)
    except ValueError as error:
        round_error(file, error)


__all__ = ["BestFourScenario", "best_four_round", "decision_reader"]
