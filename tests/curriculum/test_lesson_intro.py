"""Lesson introductions: the first lesson of every game teaches before it tests, with the
paytable its table posts and an example whose steps are the grader's; every mistake in an
introduction is reported at its field, never as a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from curriculum_support import VALID, write

from dealer_trainer.cli import main
from dealer_trainer.curriculum.intro import intro_view, posted_signs
from dealer_trainer.curriculum.lessons import LESSONS, check_lesson, load_lessons
from dealer_trainer.curriculum.schema import INTRO_MAX_CHARS
from dealer_trainer.games.registry import GAME_NAMES
from dealer_trainer.practice.rounds import load_round

SCENARIO = (LESSONS / "uth" / "scenarios" / "blind_a_straight.toml").as_posix()


def first_lessons() -> dict[str, Path]:
    """The lowest-level lesson of each game in the shipped course."""
    firsts: dict[str, tuple[int, Path]] = {}
    for entry in load_lessons(LESSONS):
        assert entry.lesson is not None, entry.error
        if entry.lesson.exam:
            continue
        best = firsts.get(entry.game)
        if best is None or entry.level < best[0]:
            firsts[entry.game] = (entry.level, entry.path)
    return {game: path for game, (_level, path) in firsts.items()}


def test_the_first_lesson_of_every_shipped_game_has_an_introduction() -> None:
    firsts = first_lessons()
    assert set(firsts) == {g for g in GAME_NAMES if any(e.game == g for e in load_lessons())}
    for game, path in firsts.items():
        lesson = check_lesson(path).lesson
        assert lesson is not None and lesson.intro is not None, f"{game}: {path}"
        view = intro_view(lesson.title, lesson.intro, lesson.table)
        assert view.sign is not None and view.sign in posted_signs(lesson.table), path
        assert view.sign.rows, "the paytable is drawn with its rows"
        assert view.example is not None and view.example.steps, path
        example = load_round(lesson.intro.example) if lesson.intro.example else None
        assert example is not None and example.setup.game == game
        expected = [
            s.explanation
            for s in example.procedure.steps
            if s.seat in (view.example.seat, 0) and "before the first card" not in s.explanation
        ]
        assert set(view.example.steps) <= set(expected)
        assert any(f"Seat {view.example.seat}" in step for step in view.example.steps)
        assert 0 < len(view.text) <= INTRO_MAX_CHARS


def test_the_paytable_shown_is_the_one_the_table_posts_not_typed_in() -> None:
    lesson = check_lesson(LESSONS / "uth" / "01_first_settlement.toml").lesson
    assert lesson is not None and lesson.intro is not None
    view = intro_view(lesson.title, lesson.intro, lesson.table)
    assert view.sign is not None and view.sign.title == "Blind Paytable A"
    assert ("Straight", "1 to 1") in view.sign.rows and (
        "Royal flush",
        "500 to 1",
    ) in view.sign.rows
    assert lesson.intro.example is not None
    assert "Blind Paytable A pays Straight 1 to 1" in " ".join(view.example.steps)  # type: ignore[union-attr]


def lesson_with(tmp_path: Path, intro: str, mode: str = "practice") -> list[str]:
    text = VALID.replace('mode = "practice"', f'mode = "{mode}"')
    if mode == "exam":
        text = text.replace("[[rounds]]", "time_limit_seconds = 60\npass_mark = 80\n\n[[rounds]]")
    text = text.replace("[[rounds]]", f"{intro}\n[[rounds]]")
    path = write(tmp_path, "lesson.toml", text)
    entry = check_lesson(path)
    return [f"{p.field}: {p.expected} (got {p.got})" for p in entry.problems]


@pytest.mark.parametrize(
    ("intro", "expected"),
    [
        (
            '[intro]\ntext = "Read me."\npaytable = "Trip"\n',
            "intro.paytable: a wager this table posts a paytable for: 'Ante and Play', 'Blind', "
            "'Trips' (got 'Trip')",
        ),
        (
            '[intro]\ntext = "Read me."\nexample = "nowhere.toml"\n',
            "intro.example: a scenario file that exists (got 'nowhere.toml')",
        ),
        (
            f'[intro]\ntext = "Read me."\nexample = "{SCENARIO}"\nseat = 6\n',
            "intro.seat: a seat the example deals (3) (got 6)",
        ),
        ('[intro]\ntext = "Read me."\nseat = 2\n', "intro: seat only with example"),
        ('[intro]\ntxt = "Read me."\n', "intro.txt: unknown field (check the spelling)"),
        ("[intro]\ntext = '   '\n", "intro.text: a few sentences for the trainee to read"),
        (
            f"[intro]\ntext = '{'x' * (INTRO_MAX_CHARS + 1)}'\n",
            f"intro.text: text of at most {INTRO_MAX_CHARS} characters",
        ),
    ],
)
def test_a_wrong_introduction_is_reported_at_its_field(
    tmp_path: Path, intro: str, expected: str
) -> None:
    problems = lesson_with(tmp_path, intro)
    assert any(p.startswith(expected) for p in problems), problems


def test_an_exam_has_no_introduction(tmp_path: Path) -> None:
    problems = lesson_with(tmp_path, '[intro]\ntext = "Hints before an exam."\n', mode="exam")
    assert any(p.startswith("intro: no introduction in an exam") for p in problems), problems


def test_a_valid_introduction_with_every_field_loads(tmp_path: Path) -> None:
    intro = f'[intro]\ntext = "Read me."\npaytable = "blind"\nexample = "{SCENARIO}"\nseat = 3\n'
    assert lesson_with(tmp_path, intro) == []


def test_lessons_check_names_the_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lesson_with(tmp_path, '[intro]\ntext = "Read me."\npaytable = "Bad Beat"\n')
    assert main(["lessons", "check", str(tmp_path / "lesson.toml")]) == 1
    out = capsys.readouterr().out
    assert "lesson.toml: intro.paytable: a wager this table posts a paytable for" in out


def test_the_schema_describes_the_introduction() -> None:
    schema = json.loads((LESSONS / "lesson.schema.json").read_text(encoding="utf-8"))
    intro = schema["$defs"]["IntroSpec"]
    assert set(intro["properties"]) == {"text", "paytable", "example", "seat"}
    assert intro["required"] == ["text"] and intro["additionalProperties"] is False


def test_an_introduction_and_the_house_way_carry_no_developer_notes() -> None:
    from trainee_text_support import developer_notes

    from dealer_trainer.practice.rounds import deal_table
    from dealer_trainer.resources import shipped_tables

    for path in first_lessons().values():
        lesson = check_lesson(path).lesson
        assert lesson is not None and lesson.intro is not None
        view = intro_view(lesson.title, lesson.intro, lesson.table)
        assert view.sign is not None and view.example is not None
        shown = [view.text, view.sign.title, view.sign.cards, *view.example.steps]
        shown += [f"{hand} {odds}" for hand, odds in view.sign.rows]
        assert developer_notes(" ".join(shown)) == [], path
    for table in ("pai_gow_classic.toml", "pai_gow_ez_plain.toml"):
        (sheet,) = deal_table(shipped_tables() / table, 1).reference
        words = [sheet.title, *sheet.summary]
        words += [f"{rule} {note}" for s in sheet.sections for _n, rule, note in s.rules]
        assert developer_notes(" ".join(words)) == [], table
        numbers = [n for s in sheet.sections for n, _rule, _note in s.rules]
        assert numbers == list(range(1, len(numbers) + 1)), "every rule, in the file's order"
