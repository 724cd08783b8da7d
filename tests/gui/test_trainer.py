"""Whole Ultimate Texas Hold 'Em rounds settled through the trainer window, offscreen.

Each test drives the real widgets (clicks on the table, the keypad and the action buttons, or
keys alone) and checks what a trainee would see: the feedback panel, the chips on the felt,
the score bar and the summary.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from driver import DialogAnswerer, Driver, deal_quickly
from msgspec.structs import replace
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsPixmapItem,
    QGraphicsSimpleTextItem,
    QLabel,
    QMessageBox,
)
from pytestqt.qtbot import QtBot
from shots import resized, save_shot
from spot_support import meter_names
from trainee_text_support import developer_notes

from dealer_trainer.engine import spot as spot_module
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.step import Step
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.procedure_steps import SharedSpot
from dealer_trainer.gui.floorperson_dialog import FloorpersonDialog
from dealer_trainer.gui.key_help import HelpDialog
from dealer_trainer.gui.keymap import ACTION_KEYS
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.round_summary import SummaryDialog
from dealer_trainer.gui.table_scene import HOLD, OPEN
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.hands.split import Split
from dealer_trainer.practice.rounds import load_round, practice_tables
from dealer_trainer.practice.session import Mode

GOLDEN = Path(__file__).parent.parent / "golden" / "uth"
EXAMPLES = Path(__file__).parent.parent.parent / "docs" / "examples"
SIZES = ((1280, 800), (1920, 1080))


@pytest.fixture
def answers() -> Iterator[DialogAnswerer]:
    answerer = DialogAnswerer()
    yield answerer
    answerer.stop()
    assert not answerer.errors, answerer.errors


def open_scenario(
    qtbot: QtBot, answers: DialogAnswerer, name: str, mode: Mode = Mode.PRACTICE
) -> tuple[MainWindow, Driver]:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.load_scenario(GOLDEN / name, mode)
    screen = window.trainer
    assert screen is not None
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
    return window, Driver(qtbot, screen, answers)


def steps(screen: TrainerScreen) -> list[Step]:
    assert screen.session is not None
    return list(screen.session.procedure)


def assert_painted(image: QImage) -> None:
    """Not blank: the felt's green covers much of the picture and many colours are drawn."""
    assert not image.isNull()
    small = image.scaled(160, 100).convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(small.constBits(), np.uint32).reshape(small.height(), -1)
    pixels = rows[:, : small.width()]  # each 0xAARRGGBB, as QImage.pixel gives it
    red, green, blue = (pixels >> 16) & 0xFF, (pixels >> 8) & 0xFF, pixels & 0xFF
    greens = np.count_nonzero((green > red + 30) & (green > blue))
    assert len(np.unique(pixels)) > 200, "the table looks blank"
    assert greens > small.width() * small.height() * 0.2, "no felt drawn"


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        image = window.grab().toImage()
        assert_painted(image)
        save_shot(image, directory / f"{name}_{width}x{height}.png")
    window.resize(1280, 800)


def feedback(screen: TrainerScreen) -> str:
    return screen.feedback.text()


def test_a_perfect_settlement_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, "several_seats_counterclockwise.toml")
    screen = driver.screen
    faces = {
        item.toolTip()
        for item in screen.scene.items()  # type: ignore[union-attr]
        if isinstance(item, QGraphicsPixmapItem)
    }
    for seat in screen.dealt.setup.seats:  # type: ignore[union-attr]
        shown = {card.label for card in seat.cards} <= faces
        assert shown != seat.folded, f"seat {seat.seat}'s cards face the wrong way"
    shoot(window, screenshot_dir, "trainer_dealt")
    procedure = steps(screen)
    inventory = screen.session.state.inventory  # type: ignore[union-attr]
    screen.show_summary = True
    for index, step in enumerate(procedure):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), feedback(screen)
        if index == len(procedure) // 2:
            shoot(window, screenshot_dir, "trainer_mid_settlement")
    qtbot.waitUntil(lambda: bool(answers.summaries), timeout=3000)
    summary = answers.summaries[0]
    assert "Score 100.0% · pass mark 95%" in summary.findChild(QLabel, "summaryHead").text()
    assert len(summary.lines) == len(procedure)
    assert "No mistakes" in summary.text.toPlainText()
    state = screen.session.state  # type: ignore[union-attr]
    collected = sum(s.amount or 0 for s in procedure if s.action is Action.COLLECT)
    paid = sum(s.amount or 0 for s in procedure if s.action is Action.PAY)
    assert state.inventory == inventory + collected - paid
    assert screen.progress.value() == len(procedure)
    assert screen.accuracy.text() == "Score 100.0% · pass mark 95%"


def test_the_summary_is_shown_and_photographed(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    first = steps(screen)[0]
    driver.mouse_step(first, amount=(first.amount or Decimal(0)) + 5)
    for step in steps(screen):
        driver.mouse_step(step)

    def photograph(dialog: SummaryDialog) -> None:
        dialog.resize(900, 600)
        image = dialog.grab().toImage()
        assert not image.isNull()
        save_shot(image, screenshot_dir / "trainer_summary.png")

    answers.on_summary = photograph
    qtbot.waitUntil(lambda: bool(answers.summaries), timeout=3000)
    summary = answers.summaries[0]
    mistake = summary.lines[0]
    assert mistake.text == first.describe()
    assert mistake.verdict is Verdict.WRONG_AMOUNT and mistake.attempts == 2 and mistake.cost > 0
    assert all(line.ok for line in summary.lines[1:]), "the mistakes come first"
    text = summary.text.toPlainText()
    assert text.index("Mistakes (1)") < text.index("Done right")
    line = text.splitlines()[text.splitlines().index("Mistakes (1)") + 2]
    assert f"The amount is ${first.amount:,.0f}, not" in line, "the explanation is inline"
    assert first.citation in text
    assert f"−{mistake.cost:.1f} points" in text
    head = summary.findChild(QLabel, "summaryHead").text()
    assert f"Score {screen.last_grade.score:.1f}% · pass mark 95%" in head  # type: ignore[union-attr]
    assert screen.accuracy.text() in head, "the bar and the summary show the same score"
    shoot(window, screenshot_dir, "trainer_round_over")


def test_a_perfect_settlement_with_the_keyboard_only(qtbot: QtBot, answers: DialogAnswerer) -> None:
    _window, driver = open_scenario(qtbot, answers, "fchb_royal_flush_dealer_split.toml")
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    for step in steps(screen):
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    assert screen.last_grade is not None and screen.last_grade.perfect
    assert answers.signatures, "the floorperson signed"


def test_an_out_of_order_step_is_refused_and_explained(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(qtbot, answers, "several_seats_counterclockwise.toml")
    screen = driver.screen
    procedure = steps(screen)
    lowest = min(s.seat for s in procedure if s.seat)
    too_early = next(s for s in procedure if s.seat == lowest)
    before = dict(screen.session.state.stakes)  # type: ignore[union-attr]
    driver.mouse_step(too_early)
    text = feedback(screen)
    assert "✘ Out of order" in text
    assert "Too early" in text
    assert "from the player farthest to the dealer's right" in text
    assert screen.session.state.stakes == before  # type: ignore[union-attr]
    # Paid the right amount, too early: payouts 100%, steps 0%, their mean 50%.
    assert screen.accuracy.text() == "Score 50.0% · pass mark 95%"


def test_a_wrong_amount_is_refused_with_the_right_amount_and_its_section(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    trips = next(s for s in steps(screen) if s.spot.label == "Trips" and s.action is Action.PAY)
    for step in steps(screen):
        if step is trips:
            break
        driver.mouse_step(step)
    assert trips.amount is not None
    driver.mouse_step(trips, amount=trips.amount + 10)
    text = feedback(screen)
    assert "✘ Wrong amount" in text
    assert f"${trips.amount:,.0f}, not ${trips.amount + 10:,.0f}" in text
    assert trips.citation in text and "§" in trips.citation
    assert trips.spot not in screen.session.state.payouts  # type: ignore[union-attr]
    driver.mouse_step(trips)
    assert "✔ Correct" in feedback(screen)
    assert screen.session.state.payouts[trips.spot] == trips.amount  # type: ignore[union-attr]


def test_a_five_card_hand_bonus_meter_jackpot_with_floorperson_and_hold(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, "fchb_royal_flush_dealer_split.toml")
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    hold = next(s for s in procedure if s.action is Action.HOLD_FOR_DOCUMENTATION)
    floor = next(s for s in procedure if s.action is Action.CALL_FLOORPERSON)
    for step in procedure[: procedure.index(floor)]:
        driver.mouse_step(step)
    answers.stop()
    screen.floorperson_arrival_ms = 60_000
    seen: dict[str, bool] = {}

    def look_at_the_waiting_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, FloorpersonDialog):
            QTimer.singleShot(10, look_at_the_waiting_dialog)
            return
        seen["sign enabled"] = dialog.sign.isEnabled()
        save_shot(dialog.grab(), screenshot_dir / "trainer_floorperson_waiting.png")
        dialog.reject()

    QTimer.singleShot(10, look_at_the_waiting_dialog)
    driver.mouse_step(floor)
    assert "✔ Correct" in feedback(screen)
    session = screen.session
    assert session is not None
    qtbot.waitUntil(lambda: "not signed yet" in feedback(screen), timeout=2000)
    assert seen == {"sign enabled": False}, "the dealer must wait for the floorperson"
    driver.mouse_step(next(s for s in procedure[procedure.index(floor) + 1 :] if s is hold))
    assert "Wait for the floorperson" in feedback(screen)
    assert hold.id not in session.grader.done
    screen.floorperson_arrival_ms = 0
    answers.timer.start()
    screen.sign_off_waiting()
    driver.wait_for_signoffs()
    assert session.signoffs[0].floorperson
    for step in procedure[procedure.index(floor) + 1 :]:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), feedback(screen)
        if step.action is Action.CALL_FLOORPERSON:  # each bettor's share has its own sign-off
            driver.wait_for_signoffs()
        if step is hold:
            shoot(window, screenshot_dir, "trainer_jackpot_held")
            assert session.state.hand_held(hold.seat)
    assert meter_names(session.state.meters)["Five Card Hand Bonus meter"] == Decimal(10000)
    grade = screen.last_grade
    assert grade is not None and not grade.perfect and grade.score < 100


def test_verifying_with_the_wrong_hand_name_is_explained(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(qtbot, answers, "fchb_royal_flush_player.toml")
    screen = driver.screen
    procedure = steps(screen)
    verify = next(s for s in procedure if s.action is Action.VERIFY_HAND)
    for step in procedure[: procedure.index(verify)]:
        driver.mouse_step(step)
    wrong = replace(verify, hand="Straight flush")
    driver.mouse_step(wrong)
    assert "✘ Wrong hand" in feedback(screen)
    assert "The hand is royal flush, not straight flush" in feedback(screen)


def test_learn_mode_shows_the_next_step_and_practice_does_not(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(
        qtbot, answers, "several_seats_counterclockwise.toml", Mode.LEARN
    )
    screen = driver.screen
    assert screen.hint_button.isVisible()
    driver.key("?")
    first = steps(screen)[0]
    assert f"Next: {first.describe()}" in feedback(screen).replace("</b>", "")
    assert screen.selected is not None and first.spot.spot in screen.selected.spots
    _window2, practice = open_scenario(qtbot, answers, "several_seats_counterclockwise.toml")
    assert not practice.screen.hint_button.isVisible()
    practice.key("?")
    assert "Next:" not in feedback(practice.screen)


def test_f1_lists_every_action_key_and_menu_shortcut_without_cutting_lines(
    qtbot: QtBot,
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    dialog = HelpDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.text.toPlainText()
    for key in ACTION_KEYS:
        assert f"{key.key}\t{key.title}" in text.replace("\n", "\t"), key
    for menu in ("Floorperson sign-off", "End round early", "New round", "Keyboard help"):
        assert menu in text
    assert "Ctrl+F" in text and "Ctrl+Shift+E" in text
    assert dialog.text.horizontalScrollBar().maximum() == 0, "a line is cut off"
    assert dialog.height() <= 720


def test_a_random_round_is_dealt_visibly_then_settled_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.show_picker()
    picker = window.picker
    assert len(picker.table_items()) == len(practice_tables())
    picker.practice.setChecked(True)
    picker.select_table("uth_plain.toml")
    qtbot.mouseClick(picker.deal, Qt.MouseButton.LeftButton)
    screen = window.trainer
    assert screen is not None
    screen.show_summary = False
    screen.floorperson_arrival_ms = 0
    assert screen.dealing
    qtbot.waitUntil(lambda: screen.seen.dealt.get(0, 0) == 1, timeout=5000)
    assert screen.seen.board == 0 and not screen.seen.dealer_up
    image = window.grab().toImage()
    assert_painted(image)
    save_shot(image, screenshot_dir / "trainer_dealing_1280x800.png")
    deal_quickly(screen)  # the rest of the cards, each still dealt in turn
    qtbot.waitUntil(lambda: not screen.dealing, timeout=20000)
    assert screen.seen.dealer_up and screen.seen.board == 5
    driver = Driver(qtbot, screen, answers)
    answers.keyboard = True
    for step in steps(screen):
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_the_four_colour_deck_changes_the_cards_drawn(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    window, driver = open_scenario(qtbot, answers, "several_seats_counterclockwise.toml")
    before = window.trainer.view.grab().toImage()  # type: ignore[union-attr]
    window.four_colour.trigger()
    after = window.trainer.view.grab().toImage()  # type: ignore[union-attr]
    assert before != after
    assert driver.screen.scene is not None and driver.screen.scene.deck_style.value == "four_colour"


def test_a_broken_scenario_is_reported_not_crashed_on(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('dealer = "As Ax"\n')
    messages: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: messages.append(text))
    window = MainWindow()
    qtbot.addWidget(window)
    window.load_scenario(broken)
    assert messages and "broken.toml" in messages[0]
    assert window.trainer is None
    with pytest.raises(Exception):  # noqa: B017 - any load error is fine here
        load_round(broken)


def test_an_envy_bonus_is_announced_and_paid_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, str(EXAMPLES / "uth_progressive_envy.toml"))
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    assert {Action.ACKNOWLEDGE_ENVY, Action.PAY_ENVY} <= {s.action for s in procedure}
    for step in procedure:
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if step.action is Action.ACKNOWLEDGE_ENVY:
            shoot(window, screenshot_dir, "trainer_envy_announced")
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_hints_select_the_spot_by_its_identifier_whatever_its_wording(
    qtbot: QtBot, answers: DialogAnswerer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Learn mode's hint selects the hinted step's target and wager by its typed spot: an Envy
    Bonus Qualifying Hand is found on the cards, not on the progressive spot that takes the
    Envy Bonus, and rewording every label changes neither the hints nor the grade."""
    monkeypatch.setattr(spot_module, "spot_label", lambda s: f"{s.kind.name} {s.hand_of}")
    scenario = GOLDEN.parent / "caribbean_stud" / "progressive_royal_flush_meter_and_envy.toml"
    _window, driver = open_scenario(qtbot, answers, str(scenario), Mode.LEARN)
    screen = driver.screen
    screen.show_summary = True
    kinds = set()
    for step in steps(screen):
        driver.wait_for_the_cards(step)
        assert screen.show_hint() == step
        assert screen.selected is not None and screen.selected.seat == step.seat
        assert screen.chosen_spot() == step.spot.spot, step.describe()
        kinds.add(step.spot.kind)
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), step.describe()
        qtbot.waitUntil(lambda: not screen.session or not screen.session.awaiting, timeout=5000)
    assert {SharedSpot.ENVY_HAND, CaribbeanStudWager.ENVY_BONUS} <= kinds
    assert screen.last_grade is not None and screen.last_grade.perfect
    qtbot.waitUntil(lambda: bool(answers.summaries), timeout=3000)


@pytest.mark.parametrize("table", practice_tables(), ids=lambda t: t.path.stem)
def test_nothing_printed_on_the_felt_overlaps(qtbot: QtBot, table: object) -> None:
    from dealer_trainer.gui.table_scene import TableScene
    from dealer_trainer.layout import game_layout
    from dealer_trainer.practice.rounds import PracticeTable, deal

    assert isinstance(table, PracticeTable)
    layout = game_layout(table.game)
    dealt = deal(table, 3)
    scene = TableScene(layout, dealt.setup, dealt.spots)
    texts = [i for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    assert len(texts) > 20
    for i, first in enumerate(texts):
        for second in texts[i + 1 :]:
            overlap = first.sceneBoundingRect().intersects(second.sceneBoundingRect())
            assert not overlap, f"{first.text()!r} overlaps {second.text()!r}"


def test_the_table_stays_sharp_at_twice_the_pixel_density(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    _window, driver = open_scenario(qtbot, answers, "fchb_royal_flush_player.toml")
    scene = driver.screen.scene
    assert scene is not None
    image = QImage(3200, 1880, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2.0)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    )
    scene.render(painter, QRectF(0, 0, 1600, 940), scene.sceneRect())
    painter.end()
    assert_painted(image)
    save_shot(image, screenshot_dir / "trainer_table_2x.png")
    # Card art is drawn at 240 px wide: at 2x a card is 124 px, so images are scaled down.
    assert scene.layout.card_width * 2 < 240


@pytest.mark.parametrize(
    "name",
    [
        "must_hit_by_hit.toml",
        "magic_card_and_lucky_bonus.toml",
        "lucky_bonus_dealer_position.toml",
        "fchb_straight_flush_ten_percent.toml",
        "fold_side_wagers_in_action.toml",
    ],
)
def test_awards_meters_and_folds_settle_perfectly_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, name: str
) -> None:
    _window, driver = open_scenario(qtbot, answers, name)
    screen = driver.screen
    screen.show_summary = False
    for step in steps(screen):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_clicking_rack_chips_builds_the_amount(qtbot: QtBot, answers: DialogAnswerer) -> None:
    _window, driver = open_scenario(qtbot, answers, "trips_a_full_house.toml")
    screen = driver.screen
    scene = screen.scene
    assert scene is not None
    chips = {denomination: item for item, denomination in scene._rack_chips.items()}
    for denomination in (25, 5, 5, 1):
        driver.click_scene(chips[denomination].sceneBoundingRect().center())
    assert screen.amount.text() == "36"
    driver.key(Qt.Key.Key_Escape)
    assert screen.amount.text() == ""


def test_an_ez_pai_gow_round_set_and_settled_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, str(EXAMPLES / "ez_pai_gow_envy.toml"))
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    assert Action.SET_HAND in screen.table_actions
    assert Action.VERIFY_METER not in screen.table_actions
    # Before the deal the panel shows the pre-deal steps only.
    assert not screen.action_buttons["place_lammer"].isHidden()
    assert screen.action_buttons["set_hand"].isHidden()
    shoot(window, screenshot_dir, "pai_gow_dealt")
    procedure = steps(screen)
    assert [s.action for s in procedure[:2]] == [
        Action.ANNOUNCE_NO_MORE_BETS,
        Action.LOCK_OUT_WAGERS,
    ], "the EZ table's progressive system is locked out before the deal"
    assert any(s.action is Action.PLACE_LAMMER for s in procedure)
    assert screen.pre_deal and screen.seen.dealt == {}, "no card before the pre-deal steps"
    for step in procedure:
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.SET_HAND:
            assert not screen.action_buttons["set_hand"].isHidden()
            assert screen.action_buttons["place_lammer"].isHidden(), "the pre-deal is over"
            shoot(window, screenshot_dir, "pai_gow_dealer_set")
    assert screen.last_grade is not None and screen.last_grade.perfect
    shoot(window, screenshot_dir, "pai_gow_settled")


def test_a_dealer_hand_set_against_the_house_way_is_refused(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    _window, driver = open_scenario(qtbot, answers, str(EXAMPLES / "ez_pai_gow_envy.toml"))
    screen = driver.screen
    for step in steps(screen):
        if step.action is Action.SET_HAND:
            set_hand = step
            break
        driver.mouse_step(step)
    expected = Split.parse(set_hand.hand or "")
    wrong_low = [c for c in screen.dealt.setup.dealer_cards if c not in expected.low][:2]  # type: ignore[union-attr]
    wrong_high = [c for c in screen.dealt.setup.dealer_cards if c not in wrong_low]  # type: ignore[union-attr]
    wrong = replace(set_hand, hand=Split.of(wrong_high, wrong_low).notation())
    driver.mouse_step(wrong)
    assert "✘ Wrong hand" in feedback(screen)
    assert "house way" in feedback(screen)
    driver.mouse_step(set_hand)
    assert "✔ Correct" in feedback(screen)


def test_a_classic_pai_gow_win_with_vigorish_settled_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    scenario = GOLDEN.parent / "pai_gow" / "classic_win_13_vig_rounded_up.toml"
    _window, driver = open_scenario(qtbot, answers, str(scenario))
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    vig = next(s for s in procedure if s.action is Action.COLLECT_COMMISSION)
    assert vig.amount == Decimal("0.75")
    for step in procedure:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    assert screen.last_grade is not None and screen.last_grade.perfect
    state = screen.session.state  # type: ignore[union-attr]
    assert state.inventory == Decimal(25000) - Decimal(13) + Decimal("0.75")


def test_the_deal_waits_for_the_pre_deal_steps_which_are_graded(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    window, driver = open_scenario(qtbot, answers, "must_hit_by_hit.toml")
    screen = driver.screen
    assert screen.pre_deal and screen.seen.dealt == {}
    assert "Before the deal" in feedback(screen)
    shoot(window, screenshot_dir, "trainer_pre_deal")
    procedure = steps(screen)
    announce, lock_out, collect, count, drop = procedure[:5]
    assert (count.action, drop.action) == (Action.VERIFY_CHIP_COUNT, Action.DROP_IN_CONTAINER)
    driver.mouse_step(announce)
    driver.mouse_step(drop)
    assert "✘ Out of order" in feedback(screen)
    assert "counted in front of the table inventory container" in feedback(screen)
    for step in (lock_out, collect, count):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), feedback(screen)
        assert screen.pre_deal and screen.seen.dealt == {}
    driver.mouse_step(drop)
    assert "the cards are dealt" in feedback(screen)
    state = screen.session.state  # type: ignore[union-attr]
    assert state.container == collect.amount and state.to_drop == 0
    qtbot.waitUntil(lambda: not screen.dealing, timeout=10000)
    assert screen.seen.dealer_up and not screen.pre_deal


@pytest.mark.parametrize(
    "name",
    [
        "multi_seat_counterclockwise_with_a_fold",
        "aces_up_rows_four_of_a_kind_to_flush",
        "fchb_dealer_first_five_straight_flush_sixth_not_used",
        "fchb_four_of_a_kind_floorperson",
    ],
)
def test_a_four_card_poker_round_settled_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str
) -> None:
    scenario = GOLDEN.parent / "four_card_poker" / f"{name}.toml"
    window, driver = open_scenario(qtbot, answers, str(scenario))
    screen = driver.screen
    screen.show_summary = False
    assert Action.SET_HAND in screen.table_actions
    assert Action.VERIFY_METER not in screen.table_actions
    procedure = steps(screen)
    for step in procedure:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if step.action is Action.SET_HAND:
            shoot(window, screenshot_dir, f"four_card_{name}_dealer_set")
    assert screen.last_grade is not None and screen.last_grade.perfect


@pytest.mark.parametrize(
    "name",
    [
        "seven_seats_counterclockwise",
        "progressive_royal_flush_meter_and_envy",
        "fchb_dealer_royal_split_three_ways",
        "fchb_fold_keeps_the_bonus_in_action",
    ],
)
def test_a_caribbean_stud_round_settled_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str
) -> None:
    scenario = GOLDEN.parent / "caribbean_stud" / f"{name}.toml"
    window, driver = open_scenario(qtbot, answers, str(scenario))
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    for index, step in enumerate(steps(screen)):
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if index == 8:
            shoot(window, screenshot_dir, f"caribbean_stud_{name}")
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_the_wagering_devices_show_the_lockout(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    scenario = GOLDEN.parent / "caribbean_stud" / "fchb_on_both_hands_each_paid.toml"
    window, driver = open_scenario(qtbot, answers, str(scenario))
    screen = driver.screen
    scene = screen.scene
    assert scene is not None
    assert screen.pre_deal and scene.devices, "each live seat has a wagering device"

    def lamps() -> set[str]:
        return {device.pen().color().name() for device in scene.devices.values()}

    assert lamps() == {OPEN.name()}
    assert all("taking wagers" in d.toolTip() for d in scene.devices.values())
    announce, lock_out = steps(screen)[:2]
    assert lock_out.action is Action.LOCK_OUT_WAGERS
    driver.mouse_step(announce)
    assert lamps() == {OPEN.name()}, '"no more bets" alone does not stop the devices'
    driver.mouse_step(lock_out)
    assert "✔ Correct" in feedback(screen)
    assert lamps() == {HOLD.name()}
    assert all("locked out" in d.toolTip() for d in scene.devices.values())
    shoot(window, screenshot_dir, "caribbean_stud_devices_locked_out")


def settle_every_step(qtbot: QtBot, screen: TrainerScreen, answers: DialogAnswerer) -> None:
    """Once the cards are out, click every step of the round right, as a trainee would."""
    screen.floorperson_arrival_ms = 0
    screen.show_summary = False
    deal_quickly(screen)
    qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
    driver = Driver(qtbot, screen, answers)
    for step in steps(screen):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen)


def test_the_feedback_panel_shows_the_rule_and_its_section_never_a_developer_note(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    """The pre-deal banner cites this game's dealing procedure; every verdict, wrong or right,
    names the rule without a provenance tag, a developer file or "unverified"."""
    _window, driver = open_scenario(qtbot, answers, "must_hit_by_hit.toml")
    screen = driver.screen
    screen.show_summary = True
    banner = feedback(screen)
    assert "Before the deal" in banner and "§ 653a.8" in banner and "639a" not in banner
    shown = [banner]
    for step in steps(screen):
        if step.action is Action.PAY and step.amount is not None:
            driver.mouse_step(step, amount=step.amount + 1)
            shown.append(feedback(screen))
        driver.mouse_step(step)
        shown.append(feedback(screen))
        assert "✔ Correct" in shown[-1], shown[-1]
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    qtbot.waitUntil(lambda: bool(answers.summaries), timeout=3000)
    shown += answers.summaries[0].text.toPlainText().split("✘")
    assert all("§" in text for text in shown[1:] if "✘" in text)
    notes = [(note, text) for text in shown for note in developer_notes(text)]
    assert not notes, notes
