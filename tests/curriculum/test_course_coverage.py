"""The shipped course covers the regulation: every verb a dealer of each game uses and every wager
the game's engine defines is trained by at least one lesson round.

The lists come from the engine, never from the lessons: the verbs are each game's
``DealtRound.actions`` (what the action panel offers a dealer of that game), the wagers are the
game's wager enumeration (``UthWager``, ``PaiGowWager``, ``CaribbeanStudWager``, ...) plus the
Five Card Hand Bonus awards (``Award`` on the player's and the dealer's hand) wherever the game's
layout has a place for them. Every shipped lesson is played headless; a generated block
contributes only its first ``ROUNDS_PER_BLOCK`` rounds to the coverage, so coverage comes from
the rounds a lesson deliberately deals (fixed scenarios, targeted blocks), not from luck deep in
a long random block. Each played round is settled by a perfect scripted trainee and must grade
perfect. A member that cannot be a settled spot by nature is excluded below with its reason.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

import pytest
from curriculum_support import perfect_grade

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import (
    LESSONS,
    FixedDeal,
    FormExercises,
    Lesson,
    LessonEntry,
    block_round,
    load_lessons,
)
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.curriculum.skills import Skill, skills_of
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import Spot, SpotKind, WhoseHand
from dealer_trainer.forms.closed_table import correct_form, grade_closed_table_form
from dealer_trainer.games.best_four_progressive import ProgressiveWager
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager
from dealer_trainer.games.five_card_hand_bonus import Award, BetOn, fchb_spot
from dealer_trainer.games.four_card_poker.wagers import FourCardWager
from dealer_trainer.games.let_it_ride.wagers import LetItRideWager
from dealer_trainer.games.mississippi_stud.wagers import StudWager
from dealer_trainer.games.pai_gow.wagers import PaiGowVariant, PaiGowWager
from dealer_trainer.games.registry import GAME_NAMES
from dealer_trainer.games.texas_holdem_bonus.procedure import FCHB_AWARDS as THB_FCHB_AWARDS
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.games.three_card_poker.wagers import ThreeCardWager
from dealer_trainer.games.uth.procedure import FCHB_AWARDS as UTH_FCHB_AWARDS
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.layout import game_layout
from dealer_trainer.practice.rounds import DealtRound, load_round

ROUNDS_PER_BLOCK = 3
"""Rounds of each generated block played for coverage (fixed deals are always played)."""

MIN_LESSONS = 40
MIN_LESSONS_PER_GAME = 5

UTH = "Ultimate Texas Hold 'Em"

WAGER_ENUMS: dict[str, tuple[type[Enum], ...]] = {
    UTH: (UthWager,),
    PaiGowVariant.CLASSIC.value: (PaiGowWager,),
    PaiGowVariant.EZ.value: (PaiGowWager,),
    "Caribbean Stud Poker": (CaribbeanStudWager,),
    "Crazy 4 Poker": (Crazy4Wager, ProgressiveWager),
    "Four Card Poker": (FourCardWager, ProgressiveWager),
    "Let It Ride Poker": (LetItRideWager,),
    "Texas Hold 'Em Bonus Poker": (ThbWager,),
    "Mississippi Stud": (StudWager,),
    "Three Card Poker": (ThreeCardWager,),
}
"""Each game the trainer deals and the enumerations its engine names its wagers with (the two
best-four games share their progressive wagers' enumeration)."""


def not_a_spot(game: str, wager: Enum) -> str | None:
    """Why ``wager`` can never be a settled spot in ``game`` (None: it must be trained)."""
    if wager is PaiGowWager.COMMISSION:
        return (
            "the vigorish is a collect_commission step on the Pai Gow Poker Wager spot, "
            "trained by the action check (EZ collects none, § 645a.13(a))"
        )
    if wager in UTH_FCHB_AWARDS or wager in THB_FCHB_AWARDS:
        return "settled as the shared Five Card Hand Bonus module's award, on its own spot"
    if isinstance(wager, PaiGowWager) and wager.ez_only and game == PaiGowVariant.CLASSIC.value:
        return "an EZ-only wager (§ 645a.7(e)(5)): a classic Pai Gow Poker table cannot offer it"
    return None


NOT_CALLED_FOR_BY_NATURE: dict[str, dict[Action, str]] = {
    UTH: {Action.COLLECT_COMMISSION: "Ultimate Texas Hold 'Em takes no commission"},
    PaiGowVariant.EZ.value: {
        Action.COLLECT_COMMISSION: "EZ Pai Gow Poker collects no vigorish (§ 645a.13(a))"
    },
}
"""Verbs a game's action panel offers (as distractors) that its procedure never asks for; each
must also be listed in the engine's own ``not_called_for`` for that game (checked below)."""


# --- playing the course ----------------------------------------------------------------------


@dataclass
class GameCoverage:
    """What the played rounds of one game's lessons asked a dealer to do."""

    lessons: list[Lesson] = field(default_factory=list)
    offered: set[Action] = field(default_factory=set)
    """The verbs the game's rounds offer (``DealtRound.actions``)."""
    not_called_for: dict[Action, str] = field(default_factory=dict)
    done: set[Action] = field(default_factory=set)
    settled: set[Spot] = field(default_factory=set)
    """Spots whose money was settled after the deal (pre-deal chip collection is not a
    settlement of the wager)."""
    skills: set[Skill] = field(default_factory=set)
    forms: int = 0
    """Paperwork exercises (the Closed Table form) set by the game's lessons."""
    imperfect: list[str] = field(default_factory=list)

    def add(self, lesson: Lesson, where: str, round_: DealtRound) -> None:
        self.offered.update(round_.actions)
        self.not_called_for.update(round_.not_called_for)
        for step in round_.procedure:
            self.done.add(step.action)
            self.skills.update(skills_of(step))
            if step.action.moves_money and not is_pre_deal(step):
                self.settled.add(step.spot.spot)
        grade = perfect_grade(round_)
        if not grade.perfect or grade.score != 100:
            self.imperfect.append(f"{lesson.id} {where}: {round_.description}")

    def add_forms(self, lesson: Lesson, where: str, block: FormExercises) -> None:
        """A form block: each situation, filled in correctly, grades perfect."""
        for k in range(block.count):
            situation = block.situation(lesson.game, block.seed + k)
            self.forms += 1
            if not grade_closed_table_form(situation, correct_form(situation)).perfect:
                self.imperfect.append(f"{lesson.id} {where} #{k}: {situation}")


def played_rounds(lesson: Lesson) -> Iterator[tuple[str, DealtRound]]:
    """Every fixed deal of the lesson, and the first rounds of each generated block (paperwork
    blocks deal no round: see ``GameCoverage.add_forms``)."""
    for index, block in enumerate(lesson.blocks):
        if isinstance(block, FixedDeal):
            yield f"rounds[{index}]", load_round(block.scenario)
        elif not isinstance(block, FormExercises):
            for k in range(min(block.count, ROUNDS_PER_BLOCK)):
                yield f"rounds[{index}] #{k}", block_round(lesson, block, k)


@cache
def course() -> tuple[LessonEntry, ...]:
    return tuple(load_lessons(LESSONS))


@cache
def coverage() -> dict[str, GameCoverage]:
    by_game: dict[str, GameCoverage] = defaultdict(GameCoverage)
    for entry in course():
        assert entry.lesson is not None, entry.error
        lesson = entry.lesson
        played = by_game[lesson.game]
        played.lessons.append(lesson)
        for where, round_ in played_rounds(lesson):
            played.add(lesson, where, round_)
        for index, block in enumerate(lesson.blocks):
            if isinstance(block, FormExercises):
                played.add_forms(lesson, f"rounds[{index}]", block)
    return dict(by_game)


def required_wagers(game: str) -> dict[Spot, str]:
    """Spot -> what it is, for every wager of ``game`` a lesson must settle."""
    wanted = {
        Spot(wager): f"{type(wager).__name__}.{wager.name}"
        for enum in WAGER_ENUMS[game]
        for wager in enum
        if not_a_spot(game, wager) is None and isinstance(wager, SpotKind)
    }
    layout = game_layout(game)
    places = {name for spot in layout.spots for name in spot.spots}
    places |= {name for spot in layout.dealer_spots for name in spot.spots}
    for award in Award:
        for bet_on in BetOn:
            spot = fchb_spot(award, bet_on)
            if spot.name in places:
                wanted.setdefault(spot, f"Award.{award.name} on the {bet_on.value}")
    return wanted


def settles(settled: Iterable[Spot], wager: Spot) -> bool:
    """Whether ``wager`` is among the ``settled`` spots: itself, or an Envy Bonus paid for some
    other seat's hand."""
    return any(
        spot == wager or (spot.kind is wager.kind and spot.whose is WhoseHand.SEAT)
        for spot in settled
    )


# --- the tests ---------------------------------------------------------------------------------


def test_every_game_the_trainer_deals_has_a_wager_list() -> None:
    assert set(WAGER_ENUMS) == set(GAME_NAMES)


def test_lessons_check_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "check", str(LESSONS)]) == 0
    assert capsys.readouterr().out.strip().endswith("with problems")


def test_every_shipped_lesson_validates() -> None:
    assert [entry.error for entry in course() if not entry.ok] == []


def test_the_course_has_at_least_40_lessons() -> None:
    assert len(course()) >= MIN_LESSONS


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_each_game_has_lessons_levels_and_one_exam(game: str) -> None:
    lessons = coverage()[game].lessons
    assert len(lessons) >= MIN_LESSONS_PER_GAME
    levels = [lesson.level for lesson in lessons]
    assert len(levels) == len(set(levels)), f"levels used twice: {sorted(levels)}"
    exams = [lesson.id for lesson in lessons if lesson.mode is LessonMode.EXAM]
    assert len(exams) == 1, exams
    exam = next(lesson for lesson in lessons if lesson.mode is LessonMode.EXAM)
    assert exam.level == max(levels), "the exam is the last lesson of its game"
    for lesson in lessons:
        if lesson.mode in (LessonMode.TIMED_DRILL, LessonMode.EXAM):
            assert lesson.time_limit_seconds, lesson.id
        assert lesson.skills, lesson.id
        assert lesson.description.strip(), lesson.id


def test_no_lesson_is_a_test_fixture() -> None:
    for entry in course():
        assert entry.lesson is not None
        files = [entry.lesson.table] + [
            block.scenario for block in entry.lesson.blocks if isinstance(block, FixedDeal)
        ]
        assert not [f for f in files if "tests" in f.parts], entry.id


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_every_round_played_is_settled_perfectly_by_a_scripted_trainee(game: str) -> None:
    assert coverage()[game].imperfect == []


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_every_verb_of_the_game_is_trained(game: str) -> None:
    played = coverage()[game]
    excluded = NOT_CALLED_FOR_BY_NATURE.get(game, {})
    for action in excluded:
        assert action in played.not_called_for, f"{action.value}: not refused by the engine"
        assert action not in played.done, f"{action.value} is called for now: drop the exclusion"
    missing = sorted(a.value for a in played.offered - played.done - set(excluded))
    assert missing == [], f"{game}: no lesson round asks for {missing}"


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_every_wager_of_the_game_is_settled(game: str) -> None:
    played = coverage()[game]
    wanted = required_wagers(game)
    missing = sorted(
        f"{spot.kind} ({what})"
        for spot, what in wanted.items()
        if not settles(played.settled, spot)
    )
    assert missing == [], f"{game}: no lesson round settles {missing}"


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_the_lessons_declare_every_skill_their_steps_train(game: str) -> None:
    """The skills the engine reads off the played steps (``skills_of``) are all named by some
    lesson of the game, so a trainee's weak skill always has a lesson to go back to."""
    played = coverage()[game]
    declared = {skill for lesson in played.lessons for skill in lesson.skills}
    undeclared = sorted(skill.value for skill in played.skills - declared)
    assert undeclared == [], f"{game}: no lesson names {undeclared}"
