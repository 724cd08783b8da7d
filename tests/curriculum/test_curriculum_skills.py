"""Which skills each graded step exercises, derived from the engine's own steps."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from curriculum_support import GOLDEN

from dealer_trainer.curriculum.skills import (
    ACTION_SKILLS,
    BASE_ROLES,
    Skill,
    judged_skills,
    skills_of,
)
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.spot import SpotCatalog, SpotRole
from dealer_trainer.engine.step import Step
from dealer_trainer.games.caribbean_stud import procedure as caribbean_stud_procedure
from dealer_trainer.games.four_card_poker import procedure as four_card_procedure
from dealer_trainer.games.let_it_ride import procedure as let_it_ride_procedure
from dealer_trainer.games.pai_gow import procedure as pai_gow_procedure
from dealer_trainer.games.three_card_poker import procedure as three_card_procedure
from dealer_trainer.games.uth import procedure as uth_procedure
from dealer_trainer.practice.rounds import load_round


@cache
def golden_steps() -> tuple[Step, ...]:
    steps: list[Step] = []
    for path in sorted(GOLDEN.glob("*/*.toml")):
        try:
            steps.extend(load_round(path).procedure)
        except ValueError:  # a game still being written; its own tests say so
            continue
    return tuple(steps)


def step(predicate: object) -> Step:
    found = [s for s in golden_steps() if predicate(s)]  # type: ignore[operator]
    assert found, "no golden step matches"
    return found[0]


def test_every_action_has_skills() -> None:
    assert set(ACTION_SKILLS) == set(Action)
    assert all(ACTION_SKILLS.values())


def test_every_skill_but_speed_is_exercised_by_some_golden_step() -> None:
    exercised = {skill for s in golden_steps() for skill in skills_of(s)}
    assert set(Skill) - exercised == {Skill.SPEED, Skill.TABLE_PAPERWORK}


def test_skills_read_back_from_their_words() -> None:
    for skill in Skill:
        assert Skill.from_text(skill.value) is skill
    assert Skill.from_text("must hit by") is Skill.MUST_HIT_BY


@pytest.mark.parametrize(
    ("description", "predicate", "includes", "excludes"),
    [
        (
            "an Ante against the dealer",
            lambda s: (
                s.spot.label == "Ante" and s.action is Action.PAY and "folded" not in s.explanation
            ),
            {Skill.BASE_PAYOUT},
            {Skill.PAYTABLE_READING, Skill.PRE_DEAL},
        ),
        (
            "a Trips payout",
            lambda s: s.spot.label == "Trips" and s.action is Action.PAY,
            {Skill.PAYTABLE_READING, Skill.SETTLEMENT_ORDER},
            {Skill.BASE_PAYOUT},
        ),
        (
            "a Blind paid from its paytable",
            lambda s: s.spot.label == "Blind" and s.action is Action.PAY,
            {Skill.BASE_PAYOUT, Skill.PAYTABLE_READING},
            set(),
        ),
        (
            "a folded seat's Ante",
            lambda s: s.spot.label == "Ante" and "folded" in s.explanation,
            {Skill.FOLD_AND_FORFEIT, Skill.BASE_PAYOUT},
            set(),
        ),
        (
            "a Caribbean Stud Bet when the dealer does not qualify",
            lambda s: s.spot.label == "Bet" and "does not qualify" in s.explanation,
            {Skill.DEALER_QUALIFICATION, Skill.BASE_PAYOUT},
            set(),
        ),
        (
            "the Caribbean Stud dealer's hand arranged",
            lambda s: s.action is Action.REARRANGE_HAND and s.seat == 0,
            {Skill.DEALER_QUALIFICATION},
            {Skill.HAND_SETTING},
        ),
        (
            "the pai gow house way",
            lambda s: s.action is Action.SET_HAND,
            {Skill.HAND_SETTING},
            set(),
        ),
        (
            "a floorperson call",
            lambda s: s.action is Action.CALL_FLOORPERSON,
            {Skill.FLOORPERSON_CALL, Skill.SETTLEMENT_ORDER},
            set(),
        ),
        (
            "a meter share held for documentation",
            lambda s: s.action is Action.HOLD_FOR_DOCUMENTATION,
            {Skill.HOLD_FOR_DOCUMENTATION, Skill.PAYTABLE_READING},
            set(),
        ),
        (
            "a game account credit",
            lambda s: s.action is Action.CREDIT_GAME_ACCOUNT,
            {Skill.GAME_ACCOUNT_CREDIT},
            set(),
        ),
        (
            "a Must-Hit-By payout",
            lambda s: s.spot.label == "Must-Hit-By Mystery bonus" and s.action is Action.PAY,
            {Skill.MUST_HIT_BY},
            {Skill.BASE_PAYOUT, Skill.PAYTABLE_READING},
        ),
        (
            "an Envy Bonus paid",
            lambda s: s.action is Action.PAY_ENVY,
            {Skill.ENVY},
            set(),
        ),
        (
            "the vigorish",
            lambda s: s.action is Action.COLLECT_COMMISSION,
            {Skill.COMMISSION},
            set(),
        ),
        (
            "a progressive wager collected before the deal",
            lambda s: s.id.startswith("predeal.") and s.action is Action.COLLECT,
            {Skill.PRE_DEAL},
            {Skill.BASE_PAYOUT, Skill.PAYTABLE_READING, Skill.SETTLEMENT_ORDER},
        ),
        (
            "an Envy lammer",
            lambda s: s.action is Action.PLACE_LAMMER,
            {Skill.PRE_DEAL, Skill.ENVY},
            set(),
        ),
        ("a meter reset", lambda s: s.action is Action.RESET_METER, {Skill.METER_RESET}, set()),
    ],
)
def test_a_step_trains_the_skills_a_dealer_would_name(
    description: str, predicate: object, includes: set[Skill], excludes: set[Skill]
) -> None:
    skills = skills_of(step(predicate))
    assert includes <= skills, description
    assert not excludes & skills, description


def test_verdicts_charge_the_right_skills() -> None:
    trips = step(lambda s: s.spot.label == "Trips" and s.action is Action.PAY)
    assert judged_skills(trips, Verdict.CORRECT) == {
        Skill.PAYTABLE_READING: True,
        Skill.SETTLEMENT_ORDER: True,
    }
    assert judged_skills(trips, Verdict.OUT_OF_ORDER) == {
        Skill.PAYTABLE_READING: True,
        Skill.SETTLEMENT_ORDER: False,
    }
    assert judged_skills(trips, Verdict.WRONG_AMOUNT) == {Skill.PAYTABLE_READING: False}
    assert judged_skills(trips, None) == {
        Skill.PAYTABLE_READING: False,
        Skill.SETTLEMENT_ORDER: False,
    }


def test_golden_steps_are_found(tmp_path: Path) -> None:
    assert len(golden_steps()) > 500


OLD_BASE = {"Ante", "Blind", "Play", "Bet", "Pai Gow Poker Wager"} | {
    f"Let It Ride Wager {n}" for n in (1, 2, 3)
}
OLD_PAYTABLE_BASE = {"Blind", "Bet"} | {f"Let It Ride Wager {n}" for n in (1, 2, 3)}


@pytest.mark.parametrize(
    "catalog",
    [
        caribbean_stud_procedure.SPOTS,
        four_card_procedure.SPOTS,
        let_it_ride_procedure.SPOTS,
        pai_gow_procedure.SPOTS,
        three_card_procedure.SPOTS,
        uth_procedure.SPOTS,
    ],
)
def test_spot_roles_are_the_wagers_the_skills_named_by_their_words(catalog: SpotCatalog) -> None:
    """Skills were once read off the spot's words; each game's roles give the same answer."""
    for kind in catalog.kinds:
        words = str(kind.value)
        assert (kind.role in BASE_ROLES) == (words in OLD_BASE), kind
        assert (kind.role is SpotRole.BASE_PAYTABLE) == (words in OLD_PAYTABLE_BASE), kind
        assert (kind.role is SpotRole.ENVY) == ("Envy" in words), kind
        assert (kind.role is SpotRole.MUST_HIT_BY) == ("Must-Hit-By" in words), kind
        assert kind.placed_by_decision == (words in ("Play", "Bet")), kind
