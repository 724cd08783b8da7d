"""The electronic Five Card Hand Bonus as every game's felt shows it.

Each game's ``table.py`` lays a round on the practice table for the trainee. The Five Card Hand
Bonus is placed through the wagering device, so no chips lie on the layout: each stake is shown
as placed on its spot, the table game system shows its meter and its Magic Card and Lucky Bonus
draws, and its paytable is on a sign (Caribbean Stud §§ 639a.2(b)(6), 639a.7(d)(4), Four Card
Poker § 641a.7(d)(7), Let It Ride § 643a.7(i)). That is the same at every table but for which
cards the sign names, so it is written once here.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TypeVar

from dealer_trainer.engine.felt import Sign
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind
from dealer_trainer.games.five_card_hand_bonus import (
    METER,
    Award,
    BetOn,
    FchbDraws,
    FiveCardHandBonusSpec,
    hand_of,
    offered_spots,
    sign_rows,
)

Kind = TypeVar("Kind", bound=SpotKind)


def felt_stakes(seat: int, stakes: Mapping[Kind, Decimal]) -> dict[SpotId, Decimal]:
    """A seat's chips by the spot each lies on (each wager on its own spot)."""
    return {SpotId(seat, kind): stake for kind, stake in stakes.items()}


def electronic_stakes(seat: int, stakes: Mapping[BetOn, Decimal]) -> dict[SpotId, Decimal]:
    """A seat's Five Card Hand Bonus stakes by the spot each is shown on, as placed."""
    return {
        SpotId(seat, Award.FIVE_CARD_HAND_BONUS, hand_of(hand)): stake
        for hand, stake in stakes.items()
    }


def show_draws(draws: FchbDraws | None, meters: dict[SpotKind, Decimal], notes: list[str]) -> None:
    """Add what the table game system shows, if the round has its draws: the meter to
    ``meters``, the Magic Card and the Lucky Bonus position to ``notes``."""
    if draws is None:
        return
    meters[METER] = draws.meter
    if draws.magic_card is not None:
        notes.append(f"Magic Card: {draws.magic_card.pretty}")
    lucky = draws.lucky
    if lucky is not None:
        notes.append(
            "Lucky Bonus: " + ("the dealer position" if lucky == DEALER else f"seat {lucky}")
        )


def fchb_sign(spec: FiveCardHandBonusSpec, hands: str) -> Sign:
    """The Five Card Hand Bonus paytable's placard; ``hands`` says which cards it is paid on."""
    paid = frozenset(spot.kind for spot in offered_spots(spec))
    return Sign("Five Card Hand Bonus", hands, sign_rows(spec), paid)


__all__ = ["electronic_stakes", "fchb_sign", "felt_stakes", "show_draws"]
