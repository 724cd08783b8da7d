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

from collections.abc import Sequence
from pathlib import Path

from dealer_trainer.curriculum.course_plan import PLAN_FILE, CoursePlan, load_plan
from dealer_trainer.curriculum.lessons import Lesson, LessonEntry
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import attempts_left, lesson_status

EXAM_LABEL = "Exam"


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


__all__ = [
    "EXAM_LABEL",
    "PLAN_FILE",
    "CoursePlan",
    "exam_title",
    "load_plan",
    "next_lesson",
    "numbering",
    "ready_exams",
    "recommended_order",
]
