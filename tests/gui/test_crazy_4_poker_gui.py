"""Whole Crazy 4 Poker rounds settled through the trainer window, offscreen, from golden
scenarios: the dealer's reveal and best four, then each seat's Ante, Play, Super Bonus and
Queens Up, the Five Card Hand Bonus with its floorperson and jackpot hold, by mouse and by
keyboard. Screenshots at 1280x720 and 1920x1080 go to the screenshot directory."""

from __future__ import annotations

from pathlib import Path

import msgspec.structs
import pytest
from driver import DialogAnswerer
from pytestqt.qtbot import QtBot
from shots import resized
from test_trainer import answers, assert_painted, feedback, open_scenario, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.main_window import MainWindow

GOLDEN = Path(__file__).parent.parent / "golden" / "crazy_4_poker"
SIZES = ((1280, 720), (1920, 1080))

__all__ = ["answers"]


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        image = window.grab().toImage()
        assert_painted(image)
        image.save(str(directory / f"crazy_4_{name}_{width}x{height}.png"))
    window.resize(1280, 720)


@pytest.mark.parametrize(
    "name",
    [
        "queens_up_rows_flush_straight_two_pair_pair_of_queens",
        "fold_forfeits_ante_super_bonus_and_queens_up",
        "fchb_dealer_straight_flush_meter_share_held",
    ],
)
def test_a_crazy_4_poker_round_settled_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    # Setting the dealer's hand is offered (shown once the pre-deal steps are done); a table
    # without a must-hit-by meter never offers verifying one.
    assert Action.SET_HAND in screen.action_panel.offered
    assert Action.VERIFY_METER not in screen.action_panel.offered
    assert screen.action_buttons["verify_meter"].isHidden()
    shoot(window, screenshot_dir, f"{name}_dealt")
    for step in steps(screen):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if step.action is Action.SET_HAND:
            shoot(window, screenshot_dir, f"{name}_dealer_set")
    shoot(window, screenshot_dir, f"{name}_settled")
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_a_crazy_4_poker_round_settled_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    name = "super_bonus_paid_on_hands_that_lose_to_the_dealer"
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    for index, step in enumerate(steps(screen)):
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if index == 5:
            shoot(window, screenshot_dir, f"{name}_keyboard")
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_collecting_a_super_bonus_that_pushes_is_refused_with_the_reason(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    """Collecting a Super Bonus that should push is refused with the reason: below a straight
    it loses only to a higher qualifying dealer hand."""
    name = "dealer_below_king_high_ante_pushes_play_wins"
    _, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    for step in procedure:
        if step.spot.label == "Super Bonus":
            break
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    push = next(s for s in procedure if s.spot.label == "Super Bonus")
    assert push.action is Action.PUSH
    wrong = msgspec.structs.replace(push, action=Action.COLLECT)
    driver.mouse_step(wrong)
    text = feedback(screen)
    assert "✔ Correct" not in text
    assert "Super Bonus" in text
