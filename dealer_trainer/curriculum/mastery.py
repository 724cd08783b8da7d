"""Whether a trainee has mastered a lesson, from the accuracies of the rounds played.

A pure function of the rule and the history, so the lesson browser, the scheduler and a future
progress report all agree on one definition, and replaying a stored history gives the same
status.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from dealer_trainer.curriculum.schema import MasteryRule
from dealer_trainer.engine.grader import Grade
from dealer_trainer.vocabulary import Vocabulary


class MasteryStatus(Vocabulary, noun="a mastery status"):
    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    MASTERED = "mastered"


def round_accuracy(grade: Grade) -> float:
    """A round's accuracy for mastery: its score, the mean of payout accuracy and procedure
    compliance, so a lesson is not mastered by paying right in the wrong order."""
    return float(grade.score)


def recent_mean(rule: MasteryRule, accuracies: Sequence[float]) -> float | None:
    """The mean accuracy over the rule's window (``None`` before any round). Summed as decimals
    of the printed values so 95.0 over ten rounds is exactly 95, not 94.99999."""
    window = accuracies[-rule.over_last :]
    if not window:
        return None
    total = sum((Decimal(str(a)) for a in window), Decimal(0))
    return float(total / len(window))


def mastery(rule: MasteryRule, accuracies: Sequence[float]) -> MasteryStatus:
    """Mastered once at least ``rule.rounds`` rounds are played and the mean of the last
    ``rule.over_last`` is at least ``rule.accuracy``; it can be lost again by a bad run, since
    the window moves with every round."""
    if not accuracies:
        return MasteryStatus.NOT_STARTED
    mean = recent_mean(rule, accuracies)
    if len(accuracies) >= rule.rounds and mean is not None and mean >= rule.accuracy:
        return MasteryStatus.MASTERED
    return MasteryStatus.IN_PROGRESS
