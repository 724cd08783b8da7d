"""A Four Card Poker round as it lies on the felt when settlement begins.

Chips lie on the Ante, on the Play Wager of each player who stayed in (none after a fold), and
on the Aces Up; the Ante Bonus is a payout beside the Ante, so it is a spot with no stake. Each
player's five cards are shown; the dealer's six wait to be revealed, the sixth face up where the
table deals one up (``rules.dealer_up_card``). A Five Card Hand Bonus is electronic
(§ 641a.7(d)(7)): shown as placed, with its meter and the table game system's Magic Card and
Lucky Bonus draws, and its paytable on a sign (§ 641a.2(b)(6)).
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
from dealer_trainer.games.four_card_poker.config import PROGRESSIVE, FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.round import FourCardRound
from dealer_trainer.games.four_card_poker.wagers import FourCardWager, TieRule

_TIE_TEXT = {
    TieRule.PLAYER_WINS: "1 to 1 (the player wins ties)",
    TieRule.PUSH: "Push",
    TieRule.DEALER_WINS: "Lose (the dealer wins ties)",
}


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
    placards += progressive_signs(config, PROGRESSIVE)
    return tuple(placards + fchb_placard(config, "the dealer's first five cards dealt"))


def table_setup(round_: FourCardRound) -> TableSetup:
    notes: list[str] = []
    if round_.up_card is not None:
        notes.append(f"Dealer's up card: {round_.up_card.pretty}")
    return best_four_setup(round_, signs(round_.config), notes)


__all__ = ["OPENING_INVENTORY", "offered_spots", "signs", "table_setup"]
