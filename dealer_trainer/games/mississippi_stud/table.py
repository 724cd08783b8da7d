"""A Mississippi Stud round as it lies on the felt when settlement begins.

Chips lie on each player's Ante and the Bet Wagers made (a folded player's were collected at the
fold, but the felt shows the round as dealt and the trainee collects them), on the Three Card
Bonus and, until the pre-deal steps drop them into the table inventory container, on the
Progressive Payout Wager. The three community cards lie in the dealer's card area, face up once
turned; the dealer holds no hand. A Five Card Hand Bonus is electronic: shown as placed, with
its meter and the table game system's Magic Card and Lucky Bonus draws. Each paytable is on a
sign, with the aggregate payout limit (§ 655a.12(b)). A progressive on Paytable B, C or D shows
each jackpot's meter (mega, major, minor) instead of the one progressive meter.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.round import StudRound, StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import BASE_WAGERS, StudWager
from dealer_trainer.games.paytable_felt import (
    OPENING_INVENTORY,
    community_table_setup,
    paytable_signs,
)
from dealer_trainer.games.paytable_felt import offered_spots as paytable_spots
from dealer_trainer.games.procedure_steps import PROGRESSIVE_METER
from dealer_trainer.games.table_support import (
    electronic_stakes,
    felt_stakes,
)
from dealer_trainer.rules.money import format_money


def _seat(play: StudSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    decision = f"bets {play.decision}"
    if play.decision.folded_at is not None:
        decision = f"folded at {play.decision.folded_at.value}"
    return SeatSetup(play.seat, play.cards, stakes, electronic, decision, play.folded)


def offered_spots(config: StudTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle: with jackpots, each jackpot's meter in place of the
    one progressive meter."""
    spots = paytable_spots(config, config.offered_wagers(), StudWager.ENVY_BONUS)
    jackpots = config.jackpot_meters
    if not jackpots:
        return spots
    return (spots - {Spot(PROGRESSIVE_METER)}) | {Spot(meter) for meter in jackpots}


def signs(config: StudTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable, the aggregate payout limit on the Ante and Bet Wagers' one."""
    return paytable_signs(
        config,
        BASE_WAGERS,
        (StudWager.THREE_CARD_BONUS, StudWager.PROGRESSIVE),
        progressive=StudWager.PROGRESSIVE,
        envy=StudWager.ENVY_BONUS,
        limit=config.payout_limit,
        fchb_cards="the player's two cards and the three community cards",
    )


def table_setup(round_: StudRound) -> TableSetup:
    config = round_.config
    setup = community_table_setup(
        round_,
        config,
        tuple(_seat(play) for play in round_.dealing_order()),
        signs(config),
        offered_spots(config),
        f"Payout limit {format_money(config.payout_limit)} per hand",
    )
    if not round_.jackpot_meters:
        return setup
    meters: dict[SpotKind, Decimal] = dict(round_.jackpot_meters.amounts)
    return replace(setup, meters={**meters, **setup.meters})


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
