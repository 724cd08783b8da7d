"""Whole Four Card Poker and Crazy 4 Poker rounds with the Four-Card and Five-Card progressives,
settled through the trainer window offscreen, by mouse and by keyboard: the pre-deal chip count
and drop, the progressive wins with their floorperson and jackpot hold, the Envy Bonus
acknowledged and paid, the meter reset. Screenshots at 1280x720 and 1920x1080 go to the
screenshot directory for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import DialogAnswerer
from pytestqt.qtbot import QtBot
from round_settling import settle_whole_round
from shots import resized, save_shot
from test_trainer import answers, assert_painted, open_scenario

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.main_window import MainWindow

GOLDEN = Path(__file__).parent.parent / "golden"
SIZES = ((1280, 720), (1920, 1080))

__all__ = ["answers"]


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        image = window.grab().toImage()
        assert_painted(image)
        save_shot(image, directory / f"{name}_{width}x{height}.png")
    window.resize(1280, 720)


@pytest.mark.parametrize(
    ("game", "name", "keyboard"),
    [
        ("four_card_poker", "progressive_royal_five_card_meter_held_envy_and_fold", False),
        ("four_card_poker", "progressive_four_aces_four_card_meter_and_envy", True),
        ("crazy_4_poker", "progressive_four_card_straight_flush_floorperson_and_envy", False),
        ("crazy_4_poker", "progressive_four_aces_meter_reset_and_trips", True),
    ],
)
def test_a_progressive_round_settled_by_mouse_or_keyboard(
    qtbot: QtBot,
    answers: DialogAnswerer,
    screenshot_dir: Path,
    game: str,
    name: str,
    keyboard: bool,
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / game / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    offered = set(screen.action_panel.offered)
    assert {Action.VERIFY_CHIP_COUNT, Action.DROP_IN_CONTAINER, Action.PAY_ENVY} <= offered
    # before the deal: the progressive chips lie on their spots until they are dropped
    assert screen.action_panel.before_the_deal
    shoot(window, screenshot_dir, f"{game}_{name}_before_the_deal")
    settle_whole_round(
        qtbot, window, driver, (shoot, screenshot_dir, f"{game}_{name}"), keyboard=keyboard
    )
