"""Golden Four Card Poker settlements, worked out by hand from the regulation text (ch. 641a).

Each ``tests/golden/four_card_poker/NAME.toml`` is a scenario whose opening comment works out
both best-four hands and every amount, with its section. ``NAME.expected.txt`` holds the
expected procedure, one ``Step.describe()`` line per step in canonical order, then a blank line,
then order constraints ``A < B`` (A must come before B) derived from the regulation: forfeited
wagers and cards before the dealer's reveal, the reveal before any seat, seats counterclockwise
from the dealer's right, the Aces Up after the seat's other wagers, the discard last
(§ 641a.11(c)-(d), seed 000).

Where the engine disagrees with the regulation, the golden file keeps the regulation's answer
and the affected tests are marked ``xfail(strict=True)`` in ``KNOWN_BUGS`` with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from best_four_golden import (
    check_reveal_after_every_fold,
    chip_wagers_placed,
    chip_wagers_settled,
)
from golden_support import golden_tests

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.round import FourCardRound
from dealer_trainer.games.four_card_poker.scenario import (
    load_four_card_poker_scenario,
    parse_four_card_poker_scenario,
)
from dealer_trainer.games.four_card_poker.wagers import FoldRule, FourCardWager
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError


def parse_inline(data: dict[str, Any], file: Path) -> Any:
    """A scenario as if read from ``file`` (its table named relative to it)."""
    return parse_four_card_poker_scenario(data, str(file), file_resolver(file))


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "four_card_poker"
TABLES = shipped_tables()
SCENARIOS = sorted(GOLDEN.glob("*.toml"))

KNOWN_BUGS: dict[str, tuple[str, frozenset[str]]] = {}


def round_for(scenario: Path) -> FourCardRound:
    return load_four_card_poker_scenario(scenario)


def procedure_for(scenario: Path) -> Procedure:
    return build_procedure(round_for(scenario))


(
    test_there_are_enough_golden_scenarios,
    test_steps_match_the_hand_computation,
    test_order_constraints_from_the_regulation_hold,
    test_the_canonical_order_grades_perfect,
    test_a_swap_that_breaks_a_constraint_is_refused,
) = golden_tests(SCENARIOS, procedure_for, NOT_CALLED_FOR, minimum=20, known_bugs=KNOWN_BUGS)


SETTLES = {Action.PAY, Action.PUSH, Action.COLLECT}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_every_placed_wager_is_settled_once(scenario: Path) -> None:
    round_ = round_for(scenario)
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = chip_wagers_settled(procedure, play)
        bonus = settled.pop(FourCardWager.ANTE_BONUS.value, 0)
        chips = chip_wagers_placed(play)
        assert settled == chips, play.seat
        assert bonus <= 1 and not (bonus and play.folded)
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        # a meter share keeps the cards until its documentation is complete
        # (§ 641a.11(c)(7)(iii), (d))
        assert len(discards) == 1
        for hold in procedure:
            if (
                hold.seat == play.seat
                and hold.action is Action.HOLD_FOR_DOCUMENTATION
                and not hold.spot.label.endswith("(dealer's hand)")  # the dealer's cards, not these
            ):
                assert discards[0].id in procedure.descendants(hold.id)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_dealer_selects_the_best_four_once_after_every_fold(scenario: Path) -> None:
    """§ 641a.11(c): collect the forfeited wagers and cards, then reveal and select the best
    four; no seat that stayed in is settled before that."""
    round_ = round_for(scenario)
    check_reveal_after_every_fold(
        round_, build_procedure(round_), hand_matcher(round_), FourCardWager.ANTE.value
    )


def _scenario(table: str, **seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / table),
        "dealer": "Kh Jd 9c 6s 3h 2d",
        "seats": [{"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": "10", **seat}],
    }


def test_a_play_wager_the_table_does_not_allow_is_refused_naming_the_field() -> None:
    data = _scenario("four_card_poker_plain.toml", decision="play 4x")
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("seats[0].decision",)
    assert "1x or 2x or 3x" in str(caught.value)


def test_an_aces_up_on_a_table_without_one_is_refused() -> None:
    data = _scenario("four_card_poker_plain.toml", decision="fold", aces_up="5")
    with pytest.raises(DataFileError, match="does not offer the Aces Up"):
        parse_inline(data, GOLDEN / "inline.toml")


def _seat(**change: Any) -> dict[str, Any]:
    return {
        "seats": [{"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": 10, "decision": "fold", **change}]
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dealer": "Kh Jd 9c 6s 3h"}, "dealer"),
        ({"dealer": "Kh Jd 9c 6s 3h Jk"}, "dealer"),
        (_seat(seat=7), "seats[0].seat"),
        (_seat(cards="7c 7d Qs 5h"), "seats[0].cards"),
        (_seat(decision="raise"), "seats[0].decision"),
        (_seat(ante=7.5), "seats[0].ante"),
        (_seat(bet=1), "seats[0].bet"),
        ({"tabel": "x"}, "tabel"),
    ],
)
def test_scenario_errors_name_the_field(change: dict[str, Any], field: str) -> None:
    data = {**_scenario("four_card_poker_plain.toml", decision="fold"), **change}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert field in caught.value.fields
    assert str(GOLDEN / "inline.toml") in str(caught.value)


def test_a_card_dealt_twice_and_an_ante_outside_the_limits_are_refused() -> None:
    twice = _scenario("four_card_poker_plain.toml", decision="fold", cards="Kh 7d Qs 5h 4c")
    with pytest.raises(DataFileError, match="Kh is dealt twice"):
        parse_inline(twice, GOLDEN / "inline.toml")
    cheap = _scenario("four_card_poker_plain.toml", decision="fold", ante="5")
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$10 to \$500"):
        parse_inline(cheap, GOLDEN / "inline.toml")


def test_an_invalid_inline_table_is_reported_under_table() -> None:
    data = _scenario("four_card_poker_plain.toml", decision="fold")
    data["table"] = {"game": "Four Card Poker", "name": "x", "ante": {"minimum": 5}}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("table",)
    assert "ante.maximum: required field is missing" in str(caught.value)


def _fchb_scenario(**seat: Any) -> dict[str, Any]:
    return {
        "table": str(TABLES / "four_card_poker_five_card_bonus.toml"),
        "dealer": "Kh Jd 9c 6s 3h 2d",
        "seats": [
            {"seat": 3, "cards": "7c 7d Qs 5h 4c", "ante": "10", "decision": "play 1x", **seat}
        ],
    }


def test_a_five_card_hand_bonus_needs_the_draws_and_a_lucky_seat_that_exists() -> None:
    data = _fchb_scenario(five_card_hand_bonus="1")
    with pytest.raises(DataFileError, match="draws"):
        parse_inline(data, GOLDEN / "inline.toml")
    data["draws"] = {"meter": "12000", "lucky": "seat 7"}
    with pytest.raises(DataFileError) as caught:
        parse_inline(data, GOLDEN / "inline.toml")
    assert caught.value.fields == ("draws.lucky",)
    data["draws"] = {"meter": "12000", "lucky": "dealer", "magic_card": "7c"}
    round_ = parse_inline(data, GOLDEN / "inline.toml")
    assert round_.fchb is not None and round_.fchb.lucky == DEALER
    assert round_.dealer_first_five == round_.dealer[:5]


def test_a_five_card_hand_bonus_outside_the_limits_or_the_table_is_refused() -> None:
    data = {**_fchb_scenario(five_card_hand_bonus="10"), "draws": {"meter": "12000"}}
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$1 to \$5"):
        parse_inline(data, GOLDEN / "inline.toml")
    plain = _scenario("four_card_poker_plain.toml", decision="fold", five_card_hand_bonus_dealer=1)
    plain["draws"] = {"meter": "12000"}
    with pytest.raises(DataFileError, match="not offer the Five Card Hand Bonus on the dealer"):
        parse_inline(plain, GOLDEN / "inline.toml")


def test_a_table_may_forfeit_the_bonus_on_a_fold() -> None:
    """§ 641a.11(b) is not in the seeds: the property may state that a fold forfeits the bonus;
    then nothing is settled for it and the cards go with the Ante before the reveal."""
    scenario = GOLDEN / "fchb_fold_keeps_the_bonus_in_action.toml"
    kept = round_for(scenario)
    rules = kept.config.rules
    stated = rules._stated | {"five_card_hand_bonus_on_fold"}
    config = msgspec.structs.replace(
        kept.config,
        rules=msgspec.structs.replace(
            rules, five_card_hand_bonus_on_fold=FoldRule.FORFEITED, _stated=stated
        ),
    )
    round_ = FourCardRound(config, kept.dealer, kept.seats, None, kept.fchb)
    described = [step.describe() for step in build_procedure(round_)]
    assert described == [
        "Dealer Table: announce no more bets",
        "Dealer Table: lock out wagers",
        "Seat 3 Ante: collect $5",
        "Seat 3 Cards: discard",
        "Dealer Hand: set hand",
    ]
