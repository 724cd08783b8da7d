"""Four Card Poker constrained deals (games/four_card_poker/targets.py): the best four of five
(player) or six (dealer) for the main hand and the Aces Up, five-card poker on the dealer's
first five cards for the Five Card Hand Bonus (§ 641a.11(c)(7)), judged by the game's own
hand functions."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.four_card_poker.config import load_four_card_poker_config
from dealer_trainer.games.four_card_poker.round import FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.targets import TARGETS
from dealer_trainer.games.targeting import Target
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.four_card import best_four
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
ACES_UP = load_four_card_poker_config(TABLES / "four_card_poker_aces_up.toml")
BONUS = load_four_card_poker_config(TABLES / "four_card_poker_five_card_bonus.toml")
SETTINGS = settings(max_examples=25, deadline=None)


def play(round_: FourCardRound, seat: int) -> FourCardSeatPlay:
    return next(p for p in round_.seats if p.seat == seat)


def four_aces(round_: FourCardRound) -> None:
    hand = best_four(play(round_, 2).cards)
    assert hand.rank is HandRank.FOUR_OF_A_KIND and hand.cards[0].rank.value == "A"
    assert play(round_, 2).aces_up > 0 and not play(round_, 2).folded


def dealer_first_five_royal(round_: FourCardRound) -> None:
    assert best_five(round_.dealer[:5]).rank is HandRank.ROYAL_FLUSH
    assert any(BetOn.DEALER in round_.fchb_in_action(p) for p in round_.seats)


def dealer_trips_and_pair_of_aces(round_: FourCardRound) -> None:
    assert best_four(round_.dealer).rank is HandRank.THREE_OF_A_KIND
    hand = best_four(play(round_, 1).cards)
    assert hand.rank is HandRank.ONE_PAIR and hand.cards[0].rank.value == "A"
    assert not play(round_, 1).folded  # a Play target plays


Check = Callable[[FourCardRound], None]
CASES: list[tuple[object, list[Target], Check]] = [
    (ACES_UP, [Target("seat 2", "Four aces", "Aces Up")], four_aces),
    (BONUS, [Target("dealer", "Royal flush", "Five Card Hand Bonus")], dealer_first_five_royal),
    (
        BONUS,
        [Target("dealer", "Three of a kind"), Target("seat 1", "Pair of aces", "Play")],
        dealer_trips_and_pair_of_aces,
    ),
]


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_every_target_is_met(case: tuple[object, list[Target], Check], seed: int) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)  # type: ignore[arg-type]
    cards = [*round_.dealer, *(c for p in round_.seats for c in p.cards)]
    assert len(cards) == len(set(cards)) == 6 + 5 * len(round_.seats)
    assert round_.fchb is None or round_.fchb.dealer_hand_bettors == round_.dealer_hand_bettors
    check(round_)


def test_the_sixth_card_never_makes_the_bonus_hand() -> None:
    """A dealer Five Card Hand Bonus flush is in the first five cards; the sixth may be any."""
    for seed in range(20):
        round_ = TARGETS.generate(BONUS, seed, [Target("dealer", "Flush", "Five Card Hand Bonus")])
        assert best_five(round_.dealer[:5]).rank is HandRank.FLUSH
