"""The felt of a replayed round, as it stood after any recorded step.

The round is dealt again (``store.replay``) and the recorded steps are played into a practice
session up to the one shown: in the mode the round was graded in, so a round graded at the end
(an exam) shows each action as the trainee took it, right or wrong, and a practice round shows
what the trainer let onto the felt. Going forward plays on from where it is; going back deals
again, which takes a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from PySide6.QtWidgets import QWidget

from dealer_trainer.games import registry
from dealer_trainer.gui.table_scene import TableScene, Visibility
from dealer_trainer.gui.table_view import TableView
from dealer_trainer.layout import shipped_layout
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.store.records import StepEntry


class _StepClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ReplayTable(TableView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("The table as it stood after the selected step")
        self.setMinimumSize(360, 220)
        self._dealt: DealtRound | None = None
        self._steps: Sequence[StepEntry] = ()
        self._mode = Mode.PRACTICE
        self._session: PracticeSession | None = None
        self._clock = _StepClock()
        self._played = 0
        self.table: TableScene | None = None

    def show_round(
        self, dealt: DealtRound, steps: Sequence[StepEntry], graded_by_log: bool
    ) -> None:
        self._dealt = dealt
        self._steps = tuple(steps)
        self._mode = Mode.EXAM if graded_by_log else Mode.PRACTICE
        layout = shipped_layout(registry.game(dealt.setup.game).layout_key)
        self.table = TableScene(layout, dealt.setup, dealt.spots)
        self.setScene(self.table)
        self._restart()
        self._draw()

    def _restart(self) -> None:
        assert self._dealt is not None
        dealt = self._dealt
        self._clock = _StepClock()
        self._session = PracticeSession(
            dealt.setup,
            dealt.procedure,
            self._mode,
            not_called_for=dealt.not_called_for,
            clock=self._clock,
            hand_matcher=dealt.hand_matcher,
        )
        self._session.start()
        self._played = 0

    def show_after(self, count: int) -> None:
        """The felt after the first ``count`` recorded steps of the round."""
        if self._dealt is None:
            return
        count = max(0, min(count, len(self._steps)))
        if count < self._played:
            self._restart()
        session = self._session
        assert session is not None
        for entry in self._steps[self._played : count]:
            self._clock.now = entry.at
            if session.is_over:
                break
            with suppress(ValueError, RuntimeError):  # a record the engine refuses shows as is
                if entry.kind == "signoff":
                    session.sign_off(entry.step_id or "", entry.floorperson or "floorperson")
                else:
                    action = entry.trainee_action(self._dealt.spots)
                    session.act(action.spot, action.action, action.amount, action.hand)
        self._played = count
        self._draw()

    def _draw(self) -> None:
        if self.table is None or self._session is None or self._dealt is None:
            return
        seen = Visibility.everything(self._dealt.setup)
        gate = self._dealt.board_face_down_until
        seen.board_face_down = bool(gate) and not gate <= self._session.grader.done.keys()
        self.table.show_state(self._session.state, seen)
