"""Start-up beside the floors it is judged against, measured side by side in one run.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/startup.py [--repeats N]

Every figure comes from a fresh interpreter, and the repeats are interleaved (floor, app,
floor, app, ...) so a machine that slows down part-way slows both sides; each figure is the
median of its repeats. The records are a throw-away SQLite file with one trainee, chosen in the
"Who is practising?" dialog as soon as it opens (the person's reading time is not the app's).

- **Playable table**: wall time from launching ``dealer-trainer practice TABLE --seed 7`` to
  the window showing the dealt table, accepting input (the dealing animation skipped, as Space
  does), against launching a minimal PySide6 window. Goal: at most 2x. Both are stamped after
  their window's first paint has ended: the floor's ``processEvents`` returns after it, and the
  table's stamp is queued from the start of its paint (a stamp taken before the event loop
  runs would count a table no one has seen yet). The command shows the table before it opens
  the records (what is settled meanwhile is recorded once they are open); **recorded** is the
  time until the records are open and the trainee chosen, which is when the "Who is
  practising?" dialog would give the table back to the trainee.
- **Settle**: CPU time (user + system, from ``getrusage(RUSAGE_CHILDREN)``) of
  ``dealer-trainer settle`` on a UTH example, against ``python -c "import PySide6.QtWidgets"``.
  Goal: at most 1.5x.
- **Course**: Practice > Course at a start whose lesson checks are remembered from an earlier
  start (the cache file in the user's cache folder), then opened again. Goal: 0.2 s. The first
  start ever (no cache file) is shown for comparison.
- **Resume offer**: from the window shown to the "Unfinished work" dialog shown, for a trainee
  with an interrupted lesson. Goal: 0.3 s.

Prints numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTLE_EXAMPLE = ROOT / "docs" / "examples" / "uth_trips_full_house.toml"
TABLE = "uth_all_653b_options.toml"
RESUMED_LESSON = "uth-first-settlement"
RESUMED_GAME = "Ultimate Texas Hold 'Em"

FLOOR_WINDOW = """
import sys, time
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("ready"))
window.resize(1280, 800)
window.show()
window.repaint()
app.processEvents()
print(time.time(), flush=True)
"""

QT_MAKE_UP = """
import sys, time
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QKeySequence, QPainter, QPainterPath, QPen
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QApplication, QComboBox, QGraphicsScene, QGraphicsView, QGridLayout, QGroupBox, QLabel,
    QLineEdit, QListWidget, QMainWindow, QProgressBar, QPushButton, QScrollArea, QSplitter,
    QStackedWidget, QVBoxLayout, QWidget,
)
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 800)
for m in range(4):
    menu = window.menuBar().addMenu(f"Menu {m}")
    for a in range(8 if m < 3 else 6):
        action = QAction(f"Action {m}.{a}", window)
        keys = ("Ctrl+", "Ctrl+Shift+")[m % 2] + chr(65 + 8 * (m // 2) + a)
        action.setShortcut(QKeySequence(keys))
        menu.addAction(action)
        window.addAction(action)
scene = QGraphicsScene(0, 0, 1000, 620)
pen, font = QPen(QColor("#f0e6c8"), 2), QFont("DejaVu Sans", 10)
chips = []
for c in range(6):
    chip = QPixmap(28, 28)
    chip.fill(Qt.GlobalColor.transparent)
    painter = QPainter(chip)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor.fromHsv(60 * c, 200, 200))
    painter.drawEllipse(1, 1, 26, 26)
    painter.end()
    chips.append(chip)
felt = QPainterPath()
felt.addRoundedRect(QRectF(10, 10, 980, 600), 220, 220)
for i in range(7):
    scene.addPath(felt, pen, QBrush(QColor("#0d6b3a")))
for i in range(71):
    scene.addRect(QRectF(30 + i % 12 * 78, 40 + i // 12 * 90, 60, 80), pen)
for i in range(62):
    scene.addEllipse(QRectF(40 + i % 12 * 78, 60 + i // 12 * 90, 40, 40), pen)
for i in range(100):
    scene.addPixmap(chips[i % 6]).setPos(45 + i % 12 * 78, 65 + i // 12 * 60)
for i in range(151):
    scene.addSimpleText(f"Spot {i} $25", font).setPos(30 + i % 12 * 78, 30 + i // 12 * 45)
view = QGraphicsView(scene)
view.setRenderHint(QPainter.RenderHint.Antialiasing)
view.scale(0.8, 0.8)
panel = QWidget()
column = QVBoxLayout(panel)
column.addWidget(QLabel("<b>Practice</b> · a table"))
column.addWidget(QProgressBar())
for g in range(4):
    group = QGroupBox(f"Group {g}")
    grid = QGridLayout(group)
    for b in range(10 if g < 3 else 7):
        grid.addWidget(QPushButton(f"Button {g}.{b}  Ctrl+{b}"), b // 2, b % 2)
    column.addWidget(group)
for text in ("Amount", "Score", "Time", "Hint", "<i>Dealing</i>", "Steps"):
    column.addWidget(QLabel(text))
column.addWidget(QComboBox())
column.addWidget(QLineEdit())
column.addWidget(QListWidget())
scroll = QScrollArea()
scroll.setWidget(panel)
scroll.setWidgetResizable(True)
split = QSplitter()
split.addWidget(view)
split.addWidget(scroll)
stack = QStackedWidget()
stack.addWidget(split)
window.setCentralWidget(stack)
window.statusBar().showMessage("Practice: a table")
window.show()
window.repaint()
app.processEvents()
print(time.time(), flush=True)
"""
"""A window of the playable table's Qt make-up and none of the trainer's code: the menus and
their 30 shortcuts, the status bar, a felt of 391 graphics items of the table's kinds (text,
pixmaps, rectangles, ellipses, paths) and a side panel of 37 buttons in group boxes. Shown for
comparison, not a goal: it says how much of the table's time Qt itself takes."""

CHOOSE_TRAINEE = """
import sys, time
from PySide6.QtWidgets import QApplication, QDialog

_exec = QDialog.exec

def _chosen(dialog):
    # The trainee dialog, whenever the app imports it, is answered at once: importing it here
    # to patch it would charge the table with a dialog the app loads after showing it.
    if type(dialog).__name__ != "TraineeDialog":
        return _exec(dialog)
    dialog.choose()
    return QDialog.DialogCode.Accepted

QDialog.exec = _chosen
"""

PLAYABLE_TABLE = (
    CHOOSE_TRAINEE
    + """
from dealer_trainer.gui.main_window import MainWindow

from PySide6.QtCore import QCoreApplication, QEvent, QObject

class FirstPaint(QObject):
    # Stamps the end of the window's first paint: an event posted from its start is delivered
    # once the whole window is painted, and before anything the app queues from that paint
    # (the floor's processEvents returns after its window's first paint).

    def __init__(self, window):
        super().__init__()
        self.window, self.stamp = window, None

    def eventFilter(self, watched, event):
        if watched is self.window and event.type() == QEvent.Type.Paint:
            self.window.removeEventFilter(self)
            QCoreApplication.postEvent(self, QEvent(QEvent.Type.User))
        return False

    def event(self, event):
        if event.type() == QEvent.Type.User:
            self.stamp = time.time()
            return True
        return super().event(event)

def _ready(app):
    (window,) = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
    window.trainer.skip_dealing()
    shown = FirstPaint(window)
    window.installEventFilter(shown)
    window.repaint()
    while shown.stamp is None:
        app.processEvents()  # the window system's expose, and the first paint
    while window.store is None or window.trainer.recorder is None:
        app.processEvents()  # the queued rest of the start: records, who is practising
    print(shown.stamp, time.time(), flush=True)
    return 0

QApplication.exec = _ready
from dealer_trainer.cli import main
sys.exit(main(["practice", sys.argv[1], "--seed", "7"]))
"""
)

COURSE = (
    CHOOSE_TRAINEE
    + """
from dealer_trainer.gui.app import application, start_window
app = application(sys.argv[:1])
window = start_window()
window.show()
app.processEvents()
begin = time.perf_counter()
window.show_course()
window.repaint()
app.processEvents()
first = time.perf_counter()
window.show_picker()
app.processEvents()
again = time.perf_counter()
window.show_course()
window.repaint()
app.processEvents()
print(first - begin, time.perf_counter() - again, flush=True)
"""
)

RESUME = (
    CHOOSE_TRAINEE
    + """
from dealer_trainer.gui import trainee_dialog
from dealer_trainer.gui.app import application, start_window

class Shown(trainee_dialog.ResumeDialog):
    def exec(self):
        self.show()
        app.processEvents()
        print(time.perf_counter() - begin, len(self.lessons), flush=True)
        return QDialog.DialogCode.Rejected

trainee_dialog.ResumeDialog = Shown
app = application(sys.argv[:1])
window = start_window()
window.show()
app.processEvents()
begin = time.perf_counter()
window.offer_resume()
"""
)

SETTLE = "import sys; from dealer_trainer.cli import main; sys.exit(main())"


class Station:
    """A throw-away station: records with one trainee (chosen last), and the app's cache. The
    records are put back as set up before every run (a practice round left in progress would
    otherwise be offered for resuming at the next start)."""

    def __init__(self, folder: Path, interrupted: bool) -> None:
        folder.mkdir(parents=True)
        inherited = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env = {
            **inherited,
            # An installed app starts from compiled modules: keep them, outside the checkout.
            "PYTHONPYCACHEPREFIX": str(folder.parent / "pycache"),
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "DEALER_TRAINER_DATABASE": f"sqlite:///{folder / 'records.sqlite3'}",
            "DEALER_TRAINER_STATION_FILE": str(folder / "station.json"),
            "DEALER_TRAINER_CACHE_DIR": str(folder / "cache"),
        }
        setup = (
            "from dealer_trainer.store import open_store\n"
            "from dealer_trainer.store.settings import remember_trainee\n"
            "store = open_store()\n"
            "trainee = store.add_trainee('Bench Mark')\n"
            "remember_trainee(trainee.uid)\n"
        )
        if interrupted:
            lesson = f"{RESUMED_LESSON!r}, {RESUMED_GAME!r}"
            setup += f"store.start_attempt(trainee.id, {lesson}, 'practice')\n"
        subprocess.run([sys.executable, "-c", setup], env=self.env, check=True, cwd=ROOT)
        self.records = folder / "records.sqlite3"
        self.pristine = folder / "records.pristine"
        shutil.copyfile(self.records, self.pristine)

    def forget_checks(self) -> None:
        shutil.rmtree(self.env["DEALER_TRAINER_CACHE_DIR"], ignore_errors=True)

    def run(self, code: str, *args: str) -> str:
        shutil.copyfile(self.pristine, self.records)
        self.launched = time.time()
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(f"benchmark child failed:\n{done.stderr}")
        return done.stdout

    def launch_to_stamp(self, code: str, *args: str) -> float:
        """Wall seconds from launching the child to the moment it prints as ready."""
        return self.launch_to_stamps(code, *args)[0]

    def launch_to_stamps(self, code: str, *args: str) -> tuple[float, ...]:
        """Wall seconds from launching the child to each moment it prints."""
        return tuple(float(stamp) - self.launched for stamp in self.run(code, *args).split())

    def cpu(self, code: str, *args: str) -> float:
        """User + system CPU seconds of the child."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.run(code, *args)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def table_file() -> str:
    from dealer_trainer.practice.rounds import TABLES

    return str(TABLES / TABLE)


SECOND = {"table": "recorded", "course": "again", "course cold": "again"}
"""The name of a figure's second value."""


def measure(repeats: int, folder: Path) -> dict[str, list[float]]:
    plain = Station(folder / "plain", interrupted=False)
    resuming = Station(folder / "resuming", interrupted=True)
    table = table_file()
    results: dict[str, list[float]] = {}

    def course(station: Station, *, forget: bool) -> tuple[float, float]:
        if forget:
            station.forget_checks()
        first, again = station.run(COURSE).split()
        return float(first), float(again)

    def resume(station: Station, *, forget: bool) -> float:
        if forget:
            station.forget_checks()
        seconds, lessons = station.run(RESUME).split()
        assert int(lessons) > 0, "the resume offer listed no lessons"
        return float(seconds)

    course(plain, forget=True)  # the first start ever, remembered for the next ones
    resume(resuming, forget=True)
    figures: list[tuple[str, Callable[[], float | tuple[float, ...]]]] = [
        ("floor window", lambda: plain.launch_to_stamp(FLOOR_WINDOW)),
        ("table", lambda: plain.launch_to_stamps(PLAYABLE_TABLE, table)),
        ("qt make-up", lambda: plain.launch_to_stamp(QT_MAKE_UP)),
        ("floor import", lambda: plain.cpu("import PySide6.QtWidgets")),
        ("settle", lambda: plain.cpu(SETTLE, "settle", str(SETTLE_EXAMPLE))),
        ("course", lambda: course(plain, forget=False)),
        ("resume", lambda: resume(resuming, forget=False)),
        ("course cold", lambda: course(plain, forget=True)),
        ("resume cold", lambda: resume(resuming, forget=True)),
    ]
    for _name, run in figures:  # warm-up: compiled modules written, files in the OS cache
        run()
    for _ in range(repeats):
        for name, run in figures:
            value = run()
            if isinstance(value, tuple):
                results.setdefault(name, []).append(value[0])
                results.setdefault(f"{name} {SECOND[name]}", []).append(value[1])
            else:
                results.setdefault(name, []).append(value)
        course(plain, forget=False)  # leave the cache file as a normal start finds it
        resume(resuming, forget=False)
    return results


def report(results: dict[str, list[float]], repeats: int) -> None:
    m = {name: statistics.median(values) for name, values in results.items()}

    def ratio(name: str, floor: str, goal: float, unit: str) -> str:
        times = m[name] / m[floor]
        verdict = "meets" if times <= goal else "misses"
        return f"{m[name]:6.3f} s{unit}  {times:4.2f}x the floor  ({verdict} the goal <= {goal:g}x)"

    def absolute(name: str, goal: float) -> str:
        verdict = "meets" if m[name] <= goal else "misses"
        return f"{m[name]:6.3f} s  ({verdict} the goal <= {goal:g} s)"

    print(f"start-up, {repeats} interleaved repeats, medians, fresh process each:")
    print(f"  floor: a minimal PySide6 window shown          {m['floor window']:6.3f} s")
    print(f"  dealer-trainer practice {TABLE}, playable  {ratio('table', 'floor window', 2, '')}")
    print(
        f"    ... its records open, trainee chosen         "
        f"{ratio('table recorded', 'floor window', 2, '')}"
    )
    make_up = m["qt make-up"]
    print(
        f"    for comparison, its Qt make-up alone         "
        f"{make_up:6.3f} s  {make_up / m['floor window']:4.2f}x the floor  (not a goal)"
    )
    print(f"  floor: python -c 'import PySide6.QtWidgets'    {m['floor import']:6.3f} s CPU")
    print(
        f"  dealer-trainer settle {SETTLE_EXAMPLE.name}  "
        f"{ratio('settle', 'floor import', 1.5, ' CPU')}"
    )
    print(f"  opening the Course (checks remembered)         {absolute('course', 0.2)}")
    print(f"  opening the Course again                       {absolute('course again', 0.2)}")
    print(f"  opening the Course at the first start ever     {absolute('course cold', 0.2)}")
    print(f"  the resume offer appearing (checks remembered) {absolute('resume', 0.3)}")
    print(f"  the resume offer at the first start ever       {absolute('resume cold', 0.3)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dealer-trainer-startup-"))
    try:
        results = measure(args.repeats, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(results, args.repeats)


if __name__ == "__main__":
    main()
