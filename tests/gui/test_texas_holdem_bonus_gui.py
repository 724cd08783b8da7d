"""Whole Texas Hold 'Em Bonus Poker rounds settled through the trainer window, offscreen.

The driver clicks the real widgets (or presses keys) step by step in the golden procedure's
order and checks what a trainee sees: every step judged correct, a perfect grade, the chips
moved. Screenshots at 1280x720 and 1920x1080 go to the screenshot directory for a person to
look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import DialogAnswerer
from pytestqt.qtbot import QtBot
from round_settling import settle_whole_round
from test_trainer import answers, assert_painted, open_scenario

from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import practice_tables

GOLDEN = Path(__file__).parent.parent / "golden" / "texas_holdem_bonus"
SIZES = ((1280, 720), (1920, 1080))

__all__ = ["answers"]


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        window.resize(width, height)
        window.grab()
        image = window.grab().toImage()
        assert_painted(image)
        image.save(str(directory / f"{name}_{width}x{height}.png"))
    window.resize(1280, 800)


@pytest.mark.parametrize(
    ("name", "keyboard"),
    [
        ("progressive_straight_flush_and_envy", False),
        ("fchb_royal_flush_on_the_dealers_hand", True),
        ("fold_forfeits_ante_and_bonus", False),
        ("magic_card_and_lucky_bonus", True),
    ],
)
def test_a_texas_holdem_bonus_round_settled_in_the_window(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str, keyboard: bool
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    assert screen.action_buttons["set_hand"].isHidden()
    shots = (shoot, screenshot_dir, f"texas_holdem_bonus_{name}")
    settle_whole_round(qtbot, window, driver, shots, keyboard=keyboard)
    window.close()


def test_the_picker_lists_the_texas_holdem_bonus_tables() -> None:
    tables = [t for t in practice_tables() if t.game == "Texas Hold 'Em Bonus Poker"]
    assert len(tables) >= 3
    assert all(not t.error for t in tables), [t.error for t in tables]
