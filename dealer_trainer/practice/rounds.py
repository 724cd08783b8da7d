"""Dealing a practice round for the table a trainee picked, in any game.

Each game's definition (``games.registry``) supplies its table reader, its dealer, its
procedure builder, its table setup and the actions a dealer of that game takes; the GUI sees
only a ``DealtRound``, so the next game adds a package, not a new window. Table and scenario
files are read here, and their data handed to the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from msgspec import Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEvent
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.reference import ReferenceSheet
from dealer_trainer.engine.spot import SpotCatalog
from dealer_trainer.games import registry
from dealer_trainer.games.definition import GameDefinition, HandMatcher, TableResolver
from dealer_trainer.games.linked_meter import MeterOnLink
from dealer_trainer.games.scenario_file import refuse_lesson_file
from dealer_trainer.games.scenario_file import scenario_game as game_of_scenario
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError, Problem, parse_toml, read_toml

TABLES = shipped_tables()


class DealtRound(Struct, frozen=True):
    setup: TableSetup
    procedure: Procedure
    sequence: tuple[DealEvent, ...]
    not_called_for: Mapping[Action, str]
    description: str
    spots: SpotCatalog
    """The game's kinds of spot: how the layout's keys and stored labels become spots."""
    actions: tuple[Action, ...]
    """The verbs a dealer of this game uses: the action panel offers these."""
    hand_matcher: HandMatcher | None
    hand_names: tuple[str, ...]
    """The hands a trainee may name when verifying or announcing one, best first."""
    split_hands: bool = False
    """Setting the dealer's hand means splitting seven cards (pai gow); otherwise the dealer's
    hand is set by naming it (Four Card Poker's best four of six)."""
    board_face_down_until: frozenset[str] = frozenset()
    """Steps after which the community cards are turned up; until then they lie face down
    (Three Card Poker's two extra cards wait for every other wager, seed 000, preamble)."""
    reference: tuple[ReferenceSheet, ...] = ()
    """The house documents a dealer may read at this table (the pai gow house way)."""
    links: tuple[MeterOnLink, ...] = ()
    """The linked meters the round showed at their links' shared amounts (``practice.
    linked_play``); empty when each meter was the table's own draw."""
    link_news: tuple[str, ...] = ()
    """What happened on those links since the trainee's last round (other tables' play, a
    jackpot and reset elsewhere), as the trainee is told before settling."""

    @property
    def linked_meters(self) -> tuple[tuple[str, Decimal], ...]:
        """(link, amount) of each shared meter the round was settled against: recorded with
        the round, so a replay deals it against the same amounts."""
        return tuple((use.link, use.shown) for use in self.links)


def dealt_round(definition: GameDefinition[Any, Any], round_: Any) -> DealtRound:
    """A game's own round as the trainer deals, draws and judges it."""
    return DealtRound(
        definition.table_setup(round_),
        definition.procedure(round_),
        definition.dealing_sequence(round_),
        definition.not_called_for,
        round_.describe(),
        definition.spots,
        definition.actions,
        definition.hand_matcher(round_),
        definition.hand_names,
        split_hands=definition.split_hands,
        board_face_down_until=definition.face_down_until(round_),
        reference=definition.reference(round_),
    )


class PracticeTable(Struct, frozen=True):
    """A table configuration file as the picker lists it; ``error`` when it cannot be used."""

    path: Path
    game: str
    name: str
    description: str = ""
    error: str = ""
    expired: str = ""
    """Why the picker does not offer the table today: it offers an expired temporary option
    and its Rules Submission names no authority under which it remains in force ("" when
    every option is in force or so kept; then ``kept`` says under what)."""
    kept: str = ""
    """The temporary options past their expiry the table keeps, and the authority it names."""

    @property
    def offered(self) -> bool:
        """Whether the picker lets a trainee deal at this table."""
        return not self.error and not self.expired


def unknown_game(file: str | Path, game: object) -> DataFileError:
    known = ", ".join(sorted(registry.GAME_NAMES))
    return DataFileError(file, [Problem("game", f"one of {known}", repr(game))])


def table_config(
    data: Mapping[str, Any], source: str | Path
) -> tuple[GameDefinition[Any, Any], Any]:
    """The game a table configuration is for and its validated Rules Submission;
    ``DataFileError`` for a game the trainer does not deal or an invalid table."""
    game = data.get("game")
    if not registry.is_game(game):
        raise unknown_game(source, game)
    definition = registry.game(str(game))
    return definition, definition.parse_config(data, str(source))


class TableText(Struct, frozen=True):
    """A table configuration that is not a file of its own (a lesson's inline ``[table]``):
    its TOML text, and the name its errors and records give it. Read where it is held, so
    nothing is written to a temporary file to be read back."""

    text: str
    name: str

    def __str__(self) -> str:
        return self.name


TableRef = Path | TableText
"""A table configuration: a file, or text held in another file."""


def table_data(table: TableRef) -> dict[str, Any]:
    """The TOML data of a table configuration file or text; ``DataFileError`` naming it when
    it cannot be read or is not TOML."""
    if isinstance(table, TableText):
        return parse_toml(table.text, table.name)
    return read_toml(table)


def table_name(table: TableRef) -> str | Path:
    """What errors about a table configuration name: its file, or the name of its text."""
    return table.name if isinstance(table, TableText) else table


def read_table(table: TableRef) -> tuple[GameDefinition[Any, Any], Any]:
    """A table configuration's game and validated Rules Submission."""
    return table_config(table_data(table), table_name(table))


def deal_config(
    definition: GameDefinition[Any, Any],
    config: Any,
    seed: int,
    seats: tuple[int, ...] | None = None,
) -> DealtRound:
    return dealt_round(definition, definition.deal(config, seed, seats))


def deal_table(table: TableRef, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
    """A random round from ``seed`` at the table configuration ``table``."""
    return deal_config(*read_table(table), seed, seats)


def practice_tables(folder: Path = TABLES, today: date | None = None) -> list[PracticeTable]:
    """Every table file in ``folder`` for a game the trainer can deal; a broken one is listed
    with its error, not dropped, and one offering an option expired by ``today`` (by default
    the real date) without a recorded authority is listed as expired. Tables of games not yet
    playable are left out."""
    on = today or date.today()
    tables: list[PracticeTable] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            data = read_toml(path)
        except DataFileError as error:
            tables.append(PracticeTable(path, "", path.name, error=str(error)))
            continue
        game = data.get("game")
        if not registry.is_game(game):
            if game is None:
                message = f"{path}: game: the game this table is for"
                tables.append(PracticeTable(path, "", path.name, error=message))
            continue
        assert isinstance(game, str)
        try:
            definition, config = table_config(data, path)
        except ValueError as error:  # a DataFileError, or a value the game's rules refuse
            tables.append(PracticeTable(path, game, path.name, error=str(error)))
            continue
        standing = definition.standing(config, on)
        kept = ""
        if standing.usable and standing.expired:
            names = ", ".join(option.name for option in standing.expired)
            kept = f"{names}: expired, kept in force under {standing.in_force_under.strip()}"
        tables.append(
            PracticeTable(
                path,
                game,
                config.name,
                config.description,
                expired=standing.problem(),
                kept=kept,
            )
        )
    return tables


def deal(table: PracticeTable, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
    if table.error:
        raise ValueError(table.error)
    return deal_table(table.path, seed, seats)


def scenario_game(path: Path) -> str:
    """The game of a scenario, read from the table it names (a file or an inline table). A
    lesson or exam file is refused (``LessonFileError``) before anything of it is dealt."""
    data = read_toml(path)
    refuse_lesson_file(path, data)
    return game_of_scenario(data, str(path), file_resolver(path))


def scenario_round(data: Mapping[str, Any], source: str, resolve: TableResolver) -> DealtRound:
    """A round from a scenario's TOML data, of any game the trainer knows; the files it names
    are read through ``resolve``."""
    definition = registry.game(game_of_scenario(data, source, resolve))
    return dealt_round(definition, definition.parse_scenario(data, source, resolve))


def load_round(path: Path) -> DealtRound:
    """A round from a scenario file of any game the trainer knows."""
    data = read_toml(path)
    refuse_lesson_file(path, data)
    return scenario_round(data, str(path), file_resolver(path))
