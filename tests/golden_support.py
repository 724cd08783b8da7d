"""The golden-scenario harness every game's golden tests share.

A golden file ``NAME.expected.txt`` holds the procedure worked out by hand from the regulation:
one ``Step.describe()`` line per step in canonical order, a blank line, then order constraints
``A < B`` (A must come before B). These checks compare it with what the engine builds, and
``golden_tests`` makes the five tests every game's golden module runs on its scenarios.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, Verdict, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step


def read_expected(scenario: Path) -> tuple[list[str], list[tuple[str, str]]]:
    text = scenario.with_suffix(".expected.txt").read_text(encoding="utf-8")
    blocks = text.strip("\n").split("\n\n", 1)
    steps = [line.strip() for line in blocks[0].splitlines() if line.strip()]
    constraints: list[tuple[str, str]] = []
    if len(blocks) > 1:
        for line in blocks[1].splitlines():
            if not line.strip():
                continue
            before, sep, after = line.partition(" < ")
            assert sep, f"{scenario.name}: constraint {line!r} is not 'A < B'"
            constraints.append((before.strip(), after.strip()))
    return steps, constraints


def steps_by_description(procedure: Procedure) -> dict[str, Step]:
    found: dict[str, Step] = {}
    for step in procedure:
        text = step.describe()
        assert text not in found, f"two steps read {text!r}"
        found[text] = step
    return found


def expected_order(scenario: Path, procedure: Procedure) -> list[Step]:
    """The golden file's canonical order, as the procedure's steps."""
    expected, _ = read_expected(scenario)
    by_text = steps_by_description(procedure)
    missing = [line for line in expected if line not in by_text]
    assert not missing, f"the procedure has no step {missing}"
    return [by_text[line] for line in expected]


def perfect_log(steps: list[Step]) -> list[TraineeAction]:
    return [
        TraineeAction(s.spot, s.action, s.amount, at=float(i), hand=s.hand)
        for i, s in enumerate(steps)
    ]


def constraint_swaps(scenario: Path, procedure: Procedure) -> Iterator[tuple[int, int]]:
    order = expected_order(scenario, procedure)
    position = {step.describe(): i for i, step in enumerate(order)}
    _, constraints = read_expected(scenario)
    for before, after in constraints:
        yield position[before], position[after]


def check_steps_match(scenario: Path, procedure: Procedure) -> None:
    expected, _ = read_expected(scenario)
    actual = [step.describe() for step in procedure]
    assert Counter(actual) == Counter(expected)
    assert actual == expected


def check_constraints(scenario: Path, procedure: Procedure) -> None:
    _, constraints = read_expected(scenario)
    assert constraints, f"{scenario.name} states no order constraint"
    by_text = steps_by_description(procedure)
    for before, after in constraints:
        assert before in by_text, f"no step {before!r}"
        assert after in by_text, f"no step {after!r}"
        assert by_text[after].id in procedure.descendants(by_text[before].id), f"{before} < {after}"


def check_canonical_order_grades_perfect(
    scenario: Path, procedure: Procedure, not_called_for: Mapping[Action, str]
) -> None:
    order = expected_order(scenario, procedure)
    assert procedure.is_legal_order([s.id for s in order])
    grade = grade_log(procedure, perfect_log(order), not_called_for=not_called_for)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]
    assert grade.score == 100


def check_swaps_are_refused(
    scenario: Path, procedure: Procedure, not_called_for: Mapping[Action, str]
) -> None:
    order = expected_order(scenario, procedure)
    for i, j in constraint_swaps(scenario, procedure):
        assert i < j, f"{order[i].describe()} < {order[j].describe()} is not the file's order"
        swapped = order.copy()
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert not procedure.is_legal_order([s.id for s in swapped])
        grade = grade_log(procedure, perfect_log(swapped), not_called_for=not_called_for)
        early = grade.judgements[i]
        assert early.step_id == order[j].id
        assert early.verdict is Verdict.OUT_OF_ORDER, early.explanation
        assert not grade.perfect


# --- the tests every game's golden module runs ------------------------------------------------

KnownBugs = Mapping[str, tuple[str, frozenset[str]]]
"""scenario stem -> (reason, the tests that fail on it): each is a strict xfail."""

STEPS, CONSTRAINTS, GRADES, SWAPS = "steps", "constraints", "grades", "swaps"


def golden_cases(scenarios: list[Path], known_bugs: KnownBugs, test: str) -> list[Any]:
    """Every scenario, with a strict xfail where ``known_bugs`` says ``test`` fails on it."""
    params = []
    for scenario in scenarios:
        bug = known_bugs.get(scenario.stem)
        marks = [pytest.mark.xfail(strict=True, reason=bug[0])] if bug and test in bug[1] else []
        params.append(pytest.param(scenario, id=scenario.stem, marks=marks))
    return params


def golden_tests(
    scenarios: list[Path],
    procedure_for: Callable[[Path], Procedure],
    not_called_for: Mapping[Action, str],
    *,
    minimum: int,
    known_bugs: KnownBugs | None = None,
) -> tuple[Callable[..., None], ...]:
    """The five golden tests of a game, bound in its module under their own names: enough
    scenarios, each opening with the comment that works out its hands; the steps; the order
    constraints; the canonical order graded perfect; every constraint-breaking swap refused."""
    bugs: KnownBugs = known_bugs if known_bugs is not None else {}

    def test_there_are_enough_golden_scenarios() -> None:
        assert len(scenarios) >= minimum
        for scenario in scenarios:
            assert scenario.with_suffix(".expected.txt").is_file(), scenario.name
            assert scenario.read_text(encoding="utf-8").startswith("#"), (
                f"{scenario.name} opens with a comment working out the hands"
            )
        assert set(bugs) <= {s.stem for s in scenarios}

    @pytest.mark.parametrize("scenario", golden_cases(scenarios, bugs, STEPS))
    def test_steps_match_the_hand_computation(scenario: Path) -> None:
        check_steps_match(scenario, procedure_for(scenario))

    @pytest.mark.parametrize("scenario", golden_cases(scenarios, bugs, CONSTRAINTS))
    def test_order_constraints_from_the_regulation_hold(scenario: Path) -> None:
        check_constraints(scenario, procedure_for(scenario))

    @pytest.mark.parametrize("scenario", golden_cases(scenarios, bugs, GRADES))
    def test_the_canonical_order_grades_perfect(scenario: Path) -> None:
        check_canonical_order_grades_perfect(scenario, procedure_for(scenario), not_called_for)

    @pytest.mark.parametrize("scenario", golden_cases(scenarios, bugs, SWAPS))
    def test_a_swap_that_breaks_a_constraint_is_refused(scenario: Path) -> None:
        check_swaps_are_refused(scenario, procedure_for(scenario), not_called_for)

    return (
        test_there_are_enough_golden_scenarios,
        test_steps_match_the_hand_computation,
        test_order_constraints_from_the_regulation_hold,
        test_the_canonical_order_grades_perfect,
        test_a_swap_that_breaks_a_constraint_is_refused,
    )
