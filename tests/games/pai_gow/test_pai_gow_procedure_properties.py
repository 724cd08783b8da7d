"""Properties of the pai gow settlement procedure over random rounds.

Rounds are dealt from a seeded shuffled 53-card deck (the joker included) on the EZ table that
offers every option (lessons/tables/pai_gow_ez_all_options.toml): 1-6 seats, each player's hand
set by the standard house way, random wagers within the table's limits (Dynasty wagers on both
sides of the $5 Qualifying Wager line), surrender for some players without an optional wager,
and a random progressive meter. Random deals seldom hold an Envy Bonus Qualifying Hand, a
Queen's Dragon or a progressive winner, so some rounds give such hands to the first seats or
the dealer.

Amounts are checked against the regulation's paytables written out here by hand (§ 645a.13(f),
(g), (i)), not against the engine's paytable data.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, Card, Deck, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.pai_gow.config import load_pai_gow_config
from dealer_trainer.games.pai_gow.house_way import set_hand, standard_house_way
from dealer_trainer.games.pai_gow.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.pai_gow.round import PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import OPTIONAL_WAGERS, PaiGowWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.pai_gow import check_split, hand_rank, high_strength
from dealer_trainer.hands.pai_gow_seven import CardColour, SevenCardClass, classify_seven
from dealer_trainer.resources import shipped_tables

TABLE = shipped_tables() / "pai_gow_ez_all_options.toml"
CONFIG = load_pai_gow_config(TABLE)
RULES = CONFIG.rules.hand_rules
HOUSE_WAY = standard_house_way()
D = Decimal
SETTINGS = settings(max_examples=60, deadline=None)

QUEEN = 10  # rank index: 2 is 0 ... queen 10, king 11, ace 12
ACE = 12
SETTLES = frozenset({Action.PAY, Action.PUSH, Action.COLLECT, Action.HOLD_FOR_DOCUMENTATION})

ENVY = {
    SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN: D(500),
    SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH: D(400),
    SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR: D(300),
    SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: D(200),
    SevenCardClass.FIVE_ACES: D(100),
    SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH: D(75),
    SevenCardClass.ROYAL_FLUSH: D(50),
    SevenCardClass.STRAIGHT_FLUSH: D(20),
    SevenCardClass.FOUR_OF_A_KIND: D(5),
}
"""The Envy Bonus column of the Dynasty Bonus paytable, § 645a.13(g) (seed 000)."""

DYNASTY_ODDS = {
    SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN: 2000,
    SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH: 2000,
    SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR: 1000,
    SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: 1000,
    SevenCardClass.FIVE_ACES: 500,
    SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH: 120,
    SevenCardClass.ROYAL_FLUSH: 120,
    SevenCardClass.STRAIGHT_FLUSH: 50,
    SevenCardClass.FOUR_OF_A_KIND: 25,
    SevenCardClass.FULL_HOUSE: 5,
    SevenCardClass.FLUSH: 4,
    SevenCardClass.THREE_OF_A_KIND: 3,
    SevenCardClass.STRAIGHT: 2,
}
"""Dynasty Bonus payouts "to 1", § 645a.13(g) (seed 000)."""

PROTECTION_ODDS = {7: 100, 8: 25, 9: 15, 10: 7, 11: 5, 12: 3}
"""Protection by high card (9 to ace), § 645a.13(h) (seed 000)."""

STACKS = [
    "9c 9d 9h 9s Ah Jd 2s",  # four of a kind (Envy $5)
    "4h 5h 6h 7h 8h Tc 2c",  # straight flush (Envy $20)
    "Ac Ad Ah As Jk 7s 2h",  # five aces (Envy $100)
    "As Ks Qs Js Ts 7d 3c",  # royal flush (Envy $50)
    "Tc Td Th Ts 9h 5s 3c",  # four of a kind
    "5d 6d 7d 8d 9d Td Jd",  # seven-card natural straight flush (Envy $400)
    "3c 4c 5c 6c 8c 9c Jk",  # seven-card straight flush with the joker (Envy $200)
    "Kc Kd Kh 2d 2h 7c 4s",  # full house (progressive 5 for 1)
    "Qh Jc 9d 7s 5h 4c 2s",  # queen high, no pair (Protection)
]
QUEENS_DRAGON_DEALER = "Qc Td 8h 6s 5c 3d 2h"


def optional(low: int, high: int) -> st.SearchStrategy[int]:
    return st.one_of(st.just(0), st.integers(low, high))


seat_plans = st.tuples(
    st.sampled_from([10, 25, 100, 1000]),  # Pai Gow Poker Wager
    optional(1, 100),  # Queen's Dragon
    # Dynasty Bonus: none, under the $5 Qualifying Wager line, or a Qualifying Wager
    st.one_of(st.just(0), st.integers(1, 4), st.integers(5, 100), st.sampled_from([5, 25])),
    optional(1, 100),  # Protection
    optional(1, 100),  # Red/Black
    st.sampled_from(list(CardColour)),
    st.sampled_from([0, 1, 1]),  # Progressive Payout Wager ($1 on this table)
    st.sampled_from(["bets", "bets", "bets", "no optional wager", "surrenders"]),
)


@st.composite
def rounds(draw: st.DrawFn) -> PaiGowRound:
    stacks: list[tuple[Card, ...]] = []
    count = draw(st.sampled_from([0, 1, 2, 3, 3]))
    for text in draw(st.permutations(STACKS))[:count]:
        cards = parse_cards(text, allow_joker=True)
        if not any(set(cards) & set(other) for other in stacks):
            stacks.append(cards)
    dealer_dragon = draw(st.booleans()) and draw(st.booleans())
    dragon = parse_cards(QUEENS_DRAGON_DEALER) if dealer_dragon else ()
    if dragon and any(set(dragon) & set(cards) for cards in stacks):
        dragon = ()
    forced = {card for cards in (*stacks, dragon) for card in cards}
    deck = iter(c for c in Deck(draw(st.integers(0, 2**32 - 1)), True).order if c not in forced)
    dealer = dragon or tuple(next(deck) for _ in range(7))
    numbers = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6, unique=True))
    seats = []
    for index, number in enumerate(numbers):
        cards = stacks[index] if index < len(stacks) else tuple(next(deck) for _ in range(7))
        pai_gow, dragon_bet, dynasty, protection, red_black, colour, progressive, plan = draw(
            seat_plans
        )
        if plan != "bets":
            dragon_bet = dynasty = protection = red_black = progressive = 0
        wagers = {
            PaiGowWager.PAI_GOW: D(pai_gow),
            PaiGowWager.QUEENS_DRAGON: D(dragon_bet),
            PaiGowWager.DYNASTY_BONUS: D(dynasty),
            PaiGowWager.PROTECTION: D(protection),
            PaiGowWager.RED_BLACK: D(red_black),
            PaiGowWager.PROGRESSIVE: D(progressive),
        }
        placed = {wager: stake for wager, stake in wagers.items() if stake > 0}
        surrender = plan == "surrenders"
        split = set_hand(cards, HOUSE_WAY, RULES).split
        seats.append(
            PaiGowSeatPlay(
                number,
                cards,
                split,
                placed,
                colour if red_black else None,
                surrender,
            )
        )
    meter = D(draw(st.integers(1_000_000, 20_000_000))) / 100
    return PaiGowRound(CONFIG, dealer, tuple(seats), HOUSE_WAY, meter)


# --- independent readings of the regulation ---------------------------------------------------


def lammer_seats(round_: PaiGowRound) -> set[int]:
    """A Dynasty Bonus Wager of at least $5 is a Qualifying Wager with an Envy lammer (§ 645a.1,
    § 645a.8(b)(1))."""
    return {s.seat for s in round_.seats if s.stake(PaiGowWager.DYNASTY_BONUS) >= 5}


def envy_hands(round_: PaiGowRound) -> dict[int, Decimal]:
    """Every player's Envy Bonus Qualifying Hand and its Envy amount (§ 645a.13(g))."""
    found = {}
    for play in round_.seats:
        amount = ENVY.get(classify_seven(play.cards, RULES))
        if amount is not None:
            found[play.seat] = amount
    return found


def is_queens_dragon(cards: tuple[Card, ...]) -> bool:
    """§ 645a.1: seven different ranks, no straight or flush, queen high (no joker can be in it:
    it would play as an ace or complete a straight or flush)."""
    if JOKER in cards:
        return False
    ranks = sorted({card >> 2 for card in cards})
    suits = Counter(card & 3 for card in cards)
    present = set(ranks) | ({-1} if ACE in ranks else set())
    straight = any(all(r + k in present for k in range(5)) for r in range(-1, 9))
    return len(ranks) == 7 and max(ranks) == QUEEN and not straight and max(suits.values()) < 5


def colour_count(cards: tuple[Card, ...], colour: CardColour) -> int:
    """Cards of the colour; this table's joker is neither red nor black (pai-gow.md § 10 item 3)."""
    red = colour is CardColour.RED
    return sum(1 for card in cards if card != JOKER and card.suit.is_red == red)


def ancestors(procedure: Procedure, step_id: str) -> set[str]:
    return {s.id for s in procedure if step_id in procedure.descendants(s.id)}


def seat_steps(procedure: Procedure, seat: int) -> list[Step]:
    """A seat's settlement steps (the pre-deal chip collection is not settlement)."""
    return [s for s in procedure if s.seat == seat and not is_pre_deal(s)]


def dropped(procedure: Procedure, seat: int) -> bool:
    return any(is_pre_deal(s) and s.seat == seat and s.action is Action.COLLECT for s in procedure)


# --- properties ----------------------------------------------------------------------------------


@SETTINGS
@given(rounds())
def test_every_placed_wager_is_settled_exactly_once(round_: PaiGowRound) -> None:
    procedure = build_procedure(round_)
    assert max(Counter(s.key for s in procedure).values()) == 1, "a step is required twice"
    for play in round_.seats:
        settled = Counter(
            s.spot.label for s in seat_steps(procedure, play.seat) if s.action in SETTLES
        )
        if dropped(procedure, play.seat) and "Progressive Payout Wager" not in settled:
            settled["Progressive Payout Wager"] = 1  # lost: its chips were dropped pre-deal
        assert settled == Counter(wager.value for wager in play.wagers)
    seats = {s.seat for s in round_.seats}
    assert {s.seat for s in procedure} <= seats | {DEALER}
    assert not [s for s in procedure if s.action is Action.COLLECT_COMMISSION], "EZ: no vig"


@SETTINGS
@given(rounds())
def test_the_house_way_never_fouls_a_hand(round_: PaiGowRound) -> None:
    dealer = round_.dealer_split
    assert sorted(dealer.cards) == sorted(round_.dealer)
    assert len(dealer.high) == 5 and len(dealer.low) == 2
    assert check_split(dealer.high, dealer.low, RULES).legal
    for play in round_.seats:
        assert check_split(play.split.high, play.split.low, RULES).legal
    (set_dealer,) = [s for s in build_procedure(round_) if s.action is Action.SET_HAND]
    assert set_dealer.seat == DEALER and set_dealer.hand == dealer.notation()


@SETTINGS
@given(rounds())
def test_the_canonical_order_grades_perfect(round_: PaiGowRound) -> None:
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
def test_money_is_exact_and_follows_the_paytables(round_: PaiGowRound) -> None:
    procedure = build_procedure(round_)
    for step in procedure:
        if step.amount is not None:
            assert isinstance(step.amount, Decimal)
            assert step.amount > 0
            assert step.amount == step.amount.quantize(D("0.01"))
    dragon = is_queens_dragon(round_.dealer)
    for play in round_.seats:
        mine = {s.spot.label: s for s in seat_steps(procedure, play.seat) if s.action in SETTLES}
        main = mine[PaiGowWager.PAI_GOW.value]
        assert main.amount == play.stake(PaiGowWager.PAI_GOW)  # 1 to 1, push or collect
        if dragon and not play.surrendered:
            assert main.action is Action.PUSH  # § 645a.11(f)(1)(v), (2)(iii)
        if play.surrendered:
            assert main.action is Action.COLLECT  # § 645a.11(d)
        stake = play.stake(PaiGowWager.QUEENS_DRAGON)
        if stake:
            step = mine[PaiGowWager.QUEENS_DRAGON.value]
            won = (Action.PAY, 50 * stake)  # § 645a.13(f)
            assert (step.action, step.amount) == (won if dragon else (Action.COLLECT, stake))
        stake = play.stake(PaiGowWager.RED_BLACK)
        if stake:
            assert play.colour is not None
            count = colour_count(play.cards, play.colour)
            step = mine[PaiGowWager.RED_BLACK.value]
            if count >= 4:  # § 645a.13(i)
                assert (step.action, step.amount) == (Action.PAY, stake * (5 if count == 7 else 1))
            else:
                assert (step.action, step.amount) == (Action.COLLECT, stake)
        stake = play.stake(PaiGowWager.DYNASTY_BONUS)
        if stake:
            odds = DYNASTY_ODDS.get(classify_seven(play.cards, RULES))
            step = mine[PaiGowWager.DYNASTY_BONUS.value]
            won = (Action.PAY, stake * odds) if odds else (Action.COLLECT, stake)
            assert (step.action, step.amount) == won
        stake = play.stake(PaiGowWager.PROTECTION)
        if stake:
            step = mine[PaiGowWager.PROTECTION.value]
            no_pair = hand_rank(high_strength(play.cards, RULES), RULES) is HandRank.HIGH_CARD
            top = max(ACE if card == JOKER else card >> 2 for card in play.cards)
            if no_pair and top in PROTECTION_ODDS:
                assert (step.action, step.amount) == (Action.PAY, stake * PROTECTION_ODDS[top])
            else:
                assert (step.action, step.amount) == (Action.COLLECT, stake)


@SETTINGS
@given(rounds())
def test_envy_is_paid_once_per_other_qualifying_hand_never_for_ones_own(
    round_: PaiGowRound,
) -> None:
    procedure = build_procedure(round_)
    lammers = lammer_seats(round_)
    hands = envy_hands(round_)
    expected = {
        (recipient, f"Envy Bonus (seat {holder}'s hand)"): amount
        for recipient in lammers
        for holder, amount in hands.items()
        if holder != recipient
    }
    paid = {(s.seat, s.spot.label): s.amount for s in procedure if s.action is Action.PAY_ENVY}
    assert paid == expected
    assert not [key for key in paid if key[1] == f"Envy Bonus (seat {key[0]}'s hand)"]
    dynasty = [s.id for s in procedure if s.spot.label == PaiGowWager.DYNASTY_BONUS.value]
    for step in (s for s in procedure if s.action is Action.PAY_ENVY):
        assert set(dynasty) <= ancestors(procedure, step.id), "§ 645a.11(h)(6)(ii)"
    announced = {s.seat for s in procedure if s.action is Action.ACKNOWLEDGE_ENVY}
    for holder in hands:
        if lammers - {holder}:
            assert holder in announced, "§ 645a.11(h)(6)(i)(B)-(C)"
    if not lammers:
        assert not announced, "no Qualifying Wager at the table"
    assert announced <= set(hands)


@SETTINGS
@given(rounds())
def test_no_discard_before_the_seats_wagers_are_settled(round_: PaiGowRound) -> None:
    procedure = build_procedure(round_)
    lammers = lammer_seats(round_)
    for play in round_.seats:
        mine = seat_steps(procedure, play.seat)
        discards = [s for s in mine if s.action is Action.DISCARD]
        assert len(discards) == 1, "a held hand leaves once its documentation is complete"
        for hold in [s for s in mine if s.action is Action.HOLD_FOR_DOCUMENTATION]:
            if not hold.spot.label.endswith("(dealer's hand)"):  # the dealer's cards, not these
                assert discards[0].id in procedure.descendants(hold.id)
        rearranged = [s for s in mine if s.action is Action.REARRANGE_HAND]
        if not play.surrendered:  # § 645a.11(h)
            wants = bool(lammers) or any(w in OPTIONAL_WAGERS for w in play.wagers)
            assert len(rearranged) == int(wants)
        for step in rearranged:
            (main,) = [s for s in mine if s.spot.label == PaiGowWager.PAI_GOW.value]
            assert main.id in ancestors(procedure, step.id)
            for optional_step in mine:
                if optional_step.spot in {w.value for w in OPTIONAL_WAGERS}:
                    assert step.id in ancestors(procedure, optional_step.id)
        before = ancestors(procedure, discards[0].id)
        settled = [s.id for s in mine if s.action in SETTLES or s.action is Action.ACKNOWLEDGE_ENVY]
        assert set(settled) <= before, "§ 645a.11(i)"
        envy_for_me = [
            s.id
            for s in procedure
            if s.action is Action.PAY_ENVY
            and s.spot.label == f"Envy Bonus (seat {play.seat}'s hand)"
        ]
        assert set(envy_for_me) <= before, "the cards stay face up until the Envy is paid"
