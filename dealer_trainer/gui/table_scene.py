"""The table drawn from layout data: felt, seats, spots, cards, chips, rack, signs and meters.

Static parts (felt, printed spots, fixtures) are drawn once; everything that moves during a
round (cards, chips, markers) lives in one dynamic layer that ``render`` rebuilds from the
table state, so the picture can never drift from what the engine says happened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from enum import StrEnum
from functools import cache

from msgspec import Struct, field
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from dealer_trainer.assets_index import CHIP_DENOMINATIONS, DeckStyle
from dealer_trainer.cards import Card
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.spot import DEALER, Spot, SpotCatalog, SpotId, SpotKind, WhoseHand
from dealer_trainer.gui.pixmaps import card_pixmap, chip_pixmap
from dealer_trainer.gui.table_view import TableView
from dealer_trainer.hands.split import Split
from dealer_trainer.layout.schema import Box, FixtureKind, SpotShape, SpotSpec, TableLayout
from dealer_trainer.practice.chips import chips_for, describe_chips
from dealer_trainer.practice.table import TableState
from dealer_trainer.rules.money import format_money

FELT = QColor("#0d6b3a")
FELT_DARK = QColor("#08502b")
RAIL = QColor("#5a3417")
PRINT = QColor(255, 255, 255, 215)
PRINT_DIM = QColor(255, 255, 255, 90)
GOLD = QColor("#ffd54f")
SELECT = QColor("#40c4ff")
CHOSEN = QColor("#ffeb3b")
HOLD = QColor("#ff5252")
LED = QColor("#ff9100")
OPEN = QColor("#69f0ae")
CHIP_SIZE = 27.0
CHIP_STEP = 2.0
CHIPS_PER_COLUMN = 4
ROLE = 0
"""``QGraphicsItem.data(ROLE)``: what a trainee reads in an item, so a geometry check can tell
what must stay uncovered (``Role``); items without one are decoration."""
GROUP = 1
"""``QGraphicsItem.data(GROUP)``: items drawn as one piece (a stack of chips, a fan of cards),
which overlap each other by design."""
SEAT = 2
"""``QGraphicsItem.data(SEAT)``: the seat an item belongs to (its printed names, chips, cards,
figures and lines), so a geometry check can keep one seat's words clear of another's."""
SMALL_PRINT = 12.5
"""The least size of the felt's printed words a trainee must read (a device's title, a
button's label, "COMMUNITY CARDS", the sign's footer): capitals 7 px high in a 1280x720 window."""
BUTTON_PRINT = 13.0
"""A wagering device's button label ("PLAYER", "DEALER", "PROG")."""
SIGN_BOARD = QColor(10, 25, 15, 235)
APART = 8.0
"""How far one seat's words (a figure, a line, a marker) stand at least from another seat's:
closer, they read as one line ("ENVY LAMMER (Emperor's Treasure)" touching the next seat's
"$10")."""
CORNER = 395.0
"""How far the felt's corners are rounded: no further than the end seats' spots stand. A
deeper felt (more room between the seats and the sign) keeps the same corners."""
FIGURE_SIZE = 12.0
"""Stake and payout figures: about 11 px high on a 1280x720 window, where a chip's printed
denomination is not legible, so the figure says what the chips say."""


class Role(StrEnum):
    PRINT = "printed label"
    TAG = "marker"
    CARD = "card"
    CHIPS = "chips"
    SIGN = "sign text"
    SELECTION = "selection ring"


@cache
def font(size: float, bold: bool = True) -> QFont:
    """One font per size and weight, shared: Qt copies a font where it is used."""
    result = QFont("DejaVu Sans")
    result.setPointSizeF(size)
    result.setBold(bold)
    return result


@cache
def font_metrics(size: float, bold: bool = True) -> QFontMetricsF:
    """The metrics of ``font(size, bold)``, shared: the felt measures its words at every
    state of a round."""
    return QFontMetricsF(font(size, bold))


@cache
def text_size(text: str, size: float, bold: bool = True) -> tuple[float, float]:
    """How wide and tall ``text_item(text, size)`` stands: a spot's name is tried at shrinking
    sizes in every scene drawn, the same names at the same sizes."""
    bounds = text_item(text, size, PRINT, QPointF(), bold).boundingRect()
    return bounds.width(), bounds.height()


def rect(box: Box) -> QRectF:
    return QRectF(box.x, box.y, box.w, box.h)


class Target(Struct, frozen=True):
    """Something the trainee can select: a seat's spot, its cards, the dealer's hand, a meter.

    ``spots`` are what is settled there, restricted to what the table offers.
    """

    seat: int
    key: str
    label: str
    spots: tuple[Spot, ...]

    @property
    def party(self) -> str:
        return "Dealer" if self.seat == DEALER else f"Seat {self.seat}"


class Visibility(Struct):
    """How far the round has been dealt: what the table shows before settlement starts."""

    wagers: set[int] = field(default_factory=set)
    plays: set[int] = field(default_factory=set)
    made: set[tuple[int, SpotKind]] = field(default_factory=set)
    """Decided wagers placed one at a time (a seat and the wager), beside ``plays``."""
    dealt: dict[int, int] = field(default_factory=dict)
    face_up: set[int] = field(default_factory=set)
    board: int = 0
    board_face_down: bool = False
    """The community cards lie face down (Three Card Poker's, until the other wagers are
    settled)."""
    dealer_up: bool = False
    dealer_up_cards: set[int] = field(default_factory=set)
    """Dealer's cards dealt face up before the reveal (the Caribbean Stud up card)."""
    decisions: dict[int, str] = field(default_factory=dict)

    @classmethod
    def everything(cls, setup: TableSetup) -> Visibility:
        seats = {s.seat for s in setup.seats}
        return cls(
            wagers=set(seats),
            plays=set(seats),
            dealt={**{s.seat: len(s.cards) for s in setup.seats}, DEALER: len(setup.dealer_cards)},
            face_up={s.seat for s in setup.seats if not s.folded},
            board=len(setup.board),
            dealer_up=True,
            decisions={s.seat: s.decision for s in setup.seats},
        )


def text_item(
    text: str,
    size: float,
    colour: QColor,
    centre: QPointF,
    bold: bool = True,
    role: Role | None = Role.PRINT,
) -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem()
    item.setFont(font(size, bold))  # before the text: the text is laid out once, in its font
    item.setText(text)
    item.setBrush(QBrush(colour))
    bounds = item.boundingRect()
    item.setPos(centre.x() - bounds.width() / 2, centre.y() - bounds.height() / 2)
    if role is not None:
        item.setData(ROLE, role.value)
    return item


def wrapped(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``, broken between words (a word longer than
    the line stays whole: signs and notes are never cut off with an ellipsis)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and metrics.horizontalAdvance(candidate) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


CHIP_FACE = 0.375
"""The share of a chip's width and height its printed denomination takes, at its centre."""


def chip_faces(items: Iterable[QGraphicsItem]) -> list[QRectF]:
    """The printed denomination of the top chip of each column among ``items`` (a stack's
    chips, one column per place across): what a trainee reads of the chips."""
    tops: dict[float, QGraphicsItem] = {}
    for item in items:
        if item.data(ROLE) != Role.CHIPS:
            continue
        column = round(item.sceneBoundingRect().center().x(), 1)
        if column not in tops or item.zValue() > tops[column].zValue():
            tops[column] = item
    faces: list[QRectF] = []
    for chip in tops.values():
        box = chip.sceneBoundingRect()
        w, h = box.width() * CHIP_FACE, box.height() * CHIP_FACE
        faces.append(QRectF(box.center().x() - w / 2, box.center().y() - h / 2, w, h))
    return faces


def meets(item: QGraphicsItem, area: QRectF) -> bool:
    """Whether ``item``'s shape meets ``area`` (in scene units), as ``QGraphicsScene.items``
    tells for the items whose boxes meet it: asked of the few items wanted among those, as
    a card's or chip's shape is traced from its image the first time it is asked for."""
    outline = QPainterPath()
    outline.addRect(area)
    return item.collidesWithPath(item.mapFromScene(outline))


class TableScene(QGraphicsScene):
    target_clicked = Signal(object)
    chip_clicked = Signal(int)

    def __init__(
        self,
        layout: TableLayout,
        setup: TableSetup,
        catalog: SpotCatalog,
        style: DeckStyle = DeckStyle.STANDARD,
    ) -> None:
        super().__init__(0, 0, layout.width, layout.height)
        self.layout = layout
        self.setup = setup
        self.catalog = catalog
        self.deck_style = style
        self.targets: list[Target] = []
        self.target_rects: dict[Target, QRectF] = {}
        self._dynamic: list[QGraphicsItem] = []
        self._selection: QGraphicsPathItem | None = None
        self._sign_index = 0
        self._sign_items: list[QGraphicsItem] = []
        self._last: tuple[TableState, Visibility] | None = None
        self._rack_chips: dict[QGraphicsItem, int] = {}
        self._chips: dict[str, list[QGraphicsItem]] = {}
        """The chips of each printed spot in the dynamic layer (``_group``), so placing a
        spot's figures looks at its own chips, not at every item drawn."""
        self._seat_boxes: list[QRectF] | None = None
        self._seat_lines: dict[int, list[tuple[str, QColor, str]]] = {}
        """Lines shown under a seat's cards besides its decision (a device's credits)."""
        self.devices: dict[int, QGraphicsRectItem] = {}
        self._offers: dict[tuple[str, ...], tuple[Spot, ...]] = {}
        self._spot_rects: dict[tuple[int, Spot], QRectF | None] = {}
        self._areas: dict[int, QRectF] = {}
        self._pitches: dict[int, float] = {}
        self._lowest_spots: dict[int, float | None] = {}
        """The layout's geometry as the scene asks for it at every state of a round, worked
        out once: the layout and the table's offer do not change while the scene lives."""
        self.setBackgroundBrush(QBrush(QColor("#1b1b1b")))
        self._draw_felt()
        self._draw_seats()
        self._draw_fixtures()
        self._draw_signs()

    # --- static ------------------------------------------------------------------------------

    def _draw_felt(self) -> None:
        f = rect(self.layout.felt)
        path = QPainterPath()
        radius = CORNER
        path.moveTo(f.left(), f.bottom())
        path.lineTo(f.left(), f.top() + radius)
        path.quadTo(f.left(), f.top(), f.left() + radius, f.top())
        path.lineTo(f.right() - radius, f.top())
        path.quadTo(f.right(), f.top(), f.right(), f.top() + radius)
        path.lineTo(f.right(), f.bottom())
        path.closeSubpath()
        rail = self.addPath(path, QPen(Qt.PenStyle.NoPen), QBrush(RAIL))
        rail.setZValue(-3)
        inner = QPainterPath()
        inset = f.adjusted(14, 14, -14, 0)
        r2 = radius - 14
        inner.moveTo(inset.left(), inset.bottom())
        inner.lineTo(inset.left(), inset.top() + r2)
        inner.quadTo(inset.left(), inset.top(), inset.left() + r2, inset.top())
        inner.lineTo(inset.right() - r2, inset.top())
        inner.quadTo(inset.right(), inset.top(), inset.right(), inset.top() + r2)
        inner.lineTo(inset.right(), inset.bottom())
        inner.closeSubpath()
        gradient = QRadialGradient(QPointF(f.center().x(), f.bottom() * 0.55), f.width() * 0.6)
        gradient.setColorAt(0, FELT)
        gradient.setColorAt(1, FELT_DARK)
        felt = self.addPath(inner, QPen(QColor(0, 0, 0, 80), 3), QBrush(gradient))
        felt.setZValue(-2)

    def _offered(self, names: tuple[str, ...]) -> tuple[Spot, ...]:
        """The layout's ``names`` as the game's spots, those the table offers."""
        found = self._offers.get(names)
        if found is None:
            spots = (self.catalog.spot(n) for n in names)
            found = tuple(s for s in spots if s in self.setup.offered_spots)
            self._offers[names] = found
        return found

    def _draw_seats(self) -> None:
        occupied = {s.seat for s in self.setup.seats}
        for place in self.layout.seats:
            live = place.seat in occupied
            seat_box = rect(self.layout.seat_box(place.seat))
            badge = text_item(
                f"SEAT {place.seat}",
                15,
                PRINT if live else PRINT_DIM,
                QPointF(seat_box.center().x(), seat_box.top() + 10),
            )
            self.addItem(badge)
            printed: list[QGraphicsItem] = [badge]
            groups: dict[str, list[QRectF]] = {}
            for spot in self.layout.spots:
                offered = self._offered(spot.spots)
                if not offered:
                    continue
                box = rect(self.layout.spot_box(place.seat, spot))
                if spot.group:
                    groups.setdefault(spot.group, []).append(box)
                printed += self._draw_spot(spot, box, live)
                if live:
                    target = Target(place.seat, spot.key, spot.label, offered)
                    self.targets.append(target)
                    self.target_rects[target] = box
            for title, boxes in groups.items():
                outline = boxes[0]
                for b in boxes[1:]:
                    outline = outline.united(b)
                outline = outline.adjusted(-5, -20, 5, 5)
                # At least as wide as its title, which reads as part of the felt otherwise.
                advance = font_metrics(SMALL_PRINT).horizontalAdvance(title)
                spare = advance + 14 - outline.width()
                if spare > 0:
                    outline.adjust(-spare / 2, 0, spare / 2, 0)
                device = self.addRect(
                    outline, QPen(PRINT if live else PRINT_DIM, 1.5), QBrush(QColor(0, 0, 0, 70))
                )
                device.setZValue(-1)
                if live:
                    self.devices[place.seat] = device
                heading = text_item(
                    title,
                    SMALL_PRINT,
                    PRINT if live else PRINT_DIM,
                    QPointF(outline.center().x(), outline.top() + 10),
                )
                self.addItem(heading)
                printed += [device, heading]
            for item in printed:
                item.setData(SEAT, place.seat)

    def _draw_spot(self, spot: SpotSpec, box: QRectF, live: bool) -> list[QGraphicsItem]:
        """The printed spot, its outline and name; the items drawn."""
        colour = PRINT if live else PRINT_DIM
        if spot.shape is SpotShape.CARDS:
            return []
        if spot.shape is SpotShape.BUTTON:
            button = self.addRect(box, QPen(colour, 1.5), QBrush(QColor(20, 20, 30, 200)))
            button.setZValue(0)
            label = text_item(spot.label, BUTTON_PRINT, colour, box.center())
            self.addItem(label)
            return [button, label]
        ring = self.addEllipse(box, QPen(colour, 2.5), QBrush(QColor(255, 255, 255, 18)))
        ring.setZValue(0)
        lines = spot.label.split("\n")
        size = 15 if box.width() >= 70 else 12.5
        # A name of two lines stays above a full column of chips standing on the spot.
        room = box.height() - 3 - (box.bottom() - self._chip_y(box)) - CHIP_SIZE / 2
        room -= (CHIPS_PER_COLUMN - 1) * CHIP_STEP

        def too_big(size: float) -> bool:
            bounds = [text_size(line, size) for line in lines]
            tall = len(lines) > 1 and sum(h for _, h in bounds) > room
            return max(w for w, _ in bounds) > box.width() * 0.86 or tall

        while size > 8 and too_big(size):
            size -= 0.5
        printed = [text_item(line, size, colour, box.center()) for line in lines]
        step = printed[0].boundingRect().height()
        # The name sits in the upper half; the chips and their figures stand in the lower. Two
        # lines stand as low as the chips leave room for, where the oval is wider than its top.
        first = box.top() + box.height() * 0.27
        if len(lines) > 1:
            first = box.top() + 3 + max(0.0, room - step * len(lines)) / 2 + step / 2
        for i, text in enumerate(printed):
            text.setY(first + i * step - step / 2)
            self.addItem(text)
        return [ring, *printed]

    def _draw_fixtures(self) -> None:
        fx = self.layout.fixtures
        if FixtureKind.BOARD in fx and self.setup.board:
            self._draw_board_slots(rect(fx[FixtureKind.BOARD]))
        dealer = rect(fx[FixtureKind.DEALER_CARDS])
        bottom = max(rect(fx[k]).bottom() for k in fx if k.value.startswith("dealer"))
        self.addItem(
            text_item(
                self.layout.dealer_label, 13, PRINT, QPointF(dealer.center().x(), bottom + 14)
            )
        )
        for dealer_spot in self.layout.dealer_spots:
            offered = self._offered(dealer_spot.spots)
            if dealer_spot.fixture is FixtureKind.METERS or not offered:
                continue
            target = Target(DEALER, dealer_spot.key, dealer_spot.label, offered)
            self.targets.append(target)
            self.target_rects[target] = rect(fx[dealer_spot.fixture]).adjusted(-6, -6, 6, 6)
        self._draw_meter_targets(rect(fx[FixtureKind.METERS]))
        self._draw_rack(rect(fx[FixtureKind.RACK]))
        discard = rect(fx[FixtureKind.DISCARD])
        self.addRect(discard, QPen(QColor("#222"), 2), QBrush(QColor(40, 40, 40, 200))).setZValue(
            -1
        )
        self.addItem(
            text_item("DISCARD", 12, PRINT, QPointF(discard.center().x(), discard.top() + 12))
        )

    def _board_slots(self, board: QRectF) -> list[QRectF]:
        """One slot per community card of the round, spread across the board fixture (five
        in Ultimate Texas Hold 'Em, two in Three Card Poker)."""
        w = self.layout.card_width
        count = len(self.setup.board)
        gap = (board.width() - 5 * w) / 4
        left = board.center().x() - (count * w + (count - 1) * gap) / 2
        return [QRectF(left + i * (w + gap), board.top(), w, board.height()) for i in range(count)]

    def _draw_board_slots(self, board: QRectF) -> None:
        for slot in self._board_slots(board):
            self.addRect(slot, QPen(PRINT_DIM, 1.5, Qt.PenStyle.DashLine)).setZValue(-1)
        self.addItem(
            text_item(
                "COMMUNITY CARDS",
                SMALL_PRINT,
                PRINT,
                QPointF(board.center().x(), board.bottom() + 11),
            )
        )

    def _meter_rows(self) -> list[tuple[str, SpotKind]]:
        """(label, meter) of each meter shown, in layout order."""
        rows = [
            (d.label, self.catalog.spot(d.spots[0]).kind)
            for d in self.layout.dealer_spots
            if d.fixture is FixtureKind.METERS
        ]
        return [(label, kind) for label, kind in rows if kind in self.setup.meters]

    def _meter_box(self, index: int) -> QRectF:
        box = rect(self.layout.fixtures[FixtureKind.METERS])
        return QRectF(box.left(), box.top() + index * 48, box.width(), 42)

    def _draw_meter_targets(self, box: QRectF) -> None:
        for i, (label, meter) in enumerate(self._meter_rows()):
            row = self._meter_box(i)
            self.addRect(row, QPen(QColor("#555"), 2), QBrush(QColor("#111"))).setZValue(-1)
            tag = text_item(label, 12, PRINT, QPointF(row.left() + 80, row.center().y()))
            self.addItem(tag)
            if Spot(meter) in self.setup.offered_spots:
                target = Target(DEALER, meter.key, label + " METER", (Spot(meter),))
                self.targets.append(target)
                self.target_rects[target] = row

    def _draw_rack(self, box: QRectF) -> None:
        tray = self.addRect(box, QPen(QColor("#111"), 2), QBrush(QColor("#3b2a1a")))
        tray.setZValue(-1)
        count = len(CHIP_DENOMINATIONS)
        width = (box.width() - 40) / count
        for i, denomination in enumerate(sorted(CHIP_DENOMINATIONS, reverse=True)):
            tube = QRectF(box.left() + 20 + i * width + 4, box.top() + 8, width - 8, 70)
            self.addRect(tube, QPen(QColor("#000"), 1), QBrush(QColor(0, 0, 0, 90))).setZValue(-1)
            for k in range(5):
                chip = self._chip(denomination, 40)
                chip.setPos(tube.left() + 4 + k * 9, tube.top() + 15)
                self._rack_chips[chip] = denomination
                chip.setToolTip(f"{format_money(denomination)} chip: click to add it to the amount")
                chip.setCursor(Qt.CursorShape.PointingHandCursor)
                self.addItem(chip)
            self.addItem(
                text_item(
                    format_money(denomination),
                    12,
                    PRINT,
                    QPointF(tube.center().x(), tube.bottom() + 10),
                )
            )

    def _draw_signs(self) -> None:
        box = rect(self.layout.fixtures[FixtureKind.SIGNS])
        board = self.addRect(box, QPen(GOLD, 2), QBrush(SIGN_BOARD))
        board.setZValue(-1)
        self._show_sign()

    def _show_sign(self) -> None:
        for item in self._sign_items:
            self.removeItem(item)
        self._sign_items = []
        if not self.setup.signs:
            return
        box = rect(self.layout.fixtures[FixtureKind.SIGNS])
        sign = self.setup.signs[self._sign_index % len(self.setup.signs)]
        items: list[QGraphicsItem] = []
        size = 17.0
        while size > 11 and font_metrics(size).horizontalAdvance(sign.title) > (box.width() - 20):
            size -= 0.5  # a long title fits the sign rather than running off it
        title = text_item(
            sign.title, size, GOLD, QPointF(box.center().x(), box.top() + 18), role=Role.SIGN
        )
        items.append(title)
        y = title.sceneBoundingRect().bottom() + 2
        under = font_metrics(10.5, False)
        for line in wrapped(sign.cards, under, box.width() - 24):
            item = text_item(line, 10.5, PRINT, QPointF(box.center().x(), 0), False, Role.SIGN)
            item.setY(y)
            items.append(item)
            y += item.boundingRect().height()
        items += self._sign_rows(sign.rows, box, y + 8)
        words = (
            f"Sign {self._sign_index % len(self.setup.signs) + 1} of {len(self.setup.signs)}"
            " — click or press S for the next"
        )
        size = SMALL_PRINT
        while size > 10 and font_metrics(size, False).horizontalAdvance(words) > (box.width() - 16):
            size -= 0.5
        footer = text_item(
            words,
            size,
            PRINT,
            QPointF(box.center().x(), box.bottom() - 15),
            False,
            role=Role.SIGN,
        )
        items.append(footer)
        for item in items:
            item.setZValue(1)
            self.addItem(item)
        self._sign_items = items

    def _sign_rows(
        self, rows: Sequence[tuple[str, str]], box: QRectF, top: float
    ) -> list[QGraphicsItem]:
        """The paytable's rows, each hand wrapped beside its odds; the type shrinks until
        every row fits above the footer, so nothing is cut off."""
        bottom = box.bottom() - 31
        size = 13.5
        while True:
            plain, bold = font_metrics(size, False), font_metrics(size)
            room = box.width() - 44 - max((bold.horizontalAdvance(o) for _, o in rows), default=0)
            laid = [(wrapped(hand, plain, room), odds) for hand, odds in rows]
            gap = plain.height() * 0.25
            height = sum(len(lines) * plain.height() + gap for lines, _ in laid)
            if top + height <= bottom or size <= 8:
                break
            size -= 0.5
        items: list[QGraphicsItem] = []
        y = top
        for (lines, odds), (hand, _) in zip(laid, rows, strict=True):
            left = QGraphicsSimpleTextItem("\n".join(lines))
            left.setToolTip(f"{hand}: {odds}")
            left.setFont(font(size, False))
            left.setBrush(QBrush(PRINT))
            left.setPos(box.left() + 16, y)
            left.setData(ROLE, Role.SIGN.value)
            right = QGraphicsSimpleTextItem(odds)
            right.setFont(font(size))
            right.setBrush(QBrush(GOLD))
            right.setPos(box.right() - 16 - right.boundingRect().width(), y)
            right.setData(ROLE, Role.SIGN.value)
            right.setToolTip(left.toolTip())
            items += [left, right]
            y += len(lines) * plain.height() + gap
        return items

    def set_style(self, style: DeckStyle) -> None:
        """Switch between the two-colour and the four-colour deck without redealing."""
        self.deck_style = style
        if self._last is not None:
            self.show_state(*self._last)

    def next_sign(self) -> str:
        self._sign_index += 1
        self._show_sign()
        return self.setup.signs[self._sign_index % len(self.setup.signs)].title

    def show_sign_for(self, kind: SpotKind) -> bool:
        """Turn to the sign that pays ``kind`` (the wager selected); ``False`` when no sign
        pays it (a meter, the cards), and the sign shown stays."""
        for index, sign in enumerate(self.setup.signs):
            if kind in sign.wagers:
                if index != self._sign_index % len(self.setup.signs):
                    self._sign_index = index
                    self._show_sign()
                return True
        return False

    @property
    def sign_title(self) -> str:
        return self.setup.signs[self._sign_index % len(self.setup.signs)].title

    # --- pieces ------------------------------------------------------------------------------

    def _chip(self, denomination: int, size: float = CHIP_SIZE) -> QGraphicsPixmapItem:
        pixmap = chip_pixmap(denomination)
        item = QGraphicsPixmapItem(pixmap)
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item.setScale(size / pixmap.width())
        item.setZValue(4)
        return item

    def _card(self, card: Card | None, x: float, y: float) -> QGraphicsPixmapItem:
        pixmap = card_pixmap(card, self.deck_style)
        item = QGraphicsPixmapItem(pixmap)
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item.setScale(self.layout.card_width / pixmap.width())
        item.setPos(x, y)
        item.setZValue(3)
        item.setToolTip(card.label if card is not None else "face down")
        if card is not None:
            item.setData(ROLE, Role.CARD.value)
        return item

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.addItem(item)
        self._dynamic.append(item)
        return item

    def _places(
        self, tag: QRectF, box: QRectF, faces: Sequence[QRectF]
    ) -> tuple[tuple[float, float], ...]:
        """Where a spot's figures may stand (how far to move them from under the spot's
        middle), best first: hanging from the spot's lower rim, else just under the printed
        faces of its chips, else standing on the rim, else level with the chips beside the
        spot (right, then left), else over the middle of the spot, else above it."""
        under = max((face.bottom() for face in faces), default=box.bottom() - 13) + 1
        level = self._chip_y(box) - tag.center().y()
        return (
            (0, box.bottom() - 9 - tag.top()),
            (0, under - tag.top()),
            (0, box.bottom() + 1 - tag.bottom()),
            (box.right() + 2 - tag.left(), level),
            (box.left() - 2 - tag.right(), level),
            (0, box.center().y() + 6 - tag.center().y()),
            (0, box.top() - 2 - tag.bottom()),
        )

    def _clear(
        self,
        tag: QRectF,
        box: QRectF,
        faces: Sequence[QRectF],
        seat: int,
        room: float = 3,
        apart: float = APART,
    ) -> bool:
        """Whether figures at ``tag`` for the spot at ``box`` of ``seat`` cover no card and
        no printed face of the spot's own chips (``faces``: a figure laid over a chip's "5"
        reads as one figure printed over another), come within ``room`` units of no printed
        name, marker or sign other than the spot's own, and within ``apart`` of no other
        seat's words: a figure touching the next spot's name or a seat's title reads as
        theirs."""
        if any(face.intersects(tag) for face in faces):
            return False
        if self._seat_boxes is None:
            self._seat_boxes = [
                rect(self.layout.cards_box(p.seat)).united(self._seat_area(p.seat))
                for p in self.layout.seats
            ]
        if any(seat.intersects(tag) for seat in self._seat_boxes):
            return False
        group = self._group(box)
        near = tag.adjusted(-room, -room, room, room)
        if self._touched(
            near,
            lambda item: (
                item.data(ROLE) in (Role.PRINT, Role.TAG, Role.SIGN, Role.CHIPS)
                and item.data(GROUP) != group
            ),
        ):
            return False
        around = tag.adjusted(-apart, -apart, apart, apart)
        return not self._touched(
            around,
            lambda item: (
                item.data(ROLE) in (Role.PRINT, Role.TAG) and item.data(SEAT) not in (None, seat)
            ),
        )

    def _touched(self, area: QRectF, which: Callable[[QGraphicsItem], bool]) -> bool:
        """Whether an item ``which`` picks lies in ``area`` as ``items(area)`` finds it, by
        its shape (a chip's round face, not its square image). The items' boxes are found
        first and only the shapes of those picked are tried: a new chip's or card's shape is
        traced from its image, and every figure placed tries a dozen places."""
        near = self.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
        return any(which(item) and meets(item, area) for item in near)

    @staticmethod
    def _is_button(box: QRectF) -> bool:
        return box.height() < box.width() / 2

    @staticmethod
    def _chip_y(box: QRectF) -> float:
        """Where a spot's chips stand: low in the circle, below its printed name (a small
        circle's chips reach over its rim, as real chips overlap a small spot)."""
        return box.bottom() - (CHIP_SIZE / 2 + 2 if box.width() >= 70 else 4)

    @staticmethod
    def _group(box: QRectF) -> str:
        """The group of what stands on one printed spot: its chips and their figures."""
        return f"spot at {box.x():g},{box.y():g}"

    def _stack(
        self, amount: Decimal, centre: QPointF, what: str, group: str, most: int = 3
    ) -> None:
        """Chips for ``amount`` standing on ``centre``: at most ``most`` columns of a few
        chips (a big payout is shown, not counted out: its figure gives the amount)."""
        chips = list(reversed(chips_for(amount)))
        columns = [chips[i : i + CHIPS_PER_COLUMN] for i in range(0, len(chips), CHIPS_PER_COLUMN)]
        columns = columns[:most]
        total_w = len(columns) * (CHIP_SIZE + 2)
        label = f"{what}: {describe_chips(amount)}"
        for c, column in enumerate(columns):
            x = centre.x() - total_w / 2 + c * (CHIP_SIZE + 2)
            for k, denomination in enumerate(column):
                chip = self._chip(denomination)
                chip.setPos(x, centre.y() - CHIP_SIZE / 2 - k * CHIP_STEP)
                chip.setZValue(4 + k * 0.01)
                chip.setToolTip(label)
                chip.setData(ROLE, Role.CHIPS.value)
                chip.setData(GROUP, group)
                self._add(chip)
                self._chips.setdefault(group, []).append(chip)

    def _tag(self, text: str, centre: QPointF, colour: QColor, size: float = 11.5) -> QGraphicsItem:
        """A small label on a dark pill, readable over felt, chips or cards."""
        label = text_item(text, size, colour, centre, role=None)
        bounds = label.sceneBoundingRect().adjusted(-4, -1, 4, 1)
        pill = QGraphicsRectItem(bounds)
        pill.setBrush(QBrush(QColor(0, 0, 0, 190)))
        pill.setPen(QPen(Qt.PenStyle.NoPen))
        pill.setZValue(6)
        pill.setData(ROLE, Role.TAG.value)
        pill.setToolTip(text)
        label.setZValue(6.1)
        self._add(pill)
        self._add(label)
        return label

    # --- the round ---------------------------------------------------------------------------

    def spot_rect(self, spot: SpotId) -> QRectF | None:
        """Where ``spot`` lies on the felt (None: not a seat spot of the layout)."""
        key = (spot.seat, spot.spot)
        if key not in self._spot_rects:
            printed = self.layout.spot_for(spot.spot.name)
            box = None if printed is None else rect(self.layout.spot_box(spot.seat, printed))
            self._spot_rects[key] = box
        found = self._spot_rects[key]
        return None if found is None else QRectF(found)

    def show_state(self, state: TableState, seen: Visibility) -> None:
        self._last = (state, seen)
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic = []
        self._chips = {}
        self._seat_lines = {}
        self._render_seats(state, seen)
        self._render_devices(state)
        self._render_dealer(state, seen)
        self._render_meters(state)
        self._render_rack_and_discard(state)
        spoken = self.spoken(state, seen)
        for view in self.views():
            view.setAccessibleDescription(spoken)

    def spoken(self, state: TableState, seen: Visibility) -> str:
        """The felt in words, for a screen reader: graphics items have no accessible
        interface, so the view that shows them carries this as its description."""
        sentences: list[str] = []
        for seat in self.setup.seats:
            number = seat.seat
            if number not in seen.wagers:
                continue
            words: list[str] = []
            dealt = seat.cards[: seen.dealt.get(number, 0)]
            if dealt and state.cards_on_table(number):
                face_up = number in seen.face_up
                words.append(
                    "cards " + " ".join(c.label for c in dealt) if face_up else "cards face down"
                )
            if seen.decisions.get(number) and state.cards_on_table(number):
                words.append(seen.decisions[number])
            for spot, stake in state.stakes.items():
                if spot.seat == number:
                    words.append(f"{spot.label} {format_money(stake)}")
            for spot, paid in state.payouts.items():
                if spot.seat == number:
                    words.append(f"{spot.label} paid {format_money(paid)}")
            for spot, held in state.held.items():
                if spot.seat == number:
                    words.append(f"{spot.label} held for documentation, {format_money(held)}")
            if number in state.announced:
                words.append(f"Envy announced: {state.announced[number]}")
            sentences.append(f"Seat {number}: " + ", ".join(words) if words else f"Seat {number}")
        shown = self.setup.dealer_cards[: seen.dealt.get(DEALER, 0)]
        if shown:
            faces = " ".join(c.label for c in shown) if seen.dealer_up else "face down"
            sentences.append(f"Dealer: {faces}")
        if seen.board:
            board = self.setup.board[: seen.board]
            faces = "face down" if seen.board_face_down else " ".join(c.label for c in board)
            sentences.append(f"Community cards: {faces}")
        for label, meter in self._meter_rows():
            if meter in state.meters:
                sentences.append(f"{label} meter {format_money(state.meters[meter])}")
        sentences.append(f"Table inventory {format_money(state.inventory)}")
        return ". ".join(sentences) + "."

    def _render_seats(self, state: TableState, seen: Visibility) -> None:
        """Every seat's chips before any seat's figures: a figure set beside its spot must
        see the next seat's chips to stay off them."""
        numbers = [s.seat for s in self.setup.seats if s.seat in seen.wagers]
        shown: dict[int, list[SpotId]] = {}
        for number in numbers:
            start = len(self._dynamic)
            shown[number] = self._render_chips(state, seen, number)
            self._mark_seat(number, start)
        for number in numbers:
            start = len(self._dynamic)
            credited = [s for s in state.credited if s.seat == number]
            on_felt = shown[number]
            self._figures(state, [*on_felt, *(s for s in credited if s not in on_felt)], number)
            self._render_seat_cards(state, seen, number)
            self._mark_seat(number, start)

    def _mark_seat(self, number: int, start: int) -> None:
        """The seat's own items among those drawn since ``start`` (``SEAT``)."""
        for item in self._dynamic[start:]:
            item.setData(SEAT, number)

    def _render_chips(self, state: TableState, seen: Visibility, number: int) -> list[SpotId]:
        """The seat's chips and electronic wagers; the spots that show a wager."""
        shown: dict[SpotId, None] = {}
        for spot, stake in state.stakes.items():
            decided = (
                not spot.kind.placed_by_decision
                or number in seen.plays
                or (number, spot.kind) in seen.made
            )
            if spot.seat != number or not decided:
                continue
            box = self.spot_rect(spot)
            if box is None:
                continue
            shown[spot] = None
            if self._is_button(box):
                continue  # a device's button: its figures go under the seat's cards
            centre = QPointF(box.center().x() - CHIP_SIZE / 3, self._chip_y(box))
            self._stack(stake, centre, f"Seat {number} {spot.label}", self._group(box))
        for spot, paid in state.payouts.items():
            box = self.spot_rect(spot) if spot.seat == number else None
            if box is None:
                continue
            shown[spot] = None
            if self._is_button(box):
                continue
            centre = QPointF(box.center().x() + CHIP_SIZE / 3, self._chip_y(box))
            most = 3 if box.width() >= 70 else 2  # small spots stand close together
            what = f"Seat {number} {spot.label} payout"
            self._stack(paid, centre, what, self._group(box), most)
        for spot, amount in state.electronic.items():
            box = self.spot_rect(spot) if spot.seat == number else None
            if box is None:
                continue
            printed = self.layout.spot_for(spot.spot.name)
            circle = printed is not None and printed.shape is SpotShape.CIRCLE
            shape = QPainterPath()
            inner = box.adjusted(2, 2, -2, -2)
            if circle:
                shape.addEllipse(inner)
            else:
                shape.addRect(inner)
            lit = QGraphicsPathItem(shape)
            lit.setBrush(QBrush(QColor(64, 196, 255, 80)))
            lit.setPen(QPen(SELECT, 2.5))
            lit.setZValue(2)
            lit.setToolTip(f"Seat {number} {spot.label}: {format_money(amount)} placed")
            self._add(lit)
            if circle:
                self._tag(
                    f"{format_money(amount)} in",
                    QPointF(box.center().x(), box.bottom() - 13),
                    SELECT,
                    11,
                )
        return list(shown)

    def _figures(self, state: TableState, spots: Sequence[SpotId], number: int) -> None:
        """Each spot's stake, and what it was paid, pushed or credited, in figures on the
        spot's lower edge where the chips stand (one line for every wager settled on the
        same printed spot), so the amounts can be read where chips cannot."""
        on_box: dict[tuple[float, float], tuple[QRectF, list[str], list[str], list[QColor]]] = {}
        buttons: dict[tuple[float, float], list[SpotId]] = {}
        for spot in spots:
            box = self.spot_rect(spot)
            if box is None:
                continue
            if self._is_button(box):
                buttons.setdefault((box.x(), box.y()), []).append(spot)
                continue
            _, stakes, parts, colours = on_box.setdefault((box.x(), box.y()), (box, [], [], []))
            stake = state.stakes.get(spot)
            if stake is not None:
                stakes.append(format_money(stake))
            if spot in state.pushed:
                parts.append("PUSH")
                colours.append(SELECT)
            paid = state.payouts.get(spot)
            if paid is not None:
                parts.append(f"+{format_money(paid)}")
                colours.append(GOLD)
            credit = state.credited.get(spot)
            if credit is not None:
                parts.append(f"CREDIT {format_money(credit)}")
                colours.append(GOLD)
        for on_button in buttons.values():
            self._button_line(state, on_button, number)
        # The widest figures choose their place first: narrow ones fit where wide ones can't.
        widest = sorted(on_box.values(), key=lambda entry: -len(" ".join(entry[1] + entry[2])))
        for box, stakes, results, colours in widest:
            lines = stakes + results  # what was wagered, then what became of it
            if not lines:
                continue
            colour = colours[-1] if colours else PRINT
            # Stake over payout, from the spot's lower rim down, clear of its printed name.
            text = " ".join(lines)
            texts = [text]
            if len(lines) > 1 and font_metrics(10).horizontalAdvance(text) > box.width():
                texts.append(f"{lines[0]}\n{' '.join(lines[1:])}")  # the stake over what it won
            if len(lines) > 2 and len(texts) > 1:
                texts = texts[1:]  # three figures on one line are too wide for any spot
            self._place_figures(texts, box, colour, f"Seat {number}: {' · '.join(lines)}", number)

    def _button_line(self, state: TableState, spots: Sequence[SpotId], number: int) -> None:
        """What became of the wagers on a device's button (no room on it): one short line
        under the seat's cards that names the button, "DEALER $5: credit $250 + $20", the
        amounts in the order they were settled and each award named in the tooltip."""
        staked = [format_money(a) for a in (state.stakes.get(s) for s in spots) if a is not None]
        words: list[str] = []
        named: list[str] = []
        for spot in spots:
            parts = ["push"] if spot in state.pushed else []
            for word, amount in (
                ("paid", state.payouts.get(spot)),
                ("credit", state.credited.get(spot)),
            ):
                if amount is not None:
                    parts.append(f"{word} {format_money(amount)}")
            if parts:
                words += parts
                named.append(f"{spot.label}: {', '.join(parts)}")
        printed = self.layout.spot_for(spots[0].spot.name)
        if not (words or staked) or printed is None:
            return
        # "credit $250 + credit $20" reads as "credit $250 + $20".
        kinds = {w.split(" ")[0] for w in words}
        if len(words) > 1 and len(kinds) == 1 and all(w.count(" ") == 1 for w in words):
            text = f"{kinds.pop()} " + " + ".join(w.split(" ")[1] for w in words)
        else:
            text = " · ".join(words)
        button = " ".join([printed.label.replace("\n", " "), *staked])
        self._seat_lines.setdefault(number, []).append(
            (
                f"{button}: {text}" if text else button,
                GOLD if text else PRINT,
                f"Seat {number} {button}: " + " · ".join(named or ["placed"]),
            )
        )

    def _place_figures(
        self, texts: list[str], box: QRectF, colour: QColor, tip: str, seat: int
    ) -> None:
        """The spot's figures at the best clear place, trying each way of writing them
        (one line, then stake over result) at each place before the next place: figures on
        two lines under the spot read better than one line up among the next spots), first
        with room around them, then touching what is near if they must; only where no place
        is clear do they come within ``APART`` of another seat's words."""
        group = self._group(box)
        faces = chip_faces(self._chips.get(group, ()))
        # Each way of writing them is drawn once, hanging under the spot's middle, then tried
        # at each place by its outline moved there.
        drawn: list[tuple[QGraphicsItem, QGraphicsItem, QRectF, tuple[tuple[float, float], ...]]]
        drawn = []
        for text in texts:
            label = self._tag(text, QPointF(box.center().x(), box.bottom()), colour, 10)
            pill = self._dynamic[-2]
            for item in (pill, label):
                item.setData(GROUP, group)  # it must not block its own place
            tag = label.sceneBoundingRect().adjusted(-4, -1, 4, 1)
            drawn.append((pill, label, tag, self._places(tag, box, faces)))
        # Nowhere clear: hanging from the rim, as if all were.
        chosen, (dx, dy) = drawn[-1], drawn[-1][3][0]
        tries = (
            (room, apart, p, d)
            for apart in (APART, 0)
            for room in (3, 0)
            for p in range(7)
            for d in drawn
        )
        for room, apart, position, (pill, label, tag, places) in tries:
            x, y = places[position]
            if self._clear(tag.translated(x, y), box, faces, seat, room, apart):
                chosen, dx, dy = (pill, label, tag, places), x, y
                break
        pill, label, _, _ = chosen
        for other_pill, other_label, _, _ in drawn:
            if other_label is not label:
                for item in (other_pill, other_label):
                    self.removeItem(item)
                    self._dynamic.remove(item)
        for item in (pill, label):
            item.moveBy(dx, dy)
        label.setToolTip(tip)

    def _render_devices(self, state: TableState) -> None:
        """Each seat's wagering device lit green while it takes wagers and red once the dealer
        has locked the table system out, with the table system's state spelt out above the
        meters, as the players and the dealer see it at the table."""
        if not self.devices:
            return
        colour = HOLD if state.locked_out else OPEN
        status = "locked out" if state.locked_out else "taking wagers"
        for seat, device in self.devices.items():
            device.setPen(QPen(colour, 2.5))
            device.setToolTip(f"Seat {seat} wagering device: {status}")
            box = device.rect()
            # Beside the device, not on its printed title ("5 CARD BONUS" fills its top).
            lamp = QGraphicsEllipseItem(box.left() - 10, box.center().y() - 3.5, 7, 7)
            lamp.setBrush(QBrush(colour))
            lamp.setPen(QPen(Qt.PenStyle.NoPen))
            lamp.setZValue(6)
            lamp.setToolTip(device.toolTip())
            self._add(lamp)
        rack = rect(self.layout.fixtures[FixtureKind.RACK])
        label = self._tag(
            f"● Table system: {status.upper()}",
            QPointF(rack.center().x(), rack.top() - 12),
            colour,
            10.5,
        )
        label.setToolTip(
            'After "no more bets" the dealer locks out the table system so no further bonus '
            "or progressive wager is accepted"
        )

    def _fan(self, cards: Sequence[Card | None], box: QRectF) -> None:
        """Cards side by side across ``box``, overlapping when there are more than fit."""
        if not cards:
            return
        w = self.layout.card_width
        step = w + 16 if len(cards) == 1 else min(w + 16, (box.width() - w) / (len(cards) - 1))
        for i, card in enumerate(cards):
            item = self._card(card, box.left() + i * step, box.top())
            item.setZValue(3 + i * 0.01)
            self._add(item)

    def _seat_area(self, number: int) -> QRectF:
        """Everything the seat's cards can cover: the card box and the set-hand positions."""
        area = self._areas.get(number)
        if area is None:
            area = rect(self.layout.cards_box(number))
            for extra in (self.layout.seat_high, self.layout.seat_low):
                if extra is not None:
                    area = area.united(rect(self.layout.cards_box(number, extra)))
            self._areas[number] = area
        return QRectF(area)

    def _pitch(self, number: int) -> float:
        """How far apart the seat's cards and its nearest neighbour's stand, across."""
        pitch = self._pitches.get(number)
        if pitch is None:
            here = self._seat_area(number).center().x()
            others = [
                abs(self._seat_area(p.seat).center().x() - here)
                for p in self.layout.seats
                if p.seat != number
            ]
            pitch = self._pitches[number] = min(others, default=self.layout.width)
        return pitch

    def _lowest_spot(self, number: int) -> float | None:
        """Where the seat's lowest printed spot the table offers ends (None: no spot)."""
        if number not in self._lowest_spots:
            spots = [
                rect(self.layout.spot_box(number, spot))
                for spot in self.layout.spots
                if spot.shape is not SpotShape.CARDS and self._offered(spot.spots)
            ]
            self._lowest_spots[number] = max((box.bottom() for box in spots), default=None)
        return self._lowest_spots[number]

    def _render_seat_cards(self, state: TableState, seen: Visibility, number: int) -> None:
        seat = self.setup.seat(number)
        cards_box = rect(self.layout.cards_box(number))
        area = self._seat_area(number)
        on_table = state.cards_on_table(number)
        # A seat's decision and markers describe its hand: they leave with the cards.
        notes = [seen.decisions.get(number, ""), *seat.markers] if on_table else []
        below: list[tuple[str, QColor, str]] = [(" · ".join(n for n in notes if n), PRINT, "")]
        shown = seen.dealt.get(number, 0)
        if on_table:
            held = sum((a for spot, a in state.held.items() if spot.seat == number), Decimal(0))
            if state.hand_held(number):
                below.append((f"HOLD: JACKPOT {format_money(held)} to document", HOLD, ""))
            if number in state.announced:
                below.append((f"ENVY: {state.announced[number]}".strip(), GOLD, ""))
            if number in state.rearranged:
                below.append((f"✓ {state.rearranged[number]}", SELECT, ""))
            verified = [
                h
                for spot, h in state.verified.items()
                if spot.seat == number and h and h != state.rearranged.get(number)
            ]
            if verified:
                below.append(("✓ " + ", ".join(dict.fromkeys(verified)), SELECT, ""))
        below += self._seat_lines.pop(number, [])
        # A list of notes wider than the seats stand apart (lammers, a decision), or holding
        # a note of two lines, takes a line for each note, and a line still too wide wraps
        # between words: no line, on its dark pill, comes within APART of the next seat's.
        width = self._pitch(number) - APART - 8
        metrics = font_metrics(10.5)
        laid: list[tuple[list[str], QColor, str]] = []
        for text, colour, tip in below:
            if text:
                lines = [text]
                if "\n" in text or metrics.horizontalAdvance(text) > width:
                    # A button's results wrap between words; notes break between notes.
                    notes = [text] if tip else text.split(" · ")
                    lines = [line for note in notes for line in wrapped(note, metrics, width)]
                laid.append((lines, colour, tip))
        # A set hand's two rows (pai gow) take the seat's whole card area, as set or not.
        cards = area if self.layout.seat_high is not None else cards_box
        drawn = cards if on_table and shown else None
        # The lines' dark pills, one under the other, 3 units apart.
        height = sum(len(lines) * metrics.lineSpacing() + 5 for lines, _, _ in laid) - 3
        span = max(
            (metrics.horizontalAdvance(line) + 8 for lines, _, _ in laid for line in lines),
            default=0.0,
        )
        y = self._lines_top(number, drawn, height, span, metrics.lineSpacing())
        for lines, colour, tip in laid:
            # Beside the cards, never on them: the cards are what must be documented.
            centre = QPointF(area.center().x(), y + (len(lines) - 1) * metrics.lineSpacing() / 2)
            label = self._tag("\n".join(lines), centre, colour, 10.5)
            if tip:
                label.setToolTip(tip)
                self._dynamic[-2].setToolTip(tip)
            y += label.boundingRect().height() + 3
        if not on_table:
            return
        face_up = number in seen.face_up
        high, low = self.layout.seat_high, self.layout.seat_low
        if seat.high and face_up and high is not None and low is not None:
            self._fan(list(seat.high), rect(self.layout.cards_box(number, high)))
            self._fan(list(seat.low), rect(self.layout.cards_box(number, low)))
        else:
            self._fan([c if face_up else None for c in seat.cards[:shown]], cards_box)
        if seat.folded and shown and number in seen.decisions:
            self._tag("FOLDED", area.center(), PRINT, 11)  # on face-down cards: nothing hidden

    def _lines_top(
        self, number: int, drawn: QRectF | None, height: float, span: float, step: float
    ) -> float:
        """Where the middle of the first of a seat's lines (its decision, markers, a
        device's results) stands, their pills ``height`` tall and ``span`` wide in all, a
        line ``step`` tall: under the seat's cards (``drawn``), or with no cards on the table
        under its lowest printed spot, by the spots they describe (an Envy lammer, a
        Red/Black colour, the progressive's button) rather than down where the cards will
        lie. Lines that would come within ``APART`` of the sign or the meters go above the
        cards instead, when the felt between the spots and the cards holds them; a line read
        on the sign or the meters reads as theirs."""
        lowest = self._lowest_spot(number)
        if lowest is None:
            lowest = drawn.top() if drawn else 0.0
        # Clear of the figures hanging from the lowest spot's rim, with no cards: a line touching
        # "$20" reads as one with it.
        under = drawn.bottom() + 9 if drawn is not None else lowest + 24
        centre = self._seat_area(number).center().x()
        top = under - step / 2 - 1
        block = QRectF(centre - span / 2, top, span, height).adjusted(-APART, -APART, APART, APART)
        fixtures = [
            rect(box)
            for kind, box in self.layout.fixtures.items()
            if kind in (FixtureKind.SIGNS, FixtureKind.METERS)
        ]
        if drawn is None or not any(block.intersects(f) for f in fixtures):
            return under
        above = drawn.top() - 4 - height
        return above + 9 if above >= lowest + 3 else under

    def _render_dealer(self, state: TableState, seen: Visibility) -> None:
        fixtures = self.layout.fixtures
        if FixtureKind.BOARD in fixtures:
            slots = self._board_slots(rect(fixtures[FixtureKind.BOARD]))
            for slot, card in zip(slots, self.setup.board[: seen.board], strict=False):
                face = None if seen.board_face_down else card
                self._add(self._card(face, slot.left(), slot.top()))
        dealer = rect(fixtures[FixtureKind.DEALER_CARDS])
        split = state.set_hands.get(DEALER)
        if split and FixtureKind.DEALER_HIGH in fixtures and FixtureKind.DEALER_LOW in fixtures:
            hand = Split.parse(split)
            self._fan(list(hand.high), rect(fixtures[FixtureKind.DEALER_HIGH]))
            self._fan(list(hand.low), rect(fixtures[FixtureKind.DEALER_LOW]))
        else:
            dealt = self.setup.dealer_cards[: seen.dealt.get(DEALER, 0)]
            shown = [
                c if seen.dealer_up or i in seen.dealer_up_cards else None
                for i, c in enumerate(dealt)
            ]
            self._fan(shown, dealer)
        for spot, hand_name in state.verified.items():
            if spot.seat == DEALER and spot.spot in self.setup.offered_spots:
                self._tag(
                    f"✓ {hand_name}", QPointF(dealer.center().x(), dealer.top() - 10), SELECT, 10.5
                )

    def _render_meters(self, state: TableState) -> None:
        for i, (_label, meter) in enumerate(self._meter_rows()):
            row = self._meter_box(i)
            amount = state.meters.get(meter)
            if amount is None:
                continue
            value = text_item(
                format_money(amount), 17, LED, QPointF(row.right() - 110, row.center().y())
            )
            value.setFont(QFont("DejaVu Sans Mono", 17, QFont.Weight.Bold))
            self._add(value)
        box = self._meter_box(len(self._meter_rows()))
        metrics = font_metrics(10.5)
        y = box.top() + 10
        for note in self.setup.notes:
            for line in wrapped(note, metrics, box.width() - 12):
                label = self._tag(line, QPointF(box.center().x(), y), GOLD, 10.5)
                label.setToolTip(note)
                y += label.boundingRect().height() + 3

    def _render_rack_and_discard(self, state: TableState) -> None:
        rack = rect(self.layout.fixtures[FixtureKind.RACK])
        self._tag(
            f"TABLE INVENTORY {format_money(state.inventory)}",
            QPointF(rack.center().x(), rack.bottom() - 14),
            GOLD,
            12,
        )
        discard = rect(self.layout.fixtures[FixtureKind.DISCARD])
        for i in range(min(state.discard_count, 12)):
            card = self._card(
                None, discard.center().x() - 31 + i * 0.8, discard.top() + 28 - i * 0.8
            )
            self._add(card)
        self._tag(
            f"{state.discard_count} cards",
            QPointF(discard.center().x(), discard.bottom() - 12),
            PRINT,
            11,
        )

    # --- selection ---------------------------------------------------------------------------

    def target_rect(self, target: Target) -> QRectF:
        return self.target_rects[target]

    def select(self, target: Target | None) -> None:
        if self._selection is not None:
            self.removeItem(self._selection)
            self._selection = None
        if target is None:
            return
        chosen = self.target_rects[target]
        # A device's button has its title just above it, the dealer's hand its label just
        # below: a slimmer, closer ring leaves them readable.
        margin, pen = (2, 3) if self._is_button(chosen) else (5, 5)
        if target.seat == DEALER:
            margin, pen = -2, 3  # the dealer's targets already stand clear of their fixture
        box = chosen.adjusted(-margin, -margin, margin, margin)
        path = QPainterPath()
        if target.key in ("cards", "dealer_hand") or box.width() != box.height():
            path.addRoundedRect(box, 8, 8)
        else:
            path.addEllipse(box)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(CHOSEN, pen))
        item.setData(ROLE, Role.SELECTION.value)
        # Under the cards, chips and markers (the table system's state, figures), which must
        # stay readable wherever the ring passes; over the felt's print.
        item.setZValue(2.5)
        self.addItem(item)
        self._selection = item
        for view in self.views():
            view.setAccessibleName(
                f"Table, selected: {target.party} {' '.join(target.label.split())}"
            )
            if isinstance(view, TableView):
                view.follow(box)

    def target_at(self, point: QPointF) -> Target | None:
        hits = [t for t, r in self.target_rects.items() if r.contains(point)]
        if not hits:
            return None
        return min(hits, key=lambda t: self.target_rects[t].width() * self.target_rects[t].height())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        point = event.scenePos()
        for item in self.items(point):
            if item in self._rack_chips:
                self.chip_clicked.emit(self._rack_chips[item])
                return
        if rect(self.layout.fixtures[FixtureKind.SIGNS]).contains(point):
            self.next_sign()
            return
        target = self.target_at(point)
        if target is not None:
            self.target_clicked.emit(target)
        super().mousePressEvent(event)


def spot_text(spot: Spot) -> str:
    """How the wager list names a spot before a seat is chosen: an Envy Bonus is for another
    seat's hand, which the trainee names when acting."""
    if spot.whose is WhoseHand.SEAT:
        return f"{spot.kind} (another seat's hand)"
    if spot.whose is WhoseHand.DEALER:
        return f"{spot.kind} (dealer's hand)"
    return str(spot.kind)


def target_of(targets: Sequence[Target], spot: SpotId) -> Target | None:
    """The target where ``spot`` is settled: at its seat, offering its layout spot."""
    return next((t for t in targets if t.seat == spot.seat and spot.spot in t.spots), None)


def ordered_targets(scene: TableScene) -> list[Target]:
    """Targets in keyboard order: seats right to left as settlement runs (from the dealer's
    right), each seat top to bottom, then the dealer's hand and the meters."""

    def key(target: Target) -> tuple[int, float, float]:
        r = scene.target_rects[target]
        seat_order = -target.seat if target.seat != DEALER else 1
        return (seat_order, r.top(), r.left())

    return sorted(scene.targets, key=key)


__all__ = ["TableScene", "Target", "Visibility", "ordered_targets", "spot_text", "target_of"]
