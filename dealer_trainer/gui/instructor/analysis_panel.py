"""Analyse: what each wager of a table costs the player and how often each procedure comes up
(the table analyser, ``dealer_trainer.analysis``), for the table the instructor picks.

The first analysis of a Rules Submission runs in a process of its own (counting every
seven-card hand and simulating the base game take a while; see
``dealer_trainer.practice.table_analysis``); it is then kept in the cache by the file's
content, so the next look shows at once. Every figure says whether it is exact or simulated.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.analysis.figures import Method, WagerFigures
from dealer_trainer.analysis.table import TableAnalysis, dollars, percent
from dealer_trainer.engine.wager_analysis import Procedure
from dealer_trainer.practice.rounds import TABLES, PracticeTable, practice_tables
from dealer_trainer.practice.table_analysis import AnalysisJob, Failed, TableAnalyser

POLL_MS = 100
"""How often the panel asks a running analysis whether it has answered."""


def _wager_html(wager: WagerFigures) -> str:
    tag = "exact" if wager.method is Method.EXACT else "simulated"
    head = f"<h3>{escape(wager.paytable)} <small>[{tag}]</small></h3>"
    if wager.method is Method.SIMULATED:
        half = wager.half_width or 0
        edge = -wager.base_return
        return (
            f"{head}<p>House edge <b>{percent(edge, 2)}</b> "
            f"(95% confidence interval {percent(edge - half, 2)} to {percent(edge + half, 2)}), "
            f"{escape('; '.join(wager.notes))} [simulated]</p>"
        )
    rows = "".join(
        f"<tr><td>{escape(r.label)}</td><td align=right>{escape(r.odds)}"
        f"{' (stake not returned)' if r.stake_returned is False else ''}</td>"
        f"<td align=right>{r.combinations:,}</td>"
        f"<td align=right>{float(r.probability):.6g}</td>"
        f"<td align=right>{'' if not r.probability else f'1 in {float(1 / r.probability):,.0f}'}"
        "</td></tr>"
        for r in wager.rows
    )
    counted = escape(wager.counted[:1].upper() + wager.counted[1:])
    table = (
        "<table cellspacing=0 cellpadding=3 border=1><tr><th>Row</th><th>Pays</th>"
        f"<th>{counted}</th><th>Probability</th><th>Odds against</th></tr>{rows}</table>"
    )
    if wager.progressive:
        meter = wager.break_even_meter
        even = dollars(meter) if meter is not None and meter > 0 else "none: it pays more"
        summary = (
            f"At the meter reset: house edge <b>{percent(wager.house_edge, 2)}</b>; "
            f"break-even meter <b>{even}</b> [exact]"
        )
    elif not wager.stake_at_risk:
        summary = f"Adds <b>{percent(wager.return_at(), 2)}</b> of the stake it is paid on [exact]"
    else:
        summary = f"House edge <b>{percent(wager.house_edge, 2)}</b> [exact]"
    notes = "".join(f"<br><i>{escape(note)}</i>" for note in wager.notes)
    cards = f"<br>Cards: {escape(wager.cards)} ({escape(wager.citation)})"
    return f"{head}{table}<p>{summary}{cards}{notes}</p>"


def analysis_html(analysis: TableAnalysis) -> str:
    """The analysis as the panel shows it (and as a test reads it)."""
    parts = [
        f"<h2>{escape(analysis.table)}</h2><p>{escape(analysis.game)}, "
        f"{escape(analysis.source)}. Returns per unit wagered.</p>"
    ]
    parts += [_wager_html(wager) for wager in analysis.wagers]
    if analysis.not_analysed:
        items = "".join(
            f"<li><b>{escape(item.name)}</b>: {escape(item.reason)}</li>"
            for item in analysis.not_analysed
        )
        parts.append(f"<h3>Not analysed</h3><ul>{items}</ul>")
    halves = analysis.per_hundred_half_widths()

    def how(procedure: Procedure) -> str:
        half = halves.get(procedure)
        return "exact" if half is None else f"± {float(half):.3f} (simulated, 95% CI)"

    counts = "".join(
        f"<tr><td>{escape(p.value)}</td><td align=right>{float(v):.3f}</td>"
        f"<td>{escape(how(p))}</td></tr>"
        for p, v in analysis.per_hundred_rounds().items()
    )
    methods = "".join(
        f"<br><i>{escape(c.procedure.value)}: {escape(c.method)}</i>"
        for c in analysis.procedure_counts
    )
    parts.append(
        f"<h3>Per 100 rounds, {analysis.players} players betting every analysed wager</h3>"
        f"<table cellpadding=3 border=1><tr><th>Procedure</th><th>Expected</th><th>Figure</th>"
        f"</tr>{counts}</table><p>{methods}</p>"
    )
    return "".join(parts)


class AnalysisPanel(QWidget):
    """The shipped tables on the left, the chosen table's analysis on the right."""

    def __init__(
        self,
        parent: QWidget | None = None,
        run: TableAnalyser | None = None,
        folder: Path = TABLES,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analysisPanel")
        self.run = run or TableAnalyser()
        self.tables = QListWidget()
        self.tables.setObjectName("analysisTables")
        self.tables.setWordWrap(True)
        self.tables.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for table in practice_tables(folder):
            item = QListWidgetItem(table.name)
            item.setToolTip(f"{table.path.name}: {table.error or table.description}")
            item.setData(Qt.ItemDataRole.UserRole, table)
            item.setFlags(item.flags() if not table.error else Qt.ItemFlag.NoItemFlags)
            self.tables.addItem(item)
        self.button = QPushButton("&Analyse")
        self.button.setToolTip("Compute (or show the kept) figures of the selected table")
        self.button.clicked.connect(self.analyse_selected)
        self.tables.itemActivated.connect(lambda _item: self.analyse_selected())
        self.status = QLabel("Pick a table and press Analyse.")
        self.status.setWordWrap(True)
        self.view = QTextBrowser()
        self.view.setObjectName("analysisView")
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel("Tables"))
        column.addWidget(self.tables, 1)
        column.addWidget(self.button)
        right = QWidget()
        main = QVBoxLayout(right)
        main.setContentsMargins(0, 0, 0, 0)
        main.addWidget(self.status)
        main.addWidget(self.view, 1)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        split.setSizes([380, 900])
        layout = QHBoxLayout(self)
        layout.addWidget(split)
        self.job: AnalysisJob | None = None
        self.shown: TableAnalysis | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check)

    @property
    def busy(self) -> bool:
        return self.job is not None

    def analyse_selected(self) -> None:
        item = self.tables.currentItem()
        if item is None or self.busy:
            return
        table: PracticeTable = item.data(Qt.ItemDataRole.UserRole)
        kept = self.run.kept(table.path)
        if kept is not None:
            self._show(kept, "the kept analysis, shown at once")
            return
        self.status.setText(
            f"Analysing {table.name}… The first analysis of a table counts every hand and "
            "simulates the base game; it is kept, so the next look is immediate."
        )
        self.button.setEnabled(False)
        self.job = AnalysisJob(self.run, table.path)
        self._poll.start()

    def _check(self) -> None:
        if self.job is None:
            return
        result = self.job.result()
        if result is None:
            return
        self._end()
        if isinstance(result, Failed):
            self.status.setText(f"The analysis failed: {result.message}")
        else:
            self._show(result, "computed now and kept for the next look")

    def _end(self) -> None:
        self._poll.stop()
        if self.job is not None:
            self.job.stop()
        self.job = None
        self.button.setEnabled(True)

    def _show(self, analysis: TableAnalysis, how: str) -> None:
        self.shown = analysis
        self.status.setText(f"{analysis.table}: {how}. Exact figures count every deal.")
        self.view.setHtml(analysis_html(analysis))

    def stop(self) -> None:
        """End a running analysis when the area closes (nothing is kept of it)."""
        self._end()


__all__ = ["AnalysisPanel", "analysis_html"]
