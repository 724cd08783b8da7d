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


DEVELOPER_HINTS = ("seed", "fact", "unver", "[", ".md", ".toml", ".py")
"""Something every developer note holds once case-folded: a text holding none is clean without
running the pattern, which is much slower than looking for a few words. (No hint has an "i":
the pattern's "i" also matches the dotless "ı", which case-folds to itself.)"""


def developer_notes(text: str) -> list[str]:
    folded = text.casefold()
    if not any(hint in folded for hint in DEVELOPER_HINTS):
        return []
    return [match.group(0) for match in DEVELOPER.finditer(text)]


PROVENANCE_WORDS = re.compile(r"(?i:\bby analogy\b|\bcommon practice\b)")
"""How firmly a rule rests: the instructor's table report may say it in plain words, but a
trainee reads only the rule and its section."""


def trainee_notes(text: str) -> list[str]:
    """What must not reach a trainee: developer notes and the provenance words."""
    found = developer_notes(text)
    folded = text.casefold()
    if "analogy" in folded or "common pract" in folded:
        found += [match.group(0) for match in PROVENANCE_WORDS.finditer(text)]
    return found
