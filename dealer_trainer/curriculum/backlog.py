"""A round played while its records are still being opened, and the listeners that record a
round as it is played.

Apart from ``records`` (and light: the session and the grader's types only) because the
``practice`` command deals its table before the records are opened: the round on screen
listens through a ``Backlog`` from its first step, and ``records`` is loaded only when the
records are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.practice.session import PracticeSession, SignOff

T = TypeVar("T")

STEP = "step"
SIGNOFF = "sign-off"
GRADE = "grade"
"""What a listener of ``AttemptRecorder.watch`` records, as a ``Guard`` is told."""


class Guard(Protocol):
    """Wraps each listener the records subscribe to a session, told what it records: the
    screen's guard catches a database failure there instead of letting it break the table."""

    def __call__(self, what: str, listener: Callable[[T], None], /) -> Callable[[T], None]: ...


def unguarded(what: str, listener: Callable[[T], None], /) -> Callable[[T], None]:
    return listener


class RoundListeners(Struct, frozen=True):
    """What records one round: its steps, sign-offs and grade, in the order played."""

    judged: Callable[[Judgement], None]
    signed_off: Callable[[SignOff], None]
    finished: Callable[[Grade], None]

    def connect(self, session: PracticeSession) -> None:
        session.judged.connect(self.judged)
        session.signed_off.connect(self.signed_off)
        session.finished.connect(self.finished)


class Backlog:
    """A round played while its records are still being opened (the ``practice`` command
    shows its table first): it listens first of all, as the records would, keeps what the
    session announces, and once the records are open hands it over in order and passes on
    everything after (so a step is still committed before the screen shows it)."""

    def __init__(self, session: PracticeSession) -> None:
        self.session = session
        self.kept: list[tuple[str, Any]] = []
        self.records: RoundListeners | None = None
        session.judged.connect(lambda value: self._pass(STEP, value))
        session.signed_off.connect(lambda value: self._pass(SIGNOFF, value))
        session.finished.connect(lambda value: self._pass(GRADE, value))

    def _pass(self, what: str, value: Any) -> None:
        if self.records is None:
            self.kept.append((what, value))
        else:
            self._give(self.records, what, value)

    @staticmethod
    def _give(records: RoundListeners, what: str, value: Any) -> None:
        if what == STEP:
            records.judged(value)
        elif what == SIGNOFF:
            records.signed_off(value)
        else:
            records.finished(value)

    def hand_to(self, records: RoundListeners) -> None:
        """Record what was played so far, then everything as it is played."""
        kept, self.kept = self.kept, []
        self.records = records
        for what, value in kept:
            self._give(records, what, value)
