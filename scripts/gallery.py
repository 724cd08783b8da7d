"""A gallery of every game and screen at the window sizes dealer schools have, to look at.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/gallery.py [--out FOLDER]
     [--sizes 1280x720,1366x768,1920x1080] [--only uth] [--palette dark|high-contrast]

Each size gets a folder of PNGs: the start screen, table picker, course, hand reader and
Closed Table form, the keyboard help (top and end), a lesson's introduction, the dialogs
(floorperson, ending a round early, the round summary, the house way, My progress, the
instructor's password and every tab of the instructor area), an exam table, and for every
game's richest practice table the table as dealt, half settled and fully settled, in practice
and in learn mode (wager selector and hint shown), plus shipped scenarios that hold a jackpot
or announce an Envy Bonus. On a school's records (built as the instructor-area tests build
them, when the tests folder is there): a trainee's start screen and course with an exam
assigned, My progress with weeks of rounds, the examiner's and the result's dialogs, the
dashboard, the replay at a mistake, a table's analysis, and the result report and
certificate as PDF pages (with poppler's pdftoppm, when installed). ``index.txt`` lists every
image with the size the window really took: a window that grew past the size asked for is
marked GREW, since a trainee's screen would cut it off. Nothing here asserts: look at the
images.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from dealer_trainer.games import registry
from dealer_trainer.gui.app import application
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.layout import shipped_layout
from dealer_trainer.practice.rounds import (
    DealtRound,
    PracticeTable,
    deal,
    load_round,
    practice_tables,
)
from dealer_trainer.practice.session import Mode, PracticeSession

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1280, 720), (1366, 768), (1920, 1080))
SCENARIOS = (
    "tests/golden/uth/fchb_royal_flush_player.toml",
    "tests/golden/caribbean_stud/progressive_royal_flush_meter_and_envy.toml",
    "tests/golden/let_it_ride/progressive_royal_meter_floorperson_and_envy.toml",
    "tests/golden/pai_gow/ez_envy_announced_with_the_dynasty_wager.toml",
    "tests/golden/three_card_poker/progressive_mini_royal_meter_held_and_envy.toml",
)
"""Rounds whose states a random deal seldom reaches: a jackpot held for documentation, an
Envy Bonus announced. Missing files are skipped (the gallery runs from a clone)."""
SEED = 11


def school() -> tuple[Path, Any] | None:
    """The school's records the instructor-area tests build (``tests/reports``), made once
    for every size; None when the gallery runs without the tests folder."""
    support = ROOT / "tests" / "reports"
    if not (support / "reports_support.py").exists():
        return None
    import tempfile

    sys.path[:0] = [str(support), str(ROOT / "tests")]
    from reports_support import school_template  # type: ignore[import-not-found]

    built: tuple[Path, Any] = school_template(Path(tempfile.mkdtemp(prefix="gallery-school-")))
    return built


def full_deal(table: PracticeTable) -> DealtRound:
    """A round with every seat the game deals to taken: the most crowded felt."""
    layout = shipped_layout(registry.game(table.game).layout_key)
    seats = sorted(place.seat for place in layout.seats)
    while True:
        try:
            return deal(table, SEED, tuple(seats))
        except ValueError:
            if len(seats) == 1:
                raise
            seats.pop()


def dark(app: QApplication) -> None:
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#202124"),
        (QPalette.ColorRole.WindowText, "#e8eaed"),
        (QPalette.ColorRole.Base, "#121212"),
        (QPalette.ColorRole.AlternateBase, "#2a2a2a"),
        (QPalette.ColorRole.Text, "#e8eaed"),
        (QPalette.ColorRole.Button, "#303134"),
        (QPalette.ColorRole.ButtonText, "#e8eaed"),
        (QPalette.ColorRole.Highlight, "#8ab4f8"),
        (QPalette.ColorRole.HighlightedText, "#202124"),
        (QPalette.ColorRole.ToolTipBase, "#303134"),
        (QPalette.ColorRole.ToolTipText, "#e8eaed"),
    ):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def high_contrast(app: QApplication) -> None:
    palette = QPalette()
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base, QPalette.ColorRole.Button):
        palette.setColor(role, QColor("#000000"))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(role, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#ffff00"))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#000000"))
    app.setPalette(palette)


PALETTES: dict[str, Callable[[QApplication], None]] = {
    "system": lambda app: None,
    "dark": dark,
    "high-contrast": high_contrast,
}
"""The palettes a trainee's desktop may impose (the app must stay readable in each)."""


def richest_tables() -> dict[str, PracticeTable]:
    """Per game, the offered table with the most wagers (the most crowded felt)."""
    best: dict[str, tuple[int, PracticeTable]] = {}
    for table in practice_tables():
        if not table.offered:
            continue
        spots = len(full_deal(table).setup.offered_spots)
        if table.game not in best or spots > best[table.game][0]:
            best[table.game] = (spots, table)
    return {game: table for game, (_, table) in sorted(best.items())}


def settle(trainer: TrainerScreen, share: float) -> None:
    """Take the next correct steps until ``share`` of the procedure is done, signing for the
    floorperson at once (as an instructor in class mode would), and dealing the cards as soon
    as the steps due before the deal are done."""
    session = trainer.session
    assert session is not None
    hinting = PracticeSession(session.setup, session.procedure, Mode.LEARN)
    hinting.grader = session.grader
    hinting.awaiting = session.awaiting
    target = int(len(session.procedure) * share)
    while not session.is_over and len(session.grader.done) < target:
        if session.awaiting:
            session.sign_off(session.awaiting[0].id, "M. Chen")
            continue
        step = hinting.hint()
        if step is None:
            break
        session.act(step.spot, step.action, step.amount, step.hand)
        if trainer.dealing and not trainer.pre_deal:
            trainer.skip_dealing()
        if len(session.grader.done) >= len(session.procedure) - 1:
            break  # the last step ends the round and replaces the felt with the summary
    while session.awaiting:  # signed before the screen's floorperson dialog can open
        session.sign_off(session.awaiting[0].id, "M. Chen")


class Gallery:
    def __init__(self, app: QApplication, out: Path, size: tuple[int, int]) -> None:
        self.app = app
        self.size = size
        self.folder = out / f"{size[0]}x{size[1]}"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.window = MainWindow()
        self.window.resize(*size)
        self.window.show()
        self.index: list[str] = []

    def settle_events(self) -> None:
        for _ in range(3):
            self.app.processEvents()

    def shoot(self, name: str, widget: QWidget | None = None) -> None:
        self.settle_events()
        shown = widget or self.window
        got = shown.size()
        grew = got.width() > self.size[0] or got.height() > self.size[1]
        hint = shown.minimumSizeHint()
        shown.grab().save(str(self.folder / f"{name}.png"))
        note = " GREW" if grew and widget is None else ""
        self.index.append(
            f"{name}.png  {got.width()}x{got.height()}  "
            f"minimum {hint.width()}x{hint.height()}{note}"
        )
        if widget is None and (got.width(), got.height()) != self.size:
            self.window.resize(*self.size)

    @contextmanager
    def dialog(self, opened: Callable[[], object], name: str) -> Iterator[None]:
        """Open a modal dialog, photograph it, and close it."""

        def photograph() -> None:
            dialog = QApplication.activeModalWidget()
            if isinstance(dialog, QDialog):
                self.shoot(name, dialog)
                dialog.reject()

        QTimer.singleShot(50, photograph)
        opened()
        yield

    def screens(self) -> None:
        window = self.window
        window.stack.setCurrentWidget(window.start)
        self.shoot("start")
        window.show_picker()
        self.shoot("picker")
        window.show_course()
        self.shoot("course")
        window.show_hand_reader()
        self.shoot("hand_reader")
        window.show_closed_table_form()
        self.shoot("closed_table_form")
        with self.dialog(window.show_help, "help"):
            pass
        from dealer_trainer.gui.key_help import HelpDialog

        help_dialog = HelpDialog(window)
        help_dialog.show()
        self.settle_events()
        bar = help_dialog.text.verticalScrollBar()
        bar.setValue(bar.maximum())
        self.shoot("help_end", help_dialog)
        help_dialog.close()

    def trainer(self) -> TrainerScreen:
        trainer = self.window.trainer
        assert trainer is not None
        trainer.show_summary = False
        return trainer

    def table(self, game: str, table: PracticeTable) -> None:
        stem = table.path.stem
        for mode in (Mode.PRACTICE, Mode.LEARN):
            self.window.open_round(full_deal(table), table, mode)
            trainer = self.trainer()
            trainer.skip_dealing()
            self.shoot(f"{stem}_{mode.value}_dealt")
            if mode is Mode.LEARN:
                trainer.show_hint()
                self.shoot(f"{stem}_learn_hint")
                continue
            settle(trainer, 0.5)
            self.shoot(f"{stem}_half_settled")
            settle(trainer, 1.0)
            self.shoot(f"{stem}_settled")
        del game

    def scenario(self, path: Path) -> None:
        dealt: DealtRound = load_round(path)
        self.window.open_round(dealt, None, Mode.PRACTICE)
        trainer = self.trainer()
        trainer.skip_dealing()
        name = f"scenario_{path.parent.name}_{path.stem}"
        self.shoot(f"{name}_dealt")
        settle(trainer, 0.6)
        self.shoot(f"{name}_held")
        settle(trainer, 1.0)
        self.shoot(f"{name}_settled")

    def dialogs(self) -> None:
        """The dialogs of a round (floorperson, ending early, the summary with Retry, the
        house way) and those that need records (progress, the instructor's password,
        replay and area tabs), on records made for the gallery in a scratch folder."""
        import tempfile

        from PySide6.QtWidgets import QTabWidget

        from dealer_trainer.curriculum.lessons import load_lessons
        from dealer_trainer.gui.floorperson_dialog import FloorCall, FloorpersonDialog
        from dealer_trainer.gui.instructor.access import (
            InstructorSession,
            PasswordDialog,
            SetPasswordDialog,
        )
        from dealer_trainer.gui.instructor.area import InstructorArea
        from dealer_trainer.gui.progress_screen import ProgressDialog
        from dealer_trainer.store import open_store

        window = self.window
        lesson = next(
            (e.lesson for e in load_lessons() if e.ok and e.lesson and e.lesson.intro), None
        )
        if lesson is not None and window._show_intro(lesson, lambda: None, True):
            self.shoot("lesson_intro")
        scenario = ROOT / SCENARIOS[2]
        if scenario.exists():
            dealt = load_round(scenario)
            session = PracticeSession(dealt.setup, dealt.procedure, Mode.LEARN)
            while not session.awaiting and (step := session.hint()) is not None:
                session.act(step.spot, step.action, step.amount, step.hand)
            if session.awaiting:
                call = FloorCall.of(session.awaiting[0], session, dealt.setup, False)
                floor = FloorpersonDialog(call, "M. Chen", 0, window)
                floor.show()
                self.shoot("dialog_floorperson", floor)
                floor.close()
        table = next(t for t in practice_tables() if t.offered)
        window.open_round(full_deal(table), table, Mode.PRACTICE)
        trainer = self.trainer()
        trainer.skip_dealing()
        with self.dialog(trainer.finish_round, "dialog_end_round"):
            pass
        assert trainer.session is not None
        trainer.session.finish()
        self.settle_events()
        with self.dialog(trainer.show_round_summary, "dialog_round_summary"):
            pass
        window.open_round(full_deal(table), table, Mode.EXAM)
        trainer = self.trainer()
        trainer.skip_dealing()
        settle(trainer, 0.3)
        self.shoot("exam_table")
        pai_gow = next((t for t in practice_tables() if t.offered and deal(t, 1).reference), None)
        if pai_gow is not None:
            window.open_round(deal(pai_gow, 1), pai_gow, Mode.PRACTICE)
            viewer = window.show_house_way()
            if viewer is not None:
                self.shoot("dialog_house_way", viewer)
                viewer.close()
        with tempfile.TemporaryDirectory() as folder:
            store = open_store(f"sqlite:///{Path(folder) / 'gallery.sqlite3'}")
            try:
                setting = SetPasswordDialog(window)
                setting.show()
                self.shoot("dialog_set_password", setting)
                setting.close()
                store.set_instructor_password("gallery password")
                asking = PasswordDialog(store, window)
                asking.show()
                self.shoot("dialog_password", asking)
                asking.close()
                progress = ProgressDialog(store, store.add_trainee("Ann Lee"), window)
                progress.show()
                self.shoot("dialog_progress", progress)
                progress.close()
                area = InstructorArea(InstructorSession.sign_in(store, "gallery password"))
                area.show()
                tabs = area.findChild(QTabWidget)
                for index in range(tabs.count() if tabs is not None else 0):
                    assert tabs is not None
                    tabs.setCurrentIndex(index)
                    title = tabs.tabText(index).replace("&", "").lower().replace(" ", "_")
                    self.shoot(f"dialog_instructor_{title}", area)
                area.close()
            finally:
                store.close()

    def records(self, school: tuple[Path, Any]) -> None:
        """The screens that show a school's records, on the records the instructor-area
        tests build (weeks of practice by four trainees, a passed and a failed exam): the
        start screen and course of a trainee with an exam assigned, My progress, the
        examiner's and the result's dialogs, the dashboard on a failed exam, its replay at
        a mistake, a table's analysis, and the result report and certificate as PDF pages
        (rendered with poppler's pdftoppm when it is installed)."""
        import shutil
        import tempfile
        from datetime import date, timedelta

        from PySide6.QtWidgets import QTabWidget
        from reports_support import PASSWORD

        from dealer_trainer.curriculum.assignments import assigned_exams, lesson_sha256
        from dealer_trainer.curriculum.lessons import load_lessons
        from dealer_trainer.curriculum.run import ExamResult
        from dealer_trainer.gui.exam_dialogs import ExaminerDialog, ExamResultDialog
        from dealer_trainer.gui.instructor.access import InstructorSession
        from dealer_trainer.gui.instructor.analysis_panel import AnalysisPanel
        from dealer_trainer.gui.instructor.area import InstructorArea
        from dealer_trainer.gui.instructor.assignments_panel import exam_name
        from dealer_trainer.gui.instructor.dashboard import Dashboard
        from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
        from dealer_trainer.gui.progress_screen import ProgressDialog
        from dealer_trainer.practice.table_analysis import TableAnalyser
        from dealer_trainer.reports.results import title_of
        from dealer_trainer.store import open_store
        from dealer_trainer.store.settings import sqlite_url

        template, built = school
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            shutil.copyfile(template, folder / "school.sqlite3")
            store = open_store(sqlite_url(folder / "school.sqlite3"))
            try:
                session = InstructorSession.sign_in(store, PASSWORD)
                keys = session.keys()
                store.set_school("Keystone Dealer Academy", None, keys)
                lessons = [e.lesson for e in load_lessons() if e.ok and e.lesson is not None]
                exam = next(lesson for lesson in lessons if lesson.exam)
                ann = built.trainees["Ann Lee"]
                store.assign_exam(
                    [ann.id],
                    lesson_id=exam.id,
                    lesson_sha256=lesson_sha256(exam),
                    title=exam_name(exam),
                    assigned_by="M. Chen",
                    due=date.today() + timedelta(days=7),
                    keys=keys,
                )
                window = MainWindow(store=store, trainee=ann)
                window.resize(*self.size)
                window.show()
                self.settle_events()
                self.shoot("start_trainee", window)
                window.show_course()
                self.shoot("course_trainee", window)
                progress = ProgressDialog(store, ann, window)
                progress.show()
                self.shoot("dialog_progress_trainee", progress)
                progress.close()
                mine = next(iter(assigned_exams(load_lessons(), window.progress)), None)
                examiner = ExaminerDialog(store, exam, ann, 1, window, assigned=mine)
                examiner.show()
                self.shoot("exam_examiner", examiner)
                examiner.close()
                failed = store.attempt(built.exams["Ben Okafor"])
                result = ExamResultDialog(
                    ExamResult(failed, 90.0, len(failed.rounds)), "Exam: the plain table", window
                )
                result.show()
                self.shoot("exam_result_failed", result)
                result.close()
                area = InstructorArea(session)
                area.resize(*self.size)
                area.show()
                board = area.findChild(Dashboard)
                tabs = area.findChild(QTabWidget)
                if board is not None and tabs is not None:
                    tabs.setCurrentWidget(board)
                    board.select_trainee("Ben Okafor")
                    board.select_attempt(failed.id)
                    self.shoot("instructor_dashboard_trainee", area)
                    replayed = ReplayDialog(
                        session, failed, area, title=title_of(failed, board.catalog)
                    )
                    replayed.show()
                    self.shoot("replay", replayed)
                    replayed.next_mistake.click()
                    self.shoot("replay_mistake", replayed)
                    replayed.close()
                    self.pdf(board.save_result_report(folder / "report.pdf"), "pdf_result_report")
                    board.select_trainee("Ann Lee")
                    board.select_attempt(built.exams["Ann Lee"])
                    self.pdf(board.save_certificate(folder / "certificate.pdf"), "pdf_certificate")
                panel = area.findChild(AnalysisPanel)
                if panel is not None and tabs is not None:
                    tabs.setCurrentWidget(panel)
                    table = next(t for t in practice_tables() if t.offered)
                    items = [panel.tables.item(i) for i in range(panel.tables.count())]
                    row = next(
                        i for i, item in enumerate(items) if item and item.text() == table.name
                    )
                    panel.tables.setCurrentRow(row)
                    panel.run = TableAnalyser(rounds=2000, folder=folder / "analysis")
                    panel.analyse_selected()
                    while panel.busy:
                        self.app.processEvents()
                    self.shoot("instructor_analyse_result", area)
                area.close()
                window.close()
            finally:
                store.close()

    def pdf(self, path: Path | None, name: str) -> None:
        """``path``'s pages as PNGs beside the screens (poppler's pdftoppm, at 60 dpi)."""
        import shutil
        import subprocess

        if path is None or shutil.which("pdftoppm") is None:
            self.index.append(f"{name}: not rendered (no PDF, or pdftoppm is not installed)")
            return
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", str(path), str(self.folder / name)], check=True
        )
        for page in sorted(self.folder.glob(f"{name}-*.png")):
            self.index.append(f"{page.name}  (a PDF page)")

    def write_index(self) -> None:
        (self.folder / "index.txt").write_text("\n".join(self.index) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("gallery"))
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--only", default="", help="tables whose file name contains this")
    parser.add_argument(
        "--palette",
        choices=sorted(PALETTES),
        default="system",
        help="draw with a dark or high-contrast system palette, as a trainee may have set",
    )
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    app = application(["dealer-trainer-gallery"])
    PALETTES[args.palette](app)
    if args.palette != "system":
        args.out = args.out / args.palette
    tables = richest_tables()
    records = school() if not args.only else None
    for width, height in sizes:
        gallery = Gallery(app, args.out, (width, height))
        if not args.only:
            gallery.screens()
            gallery.dialogs()
            if records is not None:
                gallery.records(records)
        for game, table in tables.items():
            if args.only in table.path.stem:
                gallery.table(game, table)
        for scenario in SCENARIOS:
            path = ROOT / scenario
            if path.exists() and args.only in str(path.relative_to(ROOT)):
                gallery.scenario(path)
        gallery.write_index()
        gallery.window.close()
        print(f"{gallery.folder}: {len(gallery.index)} images")
        grown = [line for line in gallery.index if "GREW" in line]
        for line in grown:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
