"""Rules the software applies that no seed document states, as settings with their provenance.

The seeds leave open rules such as when a dealer qualifies, how a payout on an odd stake is
rounded or what a fold does to a side wager; industry practice or another chapter decides them.
Each game makes such a rule a field of its ``[rules]`` table (``OpenRules`` in
rules/game_paytables.py) that a property may override, and a ``RuleInfo`` records why the default
was chosen and where it comes from, so the UI can label it "unverified" or "by analogy"
(regulations/README.md § 2). This module is the display every game shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Protocol

import msgspec
from msgspec import Struct

from dealer_trainer.rules.money import Rounding
from dealer_trainer.rules.provenance import Citation, Provenance


class RuleInfo(Struct, frozen=True):
    """Why a setting exists and where its default comes from."""

    title: str
    explanation: str
    citation: Citation

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance


class RuleSetting(Struct, frozen=True):
    """One line of the "rules in force" display."""

    name: str
    title: str
    value: str
    default: str
    is_default: bool
    citation: Citation
    default_citation: Citation
    explanation: str

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance


def show_setting(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Rounding):
        return value.describe()
    if isinstance(value, tuple) and value and all(isinstance(v, Enum) for v in value):
        return ", ".join(str(v.value) for v in value)
    if isinstance(value, tuple):
        return " or ".join(f"{v}x" for v in value)
    return str(value)


class _CitedRules(Protocol):
    def citation(self, name: str) -> Citation: ...


def default_of(record: type[Any], name: str) -> Any:
    """The default of ``record``'s field ``name`` (a record of ``rules.datafile``)."""
    for field in msgspec.structs.fields(record):
        if field.name == name:
            if field.default_factory is not msgspec.NODEFAULT:
                return field.default_factory()
            return field.default
    raise KeyError(f"{record.__name__} has no field {name!r}")


def describe_rules(rules: _CitedRules, info: Mapping[str, RuleInfo]) -> tuple[RuleSetting, ...]:
    """The "rules in force" display of any game's settings: each value, its default, and where
    each comes from; one function so every game shows its open rules the same way."""
    views = []
    for name, rule in info.items():
        value = getattr(rules, name)
        default = default_of(type(rules), name)
        views.append(
            RuleSetting(
                name,
                rule.title,
                show_setting(value),
                show_setting(default),
                value == default,
                rules.citation(name),
                rule.citation,
                rule.explanation,
            )
        )
    return tuple(views)
