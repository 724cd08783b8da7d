"""A whole round settled through the trainer window, step by step, as a trainee would.

Several games' window tests open a golden scenario, settle every step of its procedure with the
mouse or the keyboard and check what the trainee sees: each step judged correct, floorperson
sign-offs answered, a perfect grade and the chip rack moved by exactly what was paid and
collected. Screenshots are taken once the cards are dealt and near the end of settlement.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from driver import Driver
from pytestqt.qtbot import QtBot
from test_trainer import feedback, steps

from dealer_trainer.engine.actions import Action
from dealer_trainer.gui.main_window import MainWindow

Shoot = Callable[[MainWindow, Path, str], None]


def settle_whole_round(
    qtbot: QtBot,
    window: MainWindow,
    driver: Driver,
    shots: tuple[Shoot, Path, str],
    *,
    keyboard: bool = False,
    settling_shot: int = 2,
) -> None:
    """Settle every step of the open round in canonical order (by keys when ``keyboard``),
    asserting each is judged correct; ``shots`` (how to shoot, where, the file name's start)
    takes "_dealt" when the first settlement step comes and "_settling" ``settling_shot``
    steps from the end. Then the grade is perfect and the money balances."""
    shoot, directory, prefix = shots
    screen = driver.screen
    procedure = steps(screen)
    first = next(i for i, s in enumerate(procedure) if not s.id.startswith("predeal."))
    for index, step in enumerate(procedure):
        if index == first:
            qtbot.waitUntil(lambda: not screen.dealing, timeout=20000)
            shoot(window, directory, f"{prefix}_dealt")
        if keyboard:
            driver.keyboard_step(step)
        else:
            driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
        if index == len(procedure) - settling_shot:
            shoot(window, directory, f"{prefix}_settling")
    assert screen.last_grade is not None and screen.last_grade.perfect
    session = screen.session
    assert session is not None
    paid = sum(s.amount or 0 for s in procedure if s.action in (Action.PAY, Action.PAY_ENVY))
    collected = sum(
        s.amount or 0
        for s in procedure
        if s.action is Action.COLLECT and not s.id.startswith("predeal.")
    )
    assert screen.dealt is not None
    assert session.state.inventory == screen.dealt.setup.inventory - paid + collected
