"""The rate of progression: every meter's Rules Submission states it, and the ``table`` report
shows it (§ 639a.12(e)(4) and each chapter's section titled for the rate of progression)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from dealer_trainer.practice.rounds import read_table
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.rules.game_paytables import recorded_tables

METER_SECTIONS = (
    "progressive",
    "four_card_progressive",
    "five_card_progressive",
    "five_card_hand_bonus",
)


def _tables() -> list[Path]:
    root = shipped_tables()
    return sorted([*root.glob("*.toml"), *root.glob("course/*.toml")])


def _meters(path: Path) -> dict[str, dict[str, object]]:
    """Each meter's section by its dotted name; a progressive paying named jackpots (Mississippi
    Stud Paytables B-D) has a meter per jackpot, ``progressive.jackpots.mega`` and so on."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    meters: dict[str, dict[str, object]] = {}
    for name in METER_SECTIONS:
        section = data.get(name)
        if section is None:
            continue
        jackpots = section.get("jackpots")
        if not isinstance(jackpots, dict):
            meters[name] = section
            continue
        for jackpot, meter in jackpots.items():
            if isinstance(meter, dict):
                meters[f"{name}.jackpots.{jackpot}"] = meter
    return meters


METERED = [path for path in _tables() if _meters(path)]


def test_some_shipped_tables_have_meters() -> None:
    games = {path.name.split("_")[0] for path in METERED}
    assert {"caribbean", "four", "let", "pai", "three", "uth"} <= games


@pytest.mark.parametrize("path", METERED, ids=lambda p: p.stem)
def test_every_shipped_meter_states_its_rate_and_the_report_shows_it(path: Path) -> None:
    meters = _meters(path)
    for section in meters.values():
        assert "rate_of_progression_percent" in section
    definition, config = read_table(path)
    report = definition.report(config)
    shown = [line for line in report if "(rate of progression, §" in line]
    assert len(shown) == len(meters), report
    for section in meters.values():
        rate = section["rate_of_progression_percent"]
        assert any(f"meter rises by {rate}% of each wager" in line for line in shown)


@pytest.mark.parametrize("path", METERED, ids=lambda p: p.stem)
def test_a_meter_without_its_rate_is_refused_naming_the_field(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for name in _meters(path):
        lines = text.splitlines()
        header = lines.index(next(line for line in lines if line.startswith(f"[{name}]")))
        rate = next(
            index
            for index in range(header + 1, len(lines))
            if lines[index].startswith("rate_of_progression_percent")
        )
        without = tmp_path / f"{name}.toml"
        without.write_text("\n".join(lines[:rate] + lines[rate + 1 :]), encoding="utf-8")
        with pytest.raises(DataFileError) as refused:
            read_table(without)
        assert f"{name}.rate_of_progression_percent" in str(refused.value)


def test_a_table_recorded_before_the_rate_was_required_still_replays(tmp_path: Path) -> None:
    path = shipped_tables() / "caribbean_stud_progressive.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    old = tmp_path / "recorded.toml"
    old.write_text(
        "\n".join(line for line in lines if not line.startswith("rate_of_progression_percent")),
        encoding="utf-8",
    )
    with pytest.raises(DataFileError):
        read_table(old)
    with recorded_tables():
        definition, config = read_table(old)
    assert not any("rate of progression" in line for line in definition.report(config))
    with pytest.raises(DataFileError):
        read_table(old)
