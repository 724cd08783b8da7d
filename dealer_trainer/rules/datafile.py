"""Records read from data files, and the conversion that checks a parsed file against them.

A lesson author or a compliance officer must see every mistake in a file at once, each at the
field to change, so a file is converted field by field: ``msgspec`` converts and checks each
plain value (types, bounds, patterns) in C, and this walker descends through records, lists and
tables so that one bad field does not hide the next. msgspec rather than pydantic because the
records are needed at start-up: importing pydantic and building its validators cost more than
Qt's own start.

A field's own check is written in its annotation, ``Annotated[int, Meta(ge=1)]`` for the bounds
msgspec knows, plus these markers for the rest:

- ``Parse(fn)``: ``fn`` turns the file's raw value into the field's value (card notation);
- ``Before(fn)``: ``fn`` rewrites the raw value before it is converted to the field's type;
- ``After(fn)``: ``fn`` checks (and may replace) the converted value.

Every subclass repeats ``frozen=True`` (``class Box(Record, frozen=True)``): msgspec inherits
it, but type checkers read each class's own options. ``kw_only=True`` is not inherited at all: a
record with a required field after a defaulted one passes it too.

Checks across fields go in the record's ``__post_init__``: a ``ValueError`` is reported at the
record, a ``FieldProblem`` at one of its fields, an ``Invalid`` at each of its problems.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Sequence
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

import msgspec
from msgspec import Struct

from dealer_trainer.rules.errors import Problem, shown

T = TypeVar("T")


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every record read from a data file: immutable, and a field the record does not
    have is a mistake in the file (a misspelt key), never silently ignored."""


STATED = "_stated"
"""A record that declares ``_stated: frozenset[str] = frozenset()`` is given the names of the
fields its file states, for rules that differ between "left at the default" and "stated"."""


class Parse(Struct, frozen=True):
    fn: Callable[[Any], Any]


class Before(Struct, frozen=True):
    fn: Callable[[Any], Any]


class After(Struct, frozen=True):
    fn: Callable[[Any], Any]


class Invalid(ValueError):
    """The problems found in converting one value; paths are relative to that value."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.render("") for p in self.problems))


class FieldProblem(ValueError):
    """Raised by a record's ``__post_init__`` to report a problem at one of its fields."""

    def __init__(self, field: str, expected: str, got: Any = None, *, show: bool = True) -> None:
        self.field = field
        self.expected = expected
        self.got = shown(got) if show and got is not None else None
        super().__init__(f"{field}: {expected}")


def convert(data: Any, kind: type[T]) -> T:
    """``data`` (parsed TOML or JSON) as a ``kind``; every problem found raises ``Invalid``."""
    result: T = convert_value(data, kind)
    return result


def convert_value(data: Any, kind: Any) -> Any:
    """``convert`` for a kind that is not a class (``Annotated[...]``, a union, a list)."""
    problems: list[Problem] = []
    value = _convert(data, kind, "", problems)
    if problems:
        raise Invalid(problems)
    return value


class _Failed:
    pass


_FAILED: Any = _Failed()


def join(path: str, field: str) -> str:
    """A field's path inside ``path``: "rows[3]" + "odds" -> "rows[3].odds"."""
    if not field:
        return path
    if not path:
        return field
    return path + field if field.startswith("[") else f"{path}.{field}"


def _message(error: Exception) -> str:
    return str(error).removeprefix("Value error, ") or type(error).__name__


def _convert(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    if not _needs_walk(kind):
        return _leaf(value, kind, path, problems)
    origin = get_origin(kind)
    if origin is Annotated:
        return _annotated(value, kind, path, problems)
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        return _struct(value, kind, path, problems)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum(value, kind, path, problems)
    if origin is Literal:
        return _literal(value, kind, path, problems)
    if origin in (types.UnionType, typing.Union):
        return _union(value, kind, path, problems)
    if origin in (tuple, list, frozenset, set):
        return _sequence(value, kind, path, problems)
    if origin is dict:
        return _mapping(value, kind, path, problems)
    return _leaf(value, kind, path, problems)


@cache
def _needs_walk(kind: Any) -> bool:
    """Whether ``kind`` holds a record, an enumeration or a marker somewhere (which the walker
    converts), or is plain data that msgspec converts whole."""
    if isinstance(kind, type):
        return issubclass(kind, msgspec.Struct | enum.Enum)
    if get_origin(kind) is Literal:
        return True  # refused in the words of an enumeration, with the values it accepts
    if get_origin(kind) is dict:
        return True  # walked so that a problem names its key, which msgspec does not
    if get_origin(kind) is Annotated:
        if any(isinstance(m, Parse | Before | After) for m in kind.__metadata__):
            return True
        return _needs_walk(kind.__origin__)
    return any(_needs_walk(arg) for arg in get_args(kind) if arg is not Ellipsis)


def _annotated(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    base = kind.__origin__
    metas = [m for m in kind.__metadata__ if isinstance(m, msgspec.Meta)]
    marks = [m for m in kind.__metadata__ if isinstance(m, Parse | Before | After)]
    raw = value
    try:
        parse = next((m for m in marks if isinstance(m, Parse)), None)
        if parse is not None:
            value = parse.fn(value)
        else:
            for mark in marks:
                if isinstance(mark, Before):
                    value = mark.fn(value)
    except (ValueError, TypeError) as error:
        problems.append(Problem(path, _message(error), shown(raw)))
        return _FAILED
    if parse is None:
        if metas and not _needs_walk(base):
            base = Annotated[base, *metas]
        elif metas and not _limits_hold(value, metas, path, problems):
            return _FAILED
        value = _convert(value, base, path, problems)
        if value is _FAILED:
            return _FAILED
    for mark in marks:
        if isinstance(mark, After):
            try:
                value = mark.fn(value)
            except (ValueError, TypeError) as error:
                problems.append(Problem(path, _message(error), shown(raw)))
                return _FAILED
    return value


def _limits_hold(value: Any, metas: list[msgspec.Meta], path: str, problems: list[Problem]) -> bool:
    """A ``Meta`` on a walked value (a list of records at least one long) checked on the raw
    value, before its items are converted."""
    if isinstance(value, list | tuple):
        plain: Any = list[Any]
    elif isinstance(value, dict):
        plain = dict[Any, Any]
    else:
        return True
    try:
        msgspec.convert(value, Annotated[plain, *metas])
    except msgspec.ValidationError as error:
        problems.append(_leaf_problem(str(error), value, path))
        return False
    return True


class _Field(Struct, frozen=True):
    name: str
    key: str
    kind: Any
    required: bool


@cache
def _fields(record: type[msgspec.Struct]) -> tuple[tuple[_Field, ...], frozenset[str], bool]:
    every = msgspec.structs.fields(record)  # evaluates the annotations, Annotated kept
    fields = tuple(
        _Field(f.name, f.encode_name, f.type, f.required)
        for f in every
        if not f.name.startswith("_")
    )
    stated = any(f.name == STATED for f in every)
    return fields, frozenset(f.key for f in fields), stated


def _struct(value: Any, record: type[msgspec.Struct], path: str, problems: list[Problem]) -> Any:
    if isinstance(value, record):
        return value
    if not isinstance(value, dict):
        problems.append(Problem(path, "a table of fields", shown(value)))
        return _FAILED
    fields, keys, stated = _fields(record)
    start = len(problems)
    values: dict[str, Any] = {}
    for field in fields:
        where = join(path, field.key)
        if field.key in value:
            converted = _convert(value[field.key], field.kind, where, problems)
            if converted is not _FAILED:
                values[field.name] = converted
        elif field.required:
            problems.append(Problem(where, "required field is missing"))
    for key in value:
        if key not in keys:
            problems.append(Problem(join(path, str(key)), "unknown field (check the spelling)"))
    if len(problems) > start:
        return _FAILED
    if stated:
        values[STATED] = frozenset(f.name for f in fields if f.key in value)
    try:
        return record(**values)
    except Invalid as error:
        problems.extend(Problem(join(path, p.field), p.expected, p.got) for p in error.problems)
    except FieldProblem as error:
        problems.append(Problem(join(path, error.field), error.expected, error.got))
    except (ValueError, TypeError) as error:
        problems.append(Problem(path, _message(error)))
    return _FAILED


def _enum(value: Any, kind: type[enum.Enum], path: str, problems: list[Problem]) -> Any:
    if isinstance(value, kind):
        return value
    for member in kind:
        if type(value) is type(member.value) and value == member.value:
            return member
    problems.append(Problem(path, f"one of {choices(kind)}", shown(value)))
    return _FAILED


def _literal(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    options = get_args(kind)
    for option in options:
        if type(value) is type(option) and value == option:
            return option
    problems.append(Problem(path, _either([repr(o) for o in options]), shown(value)))
    return _FAILED


def choices(kind: type[enum.Enum]) -> str:
    """The values an enumeration accepts, as a person reads them: "'a', 'b' or 'c'"."""
    return _either([repr(member.value) for member in kind])


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _union(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    options = get_args(kind)
    if value is None and type(None) in options:
        return None
    others = [o for o in options if o is not type(None)]
    first: list[Problem] | None = None
    for option in others:
        attempt: list[Problem] = []
        converted = _convert(value, option, path, attempt)
        if not attempt:
            return converted
        first = attempt if first is None else first
    problems.extend(first or [Problem(path, "a value", shown(value))])
    return _FAILED


def _sequence(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    origin = get_origin(kind)
    if not isinstance(value, list | tuple):
        problems.append(Problem(path, "a list", shown(value)))
        return _FAILED
    args = get_args(kind)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            problems.append(Problem(path, f"a list of {len(args)} items", shown(value)))
            return _FAILED
        kinds = list(args)
    else:
        kinds = [args[0]] * len(value)
    start = len(problems)
    items = [
        _convert(v, k, f"{path}[{i}]", problems)
        for i, (v, k) in enumerate(zip(value, kinds, strict=True))
    ]
    if len(problems) > start:
        return _FAILED
    return origin(items) if origin is not list else items


def _mapping(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    if not isinstance(value, dict):
        problems.append(Problem(path, "a table", shown(value)))
        return _FAILED
    key_kind, value_kind = get_args(kind)
    start = len(problems)
    result: dict[Any, Any] = {}
    for key, item in value.items():
        where = join(path, str(key))
        converted_key = _convert(key, key_kind, where, problems)
        converted = _convert(item, value_kind, where, problems)
        if converted_key is not _FAILED and converted is not _FAILED:
            result[converted_key] = converted
    return _FAILED if len(problems) > start else result


def _leaf(value: Any, kind: Any, path: str, problems: list[Problem]) -> Any:
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as error:
        problems.append(_leaf_problem(str(error), value, path))
        return _FAILED


_NOUNS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "a table",
    "null": "nothing",
    "decimal": "a decimal number",
}
_BOUNDS = {">=": "at least", "<=": "at most", ">": "greater than", "<": "less than"}
_EXPECTED = re.compile(r"Expected `(?P<type>[^`]+)`(?:, got `[^`]+`)?(?P<rest>.*)$")
_AT = re.compile(r" - at `\$(?P<where>[^`]*)`$")
_STEP = re.compile(r"\.(\w+)|\[(\d+|\.\.\.)\]")


def _noun(names: str) -> str:
    """ "int | null" read as "a whole number": TOML has no null, so "or nothing" only puzzles
    an author (an optional field is left out, not set to nothing)."""
    kinds = [name for name in names.split(" | ") if name != "null"] or ["null"]
    return " or ".join(_NOUNS.get(name, name) for name in kinds)


def _limit(noun: str, rest: str) -> str:
    rest = rest.strip()
    if not rest:
        return noun
    if rest.startswith("matching regex "):
        return f"{noun} matching the pattern {rest.removeprefix('matching regex ')}"
    sized = re.fullmatch(r"of length (>=|<=|>|<) (\d+)", rest)
    if sized:
        bound, count = _BOUNDS[sized[1]], int(sized[2])
        unit = "characters" if noun == "text" else "items"
        unit = unit[:-1] if count == 1 else unit
        return f"{noun} of {bound} {count} {unit}"
    limit = re.fullmatch(r"(>=|<=|>|<) (\S+)", rest)
    if limit:
        return f"{noun}, {_BOUNDS[limit[1]]} {limit[2]}"
    return f"{noun} {rest}"


def _leaf_problem(message: str, value: Any, path: str) -> Problem:
    """msgspec's message for one value, in the words of the other problems: "Expected `int`
    >= 1 - at `$[2]`" read as "[2]: a whole number, at least 1 (got 0)"."""
    at = _AT.search(message)
    if at:
        message = message[: at.start()]
        for step in _STEP.finditer(at["where"]):
            name, index = step.groups()
            path = join(path, name) if name else f"{path}[{index}]"
            if name and isinstance(value, dict):
                value = value.get(name, _FAILED)
            elif index and index != "..." and isinstance(value, list | tuple):
                value = value[int(index)] if int(index) < len(value) else _FAILED
            else:
                value = _FAILED
    expected = _EXPECTED.match(message)
    text = _limit(_noun(expected["type"]), expected["rest"]) if expected else message
    return Problem(path, text, None if value is _FAILED else shown(value))


__all__ = [
    "STATED",
    "After",
    "Before",
    "FieldProblem",
    "Invalid",
    "Parse",
    "Record",
    "choices",
    "convert",
    "convert_value",
    "join",
]
