"""A practice session: one dealt round, settled step by step, judged as it happens.

Learn and practice share one grader (and so one notion of correct); they differ only in what
the trainee may see: learn mode shows the next expected step on request. A wrong step is
refused and explained, and stays to be done right; it is scored by its first verdict.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Grader, Judgement, TraineeAction, Verdict
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.events import Event
from dealer_trainer.practice.table import TableSetup, TableState
from dealer_trainer.vocabulary import Vocabulary

CITE_FLOOR_WAIT = "§ 639a.11(c)(6)(ii), by analogy"


class Mode(Vocabulary, noun="a practice mode"):
    LEARN = "learn"
    PRACTICE = "practice"


@dataclass(frozen=True)
class SignOff:
    step: Step
    floorperson: str
    at: float


class HintUnavailable(RuntimeError):
    """Hints exist only in learn mode, so practice measures what the trainee knows."""


class PracticeSession:
    def __init__(
        self,
        setup: TableSetup,
        procedure: Procedure,
        mode: Mode = Mode.PRACTICE,
        not_called_for: Mapping[Action, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        time_limit: float | None = None,
        hand_matcher: Callable[[Step, str], bool] | None = None,
    ) -> None:
        self.setup = setup
        self.procedure = procedure
        self.mode = mode
        self.grader = Grader(
            procedure, dict(not_called_for or {}), retry=True, hand_matcher=hand_matcher
        )
        self.state = TableState.of(setup)
        self.time_limit = time_limit
        self._clock = clock
        self._started: float | None = None
        self._ended: float | None = None
        self._grade: Grade | None = None
        self.awaiting: list[Step] = []
        self.signoffs: list[SignOff] = []
        self.log: list[TraineeAction] = []
        self.judged: Event[Judgement] = Event()
        self.changed: Event[TableState] = Event()
        self.signoff_needed: Event[Step] = Event()
        self.finished: Event[Grade] = Event()

    def start(self) -> None:
        """Settlement begins (the dealing is over): the clock starts."""
        if self._started is None:
            self._started = self._clock()

    @property
    def elapsed(self) -> float:
        if self._started is None:
            return 0.0
        end = self._ended if self._ended is not None else self._clock()
        return max(0.0, end - self._started)

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.grader.done), len(self.procedure)

    @property
    def accuracy(self) -> Decimal:
        """Share of actions so far that were right the first time, in percent."""
        judgements = self.grader.judgements
        if not judgements:
            return Decimal(100)
        right = sum(1 for j in judgements if j.ok)
        return (Decimal(100) * right / len(judgements)).quantize(Decimal("0.1"))

    @property
    def is_over(self) -> bool:
        return self._ended is not None

    def act(
        self,
        seat: int,
        spot: str,
        action: Action,
        amount: Decimal | None = None,
        hand: str | None = None,
    ) -> Judgement:
        if self.is_over:
            raise RuntimeError("the round is over; deal a new one")
        self.start()
        taken = TraineeAction(seat, spot, action, amount, round(self.elapsed, 3), hand)
        self.log.append(taken)
        blocked = self._blocked_by_floorperson(taken)
        judgement = self.grader.judge(taken) if blocked is None else self.grader.record(blocked)
        if judgement.ok and judgement.step_id is not None:
            step = self.procedure.by_id[judgement.step_id]
            self.state.apply(step, hand)
            if step.action is Action.CALL_FLOORPERSON:
                self.awaiting.append(step)
                self.signoff_needed.emit(step)
        self.judged.emit(judgement)
        if judgement.ok:
            self.changed.emit(self.state)
        if not self.grader.pending() and not self.awaiting:
            self.finish()
        return judgement

    def _blocked_by_floorperson(self, action: TraineeAction) -> Judgement | None:
        """A step after a floorperson call waits until the floorperson has signed."""
        key = (action.seat, action.spot, action.action)
        for call in self.awaiting:
            later = self.procedure.descendants(call.id)
            for step in self.grader.pending():
                if step.key == key and step.id in later:
                    return Judgement(
                        action,
                        Verdict.OUT_OF_ORDER,
                        step.id,
                        f"Wait for the floorperson: {call.describe()} is not yet verified and "
                        f"signed. {step.describe()} comes only after the sign-off.",
                        CITE_FLOOR_WAIT,
                    )
        return None

    def sign_off(self, step_id: str, floorperson: str) -> SignOff:
        """The floorperson has verified the payout and signed with their name."""
        name = " ".join(floorperson.split())
        if not name:
            raise ValueError("the floorperson signs with a name")
        step = next((s for s in self.awaiting if s.id == step_id), None)
        if step is None:
            raise ValueError(f"no floorperson call {step_id!r} is waiting for a sign-off")
        self.awaiting.remove(step)
        signed = SignOff(step, name, round(self.elapsed, 3))
        self.signoffs.append(signed)
        self.changed.emit(self.state)
        if not self.grader.pending() and not self.awaiting:
            self.finish()
        return signed

    def hint(self) -> Step | None:
        """The next step a dealer would take (learn mode only)."""
        if self.mode is not Mode.LEARN:
            raise HintUnavailable("hints are shown in learn mode only")
        if self.awaiting:
            return self.awaiting[0]
        available = self.grader.available()
        return available[0] if available else None

    def finish(self) -> Grade:
        """End the round (also when the trainee stops early: what is left counts as missed)."""
        if self._grade is None:
            self.start()
            self._ended = self._clock()
            self._grade = self.grader.finish(round(self.elapsed, 3), self.time_limit)
            self.finished.emit(self._grade)
        return self._grade
