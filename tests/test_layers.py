"""The layering DESIGN.md promises: only the GUI imports Qt; NumPy, Pillow and the art
generators never load at GUI start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dealer_trainer"


def test_no_module_below_the_gui_mentions_qt() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "gui" not in path.relative_to(PACKAGE).parts
        and ("PySide6" in path.read_text() or "PyQt" in path.read_text())
    ]
    assert offenders == []


def loaded_after(statement: str) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[0] for name in out.split()}


def test_the_core_runs_without_qt() -> None:
    modules = loaded_after(
        "import dealer_trainer.cli, dealer_trainer.hands.five_card, dealer_trainer.hands.systems"
    )
    assert "PySide6" not in modules
    assert "numpy" not in modules


def test_gui_start_does_not_load_numpy() -> None:
    assert "numpy" not in loaded_after("import dealer_trainer.gui.main_window")


def test_gui_start_does_not_load_the_art_generators_or_pillow() -> None:
    code = "import sys, dealer_trainer.gui.main_window; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "dealer_trainer.assets_index" in out
    assert {"dealer_trainer.card_art", "dealer_trainer.art", "PIL"} & set(out) == set()


def test_settle_loads_only_the_game_and_its_rules() -> None:
    """``dealer-trainer settle`` is a start-up figure of its own: it needs no records, no Qt,
    no array or image library."""
    example = PACKAGE.parent / "docs" / "examples" / "uth_trips_full_house.toml"
    modules = loaded_after(
        "import io; from dealer_trainer.cli import main; sys.stdout = io.StringIO(); "
        f"assert main(['settle', {str(example)!r}]) == 0; sys.stdout = sys.__stdout__"
    )
    assert modules.isdisjoint({"PySide6", "sqlalchemy", "alembic", "numpy", "PIL"})


def test_opening_current_records_does_not_load_alembic(tmp_path: Path) -> None:
    """Alembic is loaded only to migrate: a schema at the shipped head is recognised from its
    version row. The first open (a new file) migrates; the second must not."""
    url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
    opening = f"from dealer_trainer.store import open_store; open_store({url!r}).close()"
    assert "alembic" in loaded_after(opening)
    assert "alembic" not in loaded_after(opening)
