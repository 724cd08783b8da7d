"""A Texas Hold 'Em Bonus Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante, the Flop, Turn and River Wagers a player made, the Bonus spot and the
progressive spot (its chips were collected and dropped before the deal, § 639a.8(b) by
analogy); the Five Card Hand Bonus was placed electronically, so it shows as placed.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotId, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.five_card_hand_bonus import METER as FCHB_METER
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.procedure_steps import CARDS, ENVY_HAND, PROGRESSIVE_METER
from dealer_trainer.games.table_support import electronic_stakes
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.outcomes import STREETS, street_stake
from dealer_trainer.games.texas_holdem_bonus.procedure import FCHB_AWARDS, ThbSpot
from dealer_trainer.games.texas_holdem_bonus.round import SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""


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
    names = {Spot(CARDS)}
    if config.five_card_hand_bonus is not None or config.progressive is not None:
        names.add(Spot(TableSpot.TABLE))
    names |= {Spot(wager) for wager in config.offered_wagers() if wager not in FCHB_AWARDS}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus)
    if config.progressive is not None:
        names.add(Spot(PROGRESSIVE_METER))
        if config.progressive.envy is not None:
            names |= {Spot(ENVY_HAND), Spot(ThbSpot.ENVY_BONUS, WhoseHand.SEAT)}
    return frozenset(names)


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


def meters(round_: ThbRound) -> dict[SpotKind, Decimal]:
    config = round_.config
    shown: dict[SpotKind, Decimal] = {}
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        shown[FCHB_METER] = round_.draws.meter or fchb.meter_start
    if config.progressive is not None and round_.draws.progressive_meter is not None:
        shown[PROGRESSIVE_METER] = round_.draws.progressive_meter
    return shown


def _notes(round_: ThbRound) -> tuple[str, ...]:
    notes: list[str] = []
    if round_.draws.magic_card is not None:
        notes.append(f"Magic Card: {round_.draws.magic_card.pretty}")
    if round_.draws.lucky_seat is not None:
        notes.append(f"Lucky Bonus: seat {round_.draws.lucky_seat}")
    if round_.draws.lucky_dealer:
        notes.append("Lucky Bonus: dealer position")
    return tuple(notes)


def table_setup(round_: ThbRound) -> TableSetup:
    config = round_.config
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(config, play) for play in sorted(round_.seats, key=lambda s: s.seat)),
        dealer_cards=round_.dealer,
        board=round_.board,
        meters=meters(round_),
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=_notes(round_),
        seed=round_.seed,
    )
