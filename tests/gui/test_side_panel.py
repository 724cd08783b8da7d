"""The side panel beside the felt on a 1280x720 or 1366x768 screen: the feedback on the last
step is always on screen, the action groups have no holes, and the panel spends no room on
what the moment does not need (Skip dealing once the cards are out, an empty line where an
action waits for its amount, an empty list of steps)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QGridLayout, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.action_panel import ActionPanel
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.action_fit import GROUPS, table_actions
from dealer_trainer.practice.rounds import PracticeTable, deal, practice_tables
from dealer_trainer.practice.session import Mode

SMALL_SCREENS = ((1280, 720), (1366, 768))


def busiest_table() -> PracticeTable:
    """The offered table whose panel shows the most action buttons (the tallest panel)."""

    def buttons(table: PracticeTable) -> int:
        dealt = deal(table, 5)
        return len(table_actions(dealt.actions, dealt.setup))

    return max((t for t in practice_tables() if t.offered), key=buttons)


def settle_some(trainer: TrainerScreen, steps: int, stop: Action | None = None) -> None:
    """Take the next ``steps`` right steps of a learn-mode round (stopping before ``stop``),
    signing for the floorperson as an instructor in class mode would."""
    session = trainer.session
    assert session is not None
    for _ in range(steps):
        if session.awaiting:
            session.sign_off(session.awaiting[0].id, "M. Chen")
            continue
        step = session.hint()
        if step is None or step.action is stop:
            break
        session.act(step.spot, step.action, step.amount, step.hand)
        if trainer.dealing and not trainer.pre_deal:
            trainer.skip_dealing()


def on_screen(widget: QWidget) -> QRect:
    """The part of ``widget`` its parents do not clip (a scroll area's viewport, the window)."""
    top = widget.window()
    shown = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None:
        shown = shown.intersected(QRect(parent.mapTo(top, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return shown


def test_the_feedback_is_on_screen_at_the_busiest_table(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    table = busiest_table()
    window.open_round(deal(table, 5), table, Mode.LEARN)
    trainer = window.trainer
    assert trainer is not None
    trainer.show_summary = False
    trainer.skip_dealing()
    settle_some(trainer, 12)
    several = next((t for t in trainer.targets() if len(t.spots) > 1), None)
    if several is not None:
        trainer.select(several)  # the wager selector takes a line too
    trainer.show_hint()
    area = trainer.feedback_panel.area
    lines = trainer.feedback.fontMetrics().lineSpacing()
    for width, height in SMALL_SCREENS:
        window.resize(width, height)
        for _ in range(3):
            QApplication.processEvents()
        assert trainer.feedback.text(), "nothing said about the last step"
        shown = on_screen(area)
        assert shown.size() == area.size(), (
            f"at {width}x{height} only {shown.height()} of the feedback's {area.height()} px "
            "are on screen: the trainee has to scroll to read what was wrong"
        )
        assert area.height() >= 6 * lines, f"{area.height()} px: fewer than six lines"


def test_the_action_groups_have_no_holes(qtbot: QtBot) -> None:
    """A table without Arrange cards or Set dealer's hand shows Verify and Envy side by side,
    not Verify alone on one row and Envy alone on the next."""
    trainer = TrainerScreen(busiest_table(), Mode.PRACTICE, deal_interval_ms=0)
    qtbot.addWidget(trainer)
    panel = trainer.action_panel
    every = tuple(Action)
    for offered in (
        (Action.VERIFY_HAND, Action.ACKNOWLEDGE_ENVY, Action.DISCARD, Action.PAY),
        (Action.VERIFY_HAND, Action.SET_HAND, Action.DISCARD),
        every,
    ):
        panel.offer(offered)
        for group, box in panel.groups.items():
            grid = box.layout()
            assert isinstance(grid, QGridLayout)
            shown = [
                button
                for key, button in panel.buttons.items()
                if not button.isHidden() and GROUPS[Action(key)] is group
            ]
            cells = sorted(grid.getItemPosition(grid.indexOf(button))[:2] for button in shown)
            assert cells == [(i // 2, i % 2) for i in range(len(shown))], (
                f"{group.value}: buttons at {cells} leave a hole"
            )


def test_skip_dealing_shows_only_while_there_is_a_deal_to_skip(qtbot: QtBot) -> None:
    table = next(t for t in practice_tables() if t.offered)
    trainer = TrainerScreen(table, Mode.LEARN, deal_interval_ms=50)
    qtbot.addWidget(trainer)
    trainer.show_summary = False
    trainer.resize(1280, 720)
    trainer.show()
    trainer.deal_new_round(5)
    assert trainer.dealing and trainer.skip_button.isVisible()
    while trainer.dealing:
        trainer.skip_dealing()
        settle_some(trainer, 1)
    assert not trainer.skip_button.isVisible(), "a disabled Skip dealing takes a row"
    assert not trainer.armed_label.isVisible(), "an empty line where nothing waits"
    trainer.select(next(t for t in trainer.targets() if t.key != "table"))
    QApplication.processEvents()  # the panel laid out with the settle buttons before a click
    qtbot.mouseClick(trainer.action_panel.buttons[Action.PAY.value], Qt.MouseButton.LeftButton)
    assert trainer.armed_label.isVisible() and "type the amount" in trainer.armed_label.text()
    trainer.clear_amount()
    assert not trainer.armed_label.isVisible()


def test_a_pai_gow_split_is_drawn_as_cards(qtbot: QtBot) -> None:
    """Setting the dealer's hand names seven cards: the verdict and the list of steps draw
    them with suit symbols ("J♠ 8♥"), not as lowered notation ("jk as 8h")."""
    table = next(t for t in practice_tables() if t.offered and deal(t, 1).reference)
    trainer = TrainerScreen(table, Mode.LEARN, deal_interval_ms=0)
    qtbot.addWidget(trainer)
    trainer.show_summary = False
    trainer.load_round(deal(table, 1), animate=False)
    settle_some(trainer, 200, stop=Action.SET_HAND)
    session = trainer.session
    assert session is not None
    step = session.hint()
    assert step is not None and step.action is Action.SET_HAND and step.hand, step
    session.act(step.spot, step.action, step.amount, step.hand)
    line = trainer.history.item(trainer.history.count() - 1).text()
    assert line.startswith("✔") and any(suit in line for suit in "♠♥♦♣"), line
    assert step.hand.lower() not in line, line
    verdict = trainer.feedback.text()
    assert step.hand.lower() not in verdict, verdict
    assert any(suit in verdict for suit in "♠♥♦♣"), verdict


def test_the_emphasised_actions_are_scrolled_into_view(qtbot: QtBot) -> None:
    """When the panel scrolls (a 1280x720 screen, a long explanation below it), selecting a
    spot whose actions lie out of sight brings its emphasised buttons into view: Reset meter
    at the foot of the panel scrolled to its top, Collect at its head scrolled to the foot."""
    panel = ActionPanel()
    panel.offer(tuple(Action))
    scroll = QScrollArea()
    scroll.setWidget(panel)
    scroll.setWidgetResizable(True)
    qtbot.addWidget(scroll)
    scroll.resize(420, 140)
    scroll.show()
    QApplication.processEvents()
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the panel does not scroll: nothing to check"
    for start, fits in (
        (0, {Action.RESET_METER, Action.VERIFY_METER}),
        (bar.maximum(), {Action.COLLECT, Action.PAY, Action.PUSH}),
        (0, {Action.CALL_FLOORPERSON, Action.CREDIT_GAME_ACCOUNT, Action.HOLD_FOR_DOCUMENTATION}),
    ):
        bar.setValue(start)
        panel.emphasise(fits)
        QApplication.processEvents()
        for action in fits:
            button = panel.buttons[action.value]
            assert on_screen(button).size() == button.size(), (
                f"{button.text()!r} emphasised but scrolled out of sight"
            )


def test_a_table_shows_before_the_deal_only_what_its_pre_deal_steps_use(qtbot: QtBot) -> None:
    """A Five Card Hand Bonus placed electronically is locked out before the deal, but leaves
    no progressive chips to collect, count or drop: those buttons are not shown."""
    table = next(t for t in practice_tables() if t.path.stem == "caribbean_stud_five_card_bonus")
    trainer = TrainerScreen(table, Mode.PRACTICE, deal_interval_ms=50)
    qtbot.addWidget(trainer)
    trainer.show()
    trainer.deal_new_round(5)
    qtbot.waitUntil(lambda: trainer.pre_deal, timeout=10000)
    shown = {Action(k) for k, b in trainer.action_panel.buttons.items() if not b.isHidden()}
    assert shown == {Action.ANNOUNCE_NO_MORE_BETS, Action.LOCK_OUT_WAGERS}, shown
    said = trainer.feedback.text()
    assert "lock out the table system" in said and "count" not in said, said
