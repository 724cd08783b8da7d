"""``settle`` and ``grade``: the console contract other tools and the exam checker rely on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_trainer.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
SCENARIO = EXAMPLES / "uth_trips_full_house.toml"
ACTIONS = EXAMPLES / "uth_trips_full_house.actions.json"


def test_settle_prints_the_numbered_procedure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(SCENARIO)]) == 0
    out = capsys.readouterr().out
    assert "  6. Seat 5 Trips: pay $70   (after 3, 4, 5; § 653b.2(b))" in out
    assert "  1. Dealer Table: announce no more bets   (§ 653a.8(b))" in out
    assert "  3. Seat 5 Ante: collect $15   (after 2)\n" in out, "no empty citation is printed"
    assert "Seat 2 Trips: collect $5" in out
    assert out.index("Seat 5 Cards: discard") < out.index("Seat 2 Ante")


def test_settle_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "--json", str(SCENARIO)]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    trips = next(s for s in steps if s["seat"] == 5 and s["spot"] == "Trips")
    assert set(trips) == {
        "id", "seat", "spot", "action", "amount", "after", "citation", "explanation"
    }  # fmt: skip
    assert trips["action"] == "pay" and trips["amount"] == "70.00"
    assert trips["citation"] == "§ 653b.2(b)"
    credit = next(s for s in steps if s["action"] == "credit_game_account")
    verify = next(s for s in steps if s["action"] == "verify_hand")
    assert verify["id"] in credit["after"]


def test_grade_explains_each_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SCENARIO), str(ACTIONS)]) == 0
    out = capsys.readouterr().out
    assert "Seat 5 Trips: pay $80: WRONG AMOUNT" in out
    assert "The amount is $70, not $80." in out
    assert "call floorperson: NOT CALLED FOR" in out
    assert "500-for-1" in out
    assert "Seat 2 Ante: collect $15: OUT OF ORDER" in out
    assert "MISSING Seat 2 Trips: collect $5" in out


def test_grade_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--json", str(SCENARIO), str(ACTIONS)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["grade", "--json", str(SCENARIO), str(ACTIONS)]) == 0
    assert json.loads(capsys.readouterr().out) == first
    verdicts = [j["verdict"] for j in first["judgements"]]
    assert verdicts.count("correct") == 8
    assert first["seconds"] == 15.0


def test_malformed_files_exit_2_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        SCENARIO.read_text()
        .replace('"Kc 9d"', '"Kc 9x"')
        .replace("../../dealer_trainer", str(SCENARIO.parent.parent.parent / "dealer_trainer"))
    )
    assert main(["settle", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "dealer" in err and "'9x'" in err
    actions = tmp_path / "actions.json"
    actions.write_text('{"actions": [{"seat": 5, "spot": "Ante", "action": "shove"}]}')
    assert main(["grade", str(SCENARIO), str(actions)]) == 2
    err = capsys.readouterr().err
    assert str(actions) in err and "actions[0].action" in err and "'shove'" in err
    actions.write_text('{"actions": [{"seat": 5, "spot": "Side bet", "action": "collect"}]}')
    assert main(["grade", str(SCENARIO), str(actions)]) == 2
    err = capsys.readouterr().err
    assert "actions[0].spot: a spot of this game (got 'Side bet')" in err


def test_table_prints_every_paytable_and_rule_with_its_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tables = EXAMPLES.parent.parent / "dealer_trainer" / "lessons" / "tables"
    assert main(["table", str(tables / "uth_all_653b_options.toml")]) == 0
    out = capsys.readouterr().out
    assert "Trips Paytable E  $5-$100  — § 653b.2(b) — regulation text" in out
    assert "    Full house: 7 to 1" in out
    assert "Progressive Payout Wager  $1-$5  no paytable stated" in out
    assert "Dealer qualifies with: One pair  — common practice" in out
    assert main(["table", str(tables / "uth_red_aces_half_dollar.toml")]) == 0
    out = capsys.readouterr().out
    assert "(default exact to the cent" in out and "Rules Submission" in out


def test_table_with_a_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "t.toml"
    bad.write_text('game = "Ultimate Texas Hold \'Em"\nname = "x"\n[ante]\nminimum = 10\n')
    assert main(["table", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "ante.maximum" in err and "blind" in err


@pytest.mark.parametrize(
    ("table", "line"),
    [
        ("three_card_poker_plain.toml", "    Player's hand outranks the dealer's: 1 to 1"),
        ("let_it_ride_plain.toml", "    Royal flush: 1,000 to 1"),
        ("caribbean_stud_plain.toml", "Bet Paytable A"),
        ("four_card_poker_aces_up.toml", "Aces Up Paytable A"),
        ("pai_gow_classic.toml", "Pai Gow Poker"),
    ],
)
def test_table_reports_every_game(
    capsys: pytest.CaptureFixture[str], table: str, line: str
) -> None:
    tables = EXAMPLES.parent.parent / "dealer_trainer" / "lessons" / "tables"
    assert main(["table", str(tables / table)]) == 0
    out = capsys.readouterr().out
    assert line in out, out
    assert "regulation text" in out, "every number carries its basis"
    assert "[SEED]" not in out and "[STANDARD]" not in out and ".md" not in out, "in plain words"


def test_table_of_an_unknown_game_names_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "t.toml"
    bad.write_text('game = "Casino War"\nname = "x"\n')
    assert main(["table", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "game: one of" in err and "Three Card Poker" in err and "'Casino War'" in err
