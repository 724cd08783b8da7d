"""Enumerations whose values are the words shared by data files, the UI and messages.

Every such enumeration reads its members back from text the same forgiving way (case, dashes,
underscores and spacing ignored; the readable value or the member name), and every refusal
lists the words it would have accepted, so one base class does it for all of them.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar, Self


def normalise(text: str) -> str:
    for dash in ("—", "–", "-", "_"):
        text = text.replace(dash, " ")
    return " ".join(text.lower().split())


def matches(member: Enum, key: str) -> bool:
    """Whether ``key`` (already normalised) names ``member`` by value or by name."""
    return key in (normalise(str(member.value)), normalise(member.name))


class Vocabulary(Enum):
    """Base for readable enumerations; ``noun`` names one member in error messages
    (``class FoldTreatment(Vocabulary, noun="a fold treatment")``)."""

    noun: ClassVar[str]

    def __init_subclass__(cls, noun: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.noun = noun or f"a {cls.__name__}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        key = normalise(text)
        for member in cls:
            if matches(member, key):
                return member
        choices = ", ".join(repr(member.value) for member in cls)
        raise ValueError(f"{text!r} is not {cls.noun}; expected one of {choices}")
