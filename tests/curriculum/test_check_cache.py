"""Lesson checks are remembered by the content of the files they read: an unchanged course is
not checked again (in the process, nor at the next start), and any edit to a lesson, its table,
its scenarios or their tables is."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from curriculum_support import TABLES, UTH_PLAIN, VALID, replaced, write

from dealer_trainer.curriculum import lessons as lessons_module
from dealer_trainer.curriculum.check_cache import CACHE_ENV, CACHE_FILE, CheckCache
from dealer_trainer.curriculum.lessons import LESSONS, LessonEntry, load_lessons
from dealer_trainer.rules.errors import read_toml

SCENARIO = LESSONS / "uth" / "scenarios" / "blind_a_straight.toml"


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and a process that has checked nothing yet."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(lessons_module, "CHECKS", CheckCache(LESSONS))
    return tmp_path / "cache" / CACHE_FILE


@pytest.fixture
def full_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file names of the lessons checked in full (dealt and settled) from here on."""
    checked: list[str] = []
    real = lessons_module.check_lesson

    def spy(path: Path, *, engine: bool = True) -> LessonEntry:
        if engine:
            checked.append(path.name)
        return real(path, engine=engine)

    monkeypatch.setattr(lessons_module, "check_lesson", spy)
    return checked


def next_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new process knows: only the cache file."""
    monkeypatch.setattr(lessons_module, "CHECKS", CheckCache(LESSONS))


def course(folder: Path) -> Path:
    """Two lessons at tables of their own, one with a scenario that has a table of its own."""
    (folder / "tables").mkdir(parents=True)
    shutil.copy(UTH_PLAIN, folder / "tables" / "table_a.toml")
    shutil.copy(UTH_PLAIN, folder / "tables" / "table_b.toml")
    scenario_table = (SCENARIO.parent / str(read_toml(SCENARIO)["table"])).resolve()
    shutil.copy(scenario_table, folder / "tables" / "scenario_table.toml")
    text = SCENARIO.read_text(encoding="utf-8")
    text = re.sub(r'(?m)^table = ".*"$', 'table = "../tables/scenario_table.toml"', text)
    write(folder, "scenarios/fixed.toml", text)
    write(folder, "a.toml", replaced(VALID, UTH_PLAIN, "tables/table_a.toml"))
    lesson_b = replaced(VALID, UTH_PLAIN, "tables/table_b.toml")
    lesson_b = replaced(lesson_b, 'id = "valid-lesson"', 'id = "other-lesson"')
    lesson_b = replaced(
        lesson_b, "generate = 2\nseats = [2, 5]", 'scenario = "scenarios/fixed.toml"'
    )
    write(folder, "b.toml", lesson_b)
    return folder


def test_an_unchanged_course_is_checked_once_per_process(
    tmp_path: Path, cache_file: Path, full_checks: list[str]
) -> None:
    folder = course(tmp_path / "course")
    first = load_lessons(folder)
    assert [e.error for e in first] == ["", ""]
    assert full_checks == ["a.toml", "b.toml"]
    assert load_lessons(folder) == first
    assert full_checks == ["a.toml", "b.toml"]


def test_the_next_start_rebuilds_the_shipped_lessons_without_dealing(
    cache_file: Path, full_checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = load_lessons()
    assert len(full_checks) == len(checked) > 0
    assert cache_file.is_file()
    next_start(monkeypatch)
    full_checks.clear()
    assert load_lessons() == checked
    assert full_checks == []


@pytest.mark.parametrize("edited", ["a.toml", "tables/table_a.toml"])
def test_an_edited_lesson_or_table_is_checked_again_alone(
    tmp_path: Path, cache_file: Path, full_checks: list[str], edited: str
) -> None:
    folder = course(tmp_path / "course")
    load_lessons(folder)
    with (folder / edited).open("a", encoding="utf-8") as file:
        file.write("# edited\n")
    full_checks.clear()
    load_lessons(folder)
    assert full_checks == ["a.toml"]


@pytest.mark.parametrize("edited", ["scenarios/fixed.toml", "tables/scenario_table.toml"])
def test_an_edited_scenario_or_its_table_is_checked_again_at_the_next_start(
    tmp_path: Path,
    cache_file: Path,
    full_checks: list[str],
    monkeypatch: pytest.MonkeyPatch,
    edited: str,
) -> None:
    folder = course(tmp_path / "course")
    load_lessons(folder)
    next_start(monkeypatch)
    with (folder / edited).open("a", encoding="utf-8") as file:
        file.write("# edited\n")
    full_checks.clear()
    load_lessons(folder)
    assert full_checks == ["b.toml"]


def test_a_table_that_appears_is_checked(
    tmp_path: Path, cache_file: Path, full_checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = course(tmp_path / "course")
    (folder / "tables" / "table_a.toml").rename(folder / "tables" / "elsewhere.toml")
    (broken, _) = load_lessons(folder)
    assert [problem.field for problem in broken.problems] == ["table"]
    next_start(monkeypatch)
    (folder / "tables" / "elsewhere.toml").rename(folder / "tables" / "table_a.toml")
    full_checks.clear()
    (fixed, _) = load_lessons(folder)
    assert fixed.ok
    assert full_checks == ["a.toml"]


def test_a_broken_lesson_is_remembered_with_its_problems(
    tmp_path: Path, cache_file: Path, full_checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = course(tmp_path / "course")
    write(folder, "a.toml", replaced(VALID, 'mode = "practice"', 'mode = "exam"'))
    (first, _) = load_lessons(folder)
    next_start(monkeypatch)
    full_checks.clear()
    (again, _) = load_lessons(folder)
    assert full_checks == []
    assert not again.ok
    assert again == first
    assert again.lines() == first.lines()


def test_another_working_folder_is_checked_again(
    tmp_path: Path, cache_file: Path, full_checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Problems name files relative to the working folder."""
    folder = course(tmp_path / "course")
    load_lessons(folder)
    monkeypatch.chdir(folder)
    full_checks.clear()
    load_lessons(folder)
    assert full_checks == ["a.toml", "b.toml"]


def test_an_unreadable_cache_file_is_ignored_and_replaced(
    tmp_path: Path, cache_file: Path, full_checks: list[str]
) -> None:
    folder = course(tmp_path / "course")
    cache_file.parent.mkdir(parents=True, exist_ok=True)
    cache_file.write_text("{ not json", encoding="utf-8")
    assert all(entry.ok for entry in load_lessons(folder))
    assert full_checks == ["a.toml", "b.toml"]
    assert set(json.loads(cache_file.read_text(encoding="utf-8"))["lessons"]) == {
        str(folder / "a.toml"),
        str(folder / "b.toml"),
    }


def test_a_check_that_failed_is_not_remembered(
    tmp_path: Path, cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = course(tmp_path / "course")
    real = lessons_module.check_lesson

    def explode(path: Path, *, engine: bool = True) -> LessonEntry:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(lessons_module, "check_lesson", explode)
    assert not any(entry.ok for entry in load_lessons(folder))
    monkeypatch.setattr(lessons_module, "check_lesson", real)
    assert all(entry.ok for entry in load_lessons(folder))


def test_the_course_tables_are_read_by_the_lessons_that_name_them() -> None:
    """The files a check reads, as fingerprinted: the lesson, its table, its scenarios and
    theirs."""
    lesson = LESSONS / "uth" / "02_trips.toml"
    files = lessons_module.files_read(lesson)
    assert files[0] == lesson
    assert any(file.parent == TABLES or TABLES in file.parents for file in files[1:])
    assert any(file.parent.name == "scenarios" for file in files)
