"""The feedback panel: what the trainer says about the last step, read in one glance, and the
steps so far.

A verdict is one short line (what was done and whether it was right), then the rule in a
sentence, then its section on a line of its own. The step's name is said once: the rule's own
opening ("Seat 4 Trips: ...") and its inline citation are dropped, since the verdict line and
the section line already say them.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.engine.grader import Judgement, TraineeAction
from dealer_trainer.gui.card_text import escape, names_cards, plain_cards, with_cards
from dealer_trainer.gui.colours import BAD, GOOD, css, readable


def rule_text(explanation: str, name: str, citation: str) -> str:
    """``explanation`` without the step's ``name`` at its start ("Seat 4 Trips: ") and
    without ``citation`` in brackets (shown on its own line)."""
    text = explanation.strip()
    party_spot = name.split(":", 1)[0]
    if party_spot and text.startswith(party_spot + ":"):
        text = text[len(party_spot) + 1 :].strip()
        text = text[:1].upper() + text[1:]
    if citation:
        for wrapped in (f" ({citation})", f"({citation})"):
            text = text.replace(wrapped, "")
    return " ".join(text.split())


def done_text(action: TraineeAction) -> str:
    """What the trainee did, as the engine describes it, except that a hand given as cards (a
    pai gow split) keeps its notation, so the screen draws it as cards: the description
    lowers a hand's name ("royal flush"), and lowered notation ("jk as 8h") reads as words."""
    text = action.describe()
    if action.hand and names_cards(action.hand):
        text = text.replace(f"({action.hand.lower()})", f"({action.hand})", 1)
    return text


def verdict_word(judgement: Judgement) -> str:
    return "✔ Correct" if judgement.ok else f"✘ {judgement.verdict.value.capitalize()}"


def judgement_html(judgement: Judgement, style: DeckStyle = DeckStyle.STANDARD) -> str:
    """The verdict line, the rule and the section, as the panel and the summary show them."""
    done = done_text(judgement.action)
    rule = rule_text(judgement.explanation, done, judgement.citation)
    section = (
        f'<p style="margin-top:4px"><i>{escape(judgement.citation)}</i></p>'
        if judgement.citation
        else ""
    )
    return (
        f'<p style="margin-bottom:4px"><b>{verdict_word(judgement)}</b> · '
        f"{with_cards(done, style)}</p>"
        f"<p>{with_cards(rule, style)}</p>{section}"
    )


class FeedbackPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck_style = DeckStyle.STANDARD
        self.label = QLabel()
        self.label.setObjectName("feedback")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAccessibleName("Feedback")
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setMargin(2)
        self.history = QListWidget()
        self.history.setObjectName("history")
        self.history.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setAccessibleName("Steps so far")
        self.history.setWordWrap(True)
        self.history.setVisible(False)
        area = QScrollArea()
        area.setObjectName("feedbackArea")
        area.setWidget(self.label)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lines = self.fontMetrics().lineSpacing()
        area.setMinimumHeight(7 * lines)
        self.history.setMinimumHeight(2 * lines + 2 * self.history.frameWidth())
        self.area = area
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # What was said about the last step comes first; the list of steps takes a share.
        layout.addWidget(area, 4)
        layout.addWidget(self.history, 1)

    def sizeHint(self) -> QSize:
        """No more than the minimum: the panel above keeps the height it needs, and the
        feedback grows into whatever is left (its layout stretch)."""
        return self.minimumSizeHint()

    def say(self, html: str, colour: str) -> None:
        style = f"color:{css(colour)};" if colour else ""
        self.label.setText(f'<div style="{style}">{html}</div>')

    def judged(self, judgement: Judgement) -> None:
        """Practice and learn: the verdict, the rule and its section."""
        self.say(judgement_html(judgement, self.deck_style), GOOD if judgement.ok else BAD)
        done = plain_cards(done_text(judgement.action))
        item = QListWidgetItem(f"{'✔' if judgement.ok else '✘'} {done}")
        item.setForeground(readable(GOOD if judgement.ok else BAD))
        self._add(item)

    def recorded(self, judgement: Judgement, colour: str) -> None:
        """An exam says nothing about the step but that it was recorded."""
        done = done_text(judgement.action)
        self.say(f"Recorded: {with_cards(done, self.deck_style)}", colour)
        self._add(QListWidgetItem(f"• {plain_cards(done)}"))

    def _add(self, item: QListWidgetItem) -> None:
        self.history.addItem(item)
        self.history.setVisible(True)
        self.history.scrollToBottom()

    def clear_history(self) -> None:
        """A new round: no steps yet, and an empty list would only take the feedback's room."""
        self.history.clear()
        self.history.setVisible(False)
