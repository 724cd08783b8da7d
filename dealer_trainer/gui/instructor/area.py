"""The instructor area: the dashboard, exam assignments, the exam settings (time limit, pass
mark, attempts and resume rule of each exam of the course), the password and keys (signing
keys, result verification), the table analyser (Analyse), the school's name and logo for its
certificates and the authors' Reload lessons, behind the instructor password.

``open_instructor_area`` is the only way in from the trainee's window: it asks for the
password (``access.unlock``) and builds the area with the session that check produced. The
area is application-modal, so the trainee's window cannot be used beside it, and closing it
(or Lock) forgets the password.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.lessons import LESSONS
from dealer_trainer.gui.instructor.access import InstructorSession, unlock
from dealer_trainer.gui.instructor.analysis_panel import AnalysisPanel
from dealer_trainer.gui.instructor.assignments_panel import AssignmentsPanel
from dealer_trainer.gui.instructor.dashboard import CatalogLoader, Dashboard
from dealer_trainer.gui.instructor.exam_settings import ExamSettingsPanel
from dealer_trainer.gui.instructor.school_panel import SchoolPanel
from dealer_trainer.gui.instructor.security import SecurityPanel
from dealer_trainer.reports.results import lesson_catalog

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store


class InstructorArea(QDialog):
    lessons_reloaded = Signal()
    """Reload lessons was pressed: the trainee's window reads the course again."""

    def __init__(
        self,
        session: InstructorSession,
        parent: QWidget | None = None,
        catalog: CatalogLoader = lesson_catalog,
        lessons: Path | None = None,
    ) -> None:
        """``lessons``: the course whose exams the settings tab edits (the shipped course,
        ``LESSONS``, when None)."""
        session.require()
        super().__init__(parent)
        self.session = session
        self.setObjectName("instructorArea")
        self.setWindowTitle("Dealer Trainer — instructor area")
        self.setWindowModality(Qt.WindowModality.ApplicationModal)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.dashboard = Dashboard(session, catalog, self)
        self.exam_settings = ExamSettingsPanel(
            session, LESSONS if lessons is None else lessons, self
        )
        self.security = SecurityPanel(session, self)
        self.analysis = AnalysisPanel(self)
        self.school = SchoolPanel(session, self)
        self.assignments = AssignmentsPanel(session, LESSONS if lessons is None else lessons, self)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.dashboard, "&Dashboard")
        self.tabs.addTab(self.assignments, "Assi&gnments")
        self.tabs.addTab(self.exam_settings, "E&xam settings")
        self.tabs.addTab(self.security, "Password and &keys")
        self.tabs.addTab(self.analysis, "A&nalyse")
        self.tabs.addTab(self.school, "Sc&hool")
        self.lock = QPushButton("&Lock and close")
        self.lock.setToolTip("Close the instructor area; the password is asked again next time.")
        self.lock.clicked.connect(self.close)
        QShortcut(QKeySequence("Ctrl+W"), self, self.close)
        self.reload_lessons = QPushButton("Reload lesson &files")
        self.reload_lessons.setObjectName("reloadLessons")
        self.reload_lessons.setToolTip(
            "Read and check every lesson file again, after editing the course; the trainee's "
            "course and start screen show the result."
        )
        self.reload_lessons.clicked.connect(self.lessons_reloaded.emit)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel("Instructor area: close it before a trainee uses this station."))
        bottom.addStretch(1)
        bottom.addWidget(self.reload_lessons)
        bottom.addWidget(self.lock)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)
        # The full width for the dashboard's tables, and a height that stays inside a
        # 1366x768 laptop's screen with its title bar and task bar (800 ran off it).
        self.resize(1280, 680)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)  # rejects, that is ``done``, which may keep the area open
        if event.isAccepted():
            self.session.close()

    def done(self, result: int) -> None:
        """Every way out (Lock and close, Ctrl+W, Esc, the window's close button) comes here:
        unsaved exam settings are asked about first, and Cancel keeps the area open."""
        if not self.exam_settings.confirm_leave():
            return
        self.analysis.stop()
        self.session.close()
        super().done(result)


def open_instructor_area(
    store: Store,
    parent: QWidget | None = None,
    catalog: CatalogLoader = lesson_catalog,
    lessons: Path | None = None,
) -> InstructorArea | None:
    """Ask for the instructor password (set it on first use) and show the area; None when
    the password is not given."""
    session = unlock(store, parent)
    if session is None:
        return None
    area = InstructorArea(session, parent, catalog, lessons)
    area.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    area.show()
    return area
