"""What ``dealer-trainer settle`` may load: its start-up is a figure of its own (issue 15,
``benchmarks/startup.py``), and it is all imports, so the win is kept by what is *not* imported
rather than by a time (a timing assert would fail on a busy machine and pass a slow change).

Settling a scenario reads it, validates its table and builds its procedure. It loads its own
game's parser, rules and procedure and nothing else: no other game, none of the parts a
definition names with ``later`` (analysis, constrained deals, dealing, the felt), no practice
table, records, window or array library, and it fills no hand-ranking table.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.games import registry
from dealer_trainer.games.definition import Later
from dealer_trainer.games.targeting import GameTargets

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

SETTLE = """
import io, json, sys
from dealer_trainer.cli import main
out, sys.stdout = sys.stdout, io.StringIO()
code = main(["settle", sys.argv[1]])
settled, sys.stdout = sys.stdout.getvalue(), out
from dealer_trainer.hands import five_card
print(json.dumps({
    "code": code,
    "steps": settled.count("\\n     "),
    "modules": sorted(sys.modules),
    "flush_tables_filled": bool(five_card.FLUSH_TABLE),
    "seven_card_table_filled": bool(five_card.NONFLUSH7),
}))
"""

NEVER = (
    "PySide6",
    "sqlalchemy",
    "alembic",
    "numpy",
    "PIL",
    "dealer_trainer.gui",
    "dealer_trainer.store.",  # the package itself is a lazy facade the parser names
    "dealer_trainer.practice",
    "dealer_trainer.curriculum",
    "dealer_trainer.reports",
    "dealer_trainer.analysis",
    "dealer_trainer.layout",
    "dealer_trainer.card_art",
    "dealer_trainer.art",
    "dealer_trainer.engine.wager_analysis",
    "dealer_trainer.engine.grader",
    "dealer_trainer.games.targeting",
    "dealer_trainer.hands.construct",
    "dealer_trainer.hands.systems",  # the console's ``hand`` command reads every system
    "dealer_trainer.hands.nonflush_data",
)
"""Modules (and their submodules) settling never needs."""


def settled(scenario: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", SETTLE, str(scenario)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def one_scenario(game: str) -> Path:
    return sorted((GOLDEN / game).glob("*.toml"))[0]


@pytest.mark.parametrize("game", registry.GAME_IDS)
def test_settling_a_scenario_loads_its_game_alone(game: str) -> None:
    result = settled(one_scenario(game))
    assert result["code"] == 0 and int(str(result["steps"])) > 0
    modules = [str(m) for m in result["modules"]]  # type: ignore[attr-defined]
    games = {m.split(".")[2] for m in modules if m.startswith("dealer_trainer.games.")}
    assert games & set(registry.GAME_IDS) == {game}
    unwanted = [m for m in modules if any(m == n or m.startswith(f"{n}.") for n in NEVER)]
    assert unwanted == []
    deferred = ("analysis", "targets", "dealing", "table")
    assert {f"dealer_trainer.games.{game}.{part}" for part in deferred}.isdisjoint(modules)


def test_settling_fills_no_hand_ranking_table() -> None:
    """A round ranks a handful of hands: the tables (a few hundredths of a second to fill) are
    for the generator and the analyser."""
    result = settled(ROOT / "docs" / "examples" / "uth_trips_full_house.toml")
    assert result["flush_tables_filled"] is False
    assert result["seven_card_table_filled"] is False


@pytest.mark.parametrize("game", registry.GAME_IDS)
def test_every_part_a_definition_loads_later_is_there(game: str) -> None:
    """A misspelt ``later`` reference fails here, not at a trainee's first deal."""
    definition = registry.definition(game)
    deferred = {
        name: getattr(definition, name)
        for name in definition.__struct_fields__
        if isinstance(getattr(definition, name), Later)
    }
    assert {"analysis", "targets", "deal"} <= set(deferred)
    for name, reference in deferred.items():
        assert reference.module.startswith(f"dealer_trainer.games.{game}."), name
        value = reference.load()
        if name == "targets":
            assert isinstance(value, GameTargets)
        else:
            assert callable(value), name
