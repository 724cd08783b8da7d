"""A Crazy 4 Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante and the Super Bonus (equal amounts), on the Play Wager of each player who
stayed in (none after a fold), and on the Queens Up. Each player's five cards are shown; the
dealer's five wait to be revealed. A Five Card Hand Bonus is electronic: shown as placed, with
its meter and the table game system's Magic Card and Lucky Bonus draws, and its paytable on a
sign.
"""

from __future__ import annotations

from dealer_trainer.engine.felt import Sign, TableSetup
from dealer_trainer.games.best_four_table import (
    OPENING_INVENTORY,
    best_four_setup,
    fchb_placard,
    offered_spots,
    progressive_signs,
)
from dealer_trainer.games.crazy_4_poker.config import PROGRESSIVE, Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.round import Crazy4Round
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, TieRule

_TIE_TEXT = {
    TieRule.PLAYER_WINS: "1 to 1 (the player wins ties)",
    TieRule.PUSH: "Push",
    TieRule.DEALER_WINS: "Lose (the dealer wins ties)",
}
_NOT_QUALIFIED = "Ante push, Play 1 to 1"


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
    placards += progressive_signs(config, PROGRESSIVE)
    return tuple(placards + fchb_placard(config, "the dealer's five cards"))


def table_setup(round_: Crazy4Round) -> TableSetup:
    notes: list[str] = []
    return best_four_setup(round_, signs(round_.config), notes)


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
