"""Errors in data files that name the file, the field and what was expected.

A lesson author or a compliance officer editing a Rules Submission must be able to find the
mistake from the message alone, so pydantic's errors are rewritten as
"FILE: field.path: what was expected (got VALUE)", one line per problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError


@dataclass(frozen=True)
class Problem:
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


def field_path(loc: Sequence[int | str]) -> str:
    """("rows", 3, "odds") -> "rows[3].odds": the way a person finds it in a TOML file."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif "[" in part or part.startswith("function-"):
            continue
        else:
            text += f".{part}" if text else part
    return text


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


_MISSING_TYPES = frozenset({"missing", "missing_argument"})


def problems_from(error: ValidationError) -> list[Problem]:
    problems: list[Problem] = []
    for item in error.errors(include_url=False):
        message = str(item["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
        kind = item["type"]
        if kind in _MISSING_TYPES:
            problems.append(Problem(field_path(item["loc"]), "required field is missing"))
        elif kind == "extra_forbidden":
            problems.append(
                Problem(field_path(item["loc"]), "unknown field (check the spelling)", None)
            )
        else:
            problems.append(Problem(field_path(item["loc"]), message, _shown(item.get("input"))))
    return problems


def read_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file, turning syntax errors into a ``DataFileError`` naming the file."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataFileError(path, [Problem("", "file not found")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [Problem("", f"not valid TOML: {exc}")]) from None


def parse_toml(text: str, source: str | Path) -> dict[str, Any]:
    """TOML already read (text stored with a record), a syntax error named as ``read_toml``
    names a file's."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(source, [Problem("", f"not valid TOML: {exc}")]) from None
