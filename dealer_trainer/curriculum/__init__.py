"""Lessons and exams as data: the lesson format, its checks, playing a lesson's rounds, mastery
and adaptive practice. Plain Python below the GUI (no Qt), above the engine and the games.

File format: ``docs/lesson-format.md``; schema: ``lessons/lesson.schema.json``.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "lessons": (
        "LESSONS",
        "SCHEMA_FILE",
        "FixedDeal",
        "GeneratedDeals",
        "Lesson",
        "LessonEntry",
        "LessonError",
        "check_lesson",
        "course_order",
        "lesson_rounds",
        "load_lesson",
        "load_lessons",
    ),
    "mastery": ("MasteryStatus", "mastery", "round_accuracy"),
    "schema": ("LessonMode", "MasteryRule", "lesson_json_schema"),
    "skills": ("ACTION_SKILLS", "Skill", "skills_of"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """The package's names, each imported from its module on first use: the records of an
    attempt (``curriculum.records``) are read at start-up without loading and checking the
    lesson files' schema."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = sorted(_HOME)
