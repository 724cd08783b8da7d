"""Ultimate Texas Hold 'Em wager outcomes, per wager and per paytable, from the regulation text.

Each case is a hand a regulator could deal on a felt: the cards, the decision, the paytable the
property selected, and what the dealer must pay, with the section that says so.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from dealer_trainer.cards import parse_card
from dealer_trainer.games.five_card_hand_bonus import (
    LUCKY_BONUS_ODDS,
    MAGIC_CARD_ODDS,
    PAYTABLE,
    Award,
    BetOn,
    FchbPayout,
)
from dealer_trainer.games.uth.config import UthTableConfig, parse_uth_config
from dealer_trainer.games.uth.hands import Deal, hand_cards
from dealer_trainer.games.uth.outcomes import (
    FCHB_CARDS,
    Decision,
    InvalidDecision,
    Result,
    SeatWagers,
    Street,
    TableDraws,
    WagerOutcome,
    check_wagers,
    settle_five_card_hand_bonus,
    settle_play_the_board,
    settle_seat,
    settle_ultimate_pairs,
)
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.provenance import Provenance

D = Decimal


def table(rules: dict[str, Any] | None = None, **options: Any) -> UthTableConfig:
    """A Rules Submission with Blind A and whatever optional wagers are named."""
    data: dict[str, Any] = {
        "game": "Ultimate Texas Hold 'Em",
        "name": "test",
        "ante": {"minimum": 5, "maximum": 500},
        "blind": {"paytable": options.pop("blind", "A")},
    }
    for wager, letter in options.items():
        if wager == "five_card_hand_bonus":
            data[wager] = {
                "minimum": 1,
                "maximum": 5,
                "rate_of_progression_percent": 15,
                "meter_start": 10_000,
                **letter,
            }
        elif wager == "progressive":
            data[wager] = {"minimum": 1, "maximum": 5}
        else:
            data[wager] = {"paytable": letter, "minimum": 1, "maximum": 100}
    if rules:
        data["rules"] = rules
    return parse_uth_config(data, "test")


def by_wager(outcomes: tuple[WagerOutcome, ...]) -> dict[UthWager, WagerOutcome]:
    result: dict[UthWager, WagerOutcome] = {}
    for outcome in outcomes:
        assert outcome.wager not in result, f"{outcome.wager} settled twice"
        result[outcome.wager] = outcome
    return result


def settle(
    config: UthTableConfig, deal: Deal, decision: Decision, **stakes: int
) -> dict[UthWager, WagerOutcome]:
    ante = stakes.pop("ante", 5)
    wagers = SeatWagers(ante=D(ante), **{k: D(v) for k, v in stakes.items()})
    return by_wager(settle_seat(config, deal, wagers, decision))


def money(outcome: WagerOutcome) -> tuple[Result, Decimal, bool]:
    return outcome.result, outcome.paid, outcome.stake_returned


WIN, LOSE, PUSH = Result.WIN, Result.LOSE, Result.PUSH

# --- Ante, Play and Blind ----------------------------------------------------------------------


def test_player_flush_beats_qualifying_dealer() -> None:
    deal = Deal.parse("Ah 9h", "Kc Ks", "2h 7h Jh 4c 5d")
    out = settle(table(), deal, Decision.play(4))
    assert money(out[UthWager.ANTE]) == (WIN, D(5), True)
    assert money(out[UthWager.PLAY]) == (WIN, D(20), True)
    blind = out[UthWager.BLIND]
    assert money(blind) == (WIN, D("7.50"), True)
    assert blind.total_to_player == D("12.50")
    assert blind.odds == "3 to 2" and blind.citation.short == "§ 653a.12(b)"
    assert blind.provenance is Provenance.CODE
    assert "Blind Paytable A pays Flush 3 to 2: $5 at 3 to 2 wins $7.50" in blind.reason


def test_dealer_does_not_qualify_so_the_ante_pushes() -> None:
    deal = Deal.parse("Qc Qd", "9c 8d", "2h 5s Jh Kc 3d")  # dealer king high
    out = settle(table(), deal, Decision.play(2, Street.AFTER_FLOP))
    ante = out[UthWager.ANTE]
    assert money(ante) == (PUSH, D(0), True)
    assert "does not qualify (needs one pair or better)" in ante.reason
    assert ante.provenance is Provenance.STANDARD
    assert money(out[UthWager.PLAY]) == (WIN, D(10), True)
    assert money(out[UthWager.BLIND]) == (PUSH, D(0), True), "pair: below the Blind paytable"
    assert "Less than a straight: Push" in out[UthWager.BLIND].reason


def test_non_qualifying_dealer_who_still_wins_takes_play_and_blind() -> None:
    deal = Deal.parse("9c 8d", "Ac Qd", "2h 5s Jh Kc 3d")  # both high card, dealer higher
    out = settle(table(), deal, Decision.play(1))
    assert money(out[UthWager.ANTE]) == (PUSH, D(0), True)
    assert money(out[UthWager.PLAY]) == (LOSE, D(0), False)
    assert money(out[UthWager.BLIND]) == (LOSE, D(0), False)


def test_qualifying_dealer_wins_everything() -> None:
    deal = Deal.parse("Ac 2d", "Kc Kd", "Ks 9h 6c 4d Th")
    out = settle(table(), deal, Decision.play(3))
    assert {w: o.result for w, o in out.items()} == {
        UthWager.ANTE: LOSE,
        UthWager.BLIND: LOSE,
        UthWager.PLAY: LOSE,
    }


def test_a_tie_pushes_ante_blind_and_play() -> None:
    deal = Deal.parse("2c 3d", "2h 3s", "Ah Kd Qc Js Th")  # both play the board's straight
    out = settle(table(), deal, Decision.play(4))
    assert all(money(o) == (PUSH, D(0), True) for o in out.values())


def test_fold_forfeits_ante_and_blind_but_trips_stays_in_action() -> None:
    deal = Deal.parse("7c 7d", "Ac Ad", "7h 7s 2c 9d Kh")  # player folds four of a kind
    out = settle(table(trips="A"), deal, Decision.fold(), trips=10)
    assert money(out[UthWager.ANTE]) == (LOSE, D(0), False)
    assert money(out[UthWager.BLIND]) == (LOSE, D(0), False)
    assert UthWager.PLAY not in out
    trips = out[UthWager.TRIPS]
    assert money(trips) == (WIN, D(300), True)
    assert "§§ 653b.4(c), 653b.5(c)" in trips.reason


@pytest.mark.parametrize(("letter", "result", "paid"), [("A", WIN, D(5)), ("B", PUSH, D(0))])
def test_blind_on_a_straight_depends_on_the_paytable(
    letter: str, result: Result, paid: Decimal
) -> None:
    deal = Deal.parse("9c Td", "Kc Kd", "Jh Qs 8c 2d 3h")
    blind = settle(table(blind=letter), deal, Decision.play(4))[UthWager.BLIND]
    assert (blind.result, blind.paid) == (result, paid)


def test_blind_royal_flush_pays_500_to_1() -> None:
    deal = Deal.parse("Ah Kh", "2c 2d", "Qh Jh Th 3s 4c")
    blind = settle(table(), deal, Decision.play(4), ante=10)[UthWager.BLIND]
    assert money(blind) == (WIN, D(5000), True)


def test_blind_three_to_two_on_an_odd_stake_uses_the_configured_rounding() -> None:
    deal = Deal.parse("Ah 9h", "Kc Ks", "2h 7h Jh 4c 5d")
    exact = settle(table(), deal, Decision.play(4), ante=7)[UthWager.BLIND]
    assert exact.paid == D("10.50") and exact.exact == D("10.50")
    rounded_table = table(rules={"odd_payout_rounding": {"unit": "1", "mode": "down"}})
    rounded = settle(rounded_table, deal, Decision.play(4), ante=7)[UthWager.BLIND]
    assert rounded.paid == D(10) and rounded.exact == D("10.5")
    assert "($10.50 rounded down to a multiple of $1)" in rounded.reason


def test_play_multiples_are_checked_against_the_rules() -> None:
    deal = Deal.parse("Ah 9h", "Kc Ks", "2h 7h Jh 4c 5d")
    with pytest.raises(InvalidDecision, match="after the flop is 2x the Ante, not 3x"):
        settle(table(), deal, Decision.play(3, Street.AFTER_FLOP))
    relaxed = table(rules={"play_multiples_after_flop": [2, 3]})
    assert settle(relaxed, deal, Decision.play(3, Street.AFTER_FLOP))[UthWager.PLAY].paid == 15


def test_blind_must_equal_the_ante() -> None:
    deal = Deal.parse("Ah 9h", "Kc Ks", "2h 7h Jh 4c 5d")
    wagers = SeatWagers(ante=D(5), blind=D(10))
    with pytest.raises(ValueError, match="must equal the Ante"):
        settle_seat(table(), deal, wagers, Decision.play(4))


def test_a_wager_the_table_does_not_offer_is_refused() -> None:
    deal = Deal.parse("Ah 9h", "Kc Ks", "2h 7h Jh 4c 5d")
    with pytest.raises(ValueError, match="does not offer the Ultimate Pairs"):
        settle(table(), deal, Decision.play(4), ultimate_pairs=5)


def test_dealer_qualification_is_a_setting() -> None:
    deal = Deal.parse("Qc Qd", "9c 8d", "2h 5s Jh Kc 3d")
    always = table(rules={"dealer_qualifying_hand": "High card"})
    ante = settle(always, deal, Decision.play(4))[UthWager.ANTE]
    assert money(ante) == (WIN, D(5), True)


# --- Trips ------------------------------------------------------------------------------------


def test_trips_e_full_house_pays_7_to_1() -> None:
    deal = Deal.parse("Kc Kd", "Ac Ad", "Ks 4h 4c 9d 2s")  # player kings full beats two pair
    trips = settle(table(trips="E"), deal, Decision.play(4), trips=10)[UthWager.TRIPS]
    assert money(trips) == (WIN, D(70), True)
    assert trips.citation.short == "§ 653b.2(b)" and trips.provenance is Provenance.SEED
    assert "$10 at 7 to 1 wins $70" in trips.reason


@pytest.mark.parametrize(("letter", "paid"), [("A", 90), ("B", 80), ("C", 80), ("D", 70)])
def test_trips_full_house_on_tables_a_to_d(letter: str, paid: int) -> None:
    deal = Deal.parse("Kc Kd", "2c 3d", "Ks 4h 4c 9d Js")
    trips = settle(table(trips=letter), deal, Decision.play(4), trips=10)[UthWager.TRIPS]
    assert trips.paid == D(paid) and trips.citation.short == "§ 653a.12(c)"


def test_trips_pays_even_when_the_dealer_wins_and_loses_below_three_of_a_kind() -> None:
    deal = Deal.parse("Qc Qd", "Ac Ad", "Qs As 2c 9d 4h")  # player trips, dealer higher trips
    out = settle(table(trips="A"), deal, Decision.play(4), trips=5)
    assert out[UthWager.ANTE].result is LOSE
    assert money(out[UthWager.TRIPS]) == (WIN, D(15), True)
    pair = Deal.parse("Qc Qd", "Ac Ad", "3s 8s 2c 9d 4h")
    assert settle(table(trips="A"), pair, Decision.play(4), trips=5)[UthWager.TRIPS].result is LOSE


def test_trips_regardless_of_dealer_is_a_setting() -> None:
    deal = Deal.parse("Qc Qd", "Ac Ad", "Qs As 2c 9d 4h")
    strict = table(rules={"trips_pays_regardless_of_dealer": False}, trips="A")
    trips = settle(strict, deal, Decision.play(4), trips=5)[UthWager.TRIPS]
    assert trips.result is LOSE and trips.provenance is Provenance.PROPERTY


# --- Bad Beat bonus (Paytable C) ---------------------------------------------------------------


def test_bad_beat_c_pays_on_the_players_losing_hand() -> None:
    deal = Deal.parse("9c 9d", "Ts Js", "9h 9s 7s 8s 2d")  # quads lose to a straight flush
    out = settle(table(bad_beat="C"), deal, Decision.play(4), bad_beat=2)
    assert out[UthWager.ANTE].result is LOSE
    bad_beat = out[UthWager.BAD_BEAT]
    assert money(bad_beat) == (WIN, D(1000), True)
    assert bad_beat.odds == "500 to 1" and bad_beat.citation.short == "§ 653b.3(b)"


def test_bad_beat_loses_when_the_player_wins_or_folds() -> None:
    deal = Deal.parse("9c 9d", "Ts 2c", "9h 9s 7s 8s 2d")
    won = settle(table(bad_beat="C"), deal, Decision.play(4), bad_beat=2)[UthWager.BAD_BEAT]
    assert won.result is LOSE and "not beaten" in won.reason
    beaten = Deal.parse("9c 9d", "Ts Js", "9h 9s 7s 8s 2d")
    folded = settle(table(bad_beat="C"), beaten, Decision.fold(), bad_beat=2)[UthWager.BAD_BEAT]
    assert folded.result is LOSE and folded.provenance is Provenance.ANALOG


# --- Play the Board ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "letter", "paid", "row"),
    [
        ("Th Tc 4d 7s 2h", "A", 5, "Pair—10s or better"),  # a board pair of tens
        ("Ah Kh Qh Jh Th", "A", 5000, "Royal flush"),
        ("9h Tc Jd Qs Kh", "A", 125, "Straight"),
        ("9h Tc Jd Qs Kh", "C", 100, "Straight"),
        ("Th Tc Td 7s 2h", "A", 35, "Three of a kind"),
        ("Th Tc Td 7s 2h", "B", 30, "Three of a kind"),
        ("4h 4c 2d 2s 9h", "B", 15, "Two pair"),
    ],
)
def test_play_the_board_uses_the_community_cards_alone(
    board: str, letter: str, paid: int, row: str
) -> None:
    deal = Deal.parse("7c 8d", "3c 3d", board)
    outcome = settle_play_the_board(table(play_the_board=letter), deal, D(5))
    assert outcome.result is WIN and outcome.paid == D(paid)
    assert outcome.row is not None and outcome.row.label == row
    assert outcome.citation.short == "§ 653b.4(f)"


def test_play_the_board_loses_below_a_pair_of_tens_whatever_the_player_holds() -> None:
    deal = Deal.parse("9c 9d", "3c 3d", "9h 9s 4d 7s 2h")  # player quads, board a pair of 9s
    outcome = settle_play_the_board(table(play_the_board="A"), deal, D(5))
    assert outcome.result is LOSE and "§ 653b.4(e)" in outcome.reason


def test_play_the_board_stays_in_action_after_a_fold() -> None:
    deal = Deal.parse("2c 7d", "3c 3d", "Jh Js 4d 8s 9h")
    out = settle(table(play_the_board="B"), deal, Decision.fold(), play_the_board=5)
    assert money(out[UthWager.PLAY_THE_BOARD]) == (WIN, D(5), True)


# --- Ultimate Pairs ------------------------------------------------------------------------------

BOARD = "2s 7c 9d 4h 3c"


@pytest.mark.parametrize(
    ("letter", "player", "dealer", "paid", "row"),
    [
        ("F", "Ah Ad", "As Ac", 5000, "Ace/ace and dealer ace/ace"),
        ("F", "Ah Ad", "Ks Kc", 150, "Ace/ace"),
        ("A", "Ah Ad", "As Ac", 150, "Ace/ace"),  # dealer's aces count only on Paytable F
        ("C", "Ah Ad", "Ks Kc", 500, "Ace of hearts and ace of diamonds"),
        ("D", "Ah Ad", "Ks Kc", 250, "Ace of hearts and ace of diamonds"),
        ("E", "Ah Ad", "Ks Kc", 125, "Ace/ace"),
        ("C", "Ah As", "Ks Kc", 150, "Ace/ace"),
        ("A", "Ah Kh", "Ks Kc", 125, "Ace/king (suited)"),
        ("A", "Ah Kd", "Ks Kc", 75, "Ace/king"),
        ("B", "Ac Jc", "Ks Kc", 100, "Ace/queen (suited) or ace/jack (suited)"),
        ("A", "Kh Kd", "Qs Jc", 50, "King/king, queen/queen or jack/jack"),
        ("B", "Kh Kd", "Qs Jc", 25, "King/king, queen/queen or jack/jack"),
        ("B", "Ah Qd", "Ks Kc", 50, "Ace/queen or ace/jack"),
        ("A", "Ah Qd", "Ks Kc", 25, "Ace/queen or ace/jack"),
        ("A", "Th Td", "Ks Kc", 15, "Pair—10s or less"),
        ("C", "2h 2d", "Ks Kc", 20, "Pair—10s or less"),
    ],
)
def test_ultimate_pairs(letter: str, player: str, dealer: str, paid: int, row: str) -> None:
    deal = Deal.parse(player, dealer, "5s 7c 9d 4h 3c" if "2" in player else BOARD)
    outcome = settle_ultimate_pairs(table(ultimate_pairs=letter), deal, D(5))
    assert outcome.result is WIN
    assert outcome.paid == D(paid)
    assert outcome.row is not None and outcome.row.label == row
    assert "653b.5(f)" in outcome.citation.sections


def test_ultimate_pairs_f_top_award_names_the_dealers_cards() -> None:
    deal = Deal.parse("Ah Ad", "As Ac", BOARD)
    outcome = settle_ultimate_pairs(table(ultimate_pairs="F"), deal, D(5))
    assert outcome.total_to_player == D(5005)
    assert outcome.citation.short == "§§ 653b.5(e), 653b.5(f)"
    assert "and the dealer A♠ A♣" in outcome.reason


@pytest.mark.parametrize("player", ["Kh Qd", "Ah Td", "9c 8c"])
def test_ultimate_pairs_loses_without_a_listed_combination(player: str) -> None:
    deal = Deal.parse(player, "As Ac", BOARD)
    assert settle_ultimate_pairs(table(ultimate_pairs="F"), deal, D(5)).result is LOSE


def test_ultimate_pairs_stays_in_action_after_a_fold() -> None:
    deal = Deal.parse("Ah Kh", "As Ac", "Ad Ks Kc 4h 3c")
    out = settle(table(ultimate_pairs="A"), deal, Decision.fold(), ultimate_pairs=5)
    assert money(out[UthWager.ULTIMATE_PAIRS]) == (WIN, D(125), True)


# --- Five Card Hand Bonus, Magic Card, Lucky Bonus (the shared module's) ------------------------

FCHB = {"five_card_hand_bonus": {"magic_card_bonus": True, "lucky_bonus": True}}


def fchb(
    deal: Deal,
    bet_on: BetOn = BetOn.PLAYER,
    stake: int = 5,
    draws: TableDraws | None = None,
    config: UthTableConfig | None = None,
    decision: Decision | None = None,
    seat: int = 1,
    dealer_hand_bettors: int = 1,
) -> dict[Award, FchbPayout]:
    """The awards ``bet_on``'s Five Card Hand Bonus wins (none for a lost or forfeited one)."""
    settled = settle_five_card_hand_bonus(
        config or table(**FCHB),
        deal,
        {bet_on: D(stake)},
        decision or Decision.play(4),
        draws or TableDraws(meter=D(20_000)),
        seat,
        dealer_hand_bettors,
    )
    return {p.award: p for s in settled for p in s.payouts}


def test_fchb_uses_the_two_cards_and_the_flop_only() -> None:
    deal = Deal.parse("Ah Kh", "2c 3c", "Qh Jh 2s 3d Th")  # royal flush made on the river
    assert hand_cards(FCHB_CARDS, deal) == deal.player + deal.flop
    config = table(**FCHB)
    stakes = {BetOn.PLAYER: D(5)}
    (bonus,) = settle_five_card_hand_bonus(
        config, deal, stakes, Decision.play(4), TableDraws(meter=D(20_000)), 1
    )
    assert bonus.hand.rank is HandRank.HIGH_CARD and not bonus.won
    trips = settle(table(trips="A"), deal, Decision.play(4), trips=5)[UthWager.TRIPS]
    assert trips.row is not None and trips.row.hand is HandRank.ROYAL_FLUSH, "Trips uses all 7"


@pytest.mark.parametrize(
    ("player", "flop", "stake", "paid", "odds"),
    [
        ("Ah 9h", "2h 7h Jh", 5, 250, "50 for 1"),
        ("Kc Kd", "Ks 4h 4c", 5, 500, "100 for 1"),
        ("9c 9d", "9h 9s 2d", 1, 500, "500 for 1"),
        ("9h Th", "Jh Qh Kh", 1, 2000, "10% of meter"),
        ("Ah Kh", "Qh Jh Th", 1, 20_000, "100% of meter"),
    ],
)
def test_fchb_paytable(player: str, flop: str, stake: int, paid: int, odds: str) -> None:
    deal = Deal.parse(player, "2c 3c", f"{flop} 5d 6s")
    bonus = fchb(deal, stake=stake)[Award.FIVE_CARD_HAND_BONUS]
    assert (bonus.paid, str(bonus.odds)) == (D(paid), odds)
    assert bonus.citation.startswith("§ 653a.12; § 639a.12(e)(1)"), "own, then 639a"
    assert "by analogy" not in bonus.citation


def test_fchb_four_of_a_kind_is_499_to_1_net_for_a_dollar() -> None:
    (bonus,) = settle_five_card_hand_bonus(
        table(**FCHB),
        Deal.parse("9c 9d", "2c 3c", "9h 9s 2d 5d 6s"),
        {BetOn.PLAYER: D(1)},
        Decision.play(4),
        TableDraws(meter=D(20_000)),
        1,
    )
    assert bonus.total - bonus.stake == D(499), "500 for 1 includes the electronic stake"


def test_dealer_hand_royal_is_shared_equally_among_dealer_hand_bettors() -> None:
    deal = Deal.parse("2c 3c", "Ah Kh", "Qh Jh Th 5d 6s")
    draws = TableDraws(meter=D(30_000))
    bonus = fchb(deal, BetOn.DEALER, stake=1, draws=draws, dealer_hand_bettors=3)
    award = bonus[Award.FIVE_CARD_HAND_BONUS]
    assert (award.paid, award.bet_on) == (D(10_000), BetOn.DEALER)
    assert award.is_meter_award and award.spot(3).label == "Five Card Hand Bonus (dealer's hand)"
    assert "100% of meter of $30,000, divided equally among the 3 players" in award.reason


def test_meter_award_needs_the_meter() -> None:
    deal = Deal.parse("Ah Kh", "2c 3c", "Qh Jh Th 5d 6s")
    with pytest.raises(ValueError, match="meter amount is needed"):
        fchb(deal, draws=TableDraws())
    flush = Deal.parse("Ah 9h", "2c 3c", "2h 7h Jh 5d 6s")
    assert fchb(flush, draws=TableDraws())[Award.FIVE_CARD_HAND_BONUS].paid == D(250)


def test_magic_card_and_lucky_bonus() -> None:
    deal = Deal.parse("Ah 9c", "2c 3c", "Kd 7h Jh 5d 6s")
    draws = TableDraws(magic_card=parse_card("Kd"), lucky_seat=4)
    out = fchb(deal, draws=draws, seat=4)
    assert Award.FIVE_CARD_HAND_BONUS not in out, "lost: an electronic wager needs no step"
    assert out[Award.MAGIC_CARD_BONUS].paid == D(100)
    assert out[Award.LUCKY_BONUS].paid == D(25)
    assert str(out[Award.LUCKY_BONUS].odds) == "5 for 1"
    assert out[Award.MAGIC_CARD_BONUS].citation == ("§ 653a.1; § 653a.12; § 639a.12(e)(3)")
    elsewhere = fchb(deal, draws=TableDraws(magic_card=parse_card("5d"), lucky_seat=2), seat=4)
    assert elsewhere == {}, "turn card and another seat"
    own_cards_only = table(rules={"magic_card_matches": "two cards"}, **FCHB)
    assert fchb(deal, draws=draws, config=own_cards_only, seat=3) == {}
    mine = TableDraws(magic_card=parse_card("9c"))
    match = fchb(deal, draws=mine, config=own_cards_only)[Award.MAGIC_CARD_BONUS]
    assert "in the player's two cards" in match.reason


def test_lucky_bonus_on_the_dealer_position() -> None:
    deal = Deal.parse("Ah 9c", "2c 3c", "Kd 7h Jh 5d 6s")
    out = fchb(deal, BetOn.DEALER, draws=TableDraws(lucky_dealer=True), seat=4)
    assert out[Award.LUCKY_BONUS].paid == D(25)
    assert fchb(deal, draws=TableDraws(lucky_dealer=True), seat=4) == {}


def test_bonus_awards_are_not_paid_where_the_table_does_not_offer_them() -> None:
    deal = Deal.parse("Ah 9c", "2c 3c", "Kd 7h Jh 5d 6s")
    plain = table(five_card_hand_bonus={})
    out = fchb(deal, config=plain, draws=TableDraws(magic_card=parse_card("Ah"), lucky_seat=1))
    assert out == {}


def test_fchb_stays_in_action_after_a_fold_unless_the_property_says_otherwise() -> None:
    deal = Deal.parse("Ah 9h", "2c 3c", "2h 7h Jh 5d 6s")
    assert fchb(deal, decision=Decision.fold())[Award.FIVE_CARD_HAND_BONUS].paid == D(250)
    strict = table(rules={"five_card_hand_bonus_on_fold": "forfeited"}, **FCHB)
    assert fchb(deal, config=strict, decision=Decision.fold()) == {}
    dealer_hand = Deal.parse("2c 3c", "Ah 9h", "2h 7h Jh 5d 6s")
    kept = fchb(dealer_hand, BetOn.DEALER, config=strict, decision=Decision.fold())
    assert kept[Award.FIVE_CARD_HAND_BONUS].paid == D(250), "the dealer's hand is not forfeited"


def test_fchb_on_both_hands_player_first() -> None:
    deal = Deal.parse("Ah 9h", "Kh Qh", "2h 7h Jh 5d 6s")
    wagers = SeatWagers(ante=D(5), five_card_hand_bonus=D(1), five_card_hand_bonus_dealer=D(1))
    settled = settle_five_card_hand_bonus(
        table(**FCHB), deal, wagers.fchb_stakes(), Decision.play(4), TableDraws(), 1
    )
    assert [(s.bet_on, s.total) for s in settled] == [(BetOn.PLAYER, D(50)), (BetOn.DEALER, D(50))]
    assert all(
        o.wager in UthWager for o in settle_seat(table(**FCHB), deal, wagers, Decision.play(4))
    )


def test_fchb_on_a_hand_the_table_does_not_offer_is_refused() -> None:
    deal = Deal.parse("Ah 9h", "Kh Qh", "2h 7h Jh 5d 6s")
    player_only = table(five_card_hand_bonus={"bet_on": ["player's hand"]})
    with pytest.raises(ValueError, match="does not offer the Five Card Hand Bonus on the dealer"):
        fchb(deal, BetOn.DEALER, config=player_only)
    with pytest.raises(ValueError, match="does not offer the Five Card Hand Bonus"):
        fchb(deal, config=table())


def test_the_signs_print_the_paytable_the_shared_module_pays() -> None:
    """The trainee reads the catalogue's placards (rules/data); the shared module pays."""
    config = table(**FCHB)
    rows = config.paytable(UthWager.FIVE_CARD_HAND_BONUS).rows
    signed = [(row.hand, str(row.odds)) for row in rows]
    assert signed == [(row.hand, str(row.odds)) for row in PAYTABLE]
    magic = config.paytable(UthWager.MAGIC_CARD_BONUS).rows
    lucky = config.paytable(UthWager.LUCKY_BONUS).rows
    assert [str(r.odds) for r in (*magic, *lucky)] == [str(MAGIC_CARD_ODDS), str(LUCKY_BONUS_ODDS)]


def test_a_round_checks_its_five_card_hand_bonus_wagers_as_every_game_does() -> None:
    """Offered on that hand and within the table's limits (the shared ``check_wagers``)."""
    deal = Deal.parse("Ah 9h", "Kh Qh", "2h 7h Jh 5d 6s")

    def round_with(config: UthTableConfig, **stakes: int) -> UthRound:
        wagers = SeatWagers(ante=D(5), **{k: D(v) for k, v in stakes.items()})
        play = SeatPlay(2, deal.player, wagers, Decision.play(4))
        return UthRound(config, deal.dealer, deal.board, (play,), TableDraws(meter=D(10_000)))

    config = table(**FCHB)
    assert round_with(config, five_card_hand_bonus=5).dealer_hand_bettors == 0
    with pytest.raises(ValueError, match=r"seat 2: the Five Card Hand Bonus of \$6 is outside"):
        round_with(config, five_card_hand_bonus=6)
    player_only = table(five_card_hand_bonus={"bet_on": ["player's hand"]})
    with pytest.raises(ValueError, match="does not offer the Five Card Hand Bonus on the dealer"):
        round_with(player_only, five_card_hand_bonus_dealer=1)
    settled = round_with(config, five_card_hand_bonus_dealer=1)
    (bonus,) = settled.five_card_hand_bonus(settled.seats[0])
    assert (bonus.bet_on, bonus.total) == (BetOn.DEALER, D(50))


def test_check_wagers_reports_table_limits() -> None:
    config = table(trips="A")
    assert check_wagers(config, SeatWagers(ante=D(5), trips=D(5))) == ()
    problems = check_wagers(config, SeatWagers(ante=D(1000), trips=D(500)))
    assert problems == (
        "the Ante of $1,000 is outside the table limits $5–$500",
        "the Trips of $500 is outside the table limits $1–$100",
    )
