"""The course's exams and the settings an instructor changes from the instructor area.

An exam's settings (the time limit per round, the pass mark, the attempts allowed and whether
an exam cut short may be resumed) live in its lesson file like every other field. This module
lists them (``list_exams``) and writes a change back (``save_exam_settings``) without touching
anything else in the file: the edit goes through ``tomlkit``, which keeps the author's
comments, spacing and key order, and only the fields whose value changes are rewritten.

A change is written safely: the values are checked first; the file must still be the one that
was listed (same SHA-256: nobody edited it on disk since) and writable, which a course installed
with the package never is (``resources.installed``); the new text goes to a temporary file
beside it (so relative table and scenario paths resolve as they will), which must pass
``check_lesson`` with every problem reported at its field path; only then does it replace the
original, atomically (``os.replace``). When anything fails, nothing is written.

A change applies to new attempts only, except the number of attempts, which is counted each
time an exam is started: every recorded attempt keeps the pass mark, number of rounds, time
limit and resume policy it was taken under (recorded and signed with the result, see
``store.records`` and ``run.exam_result``).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import tomlkit
from msgspec import Struct
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import Item

from dealer_trainer.curriculum.lessons import (
    LESSONS,
    LessonEntry,
    check_lesson,
    course_order,
    load_lessons,
    shown,
)
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.resources import installed
from dealer_trainer.rules.errors import DataFileError, Problem, parse_toml

SETTINGS = ("time_limit_seconds", "pass_mark", "attempts", "may_resume")
"""The fields the instructor area edits, in the order lesson files write them."""

FIELD_ORDER = ("mode", "skills", *SETTINGS)
"""Where a setting the file does not have yet is written: after the last of the fields before
it in this order that the file has (docs/lesson-format.md lists them so)."""

INSTALLED = (
    "a file the trainer may write: it ships inside the installed trainer, which is read-only "
    "(change the course in a source checkout, then install that)"
)
"""Why a course inside an installed package is not edited in place: the next install would put
the old file back, and the install's record of its files would no longer match."""

MAX_TIME_LIMIT = 24 * 60 * 60.0
"""A day a round: anything longer is a typing mistake, not a time limit."""


class ExamSettingsError(DataFileError):
    """A change that was not written: each problem names the file, the field and the value."""


class ExamSettings(Struct, frozen=True):
    """What the instructor may change. ``attempts`` None: as many attempts as a trainee
    likes; ``may_resume`` False (the default): an exam cut short can only be abandoned."""

    time_limit_seconds: float | None
    pass_mark: float | None
    attempts: int | None = None
    may_resume: bool = False


class Exam(Struct, frozen=True):
    """An exam of the course as its file says now, with the digest of the text it was read
    from (a save refuses a file edited since) and, for a broken file, its problems."""

    path: Path
    id: str
    title: str
    game: str
    level: int
    rounds: int | None
    """Rounds and forms the exam deals (from the lesson; None when the file is broken)."""
    settings: ExamSettings
    digest: str
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def shown_path(self) -> str:
        return shown(self.path)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- reading ----------------------------------------------------------------------------------


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _settings(data: dict[str, Any]) -> ExamSettings:
    """The settings as written, a value of the wrong type read as absent (the problems say
    what is wrong with it)."""
    attempts = data.get("attempts")
    resume = data.get("may_resume")
    return ExamSettings(
        time_limit_seconds=_number(data.get("time_limit_seconds")),
        pass_mark=_number(data.get("pass_mark")),
        attempts=attempts if isinstance(attempts, int) and not isinstance(attempts, bool) else None,
        may_resume=resume is True,
    )


def _is_exam(entry: LessonEntry, data: dict[str, Any]) -> bool:
    if entry.lesson is not None:
        return entry.lesson.mode is LessonMode.EXAM
    mode = data.get("mode")
    try:
        return isinstance(mode, str) and LessonMode.from_text(mode) is LessonMode.EXAM
    except ValueError:
        return False


def _exam(entry: LessonEntry, data: bytes) -> Exam | None:
    """The exam ``entry`` is, with its settings read from ``data`` (the bytes digested), or
    None when it is not an exam (or cannot be read at all)."""
    try:
        raw = parse_toml(data.decode("utf-8"), entry.path)
    except (UnicodeDecodeError, DataFileError):
        return None
    if not _is_exam(entry, raw):
        return None
    return Exam(
        path=entry.path,
        id=entry.id,
        title=entry.title,
        game=entry.game,
        level=entry.level,
        rounds=entry.lesson.round_count if entry.lesson is not None else None,
        settings=_settings(raw),
        digest=digest(data),
        problems=tuple(entry.lines()),
    )


def list_exams(folder: Path = LESSONS) -> list[Exam]:
    """Every exam of the course under ``folder``, in course order (game, level, title); a
    broken exam file is listed with its problems, so its settings can still be put right."""
    exams = []
    for entry in course_order(load_lessons(folder)):
        try:
            data = entry.path.read_bytes()
        except OSError:
            continue  # removed since it was checked: it is no longer in the course
        exam = _exam(entry, data)
        if exam is not None:
            exams.append(exam)
    return exams


def read_exam(path: Path) -> Exam:
    """One exam file, as it is on disk now."""
    where = shown(path)
    data = _read(path, where)
    exam = _exam(check_lesson(path), data)
    if exam is None:
        raise ExamSettingsError(where, [Problem("mode", "an exam", "a file that is not one")])
    return exam


# --- checking a change ------------------------------------------------------------------------


def settings_problems(settings: ExamSettings) -> list[Problem]:
    """What is wrong with the values themselves, before any file is touched."""
    problems: list[Problem] = []
    # Read as objects: a caller outside the type checker may pass anything.
    limit: object = settings.time_limit_seconds
    seconds = _number(limit)
    if limit is None:
        problems.append(Problem("time_limit_seconds", "required in exam mode (seconds a round)"))
    elif seconds is None or not math.isfinite(seconds) or seconds <= 0:
        problems.append(
            Problem(
                "time_limit_seconds", "a time limit of more than 0 seconds a round", repr(limit)
            )
        )
    elif seconds > MAX_TIME_LIMIT:
        problems.append(
            Problem("time_limit_seconds", "at most a day (86400 seconds) a round", repr(limit))
        )
    mark: object = settings.pass_mark
    percent = _number(mark)
    if mark is None:
        problems.append(Problem("pass_mark", "required in exam mode (the percent that passes)"))
    elif percent is None or not 0 <= percent <= 100:  # NaN fails both comparisons
        problems.append(Problem("pass_mark", "a pass mark from 0 to 100 percent", repr(mark)))
    attempts: object = settings.attempts
    if attempts is not None and (
        isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 1
    ):
        problems.append(
            Problem(
                "attempts",
                "a whole number of attempts from 1 (or none: unlimited)",
                repr(attempts),
            )
        )
    resume: object = settings.may_resume
    if not isinstance(resume, bool):
        problems.append(Problem("may_resume", "true or false", repr(resume)))
    return problems


def _read(path: Path, where: str) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ExamSettingsError(
            where, [Problem("", "a file that exists: it was moved or deleted since it was read")]
        ) from None
    except OSError as error:
        raise ExamSettingsError(
            where, [Problem("", f"a file the trainer can read ({error.strerror})")]
        ) from None


def _read_only(path: Path) -> bool:
    """Whether the file may not be written: no permission, or marked read-only (which an
    administrator's account would otherwise write through)."""
    mode = path.stat().st_mode
    writable = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    return not os.access(path, os.W_OK) or not mode & writable


def _changed_on_disk(where: str) -> ExamSettingsError:
    return ExamSettingsError(
        where,
        [
            Problem(
                "",
                "the file as it was read: it was changed on disk since (Revert reads it "
                "again; then make the change again)",
            )
        ],
    )


# --- writing ----------------------------------------------------------------------------------


def _toml_number(value: float) -> int | float:
    """``90``, not ``90.0``, for a whole number: the way authors write marks and seconds."""
    return int(value) if float(value).is_integer() else float(value)


def _wanted(settings: ExamSettings) -> dict[str, Any]:
    """Each setting's value in the file; None: the key is left out."""
    assert settings.time_limit_seconds is not None and settings.pass_mark is not None
    return {
        "time_limit_seconds": _toml_number(settings.time_limit_seconds),
        "pass_mark": _toml_number(settings.pass_mark),
        "attempts": settings.attempts,
        "may_resume": settings.may_resume,
    }


def _same(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return old is new
    return isinstance(old, int | float) and isinstance(new, int | float) and old == new


def edited_text(text: str, settings: ExamSettings) -> str:
    """``text`` with the settings changed and nothing else: a value that stays the same is not
    rewritten (``180`` stays ``180``, not ``180.0``), a changed one keeps its line's comment,
    a new key goes on its own line after the setting before it, and unlimited attempts
    remove the key (a default ``may_resume = false`` is left out unless the file wrote it)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    document = tomlkit.parse(text)
    current = document.unwrap()
    for key, value in _wanted(settings).items():
        old = current.get(key)
        if key in current and value is not None and _same(old, value):
            continue
        if value is None or (key == "may_resume" and value is False and key not in current):
            if key in current:
                del document[key]
            continue
        if key in current:
            document[key] = value
            continue
        item = tomlkit.item(value)
        item.trivia.trail = newline
        present = [k for k in FIELD_ORDER[: FIELD_ORDER.index(key)] if k in document]
        if not present:
            document[key] = item
            continue
        anchor = document.item(present[-1])
        if isinstance(anchor, Item) and newline not in anchor.trivia.trail:
            anchor.trivia.trail += newline  # the last line of a file without a final newline
        document._insert_after(present[-1], key, item)
        current[key] = value
    return document.as_string()


def _write_checked(path: Path, where: str, text: str) -> Path:
    """``text`` in a temporary file beside ``path`` (not named ``*.toml``, so the course never
    lists it), checked as a lesson; returns it, or raises with every problem after removing
    it."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise ExamSettingsError(
            where,
            [Problem("", f"a folder the trainer may write the new file in ({error.strerror})")],
        ) from None
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        entry = check_lesson(temporary)
        if entry.problems:
            raise ExamSettingsError(where, entry.problems)
        if entry.lesson is None or entry.lesson.mode is not LessonMode.EXAM:
            raise ExamSettingsError(where, [Problem("mode", "an exam", "a file that is not one")])
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    return temporary


def save_exam_settings(exam: Exam, settings: ExamSettings) -> Exam:
    """Write ``settings`` into the exam's file and return the exam as the file now says.

    Raises ``ExamSettingsError`` (a ``ValueError``) naming the file, the field and the value,
    and writes nothing, when a value is out of range, the file changed on disk since ``exam``
    was read, the file or its folder is read-only (an installed course always is), or the
    edited file fails ``check_lesson``
    (every problem at its field path)."""
    path = exam.path
    where = shown(path)
    problems = settings_problems(settings)
    if problems:
        raise ExamSettingsError(where, problems)
    data = _read(path, where)
    if digest(data) != exam.digest:
        raise _changed_on_disk(where)
    if installed(path):
        raise ExamSettingsError(where, [Problem("", INSTALLED)])
    if _read_only(path):
        raise ExamSettingsError(
            where,
            [Problem("", "a file the trainer may write: it is read-only (see its permissions)")],
        )
    try:
        text = edited_text(data.decode("utf-8"), settings)
    except (UnicodeDecodeError, TOMLKitError) as error:
        raise ExamSettingsError(where, [Problem("", f"a valid TOML file ({error})")]) from None
    if text.encode("utf-8") == data:
        return read_exam(path)
    temporary = _write_checked(path, where, text)
    try:
        if digest(_read(path, where)) != exam.digest:
            raise _changed_on_disk(where)  # edited while the new text was being checked
        os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(error, OSError):
            raise ExamSettingsError(
                where, [Problem("", f"a file the trainer may replace ({error.strerror})")]
            ) from None
        raise
    return read_exam(path)
