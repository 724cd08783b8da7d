"""The trainer as issue 19 asks: actions that fit the moment, feedback read in one glance, a
realistic floorperson, and a paytable sign that follows the selected wager.

Every test drives the real window and checks what a trainee (or the instructor) would see.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from driver import DialogAnswerer, Driver
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot
from shots import resized
from test_trainer import EXAMPLES, GOLDEN, feedback, open_scenario, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.gui.floorperson_dialog import FloorpersonDialog
from dealer_trainer.gui.keymap import ACTION_KEYS, BY_ACTION, MENU_FAMILIES, OTHER_KEYS
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.round_summary import SummaryDialog
from dealer_trainer.gui.table_scene import target_of
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.action_fit import GROUPS, ActionGroup
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.store import Store
from dealer_trainer.store.replay import replay

PASSWORD = "correct horse battery"
SHOTS = ((1280, 720), (1920, 1080))


@pytest.fixture
def answers() -> Iterator[DialogAnswerer]:
    answerer = DialogAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SHOTS:
        resized(window, width, height)
        window.grab().save(str(directory / f"{name}_{width}x{height}.png"))
    window.resize(1280, 800)


def visible_actions(window: MainWindow) -> set[Action]:
    trainer = window.trainer
    assert trainer is not None
    return {k.action for k in ACTION_KEYS if trainer.action_buttons[k.action.value].isVisible()}


def deal_table(qtbot: QtBot, name: str) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    table = next(t for t in practice_tables() if t.path.name == name)
    window.start_practice(table, Mode.PRACTICE)
    trainer = window.trainer
    assert trainer is not None
    trainer.show_summary = False
    deal_on(trainer)
    return window


def deal_on(trainer: TrainerScreen) -> None:
    """Skip the dealing, taking the pre-deal steps (right) when the table has them."""
    trainer.skip_dealing()
    session = trainer.session
    assert session is not None
    for step in [s for s in session.grader.pending() if is_pre_deal(s)]:
        session.act(step.spot, step.action, step.amount, step.hand)
    trainer.skip_dealing()
    assert not trainer.dealing and not trainer.pre_deal


# --- 3. actions fit the moment ------------------------------------------------------------------


def test_a_plain_table_shows_only_its_actions_grouped(qtbot: QtBot, screenshot_dir: Path) -> None:
    window = deal_table(qtbot, "uth_plain.toml")
    assert visible_actions(window) == {
        Action.COLLECT,
        Action.PAY,
        Action.PUSH,
        Action.VERIFY_HAND,
        Action.DISCARD,
    }
    trainer = window.trainer
    assert trainer is not None
    shown = {g for g, box in trainer.action_panel.groups.items() if box.isVisible()}
    assert shown == {ActionGroup.SETTLE, ActionGroup.PROCEDURE}
    for key in ACTION_KEYS:
        button = trainer.action_buttons[key.action.value]
        assert key.key in button.text(), "each button shows its key"
        assert trainer.action_panel.groups[GROUPS[key.action]].isAncestorOf(button)
    shoot(window, screenshot_dir, "act_plain_table")


def test_a_progressive_table_adds_its_jackpot_group(qtbot: QtBot) -> None:
    window = deal_table(qtbot, "uth_progressive_envy.toml")
    shown = visible_actions(window)
    assert {Action.CALL_FLOORPERSON, Action.HOLD_FOR_DOCUMENTATION, Action.PAY_ENVY} <= shown
    assert Action.LOCK_OUT_WAGERS not in shown, "the pre-deal steps are over once dealt"
    assert Action.COLLECT_COMMISSION not in shown


def test_the_actions_that_fit_the_selected_spot_are_emphasised_whatever_the_round(
    qtbot: QtBot,
) -> None:
    """Emphasis follows the kind of spot (a wager, a meter, the cards), so two rounds with
    different answers emphasise the same buttons: nothing is given away."""
    window = deal_table(qtbot, "uth_progressive_envy.toml")
    trainer = window.trainer
    assert trainer is not None
    seen: dict[str, set[frozenset[Action]]] = {}
    for _round in range(3):
        for target in trainer.targets():
            trainer.select(target)
            emphasised = frozenset(trainer.action_panel.emphasised())
            seen.setdefault(f"{target.seat}:{target.key}", set()).add(emphasised)
        trainer.deal_new_round()
        deal_on(trainer)
    assert all(len(found) == 1 for found in seen.values())
    trips = next(t for t in trainer.targets() if t.key == "trips")
    trainer.select(trips)
    assert {Action.COLLECT, Action.PAY, Action.PUSH} <= trainer.action_panel.emphasised()
    assert Action.DISCARD not in trainer.action_panel.emphasised()
    meter = next(t for t in trainer.targets() if "meter" in t.key)
    trainer.select(meter)
    assert trainer.action_panel.emphasised() == {Action.RESET_METER}


def _bindings(window: MainWindow) -> list[tuple[str, str]]:
    found = [(QKeySequence(k.key).toString(), f"action {k.title}") for k in ACTION_KEYS]
    found += [(key, f"key {what}") for key, what in OTHER_KEYS if len(key) == 1]
    for action in window.actions():
        for shortcut in action.shortcuts():
            found.append((shortcut.toString(), f"menu {action.text()}"))
    return found


def test_no_two_bindings_clash_and_no_plain_key_shadows_a_ctrl_shortcut(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    bindings = _bindings(window)
    keys = [key for key, _what in bindings]
    clashes = {key: [w for k, w in bindings if k == key] for key in keys if keys.count(key) > 1}
    assert not clashes, clashes
    plain = {k.letter: k for k in ACTION_KEYS}
    for key, what in bindings:
        if key.startswith("Ctrl+") and key.count("+") == 1 and len(key) == 6:
            letter = key[-1]
            if letter in plain:
                # A slipped Ctrl turns the plain key into this shortcut: allowed only where
                # both do one thing (F calls the floorperson, Ctrl+F brings them back).
                assert MENU_FAMILIES.get(letter) == key, (letter, plain[letter].title, what)
    assert QKeySequence("Ctrl+L").toString() not in keys, "no Ctrl+L beside L (lock out)"


def test_shift_gives_the_second_verb_of_a_letter(qtbot: QtBot, answers: DialogAnswerer) -> None:
    _window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    first = steps(screen)[0]
    assert first.action is Action.PAY
    target = target_of(screen.targets(), first.spot)
    assert target is not None
    driver.navigate_to(target)
    driver.press(BY_ACTION[Action.PUSH])
    assert "push" in screen.history.item(0).text()
    assert "✘ Wrong action" in feedback(screen)


# --- 6 (part). the sign follows the selected wager ----------------------------------------------


def test_the_sign_follows_the_selected_wager(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window = deal_table(qtbot, "uth_progressive_envy.toml")
    screen = window.trainer
    assert screen is not None and screen.scene is not None
    titles = {}
    for key in ("ante", "blind", "trips", "progressive", "six_card_bonus"):
        target = next(t for t in screen.targets() if t.key == key and t.seat != 0)
        screen.select(target)
        titles[key] = screen.scene.sign_title
    assert titles["ante"] == "Ante and Play"
    assert "Blind" in titles["blind"] and "Trips" in titles["trips"]
    assert len(set(titles.values())) == 5, titles
    screen.select(next(t for t in screen.targets() if t.key == "trips"))
    shoot(window, screenshot_dir, "act_sign_follows_trips")
    envy = next(t for t in screen.targets() if t.key == "progressive" and t.seat != 0)
    screen.select(envy)
    assert screen.scene.sign_title == titles["progressive"]


def test_w_turns_to_the_next_wager_and_the_sign_turns_with_it(qtbot: QtBot) -> None:
    """Four Card Poker's Ante spot also takes the Ante Bonus, paid from its own paytable:
    one press of W reaches it, and its sign (no more pressing S up to nine times)."""
    window = deal_table(qtbot, "four_card_poker_plain.toml")
    screen = window.trainer
    assert screen is not None and screen.scene is not None
    ante = next(t for t in screen.targets() if t.key == "ante" and len(t.spots) > 1)
    screen.select(ante)
    assert screen.scene.sign_title == "Ante and Play"
    qtbot.keyClick(screen, Qt.Key.Key_W)
    assert screen.wager.currentText() == "Ante Bonus"
    assert screen.scene.sign_title.startswith("Ante Bonus")


# --- 4. feedback a trainee reads in one glance ---------------------------------------------------


def test_a_verdict_is_one_line_then_the_rule_then_its_section(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    trips = next(s for s in steps(screen) if s.spot.label == "Trips" and s.action is Action.PAY)
    for step in steps(screen):
        if step is trips:
            break
        driver.mouse_step(step)
    assert trips.amount is not None
    driver.mouse_step(trips, amount=trips.amount + 10)
    text = screen.feedback.text()
    paragraphs = [p for p in text.split("<p") if "</p>" in p]
    assert len(paragraphs) == 3, text
    assert "✘ Wrong amount" in paragraphs[0] and "Seat 4 Trips" in paragraphs[0]
    assert "Seat 4 Trips" not in paragraphs[1], "the step is named once"
    assert trips.citation in paragraphs[2] and trips.citation not in paragraphs[1]
    shoot(window, screenshot_dir, "act_feedback_wrong_amount")


def test_cards_in_feedback_are_drawn_with_suit_symbols(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(qtbot, answers, str(EXAMPLES / "uth_progressive_envy.toml"))
    screen = driver.screen
    screen.show_summary = False
    for step in steps(screen):
        driver.mouse_step(step)
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if step.action is Action.ACKNOWLEDGE_ENVY:
            break
    text = feedback(screen)
    assert "✔ Correct" in text
    assert any(symbol in text for symbol in "♠♥♦♣"), text
    hand = screen.session.procedure.by_id[step.id].explanation  # type: ignore[union-attr]
    notation = [word for word in hand.replace(",", " ").replace(")", " ").split() if len(word) == 2]
    assert not any(f" {n} " in text for n in notation if n[1] in "cdhs" and n[0] in "TJQKA"), text


def test_the_summary_puts_mistakes_first_and_the_bar_agrees_with_it(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    _window, driver = open_scenario(qtbot, answers, "several_seats_counterclockwise.toml")
    screen = driver.screen
    procedure = steps(screen)
    last = procedure[-1]
    driver.mouse_step(last)  # far too early: out of order
    for step in procedure:
        driver.mouse_step(step)

    def photograph(dialog: SummaryDialog) -> None:
        for width, height in ((1280, 720), (1920, 1080)):
            dialog.resize(min(width - 80, 900), min(height - 80, 620))
            dialog.grab().save(str(screenshot_dir / f"act_summary_{width}x{height}.png"))

    answers.on_summary = photograph
    qtbot.waitUntil(lambda: bool(answers.summaries), timeout=3000)
    summary = answers.summaries[0]
    assert summary.lines[0].verdict is Verdict.OUT_OF_ORDER
    head = summary.findChild(QLabel, "summaryHead").text()
    assert screen.accuracy.text() in head
    assert "%" in screen.accuracy.text() and "pass mark" in screen.accuracy.text()
    assert screen.last_grade is not None
    assert f"Score {screen.last_grade.score:.1f}%" == screen.accuracy.text().split(" · ")[0]
    assert "points" in summary.text.toPlainText()


def test_retry_this_deal_deals_the_same_cards_unrecorded(
    qtbot: QtBot, store: Store, answers: DialogAnswerer
) -> None:
    ann = store.add_trainee("Ann Lee")
    window = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(window)
    window.show()
    window.load_scenario(GOLDEN / "trips_a_full_house.toml")
    screen = window.trainer
    assert screen is not None
    screen.deal_interval_ms = 0
    screen.skip_dealing()
    first_cards = screen.dealt.setup.seats  # type: ignore[union-attr]
    driver = Driver(qtbot, screen, answers)
    answers.on_summary = lambda dialog: dialog.retry.click()
    for step in steps(screen):
        driver.mouse_step(step)
    qtbot.waitUntil(lambda: screen.retrying and not screen.session.is_over, timeout=3000)  # type: ignore[union-attr]
    assert screen.dealt.setup.seats == first_cards  # type: ignore[union-attr]
    assert "retry" in screen.mode_label.text()
    answers.on_summary = None
    screen.show_summary = False
    for step in steps(screen):
        driver.mouse_step(step)
    (attempt,) = store.attempts()
    assert len(attempt.rounds) == 1, "the retried deal is not recorded"


def test_ending_a_round_early_asks_first(
    qtbot: QtBot, answers: DialogAnswerer, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]

    def question(_parent: object, title: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(title)
        return answer[0]

    monkeypatch.setattr(QMessageBox, "question", question)
    end = next(a for a in window.actions() if a.objectName() == "finish_round")
    assert end.shortcut().toString() == "Ctrl+Shift+E"
    end.trigger()
    assert asked and not screen.session.is_over  # type: ignore[union-attr]
    answer[0] = QMessageBox.StandardButton.Yes
    screen.show_summary = False
    end.trigger()
    assert len(asked) == 2 and screen.session.is_over  # type: ignore[union-attr]
    assert screen.last_grade is not None and screen.last_grade.missing


# --- 5. a realistic floorperson -------------------------------------------------------------------


def _floor_round(qtbot: QtBot, window: MainWindow, answers: DialogAnswerer) -> Driver:
    window.load_scenario(GOLDEN / "fchb_royal_flush_dealer_split.toml")
    screen = window.trainer
    assert screen is not None
    screen.deal_interval_ms = 0
    screen.floorperson_arrival_ms = 0
    screen.show_summary = False
    screen.skip_dealing()
    return Driver(qtbot, screen, answers)


def test_the_floorperson_is_shown_the_hand_and_the_amount_and_signs_in_their_own_name(
    qtbot: QtBot, store: Store, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    ann = store.add_trainee("Ann Lee")
    window = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(window)
    window.show()
    driver = _floor_round(qtbot, window, answers)
    screen = driver.screen
    procedure = steps(screen)
    floor = next(s for s in procedure if s.action is Action.CALL_FLOORPERSON)
    for step in procedure[: procedure.index(floor)]:
        driver.mouse_step(step)
    answers.stop()
    looked: dict[str, object] = {}

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, FloorpersonDialog):
            QTimer.singleShot(10, look)
            return
        editable = [e for e in dialog.findChildren(QLineEdit) if e.isVisible()]
        looked["fields"] = [e.accessibleName() for e in editable]
        looked["text"] = " ".join(label.text() for label in dialog.findChildren(QLabel))
        dialog.grab().save(str(screenshot_dir / "act_floorperson.png"))
        dialog.amount.setText("1")
        dialog.sign.click()
        looked["refused"] = dialog.isVisible() and "will not sign" in dialog.status.text()
        assert dialog.call.payout is not None
        dialog.amount.setText(f"{dialog.call.payout:f}")
        dialog.sign.click()
        looked["signature"] = dialog.signature

    QTimer.singleShot(10, look)
    driver.mouse_step(floor)
    qtbot.waitUntil(lambda: "signature" in looked, timeout=5000)
    assert looked["fields"] == ["Amount you announce"], "the trainee types no signature"
    text = str(looked["text"])
    assert "♠" in text and "royal flush" in text
    assert looked["refused"], "the floorperson does not sign a wrong amount"
    session = screen.session
    assert session is not None
    qtbot.waitUntil(lambda: not session.awaiting, timeout=3000)
    assert session.signoffs[0].floorperson == looked["signature"]
    assert looked["signature"] in ("J. Alvarez", "M. Chen", "R. Okafor", "S. Kowalski", "D. Russo")
    answers.timer.start()
    for step in procedure[procedure.index(floor) + 1 :]:
        driver.mouse_step(step)
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    assert screen.last_grade is not None
    (attempt,) = store.attempts()
    replayed = replay(store.attempt(attempt.id))
    assert replayed.grades == (screen.last_grade,), "the round replays to the same grade"


def test_in_class_mode_the_instructor_signs_with_the_password(
    qtbot: QtBot, store: Store, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    store.set_instructor_password(PASSWORD)
    ann = store.add_trainee("Ann Lee")
    window = MainWindow(store=store, trainee=ann)
    qtbot.addWidget(window)
    window.show()
    window.class_mode.trigger()
    assert window.class_mode.isChecked()
    driver = _floor_round(qtbot, window, answers)
    screen = driver.screen
    assert screen.class_floorperson is not None
    procedure = steps(screen)
    floor = next(s for s in procedure if s.action is Action.CALL_FLOORPERSON)
    for step in procedure[: procedure.index(floor)]:
        driver.mouse_step(step)
    answers.stop()
    said: list[str] = []

    def instructor() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, FloorpersonDialog):
            QTimer.singleShot(10, instructor)
            return
        assert dialog.name.text() == "", "no name is filled in for the instructor"
        dialog.grab().save(str(screenshot_dir / "act_floorperson_class_mode.png"))
        dialog.amount.setText("2500")
        dialog.name.setText("Instructor Diaz")
        dialog.password.setText("not the password")
        dialog.sign.click()
        said.append(dialog.status.text())
        dialog.password.setText(PASSWORD)
        dialog.sign.click()

    QTimer.singleShot(10, instructor)
    driver.mouse_step(floor)
    session = screen.session
    assert session is not None
    qtbot.waitUntil(lambda: not session.awaiting, timeout=5000)
    assert "not the instructor password" in said[0]
    assert session.signoffs[0].floorperson == "Instructor Diaz"
    assert "Instructor Diaz" in feedback(screen)
