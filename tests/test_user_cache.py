"""The data of a TOML file is remembered by the file's text: read again unchanged, it is the
same data without parsing; edited, it is read afresh; a file with a mistake is refused every
time with the same message; a damaged or foreign cache file is ignored."""

from __future__ import annotations

import datetime
import tomllib
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.rules.errors import DataFileError, read_toml
from dealer_trainer.user_cache import CACHE_ENV, TOML_FOLDER

TABLE = """\
game = "Ultimate Texas Hold 'Em"
name = "Main floor"
effective = 2026-01-05
opened = 2026-01-05T09:30:00-05:00
shifts = [07:30:00, 1979-05-27T07:32:00.5Z, 2026-02-01T08:00:00]
odd = [inf, -0.0, 12345678901234567890]

[ante]
minimum = "5"
maximum = "500"

[[rows]]
hand = "Royal flush"
odds = "50 to 1"
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / TOML_FOLDER


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts TOML was parsed from, from here on."""
    texts: list[str] = []
    real = tomllib.loads

    def spy(text: str, **kwargs: Any) -> dict[str, Any]:
        texts.append(text)
        return real(text, **kwargs)

    monkeypatch.setattr(tomllib, "loads", spy)
    return texts


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unchanged_file_is_not_parsed_again(
    tmp_path: Path, cache: Path, parsed: list[str]
) -> None:
    table = write(tmp_path / "table.toml", TABLE)
    first = read_toml(table)
    again = read_toml(table)
    assert again == first == tomllib.loads(TABLE)
    assert parsed == [TABLE, TABLE]  # the read, then this test's own
    assert again["effective"] == datetime.date(2026, 1, 5)
    assert again["opened"].utcoffset() == datetime.timedelta(hours=-5)
    shifts = [datetime.time, datetime.datetime, datetime.datetime]
    assert [type(t) for t in again["shifts"]] == shifts
    again["ante"]["minimum"] = "changed"
    assert read_toml(table)["ante"]["minimum"] == "5"
    assert len(list(cache.iterdir())) == 1


def test_an_edited_file_is_read_afresh(tmp_path: Path, cache: Path, parsed: list[str]) -> None:
    table = write(tmp_path / "table.toml", TABLE)
    read_toml(table)
    edited = TABLE.replace("Main floor", "High limit")
    write(table, edited)
    assert read_toml(table)["name"] == "High limit"
    assert parsed == [TABLE, edited]


def test_a_file_with_a_mistake_is_refused_each_time_and_not_kept(
    tmp_path: Path, cache: Path
) -> None:
    broken = write(tmp_path / "broken.toml", 'game = "UTH"\nname = \n')
    with pytest.raises(DataFileError) as first:
        read_toml(broken)
    with pytest.raises(DataFileError) as again:
        read_toml(broken)
    assert str(again.value) == str(first.value)
    assert "not valid TOML" in str(first.value)
    assert not cache.exists() or not list(cache.iterdir())


def test_a_damaged_cache_file_is_ignored_and_replaced(
    tmp_path: Path, cache: Path, parsed: list[str]
) -> None:
    table = write(tmp_path / "table.toml", TABLE)
    read_toml(table)
    (entry,) = cache.iterdir()
    stored = entry.read_bytes()
    entry.write_bytes(stored[:40])
    assert read_toml(table) == tomllib.loads(TABLE)
    assert entry.read_bytes() == stored
    assert parsed.count(TABLE) == 3


@pytest.mark.parametrize(
    "kept",
    [
        b'[["a table?"], []]',
        b'[{"name": null}, [[["name"], "system", "rm -rf"]]]',
        b'[{"name": "x"}, [[["name", "deeper"], "date", "2026-01-05"]]]',
        b"[" * 100_000,
    ],
)
def test_a_cache_file_holding_anything_but_the_data_is_ignored(
    tmp_path: Path, cache: Path, parsed: list[str], kept: bytes
) -> None:
    table = write(tmp_path / "table.toml", TABLE)
    read_toml(table)
    (entry,) = cache.iterdir()
    digest = entry.read_bytes().split(b"\n", 1)[0]
    entry.write_bytes(digest + b"\n" + kept)
    assert read_toml(table) == tomllib.loads(TABLE)
    assert parsed.count(TABLE) == 3


def test_a_cache_folder_that_cannot_be_written_only_costs_the_shortcut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = write(tmp_path / "not-a-folder", "")
    monkeypatch.setenv(CACHE_ENV, str(blocker))
    table = write(tmp_path / "table.toml", TABLE)
    assert read_toml(table) == read_toml(table) == tomllib.loads(TABLE)
