"""Caribbean Stud Poker wager outcomes, from the regulation text (seed 000, ch. 639a).

Each case is a hand a regulator could deal on a felt, built card by card: the player's five
cards, the dealer's, the decision, the table's Rules Submission, and what the dealer must pay,
push or collect, with the section that says so.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.cards import STANDARD_CARDS, Card, parse_cards
from dealer_trainer.games.caribbean_stud.config import (
    CaribbeanStudTableConfig,
    load_caribbean_stud_config,
    parse_caribbean_stud_config,
)
from dealer_trainer.games.caribbean_stud.hands import (
    dealer_qualifies,
    describe_hand,
    five_card_hand,
    row_classes,
)
from dealer_trainer.games.caribbean_stud.outcomes import (
    Result,
    StudWagers,
    Winner,
    envy_qualifies,
    settle_ante,
    settle_bet,
    settle_caribbean_stud_bonus,
    settle_envy_bonuses,
    settle_progressive,
    settle_seat,
    showdown,
)
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision, StudHand
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.money import MoneyError
from dealer_trainer.rules.provenance import Provenance

D = Decimal
W = CaribbeanStudWager
BET, FOLD = StudDecision.BET, StudDecision.FOLD
TABLES = shipped_tables()
PLAIN = load_caribbean_stud_config(TABLES / "caribbean_stud_plain.toml")
PROGRESSIVE = load_caribbean_stud_config(TABLES / "caribbean_stud_progressive.toml")

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
    HandRank.HIGH_CARD: 1,  # ace/king, the only high card that can beat a qualifying dealer
}
"""Bet Paytable A, written out from caribbean-stud.md § 3.1 (not from the engine's data)."""

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
"""Caribbean Stud Bonus Paytable A; a pair of 10s to aces pays 1 to 1."""


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def table(**options: Any) -> CaribbeanStudTableConfig:
    data: dict[str, Any] = {
        "game": "Caribbean Stud Poker",
        "name": "test",
        "ante": {"minimum": 5, "maximum": 100},
        "caribbean_stud_bonus": {"minimum": 1, "maximum": 25},
    }
    data.update(options)
    return parse_caribbean_stud_config(data, "house.toml")


# --- hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "qualifies"),
    [
        ("Ac Kd 7h 4s 2c", True),  # ace/king
        ("Ac Kd Qh Js 9c", True),
        ("Ac Qd Jh 9s 7c", False),  # ace/queen
        ("Kc Qd Jh 9s 7c", False),
        ("2c 2d 7h 5s 4c", True),  # any pair
        ("3c 4d 5h 6s 7c", True),  # a straight without an ace or king
        ("2c 5c 7c 9c Jc", True),  # a flush
        ("Ac 2d 3h 4s 5c", True),  # the wheel
        ("Kc Qd Jh Ts 8c", False),
    ],
)
def test_the_dealer_qualifies_with_ace_king_or_better(dealer: str, qualifies: bool) -> None:
    """§ 639a.2(b)(7), seed 000."""
    assert dealer_qualifies(five_card_hand(cards(dealer))) is qualifies


def test_row_classes() -> None:
    assert row_classes(five_card_hand(cards("Ac Kd 7h 4s 2c"))) == {
        StudHand.ACE_KING,
        StudHand.ONE_PAIR_OR_ACE_KING,
    }
    assert row_classes(five_card_hand(cards("Tc Td 7h 4s 2c"))) == {
        StudHand.ONE_PAIR,
        StudHand.ONE_PAIR_OR_ACE_KING,
        StudHand.PAIR_OF_TENS_OR_BETTER,
    }
    assert StudHand.PAIR_OF_TENS_OR_BETTER not in row_classes(
        five_card_hand(cards("9c 9d 7h 4s 2c"))
    )
    assert row_classes(five_card_hand(cards("9c 9d 7h 7s 2c"))) == {
        StudHand.TWO_PAIR,
        StudHand.PAIR_OF_TENS_OR_BETTER,
    }
    assert row_classes(five_card_hand(cards("As Ks Qs Js Ts"))) == {
        StudHand.ROYAL_FLUSH,
        StudHand.STRAIGHT_FLUSH,
        StudHand.PAIR_OF_TENS_OR_BETTER,
    }
    assert row_classes(five_card_hand(cards("Qc 9d 7h 4s 2c"))) == frozenset()


def test_hands_are_described_as_a_dealer_calls_them() -> None:
    assert describe_hand(five_card_hand(cards("Ac Kd 7h 4s 2c"))).startswith("ace/king high (")
    assert describe_hand(five_card_hand(cards("Qc 9d 7h 4s 2c"))).startswith("queen high (")
    assert describe_hand(five_card_hand(cards("Tc Td 7h 4s 2c"))).startswith("a pair of tens (")
    assert describe_hand(five_card_hand(cards("6c 6d 7h 7s 2c"))).startswith(
        "two pair, sevens and sixes"
    )
    assert describe_hand(five_card_hand(cards("6c 6d 6h 7s 7c"))).startswith(
        "a full house, sixes full of sevens"
    )
    assert describe_hand(five_card_hand(cards("As Ks Qs Js Ts"))).startswith("a royal flush")


def test_a_hand_is_five_cards() -> None:
    with pytest.raises(ValueError, match="five cards"):
        five_card_hand(cards("As Ks Qs Js"))


# --- the Ante and the Bet ------------------------------------------------------------------


def test_dealer_does_not_qualify_ante_paid_bet_returned() -> None:
    show = showdown(cards("9c 9d 7h 4s 2c"), cards("Qs Jd 8c 5h 3s"))
    assert not show.dealer_qualifies and show.winner is Winner.PLAYER
    ante = settle_ante(PLAIN, show, D(10), BET)
    assert (ante.result, ante.paid, ante.total_to_player) == (Result.WIN, 10, 20)
    assert ante.provenance is Provenance.STANDARD
    assert "does not qualify" in ante.reason and "§ 639a.2(b)(7)" in ante.reason
    bet = settle_bet(PLAIN, show, D(10), BET)
    assert bet is not None
    assert (bet.result, bet.stake, bet.paid, bet.net) == (Result.PUSH, 20, 0, 0)
    assert bet.citation.provenance is Provenance.SEED
    assert bet.citation.sections == ("639a.2(b)(7)",)


def test_a_lower_hand_is_still_paid_when_the_dealer_does_not_qualify() -> None:
    show = showdown(cards("Kc Jh 8d 7c 2s"), cards("Ad Qc 9s 6h 4c"))
    assert show.winner is Winner.DEALER and not show.dealer_qualifies
    assert settle_ante(PLAIN, show, D(15), BET).paid == 15
    bet = settle_bet(PLAIN, show, D(15), BET)
    assert bet is not None and bet.result is Result.PUSH and bet.stake == 30


def test_a_property_may_return_the_ante_instead() -> None:
    config = table(rules={"ante_when_dealer_does_not_qualify": "returned"})
    show = showdown(cards("9c 9d 7h 4s 2c"), cards("Qs Jd 8c 5h 3s"))
    ante = settle_ante(config, show, D(10), BET)
    assert (ante.result, ante.paid, ante.stake_returned) == (Result.PUSH, 0, True)
    assert ante.provenance is Provenance.PROPERTY
    assert "returned at this table" in ante.reason


@pytest.mark.parametrize(("rank", "odds"), list(BET_ODDS.items()))
def test_each_bet_row_against_a_qualifying_dealer(rank: HandRank, odds: int) -> None:
    players = {
        HandRank.ROYAL_FLUSH: "As Ks Qs Js Ts",
        HandRank.STRAIGHT_FLUSH: "9h 8h 7h 6h 5h",
        HandRank.FOUR_OF_A_KIND: "4c 4d 4h 4s Ad",
        HandRank.FULL_HOUSE: "7c 7d 7s 3c 3d",
        HandRank.FLUSH: "Kd Td 8d 5d 2d",
        HandRank.STRAIGHT: "9c 8h 7d 6s 5c",
        HandRank.THREE_OF_A_KIND: "Qc Qh Qs 7c 4h",
        HandRank.TWO_PAIR: "Jc Jd 6h 6d Ah",
        HandRank.ONE_PAIR: "Ac Ad 9s 5h 3d",
        HandRank.HIGH_CARD: "Ah Kc Qd 9s 3h",
    }
    dealer = cards("Ac Kd 7h 4s 2c") if rank is HandRank.HIGH_CARD else cards("2c 2h Kc 8s 3s")
    player = cards(players[rank])
    if rank is HandRank.ONE_PAIR:
        dealer = cards("2s 2h Kc 8s 3c")
    show = showdown(player, dealer)
    assert show.player.rank is rank and show.dealer_qualifies
    assert show.winner is Winner.PLAYER
    bet = settle_bet(PLAIN, show, D(25), BET)
    assert bet is not None
    assert (bet.result, bet.stake, bet.paid) == (Result.WIN, 50, 50 * odds)
    assert bet.row is not None and f"{odds} to 1" in bet.reason
    ante = settle_ante(PLAIN, show, D(25), BET)
    assert (ante.result, ante.paid) == (Result.WIN, 25)


def test_a_qualifying_dealer_beats_a_lower_hand_and_ties_push() -> None:
    lower = showdown(cards("Qd Qs 9h 7c 3d"), cards("Kc Kh 8d 6s 2c"))
    assert lower.winner is Winner.DEALER
    for outcome in (settle_ante(PLAIN, lower, 10, BET), settle_bet(PLAIN, lower, 10, BET)):
        assert outcome is not None and outcome.result is Result.LOSE and outcome.paid == 0
        assert outcome.provenance is Provenance.STANDARD
    tie = showdown(cards("Kh Ks 9d 5c 3h"), cards("Kc Kd 9h 5s 3c"))
    assert tie.winner is Winner.TIE
    ante = settle_ante(PLAIN, tie, 10, BET)
    bet = settle_bet(PLAIN, tie, 10, BET)
    assert bet is not None
    assert (ante.result, bet.result, ante.net, bet.net) == (Result.PUSH, Result.PUSH, 0, 0)
    assert "identical in rank" in bet.reason


def test_a_fold_forfeits_the_ante_and_makes_no_bet() -> None:
    show = showdown(cards("Td Ts 9c 4h 2s"), cards("Qh Qc 9d 5d 3h"))
    ante = settle_ante(PLAIN, show, D(10), FOLD)
    assert (ante.result, ante.paid) == (Result.LOSE, 0)
    assert ante.citation.sections == ("639a.11(b)",)
    assert settle_bet(PLAIN, show, D(10), FOLD) is None


def test_stakes_are_exact_money() -> None:
    show = showdown(cards("Td Ts 9c 4h 2s"), cards("Qh Qc 9d 5d 3h"))
    with pytest.raises(MoneyError):
        settle_ante(PLAIN, show, 10.5, BET)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        settle_ante(PLAIN, show, 0, BET)
    assert settle_ante(PLAIN, show, "12.50", BET).stake == D("12.50")


def test_the_player_and_the_dealer_cannot_share_a_card() -> None:
    with pytest.raises(ValueError, match="both hold"):
        showdown(cards("Td Ts 9c 4h 2s"), cards("Td Qc 9d 5d 3h"))


# --- the Caribbean Stud Bonus ---------------------------------------------------------------


def test_the_bonus_pays_a_pair_of_tens_whatever_the_dealer_holds() -> None:
    outcome = settle_caribbean_stud_bonus(PLAIN, cards("Qd Qs 9h 7c 3d"), D(5), BET)
    assert (outcome.result, outcome.paid, outcome.total_to_player) == (Result.WIN, 5, 10)
    assert "whatever the dealer holds" in outcome.reason and "639a.7(d)(3)" in outcome.reason
    assert outcome.provenance is Provenance.STANDARD


def test_the_bonus_loses_below_a_pair_of_tens() -> None:
    outcome = settle_caribbean_stud_bonus(PLAIN, cards("9h 9c 7d 5s 2h"), D(5), BET)
    assert (outcome.result, outcome.paid) == (Result.LOSE, 0)
    assert outcome.citation.sections == ("639a.7(d)(3)",)


def test_a_fold_forfeits_the_bonus_even_on_a_winning_hand() -> None:
    outcome = settle_caribbean_stud_bonus(PLAIN, cards("Td Ts Th 4h 2s"), D(5), FOLD)
    assert (outcome.result, outcome.paid) == (Result.LOSE, 0)
    assert outcome.citation.sections == ("639a.11(b)",)
    assert "even though the five cards make three tens" in outcome.reason


@pytest.mark.parametrize(
    ("hand", "odds"),
    [
        ("As Ks Qs Js Ts", 1000),
        ("9h 8h 7h 6h 5h", 200),
        ("4c 4d 4h 4s Ad", 50),
        ("7c 7d 7s 3c 3d", 11),
        ("Kd Td 8d 5d 2d", 8),
        ("9c 8h 7d 6s 5c", 5),
        ("Qc Qh Qs 7c 4h", 3),
        ("Jc Jd 6h 6d Ah", 2),
        ("Ac Ad 9s 5h 3d", 1),
    ],
)
def test_each_bonus_row(hand: str, odds: int) -> None:
    outcome = settle_caribbean_stud_bonus(PLAIN, cards(hand), D(3), BET)
    assert (outcome.result, outcome.paid) == (Result.WIN, 3 * odds)


# --- the progressive and the Envy Bonus ------------------------------------------------------


def test_progressive_for_one_and_meter_payouts() -> None:
    quads = settle_progressive(PROGRESSIVE, cards("9c 9d 9h 9s 3d"), 1, BET, D(30_000))
    assert (quads.result, quads.paid, quads.stake_returned, quads.net) == (
        Result.WIN,
        500,
        False,
        499,
    )
    assert quads.provenance is Provenance.PROPERTY
    straight_flush = settle_progressive(PROGRESSIVE, cards("Tc 9c 8c 7c 6c"), 1, BET, D("41234.56"))
    assert straight_flush.is_meter_award
    assert (straight_flush.paid, straight_flush.exact) == (D("4123.45"), D("4123.456"))
    assert "rounded to the cent" in straight_flush.reason
    assert "documentation is complete" in straight_flush.reason
    with pytest.raises(ValueError, match="meter amount"):
        settle_progressive(PROGRESSIVE, cards("Tc 9c 8c 7c 6c"), 1, BET)


def test_a_property_may_round_a_meter_share_to_the_dollar() -> None:
    config = table(
        progressive={
            "minimum": 1,
            "maximum": 1,
            "rate_of_progression_percent": 20,
            "rows": [{"hand": "Straight flush", "odds": "10% of meter"}],
        },
        rules={"meter_payout_rounding": {"unit": "1", "mode": "down"}},
    )
    outcome = settle_progressive(config, cards("Tc 9c 8c 7c 6c"), 1, BET, D("41234.56"))
    assert outcome.paid == 4123


def test_a_progressive_loss_and_a_folded_progressive_hand() -> None:
    loss = settle_progressive(PROGRESSIVE, cards("Ac Ad Th 8h 3c"), 1, BET, D(30_000))
    assert (loss.result, loss.paid) == (Result.LOSE, 0)
    assert "already in the table inventory container" in loss.reason
    folded = settle_progressive(PROGRESSIVE, cards("7s 7d 7c Kc 2s"), 1, FOLD, D(30_000))
    assert (folded.result, folded.paid) == (Result.LOSE, 0)
    assert folded.citation.sections == ("639a.11(b)",)
    assert "even though the five cards make three sevens" in folded.reason


def test_envy_is_paid_to_other_bettors_for_a_straight_flush_or_better() -> None:
    assert envy_qualifies(PROGRESSIVE, cards("6h 7h 8h 9h Th")) is not None
    assert envy_qualifies(PROGRESSIVE, cards("9c 9d 9h 9s 3d")) is None
    assert envy_qualifies(PLAIN, cards("6h 7h 8h 9h Th")) is None
    hands = {
        6: cards("6h 7h 8h 9h Th"),
        5: cards("As Ks Qs Js Ts"),
        4: cards("Qc Qd 8s 4c 3c"),
        2: cards("Js Jd 6c 4d 2c"),
    }
    paid = settle_envy_bonuses(PROGRESSIVE, hands, [5, 4, 2])
    assert {seat: [(o.other_seat, o.paid) for o in outs] for seat, outs in paid.items()} == {
        5: [(6, 100)],
        4: [(6, 100), (5, 100)],
        2: [(6, 100), (5, 100)],
    }
    assert all(o.wager is W.ENVY_BONUS and o.stake == 0 for outs in paid.values() for o in outs)
    assert settle_envy_bonuses(PLAIN, hands, [4]) == {}


# --- one seat ---------------------------------------------------------------------------------


def test_settle_seat_lists_every_placed_wager() -> None:
    wagers = StudWagers(D(10), D(5), D(1))
    outcomes = settle_seat(
        PROGRESSIVE, cards("Qd Qs 9h 7c 3d"), cards("Kc Kh 8d 6s 2c"), wagers, BET, D(30_000)
    )
    assert [o.wager for o in outcomes] == [
        W.ANTE,
        W.BET,
        W.CARIBBEAN_STUD_BONUS,
        W.PROGRESSIVE,
    ]
    assert [o.result for o in outcomes] == [Result.LOSE, Result.LOSE, Result.WIN, Result.LOSE]
    folded = settle_seat(
        PROGRESSIVE, cards("Qd Qs 9h 7c 3d"), cards("Kc Kh 8d 6s 2c"), wagers, FOLD, D(30_000)
    )
    assert [o.wager for o in folded] == [W.ANTE, W.CARIBBEAN_STUD_BONUS, W.PROGRESSIVE]
    assert all(o.result is Result.LOSE for o in folded)
    with pytest.raises(ValueError, match="does not offer the Progressive Payout Wager"):
        settle_seat(PLAIN, cards("Qd Qs 9h 7c 3d"), cards("Kc Kh 8d 6s 2c"), wagers, BET)


def test_seat_wagers() -> None:
    wagers = StudWagers(D(10), D(5))
    assert wagers.bet(BET) == 20 and wagers.bet(FOLD) == 0
    assert wagers.placed(BET) == {W.ANTE: 10, W.BET: 20, W.CARIBBEAN_STUD_BONUS: 5}
    with pytest.raises(ValueError, match="Ante"):
        StudWagers(D(0))
    with pytest.raises(ValueError, match="negative"):
        StudWagers(D(10), D(-1))


# --- against an independent reading, over random deals --------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.permutations(STANDARD_CARDS), st.sampled_from([D(5), D(10), D("12.50"), D(100)]))
def test_random_deals_follow_the_rules(deck: list[Card], ante: Decimal) -> None:
    """§ 639a.2(b)(7): qualification; caribbean-stud.md § 4: the Ante and Bet table;
    § 3.1: the Bet paytable; § 639a.7(d)(3): the bonus."""
    player, dealer = tuple(deck[:5]), tuple(deck[5:10])
    show = showdown(player, dealer)
    ranks = {card.rank.value for card in dealer}
    qualifies = show.dealer.rank is not HandRank.HIGH_CARD or {"A", "K"} <= ranks
    assert show.dealer_qualifies is qualifies
    ante = settle_ante(PLAIN, show, ante, BET)
    bet = settle_bet(PLAIN, show, ante.stake, BET)
    assert bet is not None and bet.stake == 2 * ante.stake
    if not qualifies:
        assert (ante.paid, bet.result) == (ante.stake, Result.PUSH)
    elif show.player.strength > show.dealer.strength:
        assert ante.paid == ante.stake
        assert bet.paid == bet.stake * BET_ODDS[show.player.rank]
    elif show.player.strength == show.dealer.strength:
        assert ante.result is bet.result is Result.PUSH
    else:
        assert ante.result is bet.result is Result.LOSE
    bonus = settle_caribbean_stud_bonus(PLAIN, player, D(2), BET)
    rank = show.player.rank
    if rank in BONUS_ODDS:
        assert bonus.paid == 2 * BONUS_ODDS[rank]
    elif rank is HandRank.ONE_PAIR and show.player.cards[0].rank.value in "TJQKA":
        assert bonus.paid == 2
    else:
        assert bonus.result is Result.LOSE
