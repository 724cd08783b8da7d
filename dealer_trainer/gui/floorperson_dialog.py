"""The floorperson at the table: the dealer has called them for a payout; the dealer shows the
hand and announces the amount, and the floorperson verifies both and signs.

The trainee is the dealer and never signs. The floorperson is simulated (a name from the
floor's roster, who signs once they have checked), or in class mode the instructor, who comes
to the station and signs with their own name and the instructor password. Either way the
session records the sign-off exactly as before (``PracticeSession.sign_off`` with the signer's
name), so recorded rounds replay and grade the same.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from msgspec import Struct
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.cards import Card
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.spot import DEALER
from dealer_trainer.engine.step import Step
from dealer_trainer.gui.card_text import card_html, escape
from dealer_trainer.gui.colours import BAD
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.rules.money import format_money

PassCheck = Callable[[str], bool]
"""Checks the instructor password (class mode)."""


class FloorCall(Struct, frozen=True):
    """What the floorperson is shown: whose hand, its cards, the hand the dealer named, and
    (outside an exam) the payout the procedure makes, to check the dealer's announcement
    against."""

    title: str
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    announced_hand: str | None
    payout: Decimal | None
    payout_action: str

    @classmethod
    def of(cls, step: Step, session: PracticeSession, setup: TableSetup, exam: bool) -> FloorCall:
        spot = step.spot
        holder = spot.hand_of if spot.hand_of is not None else spot.seat
        if holder == DEALER:
            cards, whose = setup.dealer_cards, "the dealer's hand"
        else:
            seat = next((s for s in setup.seats if s.seat == holder), None)
            cards, whose = (seat.cards if seat else ()), f"seat {holder}'s hand"
        named = next(
            (
                a.hand
                for a in reversed(session.log)
                if a.spot == spot and a.action is Action.VERIFY_HAND and a.hand
            ),
            None,
        )
        payout: Decimal | None = None
        what = "payout"
        if not exam and step.id in session.procedure.by_id:
            later = session.procedure.descendants(step.id)
            pay = next(
                (
                    s
                    for s in session.procedure
                    if s.id in later and s.spot == spot and s.action.moves_money
                ),
                None,
            )
            if pay is not None:
                payout = pay.amount
                what = pay.action.label
        title = f"{step.party} {spot.label}"
        if spot.hand_of is not None and spot.hand_of != spot.seat and "hand)" not in title:
            title += f", on {whose}"
        return cls(
            title,
            tuple(cards),
            tuple(setup.board),
            named,
            payout,
            what,
        )


def _cards(cards: tuple[Card, ...], style: DeckStyle) -> str:
    return " ".join(card_html(card, style) for card in cards)


class FloorpersonDialog(QDialog):
    """The dealer announces the amount; the floorperson arrives, verifies and signs.
    ``signature`` is the floorperson's (or the instructor's) name once accepted."""

    def __init__(
        self,
        call: FloorCall,
        floorperson: str,
        arrival_ms: int,
        parent: QWidget | None = None,
        *,
        announced: Decimal | None = None,
        instructor: PassCheck | None = None,
        style: DeckStyle = DeckStyle.STANDARD,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Floorperson verification")
        self.setObjectName("floorpersonDialog")
        self.call = call
        self.floorperson = floorperson
        self.instructor = instructor
        self._signature = ""
        who = QLabel(
            f"<b>Floorperson called:</b> {escape(call.title)}<br>"
            + (
                f"<b>{escape(floorperson)}</b> verifies the hand and the amount you announce, "
                "and signs."
                if instructor is None
                else "<b>Class mode:</b> the instructor verifies the hand and the amount you "
                "announce, and signs with their own name and the instructor password."
            )
        )
        who.setObjectName("floorWho")
        who.setWordWrap(True)
        hand = QLabel(
            _cards(call.cards, style)
            + (f" &nbsp;·&nbsp; board {_cards(call.board, style)}" if call.board else "")
        )
        big = hand.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        hand.setFont(big)
        named = QLabel(
            "Hand you named: "
            + (f"<b>{escape(call.announced_hand.lower())}</b>" if call.announced_hand else "—")
        )
        hand.setObjectName("floorHand")
        self.amount = QLineEdit("" if announced is None else f"{announced:f}")
        self.amount.setObjectName("announcedAmount")
        self.amount.setAccessibleName("Amount you announce")
        self.amount.setPlaceholderText("e.g. 2500")
        form = QFormLayout()
        form.addRow("Amount you announce ($):", self.amount)
        self.name = QLineEdit()
        self.name.setObjectName("instructorName")
        self.name.setAccessibleName("Instructor's name")
        self.password = QLineEdit()
        self.password.setObjectName("instructorPassword")
        self.password.setAccessibleName("Instructor password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        if instructor is not None:
            form.addRow("Instructor's name:", self.name)
            form.addRow("Instructor password:", self.password)
        self.status = QLabel()
        self.status.setObjectName("floorStatus")
        self.status.setWordWrap(True)
        self.sign = QPushButton(
            "Instructor &verifies and signs" if instructor else "&Announce to the floorperson"
        )
        self.sign.setDefault(True)
        self.sign.clicked.connect(self._verify)
        later = QPushButton("&Wait")
        later.clicked.connect(self.reject)
        buttons = QDialogButtonBox()
        buttons.addButton(self.sign, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(later, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        layout.addWidget(who)
        layout.addWidget(hand)
        layout.addWidget(named)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.addWidget(buttons)
        hand.setWordWrap(True)
        self.resize(520, 300)
        self.amount.setFocus()
        if arrival_ms > 0 and instructor is None:
            self.sign.setEnabled(False)
            self.status.setText(
                f"{escape(floorperson)} is on the way. Wait: pay nothing until they have signed."
            )
            QTimer.singleShot(arrival_ms, self._arrived)
        else:
            self._arrived()

    def _arrived(self) -> None:
        if self.instructor is not None:
            self.status.setText("Call the instructor over, show the hand and announce the amount.")
        else:
            self.status.setText(
                f"{escape(self.floorperson)} is at the table: show the hand and announce the "
                "amount."
            )
        self.sign.setEnabled(True)

    def announced(self) -> Decimal | None:
        try:
            value = Decimal(self.amount.text().replace(",", "").replace("$", "").strip())
        except InvalidOperation:
            return None
        return value if value.is_finite() and value >= 0 else None

    def _refuse(self, text: str) -> None:
        self.status.setText(f'<span style="color:{BAD}">{escape(text)}</span>')

    def _verify(self) -> None:
        amount = self.announced()
        if amount is None:
            self._refuse("Announce the amount you will pay, in dollars.")
            return
        signer = self.floorperson
        if self.instructor is not None:
            signer = " ".join(self.name.text().split())
            if not signer:
                self._refuse("The instructor signs with their own name.")
                return
            if not self.instructor(self.password.text()):
                self._refuse("That is not the instructor password.")
                self.password.clear()
                return
        expected = self.call.payout
        if expected is not None and amount != expected and self.instructor is None:
            self._refuse(
                f"{signer} does not make it {format_money(amount)} and will not sign: work the "
                "payout out again from the paytable."
            )
            return
        self._signature = signer
        self.accept()

    @property
    def signature(self) -> str:
        """The signer's name once they have signed ("" before)."""
        return self._signature


__all__ = ["FloorCall", "FloorpersonDialog", "PassCheck"]
