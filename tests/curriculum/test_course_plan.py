"""The course plan: the recommended order is data (UTH first), lessons are numbered without
jumps and exams are labelled as exams, the next lesson and the ready exams follow a trainee's
mastery, and a broken plan is reported at its field."""

from __future__ import annotations

from pathlib import Path

import pytest
from curriculum_support import write

from dealer_trainer.cli import main
from dealer_trainer.curriculum import course as course_module
from dealer_trainer.curriculum.course import (
    CoursePlan,
    exam_title,
    load_plan,
    next_lesson,
    numbering,
    ready_exams,
    recommended_order,
)
from dealer_trainer.curriculum.lessons import LESSONS, Lesson, lesson_files, load_lessons
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.practice.rounds import practice_tables


def test_the_course_starts_with_ultimate_texas_hold_em() -> None:
    plan = load_plan()
    assert plan.problems == ()
    ordered = recommended_order(load_lessons(), plan)
    assert ordered[0].game == "Ultimate Texas Hold 'Em" and ordered[0].level == 1
    games = list(dict.fromkeys(entry.game for entry in ordered))
    assert games[: len(plan.order)] == [g for g in plan.order if g in games]


def test_the_plan_is_not_a_lesson() -> None:
    assert LESSONS / "course.toml" not in lesson_files(LESSONS)


def test_lessons_are_numbered_without_jumps_and_exams_are_labelled() -> None:
    ordered = recommended_order(load_lessons(), load_plan())
    numbers = numbering(ordered)
    by_game: dict[str, list[str]] = {}
    for entry in ordered:
        by_game.setdefault(entry.game, []).append(numbers[entry.path])
    for game, labels in by_game.items():
        lessons = [label for label in labels if label != "Exam"]
        assert lessons == [str(n) for n in range(1, len(lessons) + 1)], game
        assert "Exam" in labels, f"{game} has a certification exam"
    assert exam_title("Exam: the plain table") == "Exam: the plain table"
    assert exam_title("Pai Gow certification") == "Exam: Pai Gow certification"


def test_every_practice_table_has_a_plain_name_without_the_game_or_jargon() -> None:
    plan = load_plan()
    for table in practice_tables():
        label = plan.table_label(table.path, table.name, table.game)
        assert table.game not in label, label
        assert "653b" not in label and "ch." not in label, label
    assert (
        CoursePlan().table_label(
            Path("x.toml"), "Three Card Poker with Pair Plus A", "Three Card Poker"
        )
        == "Pair Plus A"
    )


def statuses(monkeypatch: pytest.MonkeyPatch, mastered: set[str], attempts: int | None = 1) -> None:
    """The trainee's mastery, by lesson id (the records are tested elsewhere)."""

    def status(lesson: Lesson, _progress: object) -> MasteryStatus:
        return MasteryStatus.MASTERED if lesson.id in mastered else MasteryStatus.NOT_STARTED

    monkeypatch.setattr(course_module, "lesson_status", status)
    monkeypatch.setattr(course_module, "attempts_left", lambda _lesson, _progress: attempts)


def test_the_next_lesson_follows_the_order_and_skips_exams_and_history(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entries = load_lessons()
    plan = load_plan()
    statuses(monkeypatch, set())
    first = next_lesson(entries, None, plan)
    assert first is not None and first.id == "uth-first-settlement"
    uth = [e.lesson for e in recommended_order(entries, plan) if e.lesson and e.game == first.game]
    taught = [lesson for lesson in uth if not lesson.exam and not lesson.historical]
    statuses(monkeypatch, {lesson.id for lesson in taught[:2]})
    third = next_lesson(entries, None, plan)
    assert third is not None and third.id == taught[2].id and not third.exam
    statuses(monkeypatch, {lesson.id for lesson in taught})
    after = next_lesson(entries, None, plan)
    assert after is not None and after.game == plan.order[1]


def test_an_exam_is_offered_once_its_lessons_are_mastered(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = load_lessons()
    plan = load_plan()
    progress = object()
    uth = [e.lesson for e in entries if e.lesson and e.game == "Ultimate Texas Hold 'Em"]
    taught = {lesson.id for lesson in uth if not lesson.exam and not lesson.historical}
    statuses(monkeypatch, set())
    assert ready_exams(entries, progress, plan) == []  # type: ignore[arg-type]
    statuses(monkeypatch, taught)
    ready = ready_exams(entries, progress, plan)  # type: ignore[arg-type]
    assert [exam.game for exam in ready] == ["Ultimate Texas Hold 'Em"]
    statuses(monkeypatch, taught, attempts=0)
    assert ready_exams(entries, progress, plan) == []  # type: ignore[arg-type]
    assert ready_exams(entries, None, plan) == [], "no exam without a trainee's records"


def test_a_broken_plan_is_reported_at_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tables").mkdir()
    write(
        tmp_path,
        "course.toml",
        'order = ["Ultimate Texas Hold Em", "Three Card Poker", "Three Card Poker"]\n'
        'odrer = []\n[tables]\n"missing.toml" = "A table"\n',
    )
    plan = load_plan(tmp_path)
    found = {(p.field, p.got) for p in plan.problems}
    assert ("order[0]", "'Ultimate Texas Hold Em'") in found
    assert ("order[2]", "'Three Card Poker'") in found
    assert ("odrer", None) in found
    assert ("tables.'missing.toml'", "'missing.toml'") in found
    assert plan.order == ("Three Card Poker",), "the valid part of the plan is still used"
    assert main(["lessons", "check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "course.toml: order[0]: one of" in out and "the course plan has 4 problem(s)" in out
