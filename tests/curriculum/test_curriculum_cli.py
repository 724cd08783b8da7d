"""``dealer-trainer lessons check`` and its exit status."""

from __future__ import annotations

from pathlib import Path

import pytest
from curriculum_support import DATA, VALID, replaced, write

from dealer_trainer.cli import main


def test_the_shipped_course_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].endswith(" lessons checked, 0 with problems")


def test_one_valid_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "check", str(DATA / "timed_drill_inline_table.toml")]) == 0
    assert capsys.readouterr().out == "1 lesson checked, 0 with problems\n"


def test_a_folder_with_problems_prints_each_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a.toml", VALID)
    write(tmp_path, "b.toml", replaced(VALID, 'id = "valid-lesson"', 'id = "b"\nattempts = 1'))
    write(
        tmp_path,
        "c.toml",
        replaced(
            replaced(VALID, 'id = "valid-lesson"', 'id = "c"'),
            "seats = [2, 5]",
            'seats = [2, 5]\ntargets = [{ who = "seat nine", hand = "Flush" }]',
        ),
    )
    assert main(["lessons", "check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path / 'b.toml'}: attempts: only in exam mode (this is practice) (got 1)",
        f'{tmp_path / "c.toml"}: rounds[0].targets[0].who: "seat N", "dealer" or "board" '
        "(got 'seat nine')",
        "3 lessons checked, 2 with problems",
    ]


def test_paths_inside_the_working_folder_are_shown_relative(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path,
        "lessons/uth/03.toml",
        replaced(VALID, 'mode = "practice"', 'mode = "learn"\nattempts = 1'),
    )
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "check", "lessons"]) == 1
    assert (
        capsys.readouterr()
        .out.splitlines()[0]
        .startswith("lessons/uth/03.toml: attempts: only in exam mode")
    )


def test_a_path_that_does_not_exist_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "check", str(tmp_path / "nowhere")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "nowhere: no such file or folder" in captured.err


def test_lessons_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["lessons"])
    assert "check" in capsys.readouterr().err
