"""A pai gow round as it lies on the felt when settlement begins.

Chips lie on the Pai Gow Poker Wager and the optional wagers, and on the progressive spot until
the dealer collects, counts and drops them before the deal (by analogy with § 639a.8(b)).
Each player's hands are shown as set; the dealer's seven cards wait, face up, for the trainee
to set them by the house way.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotId, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig
from dealer_trainer.games.pai_gow.procedure import CARDS, DEALERS_HAND, ENVY_HAND
from dealer_trainer.games.pai_gow.round import PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.procedure_steps import PROGRESSIVE_METER
from dealer_trainer.games.table_support import felt_stakes
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(25000)


def _seat(play: PaiGowSeatPlay, lammer: PaiGowWager | None) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    electronic: dict[SpotId, Decimal] = {}
    markers = []
    if lammer is not None:
        markers.append(f"ENVY LAMMER\nbeside {lammer.value}")
    if play.colour is not None:
        markers.append(f"RED/BLACK ON {play.colour.value.upper()}")
    if play.surrendered:
        markers.append("SURRENDERED")
    return SeatSetup(
        play.seat,
        play.cards,
        stakes,
        electronic,
        "surrenders" if play.surrendered else "",
        play.surrendered,
        () if play.surrendered else play.split.high,
        () if play.surrendered else play.split.low,
        tuple(markers),
    )


def offered_spots(config: PaiGowTableConfig) -> frozenset[Spot]:
    names = {Spot(CARDS), Spot(DEALERS_HAND), Spot(ENVY_HAND)}
    if config.envy_wager() is not None:
        names |= {Spot(TableSpot.ENVY_LAMMER), Spot(TableSpot.TABLE)}
    if config.progressive is not None:
        names.add(Spot(TableSpot.TABLE))
    names |= {Spot(wager) for wager in config.offered_wagers()}
    if config.envy_wager() is not None:
        names.add(Spot(PaiGowWager.ENVY_BONUS, WhoseHand.SEAT))
    if config.progressive is not None:
        names.add(Spot(PROGRESSIVE_METER))
    return frozenset(names)


def signs(config: PaiGowTableConfig) -> tuple[Sign, ...]:
    placards = []
    for wager in config.offered_wagers():
        try:
            table = config.paytable(wager)
        except KeyError:
            continue
        rows = tuple(
            (row.label, str(row.odds) + (f"  Envy {format_money(row.envy)}" if row.envy else ""))
            for row in table.rows
        )
        placards.append(Sign(table.name, str(table.cards.value), rows, frozenset({wager})))
    return tuple(placards)


def table_setup(round_: PaiGowRound) -> TableSetup:
    config = round_.config
    lammers = round_.lammers()
    meters: dict[SpotKind, Decimal] = {}
    if config.progressive is not None and round_.progressive_meter is not None:
        meters[PROGRESSIVE_METER] = round_.progressive_meter
    notes = [f"House way: {round_.house_way.name}"]
    if config.is_ez:
        notes.append("Dealer Queen's Dragon pushes the Pai Gow wager")
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(
            _seat(play, lammers.get(play.seat))
            for play in sorted(round_.seats, key=lambda s: s.seat)
        ),
        dealer_cards=round_.dealer,
        board=(),
        meters=meters,
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=tuple(notes),
        pre_deal=pre_deal_actions(
            lock_out=config.progressive is not None,
            progressive=config.progressive is not None,
            lammers=config.envy_wager() is not None,
        ),
        seed=round_.seed,
    )
