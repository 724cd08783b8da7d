"""The table layout file: the shipped Ultimate Texas Hold 'Em felt loads and is drawable, and a
broken file is refused with the file and the field named."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from dealer_trainer.layout import (
    FixtureKind,
    SpotShape,
    TableLayout,
    TableLayoutError,
    game_layout,
    load_layout,
)
from dealer_trainer.layout.schema import LAYOUTS
from dealer_trainer.rules.errors import DataFileError

UTH = "Ultimate Texas Hold 'Em"
SHIPPED = LAYOUTS / "ultimate_texas_holdem.toml"


@pytest.fixture(scope="module")
def layout() -> TableLayout:
    return game_layout(UTH)


def test_the_shipped_layout_loads(layout: TableLayout) -> None:
    assert layout.game == UTH
    assert load_layout(SHIPPED) == layout
    assert [place.seat for place in layout.seats] == list(range(1, 8))
    assert set(layout.fixtures) == set(FixtureKind) - {
        FixtureKind.DEALER_HIGH,
        FixtureKind.DEALER_LOW,
    }
    assert layout.spot_for("ante") is not None
    assert layout.spot_for("envy_bonus@seat") is not None
    assert layout.spot_for("nothing") is None


def test_an_unknown_game_has_no_layout() -> None:
    with pytest.raises(TableLayoutError, match="a layout for Casino War") as error:
        game_layout("Casino War")
    assert error.value.fields == ("game",)


def test_everything_lies_on_the_felt(layout: TableLayout) -> None:
    for place in layout.seats:
        assert layout.felt.contains(layout.seat_box(place.seat)), place.seat
        assert layout.seat_box(place.seat).contains(layout.cards_box(place.seat))
        for spot in layout.spots:
            assert layout.seat_box(place.seat).contains(layout.spot_box(place.seat, spot))
    for kind, box in layout.fixtures.items():
        assert layout.felt.contains(box), kind


def test_no_two_seats_overlap(layout: TableLayout) -> None:
    for a, b in combinations(layout.seats, 2):
        assert not layout.seat_box(a.seat).overlaps(layout.seat_box(b.seat)), (a.seat, b.seat)


def test_no_seat_covers_a_fixture(layout: TableLayout) -> None:
    for place in layout.seats:
        for kind, box in layout.fixtures.items():
            assert not layout.seat_box(place.seat).overlaps(box), (place.seat, kind.value)


def test_no_two_fixtures_overlap(layout: TableLayout) -> None:
    for (a, box_a), (b, box_b) in combinations(layout.fixtures.items(), 2):
        assert not box_a.overlaps(box_b), (a.value, b.value)


def test_no_two_spots_of_a_seat_overlap(layout: TableLayout) -> None:
    for a, b in combinations(layout.spots, 2):
        # The cards spot is where the seat's cards lie; the others are chip spots.
        assert not a.box.overlaps(b.box), (a.key, b.key)


def test_each_procedure_name_has_one_seat_spot(layout: TableLayout) -> None:
    names = [name for spot in layout.spots for name in spot.spots]
    assert len(names) == len(set(names))
    cards = [spot for spot in layout.spots if spot.shape is SpotShape.CARDS]
    assert [spot.key for spot in cards] == ["cards"]


def test_dealer_spots_sit_on_dealer_fixtures(layout: TableLayout) -> None:
    assert {spot.fixture for spot in layout.dealer_spots} <= {
        FixtureKind.DEALER_CARDS,
        FixtureKind.METERS,
        FixtureKind.RACK,
    }


# --- broken files -------------------------------------------------------------------------------


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "broken_layout.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refusal(path: Path) -> TableLayoutError:
    with pytest.raises(TableLayoutError) as error:
        load_layout(path)
    assert isinstance(error.value, DataFileError)
    assert error.value.file == str(path)
    assert str(path) in str(error.value)
    return error.value


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "card_width = 62\n", ""))
    assert error.fields == ("card_width",)
    assert "card_width: required field is missing" in str(error)


def test_an_unknown_shape_is_named(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, 'shape = "button"', 'shape = "hexagon"'))
    assert error.fields == ("spots[0].shape",)
    assert "hexagon" in str(error)


def test_a_spot_named_by_its_wording_is_refused(tmp_path: Path) -> None:
    """Layouts name spots by their kind's key, never by the words a trainee reads."""
    worded = '"progressive", "Envy Bonus (seat {seat}\'s hand)"'
    error = refusal(broken(tmp_path, '"progressive", "must_hit_by", "envy_bonus@seat"', worded))
    assert error.fields == ("spots[7].spots[1]",)
    assert "Envy Bonus (seat {seat}'s hand)" in str(error)


def test_a_spot_outside_the_seat_outline_is_named(tmp_path: Path) -> None:
    ante = "box = { x = 18, y = 238, w = 72, h = 66 }"
    error = refusal(broken(tmp_path, ante, "box = { x = 180, y = 238, w = 72, h = 66 }"))
    assert "spots[8].box: a box inside the seat outline (x 0-196, y 0-472)" in str(error)
    assert "got x 180-252" in str(error)


def test_a_missing_fixture_is_named(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "rack = { x = 500, y = 882, w = 600, h = 124 }\n", ""))
    assert "fixtures: a box for each of: rack" in str(error)


def test_an_unknown_field_is_named(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "card_width = 62", "card_width = 62\ncard_widht = 62"))
    assert error.fields == ("card_widht",)
    assert "unknown field" in str(error)


def test_a_seat_placed_twice_is_refused(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "{ seat = 7,", "{ seat = 6,"))
    assert error.fields == ("seats[6].seat",)
    assert "each seat placed once" in str(error)


def test_a_bad_box_size_is_named(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "card_width = 62", "card_width = 0"))
    assert error.fields == ("card_width",)


def test_bad_toml_and_a_missing_file_name_the_file(tmp_path: Path) -> None:
    error = refusal(broken(tmp_path, "game = ", "game = = "))
    assert "not valid TOML" in str(error)
    error = refusal(tmp_path / "nowhere.toml")
    assert "file not found" in str(error)


def test_a_spot_outside_the_seat_outline_names_its_field(tmp_path: Path) -> None:
    ante = "box = { x = 18, y = 238, w = 72, h = 66 }"
    error = refusal(broken(tmp_path, ante, "box = { x = 180, y = 238, w = 72, h = 66 }"))
    (field,) = error.fields
    assert field.startswith("spots[")
    assert "'game'" not in str(error)  # not the whole file echoed back as the bad value
