"""A practice session: one dealt round, settled step by step, judged as it happens.

Learn, practice and exam share one grader (and so one notion of correct); they differ only in
what the trainee may see: learn mode shows the next expected step on request. In learn and
practice a wrong step is refused and explained, and stays to be done right; it is scored by its
first verdict.

An exam says nothing until the end, so nothing may be refused either (a refusal is feedback):
each action is judged exactly as ``grader.grade_log`` judges a log (no retry: a wrong action
uses up its step, which then counts as done wrong), and the felt shows what the trainee did
rather than what was right. The exam's grade is therefore the grade of its action log, which
is how a stored exam round is replayed. The one session-level rule, waiting for the
floorperson's signature, is kept by the screen instead: in an exam every floorperson call,
needed or not, brings the floorperson, and nothing is taken until they have signed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from decimal import ROUND_HALF_UP, Decimal

from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.grader import (
    Grade,
    Grader,
    Judgement,
    TraineeAction,
    Verdict,
    percent,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.events import Event
from dealer_trainer.practice.table import TableState
from dealer_trainer.vocabulary import Vocabulary


class Mode(Vocabulary, noun="a practice mode"):
    LEARN = "learn"
    PRACTICE = "practice"
    EXAM = "exam"

    @property
    def explains(self) -> bool:
        """Whether each verdict is shown (and a wrong step refused) as it happens."""
        return self is not Mode.EXAM


class SignOff(Struct, frozen=True):
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
            procedure, dict(not_called_for or {}), retry=mode.explains, hand_matcher=hand_matcher
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
        self.signed_off: Event[SignOff] = Event()
        self.finished: Event[Grade] = Event()
        self._calls = 0

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
    def score(self) -> Decimal:
        """The round's score as its ``Grade`` computes it (the mean of payout accuracy and
        procedure compliance), over the steps taken so far; once the round is over, the
        grade's own score. The screen's score and the round's summary are the same figure."""
        if self._grade is not None:
            return self._grade.score
        grader = self.grader
        taken = [s for s in grader.procedure if s.id in grader.scored]
        money = [s for s in taken if s.action.moves_money]
        money_right = sum(
            1 for s in money if grader.scored[s.id] in (Verdict.CORRECT, Verdict.OUT_OF_ORDER)
        )
        extras = sum(1 for j in grader.judgements if j.verdict is Verdict.NOT_CALLED_FOR)
        correct = sum(1 for v in grader.scored.values() if v is Verdict.CORRECT)
        payout = percent(money_right, len(money))
        procedure = percent(correct, len(taken) + extras)
        return ((payout + procedure) / 2).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)

    @property
    def is_over(self) -> bool:
        return self._ended is not None

    def act(
        self,
        spot: SpotId,
        action: Action,
        amount: Decimal | None = None,
        hand: str | None = None,
    ) -> Judgement:
        if self.is_over:
            raise RuntimeError("the round is over; deal a new one")
        self.start()
        taken = TraineeAction(spot, action, amount, round(self.elapsed, 3), hand)
        self.log.append(taken)
        if self.mode is Mode.EXAM:
            judgement = self.grader.judge(taken)
            self._show_as_done(judgement)
        else:
            blocked = self._blocked_by_floorperson(taken)
            judgement = self.grader.judge(taken) if blocked is None else self.grader.record(blocked)
            if judgement.ok and judgement.step_id is not None:
                step = self.procedure.by_id[judgement.step_id]
                self.state.apply(step, hand)
                if step.action is Action.CALL_FLOORPERSON:
                    self.awaiting.append(step)
                    self.signoff_needed.emit(step)
        self.judged.emit(judgement)
        if judgement.ok or self.mode is Mode.EXAM:
            self.changed.emit(self.state)
        if not self.grader.pending() and not self.awaiting:
            self.finish()
        return judgement

    def _show_as_done(self, judgement: Judgement) -> None:
        """Exam mode: the felt shows the action as the trainee took it, right or wrong, and
        every floorperson call brings the floorperson (who signs whatever was called)."""
        action = judgement.action
        step = self.procedure.by_id.get(judgement.step_id or "")
        if step is None:
            self._calls += 1
            step = Step(f"taken-{self._calls}", action.spot, action.action, None, (), "", "")
        as_taken = replace(step, action=action.action, amount=action.amount)
        with suppress(KeyError):  # an action at a seat not in play changes nothing on the felt
            self.state.apply(as_taken, action.hand)
        if action.action is Action.CALL_FLOORPERSON:
            self.awaiting.append(as_taken)
            self.signoff_needed.emit(as_taken)

    def _blocked_by_floorperson(self, action: TraineeAction) -> Judgement | None:
        """A step after a floorperson call waits until the floorperson has signed."""
        key = (action.spot, action.action)
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
                        call.citation,
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
        self.signed_off.emit(signed)
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
