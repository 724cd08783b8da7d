"""A Four Card Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante, on the Play Wager of each player who stayed in (none after a fold), and
on the Aces Up; the Ante Bonus is a payout beside the Ante, so it is a spot with no stake. Each
player's five cards are shown; the dealer's six wait to be revealed, the sixth face up where the
table deals one up (``rules.dealer_up_card``). A Five Card Hand Bonus is electronic
(§ 641a.7(d)(7)): shown as placed, with its meter and the table game system's Magic Card and
Lucky Bonus draws, and its paytable on a sign (§ 641a.2(b)(6)).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.four_card_poker.config import FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.procedure import CARDS, DEALERS_HAND
from dealer_trainer.games.four_card_poker.round import FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.wagers import FourCardWager, TieRule
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


def _seat(play: FourCardSeatPlay) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    # The Five Card Hand Bonus is placed through the wagering device (§ 641a.7(d)(7)): shown as
    # placed, no chips on the layout.
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    return SeatSetup(play.seat, play.cards, stakes, electronic, str(play.decision), play.folded)


def offered_spots(config: FourCardPokerTableConfig) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS), Spot(DEALERS_HAND)}
    names |= {Spot(wager) for wager in config.offered_wagers()}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}  # lockout
    return frozenset(names)


def signs(config: FourCardPokerTableConfig) -> tuple[Sign, ...]:
    """A placard per paytable (Ante and Play pay even money, on one sign with the tie rule)."""
    even = config.paytable(FourCardWager.ANTE)
    placards = [
        Sign(
            "Ante and Play",
            even.cards.value,
            (
                ("Win", str(even.rows[0].odds)),
                ("Tie", _TIE_TEXT[config.rules.ties]),
            ),
            frozenset({FourCardWager.ANTE, FourCardWager.PLAY}),
        )
    ]
    for wager in (FourCardWager.ANTE_BONUS, FourCardWager.ACES_UP):
        if not config.offers(wager):
            continue
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        placards.append(Sign(table.name, table.cards.value, rows, frozenset({wager})))
    if config.five_card_hand_bonus is not None:
        placards.append(
            fchb_sign(
                config.five_card_hand_bonus,
                "the player's five cards, or the dealer's first five cards dealt",
            )
        )
    return tuple(placards)


def table_setup(round_: FourCardRound) -> TableSetup:
    config = round_.config
    notes: list[str] = []
    meters: dict[SpotKind, Decimal] = {}
    if round_.up_card is not None:
        notes.append(f"Dealer's up card: {round_.up_card.pretty}")
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
