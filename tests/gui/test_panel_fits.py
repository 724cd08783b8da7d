"""The side panel's buttons show their whole text at both screen sizes, emphasised or not: a
button whose label is cut at its edge ("et dealer's hand Shift+A") cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_trainer import DialogAnswerer, answers, open_scenario

GOLDEN = Path(__file__).parent.parent / "golden"

__all__ = ["answers"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_shown_action_button_fits_its_text(
    qtbot: QtBot, answers: DialogAnswerer, size: tuple[int, int]
) -> None:
    scenario = GOLDEN / "crazy_4_poker" / "progressive_four_aces_meter_reset_and_trips.toml"
    window, driver = open_scenario(qtbot, answers, str(scenario))
    panel = driver.screen.action_panel
    window.resize(1280, 720)
    window.resize(*size)
    for before_the_deal, emphasised in ((True, ()), (False, ()), (False, panel.offered)):
        panel.set_phase(before_the_deal)
        panel.emphasise(emphasised)
        qtbot.wait(50)
        window.grab()
        shown = [b for b in panel.buttons.values() if b.isVisible()]
        assert shown
        for button in shown:
            needed = button.sizeHint().width()
            assert button.width() >= needed, (button.text(), button.width(), needed, size)
