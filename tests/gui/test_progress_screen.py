"""View > My progress: a trainee sees their own trend, the skills they have mastered and the
ones to work on, with the figures the instructor's dashboard gives for them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    School,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
    window_on,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.gui.progress_screen import ProgressDialog
from dealer_trainer.reports.analytics import trainee_report
from dealer_trainer.store import Store


def texts(widget: object) -> list[str]:
    from PySide6.QtWidgets import QListWidget

    assert isinstance(widget, QListWidget)
    return [widget.item(i).text() for i in range(widget.count())]


def test_my_progress_from_the_view_menu(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
) -> None:
    store, _ = school_store
    ben = next(t for t in store.trainees() if t.name == "Ben Okafor")
    window = window_on(qtbot, store)
    window.progress = TraineeProgress(store, ben)
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert view is not None
    action = next(a for a in view.actions() if a.text() == "My &progress…")
    assert action.shortcut().toString() == "Ctrl+Shift+P"
    action.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ProgressDialog))
    qtbot.waitExposed(dialog)

    expected = trainee_report(ben, store.attempts(ben.id))
    assert f"{len(expected.rounds)} rounds played" in dialog.summary.text()
    assert len(dialog.chart.points) == len(expected.rounds)
    weakest = texts(dialog.weakest)
    assert [w.split(":")[0] for w in weakest] == [s.skill.value for s in expected.weakest]
    assert all("Latest:" in w for w in weakest)
    mastered = texts(dialog.mastered)
    if expected.mastered:
        assert mastered[0].startswith(f"✔ {expected.mastered[0].skill.value}")
    dialog.resize(1280, 720)
    dialog.grab().save(str(screenshot_dir / "my_progress.png"))
    dialog.close()


def test_a_trainee_without_rounds_is_told_what_fills_the_page(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
) -> None:
    store, _ = school_store
    newcomer = store.add_trainee("Eve New")
    dialog = ProgressDialog(store, newcomer)
    qtbot.addWidget(dialog)
    assert "No rounds yet" in dialog.summary.text()
    assert texts(dialog.mastered)[0].startswith("None yet")
    assert dialog.chart.points == ()
