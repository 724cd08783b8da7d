"""Reading a scenario file of any game: which game it is for, and that game's round.

The practice table (``practice.rounds``) deals the round it reads here onto the felt; the
console's ``settle`` only needs the game's procedure, so it reads the scenario here and loads
nothing of the table, its dealing or any other game (tests/test_import_budget.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dealer_trainer.games import registry
from dealer_trainer.games.definition import GameDefinition, TableResolver
from dealer_trainer.games.scenario_support import file_resolver, table_problem
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml


class LessonFileError(DataFileError):
    """A lesson or an exam file was given where a scenario or a table was expected. A lesson
    is played from the course, and an exam's rounds are dealt only when the examiner starts
    it, from each candidate's own seeds: neither is ever opened as a round."""

    def __init__(self, file: str | Path, mode: str) -> None:
        if mode == "exam":
            what = "an exam"
            how = (
                "an exam is taken only from Practice > Course (Ctrl+Shift+L) in the app, where "
                "the examiner starts it, and its rounds are dealt then, from each candidate's "
                "own seeds"
            )
        else:
            what = "a lesson"
            how = "lessons are played from Practice > Course (Ctrl+Shift+L) in the app"
        super().__init__(file, [Problem("mode", "a scenario or a table, not a lesson", repr(mode))])
        self.mode = mode
        self.args = (f"{file} is {what} file, not a scenario or a table: {how}.",)


def lesson_file_mode(data: Mapping[str, Any]) -> str | None:
    """The mode of a lesson file (``exam``, ``practice``, ...) read as TOML into ``data``;
    ``None`` for anything else. A lesson has rounds and a mode, a scenario or a table
    neither."""
    mode = data.get("mode")
    return mode if "rounds" in data and isinstance(mode, str) else None


def refuse_lesson_file(path: Path, data: Mapping[str, Any]) -> None:
    """Raise ``LessonFileError`` when ``data`` (read from ``path``) is a lesson or an exam."""
    mode = lesson_file_mode(data)
    if mode is not None:
        raise LessonFileError(path, mode)


def scenario_game(data: Mapping[str, Any], source: str, resolve: TableResolver) -> str:
    """The game of a scenario's TOML data, read from the table it names (a file, read through
    ``resolve``, or an inline table); ``DataFileError`` when the table cannot be read or is for
    no game the trainer deals."""
    table: Any = data.get("table")
    if isinstance(table, str):
        try:
            table = resolve(table)[0]
        except DataFileError as failure:
            if failure.file == source:
                raise
            raise table_problem(source, failure) from None
    game = table.get("game") if isinstance(table, Mapping) else None
    if not registry.is_game(game):
        known = ", ".join(sorted(registry.GAME_NAMES))
        raise DataFileError(source, [Problem("table", f"a table for one of: {known}", str(game))])
    assert isinstance(game, str)
    return game


def read_scenario(path: Path) -> tuple[GameDefinition[Any, Any], Any]:
    """A scenario file's game and that game's round, the table it names read beside it. A
    lesson or exam file is refused (``LessonFileError``) before anything of it is dealt."""
    data = read_toml(path)
    refuse_lesson_file(path, data)
    source, resolve = str(path), file_resolver(path)
    definition = registry.game(scenario_game(data, source, resolve))
    return definition, definition.parse_scenario(data, source, resolve)


__all__ = [
    "LessonFileError",
    "lesson_file_mode",
    "read_scenario",
    "refuse_lesson_file",
    "scenario_game",
]
