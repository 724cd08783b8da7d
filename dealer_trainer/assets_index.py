"""The generated artwork as the application finds it: the folder it lives in, the decks and
chips there are, and the file each card, back and chip is drawn to.

The generators (``art``, ``card_art``) import Pillow and hold every drawing routine; the GUI
only loads the finished images, so it finds them here without importing either.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from dealer_trainer.cards import Card
from dealer_trainer.resources import shipped_assets

ASSETS = shipped_assets()
"""The artwork folder, shipped inside the package (``resources``)."""

CHIP_DENOMINATIONS: tuple[int, ...] = (1, 5, 25, 100, 500, 1000)


class DeckStyle(Enum):
    """Which suit colours a deck uses; the value is the folder name under ``assets/cards``."""

    STANDARD = "standard"
    FOUR_COLOUR = "four_colour"


def icon_path(root: Path = ASSETS) -> Path:
    return root / "icon.png"


def card_path(card: Card | None, style: DeckStyle, root: Path = ASSETS) -> Path:
    """Where a face (or, for ``None``, the shared back) lives; the UI and tests agree on it."""
    if card is None:
        return root / "cards" / "back.png"
    return root / "cards" / style.value / f"{card.notation}.png"


def chip_path(denomination: int, root: Path = ASSETS) -> Path:
    """Chips are named by value so the UI finds one from a bet amount without a lookup table."""
    return root / "chips" / f"{denomination}.png"
