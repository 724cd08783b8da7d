"""Table layouts as data: where each seat, betting spot, card and fixture is drawn."""

from dealer_trainer.layout.schema import (
    Box,
    FixtureKind,
    SeatPlace,
    SpotShape,
    SpotSpec,
    TableLayout,
    TableLayoutError,
    game_layout,
    load_layout,
    shipped_layout,
)

__all__ = [
    "Box",
    "FixtureKind",
    "SeatPlace",
    "SpotShape",
    "SpotSpec",
    "TableLayout",
    "TableLayoutError",
    "game_layout",
    "load_layout",
    "shipped_layout",
]
