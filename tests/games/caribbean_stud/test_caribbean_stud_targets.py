"""Caribbean Stud constrained deals (games/caribbean_stud/targets.py): each target's hand is
there, judged by the game's own hand functions, and the player stays in where the target's
wager needs it (a fold forfeits every wager but the Five Card Hand Bonus, § 639a.11(b))."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.games.caribbean_stud.config import load_caribbean_stud_config
from dealer_trainer.games.caribbean_stud.hands import dealer_qualifies, five_card_hand, is_ace_king
from dealer_trainer.games.caribbean_stud.outcomes import envy_qualifies
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound, CaribbeanStudSeatPlay
from dealer_trainer.games.caribbean_stud.targets import TARGETS
from dealer_trainer.games.targeting import Target
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
PROGRESSIVE = load_caribbean_stud_config(TABLES / "caribbean_stud_progressive.toml")
BONUS = load_caribbean_stud_config(TABLES / "caribbean_stud_five_card_bonus.toml")
SETTINGS = settings(max_examples=25, deadline=None)


def play(round_: CaribbeanStudRound, seat: int) -> CaribbeanStudSeatPlay:
    return next(p for p in round_.seats if p.seat == seat)


def royal_and_envy(round_: CaribbeanStudRound) -> None:
    assert five_card_hand(play(round_, 3).cards).rank is HandRank.ROYAL_FLUSH
    assert play(round_, 3).wagers.progressive > 0 and not play(round_, 3).folded
    assert envy_qualifies(PROGRESSIVE, play(round_, 5).cards) is not None
    assert not play(round_, 5).folded
    others = [p for p in round_.seats if p.seat != 5]
    assert any(p.wagers.progressive > 0 and not p.folded for p in others)


def dealer_royal_bonus(round_: CaribbeanStudRound) -> None:
    assert five_card_hand(round_.dealer).rank is HandRank.ROYAL_FLUSH
    assert round_.dealer_hand_bettors > 0
    assert round_.fchb is not None and round_.fchb.dealer_hand_bettors == round_.dealer_hand_bettors


def no_qualify_and_ace_king(round_: CaribbeanStudRound) -> None:
    assert not dealer_qualifies(round_.dealer_hand)
    assert is_ace_king(five_card_hand(play(round_, 2).cards))
    assert not play(round_, 2).folded


def bonus_full_house(round_: CaribbeanStudRound) -> None:
    assert five_card_hand(play(round_, 4).cards).rank is HandRank.FULL_HOUSE
    assert play(round_, 4).wagers.caribbean_stud_bonus > 0 and not play(round_, 4).folded


Check = Callable[[CaribbeanStudRound], None]
CASES: list[tuple[object, list[Target], Check]] = [
    (
        PROGRESSIVE,
        [
            Target("seat 3", "Royal flush", "Progressive Payout Wager"),
            Target("seat 5", "Envy hand"),
        ],
        royal_and_envy,
    ),
    (BONUS, [Target("dealer", "Royal flush", "Five Card Hand Bonus")], dealer_royal_bonus),
    (
        BONUS,
        [Target("dealer", "does not qualify"), Target("seat 2", "Ace/king", "Bet")],
        no_qualify_and_ace_king,
    ),
    (BONUS, [Target("seat 4", "Full house", "Caribbean Stud Bonus")], bonus_full_house),
]


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_every_target_is_met(case: tuple[object, list[Target], Check], seed: int) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)  # type: ignore[arg-type]
    cards = [*round_.dealer, *(c for p in round_.seats for c in p.cards)]
    assert len(cards) == len(set(cards)) == 5 * (len(round_.seats) + 1)
    check(round_)


def test_a_fold_is_kept_unless_a_target_needs_the_player_in() -> None:
    """Nine high never bets by the simulated strategy. A Five Card Hand Bonus target leaves the
    fold alone (the bonus stays in action after a fold, § 639a.11(b)); a Bet target makes the
    same player Bet."""
    for seed in range(20):
        target = Target("seat 1", "Nine high", "Five Card Hand Bonus")
        round_ = TARGETS.generate(BONUS, seed, [target], (1, 4))
        assert play(round_, 1).folded
        assert play(round_, 1).wagers.five_card_hand_bonus > 0
        betting = TARGETS.generate(BONUS, seed, [Target("seat 1", "Nine high", "Bet")], (1, 4))
        assert not play(betting, 1).folded
