"""A Crazy 4 Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante and the Super Bonus (equal amounts), on the Play Wager of each player who
stayed in (none after a fold), and on the Queens Up. Each player's five cards are shown; the
dealer's five wait to be revealed. A Five Card Hand Bonus is electronic: shown as placed, with
its meter and the table game system's Magic Card and Lucky Bonus draws, and its paytable on a
sign.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot
from dealer_trainer.games.crazy_4_poker.config import Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.procedure import CARDS, DEALERS_HAND
from dealer_trainer.games.crazy_4_poker.round import Crazy4Round, Crazy4SeatPlay
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, TieRule
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.table_support import (
    electronic_stakes,
    fchb_sign,
    felt_stakes,
    show_draws,
)

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""

_TIE_TEXT = {
    TieRule.PLAYER_WINS: "1 to 1 (the player wins ties)",
    TieRule.PUSH: "Push",
    TieRule.DEALER_WINS: "Lose (the dealer wins ties)",
}
_NOT_QUALIFIED = "Ante push, Play 1 to 1"


def _seat(play: Crazy4SeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    # The Five Card Hand Bonus is placed through the wagering device: shown as placed, no chips
    # on the layout.
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    return SeatSetup(play.seat, play.cards, stakes, electronic, str(play.decision), play.folded)


def offered_spots(config: Crazy4PokerTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS), Spot(DEALERS_HAND)}
    names |= {Spot(wager) for wager in config.offered_wagers()}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}  # lockout
    return frozenset(names)


def signs(config: Crazy4PokerTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable (Ante and Play pay even money, on one sign with the tie rule and
    the dealer's qualification)."""
    even = config.paytable(Crazy4Wager.ANTE)
    placards = [
        Sign(
            "Ante and Play",
            even.cards.value,
            (
                ("Win", str(even.rows[0].odds)),
                ("Tie", _TIE_TEXT[config.rules.ties]),
                ("Qualifies", "King high or better"),
                ("Below K", _NOT_QUALIFIED),
            ),
            frozenset({Crazy4Wager.ANTE, Crazy4Wager.PLAY}),
        )
    ]
    for wager in (Crazy4Wager.SUPER_BONUS, Crazy4Wager.QUEENS_UP):
        if not config.offers(wager):
            continue
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        placards.append(Sign(table.name, table.cards.value, rows, frozenset({wager})))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus,
                "the player's five cards, or the dealer's five cards",
            )
        )
    return tuple(placards)


def table_setup(round_: Crazy4Round) -> TableSetup:
    config = round_.config
    notes: list[str] = []
    meters: dict[SpotKind, Decimal] = {}
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
    )


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
