"""The layout file format: a game's felt, seats, spots and fixtures in scene units.

A layout is data so that the next game adds a file, not a window: the GUI draws whatever the
file places, and only the spots the table configuration offers appear, as a casino prints only
the wagers its Rules Submission approves. Coordinates are scene units (the scene scales to the
window); a seat's spots are placed relative to the seat's corner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from dealer_trainer.resources import shipped_layouts
from dealer_trainer.rules.datafile import Invalid, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.vocabulary import Vocabulary

Key = Annotated[str, Meta(pattern=r"^[a-z0-9_]+$")]
Size = Annotated[float, Meta(gt=0)]
SpotName = Annotated[str, Meta(pattern=r"^[a-z0-9_]+(@(dealer|seat))?$")]
"""A kind of spot by its key ("pair_plus"), with ``@dealer`` when it is settled on the
dealer's hand or ``@seat`` on another seat's, which the trainee names ("envy_bonus@seat")."""


class TableLayoutError(DataFileError):
    """A layout file is unreadable or invalid."""


class SpotShape(Vocabulary, noun="a spot shape"):
    CIRCLE = "circle"
    BUTTON = "button"
    """An electronic wagering device's button (§ 639a.8(b), by analogy)."""
    CARDS = "cards"
    """The seat's cards: discarded, announced, or left on the table for documentation."""


class FixtureKind(Vocabulary, noun="a table fixture"):
    """The parts of the table that belong to the dealer rather than a seat."""

    DEALER_CARDS = "dealer cards"
    BOARD = "board"
    RACK = "rack"
    DISCARD = "discard rack"
    SIGNS = "signs"
    METERS = "meters"
    DEALER_HIGH = "dealer high hand"
    DEALER_LOW = "dealer low hand"

    @property
    def required(self) -> bool:
        """Every table has a dealer, a rack, a discard rack, signs and meters; community
        cards and set hands belong to some games only."""
        return self not in (FixtureKind.BOARD, FixtureKind.DEALER_HIGH, FixtureKind.DEALER_LOW)


class Box(Record, frozen=True):
    x: float
    y: float
    w: Size
    h: Size

    def moved(self, dx: float, dy: float) -> Box:
        """This box shifted by (dx, dy). Its size was checked when the layout was read and a
        shift cannot break it, so the copy skips validation: the felt asks for some hundred
        thousand seat-relative boxes while it is played."""
        return Box(x=self.x + dx, y=self.y + dy, w=self.w, h=self.h)

    def contains(self, other: Box) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.x + other.w <= self.x + self.w
            and other.y + other.h <= self.y + self.h
        )

    def overlaps(self, other: Box) -> bool:
        return not (
            other.x >= self.x + self.w
            or self.x >= other.x + other.w
            or other.y >= self.y + self.h
            or self.y >= other.y + other.h
        )


class SpotSpec(Record, frozen=True, kw_only=True):
    """A betting spot. ``spots`` name what is settled there, the first being the wager
    printed on the felt; awards paid on the same wager follow it."""

    key: Key
    label: Annotated[str, Meta(min_length=1)]
    spots: Annotated[tuple[SpotName, ...], Meta(min_length=1)]
    shape: SpotShape = SpotShape.CIRCLE
    box: Box
    group: str = ""
    """Spots with the same group are drawn inside one device outline (the electronic
    wagering device), titled by the group."""


class SeatPlace(Record, frozen=True):
    seat: Annotated[int, Meta(ge=1, le=7)]
    x: float
    y: float


class DealerSpot(Record, frozen=True):
    """A dealer-side target: the dealer's hand or a meter, with what is settled there."""

    key: Key
    label: str
    spots: Annotated[tuple[SpotName, ...], Meta(min_length=1)]
    fixture: FixtureKind


class TableLayout(Record, frozen=True, kw_only=True):
    game: str
    width: Size
    height: Size
    felt: Box
    seat_size: Box
    """The seat's outline relative to its corner; every seat spot lies inside it."""
    seat_cards: Box
    """Where the seat's cards lie, relative to the seat's corner."""
    seat_high: Box | None = None
    seat_low: Box | None = None
    """Where a set pai gow hand's five-card and two-card hands lie, relative to the corner."""
    variants: tuple[str, ...] = ()
    """Other games played on the same layout ("EZ Pai Gow Poker" on the Pai Gow layout)."""
    card_width: Size
    seats: Annotated[tuple[SeatPlace, ...], Meta(min_length=1)]
    spots: Annotated[tuple[SpotSpec, ...], Meta(min_length=1)]
    fixtures: dict[FixtureKind, Box]
    dealer_spots: tuple[DealerSpot, ...] = ()
    dealer_label: Annotated[str, Meta(min_length=1)] = "DEALER"
    """What is printed under the dealer's card area: "COMMUNITY CARDS" where the dealer has no
    hand of their own (Let It Ride, § 643a.1)."""

    def seat_place(self, seat: int) -> SeatPlace:
        for place in self.seats:
            if place.seat == seat:
                return place
        raise KeyError(f"the layout has no seat {seat}")

    def seat_box(self, seat: int) -> Box:
        place = self.seat_place(seat)
        return self.seat_size.moved(place.x, place.y)

    def spot_box(self, seat: int, spot: SpotSpec) -> Box:
        place = self.seat_place(seat)
        return spot.box.moved(place.x, place.y)

    def cards_box(self, seat: int, box: Box | None = None) -> Box:
        """The seat's card area (or ``box``, another area of the seat) in scene units."""
        place = self.seat_place(seat)
        return (box or self.seat_cards).moved(place.x, place.y)

    def spot_for(self, name: str) -> SpotSpec | None:
        """The seat spot where ``name`` (a ``SpotName``) is settled."""
        return next((s for s in self.spots if name in s.spots), None)


LAYOUTS = shipped_layouts()


def parse_layout(data: dict[str, Any], source: str | Path) -> TableLayout:
    try:
        layout = convert(data, TableLayout)
    except Invalid as error:
        raise TableLayoutError(source, error.problems) from None
    problems = _placement_problems(layout)
    if problems:
        raise TableLayoutError(source, problems)
    return layout


def _placement_problems(layout: TableLayout) -> list[Problem]:
    """Checks across fields, each reported at the field a layout author must change."""
    problems: list[Problem] = []
    seen: set[int] = set()
    for i, place in enumerate(layout.seats):
        if place.seat in seen:
            problems.append(Problem(f"seats[{i}].seat", "each seat placed once", str(place.seat)))
        seen.add(place.seat)
    keys: set[str] = set()
    for i, spot in enumerate(layout.spots):
        if spot.key in keys:
            problems.append(Problem(f"spots[{i}].key", "a key no other spot uses", spot.key))
        keys.add(spot.key)
        if not layout.seat_size.contains(spot.box):
            b, o = spot.box, layout.seat_size
            problems.append(
                Problem(
                    f"spots[{i}].box",
                    f"a box inside the seat outline (x {o.x:g}-{o.x + o.w:g}, "
                    f"y {o.y:g}-{o.y + o.h:g})",
                    f"x {b.x:g}-{b.x + b.w:g}, y {b.y:g}-{b.y + b.h:g}",
                )
            )
    missing = [k.value for k in FixtureKind if k.required and k not in layout.fixtures]
    if missing:
        problems.append(Problem("fixtures", f"a box for each of: {', '.join(missing)}"))
    return problems


def load_layout(path: str | Path) -> TableLayout:
    file = Path(path)
    try:
        data = read_toml(file)
    except DataFileError as error:
        raise TableLayoutError(file, error.problems) from None
    return parse_layout(data, file)


def shipped_layout(key: str) -> TableLayout:
    """A shipped layout by its file name without ``.toml`` (a game definition's
    ``layout_key``)."""
    return load_layout(LAYOUTS / f"{key}.toml")


def game_layout(game: str) -> TableLayout:
    """The shipped layout for ``game`` ("Ultimate Texas Hold 'Em")."""
    for file in sorted(LAYOUTS.glob("*.toml")):
        layout = load_layout(file)
        if game in (layout.game, *layout.variants):
            return layout
    raise TableLayoutError(LAYOUTS, [Problem("game", f"a layout for {game}")])
