"""The user's cache folder, and the data of TOML files remembered there by their text.

Python's TOML reader is written in Python: reading the 18 kB of Ultimate Texas Hold 'Em
paytables shipped with the package costs more than building the round's whole settlement
procedure (``dealer-trainer settle``, issue 15), and every start reads them again. What a TOML
file holds depends on its text alone, so the data read from a file is kept in the cache folder
beside a digest of the text it was read from, one small file for each file read, and is read
back while the text is unchanged. Only data read without a problem is kept, so a file with a
mistake is read (and refused) afresh each time, with the same message.

The data is kept as JSON (Python's JSON reader is compiled, and builds nothing but plain
values), with TOML's dates and times listed apart by where they stand. The cache is only a
shortcut: a cache file that is missing, stale, damaged or cannot be written is ignored.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

CACHE_ENV = "DEALER_TRAINER_CACHE_DIR"
"""A folder for the cache files instead of the user's cache folder (each test run sets its own)."""

TOML_FOLDER = "toml"
FORMAT = 1

_TIMES: dict[str, Any] = {
    "date": datetime.date,
    "datetime": datetime.datetime,
    "time": datetime.time,
}
"""TOML's values that JSON has no type for, by name; each is kept as its ISO text."""

Place = tuple[str | int, ...]


def cache_folder() -> Path:
    folder = os.environ.get(CACHE_ENV, "").strip()
    if folder:
        return Path(folder)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dealer-trainer"))


def _plain(value: Any, place: Place, times: list[tuple[Place, str, str]]) -> Any:
    """``value`` with every date and time left empty, and listed in ``times``."""
    if isinstance(value, dict):
        return {key: _plain(item, (*place, key), times) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item, (*place, index), times) for index, item in enumerate(value)]
    if isinstance(value, datetime.date | datetime.time):
        times.append((place, type(value).__name__, value.isoformat()))
        return None
    return value


def _dumped(data: dict[str, Any]) -> bytes:
    times: list[tuple[Place, str, str]] = []
    plain = _plain(data, (), times)
    return json.dumps([plain, times], ensure_ascii=False, separators=(",", ":")).encode()


def _loaded(stored: bytes) -> dict[str, Any] | None:
    """The data a cache file holds; ``None`` when it holds anything else."""
    try:
        plain, times = json.loads(stored)
        for place, kind, text in times:
            *path, last = place
            parent = plain
            for key in path:
                parent = parent[key]
            parent[last] = _TIMES[kind].fromisoformat(text)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None
    return plain if isinstance(plain, dict) else None


def _entry(file: str | Path) -> Path:
    name = hashlib.sha256(os.path.abspath(file).encode("utf-8", "surrogateescape")).hexdigest()
    return cache_folder() / TOML_FOLDER / f"{name}.json"


def remembered_toml(
    file: str | Path, text: str, read: Callable[[str], dict[str, Any]]
) -> dict[str, Any]:
    """``read(text)``, the TOML data of ``file``; when ``file`` was read with this same text
    before (by this Python: its reader may change), the data kept then. A problem ``read``
    raises is raised as it is, and nothing is kept."""
    digest = hashlib.sha256(f"{FORMAT}\0{sys.version}\0{text}".encode()).hexdigest().encode()
    entry = _entry(file)
    try:
        stored = entry.read_bytes()
    except OSError:
        stored = b""
    if stored[: len(digest) + 1] == digest + b"\n":
        data = _loaded(stored[len(digest) + 1 :])
        if data is not None:
            return data
    data = read(text)
    partial = entry.with_suffix(f".{os.getpid()}.part")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(digest + b"\n" + _dumped(data))
        os.replace(partial, entry)
    except OSError:
        with suppress(OSError):
            partial.unlink(missing_ok=True)
    return data


__all__ = ["CACHE_ENV", "cache_folder", "remembered_toml"]
