"""The shared Five Card Hand Bonus module against seed 000's text (§§ 639a.1, 639a.11(c)(6),
639a.12(e)); every amount below is worked out by hand from the paytable."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, get_type_hints

import pytest
from msgspec.structs import replace

from dealer_trainer.cards import Card, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, Spot, SpotId, SpotKind, WhoseHand
from dealer_trainer.engine.step import Step
from dealer_trainer.games.caribbean_stud.config import CaribbeanStudTableConfig
from dealer_trainer.games.five_card_hand_bonus import (
    METER,
    SEED_TEXT,
    Award,
    BetOn,
    Citing,
    FchbDraws,
    FchbSteps,
    FiveCardHandBonusSpec,
    chapter_sections,
    offered_spots,
    settle,
)
from dealer_trainer.games.four_card_poker.config import FourCardPokerTableConfig
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.three_card_poker.config import ThreeCardPokerTableConfig
from dealer_trainer.games.uth.config import UthFiveCardHandBonusSpec, UthTableConfig
from dealer_trainer.rules.datafile import Invalid, convert

D = Decimal
SPEC = FiveCardHandBonusSpec(
    minimum=D(1),
    maximum=D(5),
    rate_of_progression_percent=D(15),
    meter_start=D(10_000),
    meter_reset=D(10_000),
    magic_card_bonus=True,
    lucky_bonus=True,
)
DRAWS = FchbDraws(D("30000"))


def card(text: str) -> Card:
    return parse_cards(text)[0]


@pytest.mark.parametrize(
    ("cards", "paid"),
    [
        ("As Ks Qs Js Ts", D(30_000)),  # royal flush: 100% of meter
        ("5h 6h 7h 8h 9h", D(3_000)),  # straight flush: 10% of meter
        ("2d 2c 2h 2s Ad", D(1_000)),  # four of a kind: $2 x 500
        ("Kd Kh Ks 4c 4d", D(200)),  # full house: $2 x 100
        ("Ah Qh Th 6h 3h", D(100)),  # flush: $2 x 50
    ],
)
def test_every_row_of_the_paytable(cards: str, paid: Decimal) -> None:
    result = settle(SPEC, parse_cards(cards), D(2), BetOn.PLAYER, DRAWS, 3)
    (payout,) = result.payouts
    assert payout.award is Award.FIVE_CARD_HAND_BONUS
    assert payout.paid == paid


@pytest.mark.parametrize("cards", ["Tc Jc Qd Kh As", "9c 9d 9h 6c 2c", "Ac Kd 7h 4s 2c"])
def test_below_a_flush_loses_with_no_payout(cards: str) -> None:
    result = settle(SPEC, parse_cards(cards), D(2), BetOn.PLAYER, DRAWS, 3)
    assert not result.won and result.total == 0


def test_only_the_highest_hand_is_paid() -> None:
    """A straight flush is also a flush: it is paid once, as a straight flush (§ 639a.12(e)(2))."""
    result = settle(SPEC, parse_cards("5h 6h 7h 8h 9h"), D(5), BetOn.PLAYER, DRAWS, 3)
    assert [p.odds.kind.value for p in result.payouts] == ["% of meter"]
    assert result.total == D(3_000)


def test_a_dealer_meter_win_is_divided_equally_among_its_bettors() -> None:
    draws = FchbDraws(D("30000"), dealer_hand_bettors=3)
    result = settle(SPEC, parse_cards("As Ks Qs Js Ts"), D(1), BetOn.DEALER, draws, 2)
    assert result.payouts[0].paid == D(10_000)
    ten = settle(SPEC, parse_cards("5h 6h 7h 8h 9h"), D(1), BetOn.DEALER, draws, 2)
    assert ten.payouts[0].paid == D(1_000)
    # a "for 1" win on the dealer's hand is each bettor's own, not divided
    flush = settle(SPEC, parse_cards("Ah Qh Th 6h 3h"), D(2), BetOn.DEALER, draws, 2)
    assert flush.payouts[0].paid == D(100)


def test_an_uneven_meter_share_is_rounded_down_to_the_cent() -> None:
    draws = FchbDraws(D("10000"), dealer_hand_bettors=3)
    result = settle(SPEC, parse_cards("As Ks Qs Js Ts"), D(1), BetOn.DEALER, draws, 2)
    assert result.payouts[0].paid == D("3333.33")


def test_magic_card_and_lucky_bonus() -> None:
    draws = FchbDraws(D("30000"), magic_card=card("Qd"), lucky=4)
    mine = settle(SPEC, parse_cards("Qd 9c 7h 4s 2c"), D(2), BetOn.PLAYER, draws, 4)
    assert [(p.award, p.paid) for p in mine.payouts] == [
        (Award.MAGIC_CARD_BONUS, D(40)),
        (Award.LUCKY_BONUS, D(10)),
    ]
    other = settle(SPEC, parse_cards("Qc 9d 7d 4d 2d"), D(2), BetOn.PLAYER, draws, 5)
    assert not other.won


def test_lucky_bonus_at_the_dealer_position_pays_only_the_dealer_hand() -> None:
    draws = FchbDraws(D("30000"), lucky=DEALER, dealer_hand_bettors=1)
    cards = parse_cards("Qd 9c 7h 4s 2c")
    assert not settle(SPEC, cards, D(2), BetOn.PLAYER, draws, 4).won
    dealer = settle(SPEC, cards, D(2), BetOn.DEALER, draws, 4)
    assert [(p.spot(4), p.paid) for p in dealer.payouts] == [
        (SpotId(4, Award.LUCKY_BONUS, DEALER), D(10))
    ]
    assert dealer.payouts[0].spot(4).label == "Lucky Bonus (dealer's hand)"


def test_the_property_may_leave_out_the_magic_card_and_lucky_bonus() -> None:
    plain = replace(SPEC, magic_card_bonus=False, lucky_bonus=False)
    draws = FchbDraws(D("30000"), magic_card=card("Qd"), lucky=4)
    assert not settle(plain, parse_cards("Qd 9c 7h 4s 2c"), D(2), BetOn.PLAYER, draws, 4).won
    assert Spot(Award.MAGIC_CARD_BONUS) not in offered_spots(plain)
    assert offered_spots(SPEC) >= {
        Spot(Award.FIVE_CARD_HAND_BONUS, WhoseHand.DEALER),
        Spot(Award.LUCKY_BONUS),
        Spot(METER),
    }


def test_a_hand_not_offered_is_refused() -> None:
    player_only = replace(SPEC, bet_on=(BetOn.PLAYER,))
    with pytest.raises(ValueError, match="does not offer"):
        settle(player_only, parse_cards("Qd 9c 7h 4s 2c"), D(2), BetOn.DEALER, DRAWS, 4)


def spec(**fields: Any) -> FiveCardHandBonusSpec:
    base: dict[str, Any] = {
        "minimum": 1,
        "maximum": 5,
        "rate_of_progression_percent": 15,
        "meter_start": 10_000,
        "meter_reset": 10_000,
    }
    return convert({**base, **fields}, FiveCardHandBonusSpec)


def test_the_meter_amounts_are_at_least_ten_thousand() -> None:
    with pytest.raises(Invalid, match="meter_reset"):
        spec(meter_reset=9_999)
    with pytest.raises(Invalid, match="meter_start"):
        spec(meter_start=5_000)
    assert spec(bet_on=["dealer's hand"]).bet_on == (BetOn.DEALER,)
    assert [p.field for p in spec(minimum=5, maximum=1).problems()] == [
        "five_card_hand_bonus.maximum"
    ]


# --- the steps ------------------------------------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(
        self,
        id_: str,
        seat: int,
        kind: SpotKind,
        action: Action,
        amount: Decimal | None,
        after: list[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
        *,
        hand_of: int | None = None,
    ) -> str:
        spot = SpotId(seat, kind, hand_of)
        self.steps.append(
            Step(id_, spot, action, amount, tuple(after), citation, explanation, order_rule)
        )
        return id_

    def lines(self) -> list[str]:
        return [s.describe() for s in self.steps]


def test_a_flush_is_verified_then_credited() -> None:
    recorder = Recorder()
    steps = FchbSteps(recorder.add, SPEC)
    won = settle(SPEC, parse_cards("Ah Qh Th 6h 3h"), D(2), BetOn.PLAYER, DRAWS, 3)
    done = steps.seat([won], ["s3.ante"])
    assert recorder.lines() == [
        "Seat 3 Five Card Hand Bonus: verify hand",
        "Seat 3 Five Card Hand Bonus: credit game account $100",
    ]
    assert recorder.steps[0].after == ("s3.ante",)
    assert done.exits == (recorder.steps[1].id,) and not done.held
    assert steps.meter_reset() is None


def test_four_of_a_kind_needs_the_floorperson_before_the_credit() -> None:
    recorder = Recorder()
    won = settle(SPEC, parse_cards("2d 2c 2h 2s Ad"), D(1), BetOn.PLAYER, DRAWS, 3)
    FchbSteps(recorder.add, SPEC).seat([won], [])
    assert [s.action for s in recorder.steps] == [
        Action.VERIFY_HAND,
        Action.CALL_FLOORPERSON,
        Action.CREDIT_GAME_ACCOUNT,
    ]
    assert recorder.steps[2].after == (recorder.steps[1].id,)


def test_a_player_royal_is_held_and_the_meter_reset() -> None:
    recorder = Recorder()
    steps = FchbSteps(recorder.add, SPEC)
    won = settle(SPEC, parse_cards("As Ks Qs Js Ts"), D(1), BetOn.PLAYER, DRAWS, 3)
    done = steps.seat([won], [])
    assert done.held
    steps.meter_reset()
    assert recorder.lines() == [
        "Seat 3 Five Card Hand Bonus: verify hand",
        "Seat 3 Five Card Hand Bonus: call floorperson",
        "Seat 3 Five Card Hand Bonus: hold for documentation $30,000",
        "Dealer Five Card Hand Bonus meter: reset meter $10,000",
    ]
    assert recorder.steps[3].after == (recorder.steps[2].id,)


def test_a_ten_percent_award_leaves_the_meter() -> None:
    recorder = Recorder()
    steps = FchbSteps(recorder.add, SPEC)
    won = settle(SPEC, parse_cards("5h 6h 7h 8h 9h"), D(1), BetOn.PLAYER, DRAWS, 3)
    assert steps.seat([won], []).held
    assert steps.meter_reset() is None


def test_each_bettor_on_the_dealer_hand_gets_the_whole_procedure_at_their_turn() -> None:
    """§ 639a.11(c): the procedures "in succession for each player"; each share of the meter is
    that player's percentage-of-meter payout (§ 639a.11(c)(6)(ii)), verified after the player's
    own wagers (§ 639a.11(c)(6))."""
    recorder = Recorder()
    draws = FchbDraws(D("30000"), dealer_hand_bettors=3)
    steps = FchbSteps(recorder.add, SPEC, dealer_after=["dealer.reveal"])
    dealer = parse_cards("As Ks Qs Js Ts")
    for seat in (7, 5, 2):
        won = settle(SPEC, dealer, D(1), BetOn.DEALER, draws, seat)
        assert not steps.seat([won], [f"s{seat}.ante"]).held
    steps.meter_reset()
    assert recorder.lines() == [
        line
        for seat in (7, 5, 2)
        for line in (
            f"Seat {seat} Five Card Hand Bonus (dealer's hand): verify hand",
            f"Seat {seat} Five Card Hand Bonus (dealer's hand): call floorperson",
            f"Seat {seat} Five Card Hand Bonus (dealer's hand): hold for documentation $10,000",
        )
    ] + ["Dealer Five Card Hand Bonus meter: reset meter $10,000"]
    assert all(s.seat != DEALER for s in recorder.steps[:-1])
    assert recorder.steps[3].after == ("s5.ante", "dealer.reveal")
    assert recorder.steps[4].after == (recorder.steps[3].id,)
    assert recorder.steps[5].after == (recorder.steps[4].id,)
    holds = [s.id for s in recorder.steps if s.action is Action.HOLD_FOR_DOCUMENTATION]
    assert recorder.steps[-1].after == tuple(holds)


def test_both_hands_player_first_then_the_dealer_each_award_in_turn() -> None:
    recorder = Recorder()
    draws = FchbDraws(D("30000"), magic_card=card("Qd"), lucky=4, dealer_hand_bettors=1)
    steps = FchbSteps(recorder.add, SPEC)
    dealer = settle(SPEC, parse_cards("Kd Kh Ks 4c 4d"), D(1), BetOn.DEALER, draws, 4)
    player = settle(SPEC, parse_cards("Qd Jd 9d 6d 2d"), D(2), BetOn.PLAYER, draws, 4)
    done = steps.seat([dealer, player], ["s4.ante"])
    assert recorder.lines() == [
        "Seat 4 Five Card Hand Bonus: verify hand",
        "Seat 4 Five Card Hand Bonus: credit game account $100",
        "Seat 4 Magic Card Bonus: verify hand",
        "Seat 4 Magic Card Bonus: credit game account $40",
        "Seat 4 Lucky Bonus: verify hand",
        "Seat 4 Lucky Bonus: credit game account $10",
        "Seat 4 Five Card Hand Bonus (dealer's hand): verify hand",
        "Seat 4 Five Card Hand Bonus (dealer's hand): credit game account $100",
    ]
    ids = [s.id for s in recorder.steps]
    assert recorder.steps[2].after == (ids[1],)
    assert recorder.steps[6].after == (ids[5],)
    assert recorder.steps[7].after == (ids[6],)
    assert done.exits == (ids[7],)


def test_a_losing_wager_needs_no_step() -> None:
    recorder = Recorder()
    lost = settle(SPEC, parse_cards("Qd 9c 7h 4s 2c"), D(2), BetOn.PLAYER, DRAWS, 4)
    assert FchbSteps(recorder.add, SPEC).seat([lost], ["x"]).exits == ()
    assert recorder.steps == []


# --- what a game may vary -------------------------------------------------------------------------


def test_every_game_reads_the_one_spec() -> None:
    """One spec for every game, here; UTH's Rules Submission spells it its own way."""
    for config in (
        CaribbeanStudTableConfig,
        FourCardPokerTableConfig,
        LetItRideTableConfig,
        ThreeCardPokerTableConfig,
    ):
        field = get_type_hints(config)["five_card_hand_bonus"]
        assert field == FiveCardHandBonusSpec | None, config.__name__
    assert get_type_hints(UthTableConfig)["five_card_hand_bonus"] == (
        UthFiveCardHandBonusSpec | None
    )
    assert issubclass(UthFiveCardHandBonusSpec, FiveCardHandBonusSpec)
    fields = {"minimum": 1, "maximum": 5, "rate_of_progression_percent": 15, "meter_start": 12_000}
    uth = convert(fields, UthFiveCardHandBonusSpec)
    assert uth.meter_reset == D(12_000), "UTH's spelling: the reset defaults to the start"


def test_a_chapter_without_the_paragraphs_cites_its_own_section_then_the_printed_one() -> None:
    """The trainee reads the game's own section, then the paragraph that prints the rule, and
    never "by analogy"; a chapter that maps no section of its own cites the printed paragraph
    alone, untagged."""
    own = chapter_sections(
        wager="§ 653a.7",
        settle="§ 653a.11",
        steps=("", "", ""),
        payouts="§ 653a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 653a.1",
    )
    citing = Citing(by_analogy=True, definitions="§ 653a.1", own=own)
    draws = FchbDraws(D("30000"), magic_card=card("Qd"), lucky=4)
    won = settle(SPEC, parse_cards("Qd Jd 9d 6d 2d"), D(1), BetOn.PLAYER, draws, 4, citing=citing)
    assert [p.citation for p in won.payouts] == [
        "§ 653a.12; § 639a.12(e)(1)",
        "§ 653a.1; § 653a.12; § 639a.12(e)(3)",
        "§ 653a.1; § 653a.12; § 639a.12(e)(3)",
    ]
    assert SEED_TEXT.awards == "§ 639a.1; § 639a.12(e)(3)"
    recorder = Recorder()
    steps = FchbSteps(recorder.add, SPEC, citing=citing)
    royal = settle(SPEC, parse_cards("As Ks Qs Js Ts"), D(1), BetOn.PLAYER, DRAWS, 3)
    steps.seat([royal], [])
    steps.meter_reset()
    assert [s.citation for s in recorder.steps] == [
        "§ 653a.11; § 639a.11(c)(6)(i)",
        "§ 653a.11; § 639a.11(c)(6)(ii)",
        "§ 653a.11; § 639a.11(c)(6)(iii)",
        "§ 653a.12; § 639a.12(e)(4)",
    ]
    assert "(§ 653a.11; § 639a.11(c)(6)(i)-(iii))" in recorder.steps[1].order_rule
    unmapped = Citing(by_analogy=True)
    assert unmapped("§ 639a.11(c)(6)(i)") == "§ 639a.11(c)(6)(i)"


def test_a_game_may_match_the_magic_card_against_fewer_cards() -> None:
    """Ultimate Texas Hold 'Em may match it against the wagered hand's own two cards only."""
    draws = FchbDraws(D("30000"), magic_card=card("Qd"))
    hand = parse_cards("Ac 9c Qd 4s 2c")  # the Magic Card on the flop
    assert settle(SPEC, hand, D(1), BetOn.PLAYER, draws, 4).won
    own = settle(SPEC, hand, D(1), BetOn.PLAYER, draws, 4, magic_cards=hand[:2])
    assert not own.won
    mine = parse_cards("Qd 9c Ac 4s 2c")
    (magic,) = settle(
        SPEC, mine, D(1), BetOn.PLAYER, draws, 4, magic_cards=mine[:2], magic_cards_name="two cards"
    ).payouts
    assert "in the player's two cards" in magic.reason
