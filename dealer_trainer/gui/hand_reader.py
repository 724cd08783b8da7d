"""Hand reader: type cards, see how a game's ranking system reads them.

Reading hands correctly is the first step of every settlement ("verify the winning hand"),
so trainees get a place to check themselves before a table is ever dealt.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.cards import CardNotationError, parse_cards
from dealer_trainer.gui.colours import css
from dealer_trainer.hands.systems import SYSTEMS, RankingSystem, evaluate

RED = "#c62828"
BLACK = "#111111"


def card_html(text: str, red: bool) -> str:
    return f'<span style="color:{css(RED if red else BLACK)}">{text}</span>'


class HandReader(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handReader")
        title = QLabel("<h1>Hand reader</h1>")
        intro = QLabel(
            "Type a hand in card notation (for example <b>As Kd Th 9c 2h</b>; <b>Jk</b> is the "
            "joker) and pick the ranking system a game uses."
        )
        intro.setWordWrap(True)
        self.system = QComboBox()
        self.system.setAccessibleName("Ranking system")
        for system in SYSTEMS:
            self.system.addItem(system.value, system)
        self.cards = QLineEdit()
        self.cards.setAccessibleName("Cards")
        self.cards.setPlaceholderText("As Kd Th 9c 2h")
        self.result = QLabel()
        self.result.setObjectName("handResult")
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setWordWrap(True)
        self.games = QLabel()
        self.games.setWordWrap(True)

        form = QFormLayout()
        form.addRow("&Ranking system:", self.system)
        form.addRow("&Cards:", self.cards)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.result)
        layout.addWidget(self.games)
        layout.addStretch(1)
        font = self.result.font()
        font.setPointSize(font.pointSize() + 6)
        self.result.setFont(font)

        self.cards.textChanged.connect(self.refresh)
        self.system.currentIndexChanged.connect(self.refresh)
        self.refresh()

    def selected_system(self) -> RankingSystem:
        system = self.system.currentData()
        assert isinstance(system, RankingSystem)
        return system

    def refresh(self) -> None:
        info = SYSTEMS[self.selected_system()]
        self.games.setText(f"Used by: {info.games}")
        text = self.cards.text().strip()
        if not text:
            self.result.setText("")
            return
        try:
            cards = parse_cards(text, allow_joker=info.uses_joker)
            value = evaluate(info.system, cards)
        except (CardNotationError, ValueError) as error:
            self.result.setText(card_html(str(error), red=True))
            return
        shown = " ".join(card_html(c.pretty, not c.is_joker and c.suit.is_red) for c in value.cards)
        self.result.setText(f"<b>{value.rank.value}</b>: {shown}")
