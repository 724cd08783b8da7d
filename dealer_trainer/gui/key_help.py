"""F1: every key of the trainer and every menu shortcut, on one page.

The page is built from the key map and from the window's own menus, so a key added to either
shows up here; it wraps and scrolls, so no line is cut off at any window size.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.card_text import escape
from dealer_trainer.gui.keymap import ACTION_KEYS, OTHER_KEYS
from dealer_trainer.practice.action_fit import GROUPS, ActionGroup


def menu_shortcuts(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, entry, shortcut) of every menu entry with a shortcut, in menu order."""
    found = []
    for top in window.menuBar().actions():
        menu = top.menu()
        for action in menu.actions() if isinstance(menu, QMenu) else ():
            for shortcut in action.shortcuts():
                text = shortcut.toString(QKeySequence.SequenceFormat.NativeText)
                name = action.text().replace("&", "").rstrip("…")
                found.append((top.text().replace("&", ""), name, text))
    return found


def _row(key: str, what: str) -> str:
    return f"<tr><td><b>{escape(key)}</b></td><td>{escape(what)}</td></tr>"


def help_html(window: QMainWindow | None) -> str:
    parts = [
        "<h2>Settling with the keyboard</h2><p>Select a spot with the arrow keys (or click it), "
        "then press the action's key. A table shows only the actions it can use.</p>"
    ]
    for group in ActionGroup:
        rows = "".join(
            _row(
                k.key,
                k.title
                + (" (type the amount first, or after, then Enter)" if k.needs_amount else "")
                + (" (then name the hand)" if k.names_hand else ""),
            )
            for k in ACTION_KEYS
            if GROUPS[k.action] is group
        )
        parts.append(f"<h3>{escape(group.value)}</h3><table cellspacing=4>{rows}</table>")
    rows = "".join(_row(key, what) for key, what in OTHER_KEYS)
    parts.append(f"<h3>At the table</h3><table cellspacing=4>{rows}</table>")
    if window is not None:
        rows = "".join(
            _row(shortcut, f"{menu} › {entry}") for menu, entry, shortcut in menu_shortcuts(window)
        )
        parts.append(f"<h3>Menus</h3><table cellspacing=4>{rows}</table>")
    return "".join(parts)


class HelpDialog(QDialog):
    """F1: every keyboard path, generated from the key map and the window's menus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard help")
        self.setObjectName("helpDialog")
        window = parent.window() if parent is not None else None
        self.text = QTextBrowser()
        self.text.setObjectName("helpText")
        self.text.setOpenLinks(False)
        self.text.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self.text.setHtml(help_html(window if isinstance(window, QMainWindow) else None))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(close)
        # The list is long: it scrolls inside a dialog that fits a 1280x720 screen.
        screen = (
            parent.screen() if parent is not None else None
        ) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().size() if screen is not None else None
        height = 640 if room is None else min(640, room.height() - 80)
        width = 620 if room is None else min(620, room.width() - 40)
        self.resize(width, height)
