"""Let It Ride Poker constrained deals (games/let_it_ride/targets.py): each target's hand is
there, judged by the game's own hand and settlement functions, on the two community cards every
seat shares; the payout limit really cuts the Let It Ride Poker Wagers (§ 643a.12(g)); a wager
rides where the target needs it; the round is legal, the same for the same seed, and settles
perfectly for a trainee who follows the procedure."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from golden_support import perfect_log
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.engine.grader import grade_log
from dealer_trainer.games.let_it_ride import DEFINITION
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig, load_let_it_ride_config
from dealer_trainer.games.let_it_ride.dealing import cards_in_dealing_order
from dealer_trainer.games.let_it_ride.hands import five_card_hand, is_mini_royal, three_card_hand
from dealer_trainer.games.let_it_ride.outcomes import (
    envy_qualifies,
    settle_envy_bonuses,
    settle_let_it_ride,
)
from dealer_trainer.games.let_it_ride.round import LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.targets import TARGETS
from dealer_trainer.games.targeting import Target
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.practice.rounds import dealt_round
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
ALL_BONUSES = load_let_it_ride_config(TABLES / "let_it_ride_all_bonuses.toml")
ENVY = load_let_it_ride_config(TABLES / "let_it_ride_progressive_envy.toml")
HAND_BONUS = load_let_it_ride_config(TABLES / "let_it_ride_five_card_hand_bonus.toml")
PLAIN = load_let_it_ride_config(TABLES / "let_it_ride_plain.toml")
SETTINGS = settings(max_examples=25, deadline=None)


def play(round_: LetItRideRound, seat: int) -> LetItRideSeatPlay:
    return round_.seat(seat)


def hand(round_: LetItRideRound, seat: int) -> HandRank:
    return five_card_hand(play(round_, seat).cards, round_.community).rank


def capped(round_: LetItRideRound, seat: int) -> bool:
    p = play(round_, seat)
    return any(
        o.capped for o in settle_let_it_ride(round_.config, p.cards, round_.community, p.riding)
    )


def royal_over_the_limit(round_: LetItRideRound) -> None:
    assert hand(round_, 3) is HandRank.ROYAL_FLUSH
    assert capped(round_, 3)


def any_hand_over_the_limit(round_: LetItRideRound) -> None:
    assert capped(round_, 2)


def three_card_and_five_card_bonus(round_: LetItRideRound) -> None:
    assert is_mini_royal(three_card_hand(play(round_, 2).cards))
    assert play(round_, 2).three_card_bonus > 0
    assert hand(round_, 4) is HandRank.FULL_HOUSE
    assert play(round_, 4).five_card_bonus > 0


def two_envy_hands(round_: LetItRideRound) -> None:
    for seat in (2, 5):
        assert envy_qualifies(ENVY, play(round_, seat).cards, round_.community) is not None
        assert play(round_, seat).progressive > 0
    hands = {p.seat: p.cards for p in round_.seats}
    bettors = [p.seat for p in round_.seats if p.progressive > 0]
    paid = settle_envy_bonuses(ENVY, hands, round_.community, bettors)
    assert {o.other_seat for o in paid[2]} >= {5}
    assert {o.other_seat for o in paid[5]} >= {2}


def board_pair_and_bonus_quads(round_: LetItRideRound) -> None:
    first, second = round_.community
    assert first.rank is second.rank and first.rank.value == "9"
    assert hand(round_, 4) is HandRank.FOUR_OF_A_KIND
    assert play(round_, 4).five_card_hand_bonus > 0
    assert round_.fchb is not None


Check = Callable[[LetItRideRound], None]
CASES: list[tuple[LetItRideTableConfig, list[Target], Check]] = [
    (ALL_BONUSES, [Target("seat 3", "Royal flush, payout limit reached")], royal_over_the_limit),
    (ALL_BONUSES, [Target("seat 2", "payout limit reached")], any_hand_over_the_limit),
    (
        ALL_BONUSES,
        [
            Target("seat 2", "Mini royal", "Three Card Bonus"),
            Target("seat 4", "Full house", "Five Card Bonus"),
        ],
        three_card_and_five_card_bonus,
    ),
    (ENVY, [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")], two_envy_hands),
    (
        HAND_BONUS,
        [Target("board", "Pair of nines"), Target("seat 4", "Four of a kind", "FCHB")],
        board_pair_and_bonus_quads,
    ),
]


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_every_target_is_met(
    case: tuple[LetItRideTableConfig, list[Target], Check], seed: int
) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)
    cards = cards_in_dealing_order(round_)
    assert len(cards) == len(set(cards)) == 3 * len(round_.seats) + 3  # the burned card too
    check(round_)
    dealt = dealt_round(DEFINITION, round_)
    grade = grade_log(
        dealt.procedure,
        perfect_log(list(dealt.procedure)),
        not_called_for=dealt.not_called_for,
        hand_matcher=dealt.hand_matcher,
    )
    assert not grade.missing and grade.score == 100
    assert TARGETS.generate(config, seed, targets, None) == round_


def test_a_limit_target_keeps_the_withdrawals_a_stake_allows() -> None:
    """A straight flush pays 200 to 1: two riding wagers above $125 pass the $50,000 limit, so
    the strategy's withdrawal of wager 1 (a five-high straight flush's three cards are often no
    draw) stays; four of a kind (50 to 1) needs all three wagers riding at $335 or more."""
    kept = 0
    for seed in range(30):
        target = Target("seat 1", "Straight flush, five high, payout limit")
        round_ = TARGETS.generate(ALL_BONUSES, seed, [target])
        assert hand(round_, 1) is HandRank.STRAIGHT_FLUSH and capped(round_, 1)
        kept += play(round_, 1).decision.withdraw_first
        quads = TARGETS.generate(
            ALL_BONUSES, seed, [Target("seat 1", "Four of a kind, payout limit")]
        )
        assert capped(quads, 1)
        assert len(play(quads, 1).riding) == 3 and play(quads, 1).bets[0] >= 335
    assert kept > 0


def test_a_wager_target_rides_where_the_strategy_would_withdraw() -> None:
    """A pair of sixes pays nothing and draws to nothing: the strategy usually withdraws both
    wagers. A target on Let It Ride Wager 1 or 2 lets that one ride and leaves the other."""
    withdrawn = 0
    for seed in range(20):
        plain = TARGETS.generate(PLAIN, seed, [Target("seat 1", "Pair of sixes")], (1, 4))
        first = TARGETS.generate(
            PLAIN, seed, [Target("seat 1", "Pair of sixes", "Let It Ride Wager 1")], (1, 4)
        )
        second = TARGETS.generate(
            PLAIN, seed, [Target("seat 1", "Pair of sixes", "Wager 2")], (1, 4)
        )
        assert not play(first, 1).decision.withdraw_first
        assert not play(second, 1).decision.withdraw_second
        withdrawn += (
            play(plain, 1).decision.withdraw_first and play(plain, 1).decision.withdraw_second
        )
    assert withdrawn > 0


ERRORS: list[tuple[LetItRideTableConfig, list[Target], str]] = [
    (
        PLAIN,
        [Target("dealer", "Flush")],
        r"targets\[0\]: Let It Ride Poker has no dealer hand",
    ),
    (
        PLAIN,
        [Target("seat 3", "Royal flush, payout limit reached")],
        r"targets\[0\]: Let It Ride Poker sets no payout limit",
    ),
    (
        ALL_BONUSES,
        [Target("seat 3", "Pair of aces with the payout limit")],
        r"seat 3's hand cannot reach the payout limit with a pair of aces: Let It Ride Paytable A "
        r"pays it 1 to 1: three Let It Ride Poker Wagers at the table maximum of \$500 win "
        r"\$1,500, not more than the limit of \$50,000 \(§ 643a.12\(g\)\)",
    ),
    (
        ALL_BONUSES,
        [Target("seat 3", "Royal flush, payout limit reached", "Five Card Bonus")],
        r"the payout limit applies only to the Let It Ride Poker Wagers, never to the Five Card "
        r"Bonus",
    ),
    (
        ALL_BONUSES,
        [Target("seat 1", "Mini royal")],
        r"hand: a mini royal is a three-card hand, and only the Three Card Bonus",
    ),
    (
        ALL_BONUSES,
        [Target("seat 1", "Full house", "Three Card Bonus")],
        r"hand: Three Card Poker's three-card ranking has no full house",
    ),
    (ALL_BONUSES, [Target("board", "Flush")], r"hand: the board is two cards"),
    (ALL_BONUSES, [Target("seat 1", "Envy hand")], r"pays no Envy Bonus"),
    (ALL_BONUSES, [Target("seat 1", "Flush", "Five Card Hand Bonus")], r"does not offer the Five"),
    (PLAIN, [Target("seat 1", "Flush", "Three Card Bonus")], r"does not offer the Three Card"),
    (ENVY, [Target("seat 1", "Flush", "Envy Bonus")], r"an Envy Bonus is not a wager"),
    (PLAIN, [Target("seat 1", "Flush", "Ante")], r"'Ante' is not a Let It Ride Poker wager"),
    (
        PLAIN,
        [Target("board", "Pair of aces"), Target("seat 2", "Four kings")],
        r"targets\[1\]: seat 2 cannot hold four kings together with targets\[0\]",
    ),
]


@pytest.mark.parametrize("case", ERRORS, ids=lambda case: case[2][:50])
def test_each_impossible_target_gets_its_own_message(
    case: tuple[LetItRideTableConfig, list[Target], str],
) -> None:
    config, targets, message = case
    problems = TARGETS.check(config, targets)
    try:
        TARGETS.generate(config, 1, targets)
    except ValueError as error:
        raised = str(error)
    else:
        raise AssertionError("a round was generated")
    found = problems or [raised]
    assert any(re.search(message, problem) for problem in found), found
    if problems:
        assert raised == problems[0]
