"""Whole Mississippi Stud rounds settled through the trainer window, offscreen.

The driver clicks the real widgets (the table, the keypad, the action buttons) or presses keys,
step by step as the golden procedure orders them, and checks what a trainee sees: every step
judged correct, a perfect grade, the chips moved. Screenshots at 1280x720 and 1920x1080 go to
the screenshot directory for a person to look at.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from driver import DialogAnswerer
from msgspec.structs import replace
from pytestqt.qtbot import QtBot
from round_settling import settle_whole_round
from shots import resized
from test_trainer import answers, feedback, open_scenario, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import practice_tables

GOLDEN = Path(__file__).parent.parent / "golden" / "mississippi_stud"
SIZES = ((1280, 720), (1920, 1080))

__all__ = ["answers"]


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        image = window.grab().toImage()
        assert not image.isNull()
        image.save(str(directory / f"{name}_{width}x{height}.png"))
    window.resize(1280, 800)


@pytest.mark.parametrize(
    ("name", "keyboard"),
    [
        ("progressive_royal_meter_held_envy_and_reset", False),
        ("three_card_bonus_mini_royal_stays_after_a_fold", True),
        ("fchb_flush_magic_card_and_lucky_bonus", False),
        ("fold_at_fifth_street", True),
        ("jackpot_c_mega_royal_held_envy_and_reset", False),
        ("jackpot_b_major_won_twice_first_settled_then_reset_amount", True),
    ],
)
def test_a_mississippi_stud_round_settled_by_mouse_or_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str, keyboard: bool
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    assert screen.action_buttons["set_hand"].isHidden()
    shots = (shoot, screenshot_dir, f"mississippi_stud_{name}")
    settle_whole_round(qtbot, window, driver, shots, keyboard=keyboard)


def test_paying_a_wager_the_limit_left_nothing_is_refused_with_the_section(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    """A trainee who pays the 4th Street Wager of a royal flush after the $50,000 payout limit
    is used up is refused and told § 655a.12(b); the push is then accepted."""
    window, driver = open_scenario(
        qtbot, answers, str(GOLDEN / "royal_flush_payout_limit_taken_ante_first.toml")
    )
    screen = driver.screen
    screen.show_summary = False
    for step in steps(screen):
        if step.spot.label == "4th Street":
            pay = replace(step, action=Action.PAY)
            driver.mouse_step(pay, Decimal(37_500))
            text = feedback(screen)
            assert "655a.12(b)" in text, text
            assert screen.session is not None
            assert screen.session.grader.judgements[-1].verdict is not Verdict.CORRECT
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    assert screen.last_grade is not None and not screen.last_grade.perfect
    window.close()


def test_the_picker_lists_the_mississippi_stud_tables() -> None:
    tables = [t for t in practice_tables() if t.game == "Mississippi Stud"]
    assert len(tables) >= 2
    assert all(not t.error for t in tables), [t.error for t in tables]
