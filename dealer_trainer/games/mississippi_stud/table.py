"""A Mississippi Stud round as it lies on the felt when settlement begins.

Chips lie on each player's Ante and the Bet Wagers made (a folded player's were collected at the
fold, but the felt shows the round as dealt and the trainee collects them), on the Three Card
Bonus and, until the pre-deal steps drop them into the table inventory container, on the
Progressive Payout Wager. The three community cards lie in the dealer's card area, face up once
turned; the dealer holds no hand. A Five Card Hand Bonus is electronic: shown as placed, with
its meter and the table game system's Magic Card and Lucky Bonus draws. Each paytable is on a
sign, with the aggregate payout limit (§ 655a.12(b)).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.procedure import CARDS, ENVY_HAND, PROGRESSIVE_METER
from dealer_trainer.games.mississippi_stud.round import StudRound, StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import BASE_WAGERS, StudWager
from dealer_trainer.games.table_support import (
    electronic_stakes,
    fchb_sign,
    felt_stakes,
    show_draws,
)
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(250000)
"""The practice table's opening float in the chip rack: enough for a royal flush at the limit."""


def _seat(play: StudSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    decision = f"bets {play.decision}"
    if play.decision.folded_at is not None:
        decision = f"folded at {play.decision.folded_at.value}"
    return SeatSetup(play.seat, play.cards, stakes, electronic, decision, play.folded)


def offered_spots(config: StudTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS)} | {Spot(wager) for wager in config.offered_wagers()}
    if config.progressive is not None:
        names |= {Spot(TableSpot.TABLE), Spot(PROGRESSIVE_METER)}
        if config.envy_amount is not None:
            names |= {Spot(ENVY_HAND), Spot(StudWager.ENVY_BONUS, WhoseHand.SEAT)}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}
    return frozenset(names)


def signs(config: StudTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable, the aggregate payout limit on the Ante and Bet Wagers' one."""
    placards: list[Sign] = []
    for wager in (StudWager.ANTE, StudWager.THREE_CARD_BONUS, StudWager.PROGRESSIVE):
        if not config.offers(wager):
            continue
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        if wager is StudWager.ANTE:
            rows += (("Payout limit per hand", format_money(config.payout_limit)),)
        paid = frozenset(BASE_WAGERS) if wager is StudWager.ANTE else frozenset({wager})
        if wager is StudWager.PROGRESSIVE and config.envy_amount is not None:
            rows += (("Envy Bonus", format_money(config.envy_amount)),)
            paid |= {StudWager.ENVY_BONUS}
        placards.append(Sign(table.name, table.cards.value, rows, paid))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus, "the player's two cards and the three community cards"
            )
        )
    return tuple(placards)


def table_setup(round_: StudRound) -> TableSetup:
    config = round_.config
    notes: list[str] = []
    meters: dict[SpotKind, Decimal] = {}
    if round_.progressive_meter is not None:
        meters[PROGRESSIVE_METER] = round_.progressive_meter
    show_draws(round_.fchb, meters, notes)
    notes.append(f"Payout limit {format_money(config.payout_limit)} per hand")
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
