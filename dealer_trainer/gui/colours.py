"""Colours that stay readable on whatever palette the trainee's desktop imposes.

The screens name colours by meaning (right, wrong, a hint, spades); the hue is kept but its
lightness is moved until the text reaches the WCAG AA contrast of 4.5:1 against the window's
actual background, so green feedback or a black spade does not vanish on a dark or
high-contrast palette. Placeholder text ("Amount") is given the same contrast whenever the
application palette changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

GOOD = "#2e7d32"
"""Right: feedback, a passed exam."""
BAD = "#c62828"
"""Wrong: a refused step, a failed exam, a warning."""

AA = 4.5
"""WCAG 2 level AA contrast for body text."""


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(first: QColor, second: QColor) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def background() -> QColor:
    """What text is drawn on: the application palette's base (labels, lists, fields)."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Base)


def readable(colour: str | QColor, on: QColor | None = None, ratio: float = AA) -> QColor:
    """``colour``'s hue at a lightness that reaches ``ratio`` against ``on`` (by default the
    palette's background): darker on a light background, lighter on a dark one."""
    base = on if on is not None else background()
    result = QColor(colour)
    towards_light = luminance(base) < 0.18
    hue, saturation, alpha = result.hslHueF(), result.hslSaturationF(), result.alphaF()
    lightness: float = result.lightnessF()
    for _ in range(40):
        if contrast(result, base) >= ratio:
            return result
        lightness = min(1.0, lightness + 0.025) if towards_light else max(0.0, lightness - 0.025)
        result = QColor.fromHslF(max(hue, 0.0), saturation, lightness, alpha)
    return QColor("#ffffff") if towards_light else QColor("#000000")


def css(colour: str | QColor) -> str:
    """``readable(colour)`` for a rich-text style attribute."""
    return readable(colour).name() if colour else ""


def _mixed(first: QColor, second: QColor, share: float) -> QColor:
    """``share`` of ``second`` mixed into ``first``."""
    return QColor(
        round(first.red() * (1 - share) + second.red() * share),
        round(first.green() * (1 - share) + second.green() * share),
        round(first.blue() * (1 - share) + second.blue() * share),
    )


def fix_placeholder(app: QGuiApplication) -> None:
    """Give the palette's placeholder text readable contrast against the base, keeping it
    dimmer than real text when the palette allows; and give the alternate rows of lists and
    tables a background the text reads on. A high-contrast palette that sets only the base
    (black) and the text (white) leaves the alternate rows at the light theme's near-white,
    where every other row of the course, the exam settings and the dashboard vanishes."""
    palette = app.palette()
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    changed = False
    current = palette.color(QPalette.ColorRole.PlaceholderText)
    if contrast(current, base) < AA:
        mixed = _mixed(base, text, 2 / 3)
        palette.setColor(QPalette.ColorRole.PlaceholderText, readable(mixed, base))
        changed = True
    alternate = palette.color(QPalette.ColorRole.AlternateBase)
    if contrast(text, alternate) < AA:
        palette.setColor(QPalette.ColorRole.AlternateBase, _mixed(base, text, 0.1))
        changed = True
    if changed:
        app.setPalette(palette)


class _PaletteWatcher(QWidget):
    """A window that is never shown: Qt tells every window when the application palette
    changes. (An event filter on the application would see every event of every object
    instead, each one handed to Python: a cost on every event, the first paint's included.)"""

    def event(self, event: QEvent) -> bool:
        app = QApplication.instance()
        if event.type() == QEvent.Type.ApplicationPaletteChange and isinstance(
            app, QGuiApplication
        ):
            # After the change is complete: a palette set while Qt is still handing the
            # old one to every widget would be overwritten.
            QTimer.singleShot(0, lambda: fix_placeholder(app))
        return super().event(event)


_WATCHERS: list[_PaletteWatcher] = []


def follow_palette(app: QApplication) -> None:
    """Keep placeholder text readable now and after every palette change."""
    fix_placeholder(app)
    watcher = _PaletteWatcher()
    watcher.setObjectName("paletteWatcher")
    _WATCHERS.append(watcher)
