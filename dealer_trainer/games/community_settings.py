"""Open rules that Ultimate Texas Hold 'Em and Texas Hold 'Em Bonus Poker Rules Submissions
read the same way: which cards the Magic Card is matched against, a rounding written as a
table, a setting named by one of a vocabulary's words, and whose word a rule in force is.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any

from dealer_trainer.rules.datafile import Parse
from dealer_trainer.rules.game_paytables import OpenRules
from dealer_trainer.rules.money import Rounding, RoundingMode, to_money
from dealer_trainer.rules.provenance import Citation, Provenance
from dealer_trainer.rules.settings import default_of
from dealer_trainer.vocabulary import Vocabulary


class MagicCardMatch(Vocabulary, noun="a Magic Card match rule"):
    """Which cards of a Five Card Hand Bonus hand the Magic Card is compared with."""

    WAGERED_HAND = "any card of the wagered five-card hand (its two cards and the flop)"
    TWO_CARDS = "the wagered hand's own two cards only"


def _rounding(value: Any) -> Rounding:
    if isinstance(value, Rounding):
        return value
    if not isinstance(value, Mapping):
        raise ValueError("a table such as { unit = '0.50', mode = 'down' }")
    unknown = set(value) - {"unit", "mode"}
    if unknown:
        raise ValueError(f"unknown rounding field(s) {sorted(unknown)}; use unit and mode")
    unit: Decimal = to_money(value.get("unit", "0.01"))
    mode = RoundingMode.from_text(str(value.get("mode", "down")))
    return Rounding(unit, mode)


RulesRounding = Annotated[Rounding, Parse(_rounding)]
"""A rounding written ``{ unit = '0.50', mode = 'down' }``."""


def vocabulary_field(cls: type[Vocabulary]) -> Parse:
    """A setting read as one of ``cls``'s words; a refusal names the kind of word expected."""

    def parse(value: Any) -> Enum:
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise ValueError(f"one of {', '.join(repr(m.value) for m in cls)}")
        return cls.from_text(value)

    return Parse(parse)


MagicCardField = Annotated[MagicCardMatch, vocabulary_field(MagicCardMatch)]


class ChangedRules(OpenRules, frozen=True):
    """Open rules whose report marks as the property's only the rules it changes."""

    def citation(self, name: str) -> Citation:
        """Where the value in force comes from: the default's citation, or the property's
        Rules Submission when the property changed it. A rule the file restates at its default
        keeps the default's provenance."""
        info = self.RULE_INFO[name]
        if getattr(self, name) == default_of(type(self), name):
            return info.citation
        return Citation(Provenance.PROPERTY, (), "Rules Submission")


__all__ = ["ChangedRules", "MagicCardField", "MagicCardMatch", "RulesRounding", "vocabulary_field"]
