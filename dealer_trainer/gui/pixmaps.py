"""Card and chip images from ``assets/``, loaded once and shared by every scene."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QPixmap

from dealer_trainer.assets_index import DeckStyle, card_path, chip_path
from dealer_trainer.cards import Card


@cache
def card_pixmap(card: Card | None, style: DeckStyle = DeckStyle.STANDARD) -> QPixmap:
    """The face of ``card`` (``None``: the back) at full resolution; the scene scales it."""
    pixmap = QPixmap(str(card_path(card, style)))
    if pixmap.isNull():
        raise FileNotFoundError(f"missing card image {card_path(card, style)}")
    return pixmap


@cache
def chip_pixmap(denomination: int) -> QPixmap:
    pixmap = QPixmap(str(chip_path(denomination)))
    if pixmap.isNull():
        raise FileNotFoundError(f"missing chip image {chip_path(denomination)}")
    return pixmap
