"""The read-only table the instructor area lists records in (trainees, attempts, exams,
assignments, a replay's steps): one look and one keyboard behaviour on every tab."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


def record_table(
    name: str,
    headers: Sequence[str],
    *,
    stretch: int = 0,
    accessible: str | None = None,
    alternating: bool = True,
) -> QTableWidget:
    """Rows are selected whole and one at a time, never edited; every column fits its
    contents except ``stretch``, which takes the room left."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setAccessibleName(accessible or name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().setVisible(False)
    table.setAlternatingRowColors(alternating)
    table.setWordWrap(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table
