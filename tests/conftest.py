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
