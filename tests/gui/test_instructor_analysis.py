"""The Analyse tab of the instructor area: the shipped tables listed, one analysed in the
background and shown with every figure marked exact or simulated, the second look served from
the cache at once; screenshots at 1280x720 and 1920x1080."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    School,
    instructor_area,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.analysis.table import TableAnalysis
from dealer_trainer.gui.instructor.analysis_panel import AnalysisPanel, analyser
from dealer_trainer.practice.rounds import PracticeTable
from dealer_trainer.store import Store

TABLE = "Three Card Poker with Pair Plus A and the 6 Card Bonus"


def _select(panel: AnalysisPanel, name: str) -> None:
    items = panel.tables.findItems(name, Qt.MatchFlag.MatchExactly)
    assert items, name
    panel.tables.setCurrentItem(items[0])


def test_a_table_is_analysed_in_the_background_then_shown_from_the_cache(
    qtbot: QtBot, tmp_path: Path
) -> None:
    computed: list[str] = []
    run = analyser(rounds=0, folder=tmp_path)

    def counting(table: PracticeTable) -> TableAnalysis:
        computed.append(table.name)
        return run(table)

    panel = AnalysisPanel(run=counting)
    qtbot.addWidget(panel)
    _select(panel, TABLE)
    panel.button.click()
    qtbot.waitUntil(lambda: panel.shown is not None, timeout=60_000)
    text = panel.view.toPlainText()
    assert "Pair Plus Paytable A [exact]" in text
    assert "6 Card Bonus Paytable S [exact]" in text
    assert "House edge 4.58% [exact]" in text  # Pair Plus A, 35-25-6-4-1
    assert "Not analysed" in text and "Ante:" in text
    assert "floorperson calls" in text
    assert list(tmp_path.glob("*.json"))
    first = panel.shown

    panel.shown = None
    again = AnalysisPanel(run=analyser(rounds=0, folder=tmp_path))
    qtbot.addWidget(again)
    _select(again, TABLE)
    again.button.click()
    qtbot.waitUntil(lambda: again.shown is not None, timeout=5_000)
    assert again.shown == first
    assert computed == [TABLE]


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_analyse_tab_in_the_instructor_area(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
    tmp_path: Path,
    width: int,
    height: int,
) -> None:
    store, _ = school_store
    with instructor_area(qtbot, store) as area:
        area.resize(width, height)
        area.tabs.setCurrentWidget(area.analysis)
        panel = area.analysis
        panel.run = analyser(rounds=0, folder=tmp_path)
        _select(panel, TABLE)
        panel.button.click()
        qtbot.waitUntil(lambda: panel.shown is not None, timeout=60_000)
        assert panel.view.isVisible() and panel.tables.isVisible()
        assert panel.tables.count() >= 20
        area.grab().save(str(screenshot_dir / f"instructor_analyse_{width}x{height}.png"))


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_view_marks_each_count_exact_or_simulated_and_shows_the_drawn_awards(
    qtbot: QtBot, screenshot_dir: Path, tmp_path: Path, width: int, height: int
) -> None:
    panel = AnalysisPanel(run=analyser(rounds=300, folder=tmp_path))
    qtbot.addWidget(panel)
    panel.resize(width, height)
    panel.show()
    _select(panel, "Texas Hold 'Em Bonus Poker, $1,000 payout limit")
    panel.button.click()
    qtbot.waitUntil(lambda: panel.shown is not None, timeout=120_000)
    text = panel.view.toPlainText()
    assert "payout-limit caps" in text and "(simulated, 95% CI)" in text
    assert "[simulated: 300 rounds, seed 202611]" in text
    assert "Bonus Paytable A [exact]" in text
    bar = panel.view.verticalScrollBar()
    bar.setValue(bar.maximum())
    panel.grab().save(str(screenshot_dir / f"instructor_analyse_caps_{width}x{height}.png"))

    panel.shown = None
    _select(panel, "Let It Ride Poker with the Five Card Hand Bonus")
    panel.button.click()
    qtbot.waitUntil(lambda: panel.shown is not None, timeout=120_000)
    text = panel.view.toPlainText()
    assert "Magic Card Bonus on the player's hand, per unit of the Five Card Hand Bonus" in text
    assert "drawn in 100% of rounds (magic_card_draw_percent not stated" in text
    assert "Adds 192.31% of the stake it is paid on [exact]" in text
    assert panel.view.find("Magic Card Bonus on the player's hand, per unit")
    panel.grab().save(str(screenshot_dir / f"instructor_analyse_draws_{width}x{height}.png"))
