"""The course plan: the order the course recommends and the plain names of its practice tables.

Both are data (``lessons/course.toml``), so no code names a game: a school puts its own games
first by editing one list, and a game added later is taught after the listed ones (in
alphabetical order) until the plan names it. Lessons within a game follow their ``level``.

From the plan and a trainee's records this module answers the start screen's questions: which
lesson comes next, which exams the trainee is ready for, and how the course numbers lessons.
A plan with problems is reported (``lessons check``, the course's summary) and the rest of it
still used, as a broken lesson never stops the course.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_trainer.curriculum.lessons import COURSE_PLAN, LESSONS, Lesson, LessonEntry
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import attempts_left, lesson_status
from dealer_trainer.games.registry import GAME_NAMES, is_game
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml

PLAN_FILE = COURSE_PLAN

EXAM_LABEL = "Exam"


@dataclass(frozen=True)
class CoursePlan:
    """``order``: games in the order the course teaches them; ``tables``: a plain name for
    each practice table file (by file name in ``tables/``); ``problems``: what is wrong with
    the file (the valid part is used)."""

    order: tuple[str, ...] = ()
    tables: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    path: Path | None = None

    def game_rank(self, game: str) -> tuple[int, str]:
        """Where a game comes in the course: listed games first, in the plan's order."""
        try:
            return (self.order.index(game), "")
        except ValueError:
            return (len(self.order), game.lower())

    def table_rank(self, file: Path) -> int:
        """Where a table comes under its game: in the plan's order, unnamed ones last."""
        names = list(self.tables)
        return names.index(file.name) if file.name in names else len(names)

    def table_label(self, file: Path, name: str, game: str) -> str:
        """The table as a trainee asks for it: the plan's name for it, or its Rules
        Submission's name without the game's name in front (the picker groups by game)."""
        label = self.tables.get(file.name)
        if label:
            return label
        return _without_game(name, game)

    @property
    def error(self) -> str:
        if not self.problems:
            return ""
        return str(DataFileError(str(self.path or PLAN_FILE), self.problems))


def _without_game(name: str, game: str) -> str:
    text = re.sub(rf"^(plain\s+)?{re.escape(game)}\b[\s,:-]*", "", name, flags=re.I).strip()
    if not text:
        return "Base game"
    if text.lower().startswith("with "):
        text = text[5:]
    return text[0].upper() + text[1:]


def _plan(data: Mapping[str, Any], tables: Path) -> tuple[list[str], dict[str, str], list[Problem]]:
    problems: list[Problem] = []
    order: list[str] = []
    labels: dict[str, str] = {}
    for key in data:
        if key not in ("order", "tables"):
            problems.append(Problem(key, "unknown field (check the spelling)"))
    raw_order = data.get("order", [])
    if not isinstance(raw_order, list):
        problems.append(Problem("order", "a list of games, first taught first", repr(raw_order)))
        raw_order = []
    known = ", ".join(sorted(GAME_NAMES))
    for i, game in enumerate(raw_order):
        if not isinstance(game, str) or not is_game(game):
            problems.append(Problem(f"order[{i}]", f"one of {known}", repr(game)))
        elif game in order:
            problems.append(Problem(f"order[{i}]", "each game once", repr(game)))
        else:
            order.append(game)
    raw_tables = data.get("tables", {})
    if not isinstance(raw_tables, dict):
        expected = 'a table of "file.toml" = "plain name"'
        problems.append(Problem("tables", expected, repr(raw_tables)))
        raw_tables = {}
    for file, label in raw_tables.items():
        where = f"tables.{file!r}" if "." in file else f"tables.{file}"
        if not (tables / file).is_file():
            problems.append(Problem(where, "a table file in tables/", repr(file)))
        elif not isinstance(label, str) or not label.strip():
            problems.append(Problem(where, "a plain name for the table, in quotes", repr(label)))
        else:
            labels[file] = label.strip()
    return order, labels, problems


def load_plan(folder: Path = LESSONS) -> CoursePlan:
    """The course plan of ``folder`` (an empty plan when there is none); never raises for
    anything the file holds."""
    path = folder / PLAN_FILE
    if not path.is_file():
        return CoursePlan()
    try:
        data = read_toml(path)
    except DataFileError as error:
        return CoursePlan(problems=tuple(error.problems), path=path)
    order, labels, problems = _plan(data, folder / "tables")
    return CoursePlan(tuple(order), labels, tuple(problems), path)


def recommended_order(entries: Sequence[LessonEntry], plan: CoursePlan) -> list[LessonEntry]:
    """Lessons in the order the course teaches them: by the plan's games, then level."""
    return sorted(
        entries,
        key=lambda e: (plan.game_rank(e.game), e.level, e.title.lower(), str(e.path)),
    )


def exam_title(title: str) -> str:
    """An exam's title said once as an exam: "Exam: the plain table", never "Exam: Exam: ..."."""
    bare = title.removeprefix("Exam:").removeprefix("Exam").strip()
    return f"{EXAM_LABEL}: {bare}" if bare else EXAM_LABEL


def _is_exam(entry: LessonEntry) -> bool:
    return entry.lesson is not None and entry.lesson.exam


def numbering(entries: Sequence[LessonEntry]) -> dict[Path, str]:
    """How the course numbers each entry: lessons 1, 2, 3 ... within their game in the order
    given (whatever their ``level`` values), exams labelled as exams, not numbered."""
    counts: dict[str, int] = {}
    labels: dict[Path, str] = {}
    for entry in entries:
        if _is_exam(entry):
            labels[entry.path] = EXAM_LABEL
            continue
        counts[entry.game] = counts.get(entry.game, 0) + 1
        labels[entry.path] = str(counts[entry.game])
    return labels


def _playable(entry: LessonEntry) -> Lesson | None:
    return entry.lesson if entry.ok else None


def next_lesson(
    entries: Sequence[LessonEntry], progress: TraineeProgress | None, plan: CoursePlan
) -> Lesson | None:
    """The lesson to continue with: the first in the recommended order that is not yet
    mastered. Exams are offered apart (``ready_exams``) and lessons kept as history are
    skipped; ``None`` once every lesson is mastered."""
    for entry in recommended_order(entries, plan):
        lesson = _playable(entry)
        if lesson is None or lesson.exam or lesson.historical:
            continue
        if lesson_status(lesson, progress) is not MasteryStatus.MASTERED:
            return lesson
    return None


def ready_exams(
    entries: Sequence[LessonEntry], progress: TraineeProgress | None, plan: CoursePlan
) -> list[Lesson]:
    """The exams a trainee is ready to sit: every lesson of its game below the exam's level
    (history aside) is mastered, the exam is not yet passed, and an attempt is left."""
    if progress is None:
        return []
    ordered = [lesson for e in recommended_order(entries, plan) if (lesson := _playable(e))]
    ready: list[Lesson] = []
    for exam in (lesson for lesson in ordered if lesson.exam):
        before = [
            lesson
            for lesson in ordered
            if lesson.game == exam.game
            and not lesson.exam
            and not lesson.historical
            and lesson.level < exam.level
        ]
        if any(lesson_status(lesson, progress) is not MasteryStatus.MASTERED for lesson in before):
            continue
        if lesson_status(exam, progress) is MasteryStatus.MASTERED:
            continue
        if attempts_left(exam, progress) == 0:
            continue
        ready.append(exam)
    return ready
