"""The house way as a dealer reads it at the table: its rules in order, grouped by the hand.

The sheet is made from the house-way file the table deals with (``house_way``), so a second
casino's house way shows its own rules; nothing is written twice. The file's ``source`` and
provenance are for instructors (``dealer-trainer table``) and stay out of it.
"""

from __future__ import annotations

from dealer_trainer.engine.reference import ReferenceSection, ReferenceSheet
from dealer_trainer.games.pai_gow.house_way import HandPattern, HouseWay, HouseWayRule, JokerUse

_GROUPS: tuple[tuple[str, frozenset[HandPattern]], ...] = (
    ("Five aces", frozenset({HandPattern.FIVE_ACES, HandPattern.FIVE_ACES_WITH_PAIR})),
    (
        "Four of a kind",
        frozenset(
            {
                HandPattern.FOUR_OF_A_KIND,
                HandPattern.FOUR_OF_A_KIND_WITH_PAIR,
                HandPattern.FOUR_OF_A_KIND_WITH_THREE,
            }
        ),
    ),
    (
        "Full house",
        frozenset(
            {
                HandPattern.FULL_HOUSE,
                HandPattern.FULL_HOUSE_WITH_PAIR,
                HandPattern.TWO_THREE_OF_A_KINDS,
            }
        ),
    ),
    ("Three of a kind", frozenset({HandPattern.THREE_OF_A_KIND})),
    ("Three pair", frozenset({HandPattern.THREE_PAIR})),
    ("Two pair", frozenset({HandPattern.TWO_PAIR})),
    ("One pair", frozenset({HandPattern.ONE_PAIR})),
    ("No pair", frozenset({HandPattern.NO_PAIR})),
)
"""Headings, best hand first: a rule goes under the best hand it is about."""

_JOKER = {
    JokerUse.STRAIGHT_FLUSH_OR_ACE: (
        "The joker completes a straight or a flush when it can; otherwise it counts as an ace."
    ),
    JokerUse.ALWAYS_ACE: "The joker always counts as an ace.",
}


def _heading(rule: HouseWayRule) -> str:
    for heading, patterns in _GROUPS:
        if rule.patterns & patterns:
            return heading
    return "Any other hand"


def house_way_sheet(way: HouseWay) -> ReferenceSheet:
    """``way`` as the table's house-way card: read the seven cards, find the first rule that
    fits, and set the hands as it says."""
    sections: list[ReferenceSection] = []
    for rule in way.rules:
        heading = _heading(rule)
        entry = (rule.number, rule.description, rule.note)
        if sections and sections[-1].heading == heading:
            last = sections[-1]
            sections[-1] = ReferenceSection(heading, (*last.rules, entry))
        else:
            sections.append(ReferenceSection(heading, (entry,)))
    summary = (
        "The dealer's seven cards are set into a five-card high hand and a two-card low hand "
        "by this house way, never by judgement. Read the hand, then use the first rule below "
        "that fits it; the high hand must always outrank the low hand.",
        _JOKER[way.joker],
        " ".join(way.description.split()),
    )
    return ReferenceSheet(way.name, summary, tuple(sections))
