"""A Let It Ride Poker round as it lies on the felt when settlement begins.

Chips lie on each Let It Ride Poker Wager still riding (a withdrawn one went back to the player,
§ 643a.1), on the Five Card Bonus and Three Card Bonus, and, until the pre-deal steps drop them
into the table inventory container, on the Progressive Payout Wager (§ 643a.8(b)(2)). The two
community cards lie in the dealer's card area, face up once turned; the dealer holds no hand. A
Five Card Hand Bonus is electronic (§ 643a.7(i)): shown as placed, with its meter and the table
game system's Magic Card and Lucky Bonus draws. Each paytable is on a sign (§ 643a.2(b)(9)),
with the payout limit (§ 643a.2(b)(10)).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.let_it_ride.procedure import (
    CARDS,
    ENVY_HAND,
    PROGRESSIVE_METER,
)
from dealer_trainer.games.let_it_ride.round import LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.wagers import LetItRideWager
from dealer_trainer.games.table_support import (
    electronic_stakes,
    fchb_sign,
    felt_stakes,
    show_draws,
)
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(250000)
"""The practice table's opening float in the chip rack: enough for a capped royal flush."""


def _seat(play: LetItRideSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    withdrawn = sorted(w.value.rsplit(" ", 1)[-1] for w in play.decision.withdrawn)
    decision = f"withdrew {' and '.join(withdrawn)}" if withdrawn else "lets it ride"
    return SeatSetup(play.seat, play.cards, stakes, electronic, decision)


def offered_spots(config: LetItRideTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS)} | {Spot(wager) for wager in config.offered_wagers()}
    if config.progressive is not None:
        names |= {Spot(TableSpot.TABLE), Spot(PROGRESSIVE_METER)}
        if config.envy_amount is not None:
            names |= {Spot(ENVY_HAND), Spot(LetItRideWager.ENVY_BONUS, WhoseHand.SEAT)}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}
    return frozenset(names)


def signs(config: LetItRideTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable, the payout limit on the Let It Ride one (§ 643a.2(b)(9)-(10))."""
    placards: list[Sign] = []
    for wager in (LetItRideWager.WAGER_1, *config.offered_wagers()[3:]):
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        title = table.name
        if wager is LetItRideWager.WAGER_1 and config.payout_limit is not None:
            rows += (("Payout limit per hand", format_money(config.payout_limit)),)
        if wager is LetItRideWager.PROGRESSIVE and config.envy_amount is not None:
            rows += (("Envy Bonus", format_money(config.envy_amount)),)
        riding = {LetItRideWager.WAGER_1, LetItRideWager.WAGER_2, LetItRideWager.WAGER_3}
        paid = frozenset(riding) if wager is LetItRideWager.WAGER_1 else frozenset({wager})
        if wager is LetItRideWager.PROGRESSIVE and config.envy_amount is not None:
            paid |= {LetItRideWager.ENVY_BONUS}
        placards.append(Sign(title, table.cards.value, rows, paid))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus, "the player's three cards and the two community cards"
            )
        )
    return tuple(placards)


def table_setup(round_: LetItRideRound) -> TableSetup:
    config = round_.config
    notes: list[str] = []
    meters: dict[SpotKind, Decimal] = {}
    if round_.progressive_meter is not None:
        meters[PROGRESSIVE_METER] = round_.progressive_meter
    show_draws(round_.fchb, meters, notes)
    if config.payout_limit is not None:
        notes.append(f"Payout limit {format_money(config.payout_limit)} per hand (Let It Ride)")
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(play) for play in round_.dealing_order()),
        dealer_cards=round_.community,
        board=(),
        meters=meters,
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=tuple(notes),
        seed=round_.seed,
    )


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
