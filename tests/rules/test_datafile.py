"""Converting a parsed data file into records: every mistake is reported at once, each at the
field an author must change, with what was expected and what the file says."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal

import pytest
from msgspec import Meta

from dealer_trainer.rules.datafile import (
    After,
    Before,
    FieldProblem,
    Invalid,
    Parse,
    Record,
    convert,
    convert_value,
)
from dealer_trainer.rules.errors import DataFileError


class Kind(Enum):
    CHIP = "chip"
    BUTTON = "button"


def _suit(text: object) -> str:
    if text not in ("s", "h", "d", "c"):
        raise ValueError("a suit: s, h, d or c")
    return str(text)


def _even(value: int) -> int:
    if value % 2:
        raise ValueError("an even number of seats")
    return value


class Row(Record, frozen=True):
    hand: Annotated[str, Meta(min_length=1)]
    pays: Annotated[int, Meta(ge=1)]


class Table(Record, frozen=True, kw_only=True):
    name: str
    kind: Kind = Kind.CHIP
    seats: Annotated[int, Meta(ge=1, le=7), After(_even)] = 6
    suit: Annotated[str, Parse(_suit)] = "s"
    tags: Annotated[tuple[str, ...], Before(lambda v: v.split() if isinstance(v, str) else v)] = ()
    rows: Annotated[tuple[Row, ...], Meta(min_length=1)]
    limits: dict[str, int] = {}  # noqa: RUF012 - msgspec copies an empty dict default
    _stated: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.kind is Kind.BUTTON and self.seats > 4:
            raise FieldProblem("seats", "at most 4 seats at a button table", self.seats)


GOOD = {"name": "UTH", "rows": [{"hand": "Royal flush", "pays": 500}]}


def problems(data: object) -> list[str]:
    with pytest.raises(Invalid) as caught:
        convert(data, Table)
    return [problem.render("f.toml") for problem in caught.value.problems]


def test_a_good_file_becomes_records_with_defaults_and_the_fields_it_states() -> None:
    table = convert({**GOOD, "tags": "felt blue", "limits": {"ante": 5}}, Table)
    assert table == Table(
        name="UTH",
        rows=(Row(hand="Royal flush", pays=500),),
        tags=("felt", "blue"),
        limits={"ante": 5},
        _stated=frozenset({"name", "rows", "tags", "limits"}),
    )
    assert isinstance(table.rows, tuple) and table.kind is Kind.CHIP


def test_every_mistake_is_reported_at_its_field_in_field_order() -> None:
    data = {
        "name": 7,
        "kind": "wheel",
        "seats": 9,
        "suit": "x",
        "rows": [{"hand": "", "pays": 0}, {"hand": "Flush", "pays": "8", "odds": 1}, "Straight"],
        "limits": {"ante": 1.5},
        "colour": "blue",
    }
    assert problems(data) == [
        "f.toml: name: text (got 7)",
        "f.toml: kind: one of 'chip' or 'button' (got 'wheel')",
        "f.toml: seats: a whole number, at most 7 (got 9)",
        "f.toml: suit: a suit: s, h, d or c (got 'x')",
        "f.toml: rows[0].hand: text of at least 1 character (got '')",
        "f.toml: rows[0].pays: a whole number, at least 1 (got 0)",
        "f.toml: rows[1].pays: a whole number (got '8')",
        "f.toml: rows[1].odds: unknown field (check the spelling)",
        "f.toml: rows[2]: a table of fields (got 'Straight')",
        "f.toml: limits.ante: a whole number (got 1.5)",
        "f.toml: colour: unknown field (check the spelling)",
    ]


def test_missing_fields_and_empty_lists_are_named() -> None:
    assert problems({"rows": []}) == [
        "f.toml: name: required field is missing",
        "f.toml: rows: a list of at least 1 item (got [])",
    ]


def test_a_check_after_conversion_and_a_check_across_fields() -> None:
    assert problems({**GOOD, "seats": 3}) == ["f.toml: seats: an even number of seats (got 3)"]
    assert problems({**GOOD, "kind": "button"}) == [
        "f.toml: seats: at most 4 seats at a button table (got 6)"
    ]


def test_strict_types_refuse_look_alikes() -> None:
    assert problems({**GOOD, "seats": True}) == ["f.toml: seats: a whole number (got True)"]
    assert problems({**GOOD, "seats": 2.0}) == ["f.toml: seats: a whole number (got 2.0)"]


def test_a_list_of_records_at_the_top() -> None:
    rows = convert_value([{"hand": "Flush", "pays": 8}], tuple[Row, ...])
    assert rows == (Row(hand="Flush", pays=8),)
    with pytest.raises(Invalid) as caught:
        convert_value([{"hand": "Flush"}], tuple[Row, ...])
    assert [p.field for p in caught.value.problems] == ["[0].pays"]


def test_problems_make_a_file_error_naming_the_file() -> None:
    with pytest.raises(Invalid) as caught:
        convert({"rows": GOOD["rows"]}, Table)
    error = DataFileError("tables/uth.toml", caught.value.problems)
    assert (
        str(error)
        == "1 problem in tables/uth.toml:\n  tables/uth.toml: name: required field is missing"
    )
    assert error.fields == ("name",)


class Optional(Record, frozen=True):
    limit: int | None = None


def test_an_optional_value_is_asked_for_as_its_kind_alone() -> None:
    with pytest.raises(Invalid) as caught:
        convert({"limit": "ten"}, Optional)
    assert [p.render("f.toml") for p in caught.value.problems] == [
        "f.toml: limit: a whole number (got 'ten')"
    ]
    assert convert({}, Optional).limit is None


class Game(Record, frozen=True):
    game: Literal["Pai Gow Poker", "EZ Pai Gow Poker"]


def test_a_fixed_line_names_the_values_it_accepts() -> None:
    assert convert({"game": "EZ Pai Gow Poker"}, Game).game == "EZ Pai Gow Poker"
    with pytest.raises(Invalid) as caught:
        convert({"game": "Pai Gow"}, Game)
    assert [p.render("f.toml") for p in caught.value.problems] == [
        "f.toml: game: 'Pai Gow Poker' or 'EZ Pai Gow Poker' (got 'Pai Gow')"
    ]
