"""Random pai gow practice rounds: reproducible, legal, settleable, and shown as dealt."""

from __future__ import annotations

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEventKind
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.games.pai_gow.config import load_pai_gow_config
from dealer_trainer.games.pai_gow.dealing import deal_pai_gow_round, pai_gow_dealing_sequence
from dealer_trainer.games.pai_gow.procedure import NOT_CALLED_FOR, build_procedure, same_hand
from dealer_trainer.games.pai_gow.table import table_setup
from dealer_trainer.games.pai_gow.wagers import OPTIONAL_WAGERS, PaiGowWager
from dealer_trainer.layout import game_layout
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
CONFIGS = {p.stem: load_pai_gow_config(p) for p in sorted(TABLES.glob("pai_gow_*.toml"))}


@pytest.mark.parametrize("name", CONFIGS)
def test_rounds_are_reproducible_and_legal(name: str) -> None:
    config = CONFIGS[name]
    assert deal_pai_gow_round(config, 11) == deal_pai_gow_round(config, 11)
    assert deal_pai_gow_round(config, 11).dealer != deal_pai_gow_round(config, 12).dealer
    for seed in range(150):
        round_ = deal_pai_gow_round(config, seed)
        assert 2 <= len(round_.seats) <= 5
        assert round_.dealer_split.check(config.rules.hand_rules, dealt=round_.dealer).legal
        for play in round_.seats:
            for wager, stake in play.wagers.items():
                limits = config.limits(wager)
                assert limits.minimum <= stake <= limits.maximum
            if play.surrendered:
                assert not any(w in OPTIONAL_WAGERS for w in play.wagers)


@pytest.mark.parametrize("name", CONFIGS)
def test_every_random_round_settles_perfectly_by_the_book(name: str) -> None:
    config = CONFIGS[name]
    for seed in range(150):
        procedure = build_procedure(deal_pai_gow_round(config, seed))
        log = [TraineeAction(s.spot, s.action, s.amount, 0.0, s.hand) for s in procedure]
        grade = grade_log(procedure, log, not_called_for=NOT_CALLED_FOR, hand_matcher=same_hand)
        assert grade.perfect, seed
        first = next(s for s in procedure if not s.id.startswith("predeal."))
        assert first.action is Action.SET_HAND


def test_the_deal_goes_round_seven_times_then_hands_are_set_and_the_dealer_turns_up() -> None:
    round_ = deal_pai_gow_round(CONFIGS["pai_gow_ez_all_options"], 4, (2, 5))
    events = pai_gow_dealing_sequence(round_)
    kinds = [e.kind for e in events]
    assert kinds[:3] == [DealEventKind.PLACE_WAGERS] * 2 + [DealEventKind.NO_MORE_BETS]
    cards = [e for e in events if e.kind is DealEventKind.DEAL_CARD]
    assert len(cards) == 7 * 3
    assert [e.seat for e in cards[:3]] == [2, 5, 0]
    assert tuple(e.cards[0] for e in cards if e.seat == 0) == round_.dealer
    assert kinds.index(DealEventKind.DEALER_REVEAL) > kinds.index(DealEventKind.SET_HANDS)


def test_the_layout_has_a_place_for_every_spot_the_procedure_names() -> None:
    layout = game_layout("EZ Pai Gow Poker")
    seat_names = {name for spot in layout.spots for name in spot.spots}
    dealer_names = {name for spot in layout.dealer_spots for name in spot.spots}
    for config in CONFIGS.values():
        for seed in range(150):
            round_ = deal_pai_gow_round(config, seed)
            setup = table_setup(round_)
            for step in build_procedure(round_):
                name = step.spot.spot.name
                assert name in (dealer_names if step.seat == 0 else seat_names), step.spot.label
                assert step.spot.spot in setup.offered_spots, step.spot.label


def test_the_table_shows_chips_set_hands_and_lammers() -> None:
    config = CONFIGS["pai_gow_ez_all_options"]
    round_ = next(
        r
        for r in (deal_pai_gow_round(config, seed) for seed in range(200))
        if r.lammers() and any(not s.surrendered for s in r.seats)
    )
    setup = table_setup(round_)
    for play in round_.seats:
        seat = setup.seat(play.seat)
        assert seat.stakes[SpotId(play.seat, PaiGowWager.PAI_GOW)] == play.stake(
            PaiGowWager.PAI_GOW
        )
        if not play.surrendered:
            assert (seat.high, seat.low) == (play.split.high, play.split.low)
        if play.seat in round_.lammers():
            assert any("ENVY LAMMER" in marker for marker in seat.markers)
    assert "House way: Standard house way" in setup.notes
