"""What ``dealer-trainer practice TABLE`` has loaded when its dealt table is first on screen.

The start-up figure (``benchmarks/startup.py``: launch to a playable table) is mostly imports,
and what a table does not need waits for the slot that opens it: the records (SQLAlchemy, the
signing keys, the curriculum that reads them) are opened after the table is shown, the other
games are loaded when one of their tables is chosen, the instructor area, the reports, the
course, the start screen, the picker and every dialog when they are opened. This guards that
without timing anything: a fresh interpreter runs the real command offscreen and lists
``sys.modules`` at the moment the table is painted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.games import registry
from dealer_trainer.resources import shipped_tables

TABLE = shipped_tables() / "uth_all_653b_options.toml"
GAME = "Ultimate Texas Hold 'Em"

AT_FIRST_PAINT = """
import sys
from PySide6.QtWidgets import QApplication

def first_paint(app):
    from dealer_trainer.gui.main_window import MainWindow

    (window,) = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
    trainer = window.trainer
    trainer.skip_dealing()
    window.repaint()
    modules = sorted(sys.modules)
    import json  # after the list is taken: the app itself has no use for it yet

    print(json.dumps({
        "modules": modules,
        "visible": window.isVisible() and trainer.isVisible(),
        "game": trainer.dealt.setup.game,
        "seed": trainer.dealt.setup.seed,
        "actions": trainer.action_panel.isEnabled(),
        "records": window.store is not None,
    }))
    return 0

QApplication.exec = first_paint
from dealer_trainer.cli import main
sys.exit(main(["practice", sys.argv[1], "--seed", "7"]))
"""

NOT_BEFORE_THE_TABLE = {
    "sqlalchemy": "the records' database layer (opened after the table is shown)",
    "alembic": "the records' migrations",
    "cryptography": "the signing keys",
    "reportlab": "PDF result documents",
    "PIL": "the art generator's image library",
    "numpy": "the batch evaluators",
    "dealer_trainer.store.store": "the records",
    "dealer_trainer.store.crypto": "the signing keys",
    "dealer_trainer.store.replay": "replaying stored rounds",
    "dealer_trainer.store.records": "the records' trainees and attempts",
    "dealer_trainer.curriculum.records": "the trainee's records as the course reads them",
    "dealer_trainer.curriculum.lessons": "the course's lesson files and their checks",
    "dealer_trainer.curriculum.scheduler": "adaptive practice",
    "dealer_trainer.curriculum.run": "playing a lesson",
    "dealer_trainer.curriculum.course": "the course overview",
    "dealer_trainer.curriculum.course_plan": "the course's order (the start screen, the picker)",
    "dealer_trainer.curriculum.schema": "the lesson schema",
    "dealer_trainer.forms": "the Closed Table form",
    "dealer_trainer.reports": "instructor reports",
    "dealer_trainer.analysis": "the analysis commands",
    "dealer_trainer.card_art": "the art generator",
    "dealer_trainer.gui.instructor": "the instructor area",
    "dealer_trainer.gui.lesson_browser": "the course overview",
    "dealer_trainer.gui.start_screen": "the start screen (built when first asked for)",
    "dealer_trainer.gui.practice_picker": "the table picker",
    "dealer_trainer.gui.hand_reader": "the hand reader",
    "dealer_trainer.gui.lesson_intro": "a lesson's introduction",
    "dealer_trainer.gui.progress_screen": "My progress",
    "dealer_trainer.gui.closed_table_screen": "the Closed Table form",
    "dealer_trainer.gui.key_help": "keyboard help",
    "dealer_trainer.gui.floorperson_dialog": "the floorperson's sign-off",
    "dealer_trainer.gui.set_hand_dialog": "setting a pai gow hand",
    "dealer_trainer.gui.house_way_viewer": "the house way",
    "dealer_trainer.gui.trainee_dialog": "who is practising (asked once the table is shown)",
    "dealer_trainer.gui.dialogs": "naming a hand (its dialog opens when asked for)",
    "dealer_trainer.hands.construct": "building hands to order (a targeted deal, not a random one)",
    "secrets": "a fresh seed (this table is dealt from the seed given)",
    "hashlib": "the fingerprint a recorded round keeps of its table",
    "json": "action logs and exported results (tables, paytables and layouts are TOML)",
}


@pytest.fixture(scope="module")
def first_paint(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    station = tmp_path_factory.mktemp("station")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "DEALER_TRAINER_DATABASE": f"sqlite:///{station / 'records.sqlite3'}",
        "DEALER_TRAINER_STATION_FILE": str(station / "station.json"),
        "DEALER_TRAINER_CACHE_DIR": str(station / "cache"),
    }
    done = subprocess.run(
        [sys.executable, "-c", AT_FIRST_PAINT, str(TABLE)],
        env=env,
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def loaded(first_paint: dict[str, object], name: str) -> bool:
    modules = first_paint["modules"]
    assert isinstance(modules, list)
    return any(module == name or module.startswith(name + ".") for module in modules)


def test_the_dealt_table_is_on_screen_before_the_records(first_paint: dict[str, object]) -> None:
    assert first_paint["visible"] is True
    assert first_paint["game"] == GAME
    assert first_paint["seed"] == 7
    assert first_paint["actions"] is True
    assert first_paint["records"] is False


@pytest.mark.parametrize("name", sorted(NOT_BEFORE_THE_TABLE))
def test_what_the_table_does_not_need_waits(first_paint: dict[str, object], name: str) -> None:
    assert not loaded(first_paint, name), f"{name} ({NOT_BEFORE_THE_TABLE[name]}) loaded"


def test_only_the_game_on_the_table_is_loaded(first_paint: dict[str, object]) -> None:
    table_game = registry.game_id(GAME)
    assert loaded(first_paint, f"dealer_trainer.games.{table_game}")
    others = [
        game
        for game in registry.GAME_IDS
        if game != table_game and loaded(first_paint, f"dealer_trainer.games.{game}")
    ]
    assert others == []
