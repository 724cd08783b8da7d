"""The golden-scenario harness every game's golden tests share.

A golden file ``NAME.expected.txt`` holds the procedure worked out by hand from the regulation:
one ``Step.describe()`` line per step in canonical order, a blank line, then order constraints
``A < B`` (A must come before B). These checks compare it with what the engine builds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

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
        TraineeAction(s.seat, s.spot, s.action, s.amount, at=float(i), hand=s.hand)
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
