"""Shared test set-up: Qt runs offscreen, screenshots go to tests/screenshots/, and nothing is
kept in the user's folders (records, station file, lesson-check cache)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings
from quick_subset import QUICK_FOLDERS
from scrypt_support import cheap_credentials

# No property test fails for being slow: on a loaded 2-core machine one example of the pai gow
# joker property took 376 ms against Hypothesis's 200 ms default, and 0.5 ms on the retry.
# Speed is measured by the benchmarks, never asserted in a test.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

if TYPE_CHECKING:
    from dealer_trainer.store import Store

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Set before any test module loads lessons: this run's lesson checks are remembered in a folder
# of its own (one per process, so per xdist worker), never in the user's cache folder.
_CACHE = tempfile.mkdtemp(prefix="dealer-trainer-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
os.environ["DEALER_TRAINER_CACHE_DIR"] = _CACHE

SCREENSHOTS = Path(__file__).parent / "screenshots"


def pytest_configure(config: pytest.Config) -> None:
    """The tests' SQLite records skip the flush to disk at each commit: a test's file never has
    to outlive a power cut, and waiting on the disk was a third of the storage tests' time
    (``-m quick`` opens no records, and so does not import SQLAlchemy for this)."""
    if config.getoption("markexpr", "") == "quick":
        return
    import sqlite3

    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def no_flush(dbapi_connection: Any, _record: Any) -> None:
        if isinstance(dbapi_connection, sqlite3.Connection):
            dbapi_connection.execute("PRAGMA synchronous = OFF")

    event.listen(Engine, "connect", no_flush)


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
    """Mark the quick subset, and put the long files first (``LONG_FIRST``). Every process
    sorts its own collection the same way: xdist hands a worker the positions of tests in
    the worker's collection, so reordering only the scheduler's copy would run other tests
    than it scheduled, splitting files and building their module fixtures more than once."""
    order = {nodeid: i for i, nodeid in enumerate(_long_first([i.nodeid for i in items]))}
    items.sort(key=lambda item: order[item.nodeid])
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


@pytest.fixture(autouse=True)
def cheap_scrypt(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("production_scrypt") is not None:
        return
    cheap_credentials(monkeypatch)


@pytest.fixture
def store(records_database: str) -> Iterator[Store]:
    """The test's own records, opened (and closed afterwards)."""
    from dealer_trainer.store import open_store

    opened = open_store(records_database)
    try:
        yield opened
    finally:
        opened.close()


# --- sharing the work between the xdist workers ---------------------------------------------------

LONG_FIRST = (
    "tests/analysis/test_counting.py",
    "tests/analysis/test_figures.py",
    "tests/hands/test_pai_gow_exhaustive.py",
    "tests/test_trainee_text.py",
    "tests/games/pai_gow/test_house_way.py",
    "tests/test_card_art.py",
    "tests/test_install.py",
)
"""The files whose tests take longest, handed out before all others, so that no worker is left
running one of them alone at the end of the run."""

ONE_BY_ONE = frozenset(
    {
        "tests/analysis/test_counting.py",
        "tests/analysis/test_figures.py",
        "tests/hands/test_pai_gow_exhaustive.py",
        "tests/test_trainee_text.py",
    }
)
"""Files of long independent checks sharing no costly module fixture: their tests are handed
out one by one, so both workers share them. Every other file goes to one worker whole, so its
module fixtures are built once."""


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` in the collection's order (long files first, see
    ``pytest_collection_modifyitems``), with the files of ``ONE_BY_ONE`` split."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongFirst(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _scope(nodeid)

    config.option.loadscopereorder = False  # the collection's order is _long_first's
    return LongFirst(config, log)


def _scope(nodeid: str) -> str:
    """What one worker runs together: a whole file, or one test of ``ONE_BY_ONE``."""
    file = nodeid.split("::", 1)[0]
    return nodeid if file in ONE_BY_ONE else file


def _long_first(nodeids: list[str]) -> list[str]:
    """The long files' tests first, in ``LONG_FIRST`` order; then the other files, those
    with the most tests first (xdist's own order for ``loadfile``)."""
    sizes: dict[str, int] = {}
    for nodeid in nodeids:
        sizes[_scope(nodeid)] = sizes.get(_scope(nodeid), 0) + 1

    def rank(nodeid: str) -> tuple[int, int]:
        file = nodeid.split("::", 1)[0]
        if file in LONG_FIRST:
            return LONG_FIRST.index(file), 0
        return len(LONG_FIRST), -sizes[_scope(nodeid)]

    return sorted(nodeids, key=rank)
