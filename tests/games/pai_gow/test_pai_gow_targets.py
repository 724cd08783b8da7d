"""Pai gow constrained deals (games/pai_gow/targets.py): each target's hand is there, judged by
the game's own hand functions (hands/pai_gow_seven.py, games/pai_gow/outcomes.py), and the round
gives the target's wager something to settle."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import JOKER, Rank
from dealer_trainer.games.pai_gow.config import load_pai_gow_config
from dealer_trainer.games.pai_gow.outcomes import envy_lammer, envy_qualifies
from dealer_trainer.games.pai_gow.round import PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.targets import TARGETS
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.targeting import Target
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.pai_gow import best_high
from dealer_trainer.hands.pai_gow_seven import (
    SevenCardClass,
    classify_seven,
    is_queens_dragon,
    protection_high_card,
)
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
EZ = load_pai_gow_config(TABLES / "pai_gow_ez_all_options.toml")
CLASSIC = load_pai_gow_config(TABLES / "pai_gow_classic.toml")
SETTINGS = settings(max_examples=25, deadline=None)
RULES = EZ.rules.hand_rules


def play(round_: PaiGowRound, seat: int) -> PaiGowSeatPlay:
    return next(p for p in round_.seats if p.seat == seat)


def queens_dragon(round_: PaiGowRound) -> None:
    assert is_queens_dragon(round_.dealer)


def five_aces(round_: PaiGowRound) -> None:
    assert best_high(play(round_, 2).cards, RULES).rank is HandRank.FIVE_ACES
    assert JOKER in play(round_, 2).cards


def seven_card_straight_flush(round_: PaiGowRound) -> None:
    cls = classify_seven(play(round_, 2).cards, EZ.rules.hand_rules_for(PaiGowWager.PROGRESSIVE))
    assert cls is SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH
    assert play(round_, 2).stake(PaiGowWager.PROGRESSIVE) > 0


def two_envy_hands(round_: PaiGowRound) -> None:
    for seat in (2, 5):
        assert envy_qualifies(EZ, play(round_, seat).cards) is not None
        assert envy_lammer(EZ, play(round_, seat).wagers) is PaiGowWager.DYNASTY_BONUS


def protection_and_dragon_wager(round_: PaiGowRound) -> None:
    assert protection_high_card(play(round_, 1).cards, RULES) is Rank.QUEEN
    assert play(round_, 1).stake(PaiGowWager.PROTECTION) > 0
    assert is_queens_dragon(round_.dealer)
    assert play(round_, 3).stake(PaiGowWager.QUEENS_DRAGON) > 0
    assert not play(round_, 3).surrendered


def pair_of_aces(round_: PaiGowRound) -> None:
    hand = best_high(play(round_, 2).cards, CLASSIC.rules.hand_rules)
    assert hand.rank is HandRank.ONE_PAIR
    assert all(c == JOKER or c.rank is Rank.ACE for c in hand.cards[:2])


Check = Callable[[PaiGowRound], None]
CASES: list[tuple[object, list[Target], Check]] = [
    (EZ, [Target("dealer", "Queen's Dragon")], queens_dragon),
    (EZ, [Target("seat 2", "Five aces")], five_aces),
    (
        EZ,
        [Target("seat 2", "Seven-card natural straight flush", "Progressive Payout Wager")],
        seven_card_straight_flush,
    ),
    (EZ, [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")], two_envy_hands),
    (
        EZ,
        [Target("seat 1", "Queen-high", "Protection"), Target("seat 3", "", "Queen's Dragon")],
        protection_and_dragon_wager,
    ),
    (CLASSIC, [Target("seat 2", "Pair of aces")], pair_of_aces),
]


@SETTINGS
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_every_target_is_met(case: tuple[object, list[Target], Check], seed: int) -> None:
    config, targets, check = case
    round_ = TARGETS.generate(config, seed, targets, None)  # type: ignore[arg-type]
    cards = [*round_.dealer, *(c for p in round_.seats for c in p.cards)]
    assert len(cards) == len(set(cards)) == 7 * (len(round_.seats) + 1)
    check(round_)


def test_every_seven_card_hand_of_the_dynasty_table_can_be_dealt() -> None:
    for cls in SevenCardClass:
        if EZ.paytable(PaiGowWager.DYNASTY_BONUS).row(cls) is None:
            continue
        round_ = TARGETS.generate(EZ, 5, [Target("seat 1", cls.value, "Dynasty Bonus")], (1, 2))
        assert classify_seven(play(round_, 1).cards, RULES) is cls, cls
        assert play(round_, 1).stake(PaiGowWager.DYNASTY_BONUS) > 0


def test_the_dealer_seven_cards_are_preset_in_dealing_order() -> None:
    round_ = TARGETS.generate(EZ, 8, [Target("dealer", cards="Qs Jd 9c 8h 6s 4d 2c")], (1,))
    assert [c.notation for c in round_.dealer] == ["Qs", "Jd", "9c", "8h", "6s", "4d", "2c"]
    assert is_queens_dragon(round_.dealer)
