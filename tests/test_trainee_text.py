"""What a trainee or examiner reads names the rule and its section, never a developer note.

Every explanation, verdict (right and wrong answers, through the grader), round summary, sign
and table note is rendered over every golden scenario and 200 seeded rounds of every shipped
table, and none may show a developer file name, a provenance tag, or the words "seed", "fact
sheet" or "unverified". The table report is the instructor's and keeps its provenance, but in
plain words. The engine does the bulk; one GUI check covers the feedback panel.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from trainee_text_support import developer_notes, trainee_notes

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grader, TraineeAction
from dealer_trainer.engine.spot import SpotId, TableSpot
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.rounds import DealtRound, deal_config, load_round, read_table
from dealer_trainer.practice.summary import summarise
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.provenance import Citation, Provenance

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = sorted((ROOT / "tests" / "golden").rglob("*.toml"))
TABLES = sorted(shipped_tables().glob("*.toml"))
ROUNDS = 200


def _wrong_amount(step: Step) -> Decimal:
    assert step.amount is not None
    return step.amount + Decimal("0.01")


def _pending(grader: Grader, spot: SpotId, action: Action) -> bool:
    """Whether a step still to do settles ``spot`` with ``action``."""
    return any(s.id not in grader.done for s in grader.procedure.by_key.get((spot, action), ()))


def round_texts(dealt: DealtRound) -> Iterator[str]:
    """Every text the trainee can read about one round: the deal, the signs and notes, each
    step's explanation, citation and order rule as the grader words them for a wrong amount,
    a wrong hand, a wrong action, an early action, a needless one and the right one, and the
    round summary."""
    setup = dealt.setup
    yield dealt.description
    yield from setup.notes
    for sign in setup.signs:
        yield sign.title
        yield sign.cards
        for hand, odds in sign.rows:
            yield f"{hand}: {odds}"
    grader = Grader(dealt.procedure, dealt.not_called_for, retry=True)
    steps = list(dealt.procedure)
    last = steps[-1]
    yield grader.judge(TraineeAction(last.spot, last.action, last.amount)).explanation
    for action in dealt.actions:
        yield grader.judge(TraineeAction(SpotId(99, TableSpot.TABLE), action)).explanation
    for step in steps:
        yield step.citation
        yield step.order_rule
        if step.amount is not None:
            wrong = TraineeAction(step.spot, step.action, _wrong_amount(step))
            yield grader.judge(wrong).explanation
        if step.hand is not None:
            named = TraineeAction(step.spot, step.action, step.amount, hand="No hand")
            yield grader.judge(named).explanation
        if step.action.settles_wager:
            other = next(
                a
                for a in dealt.actions
                if a.settles_wager and a is not step.action and not _pending(grader, step.spot, a)
            )
            yield grader.judge(TraineeAction(step.spot, other)).explanation
        right = TraineeAction(step.spot, step.action, step.amount, hand=step.hand)
        judgement = grader.judge(right)
        yield judgement.explanation
        yield judgement.citation
    for line in summarise(grader, grader.finish()):
        yield line.text
        yield line.explanation
        yield line.citation


@cache
def golden(scenario: Path) -> DealtRound:
    """A golden scenario, loaded once for the tests that read it (a round is immutable; each
    test grades it with a grader of its own)."""
    return load_round(scenario)


@cache
def golden_texts(scenario: Path) -> tuple[str, ...]:
    return tuple(round_texts(golden(scenario)))


def _notes_in(rounds: Iterator[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """Each developer note found, with where it was first seen and the text showing it."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    for where, texts in rounds:
        for text in texts:
            if text in seen:
                continue
            seen.add(text)
            for note in trainee_notes(text):
                found.setdefault(note, f"{where}: {text}")
    return found


def test_no_developer_note_in_any_golden_scenario() -> None:
    assert GOLDEN
    found = _notes_in((s.relative_to(ROOT).as_posix(), golden_texts(s)) for s in GOLDEN)
    assert not found, "\n".join(f"{note!r} in {text}" for note, text in found.items())


@pytest.mark.parametrize("table", TABLES, ids=[t.stem for t in TABLES])
def test_no_developer_note_in_200_seeded_rounds(table: Path) -> None:
    definition, config = read_table(table)
    rounds = (
        (f"{table.name} seed {n}", round_texts(deal_config(definition, config, n)))
        for n in range(ROUNDS)
    )
    found = _notes_in(rounds)
    assert not found, "\n".join(f"{note!r} in {text}" for note, text in found.items())


def test_the_check_catches_what_it_looks_for() -> None:
    shown = (
        "a qualifying hand (queen high or better ([STANDARD] unverified (three-card-poker.md "
        "§ 5; § 679a.1 by analogy))): the Play loses (§ 649a.12 not in the seeds)"
    )
    assert developer_notes(shown) == ["[STANDARD]", "unverified", "three-card-poker.md", "seeds"]
    assert developer_notes("Seat 3 Ante: pay $10 (§ 653a.12(a)); house rule, § 649a.12") == []
    tagged = "Verify the hand (§ 639a.11(c)(6)(i), by analogy); the order is common practice."
    assert trainee_notes(tagged) == ["by analogy", "common practice"]


@pytest.mark.parametrize("provenance", list(Provenance))
def test_a_citation_reads_as_the_rule_for_the_trainee(provenance: Provenance) -> None:
    noted = Citation(provenance, ("649a.12",), "unverified (three-card-poker.md § 2.1)")
    bare = Citation(provenance, (), "[STANDARD] unverified: not in the seeds")
    for citation in (noted, bare):
        for text in (str(citation), citation.short, citation.for_trainee, f"{citation}"):
            assert trainee_notes(text) == [], text
        assert developer_notes(citation.for_instructor) == []
        assert citation.note.startswith(provenance.tag)
    assert "§ 649a.12" in noted.for_trainee
    if provenance is Provenance.PROPERTY:
        assert noted.for_trainee == "house rule, § 649a.12"
        assert bare.for_trainee == "house rule"


def test_the_table_report_reads_plainly_for_every_shipped_table() -> None:
    for table in TABLES:
        definition, config = read_table(table)
        report = "\n".join(definition.report(config))
        assert developer_notes(report) == [], table.name


def test_the_pre_deal_steps_cite_the_game_on_the_table() -> None:
    """Each game's pre-deal steps cite its own chapter's dealing procedure, never another
    game's (the banner shows the first of them)."""
    for table in TABLES:
        definition, config = read_table(table)
        chapter = definition.id
        pre = [s for s in deal_config(definition, config, 0).procedure if s.id.startswith("pre")]
        chapters = {re.sub(r"\..*", "", c.removeprefix("§ ")) for c in (s.citation for s in pre)}
        assert len(chapters) <= 1, (chapter, chapters)


MID_SENTENCE_HAND = re.compile(
    r"(?:'s|the) (?:High card|One pair|Two pair|Three of a kind|Straight|Flush|Full house|"
    r"Four of a kind|Straight flush|Royal flush)\b"
)
"""A hand name written as a data label ("High card") inside a sentence, where it reads as
"the dealer's high card"."""


def test_hand_names_read_in_lower_case_inside_a_sentence() -> None:
    found = {
        match.group(0): f"{scenario.relative_to(ROOT).as_posix()}: {text}"
        for scenario in GOLDEN
        for text in golden_texts(scenario)
        for match in MID_SENTENCE_HAND.finditer(text)
    }
    assert not found, "\n".join(f"{hand!r} in {text}" for hand, text in found.items())


def section_lines(dealt: DealtRound) -> Iterator[str]:
    """What a verdict shows on its section line, for every step of the round: the step's
    citation, the right answer's judgement and the round summary's."""
    grader = Grader(dealt.procedure, dealt.not_called_for, retry=True)
    for step in dealt.procedure:
        yield step.citation
        right = TraineeAction(step.spot, step.action, step.amount, hand=step.hand)
        yield grader.judge(right).citation
    for line in summarise(grader, grader.finish()):
        yield line.citation


@pytest.mark.parametrize("table", TABLES, ids=[t.stem for t in TABLES])
def test_every_verdict_cites_a_section_or_none(table: Path) -> None:
    """A verdict's section line names a section of the Code (or a house rule's), or is left
    out where no section states the rule: a phrase there ("rule of the game") reads as a
    citation that is not one (the rule's sentence says it plainly)."""
    definition, config = read_table(table)
    rounds = [golden(s) for s in GOLDEN if s.parent.name == definition.id]
    rounds += [deal_config(definition, config, n) for n in range(20)]
    shown = {line for dealt in rounds for line in section_lines(dealt)}
    unsectioned = sorted(line for line in shown if line and "§" not in line)
    assert not unsectioned, f"{table.stem}: section lines without a section: {unsectioned}"
