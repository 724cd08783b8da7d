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

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.games import registry
from dealer_trainer.games.definition import GameDefinition
from dealer_trainer.games.targeting import Target, TargetError
from dealer_trainer.games.targeting import parse_target as _parse_target
from dealer_trainer.practice.rounds import DealtRound, TableRef, TableText, dealt_round
from dealer_trainer.rules.errors import DataFileError, parse_toml, read_toml


def parse_target(data: Mapping[str, Any]) -> Target:
    """A target from a lesson's TOML table ``{who, hand, wager, cards}``; ``ValueError`` naming
    the field that is wrong."""
    return _parse_target(data)


def check_targets(
    game: str, table: TableRef, targets: Sequence[Target], seats: Sequence[int] | None
) -> list[str]:
    """Every problem with ``targets`` on ``table`` found without dealing (an unknown seat,
    wager or hand, a wager the table does not offer, two targets that need the same card or
    call one hand two things); ``[]`` when a round can be generated."""
    if not registry.is_game(game):
        return [_unknown_game(game)]
    definition = registry.game(game)
    try:
        config = _load(game, table)
    except (DataFileError, OSError, TargetError) as error:
        return [str(error) if isinstance(error, TargetError) else f"table: {error}"]
    return definition.targets.check(config, targets, None if seats is None else tuple(seats))


def generate_round(
    game: str,
    table: TableRef,
    seed: int,
    targets: Sequence[Target],
    seats: Sequence[int] | None = None,
) -> DealtRound:
    """A legal round on ``table`` meeting every target, the same for the same arguments.

    ``seats`` are the occupied seats; by default the game's usual random number of them,
    always including every targeted seat. Raises ``TargetError`` naming the target that cannot
    be met and why.
    """
    if not registry.is_game(game):
        raise TargetError(None, _unknown_game(game))
    try:
        config = _load(game, table)
    except (DataFileError, OSError) as error:
        raise TargetError(None, f"table: {error}") from None
    chosen = None if seats is None else tuple(seats)
    return generate_from(registry.game(game), config, seed, targets, chosen)


def generate_from(
    definition: GameDefinition[Any, Any],
    config: Any,
    seed: int,
    targets: Sequence[Target],
    seats: tuple[int, ...] | None = None,
) -> DealtRound:
    """``generate_round`` on a Rules Submission already read (a replay's stored table)."""
    return dealt_round(definition, definition.targets.generate(config, seed, targets, seats))


def _unknown_game(game: str) -> str:
    known = ", ".join(repr(name) for name in registry.GAME_NAMES)
    return f"game: constrained deals are made for {known}, not {game!r}"


def _load(game: str, table: TableRef) -> Any:
    if isinstance(table, TableText):
        return _load_text(game, table)
    path = Path(table).resolve()
    return _load_cached(game, path, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _load_cached(game: str, path: Path, mtime: int) -> Any:
    """A table file read once while it is unchanged (a drill generates many rounds on it)."""
    return _config(game, read_toml(path), path.name, str(path))


@lru_cache(maxsize=32)
def _load_text(game: str, table: TableText) -> Any:
    """A lesson's inline table read once (a drill generates many rounds on it)."""
    return _config(game, parse_toml(table.text, table.name), table.name, table.name)


def _config(game: str, data: Mapping[str, Any], name: str, source: str) -> Any:
    """The Rules Submission in ``data``, refused when it is another game's table."""
    written = data.get("game")
    if written != game:
        raise TargetError(None, f"table: {name} is a table for {written!r}, not {game!r}")
    return registry.game(game).parse_config(data, source)


__all__ = [
    "Target",
    "TargetError",
    "check_targets",
    "generate_from",
    "generate_round",
    "parse_target",
]
