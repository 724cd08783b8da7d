"""Four Card Poker outcomes, one wager at a time, against amounts worked out by hand.

Ante and Play pay 1 to 1 against the dealer's best four of six, with no dealer qualification;
the Ante Bonus pays on the Ante for three of a kind or better; the Aces Up pays a pair of aces
or better whatever the dealer holds (§ 641a.1 [CODE]); a fold forfeits the Ante and the hand
before the reveal (§ 641a.11(c), seed 000). Paytables are the shipped STANDARD tables A.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise
from typing import Any

import msgspec
import pytest

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.four_card_poker.config import (
    FourCardPokerTableConfig,
    load_four_card_poker_config,
    parse_four_card_poker_config,
)
from dealer_trainer.games.four_card_poker.hands import (
    dealer_hand,
    describe_hand,
    hand_classes,
    player_hand,
)
from dealer_trainer.games.four_card_poker.outcomes import (
    Decision,
    InvalidDecision,
    Result,
    Winner,
    settle_aces_up,
    settle_ante,
    settle_ante_bonus,
    settle_play,
    settle_seat,
    showdown,
)
from dealer_trainer.games.four_card_poker.wagers import FourCardClass, FourCardWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.provenance import Provenance

D = Decimal
TABLES = shipped_tables()
CONFIG = load_four_card_poker_config(TABLES / "four_card_poker_aces_up.toml")
PLAY_1X = Decision.play(1)
FOLD = Decision.fold()

HIGH_DEALER = "Kh Jd 9c 6s 3h 2d"
"""No pair, straight or flush: best four K-J-9-6; every hand with a pair beats it."""


def cards(text: str) -> tuple[Any, ...]:
    return parse_cards(text, allow_joker=False)


def table(**rules: Any) -> FourCardPokerTableConfig:
    return parse_four_card_poker_config(
        {
            "game": "Four Card Poker",
            "name": "t",
            "ante": {"minimum": 1, "maximum": 1000},
            "aces_up": {"minimum": 1, "maximum": 100},
            "rules": rules,
        },
        "t.toml",
    )


# --- decisions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "multiple"),
    [("fold", 0), ("Fold", 0), ("play 1x", 1), ("Play 2X", 2), ("play 3", 3), ("3x", 3)],
)
def test_decisions_read_from_text(text: str, multiple: int) -> None:
    decision = Decision.parse(text)
    assert decision.multiple == multiple
    assert decision.folded is (multiple == 0)
    assert str(Decision.parse(str(decision))) == str(decision)


@pytest.mark.parametrize("text", ["raise", "play", "play 0x", "play -1x", "check", ""])
def test_a_decision_that_is_neither_fold_nor_play_is_refused(text: str) -> None:
    with pytest.raises(InvalidDecision):
        Decision.parse(text)


def test_the_play_multiple_must_be_one_the_table_allows() -> None:
    Decision.play(3).check(CONFIG.rules)
    FOLD.check(CONFIG.rules)
    with pytest.raises(InvalidDecision, match=r"1x or 2x or 3x the Ante, not 4x \(house rule"):
        Decision.play(4).check(CONFIG.rules)
    with pytest.raises(InvalidDecision, match=r"1x or 3x the Ante, not 2x \(house rule"):
        Decision.play(2).check(table(play_multiples=[1, 3]).rules)
    with pytest.raises(InvalidDecision):
        Decision.play(0)


# --- hands ---------------------------------------------------------------------------------------


def test_the_four_card_order_puts_four_of_a_kind_above_the_straight_flush() -> None:
    """By analogy with § 657a.6(b): four of a kind, straight flush, three of a kind, flush,
    straight, two pair, pair, high card (§ 641a.6 is not in the seeds)."""
    best_first = [
        "2c 2d 2h 2s 3c",  # four of a kind
        "Ah Kh Qh Jh 9c",  # straight flush
        "Ac Ad As Kh Qc",  # three of a kind
        "Ac Jc 8c 5c 3d",  # flush
        "Ac Kd Qh Js 9c",  # straight
        "Ac Ad Kc Kd 9h",  # two pair
        "Ac Ad Kc Qd 9h",  # pair
        "Ac Kd Qh Ts 8s",  # high card (A-K-Q-J would be a straight)
    ]
    hands = [player_hand(cards(text)) for text in best_first]
    assert [h.rank for h in hands] == [
        HandRank.FOUR_OF_A_KIND,
        HandRank.STRAIGHT_FLUSH,
        HandRank.THREE_OF_A_KIND,
        HandRank.FLUSH,
        HandRank.STRAIGHT,
        HandRank.TWO_PAIR,
        HandRank.ONE_PAIR,
        HandRank.HIGH_CARD,
    ]
    assert all(a.beats(b) for a, b in pairwise(hands))


def test_the_player_holds_five_cards_and_the_dealer_six() -> None:
    with pytest.raises(ValueError, match="five cards"):
        player_hand(cards("Ac Ad Kc Qd"))
    with pytest.raises(ValueError, match="six cards"):
        dealer_hand(cards("Ac Ad Kc Qd Jh"))
    with pytest.raises(ValueError, match="without the joker"):
        player_hand(parse_cards("Ac Ad Kc Qd Jk"))
    with pytest.raises(ValueError, match="cannot hold the same card"):
        showdown(cards("Ac Ad Kc Qd Jh"), cards("Ac 2d 3c 4d 6h 8s"))


@pytest.mark.parametrize(
    ("hand", "classes", "described"),
    [
        ("9c 9d 9h 9s 2c", {"FOUR_OF_A_KIND", "THREE_OF_A_KIND"}, "four of a kind, nines"),
        ("5d 4d 3d 2d Ac", {"STRAIGHT_FLUSH", "FLUSH", "STRAIGHT"}, "straight flush, five high"),
        ("Ac Ad Ah 7s 2c", {"THREE_OF_A_KIND", "PAIR_OF_ACES"}, "three of a kind, aces"),
        ("Kc 9c 6c 3c Jd", {"FLUSH"}, "flush, king high"),
        ("Ac 2d 3h 4s 9c", {"STRAIGHT"}, "straight, four high"),
        ("Ac Ad Kc Kd 2h", {"TWO_PAIR", "PAIR_OF_ACES"}, "two pair, aces and kings"),
        ("Ac Ad Kc Qd 2h", {"PAIR_OF_ACES"}, "pair of aces"),
        ("Kc Kd Ac Qd 2h", set(), "pair of kings"),
        ("Ac Kd Qh Ts 8s", set(), "ace high"),
        ("Ac Kd Qh Js 8s", {"STRAIGHT"}, "straight, ace high"),
    ],
)
def test_hand_classes_and_how_a_dealer_calls_the_hand(
    hand: str, classes: set[str], described: str
) -> None:
    value = player_hand(cards(hand))
    assert hand_classes(value) == {FourCardClass[name] for name in classes}
    assert describe_hand(value).startswith(described + " (")


def test_the_dealer_selects_the_best_four_of_six() -> None:
    """§ 641a.11(c): the sixth card can make the hand (three queens, not a pair)."""
    hand = dealer_hand(cards("Qh 8c 5d 3s Qs Qd"))
    assert hand.rank is HandRank.THREE_OF_A_KIND
    assert {c.notation for c in hand.cards} == {"Qh", "Qs", "Qd", "8c"}


# --- Ante and Play -------------------------------------------------------------------------------


def test_ante_and_play_pay_one_to_one_when_the_player_is_higher() -> None:
    show = showdown(cards("7c 7d Qs 5h 4c"), cards(HIGH_DEALER))
    assert show.winner is Winner.PLAYER
    ante = settle_ante(CONFIG, show, "10", Decision.play(3))
    play = settle_play(CONFIG, show, "10", Decision.play(3))
    assert play is not None
    assert (ante.result, ante.paid, ante.stake_returned) == (Result.WIN, D(10), True)
    assert (play.result, play.stake, play.paid, play.net) == (Result.WIN, D(30), D(30), D(30))
    assert "pair of sevens" in ante.reason and "king high" in ante.reason
    assert "Ante pays 1 to 1: $10 wins $10 (rule of the game" in ante.reason
    assert ante.provenance is Provenance.STANDARD


def test_ante_and_play_lose_to_a_higher_dealer_hand_without_qualification() -> None:
    show = showdown(cards("Ks Kd Qh 9c 3d"), cards("Ac Ad 8h 5s 4c Jh"))
    assert show.winner is Winner.DEALER
    ante = settle_ante(CONFIG, show, "20", Decision.play(2))
    play = settle_play(CONFIG, show, "20", Decision.play(2))
    assert play is not None
    assert (ante.result, ante.paid, ante.net) == (Result.LOSE, D(0), D(-20))
    assert (play.result, play.stake, play.net) == (Result.LOSE, D(40), D(-40))
    assert "loses to the dealer's pair of aces" in ante.reason


TIE = ("Ah Kd Qc 9s 8h", "As Kc Qh 9d 2c 3d")
"""A-K-Q-9 against A-K-Q-9: the player's fifth card (the 8) does not play."""


@pytest.mark.parametrize(
    ("rule", "result", "paid", "net"),
    [
        ("the player wins", Result.WIN, D(10), D(10)),
        ("push", Result.PUSH, D(0), D(0)),
        ("the dealer wins", Result.LOSE, D(0), D(-10)),
    ],
)
def test_a_tie_follows_the_tables_rule(rule: str, result: Result, paid: D, net: D) -> None:
    config = table(ties=rule)
    show = showdown(cards(TIE[0]), cards(TIE[1]))
    assert show.winner is Winner.TIE
    for outcome in (
        settle_ante(config, show, "10", PLAY_1X),
        settle_play(config, show, "10", PLAY_1X),
    ):
        assert outcome is not None
        assert (outcome.result, outcome.paid, outcome.net) == (result, paid, net)
        assert "ties the dealer's" in outcome.reason
        assert "(house rule" in outcome.reason
    default = settle_ante(msgspec.structs.replace(CONFIG, rules=table().rules), show, 10, PLAY_1X)
    assert default.result is Result.WIN
    assert "a tie goes to the player (rule of the game" in default.reason


def test_a_fold_forfeits_the_ante_and_makes_no_play_wager() -> None:
    show = showdown(cards("Ac Ad 6d 4h 2s"), cards(HIGH_DEALER))
    ante = settle_ante(CONFIG, show, "10", FOLD)
    assert (ante.result, ante.stake, ante.paid) == (Result.LOSE, D(10), D(0))
    assert ante.citation.provenance is Provenance.SEED
    assert ante.citation.short == "§ 641a.11(c)"
    assert "forfeited, collected before the dealer's cards are revealed" in ante.reason
    assert settle_play(CONFIG, show, "10", FOLD) is None
    assert settle_ante_bonus(CONFIG, show, "10", FOLD) is None


def test_stakes_are_exact_positive_amounts() -> None:
    show = showdown(cards("7c 7d Qs 5h 4c"), cards(HIGH_DEALER))
    with pytest.raises(ValueError, match="not an exact amount"):
        settle_ante(CONFIG, show, 7.5, PLAY_1X)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive amount"):
        settle_ante(CONFIG, show, "0", PLAY_1X)
    with pytest.raises(InvalidDecision):
        settle_play(CONFIG, show, "10", Decision.play(5))
    play = settle_play(CONFIG, show, "7.50", Decision.play(3))
    assert play is not None and (play.stake, play.paid) == (D("22.50"), D("22.50"))


# --- the Ante Bonus ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "paid"),
    [
        ("7c 7d 7h 7s Ah", D(250)),  # four of a kind 25 to 1
        ("9h Th Jh Qh 2s", D(200)),  # straight flush 20 to 1
        ("5c 5h 5s Qd 8h", D(20)),  # three of a kind 2 to 1
    ],
)
def test_the_ante_bonus_rows(hand: str, paid: D) -> None:
    show = showdown(cards(hand), cards(HIGH_DEALER))
    bonus = settle_ante_bonus(CONFIG, show, "10", PLAY_1X)
    assert bonus is not None
    assert (bonus.wager, bonus.result, bonus.paid) == (FourCardWager.ANTE_BONUS, Result.WIN, paid)
    assert bonus.stake == 10 and not bonus.stake_returned
    assert bonus.net == paid and bonus.total_to_player == paid
    assert "on the Ante of $10: Ante Bonus Paytable A pays" in bonus.reason


@pytest.mark.parametrize(
    "hand", ["Ac Jc 8c 5c 3d", "Ac Kd Qh Js 8c", "Ac Ad Kc Kd 9h", "Ac Ad Kc Qd 8h"]
)
def test_no_ante_bonus_below_three_of_a_kind(hand: str) -> None:
    show = showdown(cards(hand), cards(HIGH_DEALER))
    assert settle_ante_bonus(CONFIG, show, "10", PLAY_1X) is None


def test_the_ante_bonus_when_the_dealer_is_higher_follows_the_tables_rule() -> None:
    show = showdown(cards("5c 5h 5s Qd 8h"), cards("9c 9d 9s 4h 2c Kd"))
    assert show.winner is Winner.DEALER
    paid = settle_ante_bonus(CONFIG, show, "10", Decision.play(3))
    assert paid is not None and paid.paid == 20
    assert "even though the dealer's hand is higher (rule of the game" in paid.reason
    withheld = table(ante_bonus_when_dealer_wins=False)
    assert settle_ante_bonus(withheld, show, "10", Decision.play(3)) is None
    winning = showdown(cards("Kc Kh Ks 2d 7h"), cards("9c 9d 9s 4h 2c Jd"))
    assert settle_ante_bonus(withheld, winning, "10", PLAY_1X) is not None


# --- Aces Up -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "paid"),
    [
        ("2c 2d 2h 2s 9c", D(250)),  # four of a kind 50 to 1
        ("8s 7s 6s 5s Jc", D(200)),  # straight flush 40 to 1
        ("Ah Ad Ac 9c 6d", D(40)),  # three of a kind 8 to 1 (not the pair of aces row)
        ("Jh 9h 5h 4h Td", D(30)),  # flush 6 to 1
        ("9h 8d 7c 6s Jd", D(20)),  # straight 4 to 1
        ("Ah As Qc Qs 3h", D(10)),  # two pair 2 to 1 (not the pair of aces row)
        ("Ac Ad Qs 8s 4h", D(5)),  # pair of aces 1 to 1
    ],
)
def test_every_aces_up_row_pays_whatever_the_dealer_holds(hand: str, paid: D) -> None:
    quads = cards("Kc Kd Kh Ks 3c 3d")
    outcome = settle_aces_up(CONFIG, cards(hand), "5", PLAY_1X)
    assert (outcome.result, outcome.paid, outcome.stake_returned) == (Result.WIN, paid, True)
    assert "whatever the dealer holds" in outcome.reason
    assert outcome.row is not None and outcome.paytable is not None
    ante = settle_ante(CONFIG, showdown(cards(hand), quads), "5", PLAY_1X)
    assert ante.result is Result.LOSE  # the dealer's four kings beat every hand above


@pytest.mark.parametrize("hand", ["Kc Kd Qh 7d 5s", "Ac Kd Qh Ts 8s", "Qc Qd 9c 7d 2h"])
def test_less_than_a_pair_of_aces_loses_the_aces_up(hand: str) -> None:
    outcome = settle_aces_up(CONFIG, cards(hand), "5", PLAY_1X)
    assert (outcome.result, outcome.paid, outcome.net) == (Result.LOSE, D(0), D(-5))
    assert outcome.citation.provenance is Provenance.CODE
    assert "less than a pair of aces" in outcome.reason and "(§ 641a.1)" in outcome.reason


def test_the_aces_up_on_a_fold_follows_the_tables_rule() -> None:
    aces = cards("Ac Ah 6d 4h 2s")
    forfeited = settle_aces_up(CONFIG, aces, "5", FOLD)
    assert (forfeited.result, forfeited.paid) == (Result.LOSE, D(0))
    assert "forfeited with the Ante and the hand (house rule" in forfeited.reason
    default = settle_aces_up(table(), aces, "5", FOLD)
    assert default.citation.provenance is Provenance.ANALOG
    kept = settle_aces_up(table(aces_up_on_fold="stays in action"), aces, "5", FOLD)
    assert (kept.result, kept.paid) == (Result.WIN, D(5))
    assert "it stays in action after the fold (house rule" in kept.reason


def test_a_property_table_without_a_row_pays_the_next_one_the_hand_holds() -> None:
    """A straight flush on a table that prints no straight flush row is paid as a flush."""
    config = parse_four_card_poker_config(
        {
            "game": "Four Card Poker",
            "name": "t",
            "ante": {"minimum": 1, "maximum": 100},
            "aces_up": {
                "paytable": "P",
                "minimum": 1,
                "maximum": 100,
                "rows": [
                    {"hand": "Four of a kind", "odds": "50 to 1"},
                    {"hand": "Flush", "odds": "6 to 1"},
                    {"hand": "Straight", "odds": "4 to 1"},
                    {"hand": "Pair of aces", "odds": "1 to 1"},
                ],
            },
        },
        "p.toml",
    )
    outcome = settle_aces_up(config, cards("8s 7s 6s 5s Jc"), "5", PLAY_1X)
    assert outcome.paid == 30 and outcome.row is not None
    assert outcome.row.hand is FourCardClass.FLUSH
    assert outcome.citation.provenance is Provenance.PROPERTY
    trips = settle_aces_up(config, cards("Ah Ad Ac 9c 6d"), "5", PLAY_1X)
    assert trips.paid == 5  # three aces hold a pair of aces; no three of a kind row here


# --- a whole seat --------------------------------------------------------------------------------


def test_a_seat_settles_ante_play_ante_bonus_then_aces_up() -> None:
    outcomes = settle_seat(
        CONFIG, cards("4h 4d 4s Ad 8s"), cards("Kc 9c 6c 3c Jd 2h"), "10", Decision.play(2), "10"
    )
    assert [(o.wager, o.result, o.paid) for o in outcomes] == [
        (FourCardWager.ANTE, Result.WIN, D(10)),
        (FourCardWager.PLAY, Result.WIN, D(20)),
        (FourCardWager.ANTE_BONUS, Result.WIN, D(20)),
        (FourCardWager.ACES_UP, Result.WIN, D(80)),
    ]
    assert sum(o.net for o in outcomes) == D(130)
    folded = settle_seat(CONFIG, cards("4h 4d 4s Ad 8s"), cards(HIGH_DEALER), "10", FOLD, "5")
    assert [(o.wager, o.result) for o in folded] == [
        (FourCardWager.ANTE, Result.LOSE),
        (FourCardWager.ACES_UP, Result.LOSE),
    ]
    assert sum(o.net for o in folded) == D(-15)
