"""Screenshots kept for people to look at (tests/screenshots/)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

FAST_PNG = 80
"""Qt writes a PNG of quality 80 at zlib's fastest level: a tenth larger than at Qt's default
level and written in about half the time (a full-HD shot took ~0.5 s)."""


def save_shot(picture: QImage | QPixmap, path: Path) -> None:
    picture.save(str(path), "PNG", FAST_PNG)


def resized(window: QWidget, width: int, height: int) -> None:
    """The window at ``width`` x ``height`` as a person would see it: a resize posts layout
    requests (the side panel fitting its widened buttons, its scroll area its height), and a
    grab taken before they are delivered shows a half-laid-out panel that no one ever sees."""
    window.resize(width, height)
    for _ in range(3):
        QApplication.processEvents()
