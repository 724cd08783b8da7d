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
