"""Golden Texas Hold 'Em Bonus Poker settlements, worked out by hand from the regulation text
(ch. 647a).

Each ``tests/golden/texas_holdem_bonus/NAME.toml`` is a scenario whose opening comment works
out the hands; ``NAME.expected.txt`` holds the expected procedure, one ``Step.describe()`` line
per step in canonical order, then a blank line, then order constraints ``A < B`` (A must come
before B) derived from the regulation. The five checks are every game's
(tests/golden_support.py).
"""

from __future__ import annotations

from pathlib import Path

from golden_support import golden_tests

from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.texas_holdem_bonus.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.texas_holdem_bonus.scenario import load_scenario

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "texas_holdem_bonus"
SCENARIOS = sorted(GOLDEN.glob("*.toml"))


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(load_scenario(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=20)
