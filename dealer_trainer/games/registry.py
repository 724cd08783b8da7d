"""The games the trainer deals, and the one place that names them.

Each entry says where a game's package is and which names data files use for it; the package
(its paytables, evaluators, procedure builders) is imported the first time one of its names is
asked for, so settling one Ultimate Texas Hold 'Em scenario never loads the other games.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from msgspec import Struct

from dealer_trainer.games.definition import GameDefinition, GameId


class _Entry(Struct, frozen=True):
    id: GameId
    names: tuple[str, ...]

    @property
    def module(self) -> str:
        return f"dealer_trainer.games.{self.id}"


_ENTRIES = (
    _Entry(GameId("caribbean_stud"), ("Caribbean Stud Poker",)),
    _Entry(GameId("crazy_4_poker"), ("Crazy 4 Poker",)),
    _Entry(GameId("four_card_poker"), ("Four Card Poker",)),
    _Entry(GameId("let_it_ride"), ("Let It Ride Poker",)),
    _Entry(GameId("mississippi_stud"), ("Mississippi Stud",)),
    _Entry(GameId("pai_gow"), ("Pai Gow Poker", "EZ Pai Gow Poker")),
    _Entry(GameId("texas_holdem_bonus"), ("Texas Hold 'Em Bonus Poker",)),
    _Entry(GameId("three_card_poker"), ("Three Card Poker",)),
    _Entry(GameId("uth"), ("Ultimate Texas Hold 'Em",)),
)
_BY_NAME = {name: entry for entry in _ENTRIES for name in entry.names}


class UnknownGameError(KeyError):
    """A name no game of the trainer answers to."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"the trainer deals {', '.join(repr(n) for n in GAME_NAMES)}, not {self.name!r}"


GAME_NAMES: tuple[str, ...] = tuple(_BY_NAME)
"""Every name a table file or a lesson may give its game, in registry order."""

GAME_IDS: tuple[GameId, ...] = tuple(entry.id for entry in _ENTRIES)


def is_game(name: object) -> bool:
    return isinstance(name, str) and name in _BY_NAME


def game_id(name: str) -> GameId:
    """The game a name belongs to (both pai gow names give ``pai_gow``), without loading it."""
    try:
        return _BY_NAME[name].id
    except KeyError:
        raise UnknownGameError(name) from None


def game(name: str) -> GameDefinition[Any, Any]:
    """The definition of the game called ``name``, its package imported on first use."""
    return definition(game_id(name))


@cache
def definition(identifier: GameId) -> GameDefinition[Any, Any]:
    """The definition of a game by its identifier, its package imported on first use."""
    entries = [entry for entry in _ENTRIES if entry.id == identifier]
    if not entries:
        raise UnknownGameError(identifier)
    (entry,) = entries
    loaded: GameDefinition[Any, Any] = importlib.import_module(entry.module).DEFINITION
    if loaded.id != entry.id or loaded.names != entry.names:
        raise RuntimeError(f"{entry.module}.DEFINITION does not match its registry entry")
    return loaded


def definitions() -> tuple[GameDefinition[Any, Any], ...]:
    """Every game's definition (this loads them all)."""
    return tuple(definition(entry.id) for entry in _ENTRIES)


__all__ = [
    "GAME_IDS",
    "GAME_NAMES",
    "UnknownGameError",
    "definition",
    "definitions",
    "game",
    "game_id",
    "is_game",
]
