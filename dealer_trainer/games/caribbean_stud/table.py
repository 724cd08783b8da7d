"""A Caribbean Stud Poker round as it lies on the felt when settlement begins.

Chips stay on the Ante, the Bet (twice the Ante, for a player who bet) and the Caribbean Stud
Bonus; a folded player's Ante and Caribbean Stud Bonus are still there, to be collected before
the dealer's hole cards are revealed (§ 639a.11(c)). The Progressive Payout Wager's chips lie on
their spot until the dealer collects them, counts them against the system in front of the table
inventory container and drops them in, before the deal (§ 639a.8(b); the graded pre-deal
steps). A Five Card Hand Bonus is electronic (§ 639a.7(d)(4)): shown as placed, with its meter
and the system's Magic Card and Lucky Bonus draws. Signs show every offered paytable
(§ 639a.2(b)(6)) and the inscription that the Bet is returned when the dealer has less than
ace/king (§ 639a.2(b)(7)).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotId, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.caribbean_stud.config import CaribbeanStudTableConfig
from dealer_trainer.games.caribbean_stud.procedure import (
    CARDS,
    DEALERS_HAND,
    ENVY_HAND,
    PROGRESSIVE_METER,
)
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound, CaribbeanStudSeatPlay
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.table_support import electronic_stakes, fchb_sign, show_draws
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""
BET_RETURNED = "The Bet is returned if the dealer has less than an ace/king (§ 639a.2(b)(7))"


def _seat(play: CaribbeanStudSeatPlay) -> SeatSetup:
    w = play.wagers
    seat = play.seat
    stakes = {SpotId(seat, CaribbeanStudWager.ANTE): w.ante}
    if not play.folded:
        stakes[SpotId(seat, CaribbeanStudWager.BET)] = play.bet
    if w.caribbean_stud_bonus:
        stakes[SpotId(seat, CaribbeanStudWager.CARIBBEAN_STUD_BONUS)] = w.caribbean_stud_bonus
    if w.progressive:
        stakes[SpotId(seat, CaribbeanStudWager.PROGRESSIVE)] = w.progressive  # dropped pre-deal
    # The Five Card Hand Bonus is placed through the wagering device (§ 639a.7(d)(4)): shown
    # as placed, no chips on the layout, and still in action after a fold (§ 639a.11(b)).
    electronic = electronic_stakes(seat, play.fchb_stakes())
    return SeatSetup(play.seat, play.cards, stakes, electronic, play.decision.value, play.folded)


def offered_spots(config: CaribbeanStudTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS), Spot(DEALERS_HAND)}
    names |= {Spot(wager) for wager in config.offered_wagers()}
    if config.progressive is not None:
        names |= {Spot(PROGRESSIVE_METER), Spot(TableSpot.TABLE)}  # pre-deal: lockout, drop
        if config.envy_amount is not None:
            names |= {Spot(ENVY_HAND), Spot(CaribbeanStudWager.ENVY_BONUS, WhoseHand.SEAT)}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}  # lockout
    return frozenset(names)


def signs(config: CaribbeanStudTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable the table offers; the Ante's carries the Bet inscription."""
    placards = []
    for wager in config.offered_wagers():
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        if wager is CaribbeanStudWager.ANTE:
            ante = "1 to 1" if config.ante_paid_when_dealer_does_not_qualify else "returned"
            rows = (
                ("Player's hand outranks a qualifying dealer's", str(table.rows[0].odds)),
                ("Dealer does not qualify", ante),
                ("Dealer qualifies with", "ace/king or better"),
                (BET_RETURNED, ""),
            )
        if wager is CaribbeanStudWager.PROGRESSIVE and config.envy_amount is not None:
            rows += (
                (
                    f"Envy Bonus: another player's {config.envy_qualifying_hand.value.lower()} "
                    "or better",
                    format_money(config.envy_amount),
                ),
            )
        paid = {wager}
        if wager is CaribbeanStudWager.PROGRESSIVE and config.envy_amount is not None:
            paid.add(CaribbeanStudWager.ENVY_BONUS)
        placards.append(Sign(table.name, table.cards.value, rows, frozenset(paid)))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus, "the five cards dealt to the player or the dealer"
            )
        )
    return tuple(placards)


def table_setup(round_: CaribbeanStudRound) -> TableSetup:
    config = round_.config
    meters: dict[SpotKind, Decimal] = {}
    if config.progressive is not None and round_.progressive_meter is not None:
        meters[PROGRESSIVE_METER] = round_.progressive_meter
    notes = [
        f"Dealer's up card: {round_.up_card.pretty}",
        "Dealer qualifies with ace/king or better; otherwise the Bet is returned",
    ]
    show_draws(round_.fchb, meters, notes)
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(play) for play in round_.decision_order()),
        dealer_cards=round_.dealer,
        board=(),
        meters=meters,
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=tuple(notes),
        seed=round_.seed,
        pre_deal=pre_deal_actions(
            lock_out=config.progressive is not None or config.five_card_hand_bonus is not None,
            progressive=config.progressive is not None,
        ),
    )


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
