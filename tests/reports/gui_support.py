"""Shared by the instructor-area GUI tests (``tests/gui/test_instructor_*.py``, which put this
folder on the import path): the school's records in a private copy that the
app finds through ``DEALER_TRAINER_DATABASE`` (never the user's data folder), the main window
on them, and answering the password dialogs the way an instructor types into them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot
from reports_support import PASSWORD, School, school_copy, school_file

from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.reports.results import LessonInfo, lesson_catalog
from dealer_trainer.store import Store, open_store
from dealer_trainer.store.settings import DATABASE_ENV

if TYPE_CHECKING:
    from dealer_trainer.gui.instructor.area import InstructorArea

__all__ = [
    "PASSWORD",
    "School",
    "catalog",
    "instructor_action",
    "instructor_area",
    "on_modal",
    "school_file",
    "school_store",
    "window_on",
]

D = TypeVar("D", bound=QDialog)

_CATALOG: dict[str, LessonInfo] = {}


def catalog() -> dict[str, LessonInfo]:
    """The course's lessons, read once for all the GUI tests (the area reads them itself when
    it is opened from the menu)."""
    if not _CATALOG:
        _CATALOG.update(lesson_catalog())
    return _CATALOG


@pytest.fixture
def school_store(
    school_file: tuple[Path, School], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Store, School]]:
    """A private copy of the school's records, which is also the station's database."""
    url = school_copy(school_file[0], tmp_path)
    monkeypatch.setenv(DATABASE_ENV, url)
    monkeypatch.setenv("DEALER_TRAINER_STATION_FILE", str(tmp_path / "station.json"))
    monkeypatch.setattr("dealer_trainer.gui.instructor.area.lesson_catalog", catalog)
    store = open_store(url)
    try:
        yield store, school_file[1]
    finally:
        store.close()


def window_on(qtbot: QtBot, store: Store | None) -> MainWindow:
    window = MainWindow(store=store)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def instructor_action(window: MainWindow) -> QAction:
    """File > Instructor…, as the menu holds it."""
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert file_menu is not None
    return next(a for a in file_menu.actions() if a.text() == "&Instructor…")


def on_modal(kind: type[D], answer: Callable[[D], None], errors: list[str]) -> None:
    """Answer the next modal dialog of ``kind`` once it is up (the code that opened it is
    blocked in ``exec``); a failing answer rejects the dialog rather than hanging the test."""

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, kind) or not dialog.isVisible():
            QTimer.singleShot(10, poll)
            return
        try:
            answer(dialog)
        except Exception as error:
            errors.append(repr(error))
            dialog.reject()

    QTimer.singleShot(0, poll)


@contextmanager
def instructor_area(qtbot: QtBot, store: Store) -> Iterator[InstructorArea]:
    """The area as an instructor opens it: a window on ``store``, File > Instructor…, the
    password typed into its dialog; closed again afterwards."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from dealer_trainer.gui.instructor.access import PasswordDialog
    from dealer_trainer.gui.instructor.area import InstructorArea

    window = window_on(qtbot, store)
    errors: list[str] = []

    def answer(dialog: PasswordDialog) -> None:
        QTest.keyClicks(dialog.field, PASSWORD)
        QTest.keyClick(dialog.field, Qt.Key.Key_Return)

    on_modal(PasswordDialog, answer, errors)
    instructor_action(window).trigger()
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), InstructorArea))
    opened = QApplication.activeModalWidget()
    assert isinstance(opened, InstructorArea) and errors == []
    qtbot.waitExposed(opened)
    try:
        yield opened
    finally:
        if shiboken6.isValid(opened):  # a test may have closed (and so deleted) it
            opened.close()


def instructor_widgets() -> list[QWidget]:
    """Every live widget of the instructor area, anywhere in the application."""
    from dealer_trainer.gui.instructor.area import InstructorArea
    from dealer_trainer.gui.instructor.dashboard import Dashboard
    from dealer_trainer.gui.instructor.exam_settings import ExamSettingsPanel
    from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
    from dealer_trainer.gui.instructor.security import SecurityPanel

    kinds = (InstructorArea, Dashboard, ExamSettingsPanel, SecurityPanel, ReplayDialog)
    return [w for w in QApplication.allWidgets() if isinstance(w, kinds)]
