"""Let It Ride outcomes, hands and dealing, checked against amounts worked out by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.cards import Deck, parse_cards
from dealer_trainer.engine.dealing import DealEventKind
from dealer_trainer.games.let_it_ride.config import load_let_it_ride_config
from dealer_trainer.games.let_it_ride.dealing import (
    cards_in_dealing_order,
    deal_let_it_ride_round,
    decide,
    let_it_ride_dealing_sequence,
)
from dealer_trainer.games.let_it_ride.hands import three_card_hand, three_card_rows
from dealer_trainer.games.let_it_ride.outcomes import (
    Decision,
    InvalidDecision,
    Result,
    settle_bonus,
    settle_let_it_ride,
    settle_progressive,
)
from dealer_trainer.games.let_it_ride.wagers import LetItRideWager, ThreeCardHand
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
D = Decimal
W1, W2, W3 = LetItRideWager.WAGER_1, LetItRideWager.WAGER_2, LetItRideWager.WAGER_3


def test_decisions_read_and_refuse_the_third_wager() -> None:
    assert Decision.parse("Withdraw 1 and 2") == Decision(True, True)
    assert Decision.parse("pull 2") == Decision(False, True)
    assert Decision.parse("let it ride").riding() == (W1, W2, W3)
    with pytest.raises(InvalidDecision, match="third"):
        Decision.parse("withdraw 3")
    with pytest.raises(InvalidDecision):
        Decision.parse("fold")


def test_a_pair_of_nines_loses_and_a_pair_of_tens_pays() -> None:
    config = load_let_it_ride_config(TABLES / "let_it_ride_plain.toml")
    lose = settle_let_it_ride(config, parse_cards("9s 9d 5h"), parse_cards("Kc 3d"), {W3: D(5)})
    assert [(o.result, o.paid) for o in lose] == [(Result.LOSE, D(0))]
    win = settle_let_it_ride(config, parse_cards("Ts Td 5h"), parse_cards("Kc 3d"), {W3: D(5)})
    assert [(o.result, o.paid, o.stake_returned) for o in win] == [(Result.WIN, D(5), True)]


def test_the_limit_caps_the_hand_total_and_is_cited() -> None:
    config = load_let_it_ride_config(TABLES / "let_it_ride_all_bonuses.toml")
    cards, community = parse_cards("Ah Kh Qh"), parse_cards("Jh Th")
    outcomes = settle_let_it_ride(config, cards, community, {W1: D(30), W2: D(30), W3: D(30)})
    assert [o.paid for o in outcomes] == [D(30_000), D(20_000), D(0)]
    assert [o.uncapped for o in outcomes] == [D(30_000)] * 3
    assert outcomes[2].result is Result.PUSH and outcomes[2].capped
    assert all("643a.12(g)" in o.citation.sections for o in outcomes)
    bonus = settle_bonus(config, LetItRideWager.FIVE_CARD_BONUS, cards, community, D(100))
    assert bonus.paid == D(200_000) and not bonus.capped
    assert "may not apply to the Five Card Bonus" in bonus.reason


def test_the_progressive_pays_for_one_or_a_rounded_share_of_the_meter() -> None:
    config = load_let_it_ride_config(TABLES / "let_it_ride_progressive_envy.toml")
    quads = settle_progressive(config, parse_cards("7d 7c 2s"), parse_cards("7s 7h"), D(1))
    assert (quads.paid, quads.stake_returned) == (D(500), False)
    flush = settle_progressive(
        config, parse_cards("Td Jd Qd"), parse_cards("8d 9d"), D(1), D("20000.05")
    )
    assert flush.paid == D("2000.00") and flush.is_meter_award
    pair = settle_progressive(config, parse_cards("Kd Kc 9h"), parse_cards("7s 2h"), D(1))
    assert pair.result is Result.LOSE


@pytest.mark.parametrize(
    ("cards", "row"),
    [
        ("Qs Ks As", ThreeCardHand.MINI_ROYAL),
        ("As 2s 3s", ThreeCardHand.STRAIGHT_FLUSH),
        ("Qh Kd As", ThreeCardHand.STRAIGHT),
        ("2h 7h Jh", ThreeCardHand.FLUSH),
        ("2h 2d Jh", ThreeCardHand.PAIR),
    ],
)
def test_three_card_rows(cards: str, row: ThreeCardHand) -> None:
    assert row in three_card_rows(three_card_hand(parse_cards(cards)))


def test_a_dealt_round_is_the_deck_in_dealing_order_and_reproducible() -> None:
    config = load_let_it_ride_config(TABLES / "let_it_ride_all_bonuses.toml")
    round_ = deal_let_it_ride_round(config, 11, (2, 5, 7))
    assert round_ == deal_let_it_ride_round(config, 11, (2, 5, 7))
    order = cards_in_dealing_order(round_)
    assert order == Deck(11).deal(len(order))
    events = let_it_ride_dealing_sequence(round_)
    kinds = [e.kind for e in events]
    assert kinds.count(DealEventKind.DECISION) == 6
    community = [e for e in events if e.kind is DealEventKind.DEAL_CARD and e.seat == 0]
    assert [e.cards[0] for e in community] == list(round_.community)
    assert all(e.face_up for e in community)
    assert round_.burn not in {c for e in events for c in e.cards}


def test_the_simulated_player_rides_a_paying_hand_and_withdraws_nothing() -> None:
    assert decide(parse_cards("Ts Td 4c"), parse_cards("2h 3d")) == Decision(False, False)
    assert decide(parse_cards("2s 7d Jc"), parse_cards("4h 9d")) == Decision(True, True)
    assert decide(parse_cards("9h Th Jh"), parse_cards("2c 4d")) == Decision(False, True)
