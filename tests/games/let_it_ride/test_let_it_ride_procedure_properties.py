"""Properties of the Let It Ride Poker settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on every shipped Let It Ride table, with
1-7 seats, random withdrawals and random optional wagers, some with a payout limit low enough to
bind. Amounts are checked against Paytable A written out here by hand (let-it-ride.md § 3.1),
hands ranked by brute force (``best_five_by_subsets``), not against the engine's paytable data.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st
from procedure_property_support import check_perfect_and_money_conserved, check_right_to_left

from dealer_trainer.cards import Card, Deck, Rank, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.games.let_it_ride.config import load_let_it_ride_config
from dealer_trainer.games.let_it_ride.dealing import deal_let_it_ride_round
from dealer_trainer.games.let_it_ride.outcomes import Decision
from dealer_trainer.games.let_it_ride.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.let_it_ride.round import LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.table import table_setup
from dealer_trainer.games.let_it_ride.wagers import LET_IT_RIDE_WAGERS, LetItRideWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five_by_subsets, category_of
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
FILES = sorted(TABLES.glob("let_it_ride_*.toml"))
SETTINGS = settings(max_examples=60, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})
D = Decimal

PAYTABLE_A = {
    HandRank.ROYAL_FLUSH: 1000,
    HandRank.STRAIGHT_FLUSH: 200,
    HandRank.FOUR_OF_A_KIND: 50,
    HandRank.FULL_HOUSE: 11,
    HandRank.FLUSH: 8,
    HandRank.STRAIGHT: 5,
    HandRank.THREE_OF_A_KIND: 3,
    HandRank.TWO_PAIR: 2,
}
"""Paytable A "to 1" (let-it-ride.md § 3.1); a pair of 10s or better pays 1 to 1."""


def _odds(cards: list[Card]) -> int:
    strength = best_five_by_subsets(cards)
    rank = category_of(strength)
    if rank in PAYTABLE_A:
        return PAYTABLE_A[rank]
    if rank is HandRank.ONE_PAIR:
        counts = {c.rank: sum(1 for d in cards if d.rank is c.rank) for c in cards}
        pair = next(r for r, n in counts.items() if n == 2)
        return 1 if pair.index >= Rank.TEN.index else 0
    return 0


BIG_HANDS = ("Ah Kh Qh", "9h 8h 7h", "Js Jd Jc")
"""Given to the first seat in a third of the rounds, with community Jh Th: royal flush,
straight flush, four jacks, so the payout limit and the big rows are reached."""


def _round(seed: int, table: int, seats: int) -> LetItRideRound:
    config = load_let_it_ride_config(FILES[table % len(FILES)])
    occupied = sorted(random.Random(seed).sample(range(1, 8), seats))
    round_ = deal_let_it_ride_round(config, seed, occupied)
    rng = random.Random(seed + 1)
    community = round_.community
    hands = {p.seat: p.cards for p in round_.seats}
    bets = {p.seat: p.bets for p in round_.seats}
    if seed % 3 == 0:
        community = tuple(parse_cards("Jh Th"))
        big = tuple(parse_cards(BIG_HANDS[seed % len(BIG_HANDS)]))
        rest = [c for c in Deck(seed).order if c not in (*big, *community)]
        hands = {seat: tuple(rest[3 * i : 3 * i + 3]) for i, seat in enumerate(occupied)}
        hands[occupied[0]] = big
        top = config.let_it_ride.maximum
        bets[occupied[0]] = (top, top, top)
    plays = tuple(
        LetItRideSeatPlay(
            p.seat,
            hands[p.seat],
            bets[p.seat],
            Decision(rng.random() < 0.4, rng.random() < 0.4),
            p.five_card_bonus,
            p.three_card_bonus,
            p.progressive,
            p.five_card_hand_bonus,
        )
        for p in round_.seats
    )
    return LetItRideRound(
        config, community, plays, None, seed, round_.progressive_meter, round_.fchb
    )


rounds = st.builds(
    _round,
    st.integers(0, 10**9),
    st.integers(0, len(FILES) - 1),
    st.integers(1, 7),
)


@SETTINGS
@given(rounds)
def test_every_riding_wager_is_settled_once_at_paytable_a_and_withdrawn_ones_never(
    round_: LetItRideRound,
) -> None:
    procedure = build_procedure(round_)
    limit = round_.config.payout_limit
    for play in round_.seats:
        odds = _odds([*play.cards, *round_.community])
        total = D(0)
        for wager, stake in zip(LET_IT_RIDE_WAGERS, play.bets, strict=True):
            mine = [s for s in procedure if s.seat == play.seat and s.spot.label == wager.value]
            if wager in play.decision.withdrawn:
                assert mine == []
                continue
            (step,) = mine
            if odds == 0:
                assert (step.action, step.amount) == (Action.COLLECT, stake)
                continue
            paid = step.amount if step.action is Action.PAY else D(0)
            assert paid is not None and paid <= stake * odds
            if limit is None:
                assert (step.action, paid) == (Action.PAY, stake * odds)
            total += paid
        full = sum(
            (
                s * odds
                for w, s in zip(LET_IT_RIDE_WAGERS, play.bets, strict=True)
                if w not in play.decision.withdrawn
            ),
            D(0),
        )
        assert total == (full if limit is None else min(full, limit))


@SETTINGS
@given(rounds)
def test_the_canonical_order_grades_perfect_and_money_is_conserved(round_: LetItRideRound) -> None:
    dropped = sum((p.progressive for p in round_.seats), D(0))
    setup = table_setup(round_)
    check_perfect_and_money_conserved(build_procedure(round_), NOT_CALLED_FOR, setup, dropped)


@SETTINGS
@given(rounds, st.data())
def test_a_seat_is_never_settled_before_a_seat_to_its_right(
    round_: LetItRideRound, data: st.DataObject
) -> None:
    """Every step of a seat comes after every step of each seat farther to the dealer's right
    (§ 643a.11(f)), save the Envy Bonus payments, which wait for every progressive."""
    procedure = build_procedure(round_)
    check_right_to_left(procedure, {s.seat for s in procedure if s.seat}, data)


@SETTINGS
@given(rounds)
def test_the_limit_never_touches_a_bonus_or_progressive(round_: LetItRideRound) -> None:
    """§ 643a.12(g): whatever the limit, a bonus or progressive payout is the paytable's."""
    procedure = build_procedure(round_)
    config = round_.config
    for step in procedure:
        if step.action is Action.PAY and step.spot.label in (
            LetItRideWager.FIVE_CARD_BONUS.value,
            LetItRideWager.THREE_CARD_BONUS.value,
        ):
            wager = LetItRideWager.from_text(step.spot.label)
            play = round_.seat(step.seat)
            table = config.paytable(wager)
            odds = max(row.odds.ratio for row in table.rows)
            assert step.amount is not None and step.amount <= play.stake(wager) * odds
            assert config.payout_limit is None or "643a.12(g)" in step.citation


def test_the_limit_binds_in_some_rounds() -> None:
    """The strategy reaches the payout limit, so the properties above test it."""
    capped = [
        r
        for seed in range(0, 60, 3)
        for r in [_round(seed, 0, 3)]
        if r.config.payout_limit is not None
        and any(s.action is Action.PUSH or "643a.12(g)" in s.citation for s in build_procedure(r))
    ]
    assert capped


def test_deck_is_52_cards_and_deal_is_reproducible() -> None:
    config = load_let_it_ride_config(FILES[0])
    one = deal_let_it_ride_round(config, 7)
    assert one == deal_let_it_ride_round(config, 7)
    assert len(Deck(7).order) == 52
