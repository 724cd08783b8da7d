"""The certificate and the detailed result report as PDF, saved from the dashboard's buttons,
rendered to PNG with pdftoppm (poppler-utils; ``.ci/poppler`` installs it in CI) and read
back with pdftotext: pages that are not blank and carry the candidate's name. The PNGs are
kept in tests/screenshots/ to be looked at."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    PASSWORD,
    School,
    catalog,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
)
from PIL import Image
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.dashboard import Dashboard
from dealer_trainer.gui.instructor.school_panel import SchoolPanel
from dealer_trainer.store import Store

POPPLER = "pdftoppm and pdftotext (Debian's poppler-utils; .ci/poppler installs them)"


def poppler() -> None:
    if shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None:
        pytest.skip(f"rendering the PDFs needs {POPPLER}")


def render(pdf: Path, stem: Path) -> list[Path]:
    """Every page as a PNG (``stem-1.png``, ...), at 60 dpi: enough to read and to look at."""
    for old in stem.parent.glob(f"{stem.name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(stem)], check=True)
    return sorted(stem.parent.glob(f"{stem.name}-*.png"))


def pdf_text(pdf: Path, pages: tuple[int, int] | None = None) -> str:
    """The words of the PDF (or of pages first to last), ligatures undone ("ﬁ" is "fi") and
    spaced by single spaces."""
    span = [] if pages is None else ["-f", str(pages[0]), "-l", str(pages[1])]
    out = subprocess.run(
        ["pdftotext", *span, str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return " ".join(unicodedata.normalize("NFKC", out).split())


def inked(page: Path) -> float:
    """The share of the page's pixels that are not white."""
    image = Image.open(page).convert("L")
    histogram = image.histogram()
    return 1 - sum(histogram[245:]) / (image.width * image.height)


@pytest.fixture
def dashboard(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Iterator[Dashboard]:
    store, _ = school_store
    board = Dashboard(InstructorSession.sign_in(store, PASSWORD), catalog)
    qtbot.addWidget(board)
    board.resize(1280, 760)
    board.show()
    saved: list[Path] = []

    def save_as(_parent: object, _title: str, suggested: str, _pattern: str) -> tuple[str, str]:
        target = tmp_path / Path(suggested).name
        saved.append(target)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    board.saved = saved  # type: ignore[attr-defined]
    yield board


def test_the_result_report_pdf(
    dashboard: Dashboard,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
) -> None:
    _, built = school_store
    dashboard.select_trainee("Ben Okafor")
    dashboard.select_attempt(built.exams["Ben Okafor"])
    dashboard.report_button.click()
    [pdf] = dashboard.saved  # type: ignore[attr-defined]
    assert pdf.name == "Ben Okafor - uth-plain-table-exam - result.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert "Result report saved" in dashboard.message.text()
    poppler()
    pages = render(pdf, screenshot_dir / "instructor_result_report")
    assert len(pages) >= 2  # ten rounds of steps do not fit on one page
    assert all(inked(p) > 0.01 for p in pages)
    words = pdf_text(pdf)
    assert "Ben Okafor" in words and "Spring 2025" in words
    assert "FAILED" in words and "Round 10" in words
    assert "the same grade" in words and "verified" in words
    # One page of summary and mistakes (each with its rule); the log is the appendix after it.
    first = pdf_text(pdf, pages=(1, 1))
    assert "FAILED" in first and "Mistakes (" in first and "§" in first
    assert "Appendix" not in first
    assert "Appendix: every round and step" in pdf_text(pdf, pages=(2, 2))


def test_the_certificate_pdf(
    dashboard: Dashboard,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    store, built = school_store
    dashboard.select_trainee("Ann Lee")
    dashboard.select_attempt(built.exams["Ann Lee"])
    assert dashboard.certificate_button.isEnabled()
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, message: warnings.append(message))
    dashboard.certificate_button.click()  # no school name yet: asked for first
    assert dashboard.saved == [] and "School tab" in warnings[0]  # type: ignore[attr-defined]

    # The School tab: the name typed, a logo picked (a red square, 900 px: scaled down).
    panel = SchoolPanel(dashboard.session)
    qtbot.addWidget(panel)
    logo_file = tmp_path / "logo.jpg"
    Image.new("RGB", (900, 900), (200, 20, 20)).save(logo_file)
    assert panel.choose_logo(logo_file)
    assert panel.logo is not None and panel.logo.startswith(b"\x89PNG")
    with Image.open(io.BytesIO(panel.logo)) as scaled:
        assert scaled.size == (600, 600)
    panel.name.setText("  Keystone   Dealer Academy ")
    assert panel.save_school() is not None
    assert panel.name.text() == "Keystone Dealer Academy"
    panel.resize(1280, 720)
    panel.grab().save(str(screenshot_dir / "instructor_school.png"))
    assert not panel.choose_logo(tmp_path / "missing.png")
    assert "cannot be read" in panel.message.text()

    dashboard.certificate_button.click()
    [pdf] = dashboard.saved  # type: ignore[attr-defined]
    assert pdf.name == "Ann Lee - certificate.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    poppler()
    [page] = render(pdf, screenshot_dir / "instructor_certificate")
    with Image.open(page) as image:
        assert image.width > image.height  # landscape
        corner = image.convert("RGB").crop((0, 0, image.width // 8, image.height // 4))
        pixels = np.asarray(corner)
        red, green, blue = pixels[..., 0], pixels[..., 1], pixels[..., 2]
        reds = int(((red > 150) & (green < 80) & (blue < 80)).sum())
        assert reds > 200  # the logo, top left
    assert inked(page) > 0.02
    words = pdf_text(pdf)
    assert "Certificate of Proficiency" in words and "Ann Lee" in words
    assert "Exam: the plain table, full seats" in words
    assert "100" in words and "pass mark 90%" in words
    assert "KEYSTONE DEALER ACADEMY" in words and "Examiner" in words and "Date" in words
    key_id = store.attempt(built.exams["Ann Lee"]).key_id
    assert key_id is not None and key_id in words


def test_no_certificate_for_a_failed_or_an_edited_exam(
    dashboard: Dashboard,
    school_store: tuple[Store, School],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store, built = school_store
    dashboard.select_trainee("Ben Okafor")
    dashboard.select_attempt(built.exams["Ben Okafor"])
    assert not dashboard.certificate_button.isEnabled()
    dashboard.select_attempt(next(a.id for a in dashboard.shown_attempts if a.mode == "practice"))
    assert not dashboard.certificate_button.isEnabled()
    assert not dashboard.signed_button.isEnabled()

    with store.engine.begin() as connection:  # a time edited after the exam was signed
        connection.execute(
            text('UPDATE step_records SET at = at - 2 WHERE attempt_id = :a AND "index" = 3'),
            {"a": built.exams["Ann Lee"]},
        )
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, message: warnings.append(message))
    dashboard.refresh()
    dashboard.select_trainee("Ann Lee")
    dashboard.select_attempt(built.exams["Ann Lee"])
    assert dashboard.save_certificate() is None
    assert dashboard.saved == []  # type: ignore[attr-defined]
    assert warnings and "edited" in warnings[0] and "steps[3].at" in warnings[0]


def test_a_signed_result_is_exported_for_results_verify(
    dashboard: Dashboard,
    school_store: tuple[Store, School],  # noqa: F811
) -> None:
    _, built = school_store
    dashboard.select_trainee("Ann Lee")
    dashboard.select_attempt(built.exams["Ann Lee"])
    dashboard.signed_button.click()
    [exported] = dashboard.saved  # type: ignore[attr-defined]
    verify = subprocess.run(
        [
            sys.executable,
            "-m",
            "dealer_trainer.cli",
            "results",
            "verify",
            "--password-stdin",
            str(exported),  # checked with the keys of the station's records
        ],
        input=PASSWORD + "\n",
        capture_output=True,
        text=True,
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "1 result checked: 1 verified, 0 edited" in verify.stdout


def test_the_dashboard_prints_the_signed_result_and_names_a_deleted_exam(
    dashboard: Dashboard,
    school_store: tuple[Store, School],  # noqa: F811
) -> None:
    """Columns edited at a station change nothing the dashboard shows: the score is the signed
    one, the verdict says EDITED and no certificate is offered; an exam deleted from the
    records is named from the trainee's signed ledger."""
    store, built = school_store
    ann = built.exams["Ann Lee"]
    signed = store.attempt(ann)
    assert signed.summary is not None
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE attempts SET score = '1.5' WHERE id = :a"), {"a": ann})
    dashboard.refresh()
    dashboard.select_trainee("Ann Lee")
    dashboard.select_attempt(ann)
    row = [a.id for a in dashboard.shown_attempts].index(ann)
    table = dashboard.attempt_table
    texts = [table.item(row, c).text() for c in range(table.columnCount())]
    assert f"{signed.summary.score}%" in texts and "1.5%" not in texts
    assert "EDITED" in texts
    assert not dashboard.certificate_button.isEnabled()

    ben = built.exams["Ben Okafor"]
    with store.engine.begin() as connection:
        for table_name in ("step_records", "chain_links", "form_records", "attempt_rounds"):
            connection.execute(text(f"DELETE FROM {table_name} WHERE attempt_id = :a"), {"a": ben})
        connection.execute(text("DELETE FROM attempts WHERE id = :a"), {"a": ben})
    dashboard.refresh()
    dashboard.select_trainee("Ben Okafor")
    assert "Exam ledger" in dashboard.problems.text()
    assert "deleted from the records" in dashboard.problems.text()
