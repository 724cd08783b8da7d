"""The Crazy 4 Poker Rules Submission: shipped tables load, bad input is refused naming the file,
the field and the value, and the ``table`` report states every paytable and open rule without
quoting a § 657a section the stored Code pages do not print."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.crazy_4_poker.config import (
    Crazy4PokerConfigError,
    load_crazy_4_poker_config,
    parse_crazy_4_poker_config,
)
from dealer_trainer.games.crazy_4_poker.hands import hand_classes, may_raise, player_hand, qualifies
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Class, Crazy4Wager
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
SHIPPED = sorted(TABLES.glob("crazy_4_poker_*.toml"))


def _table(**change: Any) -> dict[str, Any]:
    return {
        "game": "Crazy 4 Poker",
        "name": "test",
        "ante": {"minimum": 5, "maximum": 100},
        "queens_up": {"minimum": 5, "maximum": 100},
        **change,
    }


def _problems(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(Crazy4PokerConfigError) as caught:
        parse_crazy_4_poker_config(data, "c4.toml")
    assert "c4.toml" in str(caught.value)
    return caught.value.fields


def test_the_shipped_tables_load_and_offer_what_they_say() -> None:
    assert len(SHIPPED) >= 3
    configs = {path.stem: load_crazy_4_poker_config(path) for path in SHIPPED}
    plain = configs["crazy_4_poker_plain"]
    assert not plain.offers(Crazy4Wager.QUEENS_UP)
    assert plain.limits(Crazy4Wager.SUPER_BONUS) == plain.limits(Crazy4Wager.ANTE)
    everything = configs["crazy_4_poker_all_options"]
    assert everything.payout_limit == Decimal(50_000)
    assert everything.five_card_hand_bonus is not None
    rows = {row.label: str(row.odds) for row in everything.paytable(Crazy4Wager.SUPER_BONUS).rows}
    assert rows == {
        "Four aces": "200 to 1",
        "Four of a kind": "30 to 1",
        "Straight flush": "15 to 1",
        "Three of a kind": "2 to 1",
        "Flush": "3 to 2",
        "Straight": "1 to 1",
    }


def test_the_report_states_the_paytables_rules_and_limit_without_unread_sections() -> None:
    report = "\n".join(
        load_crazy_4_poker_config(TABLES / "crazy_4_poker_all_options.toml").describe()
    )
    for text in (
        "Four aces: 200 to 1",
        "Pair of queens or better: 1 to 1",
        "Payout limit per hand: $50,000, on the Ante, Play, Super Bonus, Queens Up only",
        "king high or better",
        "1x or 2x or 3x with a pair of aces or better",
    ):
        assert text in report
    for unread in ("657a.7", "657a.8", "657a.11", "657a.12"):
        assert unread not in report


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"super_bonus": {"paytable": "C"}}, "super_bonus.paytable"),
        ({"queens_up": {"minimum": 50, "maximum": 5}}, "queens_up"),
        ({"rules": {"play_multiples": [2]}}, "rules.play_multiples"),
        ({"rules": {"raise_multiples": [4]}}, "rules.raise_multiples"),
        ({"rules": {"payout_limit_wagers": ["Ante", "Bonus"]}}, "rules.payout_limit_wagers"),
        ({"rules": {"ties": "coin flip"}}, "rules.ties"),
        ({"payout_limit": 20_000}, "payout_limit"),
        ({"side_bet": 1}, "side_bet"),
    ],
)
def test_a_bad_rules_submission_names_the_field(change: dict[str, Any], field: str) -> None:
    fields = _problems(_table(**change))
    assert any(f.startswith(field) for f in fields), fields


def test_the_payout_limit_floor_counts_the_top_rows_at_the_minimum() -> None:
    config = parse_crazy_4_poker_config(
        _table(ante={"minimum": 500, "maximum": 1000}, payout_limit=200_000), "c4.toml"
    )
    # $500 Ante + 3 x $500 Play + $500 x 200 Super Bonus + $5 x 50 Queens Up
    assert config.most_won_at_minimum() == Decimal(500 + 1500 + 100_000 + 250)
    fields = _problems(_table(ante={"minimum": 500, "maximum": 1000}, payout_limit=100_000))
    assert fields == ("payout_limit",)


@pytest.mark.parametrize(
    ("cards", "rows", "qualified", "raise_allowed"),
    [
        (
            "As Ad Ah Ac 2c",
            {"Four aces", "Four of a kind", "Three of a kind", "Pair of queens or better"},
            True,
            True,
        ),
        ("Kh Qd 9c 6s 2h", set(), True, False),
        ("Qh Jd 9c 6s 2h", set(), False, False),
        ("Qh Qd 9c 6s 2h", {"Pair of queens or better"}, True, False),
        ("Ah Ad 9c 6s 2h", {"Pair of queens or better"}, True, True),
        ("Jh Jd 4c 4s 2h", {"Two pair", "Pair of queens or better"}, True, True),
        ("Kc As 2d 3h 8s", set(), True, False),
    ],
)
def test_hand_rows_qualification_and_the_raise(
    cards: str, rows: set[str], qualified: bool, raise_allowed: bool
) -> None:
    hand = player_hand(parse_cards(cards))
    assert {c.value for c in hand_classes(hand)} == rows
    assert qualifies(hand) is qualified
    assert may_raise(hand) is raise_allowed
    assert Crazy4Class.FOUR_ACES.value == "Four aces"
