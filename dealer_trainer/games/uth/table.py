"""An Ultimate Texas Hold 'Em round as it lies on the felt when settlement begins.

Chips lie on the Ante, Blind, Play and optional spots, and on the progressive spot until the
dealer collects, counts and drops them before the deal (§§ 639a.8(b), 641a.8(b), by analogy);
the Five Card Hand Bonus was placed electronically, so it shows as placed, not as chips.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import TABLE
from dealer_trainer.games.five_card_hand_bonus import METER as FCHB_METER
from dealer_trainer.games.five_card_hand_bonus import spot_names
from dealer_trainer.games.table_support import electronic_stakes
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.must_hit_by import add_contributions, qualifies
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.wagers import UthWager

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""

PROGRESSIVE_METER = "Progressive meter"
MUST_HIT_BY_METER = "Must-Hit-By meter"
FCHB_AWARDS = (UthWager.FIVE_CARD_HAND_BONUS, UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS)
CHIP_WAGERS = (
    UthWager.TRIPS,
    UthWager.BAD_BEAT,
    UthWager.PLAY_THE_BOARD,
    UthWager.ULTIMATE_PAIRS,
    UthWager.SIX_CARD_BONUS,
)


def _seat(play: SeatPlay) -> SeatSetup:
    w = play.wagers
    stakes = {UthWager.ANTE.value: w.ante, UthWager.BLIND.value: w.blind_amount}
    if not play.decision.folded:
        stakes[UthWager.PLAY.value] = w.ante * play.decision.multiple
    for wager in CHIP_WAGERS:
        amount: Decimal = getattr(w, wager.key)
        if amount:
            stakes[wager.value] = amount
    if w.progressive:
        stakes[UthWager.PROGRESSIVE.value] = w.progressive  # dropped before the deal
    electronic = electronic_stakes(w.fchb_stakes())
    return SeatSetup(
        play.seat, play.cards, stakes, electronic, str(play.decision), play.decision.folded
    )


def offered_spots(config: UthTableConfig) -> frozenset[str]:
    """The procedure's names for every spot this table can settle."""
    names = {"Cards"}
    if config.five_card_hand_bonus is not None or config.progressive is not None:
        names.add(TABLE)  # the pre-deal steps are taken at the table inventory container
    names |= {wager.value for wager in config.offered_wagers() if wager not in FCHB_AWARDS}
    if config.five_card_hand_bonus is not None:
        names |= spot_names(config.five_card_hand_bonus)  # with the meter
    if config.progressive is not None:
        names.add(PROGRESSIVE_METER)
        if config.progressive.envy is not None:
            names |= {"Envy Bonus Qualifying Hand", "Envy Bonus (seat {seat}'s hand)"}
    if config.must_hit_by is not None:
        names.add(MUST_HIT_BY_METER)
    return frozenset(names)


def signs(config: UthTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable the table offers (Ante and Play pay even money, on one sign)."""
    even = (("Win", "1 to 1"),)
    placards = [Sign("Ante and Play", "the better five-card hand against the dealer's", even)]
    for wager in config.offered_wagers():
        if wager in (UthWager.ANTE, UthWager.PLAY):
            continue
        try:
            table = config.paytable(wager)
        except KeyError:
            continue
        rows = tuple((row.label, str(row.odds)) for row in table.rows if row.odds.applicable)
        placards.append(Sign(table.name, table.cards.value, rows))
    return tuple(placards)


def meters(round_: UthRound) -> dict[str, Decimal]:
    config = round_.config
    shown: dict[str, Decimal] = {}
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        shown[FCHB_METER] = round_.draws.meter or fchb.meter_start
    if config.progressive is not None and round_.draws.progressive_meter is not None:
        shown[PROGRESSIVE_METER] = round_.draws.progressive_meter
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
        shown[MUST_HIT_BY_METER] = (
            result.award_exact if result.award_exact is not None else result.meter_after
        )
    return shown


def _notes(round_: UthRound) -> tuple[str, ...]:
    notes: list[str] = []
    if round_.draws.magic_card is not None:
        notes.append(f"Magic Card: {round_.draws.magic_card.pretty}")
    if round_.draws.lucky_seat is not None:
        notes.append(f"Lucky Bonus: seat {round_.draws.lucky_seat}")
    if round_.draws.lucky_dealer:
        notes.append("Lucky Bonus: dealer position")
    return tuple(notes)


def table_setup(round_: UthRound) -> TableSetup:
    config = round_.config
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(play) for play in sorted(round_.seats, key=lambda s: s.seat)),
        dealer_cards=round_.dealer,
        board=round_.board,
        meters=meters(round_),
        signs=signs(config),
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=_notes(round_),
        seed=round_.seed,
    )
