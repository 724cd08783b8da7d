"""Constrained deals for practice and lessons: a round that shows what the lesson asks for.

A lesson names targets per seat, for the dealer and for the board ("seat 3 Trips full house",
"dealer Queen's Dragon", "Envy hand at seat 2 and seat 5"); ``generate_round`` builds a legal
random round that meets every one of them from a seed, and returns it as the ``DealtRound`` a
random deal of the same table gives (built by the same functions as practice/rounds.py), so it
is settled, judged and replayed like any other round. ``check_targets`` finds the problems of a
lesson's targets without dealing, for ``lessons check``.

The work is per game (games/<game>/targets.py, on the shared half in games/targeting.py); this
module only picks the game and turns its round into a ``DealtRound``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.games.caribbean_stud.targets import TARGETS as CARIBBEAN_STUD
from dealer_trainer.games.four_card_poker.targets import TARGETS as FOUR_CARD_POKER
from dealer_trainer.games.let_it_ride.targets import TARGETS as LET_IT_RIDE
from dealer_trainer.games.pai_gow.targets import TARGETS as PAI_GOW
from dealer_trainer.games.targeting import GameTargets, Target, TargetError
from dealer_trainer.games.targeting import parse_target as _parse_target
from dealer_trainer.games.three_card_poker.targets import TARGETS as THREE_CARD_POKER
from dealer_trainer.games.uth.targets import TARGETS as UTH
from dealer_trainer.practice.rounds import (
    DealtRound,
    _caribbean_stud_round,
    _four_card_round,
    _let_it_ride_round,
    _pai_gow_round,
    _three_card_round,
    _uth_round,
)
from dealer_trainer.rules.errors import DataFileError, read_toml


@dataclass(frozen=True)
class _Game:
    targets: GameTargets[Any, Any]
    dealt: Callable[[Any], DealtRound]


_GAMES: dict[str, _Game] = {
    "Ultimate Texas Hold 'Em": _Game(UTH, _uth_round),
    "Pai Gow Poker": _Game(PAI_GOW, _pai_gow_round),
    "EZ Pai Gow Poker": _Game(PAI_GOW, _pai_gow_round),
    "Four Card Poker": _Game(FOUR_CARD_POKER, _four_card_round),
    "Caribbean Stud Poker": _Game(CARIBBEAN_STUD, _caribbean_stud_round),
    "Let It Ride Poker": _Game(LET_IT_RIDE, _let_it_ride_round),
    "Three Card Poker": _Game(THREE_CARD_POKER, _three_card_round),
}
GAMES_WITH_TARGETS = tuple(_GAMES)


def parse_target(data: Mapping[str, Any]) -> Target:
    """A target from a lesson's TOML table ``{who, hand, wager, cards}``; ``ValueError`` naming
    the field that is wrong."""
    return _parse_target(data)


def check_targets(
    game: str, table: Path, targets: Sequence[Target], seats: tuple[int, ...] | None
) -> list[str]:
    """Every problem with ``targets`` on ``table`` found without dealing (an unknown seat,
    wager or hand, a wager the table does not offer, two targets that need the same card or
    call one hand two things); ``[]`` when a round can be generated."""
    chosen = _GAMES.get(game)
    if chosen is None:
        return [_unknown_game(game)]
    try:
        config = _load(game, chosen.targets, table)
    except (DataFileError, OSError, TargetError) as error:
        return [str(error) if isinstance(error, TargetError) else f"table: {error}"]
    return chosen.targets.check(config, targets, seats)


def generate_round(
    game: str,
    table: Path,
    seed: int,
    targets: Sequence[Target],
    seats: tuple[int, ...] | None = None,
) -> DealtRound:
    """A legal round on ``table`` meeting every target, the same for the same arguments.

    ``seats`` are the occupied seats; by default the game's usual random number of them,
    always including every targeted seat. Raises ``TargetError`` naming the target that cannot
    be met and why.
    """
    chosen = _GAMES.get(game)
    if chosen is None:
        raise TargetError(None, _unknown_game(game))
    try:
        config = _load(game, chosen.targets, table)
    except (DataFileError, OSError) as error:
        raise TargetError(None, f"table: {error}") from None
    return chosen.dealt(chosen.targets.generate(config, seed, targets, seats))


def _unknown_game(game: str) -> str:
    known = ", ".join(repr(name) for name in _GAMES)
    return f"game: constrained deals are made for {known}, not {game!r}"


def _load(game: str, targets: GameTargets[Any, Any], table: Path) -> Any:
    path = Path(table).resolve()
    return _load_cached(game, targets, path, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _load_cached(game: str, targets: GameTargets[Any, Any], path: Path, mtime: int) -> Any:
    """A table file read once while it is unchanged (a drill generates many rounds on it),
    refused when it is another game's table."""
    written = read_toml(path).get("game")
    if written != game:
        raise TargetError(None, f"table: {path.name} is a table for {written!r}, not {game!r}")
    return targets.load(path)


__all__ = [
    "GAMES_WITH_TARGETS",
    "Target",
    "TargetError",
    "check_targets",
    "generate_round",
    "parse_target",
]
