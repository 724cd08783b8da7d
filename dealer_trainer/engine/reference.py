"""House documents a dealer consults at the table, in plain words.

Some rules are the property's own and posted for the dealer rather than printed in the
regulation: the pai gow house way is the one today. A game describes such a document with
these types and the trainer offers it from the table; nothing here knows which game has one.
"""

from __future__ import annotations

from msgspec import Struct


class ReferenceSection(Struct, frozen=True):
    """A group of numbered rules under a heading ("Two pair")."""

    heading: str
    rules: tuple[tuple[int, str, str], ...]
    """(number, the rule, a note or "")."""


class ReferenceSheet(Struct, frozen=True):
    """A document as the table offers it: a title, how to use it, its rules in order."""

    title: str
    summary: tuple[str, ...]
    sections: tuple[ReferenceSection, ...]


__all__ = ["ReferenceSection", "ReferenceSheet"]
