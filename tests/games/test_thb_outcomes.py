"""Texas Hold 'Em Bonus Poker wager outcomes on hand-picked deals, each amount worked out from
the paytable by hand, and the settings the chapter leaves open."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig, parse_thb_config
from dealer_trainer.games.texas_holdem_bonus.hands import Deal, bonus_classes
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    Decision,
    Result,
    SeatWagers,
    WagerOutcome,
    settle_seat,
)
from dealer_trainer.games.texas_holdem_bonus.scenario import parse_decision
from dealer_trainer.games.texas_holdem_bonus.wagers import BonusHand, ThbWager

D = Decimal
BASE = {
    "game": "Texas Hold 'Em Bonus Poker",
    "name": "test table",
    "ante": {"minimum": 10, "maximum": 500},
    "bonus": {"paytable": "A", "minimum": 5, "maximum": 100},
}


def table(**extra: object) -> ThbTableConfig:
    return parse_thb_config({**BASE, **extra}, "test.toml")


def by_wager(outcomes: tuple[WagerOutcome, ...]) -> dict[ThbWager, WagerOutcome]:
    return {o.wager: o for o in outcomes}


TIE = Deal.parse("As Ad", "Ah Ac", "Kd 9c 7s 4h 2d")


def test_a_tie_pushes_by_default_and_loses_where_the_dealer_wins_ties() -> None:
    everything = Decision.play(turn=True, river=True)
    pushed = by_wager(settle_seat(table(), TIE, SeatWagers(ante=D(10)), everything))
    assert {o.result for o in pushed.values()} == {Result.PUSH}
    strict = table(rules={"tie_pushes": False})
    lost = by_wager(settle_seat(strict, TIE, SeatWagers(ante=D(10)), everything))
    assert [o.result for o in lost.values()] == [Result.LOSE] * 4
    assert lost[ThbWager.FLOP].net == D(-20)
    assert "dealer wins ties" in lost[ThbWager.ANTE].reason


def test_the_ante_pays_from_the_hand_the_rules_submission_names() -> None:
    straight = Deal.parse("Kd Qc", "Ah Ac", "Jd Ts 9c 4h 2s")
    decision = Decision.play()
    default = by_wager(settle_seat(table(), straight, SeatWagers(ante=D(10)), decision))
    assert default[ThbWager.ANTE].result is Result.WIN and default[ThbWager.ANTE].paid == D(10)
    flush_table = table(rules={"ante_pays_from": "Flush"})
    at_flush = by_wager(settle_seat(flush_table, straight, SeatWagers(ante=D(10)), decision))
    assert at_flush[ThbWager.ANTE].result is Result.PUSH
    assert at_flush[ThbWager.FLOP].paid == D(20)


def test_the_payout_limit_cuts_the_wins_in_settlement_order() -> None:
    """Kings full on a $100 Ante wins Ante $100, Flop $200, Turn $100 and River $100 ($500);
    K-K on Paytable A pays the $100 Bonus 10 to 1, $1,000. A $600 limit leaves the base wagers
    whole and $100 for the Bonus; limited to the Bonus alone, the Bonus is paid $600."""
    deal = Deal.parse("Kd Ks", "9c 9d", "Kc 7h 7s 3d 2c")
    limited = table(payout_limit=600)
    wagers = SeatWagers(ante=D(100), bonus=D(100))
    outcomes = by_wager(settle_seat(limited, deal, wagers, Decision.play(turn=True, river=True)))
    assert [outcomes[w].paid for w in (ThbWager.ANTE, ThbWager.FLOP)] == [D(100), D(200)]
    assert outcomes[ThbWager.RIVER].paid == D(100)
    assert outcomes[ThbWager.BONUS].paid == D(100) and outcomes[ThbWager.BONUS].stake_returned
    assert "payout limit of $600" in outcomes[ThbWager.BONUS].reason
    only_bonus = table(payout_limit=600, payout_limit_wagers=["Bonus"])
    cut = by_wager(settle_seat(only_bonus, deal, wagers, Decision.play(turn=True, river=True)))
    assert cut[ThbWager.BONUS].paid == D(600) and cut[ThbWager.FLOP].paid == D(200)


def test_a_folded_bonus_stays_in_action_where_the_rules_keep_it() -> None:
    deal = Deal.parse("2c 2d", "Ks Qd", "9h 8c 5d 4s 3h")
    kept = table(rules={"bonus_on_fold": "stays in action until settled"})
    outcomes = by_wager(
        settle_seat(kept, deal, SeatWagers(ante=D(10), bonus=D(5)), Decision.fold())
    )
    assert outcomes[ThbWager.ANTE].result is Result.LOSE
    assert outcomes[ThbWager.BONUS].paid == D(15)
    assert ThbWager.FLOP not in outcomes


@pytest.mark.parametrize(
    ("player", "dealer", "row"),
    [
        ("As Ad", "Ah Ac", BonusHand.PLAYER_AND_DEALER_ACES),
        ("As Ad", "Kh Kc", BonusHand.ACES),
        ("Ah Kh", "", BonusHand.ACE_KING_SUITED),
        ("Ah Jh", "", BonusHand.ACE_QUEEN_OR_JACK_SUITED),
        ("Ah Kd", "", BonusHand.ACE_KING),
        ("Jh Jd", "", BonusHand.KINGS_QUEENS_OR_JACKS),
        ("Ac Qd", "", BonusHand.ACE_QUEEN_OR_JACK),
        ("Th Td", "", BonusHand.TENS_OR_LESS),
        ("2h 2d", "", BonusHand.TENS_OR_LESS),
    ],
)
def test_each_two_card_holding_reads_as_its_bonus_row_first(
    player: str, dealer: str, row: BonusHand
) -> None:
    assert bonus_classes(parse_cards(player), parse_cards(dealer) if dealer else ())[0] is row


def test_non_winning_holdings_have_no_bonus_row() -> None:
    assert bonus_classes(parse_cards("Kh Qh")) == ()
    assert bonus_classes(parse_cards("Ah Th")) == ()


@pytest.mark.parametrize("text", ["raise", "turn river", "fold turn", "flop 2x"])
def test_a_decision_the_game_has_not_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(ValueError, match="write fold, or flop"):
        parse_decision(text)


def test_the_deal_shows_each_street_wager_when_it_is_made() -> None:
    """Decisions name the wager they place, so the felt shows the Flop Wager at the Flop
    decision and the River Wager only at the river decision, and a check or fold places none."""
    from dealer_trainer.engine.dealing import DealEventKind
    from dealer_trainer.games.texas_holdem_bonus.dealing import dealing_sequence
    from dealer_trainer.games.texas_holdem_bonus.round import SeatPlay, ThbRound

    config = table()
    seats = (
        SeatPlay(2, tuple(parse_cards("2c 7d")), SeatWagers(ante=D(10)), Decision.fold()),  # type: ignore[arg-type]
        SeatPlay(
            4,
            tuple(parse_cards("Qc 7h")),
            SeatWagers(ante=D(10)),
            Decision.play(river=True),  # type: ignore[arg-type]
        ),
    )
    round_ = ThbRound(
        config,
        tuple(parse_cards("Kc 5c")),  # type: ignore[arg-type]
        tuple(parse_cards("Qd 4s 9h 2h 3h")),  # type: ignore[arg-type]
        seats,
    )
    events = dealing_sequence(round_)
    placed = [(e.seat, e.wager) for e in events if e.kind is DealEventKind.DECISION]
    assert placed == [
        (2, None),
        (4, ThbWager.FLOP),
        (4, None),
        (4, ThbWager.RIVER),
    ]
    texts = [e.text for e in events if e.kind is DealEventKind.TURN_RIVER]
    assert texts == ["Turn card: 2♥", "River card: 3♥"]
