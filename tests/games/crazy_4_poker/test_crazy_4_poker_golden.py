"""Golden Crazy 4 Poker settlements, worked out by hand from the rules (ch. 657a).

Each ``tests/golden/crazy_4_poker/NAME.toml`` is a scenario whose opening comment works out both
best-four hands and every amount. ``NAME.expected.txt`` holds the expected procedure, one
``Step.describe()`` line per step in canonical order, then a blank line, then order constraints
``A < B`` (A must come before B): forfeited wagers and cards before the dealer's reveal, the
reveal before any seat, seats counterclockwise from the dealer's right, the Queens Up after the
seat's other chip wagers, the Five Card Hand Bonus after them, the discard last.

The hands and their order are § 657a.6 (read); the wager rules are the game's published house
rules, the Rules Submission settings the tables state (§§ 657a.7, 657a.11, 657a.12 are not yet
read).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from best_four_golden import (
    check_reveal_after_every_fold,
    chip_wagers_placed,
    chip_wagers_settled,
)
from golden_support import golden_tests

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.crazy_4_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.crazy_4_poker.round import Crazy4Round
from dealer_trainer.games.crazy_4_poker.scenario import (
    load_crazy_4_poker_scenario,
    parse_crazy_4_poker_scenario,
)
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "crazy_4_poker"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))

KNOWN_BUGS: dict[str, tuple[str, frozenset[str]]] = {}


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    return parse_crazy_4_poker_scenario(data, str(file), file_resolver(file))


def round_for(scenario: Path) -> Crazy4Round:
    return load_crazy_4_poker_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=20, known_bugs=KNOWN_BUGS)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_every_placed_wager_is_settled_once(scenario: Path) -> None:
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = chip_wagers_settled(procedure, play)
        assert settled == chip_wagers_placed(play), play.seat
        assert play.stake(Crazy4Wager.SUPER_BONUS) == play.ante
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) == 1


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_dealer_selects_the_best_four_once_after_every_fold(scenario: Path) -> None:
    round_ = round_for(scenario)
    check_reveal_after_every_fold(
        round_, build_procedure(round_), hand_matcher(round_), Crazy4Wager.ANTE.value
    )


def _scenario(table: str, **seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / table),
        "dealer": "Kh Jd 9c 6s 3h",
        "seats": [{"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": "10", **seat}],
    }


def test_a_raise_without_a_pair_of_aces_is_refused_naming_the_field() -> None:
    data = _scenario("crazy_4_poker_plain.toml", decision="play 3x")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("seats[0].decision",)
    assert "needs a pair of aces or better" in str(caught.value)


def test_a_play_above_3x_is_refused_even_with_aces() -> None:
    data = _scenario("crazy_4_poker_plain.toml", decision="play 4x", cards="Ac Ad Qs 5h 4c")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("seats[0].decision",)


def test_a_queens_up_on_a_table_without_one_is_refused() -> None:
    data = _scenario("crazy_4_poker_plain.toml", decision="fold", queens_up="5")
    with pytest.raises(DataFileError, match="does not offer the Queens Up"):
        parse_inline(data, GOLDEN / "inline.toml")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dealer": "Kh Jd 9c 6s"}, "dealer"),
        ({"dealer": "Kh Jd 9c 6s 3h 2d"}, "dealer"),
        (
            {"seats": [{"seat": 7, "cards": "7c 7d Qs 5h 4c", "ante": 10, "decision": "fold"}]},
            "seats[0].seat",
        ),
        (
            {"seats": [{"seat": 3, "cards": "7c 7d Qs 5h", "ante": 10, "decision": "fold"}]},
            "seats[0].cards",
        ),
        (
            {"seats": [{"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": 10, "decision": "raise"}]},
            "seats[0].decision",
        ),
        (
            {"seats": [{"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": 7.5, "decision": "fold"}]},
            "seats[0].ante",
        ),
        ({"tabel": "x"}, "tabel"),
    ],
)
def test_scenario_errors_name_the_field(change: dict[str, Any], field: str) -> None:
    data = {**_scenario("crazy_4_poker_plain.toml", decision="fold"), **change}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert field in caught.value.fields
    assert str(GOLDEN / "inline.toml") in str(caught.value)


def test_a_card_dealt_twice_and_an_ante_outside_the_limits_are_refused() -> None:
    twice = _scenario("crazy_4_poker_plain.toml", decision="fold", cards="Kh 7d Qs 5h 4c")
    with pytest.raises(DataFileError, match="Kh is dealt twice"):
        parse_inline(twice, GOLDEN / "inline.toml")
    cheap = _scenario("crazy_4_poker_plain.toml", decision="fold", ante="5")
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$10 to \$500"):
        parse_inline(cheap, GOLDEN / "inline.toml")
