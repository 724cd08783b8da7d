"""The README sends readers only to files a clone contains, says how to run without a display
and names a quick test command that selects a real, fast subset."""

from __future__ import annotations

import re
from pathlib import Path

from quick_subset import QUICK_FOLDERS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
USER_FILES = {"lesson-checks.json", "settings.toml", "station.json", "records.sqlite3"}
"""Files the app writes in the user's folders, not in the repository."""


def test_every_file_the_readme_names_is_in_the_repository() -> None:
    named = set(re.findall(r"`([\w./-]+\.(?:md|toml|py|json|txt))`", README))
    named |= set(re.findall(r"`([\w./-]+/)`", README))
    missing = [
        name
        for name in sorted(named)
        if name not in USER_FILES and "*" not in name and not (ROOT / name).exists()
    ]
    assert missing == []
    assert "../" not in README.replace("../tables/", ""), "nothing outside the clone"
    assert "`docs/regulations.md`" in README and (ROOT / "docs" / "regulations.md").is_file()


def test_the_readme_says_how_to_run_without_a_display() -> None:
    assert "## Running without a display" in README
    for words in (
        "QT_QPA_PLATFORM=offscreen",
        "libxcb-cursor0",
        'Could not load the Qt platform plugin "xcb"',
        "QT_DEBUG_PLUGINS=1",
    ):
        assert words in README, words


def test_the_quick_command_selects_existing_fast_folders() -> None:
    assert ".venv/bin/pytest -m quick" in README
    assert all((ROOT / "tests" / folder).is_dir() for folder in QUICK_FOLDERS)
    assert not QUICK_FOLDERS & {"gui", "golden", "store", "curriculum", "practice"}
