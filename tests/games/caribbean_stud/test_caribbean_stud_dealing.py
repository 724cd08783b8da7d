"""Random Caribbean Stud practice rounds: reproducible, legal, settled by the book, shown as dealt,
and laid out on the felt."""

from __future__ import annotations

import pytest
from spot_support import by_label, meter_names, offered_names

from dealer_trainer.cards import Deck, parse_card, parse_cards
from dealer_trainer.engine.dealing import DealEventKind
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.caribbean_stud.config import load_caribbean_stud_config
from dealer_trainer.games.caribbean_stud.dealing import (
    cards_in_dealing_order,
    caribbean_stud_dealing_sequence,
    deal_caribbean_stud_round,
    decide,
)
from dealer_trainer.games.caribbean_stud.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.caribbean_stud.table import table_setup
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
CONFIGS = {p.stem: load_caribbean_stud_config(p) for p in sorted(TABLES.glob("caribbean_stud_*"))}
SEEDS = range(250)
W = CaribbeanStudWager


def test_the_lesson_tables_are_here() -> None:
    assert set(CONFIGS) == {
        "caribbean_stud_plain",
        "caribbean_stud_progressive",
        "caribbean_stud_five_card_bonus",
    }


def test_random_rounds_place_five_card_hand_bonus_wagers_and_draws() -> None:
    config = CONFIGS["caribbean_stud_five_card_bonus"]
    spec = config.five_card_hand_bonus
    assert spec is not None
    hands = set()
    for seed in SEEDS:
        round_ = deal_caribbean_stud_round(config, seed)
        assert round_.fchb is not None and round_.fchb.meter >= spec.meter_reset
        setup = table_setup(round_)
        assert meter_names(setup.meters)["Five Card Hand Bonus meter"] == round_.fchb.meter
        for play in round_.seats:
            for hand, stake in play.fchb_stakes().items():
                hands.add(hand)
                assert spec.minimum <= stake <= spec.maximum
                name = "Five Card Hand Bonus" + (
                    " (dealer's hand)" if hand.owner == "dealer" else ""
                )
                assert by_label(setup.seat(play.seat).electronic)[name] == stake
        procedure = build_procedure(round_)
        assert any(s.action.name == "LOCK_OUT_WAGERS" for s in procedure)
    assert len(hands) == 2


@pytest.mark.parametrize("name", CONFIGS)
def test_rounds_are_reproducible_and_legal(name: str) -> None:
    config = CONFIGS[name]
    assert deal_caribbean_stud_round(config, 11) == deal_caribbean_stud_round(config, 11)
    assert (
        deal_caribbean_stud_round(config, 11).dealer != deal_caribbean_stud_round(config, 12).dealer
    )
    decisions = set()
    for seed in SEEDS:
        round_ = deal_caribbean_stud_round(config, seed)
        assert 2 <= len(round_.seats) <= 6
        assert cards_in_dealing_order(round_) == Deck(seed).order[: 5 * len(round_.seats) + 5]
        for play in round_.seats:
            decisions.add(play.decision)
            assert play.decision is decide(play.cards, round_.up_card)
            for wager, stake in play.placed().items():
                if wager is W.BET:
                    assert stake == 2 * play.wagers.ante
                    continue
                limits = config.limits(wager)
                assert limits.minimum <= stake <= limits.maximum
        if config.progressive is not None:
            assert round_.progressive_meter is not None
            assert round_.progressive_meter >= 25_000
    assert decisions == {StudDecision.BET, StudDecision.FOLD}


def test_chosen_seats_and_bad_arguments() -> None:
    config = CONFIGS["caribbean_stud_plain"]
    round_ = deal_caribbean_stud_round(config, 3, (7, 1, 4))
    assert [s.seat for s in round_.decision_order()] == [1, 4, 7]
    assert [s.seat for s in round_.settlement_order()] == [7, 4, 1]
    with pytest.raises(ValueError, match="seats are 1 to 7"):
        deal_caribbean_stud_round(config, 3, (0, 8))
    with pytest.raises(ValueError, match="distinct"):
        deal_caribbean_stud_round(config, 3, (2, 2))
    with pytest.raises(ValueError, match="probability"):
        deal_caribbean_stud_round(config, 3, side_wager_chance=1.5)
    none = deal_caribbean_stud_round(config, 3, side_wager_chance=0)
    assert all(play.wagers.caribbean_stud_bonus == 0 for play in none.seats)


@pytest.mark.parametrize(
    ("hand", "up", "decision"),
    [
        ("2c 2d 7h 5s 4c", "Ks", StudDecision.BET),  # any pair
        ("Kc Qd Jh 9s 7c", "2s", StudDecision.FOLD),  # less than ace/king
        ("Ac Kd Qh 9s 7c", "2s", StudDecision.BET),  # A-K-Q
        ("Ac Kd Jh 9s 7c", "2s", StudDecision.BET),  # A-K-J
        ("Ac Kd 9h 6s 3c", "Ah", StudDecision.BET),  # dealer shows an ace
        ("Ac Kd 9h 6s 3c", "Kh", StudDecision.BET),  # dealer shows a king
        ("Ac Kd 9h 6s 3c", "6h", StudDecision.BET),  # dealer's card matches one of the others
        ("Ac Kd 9h 6s 3c", "Th", StudDecision.FOLD),
        ("2c 5c 7c 9c Jc", "Ah", StudDecision.BET),  # a flush
    ],
)
def test_the_simulated_player(hand: str, up: str, decision: StudDecision) -> None:
    assert decide(parse_cards(hand), parse_card(up)) is decision


def test_a_decision_needs_five_cards() -> None:
    with pytest.raises(ValueError, match="five cards"):
        decide(parse_cards("Ac Kd"), parse_card("2s"))


@pytest.mark.parametrize("name", CONFIGS)
def test_every_random_round_settles_perfectly_by_the_book(name: str) -> None:
    config = CONFIGS[name]
    for seed in SEEDS:
        procedure = build_procedure(deal_caribbean_stud_round(config, seed))
        log = [TraineeAction(s.spot, s.action, s.amount, 0.0, s.hand) for s in procedure]
        grade = grade_log(procedure, log, not_called_for=NOT_CALLED_FOR)
        assert grade.perfect, seed
        assert grade.payout_accuracy == 100 and grade.procedure_compliance == 100


def test_the_deal_goes_round_five_times_and_only_the_dealers_last_card_is_up() -> None:
    round_ = deal_caribbean_stud_round(CONFIGS["caribbean_stud_progressive"], 4, (2, 5))
    events = caribbean_stud_dealing_sequence(round_)
    kinds = [e.kind for e in events]
    assert kinds[:3] == [DealEventKind.PLACE_WAGERS] * 2 + [DealEventKind.NO_MORE_BETS]
    cards = [e for e in events if e.kind is DealEventKind.DEAL_CARD]
    assert len(cards) == 5 * 3
    assert [e.seat for e in cards[:3]] == [2, 5, DEALER]
    assert tuple(e.cards[0] for e in cards if e.seat == DEALER) == round_.dealer
    assert [e.face_up for e in cards if e.seat == DEALER] == [False] * 4 + [True]
    assert not any(e.face_up for e in cards if e.seat != DEALER)
    assert cards[-1].text == "Dealer: up card" and cards[-1].cards == (round_.up_card,)
    decisions = [e for e in events if e.kind is DealEventKind.DECISION]
    assert [e.seat for e in decisions] == [2, 5]  # clockwise from the dealer's left
    assert kinds.index(DealEventKind.DECISION) > kinds.index(DealEventKind.DEAL_CARD)
    assert DealEventKind.DEALER_REVEAL not in kinds  # the trainee reveals after the forfeits
    shown = caribbean_stud_dealing_sequence(round_, include_reveal=True)
    assert shown[:-1] == events
    assert (shown[-1].kind, shown[-1].cards, shown[-1].face_up) == (
        DealEventKind.DEALER_REVEAL,
        round_.dealer,
        True,
    )


@pytest.mark.parametrize("name", CONFIGS)
def test_the_table_offers_every_spot_the_procedure_names(name: str) -> None:
    config = CONFIGS[name]
    for seed in SEEDS:
        round_ = deal_caribbean_stud_round(config, seed)
        setup = table_setup(round_)
        for step in build_procedure(round_):
            assert step.spot.spot in setup.offered_spots, step.spot.label


def test_the_table_shows_chips_decisions_meters_and_signs() -> None:
    config = CONFIGS["caribbean_stud_progressive"]
    round_ = next(
        r
        for r in (deal_caribbean_stud_round(config, seed) for seed in SEEDS)
        if any(p.folded for p in r.seats)
        and any(not p.folded for p in r.seats)
        and any(p.wagers.progressive for p in r.seats)
    )
    setup = table_setup(round_)
    assert setup.game == "Caribbean Stud Poker" and setup.dealer_cards == round_.dealer
    assert setup.board == () and setup.seed == round_.seed
    assert meter_names(setup.meters) == {"Progressive meter": round_.progressive_meter}
    for play in round_.seats:
        seat = setup.seat(play.seat)
        assert seat.cards == play.cards and seat.folded is play.folded
        assert seat.decision == play.decision.value
        stakes = by_label(seat.stakes)
        assert stakes[W.ANTE.value] == play.wagers.ante
        assert (W.BET.value in stakes) is not play.folded
        if not play.folded:
            assert stakes[W.BET.value] == 2 * play.wagers.ante
        if play.wagers.progressive:
            assert stakes[W.PROGRESSIVE.value] == play.wagers.progressive
        assert seat.electronic == {}
    titles = [sign.title for sign in setup.signs]
    assert titles == [
        "Ante",
        "Bet Paytable A",
        "Caribbean Stud Bonus Paytable A",
        "Progressive Payout Wager Paytable P",
    ]
    ante = setup.signs[0]
    assert ("Dealer qualifies with", "ace/king or better") in ante.rows
    assert any("Bet is returned" in label for label, _ in ante.rows)
    assert setup.signs[-1].rows[-1] == (
        "Envy Bonus: another player's straight flush or better",
        "$100",
    )
    assert any("up card" in note for note in setup.notes)
    assert {"Table", "Hand", "Cards", "Progressive meter"} <= offered_names(setup.offered_spots)
    plain = table_setup(deal_caribbean_stud_round(CONFIGS["caribbean_stud_plain"], 1))
    assert "Table" not in offered_names(plain.offered_spots) and plain.meters == {}
