"""Shared test set-up: Qt runs offscreen, screenshots go to tests/screenshots/, and nothing is
kept in the user's folders (records, station file, lesson-check cache)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from dealer_trainer.store import Store

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Set before any test module loads lessons: this run's lesson checks are remembered in a folder
# of its own (one per process, so per xdist worker), never in the user's cache folder.
_CACHE = tempfile.mkdtemp(prefix="dealer-trainer-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
os.environ["DEALER_TRAINER_CACHE_DIR"] = _CACHE

SCREENSHOTS = Path(__file__).parent / "screenshots"

QUICK_FOLDERS = frozenset({"cards", "hands", "engine", "rules", "layout", "forms"})
"""The layers under the games, whose tests need no window, no database and no dealing of whole
rounds: ``pytest -m quick`` runs them (the slow exhaustive ones aside) in well under a minute."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """``-m quick`` does not even import the other tests: collecting the whole suite costs more
    than running the quick part."""
    if config.getoption("markexpr", "") != "quick":
        return None
    tests = Path(__file__).parent
    try:
        parts = collection_path.relative_to(tests).parts
    except ValueError:
        return None
    if len(parts) == 1 and collection_path.is_dir():
        return parts[0] not in QUICK_FOLDERS
    if len(parts) == 1 and collection_path.name.startswith("test_"):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        try:
            folder = item.path.relative_to(tests).parts[0]
        except ValueError:
            continue
        if folder in QUICK_FOLDERS and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.quick)


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(autouse=True)
def records_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test keeps its records in a SQLite file of its own, and what the station remembers
    (the last trainee) beside it: never in the user's data or config folder."""
    url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
    monkeypatch.setenv("DEALER_TRAINER_DATABASE", url)
    monkeypatch.setenv("DEALER_TRAINER_STATION_FILE", str(tmp_path / "station.json"))
    return url


@pytest.fixture
def store(records_database: str) -> Iterator[Store]:
    """The test's own records, opened (and closed afterwards)."""
    from dealer_trainer.store import open_store

    opened = open_store(records_database)
    try:
        yield opened
    finally:
        opened.close()
