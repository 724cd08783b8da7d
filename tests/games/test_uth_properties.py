"""Invariants of Ultimate Texas Hold 'Em outcomes over random deals (hypothesis)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.hands import Deal
from dealer_trainer.games.uth.outcomes import (
    Decision,
    Result,
    SeatWagers,
    Street,
    TableDraws,
    WagerOutcome,
    settle_five_card_hand_bonus,
    settle_play_the_board,
    settle_seat,
    showdown,
)
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.odds import OddsKind

CONFIG = load_uth_config(shipped_tables() / "uth_all_653b_options.toml")
D = Decimal

cards = st.lists(st.sampled_from(STANDARD_CARDS), min_size=11, max_size=11, unique=True)
decisions = st.sampled_from(
    [
        Decision.fold(),
        Decision.play(4),
        Decision.play(3),
        Decision.play(2, Street.AFTER_FLOP),
        Decision.play(1, Street.AFTER_RIVER),
    ]
)


def deal_of(c: list[Card]) -> Deal:
    return Deal((c[0], c[1]), (c[2], c[3]), (c[4], c[5], c[6], c[7], c[8]))


WAGERS = SeatWagers(
    ante=D(15),
    trips=D(5),
    bad_beat=D(1),
    play_the_board=D(5),
    ultimate_pairs=D(5),
    five_card_hand_bonus=D(1),
    five_card_hand_bonus_dealer=D(1),
)


def consistent(outcome: WagerOutcome) -> None:
    assert outcome.reason and outcome.citation is not None
    if outcome.result is Result.WIN:
        assert outcome.paid > 0 and outcome.row is not None and outcome.row.odds.pays
        assert outcome.stake_returned, "a chip wager is paid beside its stake"
    elif outcome.result is Result.LOSE:
        assert outcome.paid == 0 and not outcome.stake_returned and outcome.net == -outcome.stake
    else:
        assert outcome.paid == 0 and outcome.stake_returned and outcome.net == 0


@settings(max_examples=300, deadline=None)
@given(c=cards, decision=decisions, magic=st.sampled_from(STANDARD_CARDS))
def test_every_wager_is_settled_once_and_consistently(
    c: list[Card], decision: Decision, magic: Card
) -> None:
    deal = deal_of(c)
    draws = TableDraws(meter=D(25_000), magic_card=magic, lucky_seat=2)
    outcomes = settle_seat(CONFIG, deal, WAGERS, decision, draws)
    keys = [o.wager for o in outcomes]
    assert len(keys) == len(set(keys))
    settled = set(keys)
    required = {UthWager.ANTE, UthWager.BLIND, UthWager.TRIPS, UthWager.BAD_BEAT}
    required |= {UthWager.PLAY_THE_BOARD, UthWager.ULTIMATE_PAIRS}
    assert required <= settled
    assert (UthWager.PLAY in settled) is not decision.folded
    for outcome in outcomes:
        consistent(outcome)
    bonuses = settle_five_card_hand_bonus(
        CONFIG, deal, WAGERS.fchb_stakes(), decision, draws, seat=2
    )
    assert [b.bet_on for b in bonuses] == [BetOn.PLAYER, BetOn.DEALER], "a fold keeps both"
    for bonus in bonuses:
        assert bonus.total == sum((p.paid for p in bonus.payouts), D(0))
        assert all(p.odds.kind in (OddsKind.FOR, OddsKind.METER_PERCENT) for p in bonus.payouts)
    by = {o.wager: o for o in outcomes}
    show = showdown(deal, CONFIG.rules)
    if not decision.folded:
        assert by[UthWager.ANTE].result is not Result.WIN or show.dealer_qualifies
        if show.dealer_qualifies:
            assert by[UthWager.ANTE].result is by[UthWager.PLAY].result
        if by[UthWager.BLIND].result is Result.WIN:
            assert by[UthWager.PLAY].result is Result.WIN


@settings(max_examples=200, deadline=None)
@given(c=cards)
def test_fchb_ignores_the_turn_and_river_and_play_the_board_ignores_hole_cards(
    c: list[Card],
) -> None:
    deal = deal_of(c)
    other = Deal(deal.player, deal.dealer, (*deal.flop, c[9], c[10]))
    draws = TableDraws(meter=D(25_000))
    stakes = {BetOn.PLAYER: D(1), BetOn.DEALER: D(1)}
    first = settle_five_card_hand_bonus(CONFIG, deal, stakes, Decision.play(4), draws, 1)
    second = settle_five_card_hand_bonus(CONFIG, other, stakes, Decision.play(4), draws, 1)
    assert [(s.hand, s.total) for s in first] == [(s.hand, s.total) for s in second]
    swapped = Deal((c[9], c[10]), deal.player, deal.board)
    assert (
        settle_play_the_board(CONFIG, deal, D(5)).paid
        == settle_play_the_board(CONFIG, swapped, D(5)).paid
    )
