"""An Ultimate Texas Hold 'Em round as it lies on the felt when settlement begins.

Chips lie on the Ante, Blind, Play and optional spots, and on the progressive spot until the
dealer collects, counts and drops them before the deal (§§ 639a.8(b), 641a.8(b), by analogy);
the Five Card Hand Bonus was placed electronically, so it shows as placed, not as chips.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotId, SpotKind
from dealer_trainer.games.community_table import (
    OPENING_INVENTORY,
    lay_out,
    table_meters,
    table_spots,
)
from dealer_trainer.games.five_card_hand_bonus import Award
from dealer_trainer.games.table_support import electronic_stakes
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.must_hit_by import add_contributions, qualifies
from dealer_trainer.games.uth.procedure import FCHB_AWARDS, UthSpot
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.wagers import UthWager

CHIP_WAGERS = (
    UthWager.TRIPS,
    UthWager.BAD_BEAT,
    UthWager.PLAY_THE_BOARD,
    UthWager.ULTIMATE_PAIRS,
    UthWager.SIX_CARD_BONUS,
)


def _seat(play: SeatPlay) -> SeatSetup:
    w = play.wagers
    seat = play.seat
    stakes = {SpotId(seat, UthWager.ANTE): w.ante, SpotId(seat, UthWager.BLIND): w.blind_amount}
    if not play.decision.folded:
        stakes[SpotId(seat, UthWager.PLAY)] = w.ante * play.decision.multiple
    for wager in CHIP_WAGERS:
        amount: Decimal = getattr(w, wager.key)
        if amount:
            stakes[SpotId(seat, wager)] = amount
    if w.progressive:
        stakes[SpotId(seat, UthWager.PROGRESSIVE)] = w.progressive  # dropped before the deal
    electronic = electronic_stakes(seat, w.fchb_stakes())
    return SeatSetup(
        play.seat, play.cards, stakes, electronic, str(play.decision), play.decision.folded
    )


def offered_spots(config: UthTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    wagers = [wager for wager in config.offered_wagers() if wager not in FCHB_AWARDS]
    names = table_spots(config, wagers, UthSpot.ENVY_BONUS)
    if config.must_hit_by is not None:
        names.add(Spot(UthSpot.MUST_HIT_BY_METER))
    return frozenset(names)


def signs(config: UthTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable the table offers (Ante and Play pay even money, on one sign)."""
    even = (("Win", "1 to 1"),)
    placards = [
        Sign(
            "Ante and Play",
            "the better five-card hand against the dealer's",
            even,
            frozenset({UthWager.ANTE, UthWager.PLAY}),
        )
    ]
    for wager in config.offered_wagers():
        if wager in (UthWager.ANTE, UthWager.PLAY):
            continue
        try:
            table = config.paytable(wager)
        except KeyError:
            continue
        rows = tuple((row.label, str(row.odds)) for row in table.rows if row.odds.applicable)
        paid: SpotKind = Award[wager.name] if wager in FCHB_AWARDS else wager
        placards.append(Sign(table.name, table.cards.value, rows, frozenset({paid})))
    return tuple(placards)


def meters(round_: UthRound) -> dict[SpotKind, Decimal]:
    config = round_.config
    shown = table_meters(round_)
    mhb = config.must_hit_by_configuration()
    if mhb is not None and round_.must_hit_by is not None:
        contributions = [
            (s.seat, s.wagers.progressive)
            for s in sorted(round_.seats, key=lambda s: s.seat)
            if s.wagers.progressive > 0 and qualifies(mhb, s.wagers.progressive)
        ]
        result = add_contributions(
            mhb, round_.must_hit_by.meter, round_.must_hit_by.trigger, contributions
        )
        shown[UthSpot.MUST_HIT_BY_METER] = (
            result.award_exact if result.award_exact is not None else result.meter_after
        )
    return shown


def table_setup(round_: UthRound) -> TableSetup:
    config = round_.config
    seats = [_seat(play) for play in sorted(round_.seats, key=lambda s: s.seat)]
    return lay_out(round_, seats, meters(round_), signs(config), offered_spots(config))


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
