"""Three Card Poker hands, outcomes, rounds and dealing: qualification, the community cards'
rules from seed 000's preamble, Envy Bonuses, reproducible random rounds, and a place on the
layout for everything a procedure names."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.cards import Deck, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config
from dealer_trainer.games.three_card_poker.dealing import (
    cards_in_dealing_order,
    deal_three_card_round,
    decide,
    three_card_dealing_sequence,
)
from dealer_trainer.games.three_card_poker.hands import dealer_qualifies, three_card_hand
from dealer_trainer.games.three_card_poker.outcomes import (
    Result,
    ThreeCardWagers,
    settle_envy_bonuses,
    settle_progressive,
)
from dealer_trainer.games.three_card_poker.round import ThreeCardRound, ThreeCardSeatPlay
from dealer_trainer.games.three_card_poker.wagers import (
    DealerQualifier,
    ThreeCardDecision,
    ThreeCardWager,
)
from dealer_trainer.layout import game_layout
from dealer_trainer.practice.rounds import deal, load_round, practice_tables
from dealer_trainer.resources import shipped_tables

D = Decimal
ROOT = Path(__file__).resolve().parents[3]
TABLES = shipped_tables()
GOLDEN = sorted((ROOT / "tests" / "golden" / "three_card_poker").glob("*.toml"))
FIVE = TABLES / "three_card_poker_five_card_bonus.toml"
PLAIN = TABLES / "three_card_poker_plain.toml"


@pytest.mark.parametrize(
    ("cards", "rule", "qualifies"),
    [
        ("Qs 3d 2c", DealerQualifier.QUEEN_HIGH, True),
        ("Jh Td 8c", DealerQualifier.QUEEN_HIGH, False),
        ("Jh Td 8c", DealerQualifier.JACK_HIGH, True),
        ("Qs Jd 9c", DealerQualifier.KING_HIGH, False),
        ("2s 2d 3c", DealerQualifier.ACE_HIGH, True),
        ("Ah 2d 3c", DealerQualifier.ACE_HIGH, True),
    ],
)
def test_dealer_qualification(cards: str, rule: DealerQualifier, qualifies: bool) -> None:
    assert dealer_qualifies(three_card_hand(parse_cards(cards)), rule) is qualifies


def test_the_queen_six_four_strategy() -> None:
    assert decide(parse_cards("Qc 6d 4h")) is ThreeCardDecision.PLAY
    assert decide(parse_cards("Qc 6d 3h")) is ThreeCardDecision.FOLD
    assert decide(parse_cards("2c 2d 3h")) is ThreeCardDecision.PLAY


def _seat(seat: int, cards: str, **wagers: str) -> ThreeCardSeatPlay:
    amounts = {key: D(value) for key, value in wagers.items()}
    return ThreeCardSeatPlay(
        seat, parse_cards(cards), ThreeCardWagers(D(10), **amounts), ThreeCardDecision.PLAY
    )


def test_community_cards_only_when_a_five_card_wager_calls_for_them() -> None:
    plain = load_three_card_poker_config(PLAIN)
    with pytest.raises(ValueError, match="no community cards"):
        ThreeCardRound(
            plain, parse_cards("Kh 9d 2c"), (_seat(1, "As 4d 3c"),), parse_cards("7s 8s")
        )
    five = load_three_card_poker_config(FIVE)
    with pytest.raises(ValueError, match="two community cards"):
        ThreeCardRound(five, parse_cards("Kh 9d 2c"), (_seat(1, "As 4d 3c"),))
    with pytest.raises(ValueError, match="dealt twice"):
        ThreeCardRound(five, parse_cards("Kh 9d 2c"), (_seat(1, "As 4d 3c"),), parse_cards("Kh 8s"))


def test_the_five_card_progressive_counts_the_community_cards_and_nothing_else() -> None:
    five = load_three_card_poker_config(FIVE)
    wager = ThreeCardWager.FIVE_CARD_PROGRESSIVE
    cards, community = parse_cards("9s 8s 7s"), parse_cards("6s 5s")
    outcome = settle_progressive(
        five, wager, cards, community, D(1), ThreeCardDecision.PLAY, D(40000)
    )
    assert outcome.result is Result.WIN and outcome.paid == D(4000)
    assert outcome.is_meter_award and outcome.needs_floorperson
    folded = settle_progressive(five, wager, cards, community, D(1), ThreeCardDecision.FOLD, D(1))
    assert folded.result is Result.LOSE and folded.paid == 0


def test_an_envy_bonus_is_never_paid_for_the_players_own_hand() -> None:
    config = load_three_card_poker_config(TABLES / "three_card_poker_progressive_envy.toml")
    royal = three_card_hand(parse_cards("As Ks Qs"))
    other = three_card_hand(parse_cards("Ad Kd Qd"))
    pair = three_card_hand(parse_cards("9c 9h 2d"))
    paid = settle_envy_bonuses(
        config, ThreeCardWager.PROGRESSIVE, {6: royal, 4: other, 2: pair}, [6, 4, 2]
    )
    assert {seat: [o.other_seat for o in outs] for seat, outs in paid.items()} == {
        6: [4],
        4: [6],
        2: [6, 4],
    }
    assert all(o.paid == D(50) for outs in paid.values() for o in outs)


@pytest.mark.parametrize("seed", range(12))
def test_random_rounds_are_reproducible_and_dealt_off_the_deck(seed: int) -> None:
    config = load_three_card_poker_config(FIVE)
    round_ = deal_three_card_round(config, seed)
    assert round_ == deal_three_card_round(config, seed)
    order = cards_in_dealing_order(round_)
    assert order == Deck(seed).deal(len(order))
    assert len(round_.community) == 2
    events = three_card_dealing_sequence(round_)
    dealt = [e for e in events if e.cards and e.kind.name == "DEAL_CARD"]
    assert all(not e.face_up for e in dealt)
    assert sum(1 for e in dealt if "Community" in e.text) == 2


def test_every_procedure_spot_and_wager_has_a_place_on_the_layout() -> None:
    layout = game_layout("Three Card Poker")
    seats = {name for spot in layout.spots for name in spot.spots}
    dealer = {name for spot in layout.dealer_spots for name in spot.spots}
    rounds = [load_round(path) for path in GOLDEN]
    for table in practice_tables():
        if table.game == "Three Card Poker":
            rounds += [deal(table, seed) for seed in range(60)]
    seen: set[str] = set()
    for round_ in rounds:
        for step in round_.procedure:
            spot = step.spot.spot.name
            seen.add(spot)
            assert spot in (dealer if step.seat == DEALER else seats), step.describe()
        setup = round_.setup
        for seat in setup.seats:
            layout.seat_place(seat.seat)
            assert {s.spot.name for s in (*seat.stakes, *seat.electronic)} <= seats
        assert {m.key for m in setup.meters} <= dealer
        assert {s.name for s in setup.offered_spots} <= seats | dealer
    assert {
        "envy_bonus@seat",
        "five_card_envy_bonus@seat",
        "five_card_envy_hand",
        "five_card_hand_bonus_meter",
        "progressive_meter",
    } <= seen
