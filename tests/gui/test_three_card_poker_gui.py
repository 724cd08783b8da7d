"""Whole Three Card Poker rounds settled through the trainer window, offscreen, from golden
scenarios: the pre-deal steps, the dealer's reveal, the three-card wagers seat by seat, then the
five-card wagers on the community cards last, with the Envy Bonuses, the floorperson and the
jackpot holds. Screenshots at 1280x800 and 1920x1080 go to the screenshot directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import DialogAnswerer
from PySide6.QtWidgets import QGraphicsPixmapItem
from pytestqt.qtbot import QtBot
from test_trainer import answers, feedback, open_scenario, shoot, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.layout.schema import FixtureKind
from dealer_trainer.practice.table import TableState

GOLDEN = Path(__file__).parent.parent / "golden" / "three_card_poker"

__all__ = ["answers"]


@pytest.mark.parametrize(
    "name",
    [
        "five_card_progressive_straight_flush_envy_settled_last",
        "fchb_dealer_hand_royal_flush_split_two_ways",
        "pair_plus_a_rows_straight_flush_three_of_a_kind_straight",
    ],
)
def test_a_three_card_poker_round_settled_with_the_mouse(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path, name: str
) -> None:
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    assert Action.REARRANGE_HAND in screen.table_actions
    assert Action.SET_HAND not in screen.table_actions
    assert screen.action_buttons["set_hand"].isHidden()
    procedure = steps(screen)
    first_five_card = next(
        (i for i, s in enumerate(procedure) if "Five" in s.spot.label and "predeal" not in s.id),
        None,
    )
    for index, step in enumerate(procedure):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if step.action is Action.REARRANGE_HAND:
            shoot(window, screenshot_dir, f"three_card_{name}_revealed")
        if index == first_five_card:
            shoot(window, screenshot_dir, f"three_card_{name}_five_card_wagers")
    shoot(window, screenshot_dir, f"three_card_{name}_settled")
    assert screen.last_grade is not None and screen.last_grade.perfect
    session = screen.session
    assert session is not None
    state: TableState = session.state
    held = {spot.seat for spot in state.held if spot.seat}
    assert set(state.discarded) | held >= {s.seat for s in session.setup.seats} - held


def test_a_three_card_progressive_round_settled_from_the_keyboard(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    name = "progressive_mini_royal_meter_held_and_envy"
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    answers.keyboard = True
    screen = driver.screen
    screen.show_summary = False
    for index, step in enumerate(steps(screen)):
        driver.keyboard_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if index == 14:
            shoot(window, screenshot_dir, f"three_card_{name}")
    assert screen.last_grade is not None and screen.last_grade.perfect


def test_settling_a_five_card_wager_before_the_other_wagers_is_refused(
    qtbot: QtBot, answers: DialogAnswerer
) -> None:
    """The community cards are turned up only after every other wager is settled (seed 000,
    preamble): verifying the Five-Card Progressive hand first is out of order, and the
    explanation says why."""
    name = "five_card_progressive_straight_flush_envy_settled_last"
    _, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    procedure = steps(screen)
    reveal = next(i for i, s in enumerate(procedure) if s.action is Action.REARRANGE_HAND)
    for step in procedure[: reveal + 1]:
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
    early = next(s for s in procedure if s.spot.label.startswith("Five-Card") and "verify" in s.id)
    driver.mouse_step(early)
    text = feedback(screen)
    assert "✔ Correct" not in text
    assert "649a.8" in text or "all other wagers" in text, text


def test_the_community_cards_stay_face_down_until_every_other_wager_is_settled(
    qtbot: QtBot, answers: DialogAnswerer, screenshot_dir: Path
) -> None:
    name = "five_card_progressive_straight_flush_envy_settled_last"
    window, driver = open_scenario(qtbot, answers, str(GOLDEN / f"{name}.toml"))
    screen = driver.screen
    screen.show_summary = False
    dealt = screen.dealt
    assert dealt is not None and len(dealt.setup.board) == 2 and dealt.board_face_down_until

    def board_faces() -> list[str]:
        scene = screen.scene
        assert scene is not None
        board = scene.layout.fixtures[FixtureKind.BOARD]
        return [
            item.toolTip()
            for item in scene.items()
            if isinstance(item, QGraphicsPixmapItem)
            and item.toolTip()
            and abs(item.pos().y() - board.y) < 1
            and board.x - 1 <= item.pos().x() <= board.x + board.w
        ]

    session = screen.session
    assert session is not None
    for step in steps(screen):
        if screen.pre_deal or screen.dealing:
            qtbot.waitUntil(lambda: screen.pre_deal or not screen.dealing, timeout=10000)
        faces = board_faces() if not screen.pre_deal else ["face down", "face down"]
        assert len(faces) == 2
        if dealt.board_face_down_until <= session.grader.done.keys():
            assert "face down" not in faces, faces
            shoot(window, screenshot_dir, "three_card_community_cards_turned_up")
            break
        assert faces == ["face down", "face down"], "turned up only after every other wager"
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    else:
        raise AssertionError("the community cards were never turned up")
