"""The Mississippi Stud Rules Submission: what § 655a.12 fixes, what it leaves to the property,
and clear errors naming the field for everything else."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.mississippi_stud.config import (
    MississippiStudConfigError,
    load_mississippi_stud_config,
    parse_mississippi_stud_config,
)
from dealer_trainer.games.mississippi_stud.hands import five_card_hand, five_card_rows
from dealer_trainer.games.mississippi_stud.wagers import StudHand, StudWager
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()


def _table(**changes: Any) -> dict[str, Any]:
    return {
        "game": "Mississippi Stud",
        "name": "t",
        "ante": {"minimum": 5, "maximum": 100},
        **changes,
    }


def _problems(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(MississippiStudConfigError) as caught:
        parse_mississippi_stud_config(data, "t.toml")
    assert "t.toml" in str(caught.value)
    return {p.field: p.expected for p in caught.value.problems}


def test_the_base_paytable_is_the_codes_with_the_push() -> None:
    config = load_mississippi_stud_config(TABLES / "mississippi_stud_plain.toml")
    table = config.paytable(StudWager.FIFTH_STREET)
    assert [(r.label, str(r.odds)) for r in table.rows] == [
        ("Royal flush", "500 to 1"),
        ("Straight flush", "100 to 1"),
        ("Four of a kind", "40 to 1"),
        ("Full house", "10 to 1"),
        ("Flush", "6 to 1"),
        ("Straight", "4 to 1"),
        ("Three of a kind", "3 to 1"),
        ("Two pair", "2 to 1"),
        ("Pair of jacks or better", "1 to 1"),
        ("Pair of 6s to 10s", "Push"),
    ]
    assert "655a.12(a)" in table.citation.short


@pytest.mark.parametrize(
    ("cards", "row"),
    [
        ("6c 6d Kh 9s 2c", StudHand.PAIR_OF_SIXES_TO_TENS),
        ("Tc Td Kh 9s 2c", StudHand.PAIR_OF_SIXES_TO_TENS),
        ("Jc Jd Kh 9s 2c", StudHand.PAIR_OF_JACKS_OR_BETTER),
        ("5c 5d Kh 9s 2c", None),
        ("Ac Kd Qh 9s 2c", None),
    ],
)
def test_pairs_split_at_six_and_jack(cards: str, row: StudHand | None) -> None:
    dealt = parse_cards(cards)
    rows = five_card_rows(five_card_hand(dealt[:2], dealt[2:]))
    config = load_mississippi_stud_config(TABLES / "mississippi_stud_plain.toml")
    paid = config.paytable(StudWager.ANTE).first_row(rows)
    assert (paid.hand if paid is not None else None) == row


@pytest.mark.parametrize(
    ("minimum", "basis", "limit"),
    [
        (5, None, Decimal(50_000)),
        (10, None, Decimal(50_000)),
        (25, None, Decimal(125_000)),
        (25, "the minimum Ante with Bet Wagers of one times it", Decimal(50_000)),
        (50, "the minimum Ante with Bet Wagers of one times it", Decimal(100_000)),
    ],
)
def test_the_payout_limit_is_50000_or_the_most_won_at_the_minimum(
    minimum: int, basis: str | None, limit: Decimal
) -> None:
    rules = {"payout_limit_basis": basis} if basis else {}
    config = parse_mississippi_stud_config(
        _table(ante={"minimum": minimum, "maximum": 500}, rules=rules)
    )
    assert config.payout_limit == limit


def test_progressive_paytable_letters_rows_and_envy_are_checked() -> None:
    spec = {"minimum": 1, "maximum": 1, "rate_of_progression_percent": 20}
    problems = _problems(_table(progressive={**spec, "paytable": "E"}))
    assert "A-D" in problems["progressive.paytable"]
    rows = [{"hand": "Royal flush", "odds": "100% of meter"}]
    assert "progressive.rows" in _problems(_table(progressive={**spec, "rows": rows}))
    low = {**spec, "envy": 50, "envy_qualifying_hand": "Flush"}
    assert (
        "royal flush or a straight flush"
        in _problems(_table(progressive=low))["progressive.envy_qualifying_hand"]
    )
    assert (
        "§ 655a.12(c)(3)"
        in _problems(_table(progressive={"minimum": 1, "maximum": 1}))[
            "progressive.rate_of_progression_percent"
        ]
    )


METER = {"reset": 1000, "rate_of_progression_percent": 4}


@pytest.mark.parametrize(
    ("letter", "quads", "trips", "meters"),
    [
        ("B", "300 for 1", "9 for 1", ("mega", "major")),
        ("C", "100% of minor jackpot", "10 for 1", ("mega", "major", "minor")),
        ("D", "100% of minor jackpot", "9 for 1", ("mega", "major", "minor")),
    ],
)
def test_paytables_b_to_d_are_the_codes_with_a_meter_per_jackpot(
    letter: str, quads: str, trips: str, meters: tuple[str, ...]
) -> None:
    jackpots = {name: {**METER, "reset": 1000 * (i + 1)} for i, name in enumerate(meters)}
    progressive = {"paytable": letter, "minimum": 1, "maximum": 5, "jackpots": jackpots}
    config = parse_mississippi_stud_config(_table(progressive=progressive))
    table = config.paytable(StudWager.PROGRESSIVE)
    assert [(r.label, str(r.odds)) for r in table.rows] == [
        ("Royal flush", "100% of mega jackpot"),
        ("Straight flush", "100% of major jackpot"),
        ("Four of a kind", quads),
        ("Full house", "50 for 1"),
        ("Flush", "40 for 1"),
        ("Straight", "30 for 1"),
        ("Three of a kind", trips),
    ]
    assert table.citation.short == "§ 655a.12(c)(1)"
    assert [m.jackpot for m in config.jackpot_meters] == list(meters)
    assert not config.progressive_pays_meter_share
    report = "\n".join(config.describe())
    for i, name in enumerate(meters):
        assert f"{name.capitalize()} jackpot meter rises by 4% of each wager" in report
        assert f"resets to ${1000 * (i + 1):,}" in report


def test_each_jackpot_meter_is_stated_and_no_single_meter_beside_them() -> None:
    only_mega = {"paytable": "C", "minimum": 1, "maximum": 1, "jackpots": {"mega": METER}}
    problems = _problems(_table(progressive=only_mega))
    assert "Paytable C" in problems["progressive.jackpots.major"]
    assert "minor jackpot" in problems["progressive.jackpots.minor"]
    extra = {"mega": METER, "major": METER, "minor": METER}
    b = {"paytable": "B", "minimum": 1, "maximum": 1, "jackpots": extra}
    assert "pays no minor jackpot" in _problems(_table(progressive=b))["progressive.jackpots.minor"]
    both = {
        **b,
        "jackpots": {"mega": METER, "major": {**METER, "reset": 0}},
        "meter_reset": 5000,
        "rate_of_progression_percent": 10,
    }
    problems = _problems(_table(progressive=both))
    assert "progressive.jackpots.major.reset" in problems
    assert "meter of its own" in problems["progressive.meter_reset"]
    assert "progressive.rate_of_progression_percent" in problems
    no_rate = {**b, "jackpots": {"mega": {"reset": 1000}, "major": METER}}
    assert "progressive.jackpots.mega.rate_of_progression_percent" in _problems(
        _table(progressive=no_rate)
    )
    a = {"paytable": "A", "minimum": 1, "maximum": 1, "rate_of_progression_percent": 5}
    assert "progressive.jackpots" in _problems(_table(progressive={**a, "jackpots": extra}))
    twice = {**b, "jackpots": {"mega": METER, "major": METER, "won_twice": "coin flip"}}
    assert "progressive.jackpots.won_twice" in _problems(_table(progressive=twice))


def test_three_card_bonus_rows_must_be_three_card_hands_paid_to_1() -> None:
    bonus = {"minimum": 1, "maximum": 5, "rows": [{"hand": "Full house", "odds": "5 to 1"}]}
    assert "three_card_bonus.rows[0].hand" in _problems(_table(three_card_bonus=bonus))
    bonus = {"minimum": 1, "maximum": 5, "rows": [{"hand": "Pair", "odds": "Push"}]}
    assert "three_card_bonus.rows[0].odds" in _problems(_table(three_card_bonus=bonus))


def test_the_five_card_hand_bonus_is_on_the_players_hand_only() -> None:
    fchb = {
        "minimum": 1,
        "maximum": 5,
        "meter_start": 10000,
        "meter_reset": 10000,
        "rate_of_progression_percent": 15,
        "bet_on": ["player's hand", "dealer's hand"],
    }
    assert "five_card_hand_bonus.bet_on" in _problems(_table(five_card_hand_bonus=fchb))


def test_unknown_fields_and_bad_limits_are_named() -> None:
    assert "payout_limit" in _problems(_table(payout_limit=60000))
    assert any(f.startswith("ante") for f in _problems(_table(ante={"minimum": 100, "maximum": 5})))


def test_the_report_states_the_limit_and_the_open_rules() -> None:
    config = load_mississippi_stud_config(TABLES / "mississippi_stud_all_options.toml")
    text = "\n".join(config.describe())
    assert "Aggregate payout limit per hand: $50,000" in text
    assert "on the Ante and Bet Wagers only" in text
    assert "Progressive Payout Wager Paytable A" in text
    assert "A folding player's Progressive Payout Wager: forfeited with the hand" in text
