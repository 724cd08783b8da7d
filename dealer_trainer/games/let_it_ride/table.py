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

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.let_it_ride.round import LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.wagers import (
    LET_IT_RIDE_WAGERS,
    OPTIONAL_WAGERS,
    LetItRideWager,
)
from dealer_trainer.games.paytable_felt import (
    OPENING_INVENTORY,
    community_table_setup,
    paytable_signs,
)
from dealer_trainer.games.paytable_felt import offered_spots as paytable_spots
from dealer_trainer.games.table_support import (
    electronic_stakes,
    felt_stakes,
)
from dealer_trainer.rules.money import format_money


def _seat(play: LetItRideSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    withdrawn = sorted(w.value.rsplit(" ", 1)[-1] for w in play.decision.withdrawn)
    decision = f"withdrew {' and '.join(withdrawn)}" if withdrawn else "lets it ride"
    return SeatSetup(play.seat, play.cards, stakes, electronic, decision)


def offered_spots(config: LetItRideTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    return paytable_spots(config, config.offered_wagers(), LetItRideWager.ENVY_BONUS)


def signs(config: LetItRideTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable, the payout limit on the Let It Ride one (§ 643a.2(b)(9)-(10))."""
    return paytable_signs(
        config,
        LET_IT_RIDE_WAGERS,
        OPTIONAL_WAGERS,
        progressive=LetItRideWager.PROGRESSIVE,
        envy=LetItRideWager.ENVY_BONUS,
        limit=config.payout_limit,
        fchb_cards="the player's three cards and the two community cards",
    )


def table_setup(round_: LetItRideRound) -> TableSetup:
    config = round_.config
    limit = config.payout_limit
    return community_table_setup(
        round_,
        config,
        tuple(_seat(play) for play in round_.dealing_order()),
        signs(config),
        offered_spots(config),
        None if limit is None else f"Payout limit {format_money(limit)} per hand (Let It Ride)",
    )


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
