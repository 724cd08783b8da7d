"""The action panel: the verbs this table can ever use, grouped as a dealer thinks of them
(before the deal, settling, procedure, jackpots), each with its key.

Which verbs a table uses comes from ``practice.action_fit``; the panel only shows them. The
ones that fit the kind of spot selected are emphasised; which one this round wants is never
shown, so the panel gives nothing away in practice or in an exam.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.keymap import ACTION_KEYS
from dealer_trainer.practice.action_fit import GROUPS, ActionGroup

STYLE = (
    'QPushButton[fits="true"] { font-weight: bold; border: 2px solid palette(highlight);'
    " border-radius: 3px; padding: 3px; }"
)


class ActionPanel(QWidget):
    """Pressing a button asks the trainer to take its action on the selected spot."""

    chosen = Signal(object)
    """An ``ActionKey``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionPanel")
        self.setStyleSheet(STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.buttons: dict[str, QPushButton] = {}
        self.groups: dict[ActionGroup, QGroupBox] = {}
        self.grids: dict[ActionGroup, QGridLayout] = {}
        self._positions: dict[str, tuple[int, int]] = {}
        grids = self.grids
        for group in ActionGroup:
            box = QGroupBox(group.value)
            box.setObjectName(f"group_{group.name.lower()}")
            grid = QGridLayout(box)
            grid.setContentsMargins(4, 2, 4, 4)
            grid.setSpacing(3)
            grids[group] = grid
            self.groups[group] = box
            layout.addWidget(box)
        for key in ACTION_KEYS:
            button = QPushButton(f"{key.button}  {key.key}")
            button.setObjectName(f"action_{key.action.value}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(f"{key.title}: press {key.key}")
            button.setAccessibleName(key.title)
            button.setProperty("fits", False)
            button.clicked.connect(lambda _=False, k=key: self.chosen.emit(k))
            grid = grids[GROUPS[key.action]]
            count = grid.count()
            grid.addWidget(button, count // 2, count % 2)
            self.buttons[key.action.value] = button
            self._positions[key.action.value] = (count // 2, count % 2)
        self.offered: tuple[Action, ...] = ()
        self.before_the_deal = False

    def offer(self, actions: Iterable[Action]) -> None:
        """The verbs this table can ever use; every other button is hidden."""
        self.offered = tuple(actions)
        self._show()

    def set_phase(self, before_the_deal: bool) -> None:
        """Before the deal only its own steps (and collecting the progressive chips, at a
        table whose progressive chips are counted) are shown; once the cards are out, the
        pre-deal steps are done and their group goes."""
        self.before_the_deal = before_the_deal
        self._show()

    def _show(self) -> None:
        offered = set(self.offered)
        chips = Action.VERIFY_CHIP_COUNT in offered
        for key in ACTION_KEYS:
            group = GROUPS[key.action]
            if self.before_the_deal:
                now = group is ActionGroup.PRE_DEAL or (key.action is Action.COLLECT and chips)
            else:
                now = group is not ActionGroup.PRE_DEAL
            self.buttons[key.action.value].setVisible(key.action in offered and now)
        self._reflow()
        for group, box in self.groups.items():
            box.setVisible(
                any(
                    not self.buttons[k.action.value].isHidden()
                    for k in ACTION_KEYS
                    if GROUPS[k.action] is group
                )
            )

    def _reflow(self) -> None:
        """Each group's shown buttons two to a row, in the keymap's order: a hidden button
        leaves no hole (Verify alone on one row and Envy alone on the next)."""
        shown: dict[ActionGroup, int] = {}
        for key in ACTION_KEYS:
            button = self.buttons[key.action.value]
            if button.isHidden():
                continue
            group = GROUPS[key.action]
            index = shown.get(group, 0)
            shown[group] = index + 1
            place = (index // 2, index % 2)
            if self._positions.get(key.action.value) != place:
                grid = self.grids[group]
                grid.removeWidget(button)
                grid.addWidget(button, *place)
                self._positions[key.action.value] = place

    def emphasise(self, actions: Iterable[Action]) -> None:
        """Emphasise the verbs that fit the kind of spot selected (``practice.action_fit``),
        scrolled into view when the panel scrolls (a 1280x720 screen): an emphasised button
        the trainee cannot see is no help. A changed button's style sheet is set again so the
        ``fits`` rule is matched anew, as Qt advises for a dynamic property (the first
        ``style()`` asked for in Python would build the Python enums of ``QStyle``, hundreds
        of names, at the table's first paint)."""
        fit = set(actions)
        changed = False
        for key in ACTION_KEYS:
            button = self.buttons[key.action.value]
            fits = key.action in fit
            if button.property("fits") != fits:
                button.setProperty("fits", fits)
                button.setStyleSheet(button.styleSheet())
                changed = True
        if changed:
            # Once the panel is laid out anew (the selection's lines above it change too).
            QTimer.singleShot(0, self, self.show_emphasised)  # dropped if the panel is gone

    def show_emphasised(self) -> None:
        """Scroll the panel's scroll area, if it has one, so the emphasised buttons shown are
        in view, the first of them before the rest when they do not all fit."""
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        shown = [
            self.buttons[k.action.value]
            for k in ACTION_KEYS
            if self.buttons[k.action.value].property("fits")
            and not self.buttons[k.action.value].isHidden()
        ]
        if area is None or not shown:
            return
        for button in reversed(shown):
            area.ensureWidgetVisible(button, 0, 6)

    def emphasised(self) -> set[Action]:
        return {k.action for k in ACTION_KEYS if self.buttons[k.action.value].property("fits")}
