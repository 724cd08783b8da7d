"""Properties of the Four Card Poker settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on tables drawn at random from every
combination of the open rules (ties, the Ante Bonus on a beaten hand, the Aces Up on a fold):
1-6 seats, Antes and Aces Up stakes within the limits, folds and 1x-3x Play Wagers. Random
five-card hands seldom hold three of a kind or better, so some rounds give such hands to the
first seats.

Amounts are checked against the paytables written out here by hand (four-card-poker.md §§ 3.1,
3.2) and hands ranked by brute force over every four-card subset (``best_four_by_subsets``),
not against the engine's paytable data or its best-four search.
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
from dealer_trainer.games.four_card_poker.config import parse_four_card_poker_config
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.round import FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.table import table_setup
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.four_card import best_four_by_subsets, category_of

D = Decimal
SETTINGS = settings(max_examples=120, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})

ANTE_BONUS = {HandRank.FOUR_OF_A_KIND: 25, HandRank.STRAIGHT_FLUSH: 20, HandRank.THREE_OF_A_KIND: 2}
"""Ante Bonus Paytable A, "to 1" on the Ante (four-card-poker.md § 3.1)."""
ACES_UP = {
    HandRank.FOUR_OF_A_KIND: 50,
    HandRank.STRAIGHT_FLUSH: 40,
    HandRank.THREE_OF_A_KIND: 8,
    HandRank.FLUSH: 6,
    HandRank.STRAIGHT: 4,
    HandRank.TWO_PAIR: 2,
}
"""Aces Up Paytable A, "to 1" (four-card-poker.md § 3.2); a pair of aces pays 1 to 1."""

STACKS = [
    "9c 9d 9h 9s 2c",  # four of a kind
    "5h 6h 7h 8h Kc",  # straight flush
    "Qc Qd Qs 7h 3c",  # three of a kind
    "Ac Ad 8h 5s 2d",  # a pair of aces
    "Kd Td 6d 3d 3c",  # a flush beside a pair
    "Ah Kh Qd Jc 2s",  # A-K-Q-J, the highest straight
]


@st.composite
def tables(draw: st.DrawFn) -> Any:
    rules: dict[str, Any] = {
        "ties": draw(st.sampled_from(["the player wins", "push", "the dealer wins"])),
        "ante_bonus_when_dealer_wins": draw(st.booleans()),
        "aces_up_on_fold": draw(st.sampled_from(["forfeited", "stays in action"])),
        "play_multiples": draw(st.sampled_from([[1, 2, 3], [1, 3], [2]])),
    }
    return parse_four_card_poker_config(
        {
            "game": "Four Card Poker",
            "name": "random rules",
            "ante": {"minimum": 5, "maximum": 500},
            "aces_up": {"minimum": 1, "maximum": 100},
            "rules": rules,
        },
        "random.toml",
    )


@st.composite
def rounds(draw: st.DrawFn) -> FourCardRound:
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
    dealer = tuple(rest[:6])
    multiples = config.play_multiples
    plays = []
    for seat, cards in zip(seats, hands, strict=False):
        multiple = draw(st.sampled_from([0, *multiples]))
        decision = Decision.fold() if multiple == 0 else Decision.play(multiple)
        ante = D(draw(st.sampled_from([5, 10, 25, 500]))) + D(draw(st.sampled_from([0, 0, 0.5])))
        aces_up = D(draw(st.sampled_from([0, 0, 1, 5, 100])))
        plays.append(FourCardSeatPlay(seat, cards, min(ante, D(500)), decision, aces_up))
    return FourCardRound(config, dealer, tuple(plays))


def category(cards: tuple[Card, ...]) -> HandRank:
    return category_of(best_four_by_subsets(cards))


def pair_of_aces(cards: tuple[Card, ...]) -> bool:
    return sum(1 for card in cards if card.rank is Rank.ACE) >= 2


def expected_steps(round_: FourCardRound) -> Counter[tuple[int, str, Action, Decimal]]:
    """Every money step, worked out from the rules as the regulation notes state them."""
    rules = round_.config.rules
    dealer = best_four_by_subsets(round_.dealer)
    steps: Counter[tuple[int, str, Action, Decimal]] = Counter()
    for play in round_.seats:
        seat = play.seat
        mine = best_four_by_subsets(play.cards)
        kind = category(play.cards)
        if play.folded:
            steps[(seat, "Ante", Action.COLLECT, play.ante)] += 1
        else:
            if mine > dealer or (mine == dealer and rules.ties.name == "PLAYER_WINS"):
                action = Action.PAY
            elif mine == dealer and rules.ties.name == "PUSH":
                action = Action.PUSH
            else:
                action = Action.COLLECT
            steps[(seat, "Ante", action, play.ante)] += 1
            steps[(seat, "Play", action, play.ante * play.decision.multiple)] += 1
            beaten = dealer > mine
            if kind in ANTE_BONUS and (not beaten or rules.ante_bonus_when_dealer_wins):
                steps[(seat, "Ante Bonus", Action.PAY, play.ante * ANTE_BONUS[kind])] += 1
        if play.aces_up:
            if play.folded and rules.aces_up_on_fold.name == "FORFEITED":
                steps[(seat, "Aces Up", Action.COLLECT, play.aces_up)] += 1
            elif kind in ACES_UP:
                steps[(seat, "Aces Up", Action.PAY, play.aces_up * ACES_UP[kind])] += 1
            elif kind is HandRank.ONE_PAIR and pair_of_aces(play.cards):
                steps[(seat, "Aces Up", Action.PAY, play.aces_up)] += 1
            else:
                steps[(seat, "Aces Up", Action.COLLECT, play.aces_up)] += 1
    return steps


@SETTINGS
@given(rounds())
def test_every_amount_is_the_paytables(round_: FourCardRound) -> None:
    procedure = build_procedure(round_)
    assert money(procedure) == expected_steps(round_)
    for step in procedure:
        if step.amount is not None:
            assert step.amount == step.amount.quantize(D("0.01")) and step.amount > 0


@SETTINGS
@given(rounds())
def test_the_canonical_order_grades_perfect(round_: FourCardRound) -> None:
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
def test_every_wager_is_settled_once_and_the_cards_discarded_once(round_: FourCardRound) -> None:
    procedure = build_procedure(round_)
    for play in round_.seats:
        settled = Counter(
            s.spot.label for s in procedure if s.seat == play.seat and s.action in SETTLES
        )
        bonus = settled.pop("Ante Bonus", 0)
        assert settled == Counter(wager.value for wager in play.wagers)
        assert bonus <= 1 and not (bonus and play.folded)
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) == 1
        seat_steps = [s.id for s in procedure if s.seat == play.seat and s is not discards[0]]
        ancestors = {i for i in seat_steps if discards[0].id in procedure.descendants(i)}
        assert ancestors == set(seat_steps)  # the discard comes after all of the seat's wagers
    assert [s.action for s in procedure if s.seat == DEALER] == [Action.SET_HAND]


@SETTINGS
@given(rounds())
def test_the_order_the_regulation_fixes(round_: FourCardRound) -> None:
    """§ 641a.11(c): forfeited wagers and cards before the reveal, the reveal before any player
    still in; players from the dealer's right, counterclockwise; the Aces Up after the seat's
    Ante, Play and Ante Bonus."""
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.SET_HAND]
    after_reveal = procedure.descendants(reveal.id)
    settled_in_turn = []
    for play in round_.settlement_order():
        steps = [s for s in procedure if s.seat == play.seat]
        forfeited = steps[0]
        if play.folded:
            assert (forfeited.spot.label, forfeited.action) == ("Ante", Action.COLLECT)
            assert reveal.id in procedure.descendants(forfeited.id)
            if all(s.id not in after_reveal for s in steps):
                continue
        settled_in_turn.append(play.seat)
        later = [s for s in steps if s.id in after_reveal]
        assert later and later == [s for s in steps if not (play.folded and s is forfeited)]
        aces = [s for s in steps if s.spot.label == "Aces Up"]
        for step in steps:
            if aces and step.spot.label in ("Ante", "Play", "Ante Bonus") and not play.folded:
                assert aces[0].id in procedure.descendants(step.id)
    for right, left in pairwise(settled_in_turn):
        assert right > left
        last = [s for s in procedure if s.seat == right][-1]
        first = next(s for s in procedure if s.seat == left and s.id in after_reveal)
        assert first.id in procedure.descendants(last.id)


@SETTINGS
@given(rounds())
def test_the_felt_ends_with_every_chip_accounted_for(round_: FourCardRound) -> None:
    """Applying every step to the table: the rack gains what is collected and loses what is
    paid, to the cent, and every player's cards and chips leave the felt."""
    check_the_felt_ends_with_every_chip_accounted_for(
        round_, build_procedure(round_), table_setup(round_)
    )
