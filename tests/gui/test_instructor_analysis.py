"""The Analyse tab of the instructor area: the shipped tables listed, one analysed in the
its own process and shown with every figure marked exact or simulated, the second look served from
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
from PySide6.QtWidgets import QListWidgetItem
from pytestqt.qtbot import QtBot
from shots import save_shot

from dealer_trainer.gui.instructor.analysis_panel import AnalysisPanel
from dealer_trainer.practice.rounds import PracticeTable
from dealer_trainer.practice.table_analysis import TableAnalyser
from dealer_trainer.store import Store

TABLE = "Three Card Poker with Pair Plus A and the 6 Card Bonus"


@pytest.fixture(scope="module")
def kept_analyses(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests that show an analysis at two window sizes keep it: the second size
    shows the analysis the first made (keyed by the table's content and the settings, and
    never changed once written), as the instructor's second look does."""
    return tmp_path_factory.mktemp("analyses")


def _select(panel: AnalysisPanel, name: str) -> None:
    items = panel.tables.findItems(name, Qt.MatchFlag.MatchExactly)
    assert items, name
    panel.tables.setCurrentItem(items[0])


def test_a_table_is_analysed_in_its_own_process_then_shown_from_the_cache(
    qtbot: QtBot, tmp_path: Path
) -> None:
    panel = AnalysisPanel(run=TableAnalyser(rounds=0, folder=tmp_path))
    qtbot.addWidget(panel)
    _select(panel, TABLE)
    panel.button.click()
    assert panel.busy and not panel.button.isEnabled()
    assert panel.status.text().startswith("Analysing ")
    assert panel.job is not None and panel.job.running
    qtbot.waitUntil(lambda: panel.shown is not None, timeout=60_000)
    assert not panel.busy and panel.button.isEnabled()
    assert "computed now and kept" in panel.status.text()
    text = panel.view.toPlainText()
    assert "Pair Plus Paytable A [exact]" in text
    assert "6 Card Bonus Paytable S [exact]" in text
    assert "House edge 4.58% [exact]" in text  # Pair Plus A, 35-25-6-4-1
    assert "Not analysed" in text and "Ante:" in text
    assert "floorperson calls" in text
    assert list(tmp_path.glob("*.json"))
    first = panel.shown

    again = AnalysisPanel(run=TableAnalyser(rounds=0, folder=tmp_path))
    qtbot.addWidget(again)
    _select(again, TABLE)
    again.button.click()
    assert not again.busy  # no process: the kept analysis is read at once
    assert again.shown == first
    assert "the kept analysis, shown at once" in again.status.text()


def test_closing_the_area_ends_a_running_analysis_and_keeps_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    panel = AnalysisPanel(run=TableAnalyser(rounds=2_000_000, folder=tmp_path))
    qtbot.addWidget(panel)
    _select(panel, "Texas Hold 'Em Bonus Poker, $1,000 payout limit")
    panel.button.click()
    job = panel.job
    assert job is not None and job.running
    panel.stop()
    assert not job.running and not panel.busy and panel.button.isEnabled()
    assert panel.shown is None and not list(tmp_path.glob("*.json"))


def test_a_table_that_cannot_be_analysed_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    broken = tmp_path / "tables" / "broken.toml"
    broken.parent.mkdir()
    broken.write_text('game = "three_card_poker"\nname = "Broken"\n', encoding="utf-8")
    panel = AnalysisPanel(run=TableAnalyser(rounds=0, folder=tmp_path / "cache"))
    qtbot.addWidget(panel)
    item = QListWidgetItem("Broken")
    item.setData(Qt.ItemDataRole.UserRole, PracticeTable(broken, "three_card_poker", "Broken"))
    panel.tables.addItem(item)
    panel.tables.setCurrentItem(item)
    panel.button.click()
    qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    assert panel.status.text().startswith("The analysis failed: ")
    assert "broken.toml" in panel.status.text()
    assert panel.shown is None and panel.button.isEnabled()


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_analyse_tab_in_the_instructor_area(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
    kept_analyses: Path,
    width: int,
    height: int,
) -> None:
    store, _ = school_store
    with instructor_area(qtbot, store) as area:
        area.resize(width, height)
        area.tabs.setCurrentWidget(area.analysis)
        panel = area.analysis
        panel.run = TableAnalyser(rounds=0, folder=kept_analyses)
        _select(panel, TABLE)
        panel.button.click()
        qtbot.waitUntil(lambda: panel.shown is not None, timeout=60_000)
        assert panel.view.isVisible() and panel.tables.isVisible()
        assert panel.tables.count() >= 20
        save_shot(area.grab(), screenshot_dir / f"instructor_analyse_{width}x{height}.png")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_view_marks_each_count_exact_or_simulated_and_shows_the_drawn_awards(
    qtbot: QtBot, screenshot_dir: Path, kept_analyses: Path, width: int, height: int
) -> None:
    panel = AnalysisPanel(run=TableAnalyser(rounds=300, folder=kept_analyses))
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
    save_shot(panel.grab(), screenshot_dir / f"instructor_analyse_caps_{width}x{height}.png")

    panel.shown = None
    _select(panel, "Let It Ride Poker with the Five Card Hand Bonus")
    panel.button.click()
    qtbot.waitUntil(lambda: panel.shown is not None, timeout=120_000)
    text = panel.view.toPlainText()
    assert "Magic Card Bonus on the player's hand, per unit of the Five Card Hand Bonus" in text
    assert "drawn in 100% of rounds (magic_card_draw_percent not stated" in text
    assert "Adds 192.31% of the stake it is paid on [exact]" in text
    assert panel.view.find("Magic Card Bonus on the player's hand, per unit")
    save_shot(panel.grab(), screenshot_dir / f"instructor_analyse_draws_{width}x{height}.png")
