"""Where a station keeps its records: one setting picks the database.

By default every station has its own SQLite file in the platform's user data folder, so the
trainer works on a laptop with nothing to set up. A school that wants one set of records for
every station points them all at one PostgreSQL server with a single setting, an SQLAlchemy URL
such as ``postgresql+psycopg://trainer@records.school.lan/dealer_trainer``:

1. the environment variable ``DEALER_TRAINER_DATABASE``, when set and not empty, wins;
2. otherwise a ``database_url = "..."`` line in ``settings.toml`` in the user config folder;
3. otherwise ``records.sqlite3`` in the user data folder.

The environment wins because it is the per-process override: a test, a CI run or an examiner
trying a second database must not have to edit (and then remember to restore) the station's
file, while the file is what a school's installer writes once per station.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "dealer-trainer"
DATABASE_ENV = "DEALER_TRAINER_DATABASE"
SETTINGS_FILE = "settings.toml"
DATABASE_FILE = "records.sqlite3"


class SettingsError(ValueError):
    """The settings file exists but cannot be read as the setting it should hold."""


def data_dir() -> Path:
    return Path(user_data_dir(APP_NAME))


def config_dir() -> Path:
    return Path(user_config_dir(APP_NAME))


def default_database_path() -> Path:
    return data_dir() / DATABASE_FILE


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def settings_database_url(path: Path | None = None) -> str | None:
    """The ``database_url`` of the settings file, or None when there is no file or no line."""
    file = path if path is not None else config_dir() / SETTINGS_FILE
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{file}: not valid TOML: {error}") from None
    url = data.get("database_url")
    if url is None:
        return None
    if not isinstance(url, str) or not url.strip():
        raise SettingsError(f'{file}: database_url: a URL such as "postgresql+psycopg://..."')
    return url.strip()


def database_url(settings_file: Path | None = None) -> str:
    """The database this station uses (see the module docstring for the order)."""
    from_env = os.environ.get(DATABASE_ENV, "").strip()
    if from_env:
        return from_env
    from_file = settings_database_url(settings_file)
    if from_file:
        return from_file
    return sqlite_url(default_database_path())


# --- what the station remembers between runs (not a setting a school writes) ---------------

STATION_ENV = "DEALER_TRAINER_STATION_FILE"
STATION_FILE = "station.json"


def station_file() -> Path:
    """The small file in the user config folder where the app remembers who practised last
    (``DEALER_TRAINER_STATION_FILE`` points elsewhere: tests, a kiosk profile). It is kept
    apart from ``settings.toml``, which a school's installer writes and the app only reads."""
    override = os.environ.get(STATION_ENV, "").strip()
    return Path(override) if override else config_dir() / STATION_FILE


def _station(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def last_trainee(path: Path | None = None) -> str | None:
    """The uid of the trainee chosen last on this station, if any (a file that cannot be read
    is no memory at all: the trainee simply chooses again)."""
    uid = _station(path or station_file()).get("last_trainee")
    return uid if isinstance(uid, str) and uid else None


def remember_trainee(uid: str, path: Path | None = None) -> None:
    """Remember ``uid`` as the last trainee (written beside, then renamed over the file;
    readable by its owner only, as the records are)."""
    file = path or station_file()
    data = _station(file)
    data["last_trainee"] = uid
    file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    partial = file.with_name(f"{file.name}.{os.getpid()}.part")
    descriptor = os.open(partial, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(json.dumps(data, indent=1) + "\n")
    os.replace(partial, file)
