"""Shared test set-up: Qt runs offscreen and screenshots go to tests/screenshots/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(autouse=True)
def practice_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its practice log in its own folder, never in the user's data folder."""
    path = tmp_path / "practice_log.json"
    monkeypatch.setenv("DEALER_TRAINER_PRACTICE_LOG", str(path))
    return path
