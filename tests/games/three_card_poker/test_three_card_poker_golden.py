"""Golden Three Card Poker settlements, worked out by hand from the regulation text.

Each ``tests/golden/three_card_poker/NAME.toml`` is a scenario whose opening comment works out
the hands and every amount, with where each rule comes from (ch. 649a is not in the seeds: the
base game is three-card-poker.md's working model; the five-card wagers and their community cards
are seed 000's preamble). ``NAME.expected.txt`` holds the expected procedure, one
``Step.describe()`` line per step in canonical order, then a blank line, then order constraints
``A < B`` (A must come before B).

Where the engine disagrees with the regulation, the golden file keeps the regulation's answer
and the affected tests are marked ``xfail(strict=True)`` in ``KNOWN_BUGS`` with the reason.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from golden_support import golden_tests

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.three_card_poker.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.three_card_poker.round import ThreeCardRound
from dealer_trainer.games.three_card_poker.scenario import load_three_card_poker_scenario
from dealer_trainer.games.three_card_poker.wagers import PROGRESSIVE_WAGERS, ThreeCardWager

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "three_card_poker"
SCENARIOS = sorted(GOLDEN.glob("*.toml"))

KNOWN_BUGS: dict[str, tuple[str, frozenset[str]]] = {}


def round_for(scenario: Path) -> ThreeCardRound:
    return load_three_card_poker_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=22, known_bugs=KNOWN_BUGS)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT}
FIVE_CARD_SPOTS = ("Five Card Hand Bonus", "Magic Card Bonus", "Lucky Bonus", "Five-Card")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_every_chip_wager_on_the_felt_is_settled_once(scenario: Path) -> None:
    """Each chip wager left on the layout is collected, paid or pushed exactly once; the
    progressives' chips are collected before the deal and never again."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = Counter(
            s.spot.label
            for s in procedure
            if s.seat == play.seat and s.action in SETTLES and not s.id.startswith("predeal.")
        )
        bonus = settled.pop(ThreeCardWager.ANTE_BONUS.value, 0)
        paid_progressive = {w.value: settled.pop(w.value, 0) for w in PROGRESSIVE_WAGERS}
        on_felt = Counter(w.value for w in play.placed() if w not in PROGRESSIVE_WAGERS)
        assert settled == on_felt, play.seat
        assert bonus <= 1 and not (bonus and play.folded)
        assert all(count <= 1 for count in paid_progressive.values())
        collected = [s for s in procedure if s.id.startswith("predeal.") and s.seat == play.seat]
        assert Counter(s.spot.label for s in collected) == Counter(
            w.value for w in play.placed() if w in PROGRESSIVE_WAGERS
        )


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_five_card_wagers_come_after_every_other_wager(scenario: Path) -> None:
    """Seed 000, preamble: the community cards count for no other wager and are turned up only
    after all other wagers are settled; so every five-card step follows every settlement of a
    three-card wager at the table."""
    procedure = build_procedure(round_for(scenario))
    five = [
        s
        for s in procedure
        if s.spot.label.startswith(FIVE_CARD_SPOTS)
        and s.seat != DEALER
        and not s.id.startswith("predeal.")
    ]
    five += [s for s in procedure if s.seat == DEALER and "Five Card Hand Bonus" in s.spot.label]
    others = [
        s
        for s in procedure
        if s.action in (SETTLES | {Action.PAY_ENVY, Action.HOLD_FOR_DOCUMENTATION})
        and not s.id.startswith("predeal.")
        and not s.spot.label.startswith(FIVE_CARD_SPOTS)
    ]
    for step in five:
        if step.action is Action.RESET_METER:
            continue
        for other in others:
            assert step.id in procedure.descendants(other.id), (other.describe(), step.describe())


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_dealer_reveals_once_after_every_fold(scenario: Path) -> None:
    """Forfeited wagers and cards are collected before the dealer's three cards are revealed;
    no seat that stayed in is settled before the reveal."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.REARRANGE_HAND]
    assert (reveal.seat, reveal.spot.label) == (DEALER, "Hand")
    assert reveal.hand == round_.dealer_hand.rank.value
    after_reveal = procedure.descendants(reveal.id)
    for step in procedure:
        if step.seat == DEALER or step.id.startswith("predeal."):
            continue
        play = round_.seat(step.seat)
        if not play.folded:
            assert step.id in after_reveal, step.describe()
        elif step.spot.label == ThreeCardWager.ANTE.value:
            assert reveal.id in procedure.descendants(step.id), step.describe()
