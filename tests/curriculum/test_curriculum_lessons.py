"""Lesson files: the shipped course and the test lessons load and play perfectly; every kind of
broken lesson is reported with its file, field path and expected value, never a traceback."""

from __future__ import annotations

import tempfile
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from curriculum_support import (
    DATA,
    GOLDEN,
    TABLES,
    UTH_PLAIN,
    VALID,
    perfect_grade,
    replaced,
    write,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.curriculum import lessons as lessons_module
from dealer_trainer.curriculum.lessons import (
    LESSONS,
    FixedDeal,
    FormExercises,
    GeneratedDeals,
    Lesson,
    LessonEntry,
    LessonError,
    block_round,
    check_lesson,
    course_order,
    derived_seed,
    lesson_files,
    lesson_rounds,
    load_lesson,
    load_lessons,
    toml_text,
)
from dealer_trainer.curriculum.run import table_origin
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.forms.closed_table import correct_form, grade_closed_table_form
from dealer_trainer.practice.rounds import TableText
from dealer_trainer.store.replay import rebuild

SHIPPED = lesson_files(LESSONS)  # the paths only: checking them all costs every worker's collection
TEST_LESSONS = sorted(DATA.glob("*.toml"))


@cache
def shipped_course() -> dict[Path, LessonEntry]:
    """The shipped course as the trainer lists it, checked once for the module's tests rather
    than once more for each lesson played (``load_lesson`` checks a file in full)."""
    return {entry.path: entry for entry in load_lessons(LESSONS)}


def checked(path: Path) -> Lesson:
    """The lesson at ``path``: the shipped course's check of it, or a test lesson loaded."""
    if path in TEST_LESSONS:
        return load_lesson(path)
    entry = shipped_course()[path]
    assert entry.lesson is not None and entry.ok, entry.error
    return entry.lesson


# --- the shipped course and the test lessons ---------------------------------------------------


def test_the_shipped_course_validates() -> None:
    entries = list(shipped_course().values())
    assert [e.error for e in entries if not e.ok] == []
    uth = [e for e in entries if e.game == "Ultimate Texas Hold 'Em"]
    assert len(uth) >= 3
    assert {e.lesson.mode for e in uth if e.lesson} >= {LessonMode.LEARN, LessonMode.EXAM}


def test_tables_and_scenarios_are_not_lessons() -> None:
    files = lesson_files(LESSONS)
    assert files, "the shipped course has lessons"
    assert not [f for f in files if "tables" in f.parts or "scenarios" in f.parts]
    assert LESSONS / "uth" / "01_first_settlement.toml" in files


@pytest.mark.parametrize("path", SHIPPED + TEST_LESSONS, ids=lambda p: p.name)
def test_every_lesson_plays_to_completion_with_a_perfect_trainee(path: Path) -> None:
    lesson = checked(path)
    played = 0
    for round_ in lesson.rounds():
        grade = perfect_grade(round_)
        assert grade.perfect, (path.name, played, round_.description)
        assert grade.score == 100
        played += 1
    forms = [block for block in lesson.blocks if isinstance(block, FormExercises)]
    for block in forms:
        for k in range(block.count):
            situation = block.situation(lesson.game, block.seed + k)
            assert situation.game == lesson.game
            assert grade_closed_table_form(situation, correct_form(situation)).perfect
    assert played + sum(block.count for block in forms) == lesson.round_count > 0


def test_rounds_are_reproducible_and_follow_the_file() -> None:
    lesson = load_lesson(DATA / "timed_drill_inline_table.toml")
    first = [r.procedure for r in lesson_rounds(lesson)]
    again = [r.procedure for r in lesson_rounds(load_lesson(lesson.path))]
    assert first == again
    assert len(first) == 1 + 2 + 3
    fixed, seeded, derived = lesson.blocks
    assert isinstance(fixed, FixedDeal) and fixed.scenario.name == "seat_three_trips.toml"
    assert isinstance(seeded, GeneratedDeals) and seeded.seed == 41 and seeded.seats is None
    assert isinstance(derived, GeneratedDeals)
    assert derived.seed == derived_seed("test-timed-drill-inline", 2)
    assert derived.seats == (1, 7)
    rounds = list(lesson.rounds())
    assert [s.seat for s in rounds[0].setup.seats] == [3]
    assert rounds[1].setup.seed == 41 and rounds[2].setup.seed == 42
    assert {s.seat for s in rounds[5].setup.seats} == {1, 7}


def test_every_field_is_read() -> None:
    lesson = load_lesson(DATA / "timed_drill_inline_table.toml")
    assert lesson.id == "test-timed-drill-inline"
    assert lesson.mode is LessonMode.TIMED_DRILL
    assert lesson.skills == (
        Skill.BASE_PAYOUT,
        Skill.PAYTABLE_READING,
        Skill.SETTLEMENT_ORDER,
        Skill.SPEED,
    )
    assert lesson.time_limit_seconds == 90.5
    assert lesson.pass_mark == 85
    assert lesson.attempts is None
    assert (lesson.mastery.rounds, lesson.mastery.accuracy, lesson.mastery.over_last) == (6, 90, 3)
    assert lesson.level == 4
    assert isinstance(lesson.table, TableText)
    assert lesson.table.name == f"{lesson.path} [table]"
    assert tomllib.loads(lesson.table.text)["name"] == "Inline plain table"


def test_an_inline_table_is_dealt_and_recorded_without_a_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    lesson = load_lesson(DATA / "timed_drill_inline_table.toml")
    block = lesson.blocks[1]
    assert isinstance(block, GeneratedDeals)
    dealt = block_round(lesson, block, 0)
    origin = table_origin(lesson, block.seed, block.seats, block.targets)
    assert origin.path == f"{lesson.path} [table]"
    assert tomllib.loads(origin.text) == tomllib.loads(lesson.table.text)  # type: ignore[union-attr]
    assert rebuild(origin).procedure == dealt.procedure
    assert list(tmp_path.iterdir()) == []


def test_derived_seeds_differ_by_lesson_and_block() -> None:
    seeds = {derived_seed(i, b) for i in ("a", "b", "c") for b in range(4)}
    assert len(seeds) == 12
    assert derived_seed("a", 0) == derived_seed("a", 0)


@pytest.mark.parametrize("who", ["seat 3", "Seat 3", "3", "seat3", "dealer", "The Dealer", "board"])
def test_target_who_is_read_the_generator_s_way(tmp_path: Path, who: str) -> None:
    text = replaced(VALID, "seats = [2, 5]", f'targets = [{{ who = "{who}", hand = "Flush" }}]')
    entry = check_lesson(write(tmp_path, "l.toml", text))
    assert not [line for line in entry.lines() if ".who" in line]


def test_modes_are_read_forgivingly(tmp_path: Path) -> None:
    text = replaced(VALID, 'mode = "practice"', 'mode = "Timed_Drill"\ntime_limit_seconds = 30')
    text = replaced(text, '"paytable reading"', '"Paytable-Reading"')
    lesson = load_lesson(write(tmp_path, "l.toml", text))
    assert lesson.mode is LessonMode.TIMED_DRILL
    assert lesson.skills[1] is Skill.PAYTABLE_READING


def test_course_order_is_by_game_then_level() -> None:
    entries = list(shipped_course().values())
    ordered = course_order(entries)
    assert [(e.game, e.level) for e in ordered] == sorted((e.game, e.level) for e in entries)


# --- broken lessons ----------------------------------------------------------------------------


def problems(tmp_path: Path, text: str, name: str = "lesson.toml") -> list[str]:
    entry = check_lesson(write(tmp_path, name, text))
    assert entry.lesson is None
    assert entry.problems
    return entry.lines()


def the_problem(tmp_path: Path, text: str) -> str:
    lines = problems(tmp_path, text)
    assert len(lines) == 1, lines
    return lines[0].split(": ", 1)[1]


BROKEN: dict[str, tuple[str, str, str]] = {
    "missing title": ('title = "A valid lesson"\n', "", "title: required field is missing"),
    "missing rounds": (
        "[[rounds]]\ngenerate = 2\nseats = [2, 5]\n",
        "",
        "rounds: required field is missing",
    ),
    "level as text": (
        "level = 1",
        'level = "1"',
        "level: a whole number (got '1')",
    ),
    "title as number": (
        'title = "A valid lesson"',
        "title = 7",
        "title: text in quotes, not int (got 7)",
    ),
    "unknown field": ("level = 1", "level = 1\npass_mrk = 90", "pass_mrk: unknown field"),
    "id not a slug": ('id = "valid-lesson"', 'id = "Valid Lesson"', "id: a slug"),
    "unknown game": (
        'game = "Ultimate Texas Hold \'Em"',
        'game = "Texas Hold Em"',
        "game: one of 'Caribbean Stud Poker'",
    ),
    "unknown mode": (
        'mode = "practice"',
        'mode = "quiz"',
        "mode: one of 'learn', 'practice', 'timed drill' or 'exam' (got 'quiz')",
    ),
    "unknown skill": (
        '"paytable reading"',
        '"juggling"',
        "skills[1]: one of 'base payout'",
    ),
    "skill twice": ('"paytable reading"', '"base payout"', "skills: each skill once"),
    "no skills": (
        'skills = ["base payout", "paytable reading"]',
        "skills = []",
        "skills: a list of at least 1 item (got [])",
    ),
    "pass mark over 100": (
        "level = 1",
        "level = 1\npass_mark = 101",
        "pass_mark: a number, at most 100.0 (got 101)",
    ),
    "time limit as text": (
        "level = 1",
        'level = 1\ntime_limit_seconds = "60"',
        "time_limit_seconds: a number (got '60')",
    ),
    "exam without time limit or pass mark": (
        'mode = "practice"',
        'mode = "exam"',
        "time_limit_seconds: required in exam mode",
    ),
    "timed drill without time limit": (
        'mode = "practice"',
        'mode = "timed drill"',
        "time_limit_seconds: required in timed drill mode",
    ),
    "attempts in learn mode": (
        'mode = "practice"',
        'mode = "learn"\nattempts = 2',
        "attempts: only in exam mode (this is learn) (got 2)",
    ),
    "mastery window longer than the rounds": (
        "level = 1",
        "level = 1\nmastery = { rounds = 5, accuracy = 95, over_last = 10 }",
        "mastery: over_last (10) at most rounds (5)",
    ),
    "mastery accuracy as text": (
        "level = 1",
        'level = 1\nmastery = { accuracy = "95%" }',
        "mastery.accuracy: a number (got '95%')",
    ),
    "round of both kinds": (
        "generate = 2",
        'generate = 2\nscenario = "x.toml"',
        'rounds[0]: either scenario = "file.toml" (a fixed deal) or generate = N',
    ),
    "round of neither kind": ("generate = 2\n", "", "rounds[0]: either scenario"),
    "zero rounds": (
        "generate = 2",
        "generate = 0",
        "rounds[0].generate: a whole number, at least 1 (got 0)",
    ),
    "seat twice": ("seats = [2, 5]", "seats = [2, 2]", "rounds[0].seats: each seat once"),
    "seat zero": (
        "seats = [2, 5]",
        "seats = [0, 5]",
        "rounds[0].seats[0]: a whole number, at least 1 (got 0)",
    ),
    "seat the table does not have": (
        "seats = [2, 5]",
        "seats = [2, 9]",
        "rounds[0].seats: seats this table deals: seats are 1 to 7, not [2, 9] (got [2, 9])",
    ),
    "target who misspelt": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat nine", wager = "Trips", hand = "Full house" }]',
        'rounds[0].targets[0].who: "seat N", "dealer" or "board" (got \'seat nine\')',
    ),
    "target who not text": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = 3, hand = "Flush" }]',
        "rounds[0].targets[0].who: text in quotes, not int (got 3)",
    ),
    "target without who": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ hand = "Flush" }]',
        "rounds[0].targets[0].who: required field is missing",
    ),
    "target bad card notation": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat 2", cards = "As Kx" }]',
        "rounds[0].targets[0].cards: bad card 'Kx': 'x' is not a suit",
    ),
    "target duplicate card": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat 2", cards = "Ah Ah" }]',
        "rounds[0].targets[0].cards: bad card 'Ah': Ah appears more than once",
    ),
    "target seat not dealt": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat 4", hand = "Flush" }]',
        "rounds[0].targets[0].who: one of the block's seats (2, 5) (got 'seat 4')",
    ),
    "target without a hand": (
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "dealer" }]',
        "rounds[0].targets[0]: a hand or cards for the target to deal",
    ),
    "scenario fields on a generated block": (
        "generate = 2\nseats = [2, 5]",
        'scenario = "s.toml"\nseats = [2, 5]',
        "rounds[0]: seats only with generate = N: a scenario fixes the deal",
    ),
    "missing table file": (
        f'table = "{UTH_PLAIN}"',
        'table = "../tables/nowhere.toml"',
        "table: a table configuration file that exists (got '../tables/nowhere.toml')",
    ),
    "table of another game": (
        f'table = "{UTH_PLAIN}"',
        f'table = "{(TABLES / "pai_gow_classic.toml").as_posix()}"',
        "table: a table for Ultimate Texas Hold 'Em (got a table for 'Pai Gow Poker')",
    ),
    "table as a number": (
        f'table = "{UTH_PLAIN}"',
        "table = 3",
        "table: a table configuration file (e.g. table = '../tables/uth_plain.toml') or an "
        "inline [table]",
    ),
    "missing scenario file": (
        "generate = 2\nseats = [2, 5]",
        'scenario = "scenarios/nowhere.toml"',
        "rounds[0].scenario: a scenario file that exists (got 'scenarios/nowhere.toml')",
    ),
    "scenario of another game": (
        "generate = 2\nseats = [2, 5]",
        f'scenario = "{sorted(GOLDEN.glob("pai_gow/*.toml"))[0].as_posix()}"',
        "rounds[0].scenario: a round of Ultimate Texas Hold 'Em (got a round of 'Pai Gow Poker')",
    ),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_each_broken_lesson_names_the_field_and_what_was_expected(
    tmp_path: Path, case: str
) -> None:
    old, new, expected = BROKEN[case]
    lines = problems(tmp_path, replaced(VALID, old, new))
    assert any(line.startswith(f"{tmp_path / 'lesson.toml'}: {expected}") for line in lines), lines


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = replaced(VALID, 'title = "A valid lesson"', "title = 7")
    text = replaced(text, 'mode = "practice"', 'mode = "exam"\nlevel_up = true')
    text = replaced(text, "seats = [2, 5]", 'seats = [2, 5]\ntargets = [{ who = "x", hand = "y" }]')
    fields = [line.split(": ")[1] for line in problems(tmp_path, text)]
    assert fields == [
        "title",
        "rounds[0].targets[0].who",
        "level_up",
        "time_limit_seconds",
        "pass_mark",
    ]


def test_toml_syntax_errors_name_the_file(tmp_path: Path) -> None:
    (line,) = problems(tmp_path, 'id = "x"\ntitle = [\n')
    assert line.startswith(f"{tmp_path / 'lesson.toml'}: not valid TOML:")


def test_a_broken_table_reports_its_own_problems(tmp_path: Path) -> None:
    write(tmp_path, "tables/broken.toml", 'game = "Ultimate Texas Hold \'Em"\nname = "B"\n')
    lines = problems(
        tmp_path, replaced(VALID, f'table = "{UTH_PLAIN}"', 'table = "tables/broken.toml"')
    )
    table = tmp_path / "tables" / "broken.toml"
    lesson = tmp_path / "lesson.toml"
    assert f"{lesson}: table: {table}: ante: required field is missing" in lines


def test_a_broken_inline_table_reports_at_table_fields(tmp_path: Path) -> None:
    text = replaced(VALID, f'table = "{UTH_PLAIN}"\n', "")
    text += (
        '\n[table]\ngame = "Ultimate Texas Hold \'Em"\nname = "T"\n'
        'ante = { minimum = "x", maximum = 100 }\nblind = { paytable = "A" }\n'
    )
    (line,) = problems(tmp_path, text)
    assert line.startswith(
        f"{tmp_path / 'lesson.toml'}: table.ante.minimum: 'x' is not a dollar amount"
    )


def test_a_broken_scenario_reports_its_own_problems(tmp_path: Path) -> None:
    write(
        tmp_path,
        "scenarios/bad.toml",
        f'table = "{UTH_PLAIN}"\ndealer = "Kc Kx"\nboard = "2c 3c 4c 5d 9h"\n'
        '[[seats]]\nseat = 1\ncards = "Ah Ad"\nante = "10"\ndecision = "play 4x"\n',
    )
    text = replaced(VALID, "generate = 2\nseats = [2, 5]", 'scenario = "scenarios/bad.toml"')
    (line,) = problems(tmp_path, text)
    scenario = tmp_path / "scenarios" / "bad.toml"
    assert line.startswith(f"{tmp_path / 'lesson.toml'}: rounds[0].scenario: {scenario}: dealer:")
    assert "'Kx'" in line


def test_duplicate_ids_break_both_lessons(tmp_path: Path) -> None:
    write(tmp_path, "a/one.toml", VALID)
    write(tmp_path, "b/two.toml", replaced(VALID, "level = 1", "level = 2"))
    write(tmp_path, "c/three.toml", replaced(VALID, 'id = "valid-lesson"', 'id = "other"'))
    entries = load_lessons(tmp_path)
    assert [e.ok for e in entries] == [False, False, True]
    one, two, _ = entries
    assert one.lines() == [
        f"{one.path}: id: an id no other lesson uses (also in {two.path}) (got 'valid-lesson')"
    ]
    assert one.id == "valid-lesson" and one.level == 1 and two.level == 2


def test_a_broken_lesson_is_listed_not_dropped(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", VALID)
    write(tmp_path, "b.toml", replaced(VALID, 'id = "valid-lesson"\n', 'id = "b"\nattempts = 2\n'))
    write(tmp_path, "c.toml", "not toml at all [")
    write(tmp_path, "tables/t.toml", "this is not a lesson")
    write(tmp_path, "scenarios/s.toml", "nor is this")
    entries = load_lessons(tmp_path)
    assert [e.path.name for e in entries] == ["a.toml", "b.toml", "c.toml"]
    assert [e.ok for e in entries] == [True, False, False]
    assert entries[1].title == "A valid lesson" and entries[1].id == "b"
    assert entries[1].error.startswith("1 problem in")
    assert entries[1].error.endswith(
        "b.toml: attempts: only in exam mode (this is practice) (got 2)"
    )
    assert entries[2].title == "c.toml"


def test_an_engine_failure_is_a_listed_problem_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "a.toml", VALID)

    def explode(path: Path) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(lessons_module, "check_lesson", explode)
    (entry,) = load_lessons(tmp_path)
    assert not entry.ok
    assert "RuntimeError: engine bug" in entry.error


def test_a_generator_failure_is_a_problem_of_the_lesson(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: object) -> None:
        raise KeyError("generator bug")

    monkeypatch.setattr(lessons_module, "_check_block", explode)
    (line,) = check_lesson(write(tmp_path, "a.toml", VALID)).lines()
    assert (
        line == f"{tmp_path / 'a.toml'}: a lesson the trainer can check (KeyError: 'generator bug')"
    )


def test_load_lesson_raises_with_every_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "l.toml", replaced(VALID, 'mode = "practice"', 'mode = "exam"'))
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    assert caught.value.fields == ("time_limit_seconds", "pass_mark")
    assert str(caught.value).startswith("2 problems in")


# --- never a traceback -------------------------------------------------------------------------

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(
        st.sampled_from(["who", "hand", "cards", "x"]), st.text(max_size=8), max_size=3
    ),
)
BASE: dict[str, Any] = tomllib.loads(VALID)
FIELDS = [*BASE, "pass_mark", "attempts", "time_limit_seconds", "mastery", "targets", "seed"]


@settings(max_examples=60, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4))
def test_no_lesson_file_makes_the_checker_raise(
    tmp_path_factory: pytest.TempPathFactory, changes: dict[str, Any]
) -> None:
    data = dict(BASE)
    rounds = [dict(BASE["rounds"][0])]
    for key, value in changes.items():
        target = rounds[0] if key in ("targets", "seed") else data
        if value is None:
            target.pop(key, None)
        else:
            target[key] = value
    data["rounds"] = rounds
    folder = tmp_path_factory.mktemp("fuzz")
    entry = check_lesson(write(folder, "l.toml", toml_text(data)))
    assert entry.ok or entry.problems


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=5),
        st.recursive(
            st.one_of(st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=4), inner, max_size=3)
            ),
            max_leaves=8,
        ),
        max_size=4,
    )
)
def test_inline_tables_are_written_back_as_the_same_toml(data: dict[str, Any]) -> None:
    assert tomllib.loads(toml_text(data)) == data
