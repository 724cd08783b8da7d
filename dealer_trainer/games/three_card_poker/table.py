"""A Three Card Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante, on the Play Wager of each player who stayed in, on Pair Plus and the 6
Card Bonus; the Ante Bonus is a payout beside the Ante. Each progressive's chips lie on their
spot until the dealer collects, counts and drops them before the deal (the graded pre-deal
steps). A Five Card Hand Bonus is electronic: shown as placed, with its meter and the table
game system's Magic Card and Lucky Bonus draws. The two community cards lie on the board; they
count only for the five-card wagers, settled after every other wager (seed 000, preamble).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.table_support import (
    electronic_stakes,
    fchb_sign,
    felt_stakes,
    show_draws,
)
from dealer_trainer.games.three_card_poker.config import ThreeCardPokerTableConfig
from dealer_trainer.games.three_card_poker.procedure import (
    CARDS,
    DEALERS_HAND,
    ENVY_HAND,
    METER_NAME,
)
from dealer_trainer.games.three_card_poker.round import ThreeCardRound, ThreeCardSeatPlay
from dealer_trainer.games.three_card_poker.wagers import (
    ENVY_OF,
    PROGRESSIVE_WAGERS,
    NonQualifyingAnte,
    ThreeCardWager,
    TieRule,
)
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""


def _seat(play: ThreeCardSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.placed())
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    return SeatSetup(play.seat, play.cards, stakes, electronic, play.decision.value, play.folded)


def offered_spots(config: ThreeCardPokerTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS), Spot(DEALERS_HAND)}
    names |= {Spot(wager) for wager in config.offered_wagers()}
    for wager in PROGRESSIVE_WAGERS:
        if config.offers(wager):
            names |= {Spot(METER_NAME[wager]), Spot(TableSpot.TABLE)}  # pre-deal: lockout, drop
            if config.envy_amount(wager) is not None:
                names |= {Spot(ENVY_HAND[wager]), Spot(ENVY_OF[wager], WhoseHand.SEAT)}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}  # lockout
    return frozenset(names)


def signs(config: ThreeCardPokerTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable the table offers; the Ante's carries the qualification rule."""
    rules = config.rules
    ante = config.paytable(ThreeCardWager.ANTE)
    not_qualifying = (
        "Ante 1 to 1, Play push"
        if rules.ante_when_dealer_does_not_qualify is NonQualifyingAnte.PAID
        else "Ante and Play returned"
    )
    placards = [
        Sign(
            "Ante and Play",
            ante.cards.value,
            (
                ("Win against a qualifying dealer", str(ante.rows[0].odds)),
                ("Dealer qualifies with", rules.dealer_qualifies_with.value),
                ("Not qualifying", not_qualifying),
                ("Tie", "Push" if rules.ties is TieRule.PUSH else "Dealer wins"),
            ),
            frozenset({ThreeCardWager.ANTE, ThreeCardWager.PLAY}),
        )
    ]
    for wager in config.offered_wagers():
        if wager in (ThreeCardWager.ANTE, ThreeCardWager.PLAY):
            continue
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        envy = config.envy_amount(wager) if wager in PROGRESSIVE_WAGERS else None
        if envy is not None:
            hand = config.envy_qualifying_hand(wager).value.lower()
            rows += ((f"Envy Bonus: another player's {hand} or better", format_money(envy)),)
        paid = frozenset({wager, ENVY_OF[wager]} if envy is not None else {wager})
        placards.append(Sign(table.name, table.cards.value, rows, paid))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus,
                "three cards plus the two community cards, the player's or the dealer's",
            )
        )
    return tuple(placards)


def table_setup(round_: ThreeCardRound) -> TableSetup:
    config = round_.config
    meters: dict[SpotKind, Decimal] = {}
    notes: list[str] = []
    for wager in PROGRESSIVE_WAGERS:
        meter = round_.meter(wager)
        if config.offers(wager) and meter is not None:
            meters[METER_NAME[wager]] = meter
    if round_.community:
        notes.append("Community cards: five-card wagers only")
    show_draws(round_.fchb, meters, notes)
    progressive = any(config.offers(wager) for wager in PROGRESSIVE_WAGERS)
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(play) for play in round_.decision_order()),
        dealer_cards=round_.dealer,
        board=round_.community,
        meters=meters,
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=tuple(notes),
        seed=round_.seed,
        pre_deal=pre_deal_actions(
            lock_out=progressive or config.five_card_hand_bonus is not None,
            progressive=progressive,
        ),
    )


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
