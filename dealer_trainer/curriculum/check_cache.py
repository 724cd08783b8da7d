"""Lesson checks remembered by the content of the files they read.

Checking a lesson deals its rounds and settles its scenarios (about 20 ms a lesson), and the
course, the resume offer and the instructor's dashboard each list every lesson. A verdict
depends only on the files the check reads (the lesson, its table, its scenarios and their
tables), on the trainer's own code and data, and on the working folder (problems name files
relative to it), so it is remembered under a fingerprint of exactly those: an edited file, a
file that appears or disappears, or another version of the trainer is checked again.

Checked lessons are kept for the process. The problems found are also kept in a small JSON
file in the user's cache folder (a lesson without problems is rebuilt from its files without
dealing anything), so the next start does not check unchanged lessons either. The file is only
a shortcut: one that cannot be read or written is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from dealer_trainer.rules.errors import Problem
from dealer_trainer.user_cache import CACHE_ENV as CACHE_ENV
from dealer_trainer.user_cache import cache_folder

if TYPE_CHECKING:
    from dealer_trainer.curriculum.lessons import LessonEntry

CACHE_FILE = "lesson-checks.json"
FORMAT = 1
PACKAGE = Path(__file__).resolve().parent.parent


@cache
def code_fingerprint(course: Path) -> str:
    """The trainer's code and data as installed: an edited module or paytable (in a checkout)
    or another release changes it. Sizes and modification times stand for contents, as reading
    every module at each start would cost more than the checks it saves. The ``course`` folder
    is left out when it lies inside the package: each lesson is fingerprinted by its own
    files, so editing one lesson does not invalidate the rest."""
    from dealer_trainer import __version__

    digest = hashlib.sha256(f"{__version__}\n{sys.version}\n".encode())
    skip = course.resolve()
    for folder, folders, files in os.walk(PACKAGE):
        folders[:] = sorted(
            name for name in folders if name != "__pycache__" and Path(folder, name) != skip
        )
        for name in sorted(files):
            if name.endswith((".pyc", ".part")):
                continue
            file = os.path.join(folder, name)
            stat = os.stat(file)
            relative = os.path.relpath(file, PACKAGE)
            digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


class Verdict(Struct, frozen=True):
    """What the cache file keeps of a check: the files it read, the problems it found, and the
    names the course lists a broken lesson under."""

    files: tuple[Path, ...]
    problems: tuple[Problem, ...]
    id: str = ""
    title: str = ""
    game: str = ""
    level: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [str(file) for file in self.files],
            "problems": [[p.field, p.expected, p.got] for p in self.problems],
            "id": self.id,
            "title": self.title,
            "game": self.game,
            "level": self.level,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            tuple(Path(str(name)) for name in data["files"]),
            tuple(
                Problem(str(f), str(e), None if g is None else str(g))
                for f, e, g in data["problems"]
            ),
            str(data["id"]),
            str(data["title"]),
            str(data["game"]),
            int(data["level"]),
        )


class _Checked(Struct, frozen=True):
    files: tuple[Path, ...]
    fingerprint: str
    entry: LessonEntry


class CheckCache:
    """Checked lessons by file, each valid while the fingerprint of the files it read holds.
    A pass over a course opens one ``CheckSession``."""

    def __init__(self, course: Path) -> None:
        self.course = course
        self.checked: dict[Path, _Checked] = {}

    def session(self, *, disk: bool = True) -> CheckSession:
        return CheckSession(self, cache_folder() / CACHE_FILE if disk else None)


class CheckSession:
    """One pass over a course: the cache file read once and written back once (if a lesson was
    checked), and each file digested once (many lessons share a table)."""

    def __init__(self, cache: CheckCache, file: Path | None) -> None:
        self.cache = cache
        self.file = file
        self.context = f"{Path.cwd()}\0{code_fingerprint(cache.course)}"
        self.digests: dict[Path, str] = {}
        self.stored = self._read()
        self.changed = False

    def _read(self) -> dict[str, Any]:
        if self.file is None:
            return {}
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        lessons = data.get("lessons")
        return lessons if isinstance(lessons, dict) else {}

    def digest(self, path: Path) -> str:
        """The SHA-256 of the file's content as this pass first read it ("missing" if none)."""
        digest = self.digests.get(path)
        if digest is None:
            try:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                digest = "missing"
            self.digests[path] = digest
        return digest

    def fingerprint(self, files: Sequence[Path]) -> str:
        digest = hashlib.sha256(self.context.encode())
        for file in files:
            digest.update(f"\0{file}\0{self.digest(file)}".encode())
        return digest.hexdigest()

    def entry(self, path: Path) -> LessonEntry | None:
        """The lesson as checked earlier in this process, if none of its files changed."""
        checked = self.cache.checked.get(path)
        if checked is not None and self.fingerprint(checked.files) == checked.fingerprint:
            return checked.entry
        return None

    def verdict(self, path: Path) -> Verdict | None:
        """The verdict the cache file holds for ``path``, if none of its files changed."""
        stored = self.stored.get(str(path))
        if not isinstance(stored, dict):
            return None
        try:
            verdict = Verdict.from_json(stored)
        except (TypeError, KeyError, ValueError):
            return None
        return verdict if self.fingerprint(verdict.files) == stored.get("fingerprint") else None

    def remember(self, path: Path, entry: LessonEntry, verdict: Verdict) -> None:
        fingerprint = self.fingerprint(verdict.files)
        self.cache.checked[path] = _Checked(verdict.files, fingerprint, entry)
        stored = {**verdict.to_json(), "fingerprint": fingerprint}
        if self.file is not None and self.stored.get(str(path)) != stored:
            self.stored[str(path)] = stored
            self.changed = True

    def save(self) -> None:
        if self.file is None or not self.changed:
            return
        self.stored = {name: kept for name, kept in self.stored.items() if Path(name).exists()}
        partial = self.file.with_suffix(f".{os.getpid()}.part")
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            partial.write_text(json.dumps({"format": FORMAT, "lessons": self.stored}), "utf-8")
            os.replace(partial, self.file)
        except OSError:
            partial.unlink(missing_ok=True)
        self.changed = False
