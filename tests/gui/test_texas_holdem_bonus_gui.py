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
from PySide6.QtWidgets import QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot
from round_settling import settle_whole_round
from shots import resized
from test_trainer import answers, assert_painted, open_scenario

from dealer_trainer.games import registry
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.table_scene import TableScene, Visibility
from dealer_trainer.layout import shipped_layout
from dealer_trainer.practice.rounds import load_round, practice_tables
from dealer_trainer.practice.table import TableState

GOLDEN = Path(__file__).parent.parent / "golden" / "texas_holdem_bonus"
SIZES = ((1280, 720), (1920, 1080))

__all__ = ["answers"]


def shoot(window: MainWindow, directory: Path, name: str) -> None:
    for width, height in SIZES:
        resized(window, width, height)
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


def test_a_seats_decision_leaves_the_felt_with_its_cards(qtbot: QtBot) -> None:
    """Once a seat's cards are in the discard rack, nothing on the felt still says what that
    seat decided ("bets the flop only"): a note under an empty place reads as a live hand."""
    dealt = load_round(GOLDEN / "bonus_ace_queen_suited.toml")
    setup = dealt.setup
    scene = TableScene(shipped_layout(registry.game(setup.game).layout_key), setup, dealt.spots)
    state, seen = TableState.of(setup), Visibility.everything(setup)
    decisions = {s.seat: seen.decisions[s.seat] for s in setup.seats if seen.decisions.get(s.seat)}
    assert decisions, "the scenario has no seat with a decision to show"

    def on_felt() -> str:
        scene.show_state(state, seen)
        return "\n".join(i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem))

    shown = on_felt()
    assert all(text in shown for text in decisions.values()), shown
    gone: set[int] = set()
    for step in dealt.procedure:
        state.apply(step)
        gone = {s for s in decisions if not state.cards_on_table(s)}
        shown = on_felt()
        for seat in gone:
            assert decisions[seat] not in shown, f"seat {seat} after {step.describe()}"
            assert decisions[seat] not in scene.spoken(state, seen)
    assert gone == set(decisions), "the round never discards every decided seat's cards"
