"""Targets in lessons: the syntax checks made before the generator reads them, and how the
scenario generator's verdicts (``dealer_trainer.practice.targets``) reach ``lessons check``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from curriculum_support import VALID, perfect_grade, replaced, write

from dealer_trainer.curriculum import lessons as lessons_module
from dealer_trainer.curriculum.lessons import check_lesson, load_lesson
from dealer_trainer.practice.rounds import DealtRound, deal_table

TARGETED = replaced(
    VALID,
    "seats = [2, 5]",
    'seats = [2, 5]\ntargets = [\n  { who = "seat 5", wager = "Trips", hand = "Full house" },\n'
    '  { who = "dealer", hand = "Four of a kind" },\n]',
)


class FakeGenerator:
    """Stands in for the scenario generator: refuses a royal flush for the board, refuses a
    seat-5 full house together with dealer quads, and deals plain rounds otherwise."""

    def __init__(self) -> None:
        self.generated: list[tuple[int, tuple[int, ...] | None]] = []

    def parse_target(self, mapping: Mapping[str, Any], /) -> dict[str, Any]:
        if mapping.get("hand") == "Two kings":
            raise ValueError("hand: 'Two kings' is not a hand name; expected 'Pair', ...")
        if mapping.get("hand") == "Any":
            raise ValueError("a target names one hand")
        return dict(mapping)

    def check_targets(
        self, game: str, table_path: Path, targets: Sequence[Any], seats: Sequence[int] | None, /
    ) -> list[str]:
        messages = []
        for i, target in enumerate(targets):
            if target["who"] == "board" and target.get("hand") == "Royal flush":
                messages.append(f"targets[{i}]: the board's royal flush leaves no hand to settle")
            if target.get("wager") == "Bad Beat bonus":
                messages.append(f"targets[{i}]: wager: this table offers no Bad Beat bonus")
        hands = {(t["who"], t.get("hand")) for t in targets}
        if {("seat 5", "Full house"), ("dealer", "Four of a kind")} <= hands:
            messages.append("targets: not with this table's deck")
        if len(targets) > 2:
            messages.append("three targets are too many for this test")
        return messages

    def refuse(self, targets: Sequence[Any]) -> str | None:
        for i, target in enumerate(targets):
            if target.get("cards") == "2c 2d" and target["who"] == "dealer":
                return f"targets[{i}]: not found in 80 attempts"
        return None

    def generate_round(
        self,
        game: str,
        table_path: Path,
        seed: int,
        targets: Sequence[Any],
        seats: Sequence[int] | None,
        /,
    ) -> DealtRound:
        refusal = self.refuse(targets)
        if refusal:
            raise ValueError(refusal)
        self.generated.append((seed, None if seats is None else tuple(seats)))
        return deal_table(table_path, seed, None if seats is None else tuple(seats))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeGenerator:
    generator = FakeGenerator()
    monkeypatch.setattr(lessons_module, "generator", generator)
    return generator


def test_unknown_target_keys_are_reported_by_the_generator(tmp_path: Path) -> None:
    text = replaced(TARGETED, '{ who = "dealer", hand', '{ who = "dealer", qualifies = false, hand')
    entry = check_lesson(write(tmp_path, "l.toml", text))
    assert [line.split(": ", 1)[1] for line in entry.lines()] == [
        "rounds[0].targets[1]: qualifies: not a target field; expected who, hand, wager, cards "
        "(got { who = 'dealer', hand = 'Four of a kind', qualifies = False })"
    ]


def test_cards_wanted_twice_across_targets(tmp_path: Path) -> None:
    text = replaced(
        VALID,
        "seats = [2, 5]",
        'targets = [{ who = "seat 2", cards = "Ah Ad" }, { who = "board", cards = "Kc Ah" }]',
    )
    entry = check_lesson(write(tmp_path, "l.toml", text))
    assert [line.split(": ", 1)[1] for line in entry.lines()] == [
        "rounds[0].targets[1].cards: cards not already wanted by rounds[0].targets[0] (got 'Ah')"
    ]


def test_impossible_targets_are_problems_with_their_field_path(
    tmp_path: Path, fake: FakeGenerator
) -> None:
    entry = check_lesson(write(tmp_path, "l.toml", TARGETED))
    assert [line.split(": ", 1)[1] for line in entry.lines()] == [
        "rounds[0].targets: not with this table's deck"
    ]
    text = replaced(
        VALID,
        "seats = [2, 5]",
        'targets = [{ who = "seat 1", hand = "Flush", wager = "Bad Beat bonus" },'
        ' { who = "board", hand = "Royal flush" }, { who = "dealer", hand = "Flush" }]',
    )
    entry = check_lesson(write(tmp_path, "l.toml", text))
    assert [line.split(": ", 1)[1] for line in entry.lines()] == [
        "rounds[0].targets[0].wager: this table offers no Bad Beat bonus (got 'Bad Beat bonus')",
        "rounds[0].targets[1]: the board's royal flush leaves no hand to settle",
        "rounds[0].targets: three targets are too many for this test",
    ]


def test_a_combination_found_impossible_only_when_dealt(
    tmp_path: Path, fake: FakeGenerator
) -> None:
    text = replaced(
        VALID,
        "seats = [2, 5]",
        'targets = [{ who = "seat 1", hand = "Flush" }, { who = "dealer", cards = "2c 2d" }]',
    )
    (line,) = check_lesson(write(tmp_path, "l.toml", text)).lines()
    assert line.split(": ", 1)[1] == "rounds[0].targets[1]: not found in 80 attempts"


def test_a_target_the_generator_cannot_read(tmp_path: Path, fake: FakeGenerator) -> None:
    text = replaced(VALID, "seats = [2, 5]", 'targets = [{ who = "seat 1", hand = "Two kings" }]')
    (line,) = check_lesson(write(tmp_path, "l.toml", text)).lines()
    assert line.split(": ", 1)[1] == (
        "rounds[0].targets[0].hand: 'Two kings' is not a hand name; expected 'Pair', ... "
        "(got 'Two kings')"
    )
    text = replaced(VALID, "seats = [2, 5]", 'targets = [{ who = "dealer", hand = "Any" }]')
    (line,) = check_lesson(write(tmp_path, "l.toml", text)).lines()
    assert line.split(": ", 1)[1] == (
        "rounds[0].targets[0]: a target names one hand (got { who = 'dealer', hand = 'Any' })"
    )


def test_targeted_rounds_are_dealt_by_the_generator(tmp_path: Path, fake: FakeGenerator) -> None:
    text = replaced(TARGETED, '  { who = "dealer", hand = "Four of a kind" },\n', "")
    lesson = load_lesson(write(tmp_path, "l.toml", text))
    seed = lesson.blocks[0].seed  # type: ignore[union-attr]
    assert fake.generated == [(seed, (2, 5))]  # lessons check deals the first round
    rounds = list(lesson.rounds())
    assert len(rounds) == 2
    assert fake.generated[1:] == [(seed, (2, 5)), (seed + 1, (2, 5))]
    assert all(perfect_grade(r).perfect for r in rounds)


def test_the_real_generator_deals_a_targeted_lesson(tmp_path: Path) -> None:
    text = replaced(
        VALID,
        "generate = 2\nseats = [2, 5]",
        'generate = 3\nseats = [2, 5]\ntargets = [{ who = "seat 5", wager = "Trips", '
        'hand = "Full house" }]',
    )
    lesson = load_lesson(write(tmp_path, "l.toml", text))
    rounds = list(lesson.rounds())
    assert len(rounds) == 3
    assert all(perfect_grade(r).perfect for r in rounds)


def test_the_real_generator_refuses_an_impossible_target(tmp_path: Path) -> None:
    text = replaced(
        VALID,
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat 5", cards = "As Ks" }, '
        '{ who = "dealer", hand = "Royal flush", cards = "Ah Kh" }, '
        '{ who = "board", hand = "Four of a kind", cards = "Qs Qh Qd Qc" }]',
    )
    entry = check_lesson(write(tmp_path, "l.toml", text))
    assert entry.lesson is None
    assert all(": rounds[0].targets" in line for line in entry.lines()), entry.lines()


def test_the_real_generator_s_refusals_are_placed_at_their_field(tmp_path: Path) -> None:
    text = replaced(
        VALID,
        "seats = [2, 5]",
        'seats = [2, 5]\ntargets = [{ who = "seat 5", wager = "Bad Beat bonus", '
        'hand = "Full house" }]',
    )
    (line,) = check_lesson(write(tmp_path, "l.toml", text)).lines()
    assert ": rounds[0].targets[0].wager: " in line
    assert line.endswith("(got 'Bad Beat bonus')")
