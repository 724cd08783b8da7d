"""Random Four Card Poker practice rounds: reproducible, legal, settleable, and shown as dealt."""

from __future__ import annotations

import pytest
from spot_support import by_label, meter_names, offered_names

from dealer_trainer.cards import Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEventKind
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.four_card_poker.config import (
    load_four_card_poker_config,
    parse_four_card_poker_config,
)
from dealer_trainer.games.four_card_poker.dealing import (
    cards_in_dealing_order,
    deal_four_card_round,
    decide,
    four_card_dealing_sequence,
)
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.table import table_setup
from dealer_trainer.games.four_card_poker.wagers import FourCardWager
from dealer_trainer.practice.table import TableState
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
CONFIGS = {
    p.stem: load_four_card_poker_config(p) for p in sorted(TABLES.glob("four_card_poker_*.toml"))
}
SEEDS = range(150)


def _dealer_hand_only(procedure: Procedure, seat: int) -> bool:
    """Whether the seat's only held payouts are meter shares on the dealer's hand: the dealer's
    cards stay for those, not the player's."""
    return all(
        s.spot.label.endswith("(dealer's hand)")
        for s in procedure
        if s.seat == seat and s.action is Action.HOLD_FOR_DOCUMENTATION
    )


def test_the_lesson_tables_are_shipped() -> None:
    assert set(CONFIGS) == {
        "four_card_poker_plain",
        "four_card_poker_aces_up",
        "four_card_poker_five_card_bonus",
        "four_card_poker_linked_fchb",
        "four_card_poker_progressive_envy",
    }


@pytest.mark.parametrize("name", CONFIGS)
def test_rounds_are_reproducible_and_legal(name: str) -> None:
    config = CONFIGS[name]
    assert deal_four_card_round(config, 11) == deal_four_card_round(config, 11)
    assert deal_four_card_round(config, 11).dealer != deal_four_card_round(config, 12).dealer
    aces_up_seen = False
    for seed in SEEDS:
        round_ = deal_four_card_round(config, seed)
        assert 2 <= len(round_.seats) <= 5
        assert round_.seed == seed
        dealt = cards_in_dealing_order(round_)
        assert dealt == Deck(seed).deal(len(dealt))
        assert len(dealt) == 5 * len(round_.seats) + 6
        for play in round_.seats:
            ante = config.limits(FourCardWager.ANTE)
            assert ante.minimum <= play.ante <= ante.maximum
            assert play.decision == decide(play.cards, config.rules)
            assert play.decision.folded or play.decision.multiple in config.play_multiples
            if play.aces_up:
                aces_up_seen = True
                limits = config.limits(FourCardWager.ACES_UP)
                assert limits.minimum <= play.aces_up <= limits.maximum
    assert aces_up_seen is config.offers(FourCardWager.ACES_UP)


def test_chosen_seats_are_dealt_and_bad_ones_refused() -> None:
    config = CONFIGS["four_card_poker_plain"]
    assert [s.seat for s in deal_four_card_round(config, 3, (6, 1, 4)).seats] == [1, 4, 6]
    for seats in ((), (2, 2), (0, 3), (7,)):
        with pytest.raises(ValueError, match="seats"):
            deal_four_card_round(config, 3, seats)
    with pytest.raises(ValueError, match="probability"):
        deal_four_card_round(config, 3, aces_up_chance=1.5)
    none = deal_four_card_round(CONFIGS["four_card_poker_aces_up"], 3, aces_up_chance=0)
    assert not any(play.aces_up for play in none.seats)


@pytest.mark.parametrize("name", CONFIGS)
def test_every_random_round_settles_perfectly_by_the_book(name: str) -> None:
    config = CONFIGS[name]
    folds = plays = 0
    for seed in SEEDS:
        round_ = deal_four_card_round(config, seed)
        procedure = build_procedure(round_)
        log = [TraineeAction(s.spot, s.action, s.amount, 0.0, s.hand) for s in procedure]
        grade = grade_log(
            procedure, log, not_called_for=NOT_CALLED_FOR, hand_matcher=hand_matcher(round_)
        )
        assert grade.perfect, seed
        folds += sum(1 for s in round_.seats if s.folded)
        plays += sum(1 for s in round_.seats if not s.folded)
        state = TableState.of(table_setup(round_))
        for step in procedure:
            state.apply(step)
        held = {s.seat for s in procedure if s.action is Action.HOLD_FOR_DOCUMENTATION}
        held = {seat for seat in held if seat != DEALER and not _dealer_hand_only(procedure, seat)}
        assert sorted(state.discarded) == sorted(s.seat for s in round_.seats if s.seat not in held)
        assert not state.stakes and not state.payouts
    assert folds > 20 and plays > 20  # the simulated players both fold and play


@pytest.mark.parametrize(
    ("hand", "decision"),
    [
        ("Tc Td 4h 3s 2c", Decision.play(3)),  # a pair of tens: the largest Play
        ("Ac Ad 9h 5s 2c", Decision.play(3)),
        ("4c 4d 9h 9s 2c", Decision.play(3)),  # two pair
        ("Jc 9c 6c 3c 2d", Decision.play(3)),  # a four-card flush
        ("9c 9d Ah Ks 2c", Decision.play(1)),  # a pair of nines: the smallest Play
        ("2c 2d Ah Ks Qc", Decision.play(1)),
        ("Ac Kd Qh Ts 8s", Decision.fold()),  # no pair
    ],
)
def test_the_simulated_player(hand: str, decision: Decision) -> None:
    rules = CONFIGS["four_card_poker_plain"].rules
    assert decide(parse_cards(hand), rules) == decision
    narrow = parse_four_card_poker_config(
        {
            "game": "Four Card Poker",
            "name": "t",
            "ante": {"minimum": 5, "maximum": 50},
            "rules": {"play_multiples": [2]},
        }
    ).rules
    assert decide(parse_cards(hand), narrow).multiple in (0, 2)


def test_the_deal_goes_round_five_times_then_the_dealers_sixth_card_face_up() -> None:
    round_ = deal_four_card_round(CONFIGS["four_card_poker_aces_up"], 4, (2, 5))
    events = four_card_dealing_sequence(round_)
    kinds = [e.kind for e in events]
    assert kinds[:3] == [DealEventKind.PLACE_WAGERS] * 2 + [DealEventKind.NO_MORE_BETS]
    cards = [e for e in events if e.kind is DealEventKind.DEAL_CARD]
    assert len(cards) == 5 * 3 + 1
    assert [e.seat for e in cards[:6]] == [2, 5, DEALER, 2, 5, DEALER]
    assert tuple(e.cards[0] for e in cards) == cards_in_dealing_order(round_)
    assert tuple(e.cards[0] for e in cards if e.seat == DEALER) == round_.dealer
    assert [e.face_up for e in cards].count(True) == 1
    assert cards[-1].seat == DEALER and cards[-1].face_up
    assert cards[-1].cards == (round_.dealer[5],) == (round_.up_card,)
    assert round_.dealer_first_five == round_.dealer[:5]
    decisions = [e for e in events if e.kind is DealEventKind.DECISION]
    assert [e.seat for e in decisions] == [2, 5]  # clockwise from the dealer's left
    assert kinds.index(DealEventKind.DECISION) > kinds.index(DealEventKind.DEAL_CARD)
    assert kinds[-1] is DealEventKind.DEALER_REVEAL and events[-1].cards == round_.dealer


def test_a_table_that_deals_no_up_card_deals_all_six_face_down() -> None:
    config = parse_four_card_poker_config(
        {
            "game": "Four Card Poker",
            "name": "t",
            "ante": {"minimum": 5, "maximum": 50},
            "rules": {"dealer_up_card": "none"},
        }
    )
    round_ = deal_four_card_round(config, 9)
    assert round_.up_card is None
    events = four_card_dealing_sequence(round_)
    assert not any(e.face_up for e in events if e.kind is DealEventKind.DEAL_CARD)
    assert table_setup(round_).notes == ()


def test_the_table_shows_chips_signs_and_the_up_card() -> None:
    config = CONFIGS["four_card_poker_aces_up"]
    round_ = next(
        r
        for r in (deal_four_card_round(config, seed) for seed in SEEDS)
        if any(s.folded for s in r.seats) and any(s.aces_up and not s.folded for s in r.seats)
    )
    setup = table_setup(round_)
    assert setup.game == "Four Card Poker" and setup.dealer_cards == round_.dealer
    assert setup.board == () and setup.meters == {}
    for play in round_.seats:
        seat = setup.seat(play.seat)
        assert seat.cards == play.cards and seat.folded is play.folded
        assert by_label(seat.stakes) == {w.value: a for w, a in play.wagers.items()}
        assert ("Play" in by_label(seat.stakes)) is (not play.folded)
    assert [sign.title for sign in setup.signs] == [
        "Ante and Play",
        "Ante Bonus Paytable A",
        "Aces Up Paytable A",
    ]
    assert ("Tie", "1 to 1 (the player wins ties)") in setup.signs[0].rows
    assert ("Pair of aces", "1 to 1") in setup.signs[2].rows
    assert setup.notes == (f"Dealer's up card: {round_.dealer[5].pretty}",)
    assert offered_names(setup.offered_spots) == {
        "Ante",
        "Play",
        "Ante Bonus",
        "Aces Up",
        "Cards",
        "Hand",
    }
    plain = table_setup(deal_four_card_round(CONFIGS["four_card_poker_plain"], 1))
    assert "Aces Up" not in offered_names(plain.offered_spots)
    assert [sign.title for sign in plain.signs] == ["Ante and Play", "Ante Bonus Paytable A"]


@pytest.mark.parametrize("name", CONFIGS)
def test_every_step_names_a_spot_the_table_offers(name: str) -> None:
    config = CONFIGS[name]
    for seed in SEEDS:
        round_ = deal_four_card_round(config, seed)
        offered = table_setup(round_).offered_spots
        for step in build_procedure(round_):
            assert step.spot.spot in offered or step.id.startswith("predeal."), step.spot.label


def test_random_rounds_place_five_card_hand_bonus_wagers_and_draws() -> None:
    config = CONFIGS["four_card_poker_five_card_bonus"]
    spec = config.five_card_hand_bonus
    assert spec is not None
    hands = set()
    for seed in SEEDS:
        round_ = deal_four_card_round(config, seed)
        assert round_.fchb is not None and round_.fchb.meter >= spec.meter_reset
        setup = table_setup(round_)
        assert meter_names(setup.meters)["Five Card Hand Bonus meter"] == round_.fchb.meter
        assert "Five Card Hand Bonus" in {sign.title for sign in setup.signs}
        offered = offered_names(setup.offered_spots)
        assert {"Magic Card Bonus (dealer's hand)", "Lucky Bonus"} <= offered
        for play in round_.seats:
            for hand, stake in play.fchb_stakes().items():
                hands.add(hand)
                assert spec.minimum <= stake <= spec.maximum
                name = "Five Card Hand Bonus" + (
                    " (dealer's hand)" if hand.owner == "dealer" else ""
                )
                assert by_label(setup.seat(play.seat).electronic)[name] == stake
        procedure = build_procedure(round_)
        assert any(s.action is Action.LOCK_OUT_WAGERS for s in procedure)
        texts = [e.text for e in four_card_dealing_sequence(round_)]
        placed = any(play.fchb_stakes() for play in round_.seats)
        assert any("Five Card Hand Bonus" in text for text in texts) is placed
    assert len(hands) == 2
    none = deal_four_card_round(config, 3, bonus_chance=0)
    assert not any(play.fchb_stakes() for play in none.seats)
    with pytest.raises(ValueError, match="bonus_chance"):
        deal_four_card_round(config, 3, bonus_chance=2)


def test_a_table_without_the_bonus_locks_nothing_out() -> None:
    round_ = deal_four_card_round(CONFIGS["four_card_poker_aces_up"], 5)
    assert round_.fchb is None
    assert not any(s.action is Action.LOCK_OUT_WAGERS for s in build_procedure(round_))
