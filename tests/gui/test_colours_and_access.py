"""Readable on dark and high-contrast palettes, and the felt named for a screen reader."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QAccessible, QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.gui.app import application
from dealer_trainer.gui.colours import AA, BAD, GOOD, contrast, readable
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.rounds import practice_tables
from dealer_trainer.practice.session import Mode

PALETTES = {
    "dark": ("#121212", "#e8eaed", "#202124"),
    "high contrast": ("#000000", "#ffffff", "#000000"),
    "light": ("#ffffff", "#000000", "#efefef"),
}


@pytest.fixture
def palette(request: pytest.FixtureRequest) -> Iterator[QPalette]:
    app = application(["dealer-trainer"])  # as the app starts: it follows palette changes
    before = app.palette()
    base, text, window = PALETTES[request.param]
    chosen = QPalette()
    chosen.setColor(QPalette.ColorRole.Base, QColor(base))
    chosen.setColor(QPalette.ColorRole.Window, QColor(window))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
        chosen.setColor(role, QColor(text))
    # A desktop palette whose placeholder is the light theme's grey: invisible on black.
    chosen.setColor(QPalette.ColorRole.PlaceholderText, QColor(base).lighter(130))
    app.setPalette(chosen)
    for _ in range(3):
        QApplication.processEvents()
    yield app.palette()
    app.setPalette(before)


def screen(qtbot: QtBot) -> TrainerScreen:
    table = next(t for t in practice_tables() if t.offered)
    trainer = TrainerScreen(table, Mode.PRACTICE, deal_interval_ms=0)
    qtbot.addWidget(trainer)
    trainer.show_summary = False
    trainer.deal_new_round(5)
    trainer.skip_dealing()
    return trainer


@pytest.mark.parametrize("palette", list(PALETTES), indirect=True)
def test_text_stays_readable_on_every_palette(qtbot: QtBot, palette: QPalette) -> None:
    trainer = screen(qtbot)
    trainer.show()
    qtbot.waitExposed(trainer)
    base = trainer.amount.palette().color(QPalette.ColorRole.Base)
    placeholder = trainer.amount.palette().color(QPalette.ColorRole.PlaceholderText)
    assert contrast(placeholder, base) >= AA, "the Amount placeholder vanishes"
    for meaning in (GOOD, BAD):
        assert contrast(readable(meaning), base) >= AA
    trainer.perform_text = trainer.feedback.text()
    trainer.select(trainer.targets()[0])
    trainer._set_feedback("✔ Correct", GOOD)
    shown = trainer.feedback.text().split("color:")[1][:7]
    assert contrast(QColor(shown), palette.color(QPalette.ColorRole.Base)) >= AA


def test_the_felt_is_described_to_a_screen_reader(qtbot: QtBot) -> None:
    trainer = screen(qtbot)
    trainer.show()
    qtbot.waitExposed(trainer)
    access = QAccessible.queryAccessibleInterface(trainer.view)
    assert access is not None
    described = access.text(QAccessible.Text.Description)
    dealt = trainer.dealt
    assert dealt is not None
    first = next(s for s in dealt.setup.seats if not s.folded)
    assert f"Seat {first.seat}: cards {first.cards[0].label}" in described
    assert "Table inventory $" in described
    target = trainer.targets()[0]
    trainer.select(target)
    name = access.text(QAccessible.Text.Name)
    assert name.startswith("Table, selected: ") and target.party in name


def test_alternate_rows_stay_readable_on_a_high_contrast_palette(qtbot: QtBot) -> None:
    """A high-contrast desktop sets the base black and the text white and leaves the
    alternate rows to the light theme: every other row of the course list, the exam
    settings and the dashboard would be white text on near-white."""
    app = application(["dealer-trainer"])
    before = app.palette()
    chosen = QPalette()
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
        chosen.setColor(role, QColor("#000000"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
        chosen.setColor(role, QColor("#ffffff"))
    try:
        app.setPalette(chosen)
        qtbot.waitUntil(
            lambda: (
                contrast(
                    app.palette().color(QPalette.ColorRole.Text),
                    app.palette().color(QPalette.ColorRole.AlternateBase),
                )
                >= AA
            ),
            timeout=2000,
        )
    finally:
        app.setPalette(before)
