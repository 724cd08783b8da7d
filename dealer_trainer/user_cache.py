"""The user's cache folder, and the data of TOML files remembered there by their text.

Python's TOML reader is written in Python: reading the 18 kB of Ultimate Texas Hold 'Em
paytables shipped with the package costs more than building the round's whole settlement
procedure (``dealer-trainer settle``, issue 15), and every start reads them again. What a TOML
file holds depends on its text alone, so the data read from a file is kept in the cache folder
beside a digest of the text it was read from, one small file for each file read, and is read
back while the text is unchanged. Only data read without a problem is kept, so a file with a
mistake is read (and refused) afresh each time, with the same message.

The cache is only a shortcut: a cache file that is missing, stale, unreadable or cannot be
written is ignored. It is read back by an unpickler that builds nothing but the types TOML has.
"""

from __future__ import annotations

import datetime
import hashlib
import io
import os
import pickle
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

CACHE_ENV = "DEALER_TRAINER_CACHE_DIR"
"""A folder for the cache files instead of the user's cache folder (each test run sets its own)."""

TOML_FOLDER = "toml"
FORMAT = 1

_TOML_CLASSES = {
    ("datetime", name): getattr(datetime, name)
    for name in ("date", "datetime", "time", "timedelta", "timezone")
}
"""Every class TOML data holds besides the built-in scalars, lists and tables."""


def cache_folder() -> Path:
    folder = os.environ.get(CACHE_ENV, "").strip()
    if folder:
        return Path(folder)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dealer-trainer"))


class _TomlData(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        try:
            return _TOML_CLASSES[module, name]
        except KeyError:
            raise pickle.UnpicklingError(f"{module}.{name} is not TOML data") from None


def _entry(file: str | Path) -> Path:
    name = hashlib.sha256(os.path.abspath(file).encode("utf-8", "surrogateescape")).hexdigest()
    return cache_folder() / TOML_FOLDER / f"{name}.pickle"


def remembered_toml(
    file: str | Path, text: str, read: Callable[[str], dict[str, Any]]
) -> dict[str, Any]:
    """``read(text)``, the TOML data of ``file``; when ``file`` was read with this same text
    before (by this Python: its reader may change), the data kept then. A problem ``read``
    raises is raised as it is, and nothing is kept."""
    digest = hashlib.sha256(f"{FORMAT}\0{sys.version}\0".encode() + text.encode()).digest()
    entry = _entry(file)
    try:
        stored = entry.read_bytes()
        if stored[: len(digest)] == digest:
            data = _TomlData(io.BytesIO(stored[len(digest) :])).load()
            if isinstance(data, dict):
                return data
    except Exception:  # a damaged cache file is only a shortcut missed
        pass
    data = read(text)
    partial = entry.with_suffix(f".{os.getpid()}.part")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(digest + pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(partial, entry)
    except OSError:
        with suppress(OSError):
            partial.unlink(missing_ok=True)
    return data


__all__ = ["CACHE_ENV", "cache_folder", "remembered_toml"]
