"""Whole Let It Ride Poker rounds settled through the trainer window, offscreen.

The driver clicks the real widgets (the table, the keypad, the action buttons) or presses keys,
step by step as the golden procedure orders them, and checks what a trainee sees: every step
judged correct, a perfect grade, the chips moved. Screenshots at 1280x800 and 1920x1080 go to
the screenshot directory for a person to look at.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from driver import DialogAnswerer
from pytestqt.qtbot import QtBot
from round_settling import settle_whole_round
from test_trainer import answers, feedback, open_scenario, shoot, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.practice.rounds import practice_tables

GOLDEN = Path(__file__).parent.parent / "golden" / "let_it_ride"

__all__ = ["answers"]


@pytest.mark.parametrize(
    "name",
    [
        "progressive_royal_meter_floorperson_and_envy",
        "payout_limit_reached_bonus_paid_in_full",
        "fchb_flush_and_magic_card_on_a_community_card",
    ],
)
def test_a_let_it_ride_round_settled_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    assert screen.action_buttons["set_hand"].isHidden()
    assert Action.PAY in screen.table_actions
    shots = (shoot, screenshot_dir, f"let_it_ride_{name}")
    settle_whole_round(qtbot, window, driver, shots, settling_shot=3)


def test_capping_the_bonus_in_the_window_is_refused_with_the_section(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    """A trainee who pays the Five Card Bonus only up to the $50,000 payout limit is refused
    and told § 643a.12(g); the right amount is then accepted."""
    window, driver = open_scenario(
        qtbot, answers, str(GOLDEN / "payout_limit_reached_bonus_paid_in_full.toml")
    )
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    for step in procedure:
        if step.spot.label == "Five Card Bonus" and step.seat == 4:
            driver.mouse_step(step, Decimal(50_000))
            text = feedback(screen)
            assert "✘" in text or "Wrong" in text or "not $50,000" in text, text
            assert "643a.12(g)" in text
            assert screen.session is not None
            assert screen.session.grader.judgements[-1].verdict is Verdict.WRONG_AMOUNT
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    assert screen.last_grade is not None and not screen.last_grade.perfect
    window.close()


def test_the_picker_lists_the_let_it_ride_tables() -> None:
    tables = [t for t in practice_tables() if t.game == "Let It Ride Poker"]
    assert len(tables) >= 4
    assert all(not t.error for t in tables), [t.error for t in tables]
