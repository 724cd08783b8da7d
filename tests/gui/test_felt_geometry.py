"""Nothing a trainee must read on the felt is covered, in any state of any round of any game.

Every registered game's layout is drawn with its shipped scenarios and seeded deals at every
practice table, and checked as dealt (community cards face down, then up) and after each
step of a perfect settlement: paid, pushed, held for documentation, Envy announced, cards
discarded. What must be read are printed spot names, markers and figures, the sign's text,
chip stacks, and each face-up card's corner index (rank and suit); items of one piece (a
stack of chips with its figures, a fan of cards) may overlap each other, but nothing drawn
above a card may cover its index.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QPainterPathStroker
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot

from dealer_trainer.games import registry
from dealer_trainer.gui.table_scene import GROUP, HOLD, ROLE, Role, TableScene, Visibility
from dealer_trainer.layout import TableLayout, shipped_layout
from dealer_trainer.practice.linked_play import LinkedPlay
from dealer_trainer.practice.rounds import (
    DealtRound,
    PracticeTable,
    deal,
    load_round,
    practice_tables,
)
from dealer_trainer.practice.table import TableState

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(2)
CARD_INDEX = (0.26, 0.30)
"""The share of a card's width and height its top-left index (rank over suit) takes."""


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
                    found.append((f"{table.path.stem} seed {seed}", deal(table, seed, seats)))
                    break
                except ValueError:
                    seats = seats[:-1]
        found += linked_rounds(table, seats)
    return tuple(found)


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


def layout_of(game: str) -> TableLayout:
    return shipped_layout(registry.game(game).layout_key)


def readable(item: QGraphicsItem) -> QRectF:
    box = item.sceneBoundingRect()
    if item.data(ROLE) == Role.CARD.value:
        return QRectF(box.x(), box.y(), box.width() * CARD_INDEX[0], box.height() * CARD_INDEX[1])
    return box


def covered(scene: TableScene) -> list[str]:
    """Pairs of readable items where the upper one covers what must be read of the lower."""
    stacked = [i for i in scene.items() if i.data(ROLE) and i.isVisible()]  # topmost first
    order = {id(item): index for index, item in enumerate(stacked)}
    boxes = [(item.data(GROUP), readable(item).normalized().getCoords()) for item in stacked]
    problems: list[str] = []
    for upper_index, upper in enumerate(stacked):
        top = upper.sceneBoundingRect().adjusted(0.5, 0.5, -0.5, -0.5)
        if not _may_cover(top, upper.data(GROUP), boxes[upper_index + 1 :]):
            continue
        for lower in scene.items(top):
            if order.get(id(lower), -1) <= upper_index:
                continue
            group = upper.data(GROUP)
            if group is not None and group == lower.data(GROUP):
                continue
            if top.intersects(readable(lower)):
                problems.append(f"{name(upper)} covers {name(lower)}")
    return problems


def _may_cover(
    top: QRectF, group: object, below: list[tuple[object, tuple[float, float, float, float]]]
) -> bool:
    """Whether ``top`` touches the readable part of any item of another group beneath it: a
    quick test in plain numbers before the scene is asked which items lie under ``top`` (the
    exact test, ``covered``), which most items, touching nothing, need not pay for."""
    left, upper, right, lower = top.normalized().getCoords()
    return any(
        x1 <= right and left <= x2 and y1 <= lower and upper <= y2
        for other, (x1, y1, x2, y2) in below
        if group is None or other != group
    )


def name(item: QGraphicsItem) -> str:
    text = item.toolTip() or getattr(item, "text", lambda: "")()
    return f"{item.data(ROLE)} {text!r}"


def check(scene: TableScene, state: TableState, seen: Visibility, where: str) -> list[str]:
    scene.show_state(state, seen)
    return [f"{where}: {problem}" for problem in covered(scene)]


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_nothing_to_read_is_covered_in_any_state_of_a_round(qtbot: QtBot, game_id: str) -> None:
    rounds = rounds_of(game_id)
    assert rounds, f"no scenario or table to draw {game_id} with"
    problems: list[str] = []
    for label, dealt in rounds:
        setup = dealt.setup
        scene = TableScene(layout_of(setup.game), setup, dealt.spots)
        state = TableState.of(setup)
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


def test_the_check_sees_a_marker_on_a_card(qtbot: QtBot) -> None:
    """The geometry check itself: a tag laid on a card's index is reported."""
    table = next(t for t in practice_tables() if t.offered)
    dealt = deal(table, 1)
    scene = TableScene(layout_of(dealt.setup.game), dealt.setup, dealt.spots)
    scene.show_state(TableState.of(dealt.setup), Visibility.everything(dealt.setup))
    card = next(i for i in scene.items() if i.data(ROLE) == Role.CARD.value)
    corner = card.sceneBoundingRect().topLeft()
    scene._tag("HOLD", corner, HOLD)
    assert any("covers card" in p for p in covered(scene))


def ink(item: QGraphicsItem) -> QRectF:
    """Where a text item's letters are (its bounding box holds line spacing above and
    below them), in scene units; other items' readable part."""
    if not isinstance(item, QGraphicsSimpleTextItem):
        return readable(item)
    metrics = QFontMetricsF(item.font())
    box = QRectF()
    for row, line in enumerate(item.text().split("\n")):
        tight = metrics.tightBoundingRect(line)
        box = box.united(tight.translated(0, metrics.ascent() + row * metrics.lineSpacing()))
    return item.mapRectToScene(box)


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
        ring = next(i for i in scene.items() if i.data(ROLE) == Role.SELECTION.value)
        assert isinstance(ring, QGraphicsPathItem)
        stroker = QPainterPathStroker()
        stroker.setWidth(ring.pen().widthF())
        band = ring.mapToScene(stroker.createStroke(ring.path()))
        for item in scene.items(band.boundingRect()):
            role = item.data(ROLE)
            if role not in (Role.PRINT.value, Role.SIGN.value, Role.CARD.value, Role.TAG.value):
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
