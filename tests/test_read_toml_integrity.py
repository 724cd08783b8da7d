"""What a data file says is read from the file itself: nothing kept in the user's (writable)
cache folder can change it. A trainee can edit that folder; an exam's file is checked against
the SHA-256 its assignment signed, so the data the trainer acts on must be that file's."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_trainer.rules.errors import read_toml
from dealer_trainer.user_cache import CACHE_ENV


def test_a_file_reads_as_its_text_says_whatever_the_cache_folder_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(cache))
    table = tmp_path / "table.toml"
    table.write_text('name = "Main floor"\n[ante]\nmaximum = "500"\n', encoding="utf-8")
    assert read_toml(table) == {"name": "Main floor", "ante": {"maximum": "500"}}
    for kept in cache.rglob("*") if cache.exists() else ():
        if kept.is_file():
            kept.write_bytes(kept.read_bytes().replace(b'"500"', b'"50000"'))
    assert read_toml(table) == {"name": "Main floor", "ante": {"maximum": "500"}}
