"""Golden Let It Ride Poker settlements, worked out by hand from the regulation text (ch. 643a).

Each ``tests/golden/let_it_ride/NAME.toml`` is a scenario whose opening comment works out every
hand and amount, with its section. ``NAME.expected.txt`` holds the expected procedure, one
``Step.describe()`` line per step in canonical order, then a blank line, then order constraints
``A < B`` derived from the regulation: the pre-deal steps before the cards (§ 643a.8(b)), seats
from the dealer's right counterclockwise (§ 643a.11(f)), each player's Let It Ride Poker Wagers
before the bonus and progressive wagers and the Five Card Hand Bonus last (§ 643a.11(f)(3)),
the cards to the discard rack after every wager of the player (§ 643a.11(g)).
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from golden_support import (
    expected_order,
    golden_tests,
    perfect_log,
)

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grader, TraineeAction, Verdict
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.games.let_it_ride.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.let_it_ride.round import LetItRideRound
from dealer_trainer.games.let_it_ride.scenario import (
    load_let_it_ride_scenario,
    parse_let_it_ride_scenario,
)
from dealer_trainer.games.let_it_ride.wagers import LetItRideWager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    """A scenario as if read from ``file`` (its table named relative to it)."""
    return parse_let_it_ride_scenario(data, str(file), file_resolver(file))


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "let_it_ride"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))


def round_for(scenario: Path) -> LetItRideRound:
    return load_let_it_ride_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


def _ids(path: Path) -> str:
    return path.stem


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=22)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_every_chip_wager_in_action_is_settled_once_and_withdrawn_ones_never(
    scenario: Path,
) -> None:
    """Each riding Let It Ride Poker Wager and each bonus wager has exactly one collect, pay or
    push; a withdrawn wager none (§ 643a.1); a progressive only when it wins (its chips are in
    the container, § 643a.8(b)(2))."""
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    settlement = [s for s in procedure if not s.id.startswith("predeal.")]
    for play in round_.seats:
        settled = Counter(
            s.spot.label for s in settlement if s.seat == play.seat and s.action in SETTLES
        )
        settled.pop(LetItRideWager.PROGRESSIVE.value, None)
        expected = Counter(w.value for w in play.wagers if w is not LetItRideWager.PROGRESSIVE)
        assert settled == expected, play.seat
        for withdrawn in play.decision.withdrawn:
            assert not [
                s for s in procedure if s.seat == play.seat and s.spot.label == withdrawn.value
            ]


def test_every_golden_keeps_the_seed_order_within_a_seat() -> None:
    """Across every golden: a seat's bonus, progressive and Five Card Hand Bonus steps all come
    after every one of its Let It Ride Poker Wagers (§ 643a.11(f)(3)), and the Five Card Hand
    Bonus steps after its bonus and progressive wagers ((v))."""
    lir = {w.value for w in LetItRideWager if w.is_let_it_ride}
    side = {
        LetItRideWager.FIVE_CARD_BONUS.value,
        LetItRideWager.THREE_CARD_BONUS.value,
        LetItRideWager.PROGRESSIVE.value,
    }
    fchb = {"Five Card Hand Bonus", "Magic Card Bonus", "Lucky Bonus"}
    checked = 0
    for scenario in SCENARIOS:
        procedure = procedure_for(scenario)
        settlement = [s for s in procedure if not s.id.startswith("predeal.")]
        for step in settlement:
            if step.spot.label not in side | fchb:
                continue
            before = lir if step.spot.label in side else lir | side
            ancestors = {s.id for s in procedure if step.id in procedure.descendants(s.id)}
            mine = {s.id for s in settlement if s.seat == step.seat and s.spot.label in before}
            assert mine <= ancestors, step.describe()
            checked += 1
    assert checked > 20


# --- the payout limit: the grader catches a trainee who caps the wrong wager ----------------------

LIMIT = GOLDEN / "payout_limit_reached_bonus_paid_in_full.toml"


def _grader_at(procedure: Procedure, stop: str) -> Grader:
    """A practice grader with every step before the one described ``stop`` done right."""
    grader = Grader(procedure, NOT_CALLED_FOR, retry=True)
    for action in perfect_log(expected_order(LIMIT, procedure)):
        if TraineeAction.describe(action) == stop:
            break
        assert grader.judge(action).ok
    return grader


def _step(procedure: Procedure, text: str) -> Step:
    return next(s for s in procedure if s.describe() == text)


def test_capping_the_five_card_bonus_is_refused_with_the_section() -> None:
    """§ 643a.12(g): the limit "may not apply to payouts of Five Card Bonus Wagers". A trainee
    who pays the bonus only up to the $50,000 limit is refused, told the full amount and why."""
    procedure = procedure_for(LIMIT)
    grader = _grader_at(procedure, "Seat 4 Five Card Bonus: pay $100,000")
    capped = TraineeAction(SPOTS.parse(4, "Five Card Bonus"), Action.PAY, Decimal(50_000))
    judgement = grader.judge(capped)
    assert judgement.verdict is Verdict.WRONG_AMOUNT
    assert "643a.12(g)" in judgement.citation
    assert "The amount is $100,000, not $50,000" in judgement.explanation
    assert "applies only to the Let It Ride Poker Wagers" in judgement.explanation
    right = TraineeAction(SPOTS.parse(4, "Five Card Bonus"), Action.PAY, Decimal(100_000))
    assert grader.judge(right).ok


def test_paying_a_let_it_ride_wager_past_the_limit_is_refused_with_the_section() -> None:
    """§ 643a.12(g): the hand's Let It Ride Poker Wagers are paid at most $50,000 together; a
    trainee who pays the third wager its full $20,000 is refused: $10,000 is what is left."""
    procedure = procedure_for(LIMIT)
    grader = _grader_at(procedure, "Seat 4 Let It Ride Wager 3: pay $10,000")
    uncapped = TraineeAction(SPOTS.parse(4, "Let It Ride Wager 3"), Action.PAY, Decimal(20_000))
    judgement = grader.judge(uncapped)
    assert judgement.verdict is Verdict.WRONG_AMOUNT
    assert judgement.citation == "§§ 643a.12(a), 643a.12(g)"
    assert "The amount is $10,000, not $20,000" in judgement.explanation
    assert "payout limit of $50,000" in judgement.explanation


def test_paying_a_wager_the_limit_left_nothing_for_is_a_wrong_action() -> None:
    """The third wager's share of the limit is nothing: it is returned, not paid $25,000."""
    scenario = GOLDEN / "payout_limit_fills_the_wagers_in_order.toml"
    procedure = procedure_for(scenario)
    grader = Grader(procedure, NOT_CALLED_FOR, retry=True)
    for action in perfect_log(expected_order(scenario, procedure))[:2]:
        assert grader.judge(action).ok
    judgement = grader.judge(
        TraineeAction(SPOTS.parse(6, "Let It Ride Wager 3"), Action.PAY, Decimal(25_000))
    )
    assert judgement.verdict is Verdict.WRONG_ACTION
    assert "643a.12(g)" in judgement.citation


def test_a_withdrawn_wager_is_not_called_for() -> None:
    scenario = GOLDEN / "both_withdrawn_third_wager_pays.toml"
    grader = Grader(procedure_for(scenario), NOT_CALLED_FOR)
    judgement = grader.judge(
        TraineeAction(SPOTS.parse(3, "Let It Ride Wager 1"), Action.PAY, Decimal(10))
    )
    assert judgement.verdict is Verdict.NOT_CALLED_FOR
    assert "withdrawn" in judgement.explanation and "643a.1" in judgement.explanation


# --- scenario errors ----------------------------------------------------------------------------


def _scenario(table: str = "let_it_ride_plain.toml", **seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / table),
        "community": "Kh 9c",
        "seats": [{"seat": 3, "cards": "Th Td 4c", "bet": "10", **seat}],
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"community": "Kh 9c 2d"}, "community"),
        ({"community": "Kh Jk"}, "community"),
        ({"burn": "Kh Kd"}, "burn"),
        ({"seats": [{"seat": 8, "cards": "Th Td 4c", "bet": "10"}]}, "seats[0].seat"),
        ({"seats": [{"seat": 3, "cards": "Th Td", "bet": "10"}]}, "seats[0].cards"),
        ({"seats": [{"seat": 3, "cards": "Th Td 4c", "bet": 7.5}]}, "seats[0].bet"),
        (
            {"seats": [{"seat": 3, "cards": "Th Td 4c", "bet": "5", "decision": "withdraw 3"}]},
            "seats[0].decision",
        ),
        ({"seats": [{"seat": 3, "cards": "Th Td 4c"}]}, "seats[0].bet"),
        ({"seats": [{"seat": 3, "cards": "Th Td 4c", "bet": "5", "ante": "5"}]}, "seats[0].ante"),
        ({"tabel": "x"}, "tabel"),
    ],
)
def test_scenario_errors_name_the_file_and_the_field(change: dict[str, Any], field: str) -> None:
    data = {**_scenario(), **change}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert field in caught.value.fields
    assert str(GOLDEN / "inline.toml") in str(caught.value)


def test_the_third_wager_cannot_be_withdrawn() -> None:
    data = _scenario(decision="withdraw 1 and 3")
    with pytest.raises(DataFileError, match="third Let It Ride Poker Wager cannot be withdrawn"):
        parse_inline(data, GOLDEN / "inline.toml")


def test_unequal_wagers_need_a_table_that_allows_them() -> None:
    data = _scenario()
    data["seats"] = [{"seat": 3, "cards": "Th Td 4c", "bets": ["10", "5", "5"]}]
    with pytest.raises(DataFileError, match="equal at this table"):
        parse_inline(data, GOLDEN / "inline.toml")


def test_cards_dealt_twice_wagers_outside_limits_or_not_offered_are_refused() -> None:
    with pytest.raises(DataFileError, match="Kh is dealt twice"):
        parse_inline(_scenario(cards="Kh Td 4c"), GOLDEN / "inline.toml")
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$5 to \$100"):
        parse_inline(_scenario(bet="500"), GOLDEN / "inline.toml")
    with pytest.raises(DataFileError, match="does not offer the Three Card Bonus"):
        parse_inline(_scenario(three_card_bonus="5"), GOLDEN / "inline.toml")


def test_a_five_card_hand_bonus_needs_the_draws_and_a_seat_for_the_lucky_bonus() -> None:
    data = _scenario("let_it_ride_five_card_hand_bonus.toml", five_card_hand_bonus="1")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("draws",)
    data["draws"] = {"meter": "12000", "lucky": "dealer"}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("draws.lucky",)
    assert "no dealer position" in str(caught.value)


def test_a_meter_progressive_needs_the_meter() -> None:
    data = _scenario("let_it_ride_progressive_envy.toml", progressive="1")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("progressive_meter",)


def test_an_invalid_inline_table_is_reported_under_table() -> None:
    data = _scenario()
    data["table"] = {"game": "Let It Ride Poker", "name": "x", "let_it_ride": {"minimum": 5}}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("table",)
    assert "let_it_ride.maximum: required field is missing" in str(caught.value)
