"""The progressive payout wager on a property's own paytable, and its Envy Bonus."""

from __future__ import annotations

from decimal import Decimal
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.step import Step
from dealer_trainer.games.uth.config import UthConfigError, load_uth_config, parse_uth_config
from dealer_trainer.games.uth.outcomes import Decision, SeatWagers, TableDraws, settle_seat
from dealer_trainer.games.uth.procedure import build_procedure
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import read_toml
from dealer_trainer.rules.provenance import Provenance

D = Decimal
TABLES = shipped_tables()
TABLE = TABLES / "uth_progressive_envy.toml"


def seat(number: int, cards: str, decision: Decision, progressive: int = 1) -> SeatPlay:
    a, b = parse_cards(cards)
    return SeatPlay(number, (a, b), SeatWagers(ante=D(10), progressive=D(progressive)), decision)


def lines(round_: UthRound) -> list[str]:
    """The settlement steps (the chips' pre-deal collection is tested on its own)."""
    return [s.describe() for s in build_procedure(round_) if not is_pre_deal(s)]


def test_progressive_chips_are_collected_counted_and_dropped_before_the_deal() -> None:
    procedure = build_procedure(uth_round("9h 8s Kd 5c 2h", seat(4, "Ac 7d", Decision.play(1))))
    before = [s.describe() for s in procedure if is_pre_deal(s)]
    assert before == [
        "Dealer Table: announce no more bets",
        "Dealer Table: lock out wagers",
        "Seat 4 Progressive Payout Wager: collect $1",
        "Dealer Table: verify chip count",
        "Dealer Table: drop in container",
    ]
    first = next(s for s in procedure if not is_pre_deal(s))
    assert first.after == ("predeal.drop",)


def uth_round(board: str, *seats: SeatPlay, meter: str = "40000") -> UthRound:
    dealer = parse_cards("2c 3d")
    b = parse_cards(board)
    return UthRound(
        load_uth_config(TABLE),
        (dealer[0], dealer[1]),
        (b[0], b[1], b[2], b[3], b[4]),
        seats,
        TableDraws(progressive_meter=D(meter)),
    )


def test_the_property_paytable_is_marked_as_the_propertys_own() -> None:
    config = load_uth_config(TABLE)
    assert config.settles_progressive
    table = config.paytable(UthWager.PROGRESSIVE)
    assert table.citation.provenance is Provenance.PROPERTY
    assert [str(r.odds) for r in table.rows][:3] == ["100% of meter", "10% of meter", "500 for 1"]


def test_a_table_without_rows_only_records_the_wager() -> None:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    assert config.offers(UthWager.PROGRESSIVE) and not config.settles_progressive
    with pytest.raises(KeyError, match=r"653a\.12\(d\)"):
        config.paytable(UthWager.PROGRESSIVE)


def broken(**progressive: Any) -> UthConfigError:
    data = read_toml(TABLE)
    data["progressive"] = {
        "rate_of_progression_percent": 20,
        "minimum": 1,
        "maximum": 1,
        **progressive,
    }
    with pytest.raises(UthConfigError) as info:
        parse_uth_config(data, "house.toml")
    return info.value


def test_an_incomplete_progressive_paytable_is_refused_naming_the_field() -> None:
    rows = [{"hand": "Royal flush", "odds": "100% of meter"}]
    assert "progressive.cards" in broken(rows=rows).fields
    assert "the seeds do not say" in str(broken(rows=rows))
    assert "progressive.envy" in broken(envy=100).fields
    bad = broken(rows=[{"hand": "Flush", "odds": "50 to 1"}], cards="player and board")
    assert "progressive.rows[0].odds" in bad.fields
    assert "house.toml: progressive.rows[0].odds" in str(bad)


def test_four_of_a_kind_pays_500_for_1_from_the_inventory_after_a_floorperson() -> None:
    four = seat(4, "9c 9d", Decision.play(4))
    steps = lines(uth_round("9h 9s Kd 5c 2h", four))
    chain = [s for s in steps if "Progressive" in s]
    assert chain == [
        "Seat 4 Progressive Payout Wager: verify hand",
        "Seat 4 Progressive Payout Wager: call floorperson",
        "Seat 4 Progressive Payout Wager: pay $500",
    ]
    assert steps[-1] == "Seat 4 Cards: discard"


def test_a_losing_progressive_needs_no_step_its_chips_were_dropped_before_the_deal() -> None:
    steps = lines(uth_round("9h 8s Kd 5c 2h", seat(4, "Ac 7d", Decision.play(1))))
    assert not any("Progressive" in s for s in steps)


def test_royal_flush_holds_for_documentation_and_resets_the_meter() -> None:
    steps = lines(uth_round("Kh Qh Jh 5c 2d", seat(4, "Ah Th", Decision.play(4))))
    assert "Seat 4 Progressive Payout Wager: hold for documentation $40,000" in steps
    # the hand stays until the documentation is complete, then goes (§ 639a.11(c)(6)(iii), (d))
    hold = steps.index("Seat 4 Progressive Payout Wager: hold for documentation $40,000")
    assert steps.index("Seat 4 Cards: discard") > hold
    assert steps[-1] == "Dealer Progressive meter: reset meter $25,000"


def test_envy_is_acknowledged_then_paid_to_every_other_progressive_bettor() -> None:
    holder = seat(6, "9h 8h", Decision.play(4), progressive=0)
    bettor = seat(3, "Ac Ad", Decision.play(4))
    folded = seat(2, "7c 2s", Decision.fold())
    round_ = uth_round("7h 6h 5h Kd Ks", holder, bettor, folded)
    procedure = build_procedure(round_)
    steps = [s.describe() for s in procedure]
    assert "Seat 6 Envy Bonus Qualifying Hand: acknowledge envy" in steps
    assert [s for s in steps if "pay envy" in s] == [
        "Seat 3 Envy Bonus (seat 6's hand): pay envy $100"
    ]
    by = {s.describe(): s.id for s in procedure}
    pay = by["Seat 3 Envy Bonus (seat 6's hand): pay envy $100"]
    assert pay in procedure.descendants(by["Seat 6 Envy Bonus Qualifying Hand: acknowledge envy"])
    assert by["Seat 6 Cards: discard"] in procedure.descendants(pay), "cards stay face up"
    assert pay in procedure.descendants(by["Seat 3 Ante: pay $10"]), "after seat 3's wagers"
    assert grade_log(procedure, [_act(s) for s in procedure]).perfect


def test_no_envy_for_a_players_own_hand() -> None:
    alone = seat(5, "9h 8h", Decision.play(4))
    steps = lines(uth_round("7h 6h 5h Kd Ks", alone))
    assert not any("envy" in s for s in steps)
    assert "Seat 5 Progressive Payout Wager: hold for documentation $4,000" in steps


def _act(step: Step) -> TraineeAction:
    return TraineeAction(step.spot, step.action, step.amount)


def test_six_card_bonus_uses_the_stated_cards_and_stays_in_action_after_a_fold() -> None:
    a, b = parse_cards("Kc Kd")
    folded = SeatPlay(5, (a, b), SeatWagers(ante=D(10), six_card_bonus=D(5)), Decision.fold())
    dealer = parse_cards("Ks 2d")
    board = parse_cards("Kh 7s 4c 9d Jc")
    round_ = UthRound(
        load_uth_config(TABLE),
        (dealer[0], dealer[1]),
        (board[0], board[1], board[2], board[3], board[4]),
        (folded,),
    )
    procedure = build_procedure(round_)
    steps = [s.describe() for s in procedure]
    assert "Seat 5 Six Card Bonus: pay $250" in steps  # four kings, 50 to 1 on $5
    six = next(s for s in procedure if s.spot.label == "Six Card Bonus")
    assert "stays in action after a fold" in six.explanation
    assert "§ 653b.4(c)" in six.explanation
    assert six.citation == "house rule, § 653b.4(c)"


def test_six_card_bonus_needs_chip_odds_and_a_known_card_rule() -> None:
    data = read_toml(TABLE)
    data["six_card_bonus"]["rows"] = [{"hand": "Flush", "odds": "15 for 1"}]
    data["six_card_bonus"]["cards"] = "the five community cards alone"
    with pytest.raises(UthConfigError) as info:
        parse_uth_config(data, "house.toml")
    assert set(info.value.fields) >= {"six_card_bonus.cards", "six_card_bonus.rows[0].odds"}
    del data["six_card_bonus"]["rows"]
    with pytest.raises(UthConfigError, match=r"six_card_bonus\.rows: required field"):
        parse_uth_config(data, "house.toml")


# Boards that let chosen seats hold a straight flush (an Envy Bonus Qualifying Hand).
ENVY_BOARDS = {
    "": [],
    "9h Th Jh 2c 3d": ["Kh Qh", "7h 8h"],
    "5s 6s 7s Kd Kc": ["3s 4s", "8s 9s"],
}


@st.composite
def progressive_rounds(draw: st.DrawFn) -> UthRound:
    deck = Deck.shuffled(draw(st.integers(0, 2**32 - 1)))
    board_text = draw(st.sampled_from(sorted(ENVY_BOARDS)))
    straight_flushes = [parse_cards(pair) for pair in ENVY_BOARDS[board_text]]
    used = {c for pair in straight_flushes for c in pair}
    forced = list(parse_cards(board_text)) if board_text else []
    rest = [c for c in deck.order if c not in forced and c not in used]
    board = forced or [rest.pop(0) for _ in range(5)]
    numbers = draw(st.lists(st.integers(1, 7), min_size=1, max_size=6, unique=True))
    seats = []
    for number in numbers:
        if straight_flushes and draw(st.booleans()):
            first, second = straight_flushes.pop(0)
        else:
            first, second = rest.pop(0), rest.pop(0)
        decision = draw(st.sampled_from([Decision.fold(), Decision.play(4), Decision.play(1)]))
        wagers = SeatWagers(
            ante=D(10),
            trips=D(draw(st.sampled_from([0, 5]))),
            six_card_bonus=D(draw(st.sampled_from([0, 5]))),
            progressive=D(draw(st.sampled_from([0, 1]))),
        )
        seats.append(SeatPlay(number, (first, second), wagers, decision))
    dealer = (rest.pop(0), rest.pop(0))
    return UthRound(
        load_uth_config(TABLE),
        dealer,
        (board[0], board[1], board[2], board[3], board[4]),
        tuple(seats),
        TableDraws(progressive_meter=D(draw(st.integers(25_000, 90_000)))),
    )


def is_envy_hand(round_: UthRound, play: SeatPlay) -> bool:
    rank = best_five([*play.cards, *round_.board]).rank
    return rank in (HandRank.STRAIGHT_FLUSH, HandRank.ROYAL_FLUSH)


@settings(max_examples=80, deadline=None)
@given(progressive_rounds(), st.randoms(use_true_random=False))
def test_progressive_and_envy_over_random_rounds(round_: UthRound, rng: Random) -> None:
    procedure = build_procedure(round_)
    live = [s for s in round_.seats if not s.decision.folded]
    bettors = {s.seat for s in live if s.wagers.progressive > 0}
    holders = {s.seat for s in live if is_envy_hand(round_, s) and bettors - {s.seat}}
    owed = sum(len(holders - {b}) for b in bettors)
    envy = [s for s in procedure if s.action is Action.PAY_ENVY]
    assert len(envy) == owed
    assert all(s.amount == D(100) for s in envy)
    acknowledged = {s.seat for s in procedure if s.action is Action.ACKNOWLEDGE_ENVY}
    assert acknowledged == holders
    for play in round_.seats:
        outcome = next(
            (
                o
                for o in settle_seat(
                    round_.config,
                    round_.deal_for(play),
                    play.wagers,
                    play.decision,
                    round_.draws,
                )
                if o.wager is UthWager.PROGRESSIVE
            ),
            None,
        )
        paid = [
            s
            for s in procedure
            if s.seat == play.seat
            and s.spot.label == "Progressive Payout Wager"
            and s.action in (Action.PAY, Action.HOLD_FOR_DOCUMENTATION)
        ]
        if outcome is not None and outcome.paid > 0:
            assert [s.amount for s in paid] == [outcome.paid]
        else:
            assert paid == []
    order: list[str] = []
    while len(order) < len(procedure):
        order.append(rng.choice(procedure.available(order)).id)
    assert grade_log(procedure, [_act(procedure.by_id[i]) for i in order]).perfect
