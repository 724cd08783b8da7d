"""Lessons and exams as data: the lesson format, its checks, playing a lesson's rounds, mastery
and adaptive practice. Plain Python below the GUI (no Qt), above the engine and the games.

File format: ``docs/lesson-format.md``; schema: ``lessons/lesson.schema.json``.
"""

from dealer_trainer.curriculum.lessons import (
    LESSONS,
    SCHEMA_FILE,
    FixedDeal,
    GeneratedDeals,
    Lesson,
    LessonEntry,
    LessonError,
    check_lesson,
    course_order,
    lesson_rounds,
    load_lesson,
    load_lessons,
)
from dealer_trainer.curriculum.mastery import MasteryStatus, mastery, round_accuracy
from dealer_trainer.curriculum.schema import LessonMode, MasteryRule, lesson_json_schema
from dealer_trainer.curriculum.skills import ACTION_SKILLS, Skill, skills_of

__all__ = [
    "ACTION_SKILLS",
    "LESSONS",
    "SCHEMA_FILE",
    "FixedDeal",
    "GeneratedDeals",
    "Lesson",
    "LessonEntry",
    "LessonError",
    "LessonMode",
    "MasteryRule",
    "MasteryStatus",
    "Skill",
    "check_lesson",
    "course_order",
    "lesson_json_schema",
    "lesson_rounds",
    "load_lesson",
    "load_lessons",
    "mastery",
    "round_accuracy",
    "skills_of",
]
