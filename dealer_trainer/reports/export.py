"""A class's results as CSV: one row per result (a submitted or abandoned attempt).

Opened in a spreadsheet, a cell that starts with ``=``, ``+``, ``-``, ``@`` (or a tab or a
carriage return) would be read as a formula, so text typed by people (names, classes) is
written with a leading apostrophe when it starts so; numbers are written as numbers. Times are
ISO 8601 in UTC, as in the signed results.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from pathlib import Path

from dealer_trainer.reports.results import (
    LessonInfo,
    is_result,
    pass_mark,
    title_of,
    vouch,
    vouched_verdict,
)
from dealer_trainer.store.crypto import KeyRing
from dealer_trainer.store.records import AttemptRecord, TraineeRecord
from dealer_trainer.store.types import decimal_text, time_text

COLUMNS = (
    "class",
    "trainee",
    "trainee_uid",
    "attempt_uid",
    "lesson",
    "title",
    "game",
    "mode",
    "status",
    "result",
    "pass_mark",
    "score",
    "payout_accuracy",
    "procedure_compliance",
    "rounds",
    "seconds",
    "started_at",
    "finished_at",
    "key_id",
    "verification",
)

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str | None) -> str:
    text = value or ""
    return "'" + text if text.startswith(_FORMULA_START) else text


def result_rows(
    trainees: Iterable[TraineeRecord],
    attempts: Iterable[AttemptRecord],
    catalog: Mapping[str, LessonInfo],
    keys: KeyRing | None = None,
) -> list[dict[str, str]]:
    """The rows for ``trainees`` (a class), by trainee name then start time. A signed result's
    row is read from its signed document (``vouch``), and an exam whose result does not verify
    is not reported passed."""
    members = {t.id: t for t in trainees}
    chosen = [a for a in attempts if a.trainee.id in members and is_result(a)]
    chosen.sort(key=lambda a: (members[a.trainee.id].name.lower(), a.started_at, a.id))
    rows = []
    for live in chosen:
        vouched = vouch(live, keys)
        record = vouched.record
        trainee = members[record.trainee.id]
        summary = record.summary
        mark = pass_mark(record, catalog)
        rows.append(
            {
                "class": _text(trainee.cohort),
                "trainee": _text(record.trainee.name),
                "trainee_uid": trainee.uid,
                "attempt_uid": record.uid,
                "lesson": _text(record.lesson_id),
                "title": _text(title_of(record, catalog)),
                "game": record.game,
                "mode": record.mode,
                "status": record.status.value,
                "result": vouched_verdict(vouched, catalog),
                "pass_mark": "" if mark is None else f"{mark:g}",
                "score": "" if summary is None else decimal_text(summary.score),
                "payout_accuracy": "" if summary is None else decimal_text(summary.payout_accuracy),
                "procedure_compliance": ""
                if summary is None
                else decimal_text(summary.procedure_compliance),
                "rounds": str(sum(1 for r in record.rounds if r.grade is not None)),
                "seconds": "" if summary is None else f"{summary.seconds:.3f}",
                "started_at": time_text(record.started_at),
                "finished_at": "" if record.finished_at is None else time_text(record.finished_at),
                "key_id": record.key_id or "",
                "verification": vouched.verification,
            }
        )
    return rows


def rows_csv(rows: Iterable[Mapping[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def results_csv(
    trainees: Iterable[TraineeRecord],
    attempts: Iterable[AttemptRecord],
    catalog: Mapping[str, LessonInfo],
    keys: KeyRing | None = None,
) -> str:
    return rows_csv(result_rows(trainees, attempts, catalog, keys))


def write_results_csv(
    path: Path,
    trainees: Iterable[TraineeRecord],
    attempts: Iterable[AttemptRecord],
    catalog: Mapping[str, LessonInfo],
    keys: KeyRing | None = None,
) -> int:
    """Write the CSV (UTF-8 with a byte-order mark, so spreadsheets read the names right);
    returns the number of results written."""
    rows = result_rows(trainees, attempts, catalog, keys)
    path.write_text(rows_csv(rows), encoding="utf-8-sig", newline="")
    return len(rows)
