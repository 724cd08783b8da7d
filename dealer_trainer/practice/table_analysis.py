"""A table file's analysis as the instructor area runs it: the kept analysis when there is
one, otherwise computed in a process of its own.

Counting every seven-card hand and simulating the base game take seconds to minutes of pure
Python. In a thread of the window's process that work would hold the interpreter lock (the
window stutters) and, worse, Python's cycle collector may run there and destroy Qt objects
outside the GUI thread, which crashes the application. A separate process has neither
problem, and closing the area can end it at once.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from pathlib import Path

from msgspec import Struct

from dealer_trainer.analysis.simulation import DEFAULT_ROUNDS, DEFAULT_SEED
from dealer_trainer.analysis.table import (
    DEFAULT_PLAYERS,
    TableAnalysis,
    analyse_config,
    cache_folder,
    keep,
    kept,
    settings_key,
)
from dealer_trainer.practice.rounds import read_table


class TableAnalyser(Struct, frozen=True):
    """How tables are analysed (seats, simulated rounds, seed) and where analyses are kept
    (``folder``; ``None`` is the user cache folder). Plain data, so a process can be handed
    one."""

    rounds: int = DEFAULT_ROUNDS
    players: int = DEFAULT_PLAYERS
    seed: int = DEFAULT_SEED
    folder: Path | None = None

    @property
    def settings(self) -> str:
        return settings_key(self.players, self.rounds, self.seed)

    @property
    def cache(self) -> Path:
        return self.folder or cache_folder()

    def kept(self, path: Path) -> TableAnalysis | None:
        """The kept analysis of the file's present content, if any (cheap: one small read)."""
        try:
            content = path.read_bytes()
        except OSError:
            return None
        return kept(content, self.settings, self.cache)

    def compute(self, path: Path) -> TableAnalysis:
        """Analyse the file and keep the result for the next look."""
        content = path.read_bytes()
        _, config = read_table(path)
        analysis = analyse_config(config, path.name, self.players, self.rounds, self.seed)
        keep(content, self.settings, self.cache, analysis)
        return analysis


class Failed(Struct, frozen=True):
    """Why an analysis could not be made, as the instructor reads it."""

    message: str


def _analyse(analyser: TableAnalyser, path: Path, answer: Connection) -> None:
    try:
        result: TableAnalysis | Failed = analyser.compute(path)
    except Exception as error:  # reported to the instructor, never swallowed
        result = Failed(f"{type(error).__name__}: {error}")
    answer.send(result)
    answer.close()


class AnalysisJob:
    """One analysis running in its own process; ask ``result()`` until it is not ``None``."""

    def __init__(self, analyser: TableAnalyser, path: Path) -> None:
        context = multiprocessing.get_context("spawn")
        self._answer, sending = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_analyse, args=(analyser, path, sending), name="table analysis", daemon=True
        )
        self._process.start()
        sending.close()

    @property
    def running(self) -> bool:
        return self._process.is_alive()

    def result(self) -> TableAnalysis | Failed | None:
        """The analysis, or why it failed, once the process has answered; ``None`` while it
        works."""
        if self._answer.poll() or (not self._process.is_alive() and self._answer.poll()):
            try:
                answer: TableAnalysis | Failed = self._answer.recv()
            except EOFError:
                answer = Failed("the analysis process ended without an answer")
            self.stop()
            return answer
        if not self._process.is_alive():
            self.stop()
            return Failed(f"the analysis process ended (exit code {self._process.exitcode})")
        return None

    def stop(self) -> None:
        """End the process (at once if it is still working) and free its pipe."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._answer.close()


__all__ = ["AnalysisJob", "Failed", "TableAnalyser"]
