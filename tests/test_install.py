"""The trainer as a user installs it: a wheel built from the package, installed (not editable)
into a fresh environment and run from a folder outside the checkout.

The wheel must carry every data file of the package folder (the course, its tables, layouts,
house ways, paytables, evaluator tables, migrations and art), and the installed commands must
find them there. The fresh environment borrows the dependencies already installed for the
tests (a ``.pth`` file naming this interpreter's site-packages, whose own ``.pth`` files, such
as the editable install's finder, are not run), so nothing is downloaded but the build backend
that ``pip install -e`` needed already, and the checkout stays off ``sys.path``.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import LESSONS, lesson_files
from dealer_trainer.practice.rounds import TABLES

pytestmark = pytest.mark.install

CHECKOUT = Path(__file__).resolve().parents[1]
PACKAGE = CHECKOUT / "dealer_trainer"
SCENARIO = Path("uth", "scenarios", "trips_full_house_plain.toml")
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check"]

WINDOW = """
import sys
from dealer_trainer.assets_index import CHIP_DENOMINATIONS
from dealer_trainer.gui.app import application
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.pixmaps import card_pixmap, chip_pixmap
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.store.store import open_store

app = application(sys.argv[:1])
assert not app.windowIcon().isNull(), "no icon"
store = open_store()
window = MainWindow(store=store, trainee=store.add_trainee("Installed"))
window.show()
tables = practice_tables()
assert not any(table.error for table in tables), tables
window.start_practice(tables[0], Mode.PRACTICE)
app.processEvents()
window.show_course()
app.processEvents()
assert not card_pixmap(None).isNull()
assert all(not chip_pixmap(d).isNull() for d in CHIP_DENOMINATIONS)
print(f"window: {len(tables)} tables; {window.statusBar().currentMessage()}")
store.close()
"""

EXAM_SETTINGS = """
from dealer_trainer.curriculum.exam_settings import (
    ExamSettings, ExamSettingsError, list_exams, save_exam_settings,
)
exam = list_exams()[0]
before = exam.path.read_bytes()
try:
    save_exam_settings(exam, ExamSettings(180, 75, 2))
except ExamSettingsError as error:
    print(error)
assert exam.path.read_bytes() == before
"""


def built_wheel(folder: Path) -> Path:
    """The wheel of a copy of the package's source (no stale ``build/`` from the checkout)."""
    source = folder / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(CHECKOUT / name, source / name)
    shutil.copytree(
        PACKAGE, source / "dealer_trainer", ignore=shutil.ignore_patterns("__pycache__")
    )
    build = ["wheel", "-q", str(source), "--no-deps", "-w", str(folder)]
    subprocess.run([*PIP, *build], check=True)
    [wheel] = folder.glob("dealer_trainer-*.whl")
    return wheel


def fresh_environment(folder: Path, wheel: Path) -> Path:
    """A new venv with the wheel installed and this interpreter's dependencies visible;
    returns its scripts folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    scripts = folder / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / "python"
    install = ["install", "-q", "--no-deps", "--no-index", str(wheel)]
    subprocess.run([*PIP, "--python", str(python), *install], check=True)
    where = [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]
    site_packages = Path(
        subprocess.run(where, check=True, capture_output=True, text=True).stdout.strip()
    )
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (site_packages / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return scripts


def run(command: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def in_process(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_ships_every_data_file_of_the_package(wheel: Path) -> None:
    shipped = {n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("dealer_trainer/")}
    present = {
        p.relative_to(CHECKOUT).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert present - shipped == set(), "files of the package the wheel leaves out"
    for part in ("lessons/lesson.schema.json", "lessons/tables/uth_plain.toml", "assets/icon.png"):
        assert f"dealer_trainer/{part}" in shipped


def test_the_installed_trainer_runs_from_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    scripts = fresh_environment(venv, wheel)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env |= {
        "QT_QPA_PLATFORM": "offscreen",
        "DEALER_TRAINER_DATABASE": f"sqlite:///{outside / 'records.sqlite3'}",
        "XDG_CONFIG_HOME": str(outside / "config"),
        "XDG_DATA_HOME": str(outside / "data"),
    }

    where = "import dealer_trainer.resources as r; print(r.shipped_lessons())"
    course = Path(run([scripts / "python", "-c", where], outside, env).strip())
    assert course.is_relative_to(venv.resolve()) and not course.is_relative_to(CHECKOUT)

    lessons = len(lesson_files(LESSONS))
    checked = run([scripts / "dealer-trainer", "lessons", "check"], outside, env)
    assert checked.splitlines()[-1] == f"{lessons} lessons checked, 0 with problems"

    settled = run([scripts / "dealer-trainer", "settle", course / SCENARIO], outside, env)
    assert "Seat 5 Trips: pay $45" in settled
    assert settled == in_process(["settle", str(LESSONS / SCENARIO)]), "the same steps as here"

    window = run([scripts / "python", "-c", WINDOW], outside, env)
    tables = len(list(TABLES.glob("*.toml")))
    assert window.startswith(f"window: {tables} tables; Course"), window

    refused = run([scripts / "python", "-c", EXAM_SETTINGS], outside, env)
    assert "installed trainer, which is read-only" in refused, refused
