"""Properties of the Caribbean Stud settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 52-card deck on the progressive lesson table
(lessons/tables/caribbean_stud_progressive.toml): 1-7 seats, random Antes, Caribbean Stud
Bonus and Progressive Payout Wagers within the limits, random bets and folds (a player may fold
anything), and a random meter. Random deals seldom hold a straight flush, so some rounds hand
rare hands to the first seats or to the dealer.

Amounts are checked against paytables written out here by hand (caribbean-stud.md § 3.1 for
the Bet, the common pair-of-10s table for the bonus, the table file's progressive rows), not
against the engine's paytable data.
"""

from __future__ import annotations

from collections import Counter
from decimal import ROUND_FLOOR, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import Card, Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.caribbean_stud.config import load_caribbean_stud_config
from dealer_trainer.games.caribbean_stud.outcomes import StudWagers
from dealer_trainer.games.caribbean_stud.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound, CaribbeanStudSeatPlay
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.resources import shipped_tables

TABLE = shipped_tables()
CONFIG = load_caribbean_stud_config(TABLE / "caribbean_stud_progressive.toml")
D = Decimal
W = CaribbeanStudWager
SETTINGS = settings(max_examples=80, deadline=None)
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT, Action.HOLD_FOR_DOCUMENTATION})
PRE_DEAL = "predeal."

BET_ODDS = {
    HandRank.ROYAL_FLUSH: 100,
    HandRank.STRAIGHT_FLUSH: 50,
    HandRank.FOUR_OF_A_KIND: 20,
    HandRank.FULL_HOUSE: 7,
    HandRank.FLUSH: 5,
    HandRank.STRAIGHT: 4,
    HandRank.THREE_OF_A_KIND: 3,
    HandRank.TWO_PAIR: 2,
    HandRank.ONE_PAIR: 1,
    HandRank.HIGH_CARD: 1,
}
BONUS_ODDS = {
    HandRank.ROYAL_FLUSH: 1000,
    HandRank.STRAIGHT_FLUSH: 200,
    HandRank.FOUR_OF_A_KIND: 50,
    HandRank.FULL_HOUSE: 11,
    HandRank.FLUSH: 8,
    HandRank.STRAIGHT: 5,
    HandRank.THREE_OF_A_KIND: 3,
    HandRank.TWO_PAIR: 2,
}
PROGRESSIVE_FOR_ONE = {
    HandRank.FOUR_OF_A_KIND: 500,
    HandRank.FULL_HOUSE: 100,
    HandRank.FLUSH: 50,
    HandRank.STRAIGHT: 10,
    HandRank.THREE_OF_A_KIND: 5,
}
PROGRESSIVE_METER = {HandRank.ROYAL_FLUSH: 100, HandRank.STRAIGHT_FLUSH: 10}
"""The Rules Submission's progressive rows (lessons/tables/caribbean_stud_progressive.toml)."""
ENVY = D(100)

STACKS = [
    "As Ks Qs Js Ts",  # royal flush
    "5h 6h 7h 8h 9h",  # straight flush
    "9c Tc Jc Qc Kc",  # straight flush
    "2d 2c 2h 2s Ad",  # four of a kind
    "Kd Kh Ks 4c 4d",  # full house
    "Ah Kc 9d 7s 3h",  # ace/king
    "Jd Jh 8c 8s 3c",  # two pair
]


def optional(low: int, high: int) -> st.SearchStrategy[int]:
    return st.one_of(st.just(0), st.integers(low, high))


seat_plans = st.tuples(
    st.sampled_from([10, 15, 25, 100, 500]),  # Ante
    optional(5, 100),  # Caribbean Stud Bonus
    st.sampled_from([0, 1, 1]),  # Progressive Payout Wager ($1 on this table)
    st.sampled_from([StudDecision.BET, StudDecision.BET, StudDecision.FOLD]),
)


@st.composite
def rounds(draw: st.DrawFn) -> CaribbeanStudRound:
    stacks: list[tuple[Card, ...]] = []
    count = draw(st.sampled_from([0, 0, 1, 2, 3]))
    for text in draw(st.permutations(STACKS))[:count]:
        cards = parse_cards(text)
        if not any(set(cards) & set(other) for other in stacks):
            stacks.append(cards)
    forced_dealer = draw(st.booleans()) and stacks and draw(st.booleans())
    dealer_cards = stacks.pop() if forced_dealer else ()
    forced = {card for cards in (*stacks, dealer_cards) for card in cards}
    deck = iter(c for c in Deck(draw(st.integers(0, 2**32 - 1))).order if c not in forced)
    dealer = dealer_cards or tuple(next(deck) for _ in range(5))
    numbers = draw(st.lists(st.integers(1, 7), min_size=1, max_size=7, unique=True))
    seats = []
    for index, number in enumerate(numbers):
        cards = stacks[index] if index < len(stacks) else tuple(next(deck) for _ in range(5))
        ante, bonus, progressive, decision = draw(seat_plans)
        wagers = StudWagers(D(ante), D(bonus), D(progressive))
        seats.append(CaribbeanStudSeatPlay(number, cards, wagers, decision))
    meter = D(draw(st.integers(2_500_000, 20_000_000))) / 100
    return CaribbeanStudRound(CONFIG, dealer, tuple(seats), meter)


# --- independent readings of the regulation ---------------------------------------------------


def qualifies(dealer: tuple[Card, ...]) -> bool:
    """Ace/king or better (§ 639a.2(b)(7))."""
    ranks = {card.rank.value for card in dealer}
    return evaluate_five(dealer).rank is not HandRank.HIGH_CARD or {"A", "K"} <= ranks


def envy_holders(round_: CaribbeanStudRound) -> set[int]:
    """Players still in the round holding a straight flush or better (§ 639a.1)."""
    return {
        s.seat
        for s in round_.seats
        if not s.folded
        and evaluate_five(s.cards).rank in (HandRank.STRAIGHT_FLUSH, HandRank.ROYAL_FLUSH)
    }


def live_bettors(round_: CaribbeanStudRound) -> set[int]:
    """A fold forfeits the Progressive Payout Wager (§ 639a.11(b))."""
    return {s.seat for s in round_.seats if not s.folded and s.wagers.progressive}


def ancestors(procedure: Procedure, step_id: str) -> set[str]:
    return {s.id for s in procedure if step_id in procedure.descendants(s.id)}


def seat_steps(procedure: Procedure, seat: int) -> list[Step]:
    return [s for s in procedure if s.seat == seat and not s.id.startswith(PRE_DEAL)]


# --- properties ----------------------------------------------------------------------------------


@SETTINGS
@given(rounds())
def test_every_placed_wager_is_settled_exactly_once(round_: CaribbeanStudRound) -> None:
    procedure = build_procedure(round_)
    assert max(Counter(s.key for s in procedure).values()) == 1, "a step is required twice"
    for play in round_.seats:
        mine = seat_steps(procedure, play.seat)
        settled = Counter(s.spot.label for s in mine if s.action in SETTLES)
        placed = Counter(w.value for w in play.placed() if w is not W.PROGRESSIVE)
        won = settled.pop(W.PROGRESSIVE.value, 0)
        assert settled == placed
        assert won <= (0 if play.folded else 1)
        dropped = [s for s in procedure if s.id == f"{PRE_DEAL}s{play.seat}.progressive"]
        assert len(dropped) == (1 if play.wagers.progressive else 0)
    assert {s.seat for s in procedure} <= {s.seat for s in round_.seats} | {DEALER}
    assert not [s for s in procedure if s.action is Action.COLLECT_COMMISSION]


@SETTINGS
@given(rounds())
def test_the_canonical_order_grades_perfect(round_: CaribbeanStudRound) -> None:
    procedure = build_procedure(round_)
    assert procedure.is_legal_order([s.id for s in procedure])
    actions = [
        TraineeAction(s.spot, s.action, s.amount, at=float(i), hand=s.hand)
        for i, s in enumerate(procedure)
    ]
    grade = grade_log(procedure, actions, not_called_for=NOT_CALLED_FOR)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]
    assert grade.score == 100


@SETTINGS
@given(rounds())
def test_money_is_exact_and_follows_the_paytables(round_: CaribbeanStudRound) -> None:
    procedure = build_procedure(round_)
    for step in procedure:
        if step.amount is not None:
            assert isinstance(step.amount, Decimal) and step.amount > 0
            assert step.amount == step.amount.quantize(D("0.01"))
    dealer = evaluate_five(round_.dealer)
    dealer_qualifies = qualifies(round_.dealer)
    for play in round_.seats:
        mine = {s.spot.label: s for s in seat_steps(procedure, play.seat) if s.action in SETTLES}
        ante, stake = mine[W.ANTE.value], play.wagers.ante
        player = evaluate_five(play.cards)
        if play.folded:  # § 639a.11(b)
            assert (ante.action, ante.amount) == (Action.COLLECT, stake)
            assert all(s.action is Action.COLLECT for s in mine.values())
            continue
        bet = mine[W.BET.value]
        if not dealer_qualifies:
            assert (ante.action, ante.amount) == (Action.PAY, stake)
            assert (bet.action, bet.amount) == (Action.PUSH, 2 * stake)
        elif player.strength > dealer.strength:
            assert (ante.action, ante.amount) == (Action.PAY, stake)
            assert (bet.action, bet.amount) == (Action.PAY, 2 * stake * BET_ODDS[player.rank])
        elif player.strength == dealer.strength:
            assert (ante.action, bet.action) == (Action.PUSH, Action.PUSH)
            assert bet.amount == 2 * stake
        else:
            assert (ante.action, ante.amount) == (Action.COLLECT, stake)
            assert (bet.action, bet.amount) == (Action.COLLECT, 2 * stake)
        bonus = play.wagers.caribbean_stud_bonus
        if bonus:
            step = mine[W.CARIBBEAN_STUD_BONUS.value]
            odds = BONUS_ODDS.get(player.rank)
            if odds is None and player.rank is HandRank.ONE_PAIR:
                odds = 1 if player.cards[0].rank.value in "TJQKA" else None
            won = (Action.PAY, bonus * odds) if odds else (Action.COLLECT, bonus)
            assert (step.action, step.amount) == won
        step = mine.get(W.PROGRESSIVE.value)
        if not play.wagers.progressive:
            assert step is None
            continue
        if player.rank in PROGRESSIVE_FOR_ONE:
            assert step is not None
            assert (step.action, step.amount) == (Action.PAY, PROGRESSIVE_FOR_ONE[player.rank])
        elif player.rank in PROGRESSIVE_METER:
            assert step is not None and round_.progressive_meter is not None
            share = round_.progressive_meter * PROGRESSIVE_METER[player.rank] / 100
            assert step.action is Action.HOLD_FOR_DOCUMENTATION
            assert step.amount == share.quantize(D("0.01"), rounding=ROUND_FLOOR)
        else:
            assert step is None, "a losing progressive's chips are already in the container"


@SETTINGS
@given(rounds())
def test_forfeits_then_the_reveal_then_the_players(round_: CaribbeanStudRound) -> None:
    """§ 639a.11(c): forfeited wagers and cards first, the reveal, then each player in turn
    from the dealer's right."""
    procedure = build_procedure(round_)
    (reveal,) = [s for s in procedure if s.action is Action.REARRANGE_HAND]
    assert reveal.seat == DEALER
    before = ancestors(procedure, reveal.id)
    after = procedure.descendants(reveal.id)
    for play in round_.seats:
        mine = seat_steps(procedure, play.seat)
        envy_pay = {s.id for s in mine if s.action is Action.PAY_ENVY}
        for step in mine:
            assert (step.id in before) is play.folded
            assert (step.id in after) is not play.folded
        if play.folded:
            assert [s.action for s in mine][-1] is Action.DISCARD
            assert not [s for s in mine if s.action is Action.PAY]
            continue
        later = [s for s in round_.settlement_order() if s.seat < play.seat and not s.folded]
        first_of_mine = {s.id for s in mine if s.id not in envy_pay and s.action in SETTLES}
        for other in later:
            for step in seat_steps(procedure, other.seat):
                if step.action in SETTLES:
                    assert first_of_mine <= ancestors(procedure, step.id)


@SETTINGS
@given(rounds())
def test_envy_is_paid_once_per_other_qualifying_hand_never_for_ones_own(
    round_: CaribbeanStudRound,
) -> None:
    procedure = build_procedure(round_)
    holders, bettors = envy_holders(round_), live_bettors(round_)
    expected = {
        (recipient, f"Envy Bonus (seat {holder}'s hand)"): ENVY
        for recipient in bettors
        for holder in holders
        if holder != recipient
    }
    paid = {(s.seat, s.spot.label): s.amount for s in procedure if s.action is Action.PAY_ENVY}
    assert paid == expected
    progressive = [
        s.id
        for play in round_.seats
        if play.seat in bettors
        for s in seat_steps(procedure, play.seat)
        if s.action in SETTLES
    ]
    for step in (s for s in procedure if s.action is Action.PAY_ENVY):
        assert set(progressive) <= ancestors(procedure, step.id)
    announced = {s.seat for s in procedure if s.action is Action.ACKNOWLEDGE_ENVY}
    assert announced == {holder for holder in holders if bettors - {holder}}


@SETTINGS
@given(rounds())
def test_cards_leave_only_after_every_wager_and_jackpots_stay(round_: CaribbeanStudRound) -> None:
    procedure = build_procedure(round_)
    for play in round_.seats:
        mine = seat_steps(procedure, play.seat)
        discards = [s for s in mine if s.action is Action.DISCARD]
        assert len(discards) == 1, "a held hand leaves once its documentation is complete"
        for hold in [s for s in mine if s.action is Action.HOLD_FOR_DOCUMENTATION]:
            if not hold.spot.label.endswith("(dealer's hand)"):  # the dealer's cards, not these
                assert discards[0].id in procedure.descendants(hold.id)
        before = ancestors(procedure, discards[0].id)
        settled = [s.id for s in mine if s.action in SETTLES or s.action is Action.VERIFY_HAND]
        assert set(settled) <= before, "§ 639a.11(d)"
        envy_for_me = [
            s.id
            for s in procedure
            if s.action is Action.PAY_ENVY
            and s.spot.label == f"Envy Bonus (seat {play.seat}'s hand)"
        ]
        assert set(envy_for_me) <= before, "the cards stay face up until the Envy is paid"
    royal = [
        s
        for s in procedure
        if s.action is Action.HOLD_FOR_DOCUMENTATION
        and evaluate_five(next(p for p in round_.seats if p.seat == s.seat).cards).rank
        is HandRank.ROYAL_FLUSH
    ]
    resets = [s for s in procedure if s.action is Action.RESET_METER]
    assert len(resets) == (1 if royal else 0)
    for reset in resets:
        assert reset.amount == 25_000
        assert {s.id for s in royal} <= ancestors(procedure, reset.id)
    floor = {s.seat for s in procedure if s.action is Action.CALL_FLOORPERSON}
    needs = {
        p.seat
        for p in round_.seats
        if not p.folded
        and p.wagers.progressive
        and evaluate_five(p.cards).rank
        in (HandRank.ROYAL_FLUSH, HandRank.STRAIGHT_FLUSH, HandRank.FOUR_OF_A_KIND)
    }
    assert floor == needs, "500 for 1 and meter shares (§ 639a.11(c)(6)(ii), by analogy)"


# --- the Five Card Hand Bonus (shared module) ----------------------------------------------------

FCHB_CONFIG = load_caribbean_stud_config(TABLE / "caribbean_stud_five_card_bonus.toml")
FCHB_FOR_ONE = {HandRank.FOUR_OF_A_KIND: 500, HandRank.FULL_HOUSE: 100, HandRank.FLUSH: 50}
"""§ 639a.12(e)(1), written out by hand; Magic Card 20 for 1, Lucky Bonus 5 for 1 (e)(3)."""
FCHB_METER = {HandRank.ROYAL_FLUSH: 100, HandRank.STRAIGHT_FLUSH: 10}


@st.composite
def fchb_rounds(draw: st.DrawFn) -> CaribbeanStudRound:
    """The progressive rounds (rare hands to seats or the dealer included) moved to the Five
    Card Hand Bonus table, with bonus stakes on either hand and the system's draws."""
    base = draw(rounds())
    dealer = base.dealer
    seats = []
    for play in base.seats:
        mine, theirs = draw(st.sampled_from([0, 1, 5])), draw(st.sampled_from([0, 1, 2]))
        w = play.wagers
        ante = min(w.ante, D(100))
        wagers = StudWagers(ante, min(w.caribbean_stud_bonus, D(25)), D(0), D(mine), D(theirs))
        seats.append(CaribbeanStudSeatPlay(play.seat, play.cards, wagers, play.decision))
    everyone = [c for s in seats for c in s.cards] + list(dealer)
    magic = draw(st.sampled_from(everyone))
    lucky = draw(st.integers(0, 7))
    bettors = sum(1 for s in seats if s.wagers.five_card_hand_bonus_dealer > 0)
    meter = D(draw(st.integers(1_000_000, 5_000_000))) / 100
    draws = FchbDraws(meter, magic, lucky, bettors)
    return CaribbeanStudRound(FCHB_CONFIG, dealer, tuple(seats), None, None, draws)


@SETTINGS
@given(fchb_rounds())
def test_five_card_hand_bonus_rounds_settle_by_the_book(round_: CaribbeanStudRound) -> None:
    procedure = build_procedure(round_)
    assert max(Counter(s.key for s in procedure).values()) == 1
    actions = [
        TraineeAction(s.spot, s.action, s.amount, at=float(i), hand=s.hand)
        for i, s in enumerate(procedure)
    ]
    grade = grade_log(procedure, actions, not_called_for=NOT_CALLED_FOR)
    assert grade.perfect, [j.explanation for j in grade.judgements if not j.ok]
    assert any(s.action is Action.LOCK_OUT_WAGERS for s in procedure)
    draws = round_.fchb
    assert draws is not None
    emptied = False
    for play in round_.seats:
        for hand_name, stake, cards, position in (
            ("", play.wagers.five_card_hand_bonus, play.cards, play.seat),
            (" (dealer's hand)", play.wagers.five_card_hand_bonus_dealer, round_.dealer, DEALER),
        ):
            paid = {
                s.spot.label: s
                for s in procedure
                if s.seat == play.seat
                and s.action in (Action.CREDIT_GAME_ACCOUNT, Action.HOLD_FOR_DOCUMENTATION)
                and s.spot.label.endswith(hand_name)
                and (hand_name or not s.spot.label.endswith(")"))
            }
            rank = evaluate_five(cards).rank
            expected: dict[str, tuple[Action, Decimal]] = {}
            if stake:  # paid whether the player folded or lost (§ 639a.11(b), (c)(6))
                if rank in FCHB_FOR_ONE:
                    expected["Five Card Hand Bonus" + hand_name] = (
                        Action.CREDIT_GAME_ACCOUNT,
                        stake * FCHB_FOR_ONE[rank],
                    )
                elif rank in FCHB_METER:
                    share = draws.dealer_hand_bettors if hand_name else 1
                    amount = draws.meter * FCHB_METER[rank] / 100 / share
                    expected["Five Card Hand Bonus" + hand_name] = (
                        Action.HOLD_FOR_DOCUMENTATION,
                        amount.quantize(D("0.01"), rounding=ROUND_FLOOR),
                    )
                    emptied = emptied or FCHB_METER[rank] == 100
                if draws.magic_card in cards:
                    expected["Magic Card Bonus" + hand_name] = (
                        Action.CREDIT_GAME_ACCOUNT,
                        stake * 20,
                    )
                if draws.lucky == position:
                    expected["Lucky Bonus" + hand_name] = (Action.CREDIT_GAME_ACCOUNT, stake * 5)
            assert {k: (s.action, s.amount) for k, s in paid.items()} == expected
        discards = [s for s in procedure if s.seat == play.seat and s.action is Action.DISCARD]
        assert len(discards) == 1
    resets = [s for s in procedure if s.spot.label == "Five Card Hand Bonus meter"]
    assert len(resets) == (1 if emptied else 0)
