"""Analyse: what each wager of a table costs the player and how often each procedure comes up
(the table analyser, ``dealer_trainer.analysis``), for the table the instructor picks.

The first analysis of a Rules Submission runs beside the window (counting every seven-card
hand and simulating the base game take a while); it is then kept in the cache by the file's
content, so the next look shows at once. Every figure says whether it is exact or simulated.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
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
from dealer_trainer.analysis.simulation import DEFAULT_ROUNDS, DEFAULT_SEED
from dealer_trainer.analysis.table import (
    DEFAULT_PLAYERS,
    TableAnalysis,
    analyse_config,
    cache_folder,
    cached,
    dollars,
    percent,
)
from dealer_trainer.engine.wager_analysis import Procedure
from dealer_trainer.practice.rounds import TABLES, PracticeTable, practice_tables, read_table

Analyser = Callable[[PracticeTable], TableAnalysis]


def analyser(
    rounds: int = DEFAULT_ROUNDS, players: int = DEFAULT_PLAYERS, folder: Path | None = None
) -> Analyser:
    """Analyse a table file through the cache (``folder``, or the user cache folder)."""

    def run(table: PracticeTable) -> TableAnalysis:
        _, config = read_table(table.path)
        settings = f"{players}/{rounds}/{DEFAULT_SEED}"
        return cached(
            table.path.read_bytes(),
            settings,
            folder or cache_folder(),
            lambda: analyse_config(config, table.path.name, players, rounds, DEFAULT_SEED),
        )

    return run


class _Worker(QObject):
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, run: Analyser, table: PracticeTable) -> None:
        super().__init__()
        self.run, self.table = run, table

    def work(self) -> None:
        try:
            self.finished.emit(self.run(self.table))
        except Exception as error:  # shown to the instructor, never swallowed
            self.failed.emit(f"{type(error).__name__}: {error}")


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
        run: Analyser | None = None,
        folder: Path = TABLES,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analysisPanel")
        self.run = run or analyser()
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
        self._thread: QThread | None = None
        self.worker: _Worker | None = None
        self.shown: TableAnalysis | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def analyse_selected(self) -> None:
        item = self.tables.currentItem()
        if item is None or self.busy:
            return
        table: PracticeTable = item.data(Qt.ItemDataRole.UserRole)
        self.status.setText(
            f"Analysing {table.name}… The first analysis of a table counts every hand and "
            "simulates the base game; it is kept, so the next look is immediate."
        )
        self.button.setEnabled(False)
        thread = QThread(self)
        worker = _Worker(self.run, table)
        worker.moveToThread(thread)
        thread.started.connect(worker.work)
        worker.finished.connect(self._show)
        worker.failed.connect(self._fail)
        self._thread, self.worker = thread, worker
        thread.start()

    def _done(self) -> None:
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
        self._thread = self.worker = None
        self.button.setEnabled(True)

    def _show(self, analysis: TableAnalysis) -> None:
        self._done()
        self.shown = analysis
        self.status.setText(f"{analysis.table}: exact figures count every deal.")
        self.view.setHtml(analysis_html(analysis))

    def _fail(self, message: str) -> None:
        self._done()
        self.status.setText(f"The analysis failed: {message}")

    def wait(self) -> None:
        """Finish a running analysis before the panel goes away."""
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()


__all__ = ["AnalysisPanel", "analyser", "analysis_html"]
