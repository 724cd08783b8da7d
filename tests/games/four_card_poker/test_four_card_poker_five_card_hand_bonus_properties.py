"""Random Four Card Poker rounds with the Five Card Hand Bonus settle by the book.

Rounds are dealt on the lesson table with the bonus (tables/four_card_poker_five_card_bonus.toml)
with the open fold rules drawn at random, 1-6 seats, bonus stakes on either hand, and the table
game system's meter, Magic Card (any dealt card, the dealer's sixth included) and Lucky position
(any seat or the dealer). Rare five-card hands are stacked into seats and into the dealer's first
five cards, with a sixth card that would sometimes improve them.

Amounts are checked against the seed's paytable written out here by hand (§ 641a.12(g)(1), (3)):
the player's five cards and the dealer's FIRST FIVE cards dealt (§ 641a.11(c)(7)); paid whether
or not the player beats the dealer; a percentage of the meter held, never credited, the player's
hand then staying on the table (§ 641a.11(c)(7)(iii)); the meter reset after a royal flush
(§ 641a.12(g)(4)); wagers locked out before the deal (§ 641a.8(b)).
"""

from __future__ import annotations

from collections import Counter
from decimal import ROUND_FLOOR, Decimal

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Card, Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.games.four_card_poker.config import load_four_card_poker_config
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.round import FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.table import table_setup
from dealer_trainer.games.four_card_poker.wagers import FoldRule
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.practice.table import TableState
from dealer_trainer.resources import shipped_tables

D = Decimal
SETTINGS = settings(max_examples=150, deadline=None)
TABLE = shipped_tables()
BASE = load_four_card_poker_config(TABLE / "four_card_poker_five_card_bonus.toml")

FOR_ONE = {HandRank.FOUR_OF_A_KIND: 500, HandRank.FULL_HOUSE: 100, HandRank.FLUSH: 50}
"""§ 641a.12(g)(1), "for 1" (the stake included); Magic Card 20 for 1, Lucky Bonus 5 for 1."""
METER_PERCENT = {HandRank.ROYAL_FLUSH: 100, HandRank.STRAIGHT_FLUSH: 10}

STACKS = [
    "Th Jh Qh Kh Ah",  # royal flush
    "5c 6c 7c 8c 9c",  # straight flush
    "9s 9d 9h 9c 2s",  # four of a kind
    "Qc Qd Qs 7h 7d",  # full house
    "Kd Td 6d 3d 2d",  # flush
    "Ac Ad 8h 5s 2h",  # a pair: nothing
]
SIXTH = ["Ac", "4c", "Ts", "8d", "Jd", "3s"]
"""A sixth card for each stack, sometimes one that would improve the first five."""


@st.composite
def rounds(draw: st.DrawFn) -> FourCardRound:
    rules = msgspec.structs.replace(
        BASE.rules,
        five_card_hand_bonus_on_fold=draw(st.sampled_from(list(FoldRule))),
        aces_up_on_fold=draw(st.sampled_from(list(FoldRule))),
        _stated=BASE.rules._stated | {"five_card_hand_bonus_on_fold", "aces_up_on_fold"},
    )
    config = msgspec.structs.replace(BASE, rules=rules)
    seats = sorted(draw(st.sets(st.integers(1, 6), min_size=1, max_size=6)))
    order = draw(st.permutations(range(len(STACKS))))[: draw(st.integers(0, 3))]
    stacked = [parse_cards(STACKS[i], allow_joker=False) for i in order]
    stacked = [h for n, h in enumerate(stacked) if not any(set(h) & set(o) for o in stacked[:n])]
    dealer_stack: tuple[Card, ...] = ()
    to_dealer: bool = draw(st.booleans())
    if stacked and to_dealer:
        first = stacked.pop(0)
        (sixth,) = parse_cards(SIXTH[STACKS.index(" ".join(c.notation for c in first))])
        if sixth not in {c for h in stacked for c in h} and sixth not in first:
            dealer_stack = (*first, sixth)
        else:
            stacked.insert(0, first)
    used = {card for hand in stacked for card in hand} | set(dealer_stack)
    deck = [c for c in Deck(draw(st.integers(0, 2**32))).order if c not in used]
    hands = [*stacked, *(tuple(deck[5 * i : 5 * i + 5]) for i in range(len(seats)))]
    rest = deck[5 * len(seats) :]
    dealer = dealer_stack or tuple(rest[:6])
    plays = []
    for seat, cards in zip(seats, hands, strict=False):
        multiple = draw(st.sampled_from([0, 1, 2, 3]))
        decision = Decision.fold() if multiple == 0 else Decision.play(multiple)
        aces_up = D(draw(st.sampled_from([0, 5])))
        mine, theirs = D(draw(st.sampled_from([0, 1, 5]))), D(draw(st.sampled_from([0, 1, 2])))
        plays.append(FourCardSeatPlay(seat, cards, D(5), decision, aces_up, mine, theirs))
    dealt = [c for p in plays for c in p.cards] + list(dealer)
    folds_forfeit = config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED
    bettors = sum(
        1 for p in plays if p.five_card_hand_bonus_dealer and not (p.folded and folds_forfeit)
    )
    draws = FchbDraws(
        D(draw(st.integers(1_000_000, 5_000_000))) / 100,
        draw(st.sampled_from(dealt)),
        draw(st.integers(DEALER, 6)),
        bettors,
    )
    return FourCardRound(config, dealer, tuple(plays), None, draws)


@SETTINGS
@given(rounds())
def test_five_card_hand_bonus_rounds_settle_by_the_book(round_: FourCardRound) -> None:
    procedure = build_procedure(round_)
    assert max(Counter(s.key for s in procedure).values()) == 1
    log = [
        TraineeAction(s.spot, s.action, s.amount, at=float(i), hand=s.hand)
        for i, s in enumerate(procedure)
    ]
    grade = grade_log(
        procedure, log, not_called_for=NOT_CALLED_FOR, hand_matcher=hand_matcher(round_)
    )
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]
    assert any(s.action is Action.LOCK_OUT_WAGERS for s in procedure)
    draws = round_.fchb
    assert draws is not None
    forfeit = round_.config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED
    first_five = round_.dealer[:5]
    (reveal,) = [s for s in procedure if s.action is Action.SET_HAND]
    emptied = False
    held_seats: set[int] = set()
    for play in round_.seats:
        in_action = not (play.folded and forfeit)
        held_cards = False
        for suffix, stake, cards, position in (
            ("", play.five_card_hand_bonus, play.cards, play.seat),
            (" (dealer's hand)", play.five_card_hand_bonus_dealer, first_five, DEALER),
        ):
            paid = {
                s.spot.label: s
                for s in procedure
                if s.seat == play.seat
                and s.action in (Action.CREDIT_GAME_ACCOUNT, Action.HOLD_FOR_DOCUMENTATION)
                and s.spot.label.endswith(suffix)
                and (suffix or not s.spot.label.endswith(")"))
            }
            rank = evaluate_five(cards).rank
            expected: dict[str, tuple[Action, Decimal]] = {}
            if stake and in_action:  # paid whether the player folded or lost
                if rank in FOR_ONE:
                    expected["Five Card Hand Bonus" + suffix] = (
                        Action.CREDIT_GAME_ACCOUNT,
                        stake * FOR_ONE[rank],
                    )
                elif rank in METER_PERCENT:
                    share = draws.dealer_hand_bettors if suffix else 1
                    amount = draws.meter * METER_PERCENT[rank] / 100 / share
                    expected["Five Card Hand Bonus" + suffix] = (
                        Action.HOLD_FOR_DOCUMENTATION,
                        amount.quantize(D("0.01"), rounding=ROUND_FLOOR),
                    )
                    emptied = emptied or METER_PERCENT[rank] == 100
                    held_cards = held_cards or not suffix
                if draws.magic_card in cards:  # the dealer's sixth card never counts
                    expected["Magic Card Bonus" + suffix] = (Action.CREDIT_GAME_ACCOUNT, stake * 20)
                if draws.lucky == position:
                    expected["Lucky Bonus" + suffix] = (Action.CREDIT_GAME_ACCOUNT, stake * 5)
            assert {k: (s.action, s.amount) for k, s in paid.items()} == expected
            for step in paid.values():  # after the reveal and the seat's Aces Up (c)(7)
                assert step.id in procedure.descendants(reveal.id)
                aces_up = [
                    s for s in procedure if s.seat == play.seat and s.spot.label == "Aces Up"
                ]
                for earlier in aces_up:
                    assert step.id in procedure.descendants(earlier.id)
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) == 1  # a held hand once its documentation is complete
        if held_cards:
            held_seats.add(play.seat)
    resets = [s for s in procedure if s.spot.label == "Five Card Hand Bonus meter"]
    assert len(resets) == (1 if emptied else 0)
    state = TableState.of(table_setup(round_))
    for step in procedure:
        state.apply(step)
    # every hand, held ones after their documentation, has left with its chips
    assert not state.stakes
    assert not state.payouts
    assert all(state.hand_held(seat) for seat in held_seats)
