"""Shared test set-up: Qt runs offscreen, screenshots go to tests/screenshots/, and nothing is
kept in the user's folders (records, station file, lesson-check cache)."""

from __future__ import annotations

import atexit
import os
import secrets
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

TEST_SCRYPT_N = 2**14
"""scrypt's cost for the credentials tests make: the least a stored credential may state
(``KdfParams.of_json``), an eighth of the production cost's time. The cost is stored with each
credential, so one made this way opens, changes and fails exactly as a production one does;
tests marked ``production_scrypt`` make theirs at the production cost (N = 2^17)."""


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
    from dealer_trainer.store.crypto import KdfParams

    def fresh(cls: type[KdfParams]) -> KdfParams:
        return cls(secrets.token_bytes(16), n=TEST_SCRYPT_N)

    monkeypatch.setattr(KdfParams, "fresh", classmethod(fresh))


@pytest.fixture
def store(records_database: str) -> Iterator[Store]:
    """The test's own records, opened (and closed afterwards)."""
    from dealer_trainer.store import open_store

    opened = open_store(records_database)
    try:
        yield opened
    finally:
        opened.close()
