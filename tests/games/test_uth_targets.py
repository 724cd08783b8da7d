"""Ultimate Texas Hold 'Em constrained deals (games/uth/targets.py): each target's hand is
there, judged with the game's own hand functions (games/uth/hands.py, outcomes.py), and the
round gives the target's wager something to settle."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.targeting import Target
from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.hands import Deal, ultimate_pairs_classes
from dealer_trainer.games.uth.outcomes import envy_qualifies
from dealer_trainer.games.uth.round import UthRound
from dealer_trainer.games.uth.targets import TARGETS
from dealer_trainer.games.uth.wagers import UltimatePairsHand, UthWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
ALL = load_uth_config(TABLES / "uth_all_653b_options.toml")
ENVY = load_uth_config(TABLES / "uth_progressive_envy.toml")
RED_ACES = load_uth_config(TABLES / "uth_red_aces_half_dollar.toml")
SETTINGS = settings(max_examples=25, deadline=None)
seeds = st.integers(0, 2**40)


def seat(round_: UthRound, number: int) -> Deal:
    return round_.deal_for(next(p for p in round_.seats if p.seat == number))


def play(round_: UthRound, number: int):  # type: ignore[no-untyped-def]
    return next(p for p in round_.seats if p.seat == number)


def legal(round_: UthRound) -> None:
    cards = [*round_.dealer, *round_.board, *(c for p in round_.seats for c in p.cards)]
    assert len(cards) == len(set(cards)) == 7 + 2 * len(round_.seats)


Check = Callable[[UthRound], None]


def trips_royal(round_: UthRound) -> None:
    assert best_five((*play(round_, 3).cards, *round_.board)).rank is HandRank.ROYAL_FLUSH
    assert play(round_, 3).wagers.trips > 0


def dealer_fchb_royal(round_: UthRound) -> None:
    # the dealer's two cards and the flop, never the turn or river
    assert best_five((*round_.dealer, *round_.board[:3])).rank is HandRank.ROYAL_FLUSH
    assert round_.dealer_hand_bettors > 0


def shared_board(round_: UthRound) -> None:
    board = best_five(round_.board)
    assert board.rank is HandRank.ONE_PAIR and board.cards[0].rank.value == "T"
    assert best_five((*play(round_, 3).cards, *round_.board)).rank is HandRank.FULL_HOUSE


def two_envy_hands(round_: UthRound) -> None:
    for number in (2, 5):
        assert envy_qualifies(ENVY, seat(round_, number)) is not None
        assert play(round_, number).wagers.progressive > 0
        assert not play(round_, number).decision.folded  # the progressive is lost on a fold


def red_aces(round_: UthRound) -> None:
    assert set(play(round_, 2).cards) == set(parse_cards("Ah Ad"))
    assert UltimatePairsHand.RED_ACES in ultimate_pairs_classes(play(round_, 2).cards)
    assert play(round_, 2).wagers.ultimate_pairs > 0


def dealer_aces_both(round_: UthRound) -> None:
    ranks = {c.rank.value for c in (*play(round_, 4).cards, *round_.dealer)}
    assert ranks == {"A"} and play(round_, 4).wagers.ultimate_pairs > 0


def no_qualify(round_: UthRound) -> None:
    assert best_five((*round_.dealer, *round_.board)).rank is HandRank.HIGH_CARD
    assert best_five((*play(round_, 1).cards, *round_.board)).rank is HandRank.FLUSH
    assert not play(round_, 1).decision.folded


def play_the_board(round_: UthRound) -> None:
    assert best_five(round_.board).rank is HandRank.STRAIGHT
    assert play(round_, 6).wagers.play_the_board > 0


def exact_cards(round_: UthRound) -> None:
    assert play(round_, 1).cards == parse_cards("Ah Ad")
    hand = best_five((*play(round_, 1).cards, *round_.board))
    assert hand.rank is HandRank.FOUR_OF_A_KIND and hand.cards[0].rank.value == "A"


RED_ACES_ROW = "Ace of hearts and ace of diamonds"
CASES: list[tuple[object, list[Target], Check]] = [
    (ALL, [Target("seat 3", "Royal flush", "Trips")], trips_royal),
    (ALL, [Target("dealer", "Royal flush", "Five Card Hand Bonus")], dealer_fchb_royal),
    (ALL, [Target("seat 3", "Full house", "Trips"), Target("board", "Pair of tens")], shared_board),
    (ENVY, [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")], two_envy_hands),
    (RED_ACES, [Target("seat 2", RED_ACES_ROW, "Ultimate Pairs")], red_aces),
    (ALL, [Target("seat 4", "Ace/ace and dealer ace/ace", "Ultimate Pairs")], dealer_aces_both),
    (ALL, [Target("dealer", "does not qualify"), Target("seat 1", "Flush", "Play")], no_qualify),
    (ALL, [Target("seat 6", "Straight", "Play the Board")], play_the_board),
    (ALL, [Target("seat 1", "Four aces", cards="Ah Ad")], exact_cards),
]  # fmt: skip


@SETTINGS
@given(st.sampled_from(CASES), seeds)
def test_every_target_is_met(case: tuple[object, list[Target], Check], seed: int) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)  # type: ignore[arg-type]
    legal(round_)
    check(round_)


@SETTINGS
@given(seeds, st.sets(st.integers(1, 7), min_size=2, max_size=7))
def test_the_seats_asked_for_are_dealt(seed: int, seats: set[int]) -> None:
    chosen = tuple(sorted(seats))
    targets = [Target(f"seat {chosen[-1]}", "Straight flush", "Progressive Payout Wager")]
    round_ = TARGETS.generate(ENVY, seed, targets, chosen)
    assert tuple(p.seat for p in round_.seats) == chosen
    hand = best_five((*play(round_, chosen[-1]).cards, *round_.board))
    assert hand.rank is HandRank.STRAIGHT_FLUSH


def test_without_presets_a_round_is_dealt_as_before() -> None:
    """The preset parameter changes nothing when it is not used: the cards are ``Deck(seed)``'s."""
    from dealer_trainer.cards import Deck
    from dealer_trainer.games.uth.dealing import cards_in_dealing_order, deal_round

    round_ = deal_round(ALL, 99, (1, 4))
    assert cards_in_dealing_order(round_) == Deck(99).deal(11)


def test_the_player_stays_in_only_when_a_target_needs_it() -> None:
    """A Trips target never changes the decision (Trips stays on the table after a fold,
    § 653a.11(f)(2)(i)); a Play target always plays."""
    folds = 0
    for seed in range(40):
        round_ = TARGETS.generate(ALL, seed, [Target("seat 2", "High card", "Trips")], (2,))
        folds += play(round_, 2).decision.folded
        played = TARGETS.generate(ALL, seed, [Target("seat 2", "High card", "Play")], (2,))
        assert not play(played, 2).decision.folded
    assert folds > 0
    assert UthWager.TRIPS in play(round_, 2).wagers.placed()
