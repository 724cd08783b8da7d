"""Where the data shipped inside the package is: the course, the table layouts and the art.

All are package data (``pyproject.toml``'s ``package-data``), found through
``importlib.resources`` so an installed wheel reads them exactly as a source checkout does. A
lesson names its table and scenarios by paths relative to itself, so the course is handed out as
a folder on disk (``importlib.resources.as_file``), never as a bare ``Traversable``.

An installed copy is read-only: a change written into an environment's ``site-packages`` would
be lost at the next install and would no longer match the install's record, so whatever writes
data files asks ``installed`` first.
"""

from __future__ import annotations

import atexit
import site
import sysconfig
from contextlib import ExitStack
from functools import cache
from importlib import resources
from pathlib import Path

_PACKAGE = "dealer_trainer"

_extracted = ExitStack()
"""Folders ``as_file`` had to extract (a package imported from an archive), removed at exit."""
atexit.register(_extracted.close)


@cache
def _shipped(*parts: str) -> Path:
    folder = resources.files(_PACKAGE).joinpath(*parts)
    return _extracted.enter_context(resources.as_file(folder))


def shipped_lessons() -> Path:
    """The course: a folder of lesson files per game, ``lesson.schema.json``, and ``tables/``."""
    return _shipped("lessons")


def shipped_tables() -> Path:
    """The table configurations the course and the practice tables deal at."""
    return shipped_lessons() / "tables"


def shipped_layouts() -> Path:
    """One table layout per game (``docs/layout-format.md``)."""
    return _shipped("layout", "data")


def shipped_assets() -> Path:
    """The generated art (``art`` and ``card_art`` draw it): the icon, card faces and chips."""
    return _shipped("assets")


def _install_folders() -> list[Path]:
    """Every folder an environment installs packages into (its own and the user's)."""
    names = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    names.update(site.getsitepackages())
    names.add(site.getusersitepackages())
    return [Path(name).resolve() for name in names]


def installed(path: Path) -> bool:
    """Whether ``path`` lies in an installed package (not a source checkout or an editable
    install), where the trainer must not write."""
    where = path.resolve()
    return any(where.is_relative_to(folder) for folder in _install_folders())
