"""Errors in data files that name the file, the field and what was expected.

A lesson author or a compliance officer editing a Rules Submission must be able to find the
mistake from the message alone, so every problem reads
"FILE: field.path: what was expected (got VALUE)", one line per problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct


class Problem(Struct, frozen=True):
    """One thing wrong in a data file: where (dotted field path), what was expected, and what
    the file actually says (``None`` when the field is missing)."""

    field: str
    expected: str
    got: str | None = None

    def render(self, file: str) -> str:
        where = f"{file}: {self.field}" if self.field else file
        found = "" if self.got is None else f" (got {self.got})"
        return f"{where}: {self.expected}{found}"


class DataFileError(ValueError):
    """A data file (paytables, Rules Submission) is unreadable or invalid."""

    def __init__(self, file: str | Path, problems: Sequence[Problem]) -> None:
        self.file = str(file)
        self.problems = tuple(problems)
        lines = [problem.render(self.file) for problem in self.problems]
        summary = f"{len(lines)} problem{'s' if len(lines) != 1 else ''} in {self.file}"
        super().__init__(summary + ":\n  " + "\n  ".join(lines))

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(problem.field for problem in self.problems)


def shown(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an integer of more digits than Python converts to text
        return "a number too long to show"
    return text if len(text) <= 80 else text[:77] + "..."


MAX_FILE_BYTES = 2_000_000
"""The largest data file read: the biggest shipped one is under 20 kB, and an action log of a
long exam round a few kB. A larger file is a mistake (or an attack on the grader's time), and
is refused before it is read, not after minutes of parsing."""

MAX_NESTING = 32
"""The deepest nesting of tables and lists a data file may use: the shipped files use 4. A
file nested thousands deep would exhaust Python's stack in the parser or in the validation
after it."""


def read_data_file(path: str | Path) -> str:
    """The UTF-8 text of a data file; anything that stops a person's file being read (no such
    file, a folder, a name the system refuses, no permission, too large, not UTF-8 text) is a
    ``DataFileError`` naming the file. Every data file is read through here."""
    file = Path(path)
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DataFileError(file, [Problem("", "file not found")]) from None
    except IsADirectoryError:
        raise DataFileError(file, [Problem("", "a file, not a folder")]) from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise DataFileError(file, [Problem("", f"cannot be read: {reason}")]) from None
    if len(data) > MAX_FILE_BYTES:
        raise DataFileError(
            file, [Problem("", f"a data file of at most {MAX_FILE_BYTES:,} bytes (it is larger)")]
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataFileError(
            file,
            [
                Problem(
                    "",
                    "UTF-8 text (save it as UTF-8 from the editor)",
                    f"byte 0x{data[error.start]:02x} at offset {error.start}",
                )
            ],
        ) from None


def nesting_depth(value: Any) -> int:
    """How deeply lists and tables nest in ``value`` (a scalar is 0), counted without
    recursion so that measuring a deep document cannot itself exhaust the stack."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_NESTING:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _too_deep(source: str | Path) -> DataFileError:
    return DataFileError(
        source, [Problem("", f"tables and lists nested at most {MAX_NESTING} deep")]
    )


def _shallow(data: Any, source: str | Path) -> Any:
    if nesting_depth(data) > MAX_NESTING:
        raise _too_deep(source)
    return data


def read_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file, turning syntax errors into a ``DataFileError`` naming the file.
    Always parsed from the file's own text, never from a copy in a writable cache: an exam file
    is verified by its SHA-256, and the data acted on must be that file's."""
    return parse_toml(read_data_file(path), path)


def parse_toml(text: str, source: str | Path) -> dict[str, Any]:
    """TOML already read (text stored with a record), a syntax error named as ``read_toml``
    names a file's."""
    import tomllib  # only where a file is parsed (settle's start-up)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(source, [Problem("", f"not valid TOML: {exc}")]) from None
    except RecursionError:
        raise _too_deep(source) from None
    except ValueError as exc:  # an integer too long for Python to convert
        raise DataFileError(source, [Problem("", f"not valid TOML: {exc}")]) from None
    result: dict[str, Any] = _shallow(data, source)
    return result


class _Constant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def read_json(path: str | Path) -> Any:
    """A JSON file (an action log, an exported result), read and refused as ``read_toml``
    reads and refuses TOML. ``NaN`` and ``Infinity``, which Python's reader accepts but JSON
    does not define, are refused: no time or amount is infinite."""
    import json  # the tables, lessons and scenarios a table is opened from are TOML

    text = read_data_file(path)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise DataFileError(path, [Problem("", f"not valid JSON: {error}")]) from None
    except _Constant as error:
        raise DataFileError(
            path, [Problem("", "not valid JSON: numbers are finite", str(error))]
        ) from None
    except RecursionError:
        raise _too_deep(path) from None
    except ValueError as error:  # an integer too long for Python to convert
        raise DataFileError(path, [Problem("", f"not valid JSON: {error}")]) from None
    return _shallow(data, path)
