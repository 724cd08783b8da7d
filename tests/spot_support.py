"""Tests read spots by the words a trainee sees; these helpers key the felt's typed maps by
those words so an assertion reads like the table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from dealer_trainer.engine.spot import Spot, SpotId, SpotKind, WhoseHand

V = TypeVar("V")


def by_label(spots: Mapping[SpotId, V]) -> dict[str, V]:
    """One seat's map (a ``SeatSetup``'s stakes) by spot label."""
    return {spot.label: value for spot, value in spots.items()}


def by_seat(spots: Mapping[SpotId, V]) -> dict[tuple[int, str], V]:
    """The table's map (a ``TableState``'s) by (seat, spot label)."""
    return {(spot.seat, spot.label): value for spot, value in spots.items()}


def meter_names(meters: Mapping[SpotKind, V]) -> dict[str, V]:
    return {str(kind): value for kind, value in meters.items()}


def offered_names(offered: Iterable[Spot]) -> set[str]:
    """What the table offers as the wager list shows it ("Envy Bonus (another seat's hand)")."""
    suffix = {
        WhoseHand.OWN: "",
        WhoseHand.DEALER: " (dealer's hand)",
        WhoseHand.SEAT: " (another seat's hand)",
    }
    return {f"{s.kind}{suffix[s.whose]}" for s in offered}
