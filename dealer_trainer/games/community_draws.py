"""What the table game system supplies for a round of a game of two hole cards and five
community cards (Ultimate Texas Hold 'Em, Texas Hold 'Em Bonus Poker): the Five Card Hand
Bonus meter, the Magic Card, the Lucky Bonus position and the progressive meter.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import FchbDraws, FiveCardHandBonusSpec
from dealer_trainer.rules.money import to_money


class TableDraws(Struct, frozen=True):
    """What the table game system supplies for the round.

    ``meter`` is the Five Card Hand Bonus meter (a scenario may leave it out unless a hand wins
    a percentage of it), and ``progressive_meter`` the progressive payout wager's meter;
    ``magic_card`` the card it selected; ``lucky_seat`` the seat it selected for the Lucky
    Bonus, or ``lucky_dealer`` if it selected the dealer position.
    """

    meter: Decimal | None = None
    magic_card: Card | None = None
    lucky_seat: int | None = None
    lucky_dealer: bool = False
    progressive_meter: Decimal | None = None

    def __post_init__(self) -> None:
        for name in ("meter", "progressive_meter"):
            value = getattr(self, name)
            if value is not None:
                force_setattr(self, name, to_money(value, places=6))
        if self.lucky_seat is not None and self.lucky_dealer:
            raise ValueError("the Lucky Bonus selects one position: a seat or the dealer")

    def fchb(self, spec: FiveCardHandBonusSpec, dealer_hand_bettors: int) -> FchbDraws:
        """The draws in the shared module's form. Without a stated meter the Rules
        Submission's starting amount stands in (the table shows it); a percentage-of-meter win
        on it is refused when the bonus is settled (games/community_round.py)."""
        return FchbDraws(
            self.meter if self.meter is not None else spec.meter_start,
            self.magic_card,
            DEALER if self.lucky_dealer else self.lucky_seat,
            dealer_hand_bettors,
        )


__all__ = ["TableDraws"]
