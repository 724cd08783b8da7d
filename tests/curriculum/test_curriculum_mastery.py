"""The mastery rule: rounds played, and the mean accuracy over a moving window."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer.curriculum.mastery import MasteryStatus, mastery, recent_mean
from dealer_trainer.curriculum.schema import MasteryRule

RULE = MasteryRule(rounds=20, accuracy=95, over_last=10)


def test_nothing_played_is_not_started() -> None:
    assert mastery(RULE, []) is MasteryStatus.NOT_STARTED


def test_perfect_but_too_few_rounds_is_in_progress() -> None:
    assert mastery(RULE, [100.0] * 19) is MasteryStatus.IN_PROGRESS
    assert mastery(RULE, [100.0] * 20) is MasteryStatus.MASTERED


def test_only_the_last_rounds_count() -> None:
    early_mistakes = [0.0] * 10 + [95.0] * 10
    assert mastery(RULE, early_mistakes) is MasteryStatus.MASTERED
    assert mastery(RULE, [*early_mistakes, 50.0]) is MasteryStatus.IN_PROGRESS


def test_the_mark_is_inclusive_and_exact() -> None:
    window = [94.9, 95.1] * 5  # mean exactly 95 in decimals, 94.99999... in binary
    assert recent_mean(RULE, window) == 95
    assert mastery(RULE, [100.0] * 10 + window) is MasteryStatus.MASTERED
    assert mastery(RULE, [100.0] * 10 + [94.9] * 10) is MasteryStatus.IN_PROGRESS


def test_the_default_rule_is_the_documented_one() -> None:
    assert (MasteryRule().rounds, MasteryRule().accuracy, MasteryRule().over_last) == (20, 95, 10)


@pytest.mark.parametrize("status", list(MasteryStatus))
def test_statuses_read_back_from_their_words(status: MasteryStatus) -> None:
    assert MasteryStatus.from_text(status.value) is status


@given(st.lists(st.floats(0, 100), max_size=40))
def test_mastered_means_enough_rounds_and_a_high_window(accuracies: list[float]) -> None:
    status = mastery(RULE, accuracies)
    if status is MasteryStatus.MASTERED:
        assert len(accuracies) >= RULE.rounds
        assert min(accuracies[-10:]) <= 100 and max(accuracies[-10:]) >= 95
    elif len(accuracies) >= RULE.rounds and min(accuracies[-10:]) >= 95:
        pytest.fail("a window entirely at or above the mark must be mastered")
