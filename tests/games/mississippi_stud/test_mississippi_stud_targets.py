"""Mississippi Stud targets: the rare hands a lesson asks for, dealt legally and settled.

Each case is checked on what a trainee would see: the hand the target names is on the table,
the seat placed the wager the target is about and did not fold, and the round grades perfect
when settled by its own procedure.
"""

from __future__ import annotations

import time

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.games.mississippi_stud.config import load_mississippi_stud_config
from dealer_trainer.games.mississippi_stud.hands import (
    five_card_hand,
    three_card_hand,
)
from dealer_trainer.games.mississippi_stud.outcomes import settle_base
from dealer_trainer.games.mississippi_stud.round import StudRound
from dealer_trainer.games.mississippi_stud.targets import TARGETS
from dealer_trainer.games.targeting import Target, TargetError
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.practice.targets import generate_round
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
ALL = TABLES / "mississippi_stud_all_options.toml"
PLAIN = TABLES / "mississippi_stud_plain.toml"
GAME = "Mississippi Stud"


def _round(table: str, targets: list[Target], seed: int) -> StudRound:
    config = load_mississippi_stud_config(TABLES / table)
    round_: StudRound = TARGETS.generate(config, seed, targets, None)
    return round_


@pytest.mark.parametrize("seed", range(12))
def test_a_royal_flush_over_the_payout_limit(seed: int) -> None:
    round_ = _round(
        "mississippi_stud_plain.toml", [Target("seat 3", "Royal flush, payout limit reached")], seed
    )
    play = round_.seat(3)
    assert five_card_hand(play.cards, round_.community).rank is HandRank.ROYAL_FLUSH
    assert not play.folded
    outcomes = settle_base(round_.config, play.cards, round_.community, play.base)
    assert any(o.capped for o in outcomes)
    assert sum(o.paid for o in outcomes) == round_.config.payout_limit


@pytest.mark.parametrize("seed", range(12))
def test_an_envy_hand_with_another_progressive_still_in(seed: int) -> None:
    round_ = _round("mississippi_stud_all_options.toml", [Target("seat 2", "Envy hand")], seed)
    play = round_.seat(2)
    hand = five_card_hand(play.cards, round_.community)
    assert hand.rank in (HandRank.STRAIGHT_FLUSH, HandRank.ROYAL_FLUSH)
    assert any(p.progressive > 0 and not p.folded for p in round_.seats if p.seat != 2)


@pytest.mark.parametrize("seed", range(12))
def test_a_mini_royal_on_the_three_card_bonus(seed: int) -> None:
    target = Target("seat 4", "Mini royal", "Three Card Bonus")
    round_ = _round("mississippi_stud_all_options.toml", [target], seed)
    hand = three_card_hand(round_.community)
    assert hand.rank is HandRank.STRAIGHT_FLUSH and {c.rank.label for c in hand.cards} == {
        "Ace",
        "King",
        "Queen",
    }
    assert round_.seat(4).three_card_bonus > 0


@pytest.mark.parametrize(
    "targets",
    [
        [Target("seat 1", "Royal flush", "Progressive Payout Wager")],
        [Target("seat 5", "Four of a kind", "Five Card Hand Bonus")],
        [Target("seat 2", "Pair of 6s"), Target("board", "Pair")],
        [Target("seat 3", "Straight flush, payout limit reached")],
    ],
)
def test_generated_rounds_settle_perfectly(targets: list[Target]) -> None:
    for seed in range(6):
        dealt = generate_round(GAME, ALL, seed, targets, None)
        actions = [
            TraineeAction(s.spot, s.action, s.amount, at=float(i), hand=s.hand)
            for i, s in enumerate(dealt.procedure)
        ]
        grade = grade_log(dealt.procedure, actions, not_called_for=dealt.not_called_for)
        assert grade.perfect
        seat = int(targets[0].who.split()[1])
        assert any(s.seat == seat and s.action is not Action.DISCARD for s in dealt.procedure)


def test_impossible_targets_are_refused_by_name() -> None:
    config = load_mississippi_stud_config(PLAIN)
    with pytest.raises(TargetError, match="no dealer hand"):
        TARGETS.generate(config, 1, [Target("dealer", "Flush")], None)
    with pytest.raises(TargetError, match="does not offer the Three Card Bonus"):
        TARGETS.generate(config, 1, [Target("seat 1", "Pair", "Three Card Bonus")], None)
    with pytest.raises(TargetError, match="pays no Envy Bonus"):
        TARGETS.generate(config, 1, [Target("seat 1", "Envy hand")], None)
    with pytest.raises(TargetError, match="cannot reach the payout limit"):
        TARGETS.generate(config, 1, [Target("seat 1", "Two pair, payout limit reached")], None)


def test_a_royal_with_the_payout_limit_is_fast() -> None:
    """The benchmark's case, loosely here (timing belongs to benchmarks/): well under a
    second for a hundred rounds on a shared machine."""
    config = load_mississippi_stud_config(PLAIN)
    targets = [Target("seat 3", "Royal flush, payout limit reached")]
    start = time.process_time()
    for seed in range(100):
        TARGETS.generate(config, seed, targets, None)
    assert time.process_time() - start < 5
