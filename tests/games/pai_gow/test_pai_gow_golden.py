"""Golden Pai Gow Poker settlements, worked out by hand from the regulation text (ch. 645a).

Each ``tests/golden/pai_gow/NAME.toml`` is a scenario whose opening comment works out the hands
(the dealer's by the standard house way, the players' by the house way unless the file gives a
split) and every amount, with its section. ``NAME.expected.txt`` holds the expected procedure,
one ``Step.describe()`` line per step in canonical order, then a blank line, then order
constraints ``A < B`` (A must come before B) derived from the regulation.

Where the engine disagrees with the regulation, the golden file keeps the regulation's answer
and the affected tests are marked ``xfail(strict=True)`` in ``KNOWN_BUGS`` with the reason.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from golden_support import golden_tests

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.pai_gow.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.pai_gow.round import PaiGowRound
from dealer_trainer.games.pai_gow.scenario import load_pai_gow_scenario, parse_pai_gow_scenario
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    """A scenario as if read from ``file`` (its table named relative to it)."""
    return parse_pai_gow_scenario(data, str(file), file_resolver(file))


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "pai_gow"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))

KNOWN_BUGS: dict[str, tuple[str, frozenset[str]]] = {}


def round_for(scenario: Path) -> PaiGowRound:
    return load_pai_gow_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=25, known_bugs=KNOWN_BUGS)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT, Action.HOLD_FOR_DOCUMENTATION}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_every_placed_wager_is_settled_once(scenario: Path) -> None:
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = Counter(
            s.spot.label
            for s in procedure
            if s.seat == play.seat and s.action in SETTLES and not is_pre_deal(s)
        )
        dropped = any(
            is_pre_deal(s) and s.seat == play.seat and s.action is Action.COLLECT for s in procedure
        )
        if dropped and "Progressive Payout Wager" not in settled:
            settled["Progressive Payout Wager"] = 1  # lost: its chips were dropped pre-deal
        assert settled == Counter(wager.value for wager in play.wagers), play.seat
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) <= 1


def test_vigorish_is_five_percent_rounded_up_to_a_quarter_and_never_on_ez() -> None:
    """§ 645a.13(a): 5% of the win, rounded up to 25¢ on the classic tables here; none on EZ."""
    quarter = Decimal("0.25")
    for scenario in SCENARIOS:
        procedure = procedure_for(scenario)
        commissions = [s for s in procedure if s.action is Action.COLLECT_COMMISSION]
        if scenario.stem.startswith("ez_"):
            assert not commissions, scenario.stem
        for step in commissions:
            (win,) = [
                s
                for s in procedure
                if (s.seat, s.spot.label, s.action) == (step.seat, step.spot.label, Action.PAY)
            ]
            assert win.amount is not None and step.amount is not None
            exact = win.amount * Decimal("0.05")
            assert step.amount % quarter == 0
            assert exact <= step.amount < exact + quarter, scenario.stem


def _scenario(table: str, seat: dict[str, Any]) -> dict[str, Any]:
    return {
        "table": str(TABLES / table),
        "dealer": "Kc Td 8h 6s 4c 3d 2h",
        "seats": [{"seat": 3, "cards": "Ah Ad Qs Jh 9c 7d 5c", "pai_gow": "10", **seat}],
    }


@pytest.mark.parametrize(
    "wager", ["dynasty_bonus", "protection", "queens_dragon", "red_black", "progressive"]
)
def test_surrender_with_an_optional_wager_is_refused(wager: str) -> None:
    """A player may surrender only without an optional wager (§ 645a.11(d))."""
    seat: dict[str, Any] = {"surrender": True, wager: "1"}
    if wager == "red_black":
        seat["colour"] = "Red"
    with pytest.raises(DataFileError, match=r"645a\.11\(d\)"):
        parse_inline(_scenario("pai_gow_ez_all_options.toml", seat), GOLDEN / "inline.toml")


def test_surrender_without_an_optional_wager_is_accepted() -> None:
    data = _scenario("pai_gow_ez_all_options.toml", {"surrender": True})
    round_ = parse_inline(data, GOLDEN / "inline.toml")
    steps = [s.describe() for s in build_procedure(round_)]
    assert steps == [
        "Dealer Table: announce no more bets",
        "Dealer Table: lock out wagers",
        "Dealer Hand: set hand",
        "Seat 3 Pai Gow Poker Wager: collect $10",
        "Seat 3 Cards: discard",
    ]


def test_a_wager_the_table_does_not_offer_is_refused() -> None:
    data = _scenario("pai_gow_classic.toml", {"dynasty_bonus": "5"})
    with pytest.raises(DataFileError):
        parse_inline(data, GOLDEN / "inline.toml")


def test_the_envy_wager_spot_is_the_dynasty_bonus() -> None:
    """Envy Bonuses on the EZ table are the Dynasty Bonus's Envy column (§ 645a.13(g))."""
    round_ = round_for(GOLDEN / "ez_envy_two_qualifying_hands.toml")
    assert round_.lammers() == {
        6: PaiGowWager.DYNASTY_BONUS,
        4: PaiGowWager.DYNASTY_BONUS,
        2: PaiGowWager.DYNASTY_BONUS,
    }
