"""Golden Texas Hold 'Em Bonus Poker settlements, worked out by hand from the regulation text.

Each ``tests/golden/texas_holdem_bonus/NAME.toml`` is a scenario; ``NAME.expected.txt`` holds
the expected procedure, one ``Step.describe()`` line per step in canonical order, then a
blank line, then order constraints ``A < B`` (A must come before B) derived from the regulation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_support import check_steps_match, read_expected, steps_by_description

from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.texas_holdem_bonus.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.texas_holdem_bonus.scenario import load_scenario

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "texas_holdem_bonus"
SCENARIOS = sorted(GOLDEN.glob("*.toml"))


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(load_scenario(scenario))


def test_there_are_enough_golden_scenarios() -> None:
    assert len(SCENARIOS) >= 20
    for scenario in SCENARIOS:
        assert scenario.with_suffix(".expected.txt").is_file(), scenario.name


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_steps_match_the_hand_computation(scenario: Path) -> None:
    check_steps_match(scenario, procedure_for(scenario))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_order_constraints_from_the_regulation_hold(scenario: Path) -> None:
    _, constraints = read_expected(scenario)
    procedure = procedure_for(scenario)
    steps = steps_by_description(procedure)
    for before, after in constraints:
        assert before in steps, f"no step {before!r}"
        assert after in steps, f"no step {after!r}"
        assert steps[after].id in procedure.descendants(steps[before].id), f"{before} < {after}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_canonical_order_grades_perfect(scenario: Path) -> None:
    procedure = procedure_for(scenario)
    actions = [
        TraineeAction(step.spot, step.action, step.amount, at=float(i))
        for i, step in enumerate(procedure)
    ]
    grade = grade_log(procedure, actions, not_called_for=NOT_CALLED_FOR)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]
    assert grade.score == 100
