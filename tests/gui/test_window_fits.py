"""The window fits a 1280x720 screen in every mode and at every game's table, and the felt
can be zoomed and the window put full screen."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from dealer_trainer.games import registry
from dealer_trainer.gui.key_help import HelpDialog
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.practice.rounds import PracticeTable, deal, practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.store.store import Store

SMALL_SCREENS = ((1280, 720), (1366, 768))


def one_table_per_game() -> list[PracticeTable]:
    tables: dict[str, PracticeTable] = {}
    for table in practice_tables():
        if table.offered:
            tables.setdefault(registry.game_id(table.game), table)
    return list(tables.values())


@pytest.mark.parametrize("table", one_table_per_game(), ids=lambda t: t.path.stem)
@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.LEARN, Mode.EXAM], ids=str)
def test_the_window_fits_small_screens_in_every_mode(
    qtbot: QtBot, table: PracticeTable, mode: Mode
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.open_round(deal(table, 5), table, mode)
    trainer = window.trainer
    assert trainer is not None
    trainer.show_summary = False
    trainer.skip_dealing()
    several = next((t for t in trainer.targets() if len(t.spots) > 1), None)
    if several is not None:
        trainer.select(several)  # the wager selector appears
        assert trainer.wager.isVisibleTo(trainer)
    if mode is Mode.LEARN:
        trainer.show_hint()
    for width, height in SMALL_SCREENS:
        window.resize(width, height)
        QApplication.processEvents()
        hint = window.minimumSizeHint()
        assert hint.width() <= 1280 and hint.height() <= 720, f"minimum {hint.toTuple()}"
        assert window.size().toTuple() == (width, height), "the window grew past the screen"
        side = trainer.findChild(QScrollArea, "sidePanelScroll")
        assert side is not None and side.widget() is not None
        assert side.widget().width() <= side.viewport().width(), (
            f"at {width}x{height} the side panel ({side.widget().width()} px) is cut off by "
            f"its {side.viewport().width()} px area"
        )


def test_zoom_and_full_screen(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    table = one_table_per_game()[0]
    window.open_round(deal(table, 5), table, Mode.PRACTICE)
    trainer = window.trainer
    assert trainer is not None
    trainer.skip_dealing()
    fitted = trainer.view.transform().m11()
    window.zoom_in()
    assert trainer.view.transform().m11() == pytest.approx(fitted * 1.25)
    window.zoom_out()
    assert trainer.view.transform().m11() == pytest.approx(fitted)
    window.zoom_out()  # never smaller than the whole table
    assert trainer.view.transform().m11() == pytest.approx(fitted)
    window.zoom_in()
    window.open_round(deal(table, 6), table, Mode.PRACTICE)
    assert window.trainer is not None and window.trainer.view.zoom == pytest.approx(1.25)
    window.toggle_full_screen()
    assert window.isFullScreen() and window.full_screen.isChecked()
    window.toggle_full_screen()
    assert not window.isFullScreen()


def test_the_instructor_area_fits_a_small_screen(qtbot: QtBot, store: Store) -> None:
    from dealer_trainer.gui.instructor.access import InstructorSession
    from dealer_trainer.gui.instructor.area import InstructorArea

    store.set_instructor_password("correct horse battery")
    area = InstructorArea(InstructorSession.sign_in(store, "correct horse battery"))
    qtbot.addWidget(area)
    area.show()
    area.resize(1280, 720)
    QApplication.processEvents()
    hint = area.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720, f"minimum {hint.toTuple()}"
    assert area.size().toTuple() == (1280, 720)


def test_the_keyboard_help_fits_a_small_screen_and_scrolls(qtbot: QtBot) -> None:
    """F1 lists every key and menu shortcut: the list scrolls inside a dialog that fits."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    dialog = HelpDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert dialog.height() <= 720 - 40 and dialog.width() <= 1280, dialog.size().toTuple()
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720, hint.toTuple()
    assert dialog.text.verticalScrollBar().maximum() > 0, "the whole list shows: not a test"
    assert "F11" in dialog.text.toPlainText()
