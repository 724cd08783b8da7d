"""Each input that once ended a command in a traceback, or was accepted though it must be
refused (issue 16), and the inputs the fuzz test found: exit status 2 and one line on standard
error naming the file and the field or value. Fixed files are in ``tests/hostile/``; those
that name a table are written from the shipped example, its table made absolute."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.cli import main
from dealer_trainer.engine.action_log import MAX_ACTIONS, parse_actions
from dealer_trainer.games.pai_gow.house_way import load_house_way
from dealer_trainer.layout.schema import load_layout
from dealer_trainer.practice.rounds import load_round
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.rules.errors import (
    MAX_FILE_BYTES,
    DataFileError,
    parse_toml,
    read_data_file,
    read_json,
)
from dealer_trainer.rules.money import MoneyError, to_money

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = Path(__file__).resolve().parent / "hostile"
EXAMPLE = ROOT / "docs" / "examples" / "uth_trips_full_house.toml"
LOG = ROOT / "docs" / "examples" / "uth_trips_full_house.actions.json"
SPOTS = load_round(EXAMPLE).spots
EXAM = shipped_lessons() / "uth" / "03_plain_table_exam.toml"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The command's one line of refusal (exit status 2)."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def scenario(folder: Path, old: str = "", new: str = "", *, table: str | None = None) -> Path:
    """The shipped example with ``old`` replaced by ``new``, its table absolute (or
    ``table``)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    reference = tomllib.loads(text)["table"]
    named = str((EXAMPLE.parent / reference).resolve()) if table is None else table
    text = text.replace(f'table = "{reference}"', f"table = {_quoted(named)}")
    assert old in text
    path = folder / "scenario.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


SEAT_5 = 'ante = "15"\ntrips = "10"'


# --- money too large for Decimal -------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "field", "value"),
    [
        (SEAT_5, 'ante = "99999999999999999999999999999"\ntrips = "10"', "seats[0].ante", "999"),
        ('meter = "25000"', 'meter = "1e400"', "draws.meter", "1e400"),
        (SEAT_5, f'ante = {2**70}\ntrips = "10"', "seats[0].ante", str(2**70)),
        (SEAT_5, 'ante = "١٥"\ntrips = "10"', "seats[0].ante", "١٥"),
    ],
)
def test_a_scenario_amount_no_table_handles_is_refused(
    old: str, new: str, field: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, old, new)
    err = refused(capsys, "settle", str(file))
    assert f"{file}: {field}: " in err and value in err


@pytest.mark.parametrize(
    ("log", "value"),
    [("log_amount_1e400.json", "1e400"), ("log_amount_arabic.json", "١٥")],
)
def test_an_action_amount_no_table_handles_is_refused(
    log: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, "grade", str(EXAMPLE), str(HOSTILE / log))
    assert f"{HOSTILE / log}: actions[5].amount: " in err and value in err


def test_a_table_maximum_too_large_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    file = HOSTILE / "table_maximum_1e400.toml"
    err = refused(capsys, "table", str(file))
    assert f"{file}: ante.maximum: '1e400' is more than any table handles" in err


@pytest.mark.parametrize(
    "text", ["1e400", "99999999999999999999999999999", "-1e13", "١٥", "1e-400", "Infinity"]
)
def test_to_money_refuses_what_is_not_an_amount(text: str) -> None:
    with pytest.raises(MoneyError):
        to_money(text)


def test_to_money_keeps_every_amount_a_table_handles() -> None:
    assert to_money("999999999999.99") == Decimal("999999999999.99")
    assert to_money("7.500") == Decimal("7.50")
    assert to_money("0.000001", places=6) == Decimal("0.000001")


# --- wagers outside the table's limits ---------------------------------------------------


@pytest.mark.parametrize("ante", ["100000", "1"])
def test_an_ante_outside_the_table_limits_is_refused(
    ante: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, SEAT_5, f'ante = "{ante}"\ntrips = "10"')
    err = refused(capsys, "settle", str(file))
    assert f"{file}: seat 5: the Ante of ${int(ante):,} is outside the table's limits" in err


# --- unusable table references and folders ----------------------------------------------------


@pytest.mark.parametrize("table", ["", ".", "x" * 300])
def test_a_scenario_table_that_cannot_be_read_is_a_table_problem(
    table: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, table=table)
    err = refused(capsys, "settle", str(file))
    assert err.startswith(f"dealer-trainer settle: {file}: table: ")


@pytest.mark.parametrize(
    "command", [["settle"], ["table"], ["practice"], ["results", "verify", "--password-stdin"]]
)
def test_a_folder_is_refused(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, *command, str(tmp_path))
    assert f"{tmp_path}: a file, not a folder" in err


def test_grade_refuses_a_folder_for_either_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert f"{tmp_path}: a file, not a folder" in refused(capsys, "grade", str(tmp_path), str(LOG))
    err = refused(capsys, "grade", str(EXAMPLE), str(tmp_path))
    assert f"{tmp_path}: a file, not a folder" in err


# --- other encodings and binary files ---------------------------------------------------------


@pytest.mark.parametrize("name", ["table_utf16.toml", "table_binary.toml"])
@pytest.mark.parametrize("command", [["table"], ["lessons", "check"], ["settle"], ["practice"]])
def test_a_file_that_is_not_utf8_is_named(
    name: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, *command, str(HOSTILE / name))
    assert f"{HOSTILE / name}: UTF-8 text (save it as UTF-8 from the editor) (got byte 0x" in err


# --- deep nesting -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["settle"], ["table"], ["lessons", "check"], ["practice"]])
def test_toml_nested_20000_deep_is_refused(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "deep.toml"
    file.write_text("a = " + "[" * 20_000 + "]" * 20_000 + "\n")
    err = refused(capsys, *command, str(file))
    assert f"{file}: tables and lists nested at most 32 deep" in err


def test_toml_nested_deep_in_a_scenario_for_grade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(
        tmp_path, 'title = "', "deep = " + "{ a = " * 5_000 + "1" + " }" * 5_000 + '\ntitle = "'
    )
    err = refused(capsys, "grade", str(file), str(LOG))
    assert f"{file}: tables and lists nested at most 32 deep" in err


@pytest.mark.parametrize(
    "command", [["grade", str(EXAMPLE)], ["results", "verify", "--password-stdin"]]
)
def test_json_nested_100000_deep_is_refused(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "deep.json"
    file.write_text("[" * 100_000 + "]" * 100_000)
    err = refused(capsys, *command, str(file))
    assert f"{file}: tables and lists nested at most 32 deep" in err


def test_nesting_is_measured_after_parsing_too() -> None:
    shallow_enough = "a = " + "[" * 31 + "]" * 31  # the document itself is the first level
    assert parse_toml(shallow_enough, "x.toml")
    with pytest.raises(DataFileError, match="nested at most 32 deep"):
        parse_toml("a = " + "[" * 32 + "]" * 32, "x.toml")


# --- action logs -------------------------------------------------------------------------------


def test_an_infinite_time_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    file = HOSTILE / "log_at_infinity.json"
    err = refused(capsys, "grade", str(EXAMPLE), str(file))
    assert f"{file}: not valid JSON: numbers are finite (got Infinity)" in err


def test_an_infinite_time_given_as_data_is_refused() -> None:
    action = {"seat": 5, "spot": "Ante", "action": "collect", "amount": "15"}
    for at in (float("inf"), float("nan"), 86_401.0):
        with pytest.raises(DataFileError, match=r"actions\[0\]\.at"):
            parse_actions({"actions": [{**action, "at": at}]}, SPOTS, "log.json")


def test_an_action_log_too_large_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "huge.json"
    action = '{"seat": 5, "spot": "Ante", "action": "collect", "amount": "15", "at": 1.0}'
    file.write_text('{"actions": [' + ", ".join([action] * (MAX_FILE_BYTES // 60)) + "]}")
    err = refused(capsys, "grade", str(EXAMPLE), str(file))
    assert f"{file}: a data file of at most {MAX_FILE_BYTES:,} bytes" in err


def test_an_action_log_of_more_actions_than_a_round_has_is_refused() -> None:
    action = {"seat": 5, "spot": "Ante", "action": "collect", "amount": "15"}
    with pytest.raises(DataFileError, match=f"at most {MAX_ACTIONS} items"):
        parse_actions({"actions": [action] * (MAX_ACTIONS + 1)}, SPOTS, "log.json")


def test_grade_refuses_an_infinite_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["grade", "--time-limit", "inf", str(EXAMPLE), str(LOG)])
    assert stop.value.code == 2
    assert "'inf' is not a number of seconds up to a day" in capsys.readouterr().err


# --- lessons ------------------------------------------------------------------------------------


def lesson(folder: Path, old: str, new: str) -> Path:
    text = EXAM.read_text(encoding="utf-8")
    reference = tomllib.loads(text)["table"]
    text = text.replace(f'"{reference}"', _quoted(str((EXAM.parent / reference).resolve())))
    assert old in text
    path = folder / "exam.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("limit", ["inf", "nan", "1e300", "86401"])
def test_an_exam_time_limit_beyond_a_day_is_refused(
    limit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = lesson(tmp_path, "time_limit_seconds = 180", f"time_limit_seconds = {limit}")
    assert main(["lessons", "check", str(file)]) == 1
    assert f"{file}: time_limit_seconds: " in capsys.readouterr().out


def test_a_block_of_too_many_targets_is_refused_before_any_is_dealt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = '{ who = "seat 5", hand = "Full house" }'
    block = f"\n[[rounds]]\ngenerate = 2\nseats = [5]\ntargets = [{', '.join([target] * 3000)}]\n"
    file = lesson(tmp_path, "[[rounds]]", block.strip() + "\n\n[[rounds]]")
    assert main(["lessons", "check", str(file)]) == 1
    out = capsys.readouterr().out
    assert f"{file}: rounds[0].targets: a list of at most 32 items" in out


def test_a_lesson_of_too_many_round_entries_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = lesson(tmp_path, "[[rounds]]", "[[rounds]]\ngenerate = 1\n\n" * 100 + "[[rounds]]")
    assert main(["lessons", "check", str(file)]) == 1
    assert f"{file}: rounds: a list of at most 100 items" in capsys.readouterr().out


# --- the one reader -----------------------------------------------------------------------------


def test_every_reason_a_file_cannot_be_read_names_it(tmp_path: Path) -> None:
    reasons = {
        tmp_path / "missing.toml": "file not found",
        tmp_path: "a file, not a folder",
        tmp_path / ("x" * 300): "cannot be read: File name too long",
    }
    for path, reason in reasons.items():
        with pytest.raises(DataFileError) as caught:
            read_data_file(path)
        assert caught.value.problems[0].render(caught.value.file) == f"{path}: {reason}"


def test_json_constants_and_endless_integers_are_refused(tmp_path: Path) -> None:
    for text, reason in [("NaN", "numbers are finite"), ("9" * 5000, "not valid JSON")]:
        file = tmp_path / "x.json"
        file.write_text(text)
        with pytest.raises(DataFileError, match=reason):
            read_json(file)


# --- found by the fuzz test (tests/test_fuzz_commands.py) on the code before issue 16 ----------


def test_a_layout_in_utf16_is_refused_naming_it() -> None:
    file = HOSTILE / "layout_utf16.toml"
    with pytest.raises(DataFileError) as caught:
        load_layout(file)
    assert caught.value.file == str(file)
    assert caught.value.problems[0].expected.startswith("UTF-8 text")


def test_a_house_way_cut_short_in_a_character_is_refused_naming_it() -> None:
    file = HOSTILE / "house_way_cut_short.toml"
    with pytest.raises(DataFileError) as caught:
        load_house_way(file)
    assert caught.value.file == str(file)


@pytest.mark.parametrize("field", ["table", "scenario"])
def test_a_lesson_naming_a_file_too_long_for_the_system_is_a_problem_at_that_field(
    field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (shipped_lessons() / "uth" / "02_trips.toml").read_text(encoding="utf-8")
    old = {"table": 'table = "../tables/uth_plain.toml"', "scenario": 'scenario = "scenarios/'}
    new = {"table": f'table = "{"x" * 300}"', "scenario": f'scenario = "{"y" * 300}/'}
    assert old[field] in text
    file = tmp_path / "lesson.toml"
    file.write_text(text.replace(old[field], new[field], 1), encoding="utf-8")
    assert main(["lessons", "check", str(file)]) == 1
    where = "table" if field == "table" else "rounds[0].scenario"
    assert f"{file}: {where}: a {field if field == 'scenario' else 'table configuration'} file" in (
        capsys.readouterr().out
    )
