"""Each game's progressive, meter and Five Card Hand Bonus steps cite its own chapter.

A Three Card Poker trainee once read § 639a.12(e)(4), a Caribbean Stud section, on the Five
Card Hand Bonus meter reset. A step may cite another chapter only beside a section of its
own (the trainee reads no "by analogy" tag), or the chapters every game shares (§ 605a for
progressive and linked tables, § 601a Rules Submissions, § 465a internal controls);
Ultimate Texas Hold 'Em's temporary ch. 653b is its own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.rounds import (
    DealtRound,
    deal_table,
    load_round,
    read_table,
    scenario_game,
)

ROOT = Path(__file__).parents[2]
GOLDEN = ROOT / "tests" / "golden"
TABLES = ROOT / "dealer_trainer" / "lessons" / "tables"
OWN = {
    "Caribbean Stud Poker": {"639a"},
    "Four Card Poker": {"641a"},
    "Let It Ride Poker": {"643a"},
    "Pai Gow Poker": {"645a"},
    "EZ Pai Gow Poker": {"645a"},
    "Three Card Poker": {"649a"},
    "Ultimate Texas Hold 'Em": {"653a", "653b"},
    "Texas Hold 'Em Bonus Poker": {"647a"},
    "Mississippi Stud": {"655a"},
    "Crazy 4 Poker": {"657a"},
}
SHARED = {"605a", "601a", "465a"}
PROGRESSIVE_ACTIONS = {
    Action.RESET_METER,
    Action.VERIFY_METER,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.CREDIT_GAME_ACCOUNT,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
}


def progressive_step(step: Step) -> bool:
    kind = step.spot.kind.value.lower()
    return step.action in PROGRESSIVE_ACTIONS or "meter" in kind or "progressive" in kind


def foreign_citations(step: Step, own: set[str]) -> list[str]:
    """The parts of the step's citation that name another game's chapter, when no part names
    the game's own: another chapter's paragraph may follow the game's own section (the trainee
    reads no "by analogy" tag; docs/regulations.md records the analogy), never stand alone."""
    parts = [part.strip() for part in step.citation.split(";")]
    chapters = [set(re.findall(r"(\d{3}[a-z])\.", part)) for part in parts]
    if any(found & own for found in chapters):
        return []
    return [
        part
        for part, found in zip(parts, chapters, strict=True)
        if found - own - SHARED and "by analogy" not in part  # the new games' tag, for now
    ]


def check(dealt: DealtRound, game: str, where: str) -> None:
    own = OWN[game]
    for step in dealt.procedure.steps:
        if progressive_step(step):
            assert not foreign_citations(step, own), (where, step.id, step.citation)


def game_of(table: Path) -> str:
    return read_table(table)[1].game


@pytest.mark.parametrize(
    "scenario",
    sorted(p for p in GOLDEN.glob("*/*.toml")),
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_golden_progressive_steps_cite_their_own_chapter(scenario: Path) -> None:
    check(load_round(scenario), scenario_game(scenario), scenario.name)


@pytest.mark.parametrize("table", sorted(TABLES.glob("*.toml")), ids=lambda p: p.stem)
def test_dealt_progressive_steps_cite_their_own_chapter(table: Path) -> None:
    game = game_of(table)
    for seed in range(40):
        check(deal_table(table, seed), game, f"{table.name} seed {seed}")


def test_a_three_card_poker_meter_reset_cites_ch_649a() -> None:
    dealt = load_round(
        GOLDEN / "three_card_poker" / "fchb_dealer_hand_royal_flush_split_two_ways.toml"
    )
    reset = next(s for s in dealt.procedure.steps if s.action is Action.RESET_METER)
    assert reset.citation == "§ 649a.12; § 639a.12(e)(4)"


def test_four_card_poker_and_let_it_ride_cite_their_printed_paragraphs() -> None:
    four = load_round(GOLDEN / "four_card_poker" / "fchb_royal_flush_held_and_meter_reset.toml")
    cited = {s.action: s.citation for s in four.procedure.steps if s.seat in (0, 6)}
    assert cited[Action.VERIFY_HAND] == "§ 641a.11(c)(7)(i)"
    assert cited[Action.CALL_FLOORPERSON] == "§ 641a.11(c)(7)(ii)"
    assert cited[Action.HOLD_FOR_DOCUMENTATION] == "§ 641a.11(c)(7)(iii)"
    assert cited[Action.RESET_METER] == "§ 641a.12(g)(4)"
    ride = load_round(GOLDEN / "let_it_ride" / "fchb_royal_flush_meter_reset.toml")
    cited = {s.action: s.citation for s in ride.procedure.steps}
    assert cited[Action.VERIFY_HAND] == "§ 643a.11(f)(3)(v)(A)"
    assert cited[Action.CALL_FLOORPERSON] == "§ 643a.11(f)(3)(v)(B)"
    assert cited[Action.HOLD_FOR_DOCUMENTATION] == "§ 643a.11(f)(3)(v)(C)"
    assert cited[Action.RESET_METER] == "§ 643a.12(f)(4)"
