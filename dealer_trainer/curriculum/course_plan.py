"""The course plan (``lessons/course.toml``): the order the course teaches its games in and
the plain names of its practice tables, and the folder the shipped course is in.

Apart from ``course`` (which reads the lessons and a trainee's records against it) because the
practice picker is built with the main window, before any lesson is needed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from dealer_trainer.games.registry import GAME_NAMES, is_game
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml

LESSONS = shipped_lessons()
"""The shipped course, with its ``tables/`` (see ``practice.rounds.TABLES``)."""

COURSE_PLAN = "course.toml"
"""The course plan at the top of a course folder: the recommended order, not a lesson."""

PLAN_FILE = COURSE_PLAN


class CoursePlan(Struct, frozen=True):
    """``order``: games in the order the course teaches them; ``tables``: a plain name for
    each practice table file (by file name in ``tables/``); ``problems``: what is wrong with
    the file (the valid part is used)."""

    order: tuple[str, ...] = ()
    tables: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    path: Path | None = None

    def game_rank(self, game: str) -> tuple[int, str]:
        """Where a game comes in the course: listed games first, in the plan's order."""
        try:
            return (self.order.index(game), "")
        except ValueError:
            return (len(self.order), game.lower())

    def table_rank(self, file: Path) -> int:
        """Where a table comes under its game: in the plan's order, unnamed ones last."""
        names = list(self.tables)
        return names.index(file.name) if file.name in names else len(names)

    def table_label(self, file: Path, name: str, game: str) -> str:
        """The table as a trainee asks for it: the plan's name for it, or its Rules
        Submission's name without the game's name in front (the picker groups by game)."""
        label = self.tables.get(file.name)
        if label:
            return label
        return _without_game(name, game)

    @property
    def error(self) -> str:
        if not self.problems:
            return ""
        return str(DataFileError(str(self.path or PLAN_FILE), self.problems))


def _without_game(name: str, game: str) -> str:
    text = re.sub(rf"^(plain\s+)?{re.escape(game)}\b[\s,:-]*", "", name, flags=re.I).strip()
    if not text:
        return "Base game"
    if text.lower().startswith("with "):
        text = text[5:]
    return text[0].upper() + text[1:]


def _plan(data: Mapping[str, Any], tables: Path) -> tuple[list[str], dict[str, str], list[Problem]]:
    problems: list[Problem] = []
    order: list[str] = []
    labels: dict[str, str] = {}
    for key in data:
        if key not in ("order", "tables"):
            problems.append(Problem(key, "unknown field (check the spelling)"))
    raw_order = data.get("order", [])
    if not isinstance(raw_order, list):
        problems.append(Problem("order", "a list of games, first taught first", repr(raw_order)))
        raw_order = []
    known = ", ".join(sorted(GAME_NAMES))
    for i, game in enumerate(raw_order):
        if not isinstance(game, str) or not is_game(game):
            problems.append(Problem(f"order[{i}]", f"one of {known}", repr(game)))
        elif game in order:
            problems.append(Problem(f"order[{i}]", "each game once", repr(game)))
        else:
            order.append(game)
    raw_tables = data.get("tables", {})
    if not isinstance(raw_tables, dict):
        expected = 'a table of "file.toml" = "plain name"'
        problems.append(Problem("tables", expected, repr(raw_tables)))
        raw_tables = {}
    for file, label in raw_tables.items():
        where = f"tables.{file!r}" if "." in file else f"tables.{file}"
        if not (tables / file).is_file():
            problems.append(Problem(where, "a table file in tables/", repr(file)))
        elif not isinstance(label, str) or not label.strip():
            problems.append(Problem(where, "a plain name for the table, in quotes", repr(label)))
        else:
            labels[file] = label.strip()
    return order, labels, problems


def load_plan(folder: Path = LESSONS) -> CoursePlan:
    """The course plan of ``folder`` (an empty plan when there is none); never raises for
    anything the file holds."""
    path = folder / PLAN_FILE
    if not path.is_file():
        return CoursePlan()
    try:
        data = read_toml(path)
    except DataFileError as error:
        return CoursePlan(problems=tuple(error.problems), path=path)
    order, labels, problems = _plan(data, folder / "tables")
    return CoursePlan(tuple(order), labels, tuple(problems), path)
