"""Properties of the Ultimate Texas Hold 'Em settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled deck on the table offering every option
(lessons/tables/uth_all_653b_options.toml): 1-6 seats, decisions the rules allow, wagers within
the table's limits, a random Five Card Hand Bonus meter, Magic Card, Lucky Bonus position and
Must-Hit-By meter.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Card, Deck, parse_card
from dealer_trainer.engine.actions import RESOLUTIONS, Action
from dealer_trainer.engine.grader import TraineeAction, Verdict, grade_log
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import METER, Award, FchbPayout, fchb_spot
from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.must_hit_by import add_contributions
from dealer_trainer.games.uth.outcomes import (
    Decision,
    Result,
    SeatWagers,
    Street,
    TableDraws,
    WagerOutcome,
    settle_seat,
)
from dealer_trainer.games.uth.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.uth.round import MustHitByState, SeatPlay, UthRound
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.resources import shipped_tables

CONFIG = load_uth_config(shipped_tables() / "uth_all_653b_options.toml")
D = Decimal
CHIP_WAGERS = {
    UthWager.ANTE,
    UthWager.BLIND,
    UthWager.PLAY,
    UthWager.TRIPS,
    UthWager.BAD_BEAT,
    UthWager.PLAY_THE_BOARD,
    UthWager.ULTIMATE_PAIRS,
}
DECISIONS = [
    Decision.fold(),
    Decision.play(4),
    Decision.play(3),
    Decision.play(2, Street.AFTER_FLOP),
    Decision.play(1, Street.AFTER_RIVER),
]
SETTINGS = settings(max_examples=80, deadline=None)
STACKS = [
    "",  # a plain shuffled deal
    "",
    "",
    "2h 9h Kh 5h 7h Ah 3h",  # flushes on the dealer's and the first player's hand
    "Ac Ad 8s 8d 8h 8c 2c",  # four of a kind for the first player, full house for the dealer
    "9c 9d Qh Jh Th Ah Kh",  # royal flush for the first player
    "As Ks Qs Js Ts 9h 9c",  # royal flush for the dealer
    "6d 7c 8s 7s 6s 5s 4s",  # straight flush for the first player
]


def optional(low: int, high: int) -> st.SearchStrategy[int]:
    return st.one_of(st.just(0), st.integers(low, high))


seat_plans = st.tuples(
    st.sampled_from(DECISIONS),
    st.sampled_from([15, 25, 35, 100, 1000]),  # Ante (odd stakes make 3-to-2 Blind cents)
    optional(5, 100),  # Trips
    optional(1, 25),  # Bad Beat
    optional(5, 100),  # Play the Board
    optional(5, 100),  # Ultimate Pairs
    optional(1, 5),  # progressive
    st.integers(0, 1),  # FCHB on the player's hand
    st.integers(0, 1),  # FCHB on the dealer's hand
)


@st.composite
def rounds(draw: st.DrawFn) -> UthRound:
    shuffled = list(Deck.shuffled(draw(st.integers(0, 2**32 - 1))).deal(52))
    # Five Card Hand Bonus wins are rare in random deals: sometimes stack the flop.
    stacked = draw(st.sampled_from(STACKS))
    forced = [parse_card(text) for text in stacked.split()]
    rest = iter([c for c in shuffled if c not in forced])
    dealer: tuple[Card, ...] = (
        (forced[0], forced[1]) if len(forced) == 7 else (next(rest), next(rest))
    )
    flop = tuple(forced[2:5]) if forced else (next(rest), next(rest), next(rest))
    first = tuple(forced[5:7]) if forced else None
    board = (*flop, next(rest), next(rest))
    numbers = draw(st.lists(st.integers(1, 7), min_size=1, max_size=6, unique=True))

    class _Rest:
        @staticmethod
        def deal(count: int) -> tuple[Card, ...]:
            nonlocal first
            if first is not None:
                cards, first = first, None
                return cards
            return tuple(next(rest) for _ in range(count))

    deck = _Rest()
    seats = []
    for number in numbers:
        decision, ante, trips, bad, board_bet, pairs, prog, fchb, fchb_d = draw(seat_plans)
        wagers = SeatWagers(
            ante=D(ante),
            trips=D(trips),
            bad_beat=D(bad),
            play_the_board=D(board_bet),
            ultimate_pairs=D(pairs),
            progressive=D(prog),
            five_card_hand_bonus=D(fchb),
            five_card_hand_bonus_dealer=D(fchb_d),
        )
        cards = deck.deal(2)
        seats.append(SeatPlay(number, (cards[0], cards[1]), wagers, decision))
    lucky = draw(st.sampled_from([None, "dealer", *numbers]))
    magic = draw(st.one_of(st.none(), st.sampled_from([*dealer, *board, *seats[0].cards])))
    draws = TableDraws(
        D(draw(st.integers(10_000, 100_000))),
        magic,
        lucky if isinstance(lucky, int) else None,
        lucky == "dealer",
    )
    trigger = D(draw(st.integers(250, 1000)))
    meter = trigger - D(draw(st.integers(0, 40))) / 100
    return UthRound(
        CONFIG,
        (dealer[0], dealer[1]),
        (board[0], board[1], board[2], board[3], board[4]),
        tuple(seats),
        draws,
        MustHitByState(max(meter, D(250)), trigger),
    )


def outcomes_of(round_: UthRound, play: SeatPlay) -> tuple[WagerOutcome, ...]:
    return settle_seat(
        round_.config, round_.deal_for(play), play.wagers, play.decision, round_.draws
    )


def awards_of(round_: UthRound, play: SeatPlay) -> list[FchbPayout]:
    """The Five Card Hand Bonus, Magic Card and Lucky Bonus payouts the seat won."""
    return [p for s in round_.five_card_hand_bonus(play) for p in s.payouts]


def perfect_log(steps: list[Step]) -> list[TraineeAction]:
    return [TraineeAction(s.spot, s.action, s.amount, float(i)) for i, s in enumerate(steps)]


def ancestors(procedure: Procedure, step_id: str) -> set[str]:
    return {s.id for s in procedure if step_id in procedure.descendants(s.id)}


@SETTINGS
@given(rounds())
def test_every_wager_is_settled_exactly_once(round_: UthRound) -> None:
    procedure = build_procedure(round_)
    by_key = Counter(s.key for s in procedure)
    assert max(by_key.values()) == 1, "a step is required twice"
    for play in round_.seats:
        outcomes = outcomes_of(round_, play)
        mine = [s for s in procedure if s.seat == play.seat and not is_pre_deal(s)]
        chips = [o for o in outcomes if o.wager in CHIP_WAGERS]
        resolutions = [
            s for s in mine if s.action in RESOLUTIONS and s.spot.kind is not UthWager.MUST_HIT_BY
        ]
        assert sorted(s.spot.label for s in resolutions) == sorted(o.wager.value for o in chips)
        for outcome in chips:
            (step,) = [s for s in resolutions if s.spot.kind is outcome.wager]
            expected = {
                Result.WIN: Action.PAY,
                Result.PUSH: Action.PUSH,
                Result.LOSE: Action.COLLECT,
            }
            assert step.action is expected[outcome.result]
            assert step.amount == (outcome.paid if outcome.result is Result.WIN else outcome.stake)
        awards = awards_of(round_, play)
        won = {award.spot(play.seat).spot for award in awards}
        for hand in play.wagers.fchb_stakes():
            for award in Award:
                if fchb_spot(award, hand) not in won:
                    assert not [s for s in mine if s.spot.spot == fchb_spot(award, hand)], (
                        "a losing electronic wager needs no dealer step"
                    )
        for outcome in awards:
            steps = {s.action: s for s in mine if s.spot == outcome.spot(play.seat)}
            meter = outcome.is_meter_award
            finish = Action.HOLD_FOR_DOCUMENTATION if meter else Action.CREDIT_GAME_ACCOUNT
            # every bettor's payout, on either hand, gets the whole procedure at that
            # bettor's turn (§ 639a.11(c), (c)(6)(ii), by analogy)
            wanted = {finish, Action.VERIFY_HAND}
            if meter or outcome.paid >= 500 * outcome.stake:
                wanted.add(Action.CALL_FLOORPERSON)
            assert set(steps) == wanted
            assert steps[finish].amount == outcome.paid
            before = ancestors(procedure, steps[finish].id)
            verify = steps[Action.VERIFY_HAND]
            assert verify.id in before
            own = [s.id for s in resolutions]
            assert set(own) <= ancestors(procedure, verify.id), "after the player's own wagers"
            if Action.CALL_FLOORPERSON in steps:
                floor = steps[Action.CALL_FLOORPERSON].id
                assert floor in before
                assert verify.id in ancestors(procedure, floor)


@SETTINGS
@given(rounds())
def test_the_meter_resets_only_after_a_full_meter_award(round_: UthRound) -> None:
    """100% of the meter empties it, so it restarts at the reset amount; after a 10% award
    the other 90% stays on the meter (ultimate-texas-holdem.md § 2.8, table-systems.md § 1.4)."""
    procedure = build_procedure(round_)
    emptied = any(a.empties_meter for play in round_.seats for a in awards_of(round_, play))
    resets = [s for s in procedure if s.spot.kind is METER]
    assert len(resets) == (1 if emptied else 0)
    for reset in resets:
        assert reset.amount == CONFIG.fchb_meter_reset
        holds = [s for s in procedure if s.action is Action.HOLD_FOR_DOCUMENTATION]
        assert all(h.id in ancestors(procedure, reset.id) for h in holds)


@SETTINGS
@given(rounds())
def test_money_balances(round_: UthRound) -> None:
    procedure = build_procedure(round_)
    signed = {
        Action.PAY: 1,
        Action.CREDIT_GAME_ACCOUNT: 1,
        Action.HOLD_FOR_DOCUMENTATION: 1,
        Action.COLLECT: -1,
    }
    mhb = [s for s in procedure if s.spot.kind is UthWager.MUST_HIT_BY and s.action is Action.PAY]
    dealer_side = sum(
        (
            signed[s.action] * s.amount
            for s in procedure
            if s.action in signed and s.amount and not is_pre_deal(s)
        ),
        D(0),
    ) - sum((s.amount for s in mhb if s.amount), D(0))
    electronic_stakes = sum(
        (
            s.wagers.five_card_hand_bonus + s.wagers.five_card_hand_bonus_dealer
            for s in round_.seats
        ),
        D(0),
    )
    player_net = D(0)
    for play in round_.seats:
        outcomes = outcomes_of(round_, play)
        player_net += sum((o.net for o in outcomes if o.wager in CHIP_WAGERS), D(0))
        # Electronic: the stake is taken once per hand; every award won pays "for 1" amounts.
        player_net += sum((a.paid for a in awards_of(round_, play)), D(0))
    player_net -= electronic_stakes
    assert dealer_side - electronic_stakes == player_net
    # The Must-Hit-By bonus, when it hits, is paid once to the qualifying winner.
    spec = CONFIG.must_hit_by_configuration()
    assert round_.must_hit_by is not None and spec is not None
    result = add_contributions(
        spec,
        round_.must_hit_by.meter,
        round_.must_hit_by.trigger,
        [(s.seat, s.wagers.progressive) for s in sorted(round_.seats, key=lambda s: s.seat)],
        rounding=CONFIG.rules.meter_payout_rounding,
    )
    if result.winner is None:
        assert not mhb
    else:
        (pay,) = mhb
        assert (pay.seat, pay.amount) == (result.winner, result.award)


@SETTINGS
@given(rounds(), st.data())
def test_every_legal_order_grades_perfect(round_: UthRound, data: st.DataObject) -> None:
    procedure = build_procedure(round_)
    done: list[str] = []
    order: list[Step] = []
    while available := procedure.available(done):
        step = data.draw(st.sampled_from(available))
        done.append(step.id)
        order.append(step)
    assert procedure.is_legal_order(done)
    grade = grade_log(procedure, perfect_log(order), not_called_for=NOT_CALLED_FOR)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]


@SETTINGS
@given(rounds(), st.data())
def test_an_illegal_swap_is_out_of_order(round_: UthRound, data: st.DataObject) -> None:
    procedure = build_procedure(round_)
    steps = list(procedure)
    after = [procedure.descendants(step.id) for step in steps]  # once a step, not once a pair
    pairs = [
        (i, j)
        for i in range(len(steps))
        for j in range(i + 1, len(steps))
        if steps[j].id in after[i]
    ]
    assert pairs, "every seat's Ante comes before its cards are removed"
    i, j = data.draw(st.sampled_from(pairs))
    swapped = steps.copy()
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert not procedure.is_legal_order([s.id for s in swapped])
    grade = grade_log(procedure, perfect_log(swapped), not_called_for=NOT_CALLED_FOR)
    early = grade.judgements[i]
    assert early.step_id == steps[j].id
    assert early.verdict is Verdict.OUT_OF_ORDER
    assert not grade.perfect
