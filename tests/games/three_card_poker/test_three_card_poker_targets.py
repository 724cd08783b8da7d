"""Three Card Poker constrained deals (games/three_card_poker/targets.py): each target's hand is
there, judged by the game's own hand functions (three cards, the 6 Card Bonus's six, three
cards and the two community cards), the player plays where the target's wager needs it, Envy
is owed, the community cards are dealt for a Five Card Hand Bonus target; the round is legal,
the same for the same seed, and settles perfectly for a trainee who follows the procedure."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from golden_support import perfect_log
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.engine.grader import grade_log
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.targeting import Target
from dealer_trainer.games.three_card_poker import DEFINITION
from dealer_trainer.games.three_card_poker.config import (
    ThreeCardPokerTableConfig,
    load_three_card_poker_config,
)
from dealer_trainer.games.three_card_poker.dealing import (
    cards_in_dealing_order,
    deal_three_card_round,
)
from dealer_trainer.games.three_card_poker.hands import (
    five_card_hand,
    is_mini_royal,
    six_card_hand,
    three_card_hand,
)
from dealer_trainer.games.three_card_poker.outcomes import envy_qualifies, settle_envy_bonuses
from dealer_trainer.games.three_card_poker.round import ThreeCardRound, ThreeCardSeatPlay
from dealer_trainer.games.three_card_poker.targets import TARGETS
from dealer_trainer.games.three_card_poker.wagers import ThreeCardWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.practice.rounds import dealt_round
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
PLAIN = load_three_card_poker_config(TABLES / "three_card_poker_plain.toml")
SIX_CARD = load_three_card_poker_config(TABLES / "three_card_poker_pair_plus_six_card.toml")
ENVY = load_three_card_poker_config(TABLES / "three_card_poker_progressive_envy.toml")
FIVE_CARD = load_three_card_poker_config(TABLES / "three_card_poker_five_card_bonus.toml")
SETTINGS = settings(max_examples=25, deadline=None)
PROGRESSIVE = ThreeCardWager.PROGRESSIVE
FIVE_CARD_PROGRESSIVE = ThreeCardWager.FIVE_CARD_PROGRESSIVE


def play(round_: ThreeCardRound, seat: int) -> ThreeCardSeatPlay:
    return round_.seat(seat)


def envy_paid_to_each_other(
    round_: ThreeCardRound, wager: ThreeCardWager, holders: tuple[int, ...]
) -> None:
    live = [p for p in round_.seats if not p.folded]
    hands = {
        p.seat: (p.hand if wager is PROGRESSIVE else five_card_hand(p.cards, round_.community))
        for p in live
    }
    bettors = [p.seat for p in round_.seats if round_.in_action(p, wager)]
    paid = settle_envy_bonuses(round_.config, wager, hands, bettors)
    for holder in holders:
        assert any(o.other_seat == holder for seat, outcomes in paid.items() for o in outcomes), (
            f"nobody is paid an Envy Bonus for seat {holder}"
        )


def two_mini_royal_envy(round_: ThreeCardRound) -> None:
    for seat in (2, 5):
        p = play(round_, seat)
        assert is_mini_royal(p.hand) and envy_qualifies(ENVY, PROGRESSIVE, p.hand)
        assert round_.in_action(p, PROGRESSIVE) and not p.folded
    envy_paid_to_each_other(round_, PROGRESSIVE, (2, 5))


def dealer_bonus_royal(round_: ThreeCardRound) -> None:
    assert five_card_hand(round_.dealer, round_.community).rank is HandRank.ROYAL_FLUSH
    assert round_.dealer_hand_bettors > 0
    assert round_.fchb is not None and round_.fchb.dealer_hand_bettors == round_.dealer_hand_bettors


def five_card_envy_and_player_bonus(round_: ThreeCardRound) -> None:
    p = play(round_, 3)
    assert envy_qualifies(
        FIVE_CARD, FIVE_CARD_PROGRESSIVE, five_card_hand(p.cards, round_.community)
    )
    assert round_.in_action(p, FIVE_CARD_PROGRESSIVE)
    envy_paid_to_each_other(round_, FIVE_CARD_PROGRESSIVE, (3,))
    bonus = play(round_, 1)
    assert five_card_hand(bonus.cards, round_.community).rank is HandRank.FOUR_OF_A_KIND
    assert BetOn.PLAYER in round_.fchb_in_action(bonus)


def six_card_royal_dealer_out(round_: ThreeCardRound) -> None:
    p = play(round_, 3)
    assert six_card_hand(p.cards, round_.dealer).rank is HandRank.ROYAL_FLUSH
    assert round_.in_action(p, ThreeCardWager.SIX_CARD_BONUS)
    assert not round_.dealer_qualifies


def pair_plus_and_ante_bonus(round_: ThreeCardRound) -> None:
    trips = play(round_, 1)
    assert trips.hand.rank is HandRank.THREE_OF_A_KIND and trips.hand.cards[0].rank.value == "A"
    assert round_.in_action(trips, ThreeCardWager.PAIR_PLUS)
    straight = play(round_, 2)
    assert straight.hand.rank is HandRank.STRAIGHT and not straight.folded
    assert three_card_hand(round_.dealer).rank is HandRank.ONE_PAIR


Check = Callable[[ThreeCardRound], None]
CASES: list[tuple[ThreeCardPokerTableConfig, list[Target], Check]] = [
    (ENVY, [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")], two_mini_royal_envy),
    (FIVE_CARD, [Target("dealer", "Royal flush", "Five Card Hand Bonus")], dealer_bonus_royal),
    (
        FIVE_CARD,
        [
            Target("seat 3", "Envy hand", "Five-Card Progressive Payout Wager"),
            Target("seat 1", "Four of a kind", "Five Card Hand Bonus"),
        ],
        five_card_envy_and_player_bonus,
    ),
    (
        SIX_CARD,
        [Target("dealer", "does not qualify"), Target("seat 3", "Royal flush", "6 Card Bonus")],
        six_card_royal_dealer_out,
    ),
    (
        SIX_CARD,
        [
            Target("seat 1", "Three aces", "Pair Plus"),
            Target("seat 2", "Straight", "Ante Bonus"),
            Target("dealer", "One pair"),
        ],
        pair_plus_and_ante_bonus,
    ),
]


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_every_target_is_met(
    case: tuple[ThreeCardPokerTableConfig, list[Target], Check], seed: int
) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)
    cards = cards_in_dealing_order(round_)
    assert len(cards) == len(set(cards)) == 3 * len(round_.seats) + 3 + len(round_.community)
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


BONUS_ONLY = """
game = "Three Card Poker"
name = "Three Card Poker with the Five Card Hand Bonus only"

[ante]
minimum = 5
maximum = 500

[five_card_hand_bonus]
minimum = 1
maximum = 5
bet_on = ["player's hand", "dealer's hand"]
rate_of_progression_percent = 15
meter_start = 10000
meter_reset = 10000
"""


def test_a_bonus_target_brings_the_community_cards(tmp_path: Path) -> None:
    """On a table without the Five-Card Progressive the community cards are dealt only for a
    Five Card Hand Bonus: a target on it places the wager and the round has the target's two
    community cards even where the random round placed no bonus and dealt none."""
    table = tmp_path / "bonus_only.toml"
    table.write_text(BONUS_ONLY)
    config = load_three_card_poker_config(table)
    assert not config.deals_community_cards_always
    without = 0
    for seed in range(40):
        plain = deal_three_card_round(config, seed, (1, 2))
        round_ = TARGETS.generate(
            config, seed, [Target("dealer", "Straight flush", "Five Card Hand Bonus")], (1, 2)
        )
        assert five_card_hand(round_.dealer, round_.community).rank is HandRank.STRAIGHT_FLUSH
        assert round_.dealer_hand_bettors > 0
        without += not plain.community
    assert without > 0, "every random round dealt the community cards anyway"


def test_a_fold_is_kept_unless_a_target_needs_the_player_in() -> None:
    """Nine high folds by queen-six-four. A target on the hand alone leaves the fold; a Play,
    Ante Bonus or Pair Plus target (forfeited on a fold at this table) makes the player play."""
    for seed in range(20):
        folded = TARGETS.generate(SIX_CARD, seed, [Target("seat 1", "Nine high")], (1, 4))
        assert play(folded, 1).folded
        for wager in ("Play", "Ante Bonus", "Pair Plus"):
            target = Target("seat 1", "Nine high", wager)
            assert not play(TARGETS.generate(SIX_CARD, seed, [target], (1, 4)), 1).folded


ERRORS: list[tuple[ThreeCardPokerTableConfig, list[Target], str]] = [
    (PLAIN, [Target("seat 1", "Envy hand")], r"targets\[0\]: .* pays no Envy Bonus"),
    (
        ENVY,
        [Target("seat 1", "Envy hand", "Five-Card Progressive Payout Wager")],
        r"does not offer the Five-Card Progressive Payout Wager",
    ),
    (ENVY, [Target("dealer", "Envy hand")], r"only a player's hand earns an Envy Bonus"),
    (PLAIN, [Target("seat 2", "does not qualify")], r"only the dealer's hand qualifies or not"),
    (
        PLAIN,
        [Target("dealer", "does not qualify", cards="Kh 9d 2c")],
        r"cards: Kh 9d 2c qualify",
    ),
    (
        PLAIN,
        [Target("dealer", "Royal flush"), Target("dealer", "does not qualify")],
        r"hand: Three Card Poker's three-card ranking has no royal flush",
    ),
    (
        PLAIN,
        [Target("dealer", "Straight"), Target("dealer", "does not qualify")],
        r"targets\[1\]: the dealer's hand cannot be both a straight \(targets\[0\]\) and a hand "
        r"that does not qualify",
    ),
    (PLAIN, [Target("dealer", "Flush", "Pair Plus")], r"the dealer places no Pair Plus"),
    (PLAIN, [Target("board", "Pair")], r"deals no community cards"),
    (
        FIVE_CARD,
        [Target("seat 1", "Mini royal", "Five Card Hand Bonus")],
        r"a mini royal is a three-card hand; the Five Card Hand Bonus is settled on five cards",
    ),
    (
        SIX_CARD,
        [
            Target("seat 1", "Mini royal in spades"),
            Target("seat 2", "Royal flush in spades", "6 Card Bonus"),
        ],
        r"targets\[1\]: seat 2 cannot hold a royal flush in spades: seat 1's target uses",
    ),
    (FIVE_CARD, [Target("seat 1", "Flush", "Envy Bonus")], r"an Envy Bonus is not a wager"),
    (PLAIN, [Target("seat 1", "Flush", "Raise")], r"'Raise' is not a Three Card Poker wager"),
    (
        PLAIN,
        [Target("seat 1", cards="Ah Kh Qh Jh")],
        r"cards: 4 cards \(Ah Kh Qh Jh\) do not fit in seat 1's three cards",
    ),
]


@pytest.mark.parametrize("case", ERRORS, ids=lambda case: case[2][:50])
def test_each_impossible_target_gets_its_own_message(
    case: tuple[ThreeCardPokerTableConfig, list[Target], str],
) -> None:
    config, targets, message = case
    problems = TARGETS.check(config, targets)
    assert any(re.search(message, problem) for problem in problems), problems
    with pytest.raises(ValueError) as raised:
        TARGETS.generate(config, 1, targets)
    assert str(raised.value) == problems[0]
