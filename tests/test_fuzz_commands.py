"""Hostile files through every command, in process: whatever a file holds, a command answers
with exit status 0, 1 or 2 and never lets an exception escape.

The shipped scenarios, tables, lessons, house ways, layouts and action logs are mutated (bytes
flipped, files cut short, values swapped for other types, huge or non-ASCII numbers, deep
nesting, other encodings) and given to ``settle``, ``grade``, ``table``, ``analyse`` (up to
its enumeration), ``practice`` (its window replaced by a stub), ``lessons check`` and
``results verify``; house ways and layouts, which no
command takes, go to the readers the app uses. Inputs it once broke on are kept beside this
file in ``fuzz_cases/`` and tested in ``test_hostile_inputs.py``.

``FUZZ_EXAMPLES`` (default 160 a kind) sets how many mutated files each test tries; the
examples are the same on every run unless ``FUZZ_RANDOM`` is set (a longer hunt for new
failures). ``FUZZ_COUNT`` names a file to which each command run appends its exit status.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout, suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import toml_text
from dealer_trainer.games.pai_gow.house_way import load_house_way
from dealer_trainer.layout.schema import load_layout
from dealer_trainer.resources import shipped_layouts, shipped_lessons, shipped_tables
from dealer_trainer.rules.errors import DataFileError

ROOT = Path(__file__).resolve().parent.parent
COUNT = os.environ.get("FUZZ_COUNT", "")
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "160"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("FUZZ_RANDOM"),
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

LOG_SCENARIO = ROOT / "docs/examples/uth_trips_full_house.toml"
ACTION_LOGS = [ROOT / "docs/examples/uth_trips_full_house.actions.json"]
SCENARIOS = sorted((ROOT / "tests/golden").glob("*/*.toml"))[::6] + sorted(
    (ROOT / "docs/examples").glob("*.toml")
)
TABLES = sorted(shipped_tables().glob("*.toml"))
LESSONS = sorted(shipped_lessons().glob("*/0[1-4]*.toml"))
HOUSE_WAYS = sorted((ROOT / "dealer_trainer/games/pai_gow/data/house_ways").glob("*.toml"))
LAYOUTS = sorted(shipped_layouts().glob("*.toml"))


def _absolute(data: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The file's references to other files made absolute, so a copy anywhere still finds
    them."""
    if isinstance(data.get("table"), str):
        data["table"] = str((folder / data["table"]).resolve())
    for entry in data.get("rounds", []):
        if isinstance(entry, dict) and isinstance(entry.get("scenario"), str):
            entry["scenario"] = str((folder / entry["scenario"]).resolve())
    return data


def _portable(path: Path) -> dict[str, Any]:
    return _absolute(tomllib.loads(path.read_text(encoding="utf-8")), path.parent)


HUGE = ["1e400", "99999999999999999999999999999", "١٥", "-1", "0", "", "x" * 300, "NaN"]
hostile_values: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(HUGE),
    st.sampled_from([2**70, -(2**63), 0, -1, 10**4000, True, float("inf"), float("nan"), 1e308]),
    st.text(max_size=12),
    st.integers(),
    st.floats(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.integers(min_value=30, max_value=60).map(lambda depth: _nested(depth)),
)


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a parsed document a value can be swapped."""
    items: Any = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        yield (*prefix, key)
        if isinstance(value, dict | list):
            yield from _paths(value, (*prefix, key))


def _swapped(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    copy = json.loads(json.dumps(data, default=str))
    node = copy
    for key in path[:-1]:
        node = node[key]
    if delete and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return copy


@st.composite
def mutated(draw: st.DrawFn, seeds: list[Path], kind: str) -> bytes:
    """A shipped file of ``kind`` ("toml" or "json"), changed in one to three ways."""
    seed = draw(st.sampled_from(seeds))
    if kind == "toml":
        data: Any = _portable(seed)
    else:
        data = json.loads(seed.read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        paths = list(_paths(data))
        if paths:
            path = draw(st.sampled_from(paths))
            data = _swapped(data, path, draw(hostile_values), draw(st.booleans()))
    try:
        text = toml_text(data) if kind == "toml" else json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        text = json.dumps(data, default=str)
    raw = bytearray(text.encode("utf-8"))
    how = draw(st.sampled_from(["none"] * 6 + ["flip", "cut", "insert", "utf-16", "deep", "empty"]))
    if how == "flip" and raw:
        at = draw(st.integers(min_value=0, max_value=len(raw) - 1))
        raw[at] = draw(st.integers(min_value=0, max_value=255))
    elif how == "cut":
        del raw[draw(st.integers(min_value=0, max_value=len(raw))) :]
    elif how == "insert":
        at = draw(st.integers(min_value=0, max_value=len(raw)))
        raw[at:at] = draw(st.binary(min_size=1, max_size=8))
    elif how == "utf-16":
        raw = bytearray(text.encode("utf-16"))
    elif how == "deep":
        depth = draw(st.sampled_from([40, 1_000, 20_000, 100_000]))
        nest = "[" * depth + "]" * depth
        raw = bytearray((f"a = {nest}\n" if kind == "toml" else nest).encode())
    elif how == "empty":
        raw = bytearray()
    return bytes(raw)


def _command(argv: list[str]) -> None:
    """``main(argv)`` as the console runs it; a status other than 0, 1 or 2, or any exception
    but ``SystemExit`` (argparse's usage errors), fails."""
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        try:
            status: object = main(argv)
        except SystemExit as stop:
            status = stop.code
        except Accepted:
            status = 0
    assert status in (0, 1, 2), (argv, status, err.getvalue())
    if COUNT:
        with open(COUNT, "a", encoding="utf-8") as tally:
            tally.write(f"{argv[0]} {status}\n")
    if status == 2:
        assert err.getvalue().strip(), argv


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """``practice`` checks its file, then opens the window: the check is what is fuzzed."""
    import dealer_trainer.gui.app

    monkeypatch.setattr(dealer_trainer.gui.app, "run_practice", lambda *args: 0)


def _with_file(raw: bytes, suffix: str, use: Callable[[str], None]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / f"fuzzed{suffix}"
        file.write_bytes(raw)
        use(str(file))


@FUZZ
@given(raw=mutated(SCENARIOS, "toml"))
def test_scenarios_through_settle_grade_and_practice(raw: bytes) -> None:
    def use(file: str) -> None:
        _command(["settle", file])
        _command(["grade", "--json", file, str(ACTION_LOGS[0])])
        _command(["practice", file, "--seed", "3"])

    _with_file(raw, ".toml", use)


@FUZZ
@given(raw=mutated(TABLES, "toml"))
def test_tables_through_table_and_practice(raw: bytes) -> None:
    def use(file: str) -> None:
        _command(["table", file])
        _command(["practice", file, "--seed", "5"])
        _command(["analyse", "--no-cache", file])

    _with_file(raw, ".toml", use)


class Accepted(Exception):
    """``analyse`` read the table and asked for its figures: the input was usable."""


@pytest.fixture(autouse=True)
def no_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyse`` reads its table, then enumerates every deal (minutes, tested in
    tests/analysis): the reading is what is fuzzed, so an accepted table stops there."""
    import dealer_trainer.analysis.table

    def accepted(config: object, source: str, *_args: object) -> None:
        assert config is not None and source.startswith("fuzzed")
        raise Accepted

    monkeypatch.setattr(dealer_trainer.analysis.table, "analyse_config", accepted)


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(raw=mutated(LESSONS, "toml"))
def test_lessons_through_lessons_check(raw: bytes) -> None:
    _with_file(raw, ".toml", lambda file: _command(["lessons", "check", file]))


@FUZZ
@given(raw=mutated(ACTION_LOGS, "json"))
def test_action_logs_through_grade(raw: bytes) -> None:
    _with_file(raw, ".json", lambda file: _command(["grade", str(LOG_SCENARIO), file]))


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(raw=mutated(ACTION_LOGS, "json"))
def test_result_files_through_results_verify(raw: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("wrong password\n"))
    _with_file(raw, ".json", lambda file: _command(["results", "verify", "--password-stdin", file]))


@FUZZ
@given(raw=mutated(HOUSE_WAYS, "toml"))
def test_house_ways_are_read_or_refused(raw: bytes) -> None:
    def use(file: str) -> None:
        with suppress(DataFileError):
            load_house_way(file)

    _with_file(raw, ".toml", use)


@FUZZ
@given(raw=mutated(LAYOUTS, "toml"))
def test_layouts_are_read_or_refused(raw: bytes) -> None:
    def use(file: str) -> None:
        with suppress(DataFileError):
            load_layout(file)

    _with_file(raw, ".toml", use)


@settings(FUZZ, max_examples=max(1, EXAMPLES // 4))
@given(
    cards=st.lists(st.text(max_size=6), min_size=1, max_size=8),
    system=st.sampled_from(["five-card", "three-card", "pai-gow", "four-card", "x", ""]),
    seed=st.integers(min_value=-(2**80), max_value=2**80),
    limit=st.sampled_from(["inf", "nan", "-1", "0", "1e309", "abc", "30"]),
)
def test_arguments_through_hand_practice_and_grade(
    cards: list[str], system: str, seed: int, limit: str
) -> None:
    _command(["hand", "--system", system, "--", *cards])
    _command(["practice", str(TABLES[0]), "--seed", str(seed)])
    _command(["grade", "--time-limit", limit, str(LOG_SCENARIO), str(ACTION_LOGS[0])])
