"""Dealing a practice round for the table a trainee picked, in any game.

Each game supplies its dealer, its procedure builder and its table setup; the GUI sees only a
``DealtRound``, so the next game adds an entry to ``GAMES``, not a new window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEvent
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.uth import procedure as uth_procedure
from dealer_trainer.games.uth.dealing import deal_round, dealing_sequence
from dealer_trainer.games.uth.round import UthRound
from dealer_trainer.games.uth.scenario import load_scenario
from dealer_trainer.games.uth.table import table_setup
from dealer_trainer.practice.table import TableSetup
from dealer_trainer.rules.errors import DataFileError, read_toml
from dealer_trainer.rules.table_config import load_table_config

TABLES = Path(__file__).resolve().parent.parent.parent / "lessons" / "tables"


@dataclass(frozen=True)
class DealtRound:
    setup: TableSetup
    procedure: Procedure
    sequence: tuple[DealEvent, ...]
    not_called_for: Mapping[Action, str]
    description: str


@dataclass(frozen=True)
class PracticeTable:
    """A table configuration file as the picker lists it; ``error`` when it cannot be used."""

    path: Path
    game: str
    name: str
    description: str = ""
    error: str = ""


def _uth_round(round_: UthRound) -> DealtRound:
    return DealtRound(
        table_setup(round_),
        uth_procedure.build_procedure(round_),
        dealing_sequence(round_),
        uth_procedure.NOT_CALLED_FOR,
        round_.describe(),
    )


@dataclass(frozen=True)
class PracticeGame:
    name: str
    deal: Callable[[Path, int, tuple[int, ...] | None], DealtRound]
    scenario: Callable[[Path], DealtRound]


def _deal_uth(path: Path, seed: int, seats: tuple[int, ...] | None) -> DealtRound:
    return _uth_round(deal_round(load_table_config(path), seed, seats))


GAMES: dict[str, PracticeGame] = {
    "Ultimate Texas Hold 'Em": PracticeGame(
        "Ultimate Texas Hold 'Em", _deal_uth, lambda path: _uth_round(load_scenario(path))
    ),
}


def practice_tables(folder: Path = TABLES) -> list[PracticeTable]:
    """Every table file in ``folder`` for a game the trainer can deal; a broken one is listed
    with its error, not dropped. Tables of games not yet playable are left out."""
    tables: list[PracticeTable] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            game = read_toml(path).get("game")
        except DataFileError as error:
            tables.append(PracticeTable(path, "", path.name, error=str(error)))
            continue
        if game is not None and game not in GAMES:
            continue
        try:
            config = load_table_config(path)
        except DataFileError as error:
            tables.append(PracticeTable(path, "", path.name, error=str(error)))
            continue
        tables.append(PracticeTable(path, config.game, config.name, config.description))
    return tables


def deal(table: PracticeTable, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
    if table.error:
        raise ValueError(table.error)
    return GAMES[table.game].deal(table.path, seed, seats)


def load_round(path: Path) -> DealtRound:
    """A round from a scenario file (any game whose scenarios the file's table names)."""
    return GAMES["Ultimate Texas Hold 'Em"].scenario(path)
