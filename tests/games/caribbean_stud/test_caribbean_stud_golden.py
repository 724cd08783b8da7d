"""Golden Caribbean Stud Poker settlements, worked out by hand from the regulation text (ch. 639a).

Each ``tests/golden/caribbean_stud/NAME.toml`` is a scenario whose opening comment works out the
hands and every amount, with its section. ``NAME.expected.txt`` holds the expected procedure,
one ``Step.describe()`` line per step in canonical order, then a blank line, then order
constraints ``A < B`` (A must come before B) derived from the regulation.

Where the engine disagrees with the regulation, the golden file keeps the regulation's answer
and the affected tests are marked ``xfail(strict=True)`` in ``KNOWN_BUGS`` with the reason.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from golden_support import golden_tests

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.caribbean_stud.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound
from dealer_trainer.games.caribbean_stud.scenario import (
    load_caribbean_stud_scenario,
    parse_caribbean_stud_scenario,
)
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    """A scenario as if read from ``file`` (its table named relative to it)."""
    return parse_caribbean_stud_scenario(data, str(file), file_resolver(file))


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "caribbean_stud"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))

KNOWN_BUGS: dict[str, tuple[str, frozenset[str]]] = {}
PRE_DEAL = "predeal."


def round_for(scenario: Path) -> CaribbeanStudRound:
    return load_caribbean_stud_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=20, known_bugs=KNOWN_BUGS)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT, Action.HOLD_FOR_DOCUMENTATION}
PROGRESSIVE = CaribbeanStudWager.PROGRESSIVE.value
FCHB_SPOTS = frozenset(
    f"{award}{suffix}"
    for award in ("Five Card Hand Bonus", "Magic Card Bonus", "Lucky Bonus")
    for suffix in ("", " (dealer's hand)")
)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_every_placed_wager_is_settled_once(scenario: Path) -> None:
    """Chips on the layout are resolved once at settlement; the progressive chips are collected
    once before the deal (§ 639a.8(b)) and paid (or held) once more only when they win."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        mine = [s for s in procedure if s.seat == play.seat]
        dropped = Counter(s.spot.label for s in mine if s.id.startswith(PRE_DEAL))
        settled = Counter(
            s.spot.label
            for s in mine
            if s.action in SETTLES
            and not s.id.startswith(PRE_DEAL)
            and s.spot.label not in FCHB_SPOTS
        )
        placed = Counter(wager.value for wager in play.placed())
        assert dropped == Counter({PROGRESSIVE: 1} if play.wagers.progressive else {})
        won = settled.pop(PROGRESSIVE, 0)
        assert won <= 1 and not (won and play.folded)
        placed.pop(PROGRESSIVE, None)
        assert settled == placed, play.seat
        discards = [s for s in mine if s.action is Action.DISCARD]
        assert len(discards) == 1, "a held hand leaves once its documentation is complete"
        for hold in [s for s in mine if s.action is Action.HOLD_FOR_DOCUMENTATION]:
            if not hold.spot.label.endswith("(dealer's hand)"):  # the dealer's cards, not these
                assert discards[0].id in procedure.descendants(hold.id)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_forfeits_come_before_the_reveal_and_the_reveal_before_any_seat(scenario: Path) -> None:
    """§ 639a.11(c): forfeited wagers and folded cards, then the dealer's hole cards, then the
    players from the dealer's right. A folded player's Five Card Hand Bonus stays in action
    (§ 639a.11(b)): it, and the discard of the cards kept for it, come after the reveal."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.REARRANGE_HAND]
    assert reveal.seat == DEALER and reveal.hand == round_.dealer_hand.rank.value
    after_reveal = procedure.descendants(reveal.id)
    for play in round_.seats:
        mine = [s for s in procedure if s.seat == play.seat and not s.id.startswith(PRE_DEAL)]
        for step in mine:
            kept = play.wagers.five_card_hand_bonus > 0 and step.action is Action.DISCARD
            if play.folded and step.spot.label not in FCHB_SPOTS and not kept:
                assert reveal.id in procedure.descendants(step.id), step.describe()
            else:
                assert step.id in after_reveal, step.describe()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_bet_is_twice_the_ante(scenario: Path) -> None:
    """§ 639a.11(b): a Bet that pushes or loses moves exactly twice the Ante."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        bets = [s for s in procedure if s.seat == play.seat and s.spot.label == "Bet"]
        assert len(bets) == (0 if play.folded else 1)
        for step in bets:
            if step.action is not Action.PAY:
                assert step.amount == 2 * play.wagers.ante


# --- scenario files that the regulation refuses -------------------------------------------------


def _scenario(**seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / "caribbean_stud_plain.toml"),
        "dealer": "Qs Jd 8c 5h 3s",
        "seats": [{"seat": 3, "cards": "Kh Kd 9c 7s 2h", "decision": "bet", "ante": "10", **seat}],
    }


def refused(data: dict[str, Any]) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    return caught.value


def test_a_bet_other_than_twice_the_ante_is_refused() -> None:
    error = refused(_scenario(bet="10"))
    assert error.fields == ("seats[0].bet",)
    assert "exactly two times the Ante, $20" in str(error)
    assert "639a.11(b)" in str(error)


def test_a_bet_on_a_fold_is_refused() -> None:
    error = refused(_scenario(decision="fold", bet="20"))
    assert error.fields == ("seats[0].bet",)


def test_an_unknown_decision_is_refused_with_the_choices() -> None:
    error = refused(_scenario(decision="raise"))
    assert error.fields == ("seats[0].decision",)
    assert "'bet', 'fold'" in str(error)


def test_a_wager_the_table_does_not_offer_is_refused() -> None:
    error = refused(_scenario(progressive="1"))
    assert "does not offer the Progressive Payout Wager" in str(error)


def test_a_wager_outside_the_table_limits_is_refused() -> None:
    error = refused(_scenario(caribbean_stud_bonus="26"))
    assert "outside the table's limits, $1 to $25" in str(error)


def test_a_seat_twice_is_one_position_too_many() -> None:
    data = _scenario()
    data["seats"].append({**data["seats"][0], "cards": "4c 4d 9h 6s 2c"})
    assert "639a.7(e)" in str(refused(data))


def test_a_card_dealt_twice_is_refused() -> None:
    data = _scenario()
    data["seats"].append({"seat": 5, "cards": "Qs 4d 9h 6s 2c", "decision": "bet", "ante": "10"})
    assert "Qs is dealt twice" in str(refused(data))


def test_a_meter_is_needed_for_a_progressive_that_pays_a_share_of_it() -> None:
    data = _scenario(progressive="1")
    data["table"] = str(TABLES / "caribbean_stud_progressive.toml")
    assert "progressive_meter" in str(refused(data))
    data["progressive_meter"] = "30000"
    round_ = parse_inline(data, GOLDEN / "inline.toml")
    assert round_.progressive_meter == 30000


def test_an_inline_table_with_a_five_card_hand_bonus_needs_the_draws() -> None:
    data = _scenario(five_card_hand_bonus="1")
    data["table"] = {
        "game": "Caribbean Stud Poker",
        "name": "with FCHB",
        "ante": {"minimum": 5, "maximum": 100},
        "five_card_hand_bonus": {
            "minimum": 1,
            "maximum": 5,
            "meter_start": 10_000,
            "meter_reset": 10_000,
        },
    }
    assert "draws" in str(refused(data))
    data["draws"] = {"meter": "12000", "lucky": "seat 9"}
    assert refused(data).fields == ("draws.lucky",)
    data["draws"] = {"meter": "12000", "lucky": "dealer"}
    round_ = parse_inline(data, GOLDEN / "inline.toml")
    assert round_.fchb is not None and round_.fchb.lucky == DEALER


def test_a_five_card_hand_bonus_on_a_table_without_one_is_refused() -> None:
    error = refused(_scenario(five_card_hand_bonus_dealer="1"))
    assert "does not offer the Five Card Hand Bonus on the dealer's hand" in str(error)
