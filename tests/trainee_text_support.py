"""What must never reach a trainee: the pattern the trainee-text tests share."""

from __future__ import annotations

import re

DEVELOPER = re.compile(
    r"(?i:\bseeds?\b|fact[ -]sheet|unverified)"
    r"|\[(?:SEED|CODE|ANALOG|STANDARD|PROPERTY)\]"
    r"|\b[\w-]+\.(?:md|toml|py)\b"
)
"""Developer notes: the seed documents, fact sheets, "unverified", provenance tags, and any
developer file ("three-card-poker.md", a table file, a module)."""


def developer_notes(text: str) -> list[str]:
    return [match.group(0) for match in DEVELOPER.finditer(text)]


PROVENANCE_WORDS = re.compile(r"(?i:\bby analogy\b|\bcommon practice\b)")
"""How firmly a rule rests: the instructor's table report may say it in plain words, but a
trainee reads only the rule and its section."""


def trainee_notes(text: str) -> list[str]:
    """What must not reach a trainee: developer notes and the provenance words."""
    found = developer_notes(text)
    found += [match.group(0) for match in PROVENANCE_WORDS.finditer(text)]
    return found
