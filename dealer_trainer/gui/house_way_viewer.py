"""The house way (and any other house document a table posts), readable at the table.

A pai gow table deals with a house way the trainee must follow; this window shows the very
rules the grader sets the dealer's hand by, numbered as the feedback cites them ("house way
rule 16"), grouped by the hand, in plain words. It is not modal: it can stay open beside the
table while the trainee sets a hand.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.reference import ReferenceSheet


def sheet_html(sheet: ReferenceSheet) -> str:
    parts = [f"<h1>{escape(sheet.title)}</h1>"]
    parts += [f"<p>{escape(line)}</p>" for line in sheet.summary if line]
    for section in sheet.sections:
        parts.append(f"<h2>{escape(section.heading)}</h2><table cellpadding='3'>")
        for number, rule, note in section.rules:
            extra = f"<br><i>{escape(note)}</i>" if note else ""
            parts.append(
                f"<tr><td valign='top'><b>Rule {number}</b></td><td>{escape(rule)}{extra}</td></tr>"
            )
        parts.append("</table>")
    return "".join(parts)


class HouseWayViewer(QDialog):
    """Every house document of the table on the felt, one tab each."""

    def __init__(self, sheets: tuple[ReferenceSheet, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("houseWayViewer")
        self.setWindowTitle("House way" if len(sheets) == 1 else "House documents")
        self.tabs = QTabWidget()
        self.pages: list[QTextBrowser] = []
        for sheet in sheets:
            page = QTextBrowser()
            page.setAccessibleName(sheet.title)
            page.setHtml(sheet_html(sheet))
            self.pages.append(page)
            self.tabs.addTab(page, sheet.title)
        self.tabs.tabBar().setVisible(len(sheets) > 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        QShortcut(QKeySequence("Ctrl+W"), self, self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(720, 640)
