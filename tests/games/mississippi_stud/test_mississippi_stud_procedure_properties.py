"""Properties of the Mississippi Stud settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on every shipped Mississippi Stud table,
with 1-6 seats, random Bet Wagers and folds and random optional wagers; a third of them give the
first seat a royal flush, a straight flush or four of a kind at the table maximum, so the
aggregate payout limit binds. Amounts are checked against § 655a.12(a) written out here by hand,
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
from dealer_trainer.games.mississippi_stud.config import load_mississippi_stud_config
from dealer_trainer.games.mississippi_stud.dealing import deal_mississippi_stud_round
from dealer_trainer.games.mississippi_stud.outcomes import Decision
from dealer_trainer.games.mississippi_stud.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.mississippi_stud.round import StudRound, StudSeatPlay
from dealer_trainer.games.mississippi_stud.table import table_setup
from dealer_trainer.games.mississippi_stud.wagers import BASE_WAGERS, StudWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five_by_subsets, category_of
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
FILES = sorted(TABLES.glob("mississippi_stud_*.toml"))
SETTINGS = settings(max_examples=60, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})
D = Decimal

PAYTABLE = {
    HandRank.ROYAL_FLUSH: 500,
    HandRank.STRAIGHT_FLUSH: 100,
    HandRank.FOUR_OF_A_KIND: 40,
    HandRank.FULL_HOUSE: 10,
    HandRank.FLUSH: 6,
    HandRank.STRAIGHT: 4,
    HandRank.THREE_OF_A_KIND: 3,
    HandRank.TWO_PAIR: 2,
}
"""§ 655a.12(a), "to 1"; a pair of jacks or better pays 1 to 1, a pair of 6s to 10s pushes."""
PUSH = -1


def _odds(cards: list[Card]) -> int:
    """The "to 1" of the hand, 0 for a loss, ``PUSH`` for a pair of 6s to 10s."""
    rank = category_of(best_five_by_subsets(cards))
    if rank in PAYTABLE:
        return PAYTABLE[rank]
    if rank is HandRank.ONE_PAIR:
        counts = {c.rank: sum(1 for d in cards if d.rank is c.rank) for c in cards}
        pair = next(r for r, n in counts.items() if n == 2)
        if pair.index >= Rank.JACK.index:
            return 1
        return PUSH if pair.index >= Rank.SIX.index else 0
    return 0


BIG_HANDS = ("As Ks", "9s 8s", "Qd Qc")
"""Given to the first seat in a third of the rounds, with community Qs Js Ts: royal flush,
straight flush, four queens (Qh instead of the Ts for the last), at the table maximum."""


def _round(seed: int, table: int, seats: int) -> StudRound:
    config = load_mississippi_stud_config(FILES[table % len(FILES)])
    occupied = sorted(random.Random(seed).sample(range(1, 7), seats))
    round_ = deal_mississippi_stud_round(config, seed, occupied)
    rng = random.Random(seed + 1)
    community = round_.community
    hands = {p.seat: p.cards for p in round_.seats}
    antes = {p.seat: p.ante for p in round_.seats}
    decisions = {
        p.seat: Decision(tuple(rng.choice((1, 2, 3)) for _ in range(rng.choice((0, 1, 2, 3, 3)))))
        for p in round_.seats
    }
    if seed % 3 == 0:
        big = tuple(parse_cards(BIG_HANDS[seed % len(BIG_HANDS)]))
        community = tuple(parse_cards("Qs Js Qh" if seed % len(BIG_HANDS) == 2 else "Qs Js Ts"))
        rest = [c for c in Deck(seed).order if c not in (*big, *community)]
        hands = {seat: tuple(rest[2 * i : 2 * i + 2]) for i, seat in enumerate(occupied)}
        hands[occupied[0]] = big
        antes[occupied[0]] = config.ante.maximum
        decisions[occupied[0]] = Decision((3, 3, 3))
    plays = tuple(
        StudSeatPlay(
            p.seat,
            hands[p.seat],
            antes[p.seat],
            decisions[p.seat],
            p.three_card_bonus,
            p.progressive,
            p.five_card_hand_bonus,
        )
        for p in round_.seats
    )
    return StudRound(
        config,
        community,
        plays,
        seed,
        round_.progressive_meter,
        round_.fchb,
        round_.jackpot_meters,
    )


rounds = st.builds(_round, st.integers(0, 10**9), st.integers(0, len(FILES) - 1), st.integers(1, 6))


@SETTINGS
@given(rounds)
def test_every_base_wager_is_settled_once_at_the_paytable_and_a_street_not_bet_never(
    round_: StudRound,
) -> None:
    procedure = build_procedure(round_)
    limit = round_.config.payout_limit
    for play in round_.seats:
        odds = _odds([*play.cards, *round_.community])
        total = D(0)
        full = D(0)
        for wager in BASE_WAGERS:
            mine = [
                s
                for s in procedure
                if s.seat == play.seat and s.spot.kind is wager and s.action in SETTLES
            ]
            if wager not in play.base:
                assert mine == []
                continue
            stake = play.base[wager]
            (step,) = mine
            if play.folded or odds == 0:
                assert (step.action, step.amount) == (Action.COLLECT, stake)
                continue
            if odds == PUSH:
                assert (step.action, step.amount) == (Action.PUSH, stake)
                continue
            paid = step.amount if step.action is Action.PAY else D(0)
            assert paid is not None and paid <= stake * odds
            total += paid
            full += stake * odds
        if not play.folded and odds > 0:
            assert total == min(full, limit)


@SETTINGS
@given(rounds)
def test_the_canonical_order_grades_perfect_and_money_is_conserved(round_: StudRound) -> None:
    dropped = sum((p.progressive for p in round_.seats), D(0))
    setup = table_setup(round_)
    check_perfect_and_money_conserved(build_procedure(round_), NOT_CALLED_FOR, setup, dropped)


@SETTINGS
@given(rounds)
def test_every_fold_is_collected_before_any_player_still_in_is_settled(round_: StudRound) -> None:
    procedure = build_procedure(round_)
    live = {p.seat for p in round_.seats if not p.folded}
    for play in round_.seats:
        if not play.folded:
            continue
        for step in procedure:
            if step.seat != play.seat or step.spot.kind not in BASE_WAGERS:
                continue
            assert step.action is Action.COLLECT
            later = procedure.descendants(step.id)
            others = {s.id for s in procedure if s.seat in live and not s.id.startswith("predeal.")}
            assert others <= later


@SETTINGS
@given(rounds, st.data())
def test_a_seat_is_never_settled_before_a_seat_to_its_right(
    round_: StudRound, data: st.DataObject
) -> None:
    """Every step of a player still in the hand comes after every step of each such seat
    farther to the dealer's right, save the Envy Bonus payments and the discards."""
    procedure = build_procedure(round_)
    check_right_to_left(procedure, {p.seat for p in round_.seats if not p.folded}, data)


@SETTINGS
@given(rounds)
def test_the_limit_never_touches_a_three_card_bonus_or_progressive(round_: StudRound) -> None:
    """§ 655a.12(b) limits the wagers of (a): a bonus or progressive payout is its paytable's."""
    config = round_.config
    for step in build_procedure(round_):
        if step.action is Action.PAY and step.spot.kind is StudWager.THREE_CARD_BONUS:
            odds = max(row.odds.ratio for row in config.paytable(StudWager.THREE_CARD_BONUS).rows)
            stake = round_.seat(step.seat).three_card_bonus
            assert step.amount is not None and step.amount <= stake * odds
            assert step.amount % stake == 0


def test_the_limit_binds_in_some_rounds() -> None:
    capped = [
        r
        for seed in range(0, 90, 3)
        for r in [_round(seed, 0, 3)]
        if any(
            s.spot.kind in BASE_WAGERS and "655a.12(b)" in s.citation for s in build_procedure(r)
        )
    ]
    assert capped


def test_deck_is_52_cards_and_deal_is_reproducible() -> None:
    config = load_mississippi_stud_config(FILES[0])
    one = deal_mississippi_stud_round(config, 7)
    assert one == deal_mississippi_stud_round(config, 7)
    assert len(Deck(7).order) == 52
