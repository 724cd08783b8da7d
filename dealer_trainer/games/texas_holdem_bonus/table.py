"""A Texas Hold 'Em Bonus Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante, the Flop, Turn and River Wagers a player made, the Bonus spot and the
progressive spot (its chips were collected and dropped before the deal, § 639a.8(b) by
analogy); the Five Card Hand Bonus was placed electronically, so it shows as placed.
"""

from __future__ import annotations

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotId
from dealer_trainer.games.community_table import lay_out, table_meters, table_spots
from dealer_trainer.games.table_support import electronic_stakes
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.outcomes import STREETS, street_stake
from dealer_trainer.games.texas_holdem_bonus.procedure import FCHB_AWARDS, ThbSpot
from dealer_trainer.games.texas_holdem_bonus.round import SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager


def _seat(config: ThbTableConfig, play: SeatPlay) -> SeatSetup:
    w = play.wagers
    seat = play.seat
    stakes = {SpotId(seat, ThbWager.ANTE): w.ante}
    for wager in STREETS:
        if play.decision.makes(wager):
            stakes[SpotId(seat, wager)] = street_stake(config, w.ante, wager)
    if w.bonus:
        stakes[SpotId(seat, ThbWager.BONUS)] = w.bonus
    if w.progressive:
        stakes[SpotId(seat, ThbWager.PROGRESSIVE)] = w.progressive
    electronic = electronic_stakes(seat, w.fchb_stakes())
    return SeatSetup(
        play.seat, play.cards, stakes, electronic, str(play.decision), play.decision.folded
    )


def offered_spots(config: ThbTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    wagers = [wager for wager in config.offered_wagers() if wager not in FCHB_AWARDS]
    return frozenset(table_spots(config, wagers, ThbSpot.ENVY_BONUS))


def signs(config: ThbTableConfig) -> tuple[Sign, ...]:
    """A placard for the base game and one per paytable the table offers."""
    rules = config.rules
    base = (
        ("Flop, Turn, River", "1 to 1"),
        (f"Ante, {rules.ante_pays_from.value.lower()} or better", "1 to 1"),
        (f"Ante, less than a {rules.ante_pays_from.value.lower()}", "Push"),
    )
    base_wagers = frozenset({ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER})
    placards = [
        Sign(
            "Ante, Flop, Turn and River", "the better hand against the dealer's", base, base_wagers
        )
    ]
    for wager in (ThbWager.BONUS, ThbWager.PROGRESSIVE):
        if not config.offers(wager):
            continue
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows if row.odds.applicable)
        placards.append(Sign(table.name, table.cards.value, rows, frozenset({wager})))
    return tuple(placards)


def table_setup(round_: ThbRound) -> TableSetup:
    config = round_.config
    seats = [_seat(config, play) for play in sorted(round_.seats, key=lambda s: s.seat)]
    return lay_out(round_, seats, table_meters(round_), signs(config), offered_spots(config))
