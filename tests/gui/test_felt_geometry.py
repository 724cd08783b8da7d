"""Nothing a trainee must read on the felt is covered, in any state of any round of any game.

Every registered game's layout is drawn with its shipped scenarios and seeded deals at every
practice table, and checked before the deal (wagers placed, no card yet), as dealt
(community cards face down, then up) and after each step of a perfect settlement: paid,
pushed, held for documentation, Envy announced, cards discarded. What must be read are
printed spot names, markers and figures, the sign's text, chip stacks, and each face-up
card's corner index (rank and suit); items of one piece (a stack of chips with its figures,
a fan of cards) may overlap each other, but nothing drawn above a card may cover its index.
What one seat's words say (its printed names, figures and lines) stands apart from every
other seat's words and from the sign and the meters, so none reads as another's.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainterPath, QPainterPathStroker
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
)
from pytestqt.qtbot import QtBot

from dealer_trainer.games import registry
from dealer_trainer.gui.colours import AA, contrast
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.table_scene import (
    FELT,
    GROUP,
    HOLD,
    ROLE,
    SEAT,
    SIGN_BOARD,
    Role,
    TableScene,
    Visibility,
    meets,
)
from dealer_trainer.layout import TableLayout, shipped_layout
from dealer_trainer.layout.schema import FixtureKind, SpotShape
from dealer_trainer.practice.linked_play import LinkedPlay
from dealer_trainer.practice.rounds import (
    DealtRound,
    PracticeTable,
    deal,
    load_round,
    practice_tables,
)
from dealer_trainer.practice.session import Mode
from dealer_trainer.practice.table import TableState

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(2)
MARKED = range(12)
"""Seeds searched for the round whose seats carry the most markers (``busiest``)."""
CARD_INDEX = (0.28, 0.38)
"""The share of a card's width and height its top-left index (rank over suit) takes: the
rank ("10" the widest) to 28% across, the suit beneath it to 38% down (``card_art``)."""
FAN_SHOWN = 0.5
"""The share of a card's width a fan leaves uncovered beside the next card: its index and as
much of its face again, so the rank and suit stand clear of the next card's edge and of the
court card's frame (a fan showing 48% read as a jumble at 1280x720)."""


@cache
def rounds_of(game_id: str) -> tuple[tuple[str, DealtRound], ...]:
    """The game's golden scenarios and seeded rounds, dealt once for the file's three checks."""
    found: list[tuple[str, DealtRound]] = []
    for path in sorted((ROOT / "tests" / "golden" / game_id).glob("*.toml")):
        found.append((path.stem, load_round(path)))
    for table in practice_tables():
        if not table.offered or registry.game_id(table.game) != game_id:
            continue
        seats = tuple(sorted(p.seat for p in layout_of(table.game).seats))
        for seed in SEEDS:
            while True:
                try:
                    found.append((f"{table.path.stem} seed {seed}", dealt(table, seed, seats)))
                    break
                except ValueError:
                    seats = seats[:-1]
        found += busiest(table, seats)
        found += linked_rounds(table, seats)
    return tuple(found)


def busiest(table: PracticeTable, seats: tuple[int, ...]) -> list[tuple[str, DealtRound]]:
    """The round of the first ``MARKED`` seeds whose seats carry the most markers (Envy
    lammers, Red/Black colours), when it is not among ``SEEDS``: the widest words a seat
    shows before the deal, which two seeds seldom give (pai gow's "ENVY LAMMER (Emperor's
    Treasure)" at seats 4 and 5 of the classic table with bonuses comes with seed 5)."""

    def marked(seed: int) -> int:
        try:
            setup = dealt(table, seed, seats).setup
        except ValueError:
            return 0
        return sum(len(marker) for seat in setup.seats for marker in seat.markers)

    seed = max(MARKED, key=marked)
    if seed in SEEDS or not marked(seed):
        return []
    return [(f"{table.path.stem} seed {seed}", dealt(table, seed, seats))]


@cache
def dealt(table: PracticeTable, seed: int, seats: tuple[int, ...]) -> DealtRound:
    """The round ``deal`` gives, dealt once: ``busiest`` looks at the seeds the file draws
    and at the one it picks again."""
    return deal(table, seed, seats)


def linked_rounds(table: PracticeTable, seats: tuple[int, ...]) -> list[tuple[str, DealtRound]]:
    """At a linked table, rounds on the shared meter: the link named under the meter, and
    after a jackpot at another linked table, the reset there too."""
    linked = LinkedPlay.at(table.path)
    if linked is None:
        return []
    first = linked.deal(lambda: deal(table, 0, seats), 0)
    linked.settled(first)
    elsewhere = tuple(section.linked.tables[0] for section in linked.sections.values())
    second = linked.deal(lambda: deal(table, 1, seats), 1, elsewhere)
    assert any(note.startswith("Meter reset at") for note in second.setup.notes)
    return [(f"{table.path.stem} linked", first), (f"{table.path.stem} reset elsewhere", second)]


@cache
def layout_of(game: str) -> TableLayout:
    return shipped_layout(registry.game(game).layout_key)


BOXES = Qt.ItemSelectionMode.IntersectsItemBoundingRect
"""How the checks find the items under a place: by their boxes, then by their shapes
(``meets``) only the items that matter there, which is what ``scene.items(place)`` finds."""


@dataclass(frozen=True)
class Drawn:
    """An item on the felt with what the checks read of it, asked of Qt once a state."""

    item: QGraphicsItem
    role: str | None
    group: object
    seat: int | None
    shown: bool
    box: QRectF
    """Where it is in the scene (``sceneBoundingRect``)."""


def listed(scene: TableScene) -> list[Drawn]:
    """The scene's items, topmost first, that show something to read (not decoration)."""
    return [
        Drawn(
            item,
            role,
            item.data(GROUP),
            item.data(SEAT),
            item.isVisible(),
            item.sceneBoundingRect(),
        )
        for item in scene.items()
        if (role := item.data(ROLE))
    ]


def readable(item: QGraphicsItem) -> QRectF:
    return readable_part(item.data(ROLE), item.sceneBoundingRect())


def readable_part(role: str | None, box: QRectF) -> QRectF:
    """What must be read of an item at ``box``: a card's index, anything else's whole box."""
    if role == Role.CARD:
        return QRectF(box.x(), box.y(), box.width() * CARD_INDEX[0], box.height() * CARD_INDEX[1])
    return box


def covered(scene: TableScene, drawn: list[Drawn] | None = None) -> list[str]:
    """Pairs of readable items where the upper one covers what must be read of the lower."""
    every = listed(scene) if drawn is None else drawn  # topmost first
    stacked = [d for d in every if d.shown]
    order = {id(d.item): index for index, d in enumerate(stacked)}
    reaching = _may_cover(stacked)
    problems: list[str] = []
    for upper_index, upper in enumerate(stacked):
        if not reaching[upper_index]:
            continue
        top = top_box(upper.box)
        for lower in scene.items(top, BOXES):
            index = order.get(id(lower), -1)
            if index <= upper_index:
                continue
            below = stacked[index]
            if upper.group is not None and upper.group == below.group:
                continue
            if top.intersects(readable_part(below.role, below.box)) and meets(lower, top):
                problems.append(f"{name(upper.item)} covers {name(lower)}")
    return problems


def top_box(box: QRectF) -> QRectF:
    return box.adjusted(0.5, 0.5, -0.5, -0.5).normalized()


def group_id(group: object, ids: dict[object, int]) -> int:
    """A number per group, -1 for an item of none (it may cover every other)."""
    return -1 if group is None else ids.setdefault(group, len(ids))


def _may_cover(stacked: list[Drawn]) -> list[bool]:
    """For each item (topmost first), whether its box touches the readable part of an item
    of another group beneath it: a quick test on every pair at once before the scene is asked
    which items lie under it (the exact test, ``covered``), which most items, touching
    nothing, need not pay for."""
    if not stacked:
        return []
    tops = np.array([top_box(d.box).getCoords() for d in stacked])
    reads = np.array([readable_part(d.role, d.box).normalized().getCoords() for d in stacked])
    left, upper, right, lower = (tops[:, k, None] for k in range(4))
    x1, y1, x2, y2 = (reads[None, :, k] for k in range(4))
    touches = (x1 <= right) & (left <= x2) & (y1 <= lower) & (upper <= y2)
    below = np.triu(np.ones_like(touches), k=1)
    ids: dict[object, int] = {}
    groups = np.array([group_id(d.group, ids) for d in stacked])
    other = (groups[:, None] < 0) | (groups[:, None] != groups[None, :])
    return [bool(row) for row in (touches & below & other).any(axis=1)]


def name(item: QGraphicsItem) -> str:
    text = item.toolTip() or getattr(item, "text", lambda: "")()
    return f"{item.data(ROLE)} {text!r}"


CHIP_FACE = 0.375
"""The share of a chip's width and height its printed denomination ("5", "1K") takes."""


def faces(
    scene: TableScene, drawn: list[Drawn] | None = None
) -> list[tuple[QGraphicsItem, QRectF]]:
    """The printed denomination of the top chip of each column of chips on the felt."""
    tops: dict[tuple[object, float], Drawn] = {}
    every = listed(scene) if drawn is None else drawn
    for chip in (d for d in every if d.role == Role.CHIPS):
        column = (chip.group, round(chip.box.center().x(), 1))
        if column not in tops or chip.item.zValue() > tops[column].item.zValue():
            tops[column] = chip
    found = []
    for chip in tops.values():
        box = chip.box
        w, h = box.width() * CHIP_FACE, box.height() * CHIP_FACE
        face = QRectF(box.center().x() - w / 2, box.center().y() - h / 2, w, h)
        found.append((chip.item, face))
    return found


def figures_on_chips(scene: TableScene, drawn: list[Drawn] | None = None) -> list[str]:
    """Figures and markers laid over a chip's printed denomination, even the chips' own
    figures ("+$4" over a "1" chip reads as one figure printed over another)."""
    problems: list[str] = []
    for chip, face in faces(scene, drawn):
        for tag in scene.items(face, BOXES):
            if tag.data(ROLE) == Role.TAG and tag.isVisible() and meets(tag, face):
                problems.append(f"{name(tag)} lies over the denomination of {name(chip)}")
    return problems


NEAR = 8.0
"""How close to the sign or the meters a marker on the felt (a seat's line, a figure) comes
at least: a line 6 units above the sign ("DEALER: credit $15" under Crazy 4 Poker's seat 1)
read as the sign's heading, and lines 0.5 to 1.5 units from the sign or the meters under the
end seats' cards at Ultimate Texas Hold 'Em, Texas Hold 'Em Bonus and pai gow read as theirs."""
APART = 8.0
"""How far apart the words of two seats stand at least (a marker's dark pill, a printed
name's letters): pai gow's "ENVY LAMMER (Emperor's Treasure)", wider than the seats stand
apart, touched the next seat's "$10" and read as one line with it. Layout units: the felt is
scaled as a whole, so the margin holds at every window size."""


def into_fixtures(
    scene: TableScene, near: float = 0.0, drawn: list[Drawn] | None = None
) -> list[str]:
    """Markers set on the felt (a seat's lines, figures) that run into the sign or the
    meters, or come within ``near`` of them: a line about a seat read on the sign reads as
    the sign's. The meters' own notes
    stand inside their fixture."""
    fixtures = scene.layout.fixtures
    boxes = [
        QRectF(b.x, b.y, b.w, b.h)
        for kind, b in fixtures.items()
        if kind in (FixtureKind.SIGNS, FixtureKind.METERS)
    ]
    problems: list[str] = []
    for d in listed(scene) if drawn is None else drawn:
        if d.role != Role.TAG or not d.shown:
            continue
        box = d.box
        if any(f.contains(box.center()) for f in boxes):
            continue
        around = box.adjusted(-near, -near, near, near)
        problems += [
            f"{name(d.item)} comes within {gap(box, f):.1f} of a fixture"
            for f in boxes
            if f.intersects(around)
        ][:1]
    return problems


def gap(one: QRectF, other: QRectF) -> float:
    """How far apart two boxes are, 0 when they touch or overlap."""
    across = max(other.left() - one.right(), one.left() - other.right(), 0.0)
    down = max(other.top() - one.bottom(), one.top() - other.bottom(), 0.0)
    return float((across**2 + down**2) ** 0.5)


def seats_words(
    scene: TableScene, drawn: list[Drawn] | None = None
) -> list[tuple[int, QRectF, QGraphicsItem]]:
    """Each seat's words on the felt, with the seat and where they are: its markers' dark
    pills (figures, lines) and the letters of its printed names (spots, title, buttons)."""
    found: list[tuple[int, QRectF, QGraphicsItem]] = []
    for d in listed(scene) if drawn is None else drawn:
        if d.seat is None or not d.shown:
            continue
        if d.role == Role.TAG:
            found.append((d.seat, d.box, d.item))
        elif d.role == Role.PRINT and isinstance(d.item, QGraphicsSimpleTextItem):
            found.append((d.seat, ink(d.item), d.item))
    return found


def crowded(scene: TableScene, apart: float = APART, drawn: list[Drawn] | None = None) -> list[str]:
    """Words of two seats closer than ``apart``: a marker read beside another seat's figure
    or name reads as one with it. The printed names alone are the layout's, checked too."""
    words = sorted(seats_words(scene, drawn), key=lambda word: word[1].left())
    problems: list[str] = []
    for index, (seat, box, item) in enumerate(words):
        for other_seat, other, other_item in words[index + 1 :]:
            if other.left() - box.right() >= apart:
                break  # sorted by their left edges: every later one is farther across
            if other_seat != seat and gap(box, other) < apart:
                problems.append(
                    f"seat {seat} {name(item)} {gap(box, other):.1f} from seat {other_seat} "
                    f"{name(other_item)}"
                )
    return problems


def check(scene: TableScene, state: TableState, seen: Visibility, where: str) -> list[str]:
    scene.show_state(state, seen)
    drawn = listed(scene)
    found = covered(scene, drawn) + figures_on_chips(scene, drawn)
    found += into_fixtures(scene, NEAR, drawn) + crowded(scene, drawn=drawn)
    return [f"{where}: {problem}" for problem in found]


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_nothing_to_read_is_covered_in_any_state_of_a_round(qtbot: QtBot, game_id: str) -> None:
    rounds = rounds_of(game_id)
    assert rounds, f"no scenario or table to draw {game_id} with"
    problems: list[str] = []
    for label, dealt in rounds:
        setup = dealt.setup
        scene = TableScene(layout_of(setup.game), setup, dealt.spots)
        state = TableState.of(setup)
        wagered = Visibility(wagers={seat.seat for seat in setup.seats})
        problems += check(scene, state, wagered, f"{label}, before the deal")
        face_down = Visibility.everything(setup)
        face_down.board_face_down = True
        problems += check(scene, state, face_down, f"{label}, dealt, board face down")
        seen = Visibility.everything(setup)
        problems += check(scene, state, seen, f"{label}, dealt")
        for step in dealt.procedure:
            state.apply(step)
            problems += check(scene, state, seen, f"{label}, after {step.describe()}")
        if len(problems) > 40:
            break
    unique = list(dict.fromkeys(problems))
    assert not unique, f"{len(unique)} overlaps, e.g.:\n" + "\n".join(unique[:25])


def cramped(scene: TableScene) -> list[str]:
    """Face-up cards of one fan whose next card leaves less than ``FAN_SHOWN`` of them in
    sight."""
    cards = sorted(
        (i for i in scene.items() if i.data(ROLE) == Role.CARD and i.isVisible()),
        key=lambda i: (round(i.sceneBoundingRect().top()), i.sceneBoundingRect().left()),
    )
    problems: list[str] = []
    for card, after in itertools.pairwise(cards):
        box, next_box = card.sceneBoundingRect(), after.sceneBoundingRect()
        if round(box.top()) != round(next_box.top()) or not box.intersects(next_box):
            continue
        if next_box.left() - box.left() < FAN_SHOWN * box.width() - 0.01:
            shown = (next_box.left() - box.left()) / box.width()
            problems.append(f"{name(card)} shows {shown:.0%} beside {name(after)}")
    return problems


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_every_card_of_a_fan_shows_its_index_clear(qtbot: QtBot, game_id: str) -> None:
    """Five cards fanned in a seat's card box (Caribbean Stud, Crazy 4 Poker, Four Card
    Poker) overlap little enough that each card's rank and suit stand clear of the next."""
    problems: list[str] = []
    for label, dealt in rounds_of(game_id):
        setup = dealt.setup
        scene = TableScene(layout_of(setup.game), setup, dealt.spots)
        scene.show_state(TableState.of(setup), Visibility.everything(setup))
        problems += [f"{label}: {problem}" for problem in cramped(scene)]
    assert not problems, "\n".join(problems[:10])


def test_a_seats_lines_stand_above_its_cards_rather_than_by_the_sign(qtbot: QtBot) -> None:
    """Crazy 4 Poker without its progressives leaves the felt between a seat's spots and its
    cards empty: seat 1's lines (its Play, its hand, a device's credit) stand there rather
    than down against the sign below its cards."""
    label, dealt = next(r for r in rounds_of("crazy_4_poker") if r[0].endswith("options seed 0"))
    setup = dealt.setup
    scene = TableScene(layout_of(setup.game), setup, dealt.spots)
    state, seen = TableState.of(setup), Visibility.everything(setup)
    problems: list[str] = []
    lines = 0
    for step in dealt.procedure:
        state.apply(step)
        scene.show_state(state, seen)
        problems += [f"after {step.describe()}: {p}" for p in into_fixtures(scene, NEAR)]
        lines = max(lines, sum(1 for i in scene.items() if "credit" in name(i)))
    assert lines, f"{label}: no credit shown under a seat: nothing to check"
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("game_id", ["pai_gow"])
def test_before_the_deal_a_seats_markers_stand_by_its_spots(qtbot: QtBot, game_id: str) -> None:
    """Before the cards are dealt, an Envy lammer, a Red/Black colour and the progressive's
    button line stand just under the seat's spots (the first of them within 24 units), not
    down where the cards will lie."""
    problems: list[str] = []
    layout = shipped_layout(registry.definition(game_id).layout_key)
    for label, dealt in rounds_of(game_id):
        setup = dealt.setup
        scene = TableScene(layout_of(setup.game), setup, dealt.spots)
        scene.show_state(TableState.of(setup), Visibility(wagers={s.seat for s in setup.seats}))
        for place in layout.seats:
            spots = [
                layout.spot_box(place.seat, spot)
                for spot in layout.spots
                if spot.shape is not SpotShape.CARDS and scene._offered(spot.spots)
            ]
            lowest = max(box.y + box.h for box in spots)
            seat = layout.seat_box(place.seat)
            below = QRectF(seat.x, lowest, seat.w, seat.y + seat.h + 40 - lowest)
            tags = [
                i
                for i in scene.items(below)
                if i.data(ROLE) == Role.TAG
                and below.contains(i.sceneBoundingRect().center())
                and i.sceneBoundingRect().top() >= lowest - 1  # not a figure on a spot's rim
            ]
            first = min(tags, key=lambda i: i.sceneBoundingRect().top(), default=None)
            if first is not None and first.sceneBoundingRect().top() > lowest + 24:
                problems.append(f"{label}: {name(first)} stands far below the spots")
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_the_check_sees_a_marker_on_a_card(qtbot: QtBot) -> None:
    """The geometry check itself: a tag laid on a card's index is reported."""
    table = next(t for t in practice_tables() if t.offered)
    dealt = deal(table, 1)
    scene = TableScene(layout_of(dealt.setup.game), dealt.setup, dealt.spots)
    scene.show_state(TableState.of(dealt.setup), Visibility.everything(dealt.setup))
    card = next(i for i in scene.items() if i.data(ROLE) == Role.CARD)
    corner = card.sceneBoundingRect().topLeft()
    scene._tag("HOLD", corner, HOLD)
    assert any("covers card" in p for p in covered(scene))


def ink(item: QGraphicsItem) -> QRectF:
    """Where a text item's letters are (its bounding box holds line spacing above and
    below them), in scene units; other items' readable part."""
    if not isinstance(item, QGraphicsSimpleTextItem):
        return readable(item)
    return item.mapRectToScene(letters(item.text(), item.font()))


LETTERS: dict[tuple[str, str], QRectF] = {}
"""Where the letters of a text are in its item, by the text and its font: the felt prints
the same names and figures in every state of a round."""


def letters(text: str, font: QFont) -> QRectF:
    """Where the letters of ``text`` in ``font`` are, in the text item's units."""
    key = (text, font.toString())
    if key not in LETTERS:
        metrics = QFontMetricsF(font)
        box = QRectF()
        for row, line in enumerate(text.split("\n")):
            tight = metrics.tightBoundingRect(line)
            box = box.united(tight.translated(0, metrics.ascent() + row * metrics.lineSpacing()))
        LETTERS[key] = box
    return LETTERS[key]


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_the_selection_ring_leaves_every_label_readable(qtbot: QtBot, game_id: str) -> None:
    """Selecting any spot, hand, meter or the table draws a ring that covers no other
    spot's or device's printed name, sign text or card index beneath it (the table
    system's state and the figures are drawn over it)."""
    label, dealt = next((r for r in rounds_of(game_id) if "seed" in r[0]), rounds_of(game_id)[0])
    setup = dealt.setup
    scene = TableScene(layout_of(setup.game), setup, dealt.spots)
    scene.show_state(TableState.of(setup), Visibility.everything(setup))
    problems: list[str] = []
    for target in scene.targets:
        scene.select(target)
        ring = next(i for i in scene.items() if i.data(ROLE) == Role.SELECTION)
        assert isinstance(ring, QGraphicsPathItem)
        stroker = QPainterPathStroker()
        stroker.setWidth(ring.pen().widthF())
        band = ring.mapToScene(stroker.createStroke(ring.path()))
        for item in scene.items(band.boundingRect()):
            role = item.data(ROLE)
            if role not in (Role.PRINT, Role.SIGN, Role.CARD, Role.TAG):
                continue
            if item.zValue() > ring.zValue():
                continue
            if ink(item).intersects(scene.target_rect(target)):
                continue  # the selected spot's own name and cards, which the ring surrounds
            if band.intersects(ink(item)):
                problems.append(f"{target.party} {target.label}: ring covers {name(item)}")
    unique = list(dict.fromkeys(problems))
    assert not unique, f"{label}: " + "\n".join(unique[:25])


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_each_wagering_device_is_as_wide_as_its_title(qtbot: QtBot, game_id: str) -> None:
    """A device's printed title ("5 CARD BONUS") lies inside the device's outline: a title
    running past it reads as printed on the felt."""
    layout = shipped_layout(registry.definition(game_id).layout_key)
    titles = {spot.group for spot in layout.spots if spot.group}
    if not titles:
        pytest.skip(f"{game_id} has no wagering device")
    scenes = (TableScene(layout, dealt.setup, dealt.spots) for _, dealt in rounds_of(game_id))
    scene = next((s for s in scenes if s.devices), None)
    assert scene is not None, f"no round of {game_id} draws its wagering device"
    for seat, device in scene.devices.items():
        outline = device.sceneBoundingRect()
        printed = [
            i
            for i in scene.items(outline)
            if isinstance(i, QGraphicsSimpleTextItem) and i.text() in titles
        ]
        assert printed, f"seat {seat}: no title on its device"
        for title in printed:
            assert outline.contains(ink(title)), (
                f"seat {seat}: {title.text()!r} {ink(title).getRect()} runs past the device "
                f"{outline.getRect()}"
            )


SCREENS = ((1280, 720), (1366, 768), (1920, 1080))
SMALLEST_CAPITALS = 7.0
"""How high, in pixels on the screen, the capital letters of a spot's printed name are at
least: the names of Mississippi Stud's and Crazy 4 Poker's ovals stand 7.2 px high in a
1280x720 window, while two-line names squeezed into small circles ("3 CARD BONUS", "PAIR
PLUS", "EMPEROR'S TREASURE") stood 4.6 to 5.5 px high, too small to read."""


def capital_height(font: QFont) -> float:
    """The height of a capital letter's outline in ``font``, in scene units."""
    outline = QPainterPath()
    outline.addText(0, 0, font, "E")
    return outline.boundingRect().height()


def felt_scales(qtbot: QtBot, game_id: str) -> dict[tuple[int, int], float]:
    """How much the window shrinks the felt at each screen size, at the game's table."""
    table = next(t for t in practice_tables() if t.offered and registry.game_id(t.game) == game_id)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.open_round(deal(table, 5), table, Mode.PRACTICE)
    trainer = window.trainer
    assert trainer is not None
    trainer.skip_dealing()
    scales: dict[tuple[int, int], float] = {}
    for width, height in SCREENS:
        window.resize(width, height)
        QApplication.processEvents()
        assert window.size().toTuple() == (width, height)
        scales[(width, height)] = trainer.view.transform().m11()
    window.close()
    return scales


def over(colour: QColor, below: QColor) -> QColor:
    """``colour`` as it shows over ``below``, its transparency blended in."""
    alpha = colour.alphaF()
    return QColor.fromRgbF(
        *(
            alpha * mine + (1 - alpha) * under
            for mine, under in zip(colour.getRgbF()[:3], below.getRgbF()[:3], strict=True)
        )
    )


def other_labels(scene: TableScene) -> dict[str, tuple[QGraphicsSimpleTextItem, QColor]]:
    """The felt's printed words besides the spots' names, by what they are, with what they
    are printed on: each occupied seat's wagering device's title ("5 CARD BONUS",
    "JACKPOT"), the board's "COMMUNITY CARDS" and the sign's footer ("Sign 1 of 4 — ...")."""
    titles = {spot.group for spot in scene.layout.spots if spot.group}
    devices = [device.sceneBoundingRect() for device in scene.devices.values()]
    found: dict[str, tuple[QGraphicsSimpleTextItem, QColor]] = {}
    for item in scene.items():
        if not isinstance(item, QGraphicsSimpleTextItem) or not item.isVisible():
            continue
        text, centre = item.text(), item.sceneBoundingRect().center()
        if item.data(ROLE) != Role.PRINT:
            if item.data(ROLE) == Role.SIGN and text.startswith("Sign "):
                found["the sign's footer"] = (item, over(SIGN_BOARD, FELT))
        elif text in titles and any(device.contains(centre) for device in devices):
            found[f"the title {text}"] = (item, over(QColor(0, 0, 0, 70), FELT))
        elif text == "COMMUNITY CARDS":
            found[text] = (item, FELT)
    return found


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_every_spot_name_reads_on_a_small_screen(qtbot: QtBot, game_id: str) -> None:
    """Every printed spot name of the layout, on one line or two, and every button's label
    on a wagering device ("PLAYER", "DEALER", "PROG"), drawn at a size a trainee reads at
    1280x720, 1366x768 and 1920x1080 (drawn in the rounds and tables that offer its wager);
    so are the devices' titles, the board's "COMMUNITY CARDS" and the sign's footer, which
    stand out from the felt as the spots' names do (WCAG AA contrast), not dimmed."""
    layout = shipped_layout(registry.definition(game_id).layout_key)
    shapes = (SpotShape.CIRCLE, SpotShape.BUTTON)
    wanted = {spot.key: spot.label for spot in layout.spots if spot.shape in shapes}
    smallest: dict[str, float] = {}
    dim: dict[str, float] = {}
    for _, dealt in rounds_of(game_id):
        if set(wanted) <= set(smallest):
            break
        scene = TableScene(layout_of(dealt.setup.game), dealt.setup, dealt.spots)
        for key, spot in ((s.key, s) for s in layout.spots if s.key in wanted):
            for place in layout.seats:
                box = layout.spot_box(place.seat, spot)
                inside = QRectF(box.x, box.y, box.w, box.h)
                for item in scene.items(inside):
                    if isinstance(item, QGraphicsSimpleTextItem) and item.data(ROLE) == (
                        Role.PRINT.value
                    ):
                        height = capital_height(item.font())
                        smallest[key] = min(smallest.get(key, height), height)
        for what, (item, below) in other_labels(scene).items():
            wanted.setdefault(what, what)
            height = capital_height(item.font())
            smallest[what] = min(smallest.get(what, height), height)
            ratio = contrast(over(item.brush().color(), below), below)
            if ratio < AA:
                dim[what] = ratio
    missing = sorted(set(wanted) - set(smallest))
    assert not missing, f"no round of {game_id} draws {missing}: nothing to measure"
    assert "the sign's footer" in smallest, f"no sign drawn at {game_id}"
    problems = [
        f"{' '.join(wanted[key].split())} at {width}x{height}: capitals {units * scale:.1f} px high"
        for (width, height), scale in felt_scales(qtbot, game_id).items()
        for key, units in smallest.items()
        if units * scale < SMALLEST_CAPITALS
    ]
    problems += [f"{what}: contrast {ratio:.1f}:1 on the felt" for what, ratio in dim.items()]
    assert not problems, f"names under {SMALLEST_CAPITALS} px or dim:\n" + "\n".join(problems)


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_every_spot_is_printed_on_the_felt_not_the_rail(qtbot: QtBot, game_id: str) -> None:
    """Each seat's spots, the end seats' included, lie inside the felt's rounded corners: a
    spot drawn on the rail reads as no spot of the table."""
    layout = shipped_layout(registry.definition(game_id).layout_key)
    _, dealt = rounds_of(game_id)[0]
    scene = TableScene(layout, dealt.setup, dealt.spots)
    felt = next(
        i for i in scene.items() if isinstance(i, QGraphicsPathItem) and i.zValue() == -2
    ).path()
    problems: list[str] = []
    for place in layout.seats:
        for spot in layout.spots:
            box = layout.spot_box(place.seat, spot)
            shape = QPainterPath()
            if spot.shape is SpotShape.CIRCLE:
                shape.addEllipse(QRectF(box.x, box.y, box.w, box.h))
            else:
                shape.addRect(QRectF(box.x, box.y, box.w, box.h))
            if not felt.contains(shape):
                problems.append(f"seat {place.seat} {spot.key} at {box.x:g},{box.y:g}")
    assert not problems, "on the rail: " + ", ".join(problems)
