"""A lesson's introduction: what the trainee reads before the first round, and again on
request (Practice > Lesson introduction).

The screen shows the lesson's text, the paytable sign of the wager it teaches exactly as the
table posts it, and an example deal with every step of its settlement as the grader expects
it (``curriculum.intro`` works them out; nothing shown here is typed into the lesson).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle, card_path
from dealer_trainer.cards import Card
from dealer_trainer.engine.felt import Sign
from dealer_trainer.gui.card_text import with_cards

if TYPE_CHECKING:
    from dealer_trainer.curriculum.intro import IntroExample, IntroView

CARD_HEIGHT = 78
START = "&Start the first round (Enter)"
BACK = "&Back to the table (Enter)"


def cards_html(cards: tuple[Card, ...], style: DeckStyle) -> str:
    """Cards drawn as on the felt, with their notation as the text a screen reader reads."""
    return " ".join(
        f'<img src="{card_path(card, style).as_posix()}" height="{CARD_HEIGHT}" '
        f'alt="{escape(card.notation)}">'
        for card in cards
    )


def sign_html(sign: Sign) -> str:
    rows = "".join(
        f"<tr><td>{escape(hand)}</td><td align='right'><b>{escape(odds)}</b></td></tr>"
        for hand, odds in sign.rows
    )
    return (
        f"<h2>{escape(sign.title)}</h2>"
        f"<p>Paid on {escape(sign.cards)}, as this table posts it.</p>"
        f"<table cellspacing='0' cellpadding='4' width='440'>{rows}</table>"
    )


def example_html(example: IntroExample, style: DeckStyle) -> str:
    setup = example.dealt.setup
    seat = setup.seat(example.seat)
    parts = [f"<h2>An example: seat {example.seat}</h2>"]
    hands = [(f"Seat {example.seat}", seat.cards)]
    if setup.dealer_cards:
        hands.append(("Dealer", setup.dealer_cards))
    if setup.board:
        hands.append(("Community cards", setup.board))
    cells = "".join(
        f"<td valign='top' style='padding-right:18px'><b>{who}</b><br>"
        f"{cards_html(cards, style)}</td>"
        for who, cards in hands
    )
    parts.append(f"<table cellspacing='0'><tr>{cells}</tr></table>")
    if seat.decision:
        decision = with_cards(seat.decision, style)
        parts.append(f"<p>The player at seat {example.seat}: {decision}.</p>")
    steps = "".join(f"<li>{with_cards(step, style)}</li>" for step in example.steps)
    parts.append(f"<p><b>Settling it, step by step:</b></p><ol>{steps}</ol>")
    return "".join(parts)


class LessonIntroScreen(QWidget):
    """The introduction of one lesson; ``done`` when the trainee goes on (Enter, or the
    button)."""

    done = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonIntro")
        self.view: IntroView | None = None
        self.title = QLabel()
        self.title.setObjectName("introTitle")
        self.title.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setObjectName("introText")
        self.text.setAccessibleName("Introduction and example hand")
        self.sign = QTextBrowser()
        self.sign.setObjectName("introPaytable")
        self.sign.setAccessibleName("Paytable")
        self.go_on = QPushButton(START)
        self.go_on.setObjectName("introGoOn")
        self.go_on.setDefault(True)
        self.go_on.clicked.connect(self.done.emit)
        columns = QHBoxLayout()
        columns.addWidget(self.text, 3)
        columns.addWidget(self.sign, 2)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.go_on)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(columns, 1)
        layout.addLayout(buttons)

    def show_intro(
        self, view: IntroView, *, before_first_round: bool, style: DeckStyle = DeckStyle.STANDARD
    ) -> None:
        self.view = view
        self.title.setText(f"<h1>{escape(view.title)}</h1>")
        paragraphs = "".join(
            f"<p>{escape(' '.join(p.split()))}</p>" for p in view.text.split("\n\n") if p.strip()
        )
        example = example_html(view.example, style) if view.example is not None else ""
        self.text.setHtml(paragraphs + example)
        self.sign.setVisible(view.sign is not None)
        self.sign.setHtml(sign_html(view.sign) if view.sign is not None else "")
        self.go_on.setText(START if before_first_round else BACK)
        self.go_on.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
            self.done.emit()
            return
        super().keyPressEvent(event)
