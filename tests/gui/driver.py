"""Drives the trainer as a person would: clicks on the table, keys, and answering dialogs.

The driver knows the answer key (the procedure) only to decide what a perfect trainee would
do next; every action goes through the real widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QPushButton
from pytestqt.qtbot import QtBot

from dealer_trainer.cards import parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import WhoseHand
from dealer_trainer.engine.step import Step
from dealer_trainer.gui.dialogs import HandDialog
from dealer_trainer.gui.floorperson_dialog import FloorpersonDialog
from dealer_trainer.gui.keymap import BY_ACTION, ActionKey
from dealer_trainer.gui.round_summary import SummaryDialog
from dealer_trainer.gui.set_hand_dialog import SetHandDialog
from dealer_trainer.gui.table_scene import Target, spot_text, target_of
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.hands.four_card import evaluate_four
from dealer_trainer.hands.split import Split


class DialogAnswerer:
    """Answers modal dialogs as they open: names hands, signs for the floorperson, reads
    the summary. ``hands`` and ``seats`` are queues of answers."""

    def __init__(self) -> None:
        self.hands: list[str] = []
        self.splits: list[str] = []
        self.seats: list[int] = []
        self.summaries: list[SummaryDialog] = []
        self.signatures: list[str] = []
        self.on_summary: Callable[[SummaryDialog], None] | None = None
        self.errors: list[str] = []
        self.keyboard = False
        """Answer with keys only (arrows, digits, Enter), as a keyboard-only trainee would."""
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._answer)
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _answer(self) -> None:
        dialog = QApplication.activeModalWidget()
        try:
            self._answer_dialog(dialog)
        except Exception as error:  # a failing answer must fail the test, never hang it
            self.errors.append(repr(error))
            if isinstance(dialog, QDialog):
                dialog.reject()

    def _answer_dialog(self, dialog: object) -> None:
        if isinstance(dialog, HandDialog):
            # An award with no hand of its own (the Lucky Bonus): any name is accepted.
            hand = self.hands.pop(0) if self.hands else dialog.list.item(0).text()
            row = dialog.list.row(dialog.list.findItems(hand, Qt.MatchFlag.MatchExactly)[0])
            if self.keyboard:
                for _ in range(row - dialog.list.currentRow()):
                    QTest.keyClick(dialog.list, Qt.Key.Key_Down)
                QTest.keyClick(dialog.list, Qt.Key.Key_Return)
            else:
                dialog.list.setCurrentRow(row)
                dialog.accept()
        elif isinstance(dialog, SetHandDialog):
            split = Split.parse(self.splits.pop(0))
            for index, card in enumerate(dialog.cards):
                if card in split.low:
                    if self.keyboard:
                        QTest.keyClick(dialog, Qt.Key(Qt.Key.Key_1 + index))
                    else:
                        dialog.buttons[index].click()
            if self.keyboard:
                QTest.keyClick(dialog, Qt.Key.Key_Return)
            else:
                dialog.accept()
        elif isinstance(dialog, FloorpersonDialog):
            if dialog.sign.isEnabled():
                # The dealer announces the payout (a perfect dealer, the right one).
                payout = dialog.call.payout
                text = f"{payout:f}" if payout is not None else dialog.amount.text() or "0"
                if self.keyboard:
                    dialog.amount.selectAll()
                    QTest.keyClicks(dialog.amount, text)
                    QTest.keyClick(dialog.amount, Qt.Key.Key_Return)
                else:
                    dialog.amount.setText(text)
                    dialog.sign.click()
                if dialog.signature:
                    self.signatures.append(dialog.signature)
        elif isinstance(dialog, SummaryDialog):
            self.summaries.append(dialog)
            if self.on_summary is not None:
                self.on_summary(dialog)
            dialog.reject()
        elif isinstance(dialog, QInputDialog):
            seat = self.seats.pop(0)
            if self.keyboard:
                editor = dialog.focusWidget()
                QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
                QTest.keyClicks(editor, str(seat))
                QTest.keyClick(editor, Qt.Key.Key_Return)
            else:
                dialog.setIntValue(seat)
                dialog.accept()
        elif isinstance(dialog, QDialog):
            dialog.reject()


def target_for(screen: TrainerScreen, step: Step) -> tuple[Target, str]:
    """The target a dealer would select for ``step``, and the wager name to pick there."""
    target = target_of(screen.targets(), step.spot)
    if target is None:
        raise AssertionError(f"no target on the table for {step.describe()}")
    return target, spot_text(step.spot.spot)


class Driver:
    def __init__(self, qtbot: QtBot, screen: TrainerScreen, answers: DialogAnswerer) -> None:
        self.qtbot = qtbot
        self.screen = screen
        self.answers = answers

    # --- mouse -------------------------------------------------------------------------------

    def click_scene(self, rect_centre: object) -> None:
        view = self.screen.view
        point = view.mapFromScene(rect_centre)  # type: ignore[call-overload]
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(point))

    def click_target(self, target: Target) -> None:
        assert self.screen.scene is not None
        self.click_scene(self.screen.scene.target_rect(target).center())
        assert self.screen.selected == target, f"clicking did not select {target}"

    def type_amount_with_keypad(self, amount: Decimal) -> None:
        text = f"{amount:f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        for char in text:
            button = next(b for b in self.screen.findChildren(QPushButton) if b.text() == char)
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    def wait_for_the_cards(self, step: Step) -> None:
        """Settlement steps wait for the deal, which resumes after the pre-deal steps."""
        if not is_pre_deal(step):
            self.qtbot.waitUntil(lambda: not self.screen.dealing, timeout=20000)

    def mouse_step(self, step: Step, amount: Decimal | None = None) -> None:
        self.wait_for_the_cards(step)
        target, name = target_for(self.screen, step)
        self.click_target(target)
        if self.screen.wager.currentText() != name:
            self.screen.wager.setCurrentIndex(self.screen.wager.findText(name))
        self._queue_answers(step)
        key = BY_ACTION[step.action]
        given = step.amount if amount is None else amount
        if key.needs_amount and given is not None:
            self.type_amount_with_keypad(given)
        self.qtbot.mouseClick(
            self.screen.action_buttons[step.action.value], Qt.MouseButton.LeftButton
        )

    # --- keyboard ----------------------------------------------------------------------------

    def key(self, key: Qt.Key | str) -> None:
        if isinstance(key, str):
            self.qtbot.keyClicks(self.screen, key)
        else:
            self.qtbot.keyClick(self.screen, key)

    def navigate_to(self, target: Target) -> None:
        for _ in range(12):
            if self.screen.selected is not None and self.screen.selected.seat == target.seat:
                break
            self.key(Qt.Key.Key_Right)
        for _ in range(20):
            if self.screen.selected == target:
                return
            self.key(Qt.Key.Key_Down)
        raise AssertionError(f"the arrow keys never reached {target}")

    def keyboard_step(self, step: Step, amount: Decimal | None = None) -> None:
        self.wait_for_the_cards(step)
        target, name = target_for(self.screen, step)
        self.navigate_to(target)
        for _ in range(self.screen.wager.count()):
            if self.screen.wager.currentText() == name:
                break
            self.key("w")
        assert self.screen.wager.currentText() in ("", name)
        self._queue_answers(step)
        key = BY_ACTION[step.action]
        given = step.amount if amount is None else amount
        if key.needs_amount and given is not None:
            text = f"{given:f}"
            self.key(text.rstrip("0").rstrip(".") if "." in text else text)
        self.press(key)

    def press(self, key: ActionKey) -> None:
        """An action's key as a person presses it: its letter, with Shift when it has one."""
        shift = Qt.KeyboardModifier.ShiftModifier if key.shift else Qt.KeyboardModifier.NoModifier
        self.qtbot.keyClick(self.screen, Qt.Key(ord(key.letter)), shift)

    def _queue_answers(self, step: Step) -> None:
        dealt = self.screen.dealt
        if step.action is Action.SET_HAND and step.hand is not None and dealt is not None:
            if dealt.split_hands:
                self.answers.splits.append(step.hand)
            else:  # the dealer's best four, named
                best = evaluate_four(parse_cards(step.hand))
                self.answers.hands.append(best.rank.value)
        elif step.hand is not None:
            self.answers.hands.append(step.hand)
        if step.spot.spot.whose is WhoseHand.SEAT:
            assert step.spot.hand_of is not None
            self.answers.seats.append(step.spot.hand_of)

    def wait_for_signoffs(self) -> None:
        session = self.screen.session
        assert session is not None
        self.qtbot.waitUntil(lambda: not session.awaiting, timeout=3000)


def deal_quickly(screen: TrainerScreen) -> None:
    """The rest of the deal at a card a millisecond, each card still dealt and drawn in turn.
    The screen's deal timer is already running at the trainee's pace (140 ms a card) when a
    test gets the screen, so the new pace is given to the running timer too: without it the
    tests waited the trainee's pace, idle, a minute of the suite's time."""
    screen.deal_interval_ms = 1
    if screen._deal_timer.isActive():
        screen._deal_timer.setInterval(1)
