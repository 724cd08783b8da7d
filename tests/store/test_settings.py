"""Which database a station uses: the environment, then the settings file, then its own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_trainer.store import open_store
from dealer_trainer.store.settings import (
    DATABASE_ENV,
    SettingsError,
    database_url,
    default_database_path,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    return tmp_path


def test_default_is_a_sqlite_file_in_the_user_data_folder(home: Path) -> None:
    expected = home / "data" / "dealer-trainer" / "records.sqlite3"
    assert default_database_path() == expected
    assert database_url() == f"sqlite:///{expected}"


def test_open_store_creates_the_default_file_and_its_folder(home: Path) -> None:
    with open_store() as store:
        store.add_trainee("Ann Lee")
    assert default_database_path().is_file()


def test_the_settings_file_points_at_a_server(home: Path) -> None:
    settings = home / "config" / "dealer-trainer" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text('database_url = "postgresql+psycopg://trainer@records/dt"\n')
    assert database_url() == "postgresql+psycopg://trainer@records/dt"


def test_the_environment_wins_over_the_settings_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = home / "config" / "dealer-trainer" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text('database_url = "postgresql+psycopg://trainer@records/dt"\n')
    monkeypatch.setenv(DATABASE_ENV, "sqlite:////tmp/elsewhere.sqlite3")
    assert database_url() == "sqlite:////tmp/elsewhere.sqlite3"
    monkeypatch.setenv(DATABASE_ENV, "  ")
    assert database_url() == "postgresql+psycopg://trainer@records/dt"


@pytest.mark.parametrize("content", ["database_url = 5\n", "database_url = \n", 'x = "y'])
def test_a_broken_settings_file_is_reported(home: Path, content: str) -> None:
    settings = home / "config" / "dealer-trainer" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(content)
    with pytest.raises(SettingsError, match=r"settings\.toml"):
        database_url()
