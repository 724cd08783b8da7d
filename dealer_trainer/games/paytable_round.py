"""What a round of a paytable game with community cards checks and says the same way.

In these games (every player paid on the player's own cards and the community cards) a round
holds each seat's chip wagers, an optional Progressive Payout Wager that may pay a share of its
meter, and an optional electronic Five Card Hand Bonus on the player's hand. How a seat's base
wagers are placed is each game's (riding wagers, an Ante and Bet Wagers); the rest is here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    FchbDraws,
    FiveCardHandBonusSpec,
    check_wagers,
)
from dealer_trainer.rules.money import format_money, to_money
from dealer_trainer.vocabulary import Vocabulary

W = TypeVar("W", bound=Vocabulary)


class _Seat(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def progressive(self) -> Decimal: ...
    def fchb_stakes(self) -> Mapping[BetOn, Decimal]: ...


class _Table(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...
    @property
    def progressive_pays_meter_share(self) -> bool: ...


def checked_meter(
    config: _Table,
    seats: Sequence[_Seat],
    meter: Decimal | None,
    fchb: FchbDraws | None,
    max_seats: int,
) -> Decimal | None:
    """The progressive meter as exact money (``None`` stays ``None``), after checking that a
    meter is given where a progressive placed may pay a share of it, and that every Five Card
    Hand Bonus is offered, within limits and has the table system's draws; ``ValueError``
    otherwise."""
    exact = to_money(meter, places=6) if meter is not None else None
    placed = any(play.progressive > 0 for play in seats)
    if placed and config.progressive_pays_meter_share and exact is None:
        raise ValueError(
            "progressive_meter: the progressive pays a share of its meter, so the meter "
            "amount is needed"
        )
    check_wagers(
        config.name,
        config.five_card_hand_bonus,
        {play.seat: play.fchb_stakes() for play in seats},
        fchb,
        0,
        max_seats,
    )
    return exact


def side_wagers_text(stake: Callable[[W], Decimal], wagers: Iterable[W], fchb: Decimal) -> str:
    """ ", Three Card Bonus $5, Five Card Hand Bonus $1": a seat's optional wagers placed, as a
    round's account lists them after the base wagers."""
    side = ""
    for wager in wagers:
        if stake(wager):
            side += f", {wager.value} {format_money(stake(wager))}"
    if fchb:
        side += f", Five Card Hand Bonus {format_money(fchb)}"
    return side


__all__ = ["checked_meter", "side_wagers_text"]
