"""Exam settings without the GUI: the course's exams listed with their time limit, pass mark,
attempts, resume rule and rounds; a change written into the exam file keeping every comment
and the layout (only the changed values move), checked by ``check_lesson`` in a temporary
file beside it and swapped in atomically; and every refusal (a value out of range, a file
edited on disk since it was read, a read-only file or an installed course, a file the lesson
checks refuse) naming the file, the field and the value while writing nothing. New attempts
take the new settings; recorded ones keep theirs."""

from __future__ import annotations

import math
import os
import shutil
import stat
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer import resources
from dealer_trainer.curriculum import exam_settings as module
from dealer_trainer.curriculum.exam_settings import (
    Exam,
    ExamSettings,
    ExamSettingsError,
    edited_text,
    list_exams,
    read_exam,
    save_exam_settings,
)
from dealer_trainer.curriculum.lessons import LESSONS, check_lesson, load_lesson, load_lessons
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun, attempts_left
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.store import KeyRing, Store

EXAM = "uth-plain-table-exam"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def course_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("course")


@pytest.fixture
def course(course_home: Path) -> Path:
    """The shipped UTH course and its tables, copied afresh for each test (the tests never
    write the shipped files), always into the same folder: the lessons a test finds as
    shipped are not checked again, since lesson checks are remembered by path and content, as
    the trainer remembers them between starts; an edited file is checked afresh."""
    folder = course_home / "lessons"
    if folder.exists():
        shutil.rmtree(folder)
    for part in ("uth", "tables"):
        shutil.copytree(LESSONS / part, folder / part)
    return folder


@pytest.fixture
def exam(course: Path) -> Exam:
    [found] = [e for e in list_exams(course) if e.id == EXAM]
    return found


@pytest.fixture
def read_only(exam: Exam) -> Iterator[Path]:
    exam.path.chmod(0o444)
    try:
        yield exam.path
    finally:
        exam.path.chmod(0o644)


def folder_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- listing -----------------------------------------------------------------------------------


def test_the_course_exams_are_listed_with_their_settings() -> None:
    exams = list_exams()  # the shipped course, read only
    expected = {
        e.lesson.id
        for e in load_lessons(LESSONS)
        if e.lesson is not None and e.lesson.mode is LessonMode.EXAM
    }
    assert {e.id for e in exams} == expected and len(exams) == len(expected) >= 7
    assert [e.game for e in exams] == sorted(e.game for e in exams), "course order: by game"
    assert all(e.ok and e.rounds and e.settings.time_limit_seconds for e in exams)
    [uth] = [e for e in exams if e.id == EXAM]
    assert uth.title == "Exam: the plain table, full seats"
    assert uth.game == "Ultimate Texas Hold 'Em"
    assert uth.rounds == 10
    assert uth.settings == ExamSettings(180, 90, attempts=2, may_resume=False)
    assert uth.path == LESSONS / "uth" / "03_plain_table_exam.toml"
    assert len(uth.digest) == 64


def test_a_broken_exam_is_listed_with_its_problems_and_can_be_repaired(course: Path) -> None:
    path = course / "uth" / "03_plain_table_exam.toml"
    path.write_text(path.read_text().replace("pass_mark = 90", "pass_mark = 150"))
    [broken] = [e for e in list_exams(course) if e.id == EXAM]
    assert not broken.ok and broken.rounds is None
    assert any("pass_mark" in line and "150" in line for line in broken.problems)
    assert broken.settings.pass_mark == 150
    repaired = save_exam_settings(broken, ExamSettings(180, 85, attempts=2))
    assert repaired.ok and repaired.rounds == 10 and repaired.settings.pass_mark == 85
    assert "pass_mark = 85\n" in path.read_text()


# --- writing -----------------------------------------------------------------------------------


def test_a_change_is_written_keeping_comments_and_layout(
    exam: Exam, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = exam.path.read_text(encoding="utf-8")
    with_comment = original.replace("pass_mark = 90\n", "pass_mark = 90  # percent to pass\n")
    exam.path.write_text(with_comment, encoding="utf-8")
    exam = read_exam(exam.path)
    checked: list[Path] = []
    replaced: list[tuple[str, str]] = []
    real_check, real_replace = module.check_lesson, os.replace

    def spy_check(path: Path) -> object:
        checked.append(path)
        assert path.exists() and path.parent == exam.path.parent
        return real_check(path)

    def spy_replace(source: str | Path, target: str | Path) -> None:
        replaced.append((str(source), str(target)))
        real_replace(source, target)

    monkeypatch.setattr(module, "check_lesson", spy_check)
    monkeypatch.setattr(os, "replace", spy_replace)
    before = folder_files(exam.path.parent)

    saved = save_exam_settings(exam, ExamSettings(150, 82.5, attempts=3, may_resume=True))

    expected = (
        with_comment.replace("time_limit_seconds = 180\n", "time_limit_seconds = 150\n")
        .replace("pass_mark = 90  # percent to pass\n", "pass_mark = 82.5  # percent to pass\n")
        .replace("attempts = 2\n", "attempts = 3\nmay_resume = true\n")
    )
    assert exam.path.read_text(encoding="utf-8") == expected
    assert expected.startswith("#:schema ../lesson.schema.json\n# The certification exam")
    # Checked in a temporary file beside the exam, which the course never lists, then swapped.
    [temporary] = checked[:1]
    assert temporary.suffix == ".tmp" and temporary.name.startswith(".03_plain_table_exam.toml.")
    assert replaced == [(str(temporary), str(exam.path))]
    assert folder_files(exam.path.parent) == before, "no temporary file is left behind"
    assert saved.settings == ExamSettings(150, 82.5, attempts=3, may_resume=True)
    assert saved.digest != exam.digest and saved.rounds == 10
    lesson = load_lesson(exam.path)
    assert (lesson.time_limit_seconds, lesson.pass_mark, lesson.attempts, lesson.may_resume) == (
        150,
        82.5,
        3,
        True,
    )


def test_values_that_do_not_change_are_not_rewritten(exam: Exam) -> None:
    original = exam.path.read_bytes()
    again = save_exam_settings(exam, ExamSettings(180.0, 90.0, attempts=2, may_resume=False))
    assert exam.path.read_bytes() == original, "180.0 is the file's 180; false is the default"
    saved = save_exam_settings(again, ExamSettings(180.0, 90.0, attempts=4))
    changed = [
        (old, new)
        for old, new in zip(
            original.decode().splitlines(), exam.path.read_text().splitlines(), strict=True
        )
        if old != new
    ]
    assert changed == [("attempts = 2", "attempts = 4")]
    assert saved.settings.attempts == 4


def test_unlimited_attempts_remove_the_key_and_a_new_key_follows_its_neighbour(
    exam: Exam,
) -> None:
    crlf = exam.path.read_text().replace("\n", "\r\n")
    exam.path.write_bytes(crlf.encode())
    exam = read_exam(exam.path)
    unlimited = save_exam_settings(exam, ExamSettings(180, 90, attempts=None))
    text = exam.path.read_bytes().decode()
    assert "attempts" not in text and unlimited.settings.attempts is None
    assert text == crlf.replace("attempts = 2\r\n", "")
    resumable = save_exam_settings(unlimited, ExamSettings(180, 90, may_resume=True))
    text = exam.path.read_bytes().decode()
    assert "pass_mark = 90\r\nmay_resume = true\r\n\r\n[[rounds]]" in text, "the file's newlines"
    assert resumable.settings.may_resume and check_lesson(exam.path).ok


def test_edited_text_adds_a_missing_setting_after_the_one_before_it() -> None:
    text = (
        'mode = "exam"  # the mode\nskills = ["speed"]\npass_mark = 90\n\n'
        "# The rounds.\n[[rounds]]\ngenerate = 1"
    )
    edited = edited_text(text, ExamSettings(60, 90, attempts=1))
    assert edited == (
        'mode = "exam"  # the mode\nskills = ["speed"]\ntime_limit_seconds = 60\npass_mark = 90\n'
        "attempts = 1\n\n# The rounds.\n[[rounds]]\ngenerate = 1"
    )


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "field", "value"),
    [
        (ExamSettings(180, 100.5, 2), "pass_mark", "100.5"),
        (ExamSettings(180, -1, 2), "pass_mark", "-1"),
        (ExamSettings(180, math.nan, 2), "pass_mark", "nan"),
        (ExamSettings(180, None, 2), "pass_mark", "required"),
        (ExamSettings(0, 90, 2), "time_limit_seconds", "0"),
        (ExamSettings(-30.5, 90, 2), "time_limit_seconds", "-30.5"),
        (ExamSettings(math.inf, 90, 2), "time_limit_seconds", "inf"),
        (ExamSettings(180, 90, 0), "attempts", "0"),
        (ExamSettings(180, 90, -2), "attempts", "-2"),
        (ExamSettings(180, 90, 1.5), "attempts", "1.5"),  # type: ignore[arg-type]
        (ExamSettings(180, 90, True), "attempts", "True"),
        (ExamSettings(180, 90, 2, "yes"), "may_resume", "'yes'"),  # type: ignore[arg-type]
    ],
)
def test_an_invalid_value_is_refused_naming_the_file_field_and_value(
    exam: Exam, settings: ExamSettings, field: str, value: str
) -> None:
    before = exam.path.read_bytes(), exam.path.stat().st_mtime_ns
    with pytest.raises(ExamSettingsError) as caught:
        save_exam_settings(exam, settings)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.file == str(exam.path) and error.fields == (field,)
    message = str(error)
    assert f"{exam.path}: {field}: " in message and value in message
    assert (exam.path.read_bytes(), exam.path.stat().st_mtime_ns) == before


def test_every_problem_is_reported_at_once(exam: Exam) -> None:
    with pytest.raises(ExamSettingsError) as caught:
        save_exam_settings(exam, ExamSettings(0, 101, 0))
    assert caught.value.fields == ("time_limit_seconds", "pass_mark", "attempts")
    assert "3 problems in" in str(caught.value)


def test_a_file_changed_on_disk_since_it_was_read_is_not_overwritten(exam: Exam) -> None:
    by_hand = exam.path.read_text() + "# edited by hand\n"
    exam.path.write_text(by_hand)
    with pytest.raises(ExamSettingsError, match="changed on disk since") as caught:
        save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert str(exam.path) in str(caught.value)
    assert exam.path.read_text() == by_hand
    fresh = read_exam(exam.path)  # what Revert does: read it again, then save
    save_exam_settings(fresh, ExamSettings(180, 75, 2))
    assert exam.path.read_text() == by_hand.replace("pass_mark = 90", "pass_mark = 75")


def test_a_file_edited_while_the_change_is_checked_is_not_overwritten(
    exam: Exam, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_check = module.check_lesson
    by_hand = exam.path.read_text() + "# edited meanwhile\n"

    def edit_meanwhile(path: Path) -> object:
        exam.path.write_text(by_hand)
        return real_check(path)

    monkeypatch.setattr(module, "check_lesson", edit_meanwhile)
    before = folder_files(exam.path.parent)
    with pytest.raises(ExamSettingsError, match="changed on disk since"):
        save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert exam.path.read_text() == by_hand
    assert folder_files(exam.path.parent) == before


def test_a_read_only_file_is_refused(exam: Exam, read_only: Path) -> None:
    before = read_only.read_bytes()
    with pytest.raises(ExamSettingsError, match="read-only") as caught:
        save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert str(read_only) in str(caught.value)
    assert read_only.read_bytes() == before
    assert stat.S_IMODE(read_only.stat().st_mode) == 0o444


def test_a_course_installed_with_the_package_is_refused_though_writable(
    exam: Exam, course_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A course in an environment's site-packages (here: the folder holding the course's copy
    taken for one) is refused even where the account may write it: the next install would undo
    the change."""
    monkeypatch.setattr(resources, "_install_folders", lambda: [course_home.resolve()])
    before = exam.path.read_bytes()
    with pytest.raises(ExamSettingsError, match="installed trainer, which is read-only") as caught:
        save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert str(exam.path) in str(caught.value)
    assert exam.path.read_bytes() == before
    assert os.access(exam.path, os.W_OK)


def test_the_file_keeps_its_permissions(exam: Exam) -> None:
    exam.path.chmod(0o640)
    save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert stat.S_IMODE(exam.path.stat().st_mode) == 0o640


def test_an_edit_the_lesson_checks_refuse_writes_nothing(exam: Exam) -> None:
    """The exam file is broken elsewhere (its table is missing): the change is checked as the
    course will read it, every problem reported at its field path, and nothing is written."""
    text = exam.path.read_text().replace("../tables/uth_plain.toml", "../tables/gone.toml")
    exam.path.write_text(text)
    [broken] = [e for e in list_exams(exam.path.parent.parent) if e.id == EXAM]
    assert not broken.ok
    before = folder_files(exam.path.parent)
    with pytest.raises(ExamSettingsError) as caught:
        save_exam_settings(broken, ExamSettings(180, 75, 2))
    assert caught.value.fields == ("table",)
    assert f"{exam.path}: table: a table configuration file that exists" in str(caught.value)
    assert "'../tables/gone.toml'" in str(caught.value)
    assert ".tmp" not in str(caught.value), "problems name the exam file, not the temporary"
    assert exam.path.read_text() == text
    assert folder_files(exam.path.parent) == before


def test_a_deleted_file_is_refused(exam: Exam) -> None:
    exam.path.unlink()
    with pytest.raises(ExamSettingsError, match="moved or deleted"):
        save_exam_settings(exam, ExamSettings(180, 75, 2))
    assert not exam.path.exists()


# --- what the change applies to ----------------------------------------------------------------


@pytest.fixture
def keys(store: Store) -> KeyRing:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    return store.unlock_keys(PASSWORD)


def test_new_attempts_take_the_new_settings_and_recorded_ones_keep_theirs(
    exam: Exam, store: Store, keys: KeyRing
) -> None:
    progress = TraineeProgress(store, store.add_trainee("Ann Lee", "Spring 2026"))
    before = LessonRun(load_lesson(exam.path), progress, keys=keys)
    assert before.recorder is not None
    first = before.recorder.begin()
    before.abandon()

    save_exam_settings(exam, ExamSettings(120, 75, attempts=3, may_resume=True))
    lesson = load_lesson(exam.path)
    assert attempts_left(lesson, progress) == 2, "the limit counts the attempt already made"
    after = LessonRun(lesson, progress, keys=keys)
    assert after.time_limit == 120 and after.recorder is not None
    second = store.attempt(after.recorder.begin())
    assert (second.pass_mark, second.rounds_required) == (Decimal("75"), 10)
    assert second.time_limit == 120 and second.may_resume
    recorded = store.attempt(first)
    assert (recorded.pass_mark, recorded.rounds_required) == (Decimal("90"), 10)
    assert recorded.time_limit == 180 and not recorded.may_resume
    after.abandon()
