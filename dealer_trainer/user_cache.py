"""The user's cache folder: where results derived from files (lesson checks, analyses) are
kept between runs, each keyed by the content it was derived from.

Only results that cannot change what the trainer acts on are kept there; the folder is the
user's to write, so data files themselves (tables, lessons, exams) are always parsed from their
own text (``rules.errors.read_toml``).
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "DEALER_TRAINER_CACHE_DIR"
"""A folder for the cache files instead of the user's cache folder (each test run sets its own)."""


def cache_folder() -> Path:
    folder = os.environ.get(CACHE_ENV, "").strip()
    if folder:
        return Path(folder)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dealer-trainer"))


__all__ = ["CACHE_ENV", "cache_folder"]
