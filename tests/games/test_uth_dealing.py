"""Random practice rounds of Ultimate Texas Hold 'Em: legal, reproducible, dealt in table order,
and played by the simplified basic strategy."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import STANDARD_CARDS, Card, Deck, parse_cards
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.uth.config import UthTableConfig, load_uth_config
from dealer_trainer.games.uth.dealing import (
    DealEvent,
    DealEventKind,
    cards_in_dealing_order,
    deal_round,
    dealing_sequence,
    decide,
)
from dealer_trainer.games.uth.must_hit_by import add_contributions, check_trigger, qualifies
from dealer_trainer.games.uth.outcomes import Decision, SeatWagers, Street, check_wagers
from dealer_trainer.games.uth.procedure import build_procedure
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.scenario import load_scenario
from dealer_trainer.games.uth.settings import DEFAULT_RULES, UthRules
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.resources import shipped_tables

ROOT = Path(__file__).resolve().parents[2]
TABLES = {path.stem: load_uth_config(path) for path in sorted(shipped_tables().glob("uth_*.toml"))}
ALL_OPTIONS = TABLES["uth_all_653b_options"]
PLAIN = TABLES["uth_plain"]
GOLDEN = sorted((ROOT / "tests" / "golden" / "uth").glob("*.toml"))
SEEDS = range(300)
D = Decimal
SIDE_FIELDS = {
    "trips": UthWager.TRIPS,
    "bad_beat": UthWager.BAD_BEAT,
    "play_the_board": UthWager.PLAY_THE_BOARD,
    "ultimate_pairs": UthWager.ULTIMATE_PAIRS,
    "six_card_bonus": UthWager.SIX_CARD_BONUS,
    "progressive": UthWager.PROGRESSIVE,
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, allow_joker=False)


def two(text: str) -> tuple[Card, Card]:
    a, b = cards(text)
    return (a, b)


def five(text: str) -> tuple[Card, Card, Card, Card, Card]:
    a, b, c, d, e = cards(text)
    return (a, b, c, d, e)


def must_hit_by_hit(round_: UthRound) -> bool:
    config = round_.config.must_hit_by_configuration()
    assert config is not None and round_.must_hit_by is not None
    wagers = [(p.seat, p.wagers.progressive) for p in sorted(round_.seats, key=lambda p: p.seat)]
    return add_contributions(
        config, round_.must_hit_by.meter, round_.must_hit_by.trigger, wagers
    ).hit


# --- reproducibility and dealing order ----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_same_seed_deals_the_same_round(name: str) -> None:
    config = TABLES[name]
    for seed in (0, 1, 2**63 + 5, 12345):
        first = deal_round(config, seed)
        assert first == deal_round(config, seed)
        assert first.seed == seed
        assert dealing_sequence(first) == dealing_sequence(deal_round(config, seed))


def test_different_seeds_deal_different_rounds() -> None:
    rounds = [deal_round(ALL_OPTIONS, seed) for seed in range(200)]
    assert len({(r.dealer, r.board) for r in rounds}) == 200
    assert len({tuple(p.wagers for p in r.seats) for r in rounds}) > 190


@pytest.mark.parametrize("seats", [None, [1], [2, 5], [7, 3, 1], [1, 2, 3, 4, 5, 6, 7]])
def test_the_cards_come_off_the_seeded_deck_in_dealing_order(seats: list[int] | None) -> None:
    for seed in range(40):
        round_ = deal_round(ALL_OPTIONS, seed, seats)
        order = cards_in_dealing_order(round_)
        assert order == Deck(seed).deal(2 * len(round_.seats) + 2 + 5)


def test_one_card_at_a_time_from_the_dealers_far_left_to_the_dealer_twice_around() -> None:
    round_ = deal_round(PLAIN, 99, [5, 2])
    deck = Deck(99).deal(11)
    seat = {p.seat: p.cards for p in round_.seats}
    assert seat[2] == (deck[0], deck[3])
    assert seat[5] == (deck[1], deck[4])
    assert round_.dealer == (deck[2], deck[5])
    assert round_.board == deck[6:11]
    assert [p.seat for p in round_.seats] == [2, 5]


def test_cards_in_dealing_order_reads_any_round() -> None:
    round_ = UthRound(
        PLAIN,
        two("Ah Kh"),
        five("2c 3c 4c 5c 6c"),
        (
            SeatPlay(4, two("7d 8d"), SeatWagers(D(10)), Decision.fold()),
            SeatPlay(1, two("9s Ts"), SeatWagers(D(10)), Decision.play(4)),
        ),
    )
    assert cards_in_dealing_order(round_) == cards("9s 7d Ah Ts 8d Kh 2c 3c 4c 5c 6c")


# --- every generated round is one a table could produce -----------------------------------------


def check_draws(config: UthTableConfig, round_: UthRound) -> None:
    draws = round_.draws
    fchb = config.five_card_hand_bonus
    if fchb is None:
        assert draws.meter is None and draws.magic_card is None
        assert draws.lucky_seat is None and not draws.lucky_dealer
    else:
        assert draws.meter is not None and draws.meter >= fchb.meter_start
        assert (draws.magic_card is not None) == fchb.magic_card_bonus
        player_bettors = {p.seat for p in round_.seats if p.wagers.five_card_hand_bonus > 0}
        if draws.lucky_seat is not None:
            assert fchb.lucky_bonus and draws.lucky_seat in player_bettors
        if draws.lucky_dealer:
            assert fchb.lucky_bonus and round_.dealer_hand_bettors > 0
    if config.progressive is None:
        assert draws.progressive_meter is None
    else:
        assert draws.progressive_meter is not None
        assert draws.progressive_meter >= (config.progressive.meter_reset or D(10_000))
    mhb = config.must_hit_by_configuration()
    if mhb is None:
        assert round_.must_hit_by is None
    else:
        state = round_.must_hit_by
        assert state is not None
        check_trigger(mhb, state.trigger)
        assert mhb.minimum_value <= state.meter <= state.trigger


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_round_is_legal_on_every_table(name: str) -> None:
    config = TABLES[name]
    ante = config.limits(UthWager.ANTE)
    for seed in SEEDS:
        round_ = deal_round(config, seed)
        numbers = [p.seat for p in round_.seats]
        assert numbers == sorted(numbers) and 3 <= len(numbers) <= 6
        assert len(
            {*round_.dealer, *round_.board, *(c for p in round_.seats for c in p.cards)}
        ) == (2 * len(numbers) + 2 + 5)
        for play in round_.seats:
            wagers = play.wagers
            assert check_wagers(config, wagers) == ()
            assert ante.minimum <= wagers.ante <= ante.maximum
            assert wagers.blind_amount == wagers.ante
            for wager in wagers.placed():
                assert config.offers(wager), f"{config.name} does not offer {wager.value}"
            if wagers.five_card_hand_bonus:
                assert config.fchb_offered_on(BetOn.PLAYER)
            if wagers.five_card_hand_bonus_dealer:
                assert config.fchb_offered_on(BetOn.DEALER)
            play.decision.check(config.rules)
            assert play.decision == decide(play.cards, round_.board, config.rules)
        check_draws(config, round_)
        assert len(build_procedure(round_)) > 0


def test_antes_are_chip_friendly_and_mostly_small() -> None:
    antes = [p.wagers.ante for seed in SEEDS for p in deal_round(ALL_OPTIONS, seed).seats]
    minimum = ALL_OPTIONS.ante.minimum
    assert all(a % 5 == 0 for a in antes)
    assert sum(a <= 5 * minimum for a in antes) > 0.8 * len(antes)
    assert Counter(antes).most_common(1)[0][0] == minimum
    assert max(antes) > 5 * minimum, "now and then a big bettor"


def test_side_wager_chance_zero_places_only_ante_and_blind() -> None:
    for seed in range(50):
        round_ = deal_round(ALL_OPTIONS, seed, side_wager_chance=0)
        for play in round_.seats:
            assert set(play.wagers.placed()) == {UthWager.ANTE, UthWager.BLIND}
        assert round_.draws.lucky_seat is None and not round_.draws.lucky_dealer


@pytest.mark.parametrize("name", sorted(TABLES))
def test_side_wager_chance_one_places_every_wager_the_table_offers(name: str) -> None:
    config = TABLES[name]
    for seed in range(30):
        for play in deal_round(config, seed, side_wager_chance=1).seats:
            for field, wager in SIDE_FIELDS.items():
                assert (getattr(play.wagers, field) > 0) == config.offers(wager)
            assert (play.wagers.five_card_hand_bonus > 0) == config.fchb_offered_on(BetOn.PLAYER)
            assert (play.wagers.five_card_hand_bonus_dealer > 0) == config.fchb_offered_on(
                BetOn.DEALER
            )


@pytest.mark.parametrize("name", ["uth_all_653b_options", "uth_red_aces_half_dollar"])
def test_the_must_hit_by_bonus_hits_now_and_then(name: str) -> None:
    config = TABLES[name]
    rounds = [deal_round(config, seed, side_wager_chance=1) for seed in range(1000)]
    mhb = config.must_hit_by_configuration()
    assert mhb is not None
    assert all(any(qualifies(mhb, p.wagers.progressive) for p in r.seats) for r in rounds)
    hits = sum(must_hit_by_hit(r) for r in rounds)
    assert 20 <= hits <= 100, f"{hits} hits in 1000 rounds"


def test_without_qualifying_progressive_wagers_the_meter_never_hits() -> None:
    for seed in range(200):
        assert not must_hit_by_hit(deal_round(ALL_OPTIONS, seed, side_wager_chance=0))


def test_the_chosen_seats_are_the_occupied_seats() -> None:
    round_ = deal_round(PLAIN, 3, [6, 1, 4])
    assert [p.seat for p in round_.seats] == [1, 4, 6]
    assert len(deal_round(PLAIN, 3, range(1, 8)).seats) == 7


@pytest.mark.parametrize("seats", [[], [0], [8], [2, 2]])
def test_impossible_seats_are_refused(seats: list[int]) -> None:
    with pytest.raises(ValueError, match="seats"):
        deal_round(PLAIN, 1, seats)


@pytest.mark.parametrize("chance", [-0.1, 1.5])
def test_the_side_wager_chance_is_a_probability(chance: float) -> None:
    with pytest.raises(ValueError, match="probability"):
        deal_round(PLAIN, 1, side_wager_chance=chance)


# --- the simulated player's strategy -------------------------------------------------------------

ANY_BOARD = "Kd 9s 6c 4h 3d"


@pytest.mark.parametrize(
    ("hole", "raises"),
    [
        ("Ac 2d", True),  # any ace
        ("As 7s", True),
        ("3c 3d", True),  # a pair of 3s or better
        ("Kc Kd", True),
        ("2c 2d", False),  # pocket deuces check
        ("Kc 2c", True),  # K-x suited
        ("Kc 4d", False),
        ("Kc 5d", True),  # K-5+ offsuit
        ("Qh 6h", True),  # Q-6+ suited
        ("Qh 5h", False),
        ("Qh 8d", True),  # Q-8+ offsuit
        ("Qh 7d", False),
        ("Jh 8h", True),  # J-8+ suited
        ("Jh 7h", False),
        ("Jh Td", True),  # J-T offsuit
        ("Jh 9d", False),
        ("Th 9h", False),
        ("7c 2d", False),
    ],
)
def test_before_the_flop_raise_4x_with_the_strategys_hands(hole: str, raises: bool) -> None:
    decision = decide(cards(hole), cards("Qs Js 8c 5h 3s"), DEFAULT_RULES)
    assert (decision == Decision.play(4, Street.BEFORE_FLOP)) is raises


@pytest.mark.parametrize(
    ("hole", "board", "expected"),
    [
        ("9c 5d", "9h 5s 2c Kd Qh", Decision.play(2, Street.AFTER_FLOP)),  # two pair
        ("9c 5d", "9h 9s 5c Kd Qh", Decision.play(2, Street.AFTER_FLOP)),  # full house
        ("8c 3d", "8h Ks 2c 7d 4h", Decision.play(2, Street.AFTER_FLOP)),  # hidden pair
        ("3c 3d", "8h Ks 2c 7d 4h", Decision.play(4, Street.BEFORE_FLOP)),
        ("2c 2d", "8h Ks 3c 7d 4h", Decision.play(1, Street.AFTER_RIVER)),  # deuces wait
        ("Th 4c", "2h 7h 9h 5s Qd", Decision.play(2, Street.AFTER_FLOP)),  # 4 to a flush, T
        ("8h 4c", "2h 7h Jh Ks Qd", Decision.fold()),  # 4 to a flush without a ten
        ("7c 4d", "Ks Kd 9h 2c 3s", Decision.fold()),  # the board's pair is not the player's
        ("6c 3d", "Ks Jh 9d 6s 2c", Decision.play(1, Street.AFTER_RIVER)),  # pair on the river
        ("Kd 3c", "Qs Jh 7d 5c 2s", Decision.play(1, Street.AFTER_RIVER)),  # card above board
        ("9d 3c", "Qs Jh Td 5c 2s", Decision.fold()),
        ("8d 3c", "Qs Jh Td 9c 2s", Decision.play(1, Street.AFTER_RIVER)),  # straight with 8
        ("4c 2d", "9s Th Jd Qc Ks", Decision.fold()),  # plays the board's straight
        ("7c 2d", "Ks Qh 9d 5c 3s", Decision.fold()),  # nothing
    ],
)
def test_after_the_flop_and_river(hole: str, board: str, expected: Decision) -> None:
    assert decide(cards(hole), cards(board), DEFAULT_RULES) == expected


def test_the_strategy_uses_only_multiples_the_table_allows() -> None:
    threes = UthRules(play_multiples_before_flop=(3,))
    assert decide(cards("Ac 2d"), cards(ANY_BOARD), threes) == Decision.play(3, Street.BEFORE_FLOP)
    odd = UthRules(
        play_multiples_before_flop=(2, 3),
        play_multiples_after_flop=(1, 3),
        play_multiples_after_river=(1, 2),
    )
    assert decide(cards("Ac 2d"), cards(ANY_BOARD), odd).multiple == 3
    assert decide(cards("9c 5d"), cards("9h 5s 2c Kd Qh"), odd).multiple == 3
    assert decide(cards("6c 3d"), cards("Ks Jh 9d 6s 2c"), odd).multiple == 1


def test_a_decision_needs_two_hole_cards_and_five_community_cards() -> None:
    with pytest.raises(ValueError, match="2 hole cards"):
        decide(cards("Ac"), cards(ANY_BOARD), DEFAULT_RULES)
    with pytest.raises(ValueError, match="5 community cards"):
        decide(cards("Ac 2d"), cards("Kd 9s 6c"), DEFAULT_RULES)


multiples = st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple)


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(STANDARD_CARDS).map(lambda deck: deck[:12]),
    multiples,
    multiples,
    multiples,
)
def test_the_strategy_sees_only_the_cards_shown_so_far(
    dealt: list[Card],
    before: tuple[int, ...],
    after: tuple[int, ...],
    river: tuple[int, ...],
) -> None:
    rules = UthRules(
        play_multiples_before_flop=before,
        play_multiples_after_flop=after,
        play_multiples_after_river=river,
    )
    hole, board, other = dealt[:2], dealt[2:7], dealt[7:12]
    decision = decide(hole, board, rules)
    decision.check(rules)
    new_flop = decide(hole, other, rules)
    assert (decision.street is Street.BEFORE_FLOP) == (new_flop.street is Street.BEFORE_FLOP)
    new_turn_river = decide(hole, [*board[:3], *other[:2]], rules)
    checked_flop = {Street.BEFORE_FLOP, Street.AFTER_FLOP}
    assert (decision.street in checked_flop) == (new_turn_river.street in checked_flop)


# --- what an observer sees ----------------------------------------------------------------------


def decision_texts(events: tuple[DealEvent, ...], seat: int) -> list[str]:
    return [e.text for e in events if e.kind is DealEventKind.DECISION and e.seat == seat]


def expected_texts(play: SeatPlay) -> list[str]:
    s, d = play.seat, play.decision
    if d.street is Street.BEFORE_FLOP:
        return [f"Seat {s} raises {d.multiple}x"]
    if d.street is Street.AFTER_FLOP:
        return [f"Seat {s} checks", f"Seat {s} bets {d.multiple}x"]
    last = f"Seat {s} folds" if d.folded else f"Seat {s} bets {d.multiple}x"
    return [f"Seat {s} checks", f"Seat {s} checks", last]


def check_sequence(round_: UthRound) -> None:
    events = dealing_sequence(round_)
    plays = sorted(round_.seats, key=lambda p: p.seat)
    seats = [p.seat for p in plays]
    n = len(plays)
    kinds = [e.kind for e in events]
    pre = [p for p in plays if p.decision.street is not Street.BEFORE_FLOP]
    post = [p for p in pre if p.decision.street is not Street.AFTER_FLOP]
    K = DealEventKind
    assert kinds == [
        *[K.PLACE_WAGERS] * n,
        K.NO_MORE_BETS,
        *[K.DEAL_CARD] * (2 * n + 2),
        *[K.DECISION] * n,
        K.FLOP,
        *[K.DECISION] * len(pre),
        K.TURN_RIVER,
        *[K.DECISION] * len(post),
        K.DEALER_REVEAL,
    ]
    assert [e.seat for e in events[:n]] == seats
    assert all(
        e.seat == 0 for e in events if e.kind not in (K.PLACE_WAGERS, K.DECISION, K.DEAL_CARD)
    )
    dealt = [e for e in events if e.kind is K.DEAL_CARD]
    assert [e.seat for e in dealt] == [*seats, 0, *seats, 0]
    assert not any(e.face_up for e in dealt)
    assert tuple(c for e in dealt for c in e.cards) == cards_in_dealing_order(round_)[: 2 * n + 2]
    decisions = [e for e in events if e.kind is K.DECISION]
    assert [e.seat for e in decisions] == seats + [p.seat for p in pre] + [p.seat for p in post]
    (flop,) = [e for e in events if e.kind is K.FLOP]
    (turn_river,) = [e for e in events if e.kind is K.TURN_RIVER]
    (reveal,) = [e for e in events if e.kind is K.DEALER_REVEAL]
    assert flop.cards == round_.board[:3] and flop.face_up
    assert turn_river.cards == round_.board[3:] and turn_river.face_up
    assert reveal.cards == round_.dealer and reveal.face_up
    for play in plays:
        assert decision_texts(events, play.seat) == expected_texts(play)
        wagers = events[seats.index(play.seat)].text
        assert wagers.startswith(f"Seat {play.seat} bets Ante ")
        assert wagers.count("$") == len(play.wagers.placed()) + (
            1 if play.wagers.five_card_hand_bonus and play.wagers.five_card_hand_bonus_dealer else 0
        )


def test_the_dealing_sequence_of_generated_rounds() -> None:
    for config in TABLES.values():
        for seed in range(100):
            check_sequence(deal_round(config, seed))


@pytest.mark.parametrize("scenario", GOLDEN, ids=lambda p: p.stem)
def test_the_dealing_sequence_of_hand_written_scenarios(scenario: Path) -> None:
    check_sequence(load_scenario(scenario))


def test_the_dealing_sequence_reads_like_a_table_log() -> None:
    round_ = UthRound(
        PLAIN,
        two("Ah Qc"),
        five("Ks Kd 9h 7c 2d"),
        (
            SeatPlay(5, two("3c 4c"), SeatWagers(D(10)), Decision.play(1)),
            SeatPlay(2, two("8s 8d"), SeatWagers(D(25), trips=D(5)), Decision.play(4)),
            SeatPlay(3, two("5h 6s"), SeatWagers(D(10)), Decision.fold()),
            SeatPlay(7, two("Ts 9c"), SeatWagers(D(10)), Decision.play(2)),
        ),
    )
    texts = [e.text for e in dealing_sequence(round_)]
    assert texts[:5] == [
        "Seat 2 bets Ante $25, Blind $25, Trips $5",
        "Seat 3 bets Ante $10, Blind $10",
        "Seat 5 bets Ante $10, Blind $10",
        "Seat 7 bets Ante $10, Blind $10",
        "No more bets",
    ]
    assert texts[5] == "Seat 2: first card, face down"
    assert texts[9] == "Dealer: first card, face down"
    assert texts[14] == "Dealer: second card, face down"
    assert texts[15:] == [
        "Seat 2 raises 4x",
        "Seat 3 checks",
        "Seat 5 checks",
        "Seat 7 checks",
        "Flop: Ks Kd 9h",
        "Seat 3 checks",
        "Seat 5 checks",
        "Seat 7 bets 2x",
        "Turn and river: 7c 2d",
        "Seat 3 folds",
        "Seat 5 bets 1x",
        "Dealer reveals Ah Qc",
    ]


def test_event_kinds_read_as_words() -> None:
    assert [k.value for k in DealEventKind] == [
        "place wagers",
        "no more bets",
        "deal card",
        "decision",
        "flop",
        "turn and river",
        "dealer reveals",
        "players set their hands",
        "surrender",
    ]
