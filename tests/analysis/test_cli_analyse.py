"""``dealer-trainer analyse``: the figures as text or JSON, every table of a folder written with
``--out``, a bad file refused with its name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_trainer.cli import main
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
PAIR_PLUS = TABLES / "three_card_poker_pair_plus_six_card.toml"


def test_json_states_each_figure_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(PAIR_PLUS), "--json", "--no-cache", "--rounds", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    pair_plus = next(w for w in data["wagers"] if w["name"] == "Pair Plus")
    assert pair_plus["method"] == "exact"
    assert pair_plus["deals"] == 22_100
    assert [row["combinations"] for row in pair_plus["rows"]] == [48, 52, 720, 1_096, 3_744]
    edge = pair_plus["house_edge"]["exact"]
    assert edge == "253/5525"  # (16,440 - 15,428) / 22,100 on 35-25-6-4-1
    assert {n["name"] for n in data["not_analysed"]} == {"Ante", "Play"}
    assert set(data["per_100_rounds"]) >= {"VERIFY", "FLOORPERSON", "METER_RESET"}


def test_out_writes_text_and_json_and_the_cache_serves_the_second_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    out = tmp_path / "analysis"
    args = ["analyse", str(PAIR_PLUS), "--out", str(out), "--cache", str(cache), "--rounds", "0"]
    assert main(args) == 0
    assert main(args) == 0
    assert len(list(cache.glob("*.json"))) == 1
    text = (out / "three_card_poker_pair_plus_six_card.txt").read_text(encoding="utf-8")
    assert "Pair Plus Paytable A [exact]" in text and "house edge 4.5792%" in text
    assert json.loads((out / "three_card_poker_pair_plus_six_card.json").read_text())


def test_a_file_that_is_not_a_table_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "Snap"\n')
    assert main(["analyse", str(bad), "--no-cache"]) == 2
    assert "bad.toml" in capsys.readouterr().err
