"""Properties of the Crazy 4 Poker settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on tables drawn at random from every
combination of the open rules (ties, the Queens Up on a fold, the payout limit's wagers): 1-6
seats, Antes (and so Super Bonuses) and Queens Up stakes within the limits, folds, 1x Play
Wagers and, for a pair of aces or better, 2x and 3x. Random hands seldom hold three of a kind
or better, so some rounds give such hands to the first seats.

Amounts are checked against the paytables written out here by hand (the game's published
Super Bonus and Queens Up tables) and hands ranked by brute force over every four-card subset
(``best_four_by_subsets``), not against the engine's paytable data or its best-four search.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from itertools import pairwise
from typing import Any

from best_four_golden import (
    check_the_felt_ends_with_every_chip_accounted_for,
    log_of,
    money,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Card, Deck, Rank, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import grade_log
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.crazy_4_poker.config import parse_crazy_4_poker_config
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.crazy_4_poker.round import Crazy4Round, Crazy4SeatPlay
from dealer_trainer.games.crazy_4_poker.table import table_setup
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.four_card import best_four_by_subsets, category_of

D = Decimal
SETTINGS = settings(max_examples=120, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})

SUPER_BONUS = {
    HandRank.FOUR_OF_A_KIND: D(30),
    HandRank.STRAIGHT_FLUSH: D(15),
    HandRank.THREE_OF_A_KIND: D(2),
    HandRank.FLUSH: D("1.5"),
    HandRank.STRAIGHT: D(1),
}
"""Super Bonus paytable A, per unit staked; four aces pay 200."""
QUEENS_UP = {
    HandRank.FOUR_OF_A_KIND: 50,
    HandRank.STRAIGHT_FLUSH: 40,
    HandRank.THREE_OF_A_KIND: 8,
    HandRank.FLUSH: 4,
    HandRank.STRAIGHT: 3,
    HandRank.TWO_PAIR: 2,
}
"""Queens Up paytable A, "to 1"; a pair of queens, kings or aces pays 1 to 1."""

STACKS = [
    "Ac Ad Ah As 2c",  # four aces
    "9c 9d 9h 9s 2d",  # four of a kind
    "5h 6h 7h 8h Kc",  # straight flush
    "Qc Qd Qs 7h 3c",  # three of a kind
    "Ac Ad 8h 5s 2d",  # a pair of aces
    "Kd Td 6d 3d 3c",  # a flush beside a pair
    "Ah Kh Qd Jc 2s",  # A-K-Q-J, the highest straight
]
LIMITED = [["Ante", "Play", "Super Bonus", "Queens Up"], ["Ante", "Play", "Super Bonus"]]


@st.composite
def tables(draw: st.DrawFn) -> Any:
    rules: dict[str, Any] = {
        "ties": draw(st.sampled_from(["the player wins", "push", "the dealer wins"])),
        "queens_up_on_fold": draw(st.sampled_from(["forfeited", "stays in action"])),
        "payout_limit_wagers": draw(st.sampled_from(LIMITED)),
    }
    return parse_crazy_4_poker_config(
        {
            "game": "Crazy 4 Poker",
            "name": "random rules",
            "ante": {"minimum": 5, "maximum": 500},
            "queens_up": {"minimum": 1, "maximum": 100},
            "payout_limit": draw(st.sampled_from([None, 50_000])) or None,
            "rules": rules,
        }
        if draw(st.booleans())
        else {
            "game": "Crazy 4 Poker",
            "name": "random rules",
            "ante": {"minimum": 5, "maximum": 500},
            "queens_up": {"minimum": 1, "maximum": 100},
            "rules": rules,
        },
        "random.toml",
    )


def category(cards: tuple[Card, ...]) -> HandRank:
    return category_of(best_four_by_subsets(cards))


def pair_rank(cards: tuple[Card, ...]) -> Rank | None:
    ranks = Counter(card.rank for card in cards)
    pairs = [rank for rank, count in ranks.items() if count >= 2]
    return max(pairs, key=lambda r: r.index) if pairs else None


def raises(cards: tuple[Card, ...]) -> bool:
    kind = category(cards)
    if kind not in (HandRank.HIGH_CARD, HandRank.ONE_PAIR):
        return True
    pair = pair_rank(cards)
    return kind is HandRank.ONE_PAIR and pair is Rank.ACE


@st.composite
def rounds(draw: st.DrawFn) -> Crazy4Round:
    config = draw(tables())
    seats = sorted(draw(st.sets(st.integers(1, 6), min_size=1, max_size=6)))
    stacked: list[tuple[Card, ...]] = []
    for text in draw(st.permutations(STACKS))[: draw(st.integers(0, 2))]:
        hand = parse_cards(text, allow_joker=False)
        if not any(set(hand) & set(other) for other in stacked):
            stacked.append(hand)
    used = {card for hand in stacked for card in hand}
    deck = [c for c in Deck(draw(st.integers(0, 2**32))).order if c not in used]
    hands = [*stacked, *(tuple(deck[5 * i : 5 * i + 5]) for i in range(len(seats)))]
    rest = deck[5 * len(seats) :]
    dealer = tuple(rest[:5])
    plays = []
    for seat, cards in zip(seats, hands, strict=False):
        allowed = [0, 1, 2, 3] if raises(cards) else [0, 1]
        multiple = draw(st.sampled_from(allowed))
        decision = Decision.fold() if multiple == 0 else Decision.play(multiple)
        ante = D(draw(st.sampled_from([5, 10, 25, 500]))) + D(draw(st.sampled_from([0, 0, 0.5])))
        queens_up = D(draw(st.sampled_from([0, 0, 1, 5, 100])))
        plays.append(Crazy4SeatPlay(seat, cards, min(ante, D(500)), decision, queens_up))
    return Crazy4Round(config, dealer, tuple(plays))


def qualifies(dealer: tuple[Card, ...]) -> bool:
    if category(dealer) is not HandRank.HIGH_CARD:
        return True
    return any(card.rank in (Rank.KING, Rank.ACE) for card in dealer)


def full_payouts(round_: Crazy4Round, play: Crazy4SeatPlay) -> list[tuple[str, Action, Decimal]]:
    """One seat's steps before any payout limit, in settlement order."""
    rules = round_.config.rules
    dealer = best_four_by_subsets(round_.dealer)
    mine = best_four_by_subsets(play.cards)
    kind = category(play.cards)
    steps: list[tuple[str, Action, Decimal]] = []
    if play.folded:
        steps += [("Ante", Action.COLLECT, play.ante), ("Super Bonus", Action.COLLECT, play.ante)]
    else:
        stake = play.ante * play.decision.multiple
        if not qualifies(round_.dealer):
            steps += [("Ante", Action.PUSH, play.ante), ("Play", Action.PAY, stake)]
        else:
            if mine > dealer or (mine == dealer and rules.ties.name == "PLAYER_WINS"):
                action = Action.PAY
            elif mine == dealer and rules.ties.name == "PUSH":
                action = Action.PUSH
            else:
                action = Action.COLLECT
            steps += [("Ante", action, play.ante), ("Play", action, stake)]
        aces = sum(1 for c in play.cards if c.rank is Rank.ACE) == 4
        if kind in SUPER_BONUS:
            odds = D(200) if aces else SUPER_BONUS[kind]
            steps.append(("Super Bonus", Action.PAY, play.ante * odds))
        elif qualifies(round_.dealer) and dealer > mine:
            steps.append(("Super Bonus", Action.COLLECT, play.ante))
        else:
            steps.append(("Super Bonus", Action.PUSH, play.ante))
    if play.queens_up:
        pair = pair_rank(play.cards)
        if play.folded and rules.queens_up_on_fold.name == "FORFEITED":
            steps.append(("Queens Up", Action.COLLECT, play.queens_up))
        elif kind in QUEENS_UP:
            steps.append(("Queens Up", Action.PAY, play.queens_up * QUEENS_UP[kind]))
        elif pair is not None and pair.index >= Rank.QUEEN.index:
            steps.append(("Queens Up", Action.PAY, play.queens_up))
        else:
            steps.append(("Queens Up", Action.COLLECT, play.queens_up))
    return steps


def expected_steps(round_: Crazy4Round) -> Counter[tuple[int, str, Action, Decimal]]:
    """Every money step, the payout limit taken from the hand's limited wins in order."""
    config = round_.config
    limited = {w.value for w in config.rules.payout_limit_wagers}
    steps: Counter[tuple[int, str, Action, Decimal]] = Counter()
    for play in round_.seats:
        left = config.payout_limit
        for wager, action, amount in full_payouts(round_, play):
            if left is not None and action is Action.PAY and wager in limited:
                paid = min(amount, left)
                left -= paid
                stake = play.stake(next(w for w in play.wagers if w.value == wager))
                action, amount = (Action.PAY, paid) if paid else (Action.PUSH, stake)
            steps[(play.seat, wager, action, amount)] += 1
    return steps


@SETTINGS
@given(rounds())
def test_every_amount_is_the_paytables(round_: Crazy4Round) -> None:
    procedure = build_procedure(round_)
    assert money(procedure) == expected_steps(round_)
    for step in procedure:
        if step.amount is not None:
            assert step.amount == step.amount.quantize(D("0.01")) and step.amount > 0


@SETTINGS
@given(rounds())
def test_the_canonical_order_grades_perfect(round_: Crazy4Round) -> None:
    procedure = build_procedure(round_)
    grade = grade_log(
        procedure,
        log_of(list(procedure)),
        not_called_for=NOT_CALLED_FOR,
        hand_matcher=hand_matcher(round_),
    )
    assert grade.perfect
    assert grade.score == 100 and grade.payout_accuracy == 100


@SETTINGS
@given(rounds())
def test_every_wager_is_settled_once_and_the_cards_discarded_once(round_: Crazy4Round) -> None:
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = Counter(
            s.spot.label for s in procedure if s.seat == play.seat and s.action in SETTLES
        )
        assert settled == Counter(wager.value for wager in play.wagers)
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) == 1
        seat_steps = [s.id for s in procedure if s.seat == play.seat and s is not discards[0]]
        ancestors = {i for i in seat_steps if discards[0].id in procedure.descendants(i)}
        assert ancestors == set(seat_steps)
    assert [s.action for s in procedure if s.seat == DEALER] == [Action.SET_HAND]


@SETTINGS
@given(rounds())
def test_the_settlement_order(round_: Crazy4Round) -> None:
    """Forfeited wagers and cards before the reveal, the reveal before any player still in;
    players from the dealer's right, counterclockwise; the Queens Up after the seat's Ante,
    Play and Super Bonus."""
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.SET_HAND]
    after_reveal = procedure.descendants(reveal.id)
    settled_in_turn = []
    for play in round_.settlement_order():
        steps = [s for s in procedure if s.seat == play.seat]
        if play.folded:
            forfeited = [s for s in steps if s.id not in after_reveal]
            assert {s.spot.label for s in forfeited} >= {"Ante", "Super Bonus"}
            if len(forfeited) == len(steps):
                continue
        settled_in_turn.append(play.seat)
        queens = [s for s in steps if s.spot.label == "Queens Up" and s.id in after_reveal]
        for step in steps:
            if queens and step.spot.label in ("Ante", "Play", "Super Bonus") and not play.folded:
                assert queens[0].id in procedure.descendants(step.id)
    for right, left in pairwise(settled_in_turn):
        assert right > left
        last = [s for s in procedure if s.seat == right][-1]
        first = next(s for s in procedure if s.seat == left and s.id in after_reveal)
        assert first.id in procedure.descendants(last.id)


@SETTINGS
@given(rounds())
def test_the_felt_ends_with_every_chip_accounted_for(round_: Crazy4Round) -> None:
    """Applying every step to the table: the rack gains what is collected and loses what is
    paid, to the cent, and every player's cards and chips leave the felt."""
    check_the_felt_ends_with_every_chip_accounted_for(
        round_, build_procedure(round_), table_setup(round_)
    )
