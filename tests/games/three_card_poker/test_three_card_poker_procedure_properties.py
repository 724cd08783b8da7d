"""Properties of the Three Card Poker settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on tables drawn at random from every
combination of the open rules (qualification, the Ante against a dealer who does not qualify,
ties, what a fold forfeits) with every wager offered: Pair Plus, the 6 Card Bonus, both
progressives with Envy Bonuses and the Five Card Hand Bonus. Random three-card hands seldom hold
a straight or better, so some rounds give such hands to the first seats.

Amounts of the chip wagers are checked against paytables written out here by hand
(three-card-poker.md §§ 2.1-2.3 and the lesson's 6 Card Bonus rows) and three-card hands ranked
by a small ranking written here from § 4 (a straight above a flush, A-2-3 the lowest straight),
not against the engine's paytable data or its evaluator.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Card, Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.three_card_poker.config import parse_three_card_poker_config
from dealer_trainer.games.three_card_poker.outcomes import ThreeCardWagers
from dealer_trainer.games.three_card_poker.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.three_card_poker.round import (
    ThreeCardRound,
    ThreeCardSeatPlay,
    dealer_hand_bettors,
    needs_community_cards,
)
from dealer_trainer.games.three_card_poker.table import table_setup
from dealer_trainer.games.three_card_poker.wagers import ThreeCardDecision
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five_by_subsets, category_of
from dealer_trainer.practice.table import TableState

D = Decimal
SETTINGS = settings(max_examples=80, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT})
CHIP_SPOTS = ("Ante", "Play", "Ante Bonus", "Pair Plus", "6 Card Bonus")

SF, TRIPS, STRAIGHT, FLUSH, PAIR, HIGH = 5, 4, 3, 2, 1, 0
ANTE_BONUS = {SF: 5, TRIPS: 4, STRAIGHT: 1}
"""Ante Bonus Paytable A, "to 1" on the Ante (three-card-poker.md § 2.2)."""
PAIR_PLUS_A = {SF: 35, TRIPS: 25, STRAIGHT: 6, FLUSH: 4, PAIR: 1}
"""Pair Plus Paytable A, "to 1" (three-card-poker.md § 2.3)."""
SIX_CARD = {
    HandRank.ROYAL_FLUSH: 1000,
    HandRank.STRAIGHT_FLUSH: 200,
    HandRank.FOUR_OF_A_KIND: 100,
    HandRank.FULL_HOUSE: 20,
    HandRank.FLUSH: 15,
    HandRank.STRAIGHT: 10,
    HandRank.THREE_OF_A_KIND: 7,
}
"""The 6 Card Bonus rows the random tables state (as lessons/tables/..._six_card.toml)."""
QUALIFY = {"jack high or better": 11, "queen high or better": 12, "king high or better": 13}

STACKS = [
    "As Ks Qs",  # mini royal
    "9h 8h 7h",  # straight flush
    "7c 7d 7s",  # three of a kind
    "Ah 2d 3c",  # A-2-3, the lowest straight
    "Kc 9c 4c",  # a flush
    "Jd Jh 2s",  # a pair
]


def rank3(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """(category, ranks...) of three cards, written from three-card-poker.md § 4."""
    values = sorted((card.rank_index + 2 for card in cards), reverse=True)
    suited = len({card.suit for card in cards}) == 1
    if values == [14, 3, 2]:
        values = [3, 2, 1]
    straight = values[0] - values[2] == 2 and len(set(values)) == 3
    if straight:
        return (SF if suited else STRAIGHT, values[0])
    if len(set(values)) == 1:
        return (TRIPS, values[0])
    if len(set(values)) == 2:
        pair = values[1]
        kicker = values[0] if values[0] != pair else values[2]
        return (PAIR, pair, kicker)
    return (FLUSH if suited else HIGH, *values)


@st.composite
def tables(draw: st.DrawFn) -> Any:
    fold = st.sampled_from(["forfeited", "stays in action"])
    rules: dict[str, Any] = {
        "dealer_qualifies_with": draw(st.sampled_from(sorted(QUALIFY))),
        "ante_when_dealer_does_not_qualify": draw(st.sampled_from(["paid", "returned"])),
        "ties": draw(st.sampled_from(["push", "the dealer wins"])),
        "pair_plus_on_fold": draw(fold),
        "six_card_bonus_on_fold": draw(fold),
        "progressive_on_fold": draw(fold),
        "five_card_hand_bonus_on_fold": draw(fold),
    }
    rows = [{"hand": hand.value, "odds": f"{odds} to 1"} for hand, odds in SIX_CARD.items()]
    return parse_three_card_poker_config(
        {
            "game": "Three Card Poker",
            "name": "random rules",
            "ante": {"minimum": 5, "maximum": 500},
            "pair_plus": {"paytable": "A", "minimum": 1, "maximum": 100},
            "six_card_bonus": {"minimum": 1, "maximum": 100, "rows": rows},
            "progressive": {
                "minimum": 1,
                "maximum": 1,
                "rows": [
                    {"hand": "Mini royal flush", "odds": "100% of meter"},
                    {"hand": "Straight flush", "odds": "500 for 1"},
                    {"hand": "Three of a kind", "odds": "100 for 1"},
                ],
                "envy": 50,
                "meter_reset": 5000,
            },
            "five_card_progressive": {
                "minimum": 1,
                "maximum": 1,
                "rows": [
                    {"hand": "Royal flush", "odds": "100% of meter"},
                    {"hand": "Straight flush", "odds": "10% of meter"},
                    {"hand": "Four of a kind", "odds": "500 for 1"},
                    {"hand": "Flush", "odds": "50 for 1"},
                ],
                "envy": 100,
                "meter_reset": 25000,
            },
            "five_card_hand_bonus": {
                "minimum": 1,
                "maximum": 5,
                "meter_start": 10000,
                "meter_reset": 10000,
                "magic_card_bonus": True,
                "lucky_bonus": True,
            },
            "rules": rules,
        },
        "random.toml",
    )


@st.composite
def rounds(draw: st.DrawFn) -> ThreeCardRound:
    config = draw(tables())
    seats = sorted(draw(st.sets(st.integers(1, 7), min_size=1, max_size=6)))
    stacked: list[tuple[Card, ...]] = []
    for text in draw(st.permutations(STACKS))[: draw(st.integers(0, 3))]:
        stacked.append(parse_cards(text, allow_joker=False))
    stacked = [h for i, h in enumerate(stacked) if not any(set(h) & set(o) for o in stacked[:i])]
    used = {card for hand in stacked for card in hand}
    deck = [c for c in Deck(draw(st.integers(0, 2**32))).order if c not in used]
    hands = [*stacked, *(tuple(deck[3 * i : 3 * i + 3]) for i in range(len(seats)))]
    rest = deck[3 * len(seats) :]
    money = st.sampled_from([D(0), D(0), D(1), D(5)])
    plays = []
    for seat, cards in zip(seats, hands, strict=False):
        wagers = ThreeCardWagers(
            D(draw(st.sampled_from([5, 10, 25, 500]))),
            draw(money),
            draw(money),
            draw(st.sampled_from([D(0), D(1)])),
            draw(st.sampled_from([D(0), D(1)])),
            draw(st.sampled_from([D(0), D(1), D(5)])),
            draw(st.sampled_from([D(0), D(2)])),
        )
        decision = draw(st.sampled_from(list(ThreeCardDecision)))
        plays.append(ThreeCardSeatPlay(seat, cards, wagers, decision))
    community = tuple(rest[3:5]) if needs_community_cards(config, plays) else ()
    draws = FchbDraws(
        D(draw(st.sampled_from(["10000", "23456.78"]))),
        draw(st.sampled_from([None, *rest[3:5], *hands[0]])),
        draw(st.sampled_from([None, 0, *seats])),
        dealer_hand_bettors(config, plays),
    )
    fchb = draws if any(play.fchb_stakes() for play in plays) else None
    return ThreeCardRound(
        config, tuple(rest[:3]), tuple(plays), community, D("7777.77"), D("40000"), None, fchb
    )


def qualifies(round_: ThreeCardRound) -> bool:
    dealer = rank3(round_.dealer)
    need = QUALIFY[round_.config.rules.dealer_qualifies_with.value]
    return dealer[0] > HIGH or dealer[1] >= need


def expected_chip_steps(round_: ThreeCardRound) -> Counter[tuple[int, str, Action, Decimal]]:
    """Every chip-wager money step, worked out from the rules as the regulation notes say."""
    rules = round_.config.rules
    dealer = rank3(round_.dealer)
    steps: Counter[tuple[int, str, Action, Decimal]] = Counter()
    for play in round_.seats:
        seat, mine, w = play.seat, rank3(play.cards), play.wagers
        kept = {
            "Pair Plus": rules.pair_plus_on_fold.name == "STAYS_IN_ACTION",
            "6 Card Bonus": rules.six_card_bonus_on_fold.name == "STAYS_IN_ACTION",
        }
        if play.folded:
            steps[(seat, "Ante", Action.COLLECT, w.ante)] += 1
        elif not qualifies(round_):
            paid = rules.ante_when_dealer_does_not_qualify.name == "PAID"
            steps[(seat, "Ante", Action.PAY if paid else Action.PUSH, w.ante)] += 1
            steps[(seat, "Play", Action.PUSH, w.ante)] += 1
        else:
            if mine > dealer:
                action = Action.PAY
            elif mine == dealer and rules.ties.name == "PUSH":
                action = Action.PUSH
            else:
                action = Action.COLLECT
            steps[(seat, "Ante", action, w.ante)] += 1
            steps[(seat, "Play", action, w.ante)] += 1
        if not play.folded and mine[0] in ANTE_BONUS:
            steps[(seat, "Ante Bonus", Action.PAY, w.ante * ANTE_BONUS[mine[0]])] += 1
        if w.pair_plus and (not play.folded or kept["Pair Plus"]):
            if mine[0] in PAIR_PLUS_A:
                steps[(seat, "Pair Plus", Action.PAY, w.pair_plus * PAIR_PLUS_A[mine[0]])] += 1
            else:
                steps[(seat, "Pair Plus", Action.COLLECT, w.pair_plus)] += 1
        elif w.pair_plus:
            steps[(seat, "Pair Plus", Action.COLLECT, w.pair_plus)] += 1
        six = category_of(best_five_by_subsets((*play.cards, *round_.dealer)))
        if w.six_card_bonus and (not play.folded or kept["6 Card Bonus"]):
            if six in SIX_CARD:
                steps[(seat, "6 Card Bonus", Action.PAY, w.six_card_bonus * SIX_CARD[six])] += 1
            else:
                steps[(seat, "6 Card Bonus", Action.COLLECT, w.six_card_bonus)] += 1
        elif w.six_card_bonus:
            steps[(seat, "6 Card Bonus", Action.COLLECT, w.six_card_bonus)] += 1
    return steps


def chip_money(procedure: Procedure) -> Counter[tuple[int, str, Action, Decimal]]:
    found: Counter[tuple[int, str, Action, Decimal]] = Counter()
    for step in procedure:
        if step.action in SETTLES and step.spot.label in CHIP_SPOTS:
            assert step.amount is not None
            found[(step.seat, step.spot.label, step.action, step.amount)] += 1
    return found


def log_of(steps: list[Step]) -> list[TraineeAction]:
    return [TraineeAction(s.spot, s.action, s.amount, float(i), s.hand) for i, s in
            enumerate(steps)]  # fmt: skip


def five_card(step: Step) -> bool:
    return not step.id.startswith("predeal.") and (
        "Five" in step.spot.label or "Magic Card" in step.spot.label or "Lucky" in step.spot.label
    )


@SETTINGS
@given(rounds())
def test_every_chip_amount_is_the_paytables(round_: ThreeCardRound) -> None:
    procedure = build_procedure(round_)
    assert chip_money(procedure) == expected_chip_steps(round_)
    for step in procedure:
        if step.amount is not None:
            assert step.amount == step.amount.quantize(D("0.01")) and step.amount > 0


@SETTINGS
@given(rounds())
def test_the_canonical_order_grades_perfect(round_: ThreeCardRound) -> None:
    procedure = build_procedure(round_)
    grade = grade_log(procedure, log_of(list(procedure)), not_called_for=NOT_CALLED_FOR)
    assert grade.perfect
    assert grade.score == 100 and grade.payout_accuracy == 100


@SETTINGS
@given(rounds())
def test_every_wager_is_settled_once_and_the_cards_leave_once(round_: ThreeCardRound) -> None:
    procedure = build_procedure(round_)
    for play in round_.seats:
        mine = [s for s in procedure if s.seat == play.seat and not s.id.startswith("predeal.")]
        settled = Counter(
            s.spot.label for s in mine if s.action in SETTLES and s.spot.label in CHIP_SPOTS
        )
        bonus = settled.pop("Ante Bonus", 0)
        assert settled == Counter(w.value for w in play.placed() if w.value in CHIP_SPOTS)
        assert bonus <= 1 and not (bonus and play.folded)
        discards = [s for s in mine if s.action is Action.DISCARD]
        assert len(discards) == 1, "a held hand leaves once its documentation is complete"
        for hold in [s for s in mine if s.action is Action.HOLD_FOR_DOCUMENTATION]:
            if not hold.spot.label.endswith("(dealer's hand)"):  # the dealer's cards, not these
                assert discards[0].id in procedure.descendants(hold.id)
        if discards:  # after every wager of the seat (an Envy Bonus is paid to the player)
            # (a folded player's bonus on the dealer's hand needs none of the player's cards)
            others = [
                s.id
                for s in mine
                if s is not discards[0]
                and s.action is not Action.PAY_ENVY
                and not (play.folded and "(dealer's hand)" in s.spot.label)
            ]
            assert all(discards[0].id in procedure.descendants(i) for i in others)


@SETTINGS
@given(rounds())
def test_the_order_the_working_model_and_the_seed_fix(round_: ThreeCardRound) -> None:
    """Forfeits before the reveal, the reveal before any player still in; the three-card
    wagers seat by seat from the dealer's right; every five-card step after every other wager
    (seed 000, preamble)."""
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.REARRANGE_HAND]
    after_reveal = procedure.descendants(reveal.id)
    for step in procedure:
        in_play = step.seat != DEALER and not round_.seat(step.seat).folded
        if in_play and not step.id.startswith("predeal."):
            assert step.id in after_reveal
    others = [
        s
        for s in procedure
        if s.action in SETTLES | {Action.PAY_ENVY, Action.HOLD_FOR_DOCUMENTATION}
        and not s.id.startswith("predeal.")
        and not five_card(s)
    ]
    for step in procedure:
        if five_card(step) and step.action is not Action.RESET_METER:
            assert all(step.id in procedure.descendants(o.id) for o in others)
    seated = [
        play.seat
        for play in round_.settlement_order()
        if any(s.seat == play.seat and s.spot.label in ("Ante", "Play") for s in procedure)
        and not play.folded
    ]
    for right, left in pairwise(seated):
        last = [s for s in procedure if s.seat == right and s.spot.label in CHIP_SPOTS][-1]
        first = next(s for s in procedure if s.seat == left and s.spot.label in CHIP_SPOTS)
        assert first.id in procedure.descendants(last.id)


@SETTINGS
@given(rounds())
def test_the_felt_ends_with_every_chip_accounted_for(round_: ThreeCardRound) -> None:
    """Applying every step to the table: the progressive chips go into the container before the
    deal, the rack gains what is collected after it and loses what is paid, to the cent."""
    procedure = build_procedure(round_)
    setup = table_setup(round_)
    state = TableState.of(setup)
    for step in procedure:
        state.apply(step)
    settlement = [s for s in procedure if not s.id.startswith("predeal.")]
    collected = sum((s.amount or D(0) for s in settlement if s.action is Action.COLLECT), D(0))
    paid = sum(
        (s.amount or D(0) for s in settlement if s.action in (Action.PAY, Action.PAY_ENVY)), D(0)
    )
    dropped = sum(
        (s.amount or D(0) for s in procedure if s.id.startswith("predeal.") and s.amount), D(0)
    )
    assert state.inventory - setup.inventory == collected - paid
    assert state.container == dropped and state.to_drop == 0
    # every hand leaves with what lies beside it, a jackpot hand once its documentation is done
    held = {
        s.seat
        for s in procedure
        if s.action is Action.HOLD_FOR_DOCUMENTATION and "(dealer's hand)" not in s.spot.label
    }
    assert not state.stakes
    assert not state.pushed
    assert all(state.hand_held(seat) and seat in state.discarded for seat in held)
