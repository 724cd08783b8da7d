"""Properties of Texas Hold 'Em Bonus Poker settlement over seeded random rounds: every wager on
the felt is settled exactly once, the money the procedure moves is the money the outcomes say,
and every order the procedure allows grades perfect (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig, load_thb_config
from dealer_trainer.games.texas_holdem_bonus.dealing import deal_round
from dealer_trainer.games.texas_holdem_bonus.outcomes import STREETS, Result, settle_seat
from dealer_trainer.games.texas_holdem_bonus.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.texas_holdem_bonus.table import table_setup
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.resources import shipped_tables

TABLES = {
    name: load_thb_config(shipped_tables() / f"texas_holdem_bonus_{name}.toml")
    for name in ("plain", "all_options", "payout_limit")
}
CHIP = {ThbWager.ANTE, *STREETS, ThbWager.BONUS}
MONEY = {Action.PAY: 1, Action.COLLECT: -1, Action.PUSH: 0}
SETTINGS = settings(max_examples=60, deadline=None)
seeds = st.integers(min_value=0, max_value=2**31)


def _config(name: str) -> ThbTableConfig:
    return TABLES[name]


@SETTINGS
@given(seed=seeds, table=st.sampled_from(sorted(TABLES)))
def test_every_chip_wager_on_the_felt_is_settled_exactly_once(seed: int, table: str) -> None:
    round_ = deal_round(_config(table), seed)
    procedure = build_procedure(round_)
    settled = Counter(
        (step.spot.seat, step.spot.spot.kind)
        for step in procedure
        if step.action in MONEY and not is_pre_deal(step)
    )
    on_felt = Counter(
        (spot.seat, spot.spot.kind)
        for seat in table_setup(round_).seats
        for spot in seat.stakes
        if spot.spot.kind in CHIP
    )
    chip_settled = Counter({k: v for k, v in settled.items() if k[1] in CHIP})
    assert chip_settled == on_felt


@SETTINGS
@given(seed=seeds, table=st.sampled_from(sorted(TABLES)))
def test_the_procedure_moves_the_money_the_outcomes_say(seed: int, table: str) -> None:
    config = _config(table)
    round_ = deal_round(config, seed)
    procedure = build_procedure(round_)
    for play in round_.seats:
        outcomes = settle_seat(
            config, round_.deal_for(play), play.wagers, play.decision, round_.draws
        )
        chips = [o for o in outcomes if o.wager in CHIP]
        moved = sum(
            (
                MONEY[step.action] * (step.amount or Decimal(0))
                for step in procedure
                if step.spot.seat == play.seat
                and step.spot.spot.kind in CHIP
                and step.action in MONEY
                and not is_pre_deal(step)
            ),
            Decimal(0),
        )
        assert moved == sum((o.net for o in chips), Decimal(0))
        for outcome in chips:
            assert outcome.result is not Result.WIN or outcome.paid > 0
        if config.payout_limit is not None:
            paid = sum((o.paid for o in chips if o.wager in config.limited_wagers), Decimal(0))
            assert paid <= config.payout_limit


def _random_legal_order(procedure: Procedure, rng: random.Random) -> list[str]:
    done: list[str] = []
    while len(done) < len(procedure):
        done.append(rng.choice(procedure.available(done)).id)
    return done


@SETTINGS
@given(seed=seeds, order_seed=seeds, table=st.sampled_from(sorted(TABLES)))
def test_every_legal_order_grades_perfect(seed: int, order_seed: int, table: str) -> None:
    procedure = build_procedure(deal_round(_config(table), seed))
    order = _random_legal_order(procedure, random.Random(order_seed))
    assert procedure.is_legal_order(order)
    steps = {step.id: step for step in procedure}
    actions = [
        TraineeAction(steps[i].spot, steps[i].action, steps[i].amount, at=float(n))
        for n, i in enumerate(order)
    ]
    grade = grade_log(procedure, actions, not_called_for=NOT_CALLED_FOR)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[bonus]\npaytable = "C"\nminimum = 5\nmaximum = 100\n', "bonus.paytable"),
        ("payout_limit = -1\n", "payout_limit"),
        ('payout_limit_wagers = ["Progressive Payout Wager"]\n', "payout_limit_wagers[0]"),
        ('[rules]\nante_pays_from = "Flush"\nflop_multiple = 9\n', "rules.flop_multiple"),
    ],
)
def test_a_bad_rules_submission_names_the_field(text: str, problem: str) -> None:
    import tomllib

    from dealer_trainer.games.texas_holdem_bonus.config import ThbConfigError, parse_thb_config

    base = 'game = "Texas Hold \'Em Bonus Poker"\nname = "t"\n[ante]\nminimum = 10\nmaximum = 500\n'
    data = tomllib.loads(base + text) if text.startswith("[") else tomllib.loads(text + base)
    with pytest.raises(ThbConfigError) as error:
        parse_thb_config(data, "thb.toml")
    assert problem in str(error.value) and "thb.toml" in str(error.value)
