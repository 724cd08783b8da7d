"""Which verbs a table can ever use: never fewer than any of its rounds asks for, and on a
plain table none of the progressive, Envy, meter or commission verbs it never uses."""

from __future__ import annotations

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import Spot
from dealer_trainer.practice.action_fit import (
    GROUPS,
    PRE_DEAL,
    ActionGroup,
    fitting,
    table_actions,
)
from dealer_trainer.practice.rounds import PracticeTable, deal, practice_tables

TABLES = [t for t in practice_tables() if not t.error]
ROUNDS = 25


def _table(name: str) -> PracticeTable:
    return next(t for t in TABLES if t.path.name == name)


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.path.stem)
def test_no_action_a_round_asks_for_is_hidden(table: PracticeTable) -> None:
    shown: set[tuple[Action, ...]] = set()
    for seed in range(ROUNDS):
        dealt = deal(table, seed)
        usable = table_actions(dealt.actions, dealt.setup)
        shown.add(usable)
        needed = {step.action for step in dealt.procedure}
        assert needed <= set(usable), (seed, needed - set(usable))
    assert len(shown) == 1, "the panel is the same whatever the round (it gives nothing away)"


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.path.stem)
def test_every_pre_deal_action_shown_is_asked_for_by_some_round(table: PracticeTable) -> None:
    """Before the deal the panel shows only what the table's pre-deal steps can ask for: a
    table whose Five Card Hand Bonus is placed electronically locks it out but has no chips
    to count or drop (engine.pre_deal)."""
    shown: set[Action] = set()
    asked: set[Action] = set()
    for seed in range(ROUNDS):
        dealt = deal(table, seed)
        shown |= set(table_actions(dealt.actions, dealt.setup)) & PRE_DEAL
        asked |= {step.action for step in dealt.procedure if is_pre_deal(step)}
    assert shown == asked & PRE_DEAL, f"never asked for: {sorted(a.value for a in shown - asked)}"


@pytest.mark.parametrize(
    "name", ["uth_plain.toml", "three_card_poker_plain.toml", "let_it_ride_plain.toml"]
)
def test_a_plain_table_shows_only_the_verbs_it_uses(name: str) -> None:
    dealt = deal(_table(name), 1)
    usable = set(table_actions(dealt.actions, dealt.setup))
    assert {Action.COLLECT, Action.PAY, Action.PUSH, Action.DISCARD} <= usable
    never = {
        Action.COLLECT_COMMISSION,
        Action.ACKNOWLEDGE_ENVY,
        Action.PAY_ENVY,
        Action.VERIFY_METER,
        Action.RESET_METER,
        Action.LOCK_OUT_WAGERS,
        Action.ANNOUNCE_NO_MORE_BETS,
        Action.HOLD_FOR_DOCUMENTATION,
        Action.CREDIT_GAME_ACCOUNT,
        Action.CALL_FLOORPERSON,
    }
    assert not usable & never, usable & never


def test_a_progressive_table_keeps_its_jackpot_and_pre_deal_verbs() -> None:
    dealt = deal(_table("uth_progressive_envy.toml"), 1)
    usable = set(table_actions(dealt.actions, dealt.setup))
    assert {
        Action.LOCK_OUT_WAGERS,
        Action.CALL_FLOORPERSON,
        Action.HOLD_FOR_DOCUMENTATION,
        Action.ACKNOWLEDGE_ENVY,
        Action.PAY_ENVY,
        Action.RESET_METER,
    } <= usable
    assert Action.COLLECT_COMMISSION not in usable, "Ultimate Texas Hold 'Em takes no commission"


def test_every_verb_has_a_group() -> None:
    assert set(GROUPS) == set(Action)
    assert {GROUPS[a] for a in Action} == set(ActionGroup)


def test_what_fits_a_spot_depends_on_its_kind_not_on_the_round() -> None:
    table = _table("uth_progressive_envy.toml")
    fits: dict[str, set[frozenset[Action]]] = {}
    for seed in range(10):
        dealt = deal(table, seed)
        usable = table_actions(dealt.actions, dealt.setup)
        for spot in dealt.setup.offered_spots:
            fits.setdefault(spot.name, set()).add(fitting(spot, dealt.setup, usable))
    assert all(len(found) == 1 for found in fits.values()), fits
    dealt = deal(table, 0)
    usable = table_actions(dealt.actions, dealt.setup)
    meter = next(s for s in dealt.setup.offered_spots if "meter" in s.kind.key)
    ante = next(s for s in dealt.setup.offered_spots if s.kind.key == "ante")
    assert fitting(meter, dealt.setup, usable) == {Action.RESET_METER}
    assert {Action.COLLECT, Action.PAY, Action.PUSH} <= fitting(ante, dealt.setup, usable)
    assert Action.RESET_METER not in fitting(ante, dealt.setup, usable)
    assert isinstance(ante, Spot)
