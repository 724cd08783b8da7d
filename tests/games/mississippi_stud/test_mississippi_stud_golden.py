"""Golden Mississippi Stud settlements, worked out by hand from the regulation text (ch. 655a).

Each ``tests/golden/mississippi_stud/NAME.toml`` is a scenario whose opening comment works out
every hand and amount from § 655a.12 and the Rules Submission. ``NAME.expected.txt`` holds the
expected procedure, one ``Step.describe()`` line per step in canonical order, then a blank line,
then order constraints ``A < B``: the pre-deal steps before the cards, a fold's forfeited wagers
and cards collected before anyone else is settled, seats from the dealer's right
counterclockwise, each player's Ante and Bet Wagers before the Three Card Bonus and progressive,
the Five Card Hand Bonus after them, the cards after every wager of the player.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from golden_support import expected_order, golden_tests, perfect_log

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grader, TraineeAction, Verdict
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.mississippi_stud.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.mississippi_stud.round import StudRound
from dealer_trainer.games.mississippi_stud.scenario import (
    load_mississippi_stud_scenario,
    parse_mississippi_stud_scenario,
)
from dealer_trainer.games.mississippi_stud.wagers import BASE_WAGERS, StudWager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "mississippi_stud"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))
SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT}


def round_for(scenario: Path) -> StudRound:
    return load_mississippi_stud_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    return parse_mississippi_stud_scenario(data, str(file), file_resolver(file))


def _ids(path: Path) -> str:
    return path.stem


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=22)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_every_chip_wager_is_settled_once_and_a_bet_never_made_never(scenario: Path) -> None:
    """The Ante, each Bet Wager made and the Three Card Bonus have exactly one collect, pay or
    push; a street the player folded at none; a progressive only when it wins."""
    round_ = round_for(scenario)
    settlement = [s for s in build_procedure(round_) if not s.id.startswith("predeal.")]
    for play in round_.seats:
        settled = Counter(
            s.spot.label for s in settlement if s.seat == play.seat and s.action in SETTLES
        )
        settled.pop(StudWager.PROGRESSIVE.value, None)
        expected = Counter(w.value for w in play.wagers if w is not StudWager.PROGRESSIVE)
        assert settled == expected, play.seat
        never = set(BASE_WAGERS) - set(play.base)
        assert not [s for s in settlement if s.seat == play.seat and s.spot.kind in never]


def test_a_fold_is_collected_before_any_other_player_is_settled() -> None:
    """Every golden with a fold: each of a folded player's forfeited wagers precedes every step
    of a player still in the hand."""
    checked = 0
    for scenario in SCENARIOS:
        round_ = round_for(scenario)
        procedure = build_procedure(round_)
        folded = {p.seat for p in round_.seats if p.folded}
        live = {p.seat for p in round_.seats if not p.folded}
        for step in procedure:
            if step.seat not in folded or step.action is not Action.COLLECT:
                continue
            if step.spot.kind not in BASE_WAGERS:
                continue
            later = procedure.descendants(step.id)
            others = {s.id for s in procedure if s.seat in live and not s.id.startswith("predeal.")}
            assert others <= later, (scenario.name, step.describe())
            checked += 1
    assert checked >= 8


# --- the payout limit: the grader catches a trainee who pays past it ---------------------------

LIMIT = GOLDEN / "royal_flush_payout_limit_taken_ante_first.toml"


def test_paying_a_bet_wager_past_the_limit_is_refused_with_the_section() -> None:
    """§ 655a.12(b): the Ante and Bet Wagers of one hand are paid $50,000 at most; a trainee who
    pays the 3rd Street Wager its full $37,500 after the Ante's $12,500 is right, and one who
    pays the 4th Street Wager anything is told it pushes."""
    procedure = procedure_for(LIMIT)
    grader = Grader(procedure, NOT_CALLED_FOR, retry=True)
    for action in perfect_log(expected_order(LIMIT, procedure))[:2]:
        assert grader.judge(action).ok
    judgement = grader.judge(
        TraineeAction(SPOTS.parse(4, "4th Street"), Action.PAY, Decimal(37_500))
    )
    assert judgement.verdict is Verdict.WRONG_ACTION
    assert "655a.12(b)" in judgement.citation


def test_capping_the_three_card_bonus_would_be_wrong() -> None:
    """The payout limit applies to the wagers of § 655a.12(a) only: a Three Card Bonus step
    says so and is paid in full."""
    scenario = GOLDEN / "three_card_bonus_mini_royal_stays_after_a_fold.toml"
    step = next(s for s in procedure_for(scenario) if s.describe().endswith("pay $250"))
    assert "applies only to the Ante and Bet Wagers" in step.explanation


def test_a_street_never_bet_is_not_called_for() -> None:
    scenario = GOLDEN / "fold_at_fourth_street.toml"
    grader = Grader(procedure_for(scenario), NOT_CALLED_FOR)
    judgement = grader.judge(
        TraineeAction(SPOTS.parse(2, "4th Street"), Action.COLLECT, Decimal(5))
    )
    assert judgement.verdict is Verdict.NOT_CALLED_FOR


# --- scenario errors ----------------------------------------------------------------------------


def _scenario(table: str = "mississippi_stud_plain.toml", **seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / table),
        "community": "Kh 9c 2d",
        "seats": [{"seat": 3, "cards": "Jh Jd", "ante": "10", **seat}],
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"community": "Kh 9c"}, "community"),
        ({"seats": [{"seat": 7, "cards": "Jh Jd", "ante": "10"}]}, "seats[0].seat"),
        ({"seats": [{"seat": 3, "cards": "Jh Jd 4c", "ante": "10"}]}, "seats[0].cards"),
        ({"seats": [{"seat": 3, "cards": "Jh Jd", "ante": 7.5}]}, "seats[0].ante"),
        (
            {"seats": [{"seat": 3, "cards": "Jh Jd", "ante": "5", "decision": "4x 1x 1x"}]},
            "seats[0].decision",
        ),
        (
            {"seats": [{"seat": 3, "cards": "Jh Jd", "ante": "5", "decision": "1x 1x"}]},
            "seats[0].decision",
        ),
        ({"seats": [{"seat": 3, "cards": "Jh Jd"}]}, "seats[0].ante"),
        ({"tabel": "x"}, "tabel"),
    ],
)
def test_scenario_errors_name_the_file_and_the_field(change: dict[str, Any], field: str) -> None:
    data = {**_scenario(), **change}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert field in caught.value.fields
    assert str(GOLDEN / "inline.toml") in str(caught.value)


def test_cards_dealt_twice_antes_outside_limits_or_wagers_not_offered_are_refused() -> None:
    with pytest.raises(DataFileError, match="Kh is dealt twice"):
        parse_inline(_scenario(cards="Kh Jd"), GOLDEN / "inline.toml")
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$5 to \$100"):
        parse_inline(_scenario(ante="500"), GOLDEN / "inline.toml")
    with pytest.raises(DataFileError, match="does not offer the Three Card Bonus"):
        parse_inline(_scenario(three_card_bonus="5"), GOLDEN / "inline.toml")


def test_a_meter_progressive_needs_the_meter() -> None:
    data = _scenario("mississippi_stud_all_options.toml", progressive="1")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("progressive_meter",)


def test_a_jackpot_progressive_needs_each_jackpot_meter_and_no_single_meter() -> None:
    """Paytables B-D pay jackpots on meters of their own (§ 655a.12(c)(1)): a round names each
    meter the paytable pays, and the one progressive meter of Paytable A is refused."""
    data = _scenario("mississippi_stud_jackpots.toml", progressive="1")
    with pytest.raises(DataFileError, match=r"jackpot_meters\.mega"):
        parse_inline(data, GOLDEN / "inline.toml")
    meters = {"mega": "60000", "major": "6000"}
    with pytest.raises(DataFileError, match=r"jackpot_meters\.minor"):
        parse_inline({**data, "jackpot_meters": meters}, GOLDEN / "inline.toml")
    meters = {**meters, "minor": "600"}
    with pytest.raises(DataFileError, match="progressive_meter"):
        parse_inline(
            {**data, "jackpot_meters": meters, "progressive_meter": "1000"},
            GOLDEN / "inline.toml",
        )
    with pytest.raises(DataFileError) as caught:
        parse_inline({**data, "jackpot_meters": {**meters, "huge": "1"}}, GOLDEN / "inline.toml")
    assert "jackpot_meters.huge" in caught.value.fields
    plain = _scenario("mississippi_stud_all_options.toml", progressive="1")
    with pytest.raises(DataFileError, match="pays no mega jackpot"):
        parse_inline(
            {**plain, "progressive_meter": "30000", "jackpot_meters": {"mega": "1"}},
            GOLDEN / "inline.toml",
        )


def test_the_second_hand_to_win_a_jackpot_is_told_why_it_gets_the_reset_amount() -> None:
    scenario = GOLDEN / "jackpot_b_major_won_twice_first_settled_then_reset_amount.toml"
    hold = next(s for s in procedure_for(scenario) if s.id == "s2.progressive.hold")
    assert "reset amount" in hold.explanation and "$5,000" in hold.explanation
    first = next(s for s in procedure_for(scenario) if s.id == "s6.progressive.hold")
    assert "major jackpot meter shows $7,012.34" in first.explanation
