"""The trainer: a dealt table, settled with mouse or keyboard, each step judged as it happens.

The screen owns no rules: the practice session judges, the table state says what lies on
the felt, and the scene draws it. The screen only turns clicks and keys into actions.
"""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.curriculum.backlog import Backlog
from dealer_trainer.curriculum.mastery_defaults import MASTERY_ACCURACY
from dealer_trainer.curriculum.record_keys import SEED_BITS, recordable_seed
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.grader import Grade, Judgement
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import Spot, WhoseHand
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games import registry
from dealer_trainer.gui.action_panel import ActionPanel
from dealer_trainer.gui.card_text import escape, with_cards
from dealer_trainer.gui.colours import BAD, GOOD, css
from dealer_trainer.gui.feedback_panel import FeedbackPanel
from dealer_trainer.gui.keymap import BY_ACTION, BY_KEY, SIGN_OFF_SHORTCUT, ActionKey
from dealer_trainer.gui.records_guard import (
    ATTEMPT,
    RecordingGate,
    RecordsFailure,
    show_records_failure,
)
from dealer_trainer.gui.round_summary import (
    SCORE_MEANING,
    NextStep,
    SummaryDialog,
    score_text,
)
from dealer_trainer.gui.table_scene import (
    TableScene,
    Target,
    Visibility,
    ordered_targets,
    spot_text,
    target_of,
)
from dealer_trainer.gui.table_view import TableView, side_by_side
from dealer_trainer.layout import shipped_layout
from dealer_trainer.practice.action_fit import fitting, table_actions
from dealer_trainer.practice.chips import describe_chips
from dealer_trainer.practice.rounds import DealtRound, PracticeTable, deal
from dealer_trainer.practice.session import Mode, PracticeSession
from dealer_trainer.practice.summary import summarise
from dealer_trainer.practice.table import TableState
from dealer_trainer.rules.money import format_money
from dealer_trainer.store.errors import DatabaseError
from dealer_trainer.store.sources import RoundSource as Origin

if TYPE_CHECKING:
    from dealer_trainer.curriculum.records import AttemptRecorder
    from dealer_trainer.curriculum.run import Run
    from dealer_trainer.gui.floorperson_dialog import PassCheck
    from dealer_trainer.practice.linked_play import LinkedPlay

FLOORPERSONS = ("J. Alvarez", "M. Chen", "R. Okafor", "S. Kowalski", "D. Russo")
PANEL_WIDTH = 320
NEUTRAL = "#37474f"
LOW_TIME = 30


def _short_decision(event: DealEvent) -> str:
    return event.text.split(" ", 2)[-1] if event.text.startswith("Seat") else event.text


class TrainerScreen(QWidget):
    """One practice table. ``dealt`` fixes the round (tests, scenarios); otherwise rounds are
    dealt at random for ``table``."""

    round_finished = Signal(object)
    source_done = Signal()
    """A lesson (or a "my mistakes" session) has no more rounds."""
    form_needed = Signal(object)
    """The lesson's next item is a Closed Table form, not a round (a ``ClosedTableSituation``)."""
    exam_stopped = Signal()
    """The records database failed mid-exam: the exam stopped unrecorded (its attempt stays in
    progress in the records), and the trainee was told so."""
    reference_wanted = Signal()
    """The trainee asked to read the table's house way (the window shows it)."""

    def __init__(
        self,
        table: PracticeTable | None = None,
        mode: Mode = Mode.PRACTICE,
        style: DeckStyle = DeckStyle.STANDARD,
        parent: QWidget | None = None,
        *,
        deal_interval_ms: int = 140,
        floorperson_arrival_ms: int = 1200,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("trainerScreen")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.table = table
        self.source: Run | None = None
        self.recorder: AttemptRecorder | None = None
        """Records table and scenario practice (a lesson's run records its own rounds)."""
        self.unrecorded = ""
        """Why the round on the table is not recorded although a trainee is chosen."""
        self.gate: RecordingGate | None = None
        """Between the round's session and the records: a database failure stops there."""
        self.records_coming = False
        """The records are still being opened (the ``practice`` command deals before it asks
        who is practising): the round in hand is kept (``backlog``) for ``record_in_hand``."""
        self.backlog: tuple[Backlog, DealtRound, Origin | None] | None = None
        self.stopped = False
        """The exam on the table was stopped because the records failed: nothing more of it
        is dealt, judged or shown."""
        self.mode = mode
        self.deck_style = style
        self.deal_interval_ms = deal_interval_ms
        self.floorperson_arrival_ms = floorperson_arrival_ms
        self.dealt: DealtRound | None = None
        self.session: PracticeSession | None = None
        self.scene: TableScene | None = None
        self.seen = Visibility()
        self.selected: Target | None = None
        self.armed: ActionKey | None = None
        self.table_actions: tuple[Action, ...] = ()
        """The verbs this table can ever use: the panel shows only these."""
        self.last_grade: Grade | None = None
        self.show_summary = True
        self.retrying = False
        self.class_floorperson: PassCheck | None = None
        """Class mode: the instructor is the floorperson, and signs with the instructor
        password this checks; otherwise the floorperson is simulated."""
        """The round on the table is a deal tried again: practice only, never recorded (its
        answers are known by now, so it would flatter the records and the mastery)."""
        self._pending_events: list[DealEvent] = []
        self.pre_deal = False
        self._linked: LinkedPlay | None = None
        self._linked_at: Path | None = None
        self._deal_timer = QTimer(self)
        self._deal_timer.timeout.connect(self._deal_next)
        self._clock = QTimer(self)
        self._clock.setInterval(250)
        self._clock.timeout.connect(self._update_score)
        self._build()

    # --- widgets -----------------------------------------------------------------------------

    def _build(self) -> None:
        self.view = TableView(self)
        self.mode_label = QLabel()
        self.mode_label.setObjectName("modeLabel")
        self.mode_label.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setObjectName("progress")
        self.progress.setFormat("%v of %m steps")
        self.progress.setAccessibleName("Steps settled")
        # The count stands beside the bar, not on it: text drawn across the bar's edge is
        # half in the highlight's colour and half in the groove's, and one half vanishes
        # on some palettes and styles.
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(self.fontMetrics().height())
        self.progress_text = QLabel()
        self.progress_text.setObjectName("progressText")
        self.accuracy = QLabel()
        self.accuracy.setObjectName("accuracy")
        self.elapsed = QLabel()
        self.elapsed.setObjectName("elapsed")
        self.house_way_button = QPushButton("House way (Ctrl+Shift+H)")
        self.house_way_button.setObjectName("houseWay")
        self.house_way_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.house_way_button.setVisible(False)
        self.house_way_button.clicked.connect(self.reference_wanted.emit)
        bar = QHBoxLayout()
        bar.addWidget(self.mode_label, 1)
        bar.addWidget(self.house_way_button)
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.progress_text)
        bar.addWidget(self.accuracy)
        bar.addWidget(self.elapsed)

        self.selection = QLabel("Select a spot")
        self.selection.setObjectName("selection")
        self.selection.setWordWrap(True)
        self.selection.setTextFormat(Qt.TextFormat.RichText)
        self.selection.setAccessibleName("Selected spot")
        self.wager = QComboBox()
        self.wager.setObjectName("wager")
        self.wager.setAccessibleName("Wager settled at this spot")
        self.wager.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.wager.setVisible(False)
        self.wager.currentIndexChanged.connect(lambda _index: self._describe_selection())
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setReadOnly(True)
        self.amount.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.amount.setPlaceholderText("Amount")
        self.amount.setAccessibleName("Amount")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        font = self.amount.font()
        font.setPointSize(font.pointSize() + 5)
        self.amount.setFont(font)
        self.armed_label = QLabel()
        self.armed_label.setObjectName("armed")
        self.armed_label.setWordWrap(True)
        self.armed_label.setVisible(False)

        keypad = QGridLayout()
        keypad.setSpacing(3)
        # A calculator's four rows, not five: on a 720-pixel screen the side panel then
        # leaves room below it for the feedback.
        cells = {
            "7": (0, 0), "8": (0, 1), "9": (0, 2), "⌫": (0, 3),
            "4": (1, 0), "5": (1, 1), "6": (1, 2),
            "1": (2, 0), "2": (2, 1), "3": (2, 2),
            "0": (3, 0), ".": (3, 2),
        }  # fmt: skip
        for digit, (row, column) in cells.items():
            button = QPushButton(digit)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setAccessibleName("Delete digit" if digit == "⌫" else f"Digit {digit}")
            button.clicked.connect(lambda _=False, k=digit: self.type_key(k))
            narrow = button.sizePolicy()
            narrow.setHorizontalPolicy(narrow.Policy.Preferred)
            button.setSizePolicy(narrow)
            button.setMinimumWidth(3 * button.fontMetrics().horizontalAdvance("0"))
            keypad.addWidget(button, row, column, 1, 2 if digit == "0" else 1)
        clear = QPushButton("Clear (Esc)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(self.clear_amount)
        keypad.addWidget(clear, 1, 3)
        enter = QPushButton("Enter ⏎")
        enter.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        tall = enter.sizePolicy()
        tall.setVerticalPolicy(tall.Policy.Expanding)
        enter.setSizePolicy(tall)
        enter.clicked.connect(self.confirm)
        keypad.addWidget(enter, 2, 3, 2, 1)

        self.action_panel = ActionPanel()
        self.action_panel.chosen.connect(self.perform)
        self.action_buttons = self.action_panel.buttons
        self.hint_button = QPushButton("Show next step (?)")
        self.hint_button.setObjectName("hint")
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.show_hint)
        self.skip_button = QPushButton("Skip dealing (Space)")
        self.skip_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.skip_button.clicked.connect(self.skip_dealing)
        self.skip_button.setVisible(False)

        self.feedback_panel = FeedbackPanel()
        self.feedback = self.feedback_panel.label
        self.history = self.feedback_panel.history

        panel = QVBoxLayout()
        panel.addWidget(self.selection)
        panel.addWidget(self.wager)
        panel.addWidget(self.amount)
        panel.addLayout(keypad)
        panel.addWidget(self.armed_label)
        panel.addWidget(self.action_panel)
        helpers = QHBoxLayout()
        helpers.addWidget(self.hint_button)
        helpers.addWidget(self.skip_button)
        panel.addLayout(helpers)
        panel.addStretch(1)
        side = QWidget()
        side.setObjectName("sidePanel")
        side.setLayout(panel)
        # The feedback stands below the panel, outside its scrolling: what the trainer says
        # about the last step is always on screen, however many actions the table has.
        self.splitter = side_by_side(self.view, side, PANEL_WIDTH, self.feedback_panel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)

    # --- rounds ------------------------------------------------------------------------------

    def deal_new_round(self, seed: int | None = None) -> None:
        if self.stopped:
            return
        if self.source is not None:
            self._next_from_source()
            return
        table = self.table
        if table is None:
            raise ValueError("no practice table chosen")
        number = recordable_seed() if seed is None else seed
        linked = self._linked_play(table)
        if linked is None:
            self.load_round(deal(table, number))
        else:
            self.load_round(linked.deal(lambda: deal(table, number), number))

    def _linked_play(self, table: PracticeTable) -> LinkedPlay | None:
        """The meters ``table`` shares with other linked tables, kept from round to round
        while the trainee stays at that table."""
        if self._linked_at != table.path:
            from dealer_trainer.practice.linked_play import LinkedPlay

            self._linked_at = table.path
            self._linked = LinkedPlay.at(table.path)
        return self._linked

    def play(self, source: Run) -> None:
        """Rounds from a lesson, an exam or adaptive practice instead of a table; each round
        is recorded by ``source`` as it is settled."""
        self.source = source
        self.table = None
        self.mode = source.mode
        self._next_from_source()

    @property
    def exam(self) -> bool:
        return self.mode is Mode.EXAM

    def _next_from_source(self) -> None:
        source = self.source
        if source is None:
            return
        from dealer_trainer.forms.closed_table import ClosedTableSituation

        dealt = source.next_item()
        if isinstance(dealt, ClosedTableSituation):
            self._deal_timer.stop()
            self.form_needed.emit(dealt)
            return
        if dealt is None:
            self._deal_timer.stop()
            self._set_feedback(f"<b>{source.title}: no more rounds.</b><br>{source.status()}", GOOD)
            self.source_done.emit()
            return
        self.load_round(dealt)

    def load_round(
        self,
        dealt: DealtRound,
        animate: bool = True,
        origin: Origin | None = None,
        *,
        retry: bool = False,
    ) -> None:
        """Deal ``dealt``; ``origin`` says how to deal it again, for the records (a table's
        round is found from the table and the round's seed). ``retry``: the same deal again,
        not recorded."""
        self._deal_timer.stop()
        self.retrying = retry
        session = PracticeSession(
            dealt.setup,
            dealt.procedure,
            self.mode,
            dealt.not_called_for,
            hand_matcher=dealt.hand_matcher,
            time_limit=self.source.time_limit if self.source is not None else None,
        )
        self.session = session
        self.unrecorded = ""
        self.stopped = False
        self._record(session, dealt, origin)
        if self.stopped:
            return  # an exam whose round could not even be recorded is not dealt
        self.dealt = dealt
        session.judged.connect(self._on_judged)
        session.changed.connect(self._on_changed)
        session.signoff_needed.connect(self._on_signoff_needed)
        session.finished.connect(self._on_finished)
        layout = shipped_layout(registry.game(dealt.setup.game).layout_key)
        self.scene = TableScene(layout, dealt.setup, dealt.spots, self.deck_style)
        self.scene.target_clicked.connect(self.select)
        self.scene.chip_clicked.connect(self.add_chip)
        self.view.setScene(self.scene)
        self.feedback_panel.clear_history()
        self.feedback.setText("")
        self.last_grade = None
        self.clear_amount()
        self.hint_button.setVisible(self.mode is Mode.LEARN)
        self.house_way_button.setVisible(bool(dealt.reference) and not self.exam)
        self.progress.setVisible(not self.exam)
        self.progress_text.setVisible(not self.exam)
        self.accuracy.setVisible(not self.exam)
        self.table_actions = table_actions(dealt.actions, dealt.setup)
        self.action_panel.offer(self.table_actions)
        self.action_panel.set_phase(False)
        where = dealt.setup.table_name
        if self.source is not None:
            count = f" {self.source.played + 1}/{self.source.total}" if self.source.total else ""
            where = f"{self.source.title} · round{count}"
        self.mode_label.setText(f"<b>{self.mode.value.title()}</b> · {where}")
        self.selected = None
        self._pending_events = list(dealt.sequence)
        self.pre_deal = False
        self.seen = Visibility()
        if animate and self.deal_interval_ms > 0:
            self._offer_skip(True)
            self._set_feedback("Dealing…", "")
            self._redraw()
            self._deal_timer.start(self.deal_interval_ms)
        else:
            self.skip_dealing()
        self._update_score()
        self.setFocus()

    def _record(self, session: PracticeSession, dealt: DealtRound, origin: Origin | None) -> None:
        """Subscribe the records first, so every step is committed before it is shown. They
        listen through a ``RecordingGate``: when the database fails, the failure is reported
        (``_records_failed``) instead of breaking the table."""
        self.gate = None
        self.backlog = None
        if self.retrying:
            if self.source is not None or self.recorder is not None:
                self.unrecorded = "a deal tried again is practice only"
            return
        source = self.source
        if source is not None:
            if source.recorder is None:
                source.watch(session)  # nobody's records: nothing to guard
                return
            self.gate = RecordingGate(self._records_failed)
            self.gate.watch(lambda guard: source.watch(session, guard))
            return
        recorder = self.recorder
        if recorder is None:
            if self.records_coming and self.source is None:
                self.backlog = (Backlog(session), dealt, origin)
            return
        self._watch(recorder, session, dealt, origin, None)

    def _watch(
        self,
        recorder: AttemptRecorder,
        session: PracticeSession,
        dealt: DealtRound,
        origin: Origin | None,
        backlog: Backlog | None,
    ) -> None:
        seed = dealt.setup.seed
        if origin is None and self.table is not None and seed is not None:
            if seed >> SEED_BITS:
                # A seed given on the command line may be larger than the records hold.
                self.unrecorded = f"seed {seed} is too large to record; the next rounds are"
                return
            origin = Origin.deal(
                self.table.path, self.table.game, seed, linked_meters=dealt.linked_meters
            )
        if origin is None:
            return
        known = origin
        self.gate = RecordingGate(self._records_failed)
        if backlog is None:
            self.gate.watch(lambda guard: recorder.watch(session, known, guard))
        else:
            self.gate.watch(
                lambda guard: backlog.hand_to(recorder.listeners(session, known, guard)[1])
            )

    def record_in_hand(self) -> None:
        """The records are open and ``recorder`` chosen: record the round on the table from
        its deal, what was already played first (``records_coming``)."""
        self.records_coming = False
        kept, self.backlog = self.backlog, None
        recorder = self.recorder
        if kept is None or recorder is None or self.session is not kept[0].session:
            return
        backlog, dealt, origin = kept
        self._watch(recorder, backlog.session, dealt, origin, backlog)

    def _records_failed(self, what: str, error: DatabaseError) -> None:
        """The records database failed while recording ``what`` (``records_guard.STEP``,
        ...). Practice goes on, unrecorded until the next round; an exam cannot go on
        unrecorded, so it stops at once. Either way the trainee is told, right after the
        step in hand has been shown."""
        exam = self.exam and self.source is not None
        failure = RecordsFailure.of(what, error, exam)
        self.unrecorded = "the records database failed"
        if exam:
            self._stop_exam()
        QTimer.singleShot(0, lambda: self._report_records_failure(failure))

    def _stop_exam(self) -> None:
        """Stop the exam where it is: no more dealing, judging or clock. The run is let go
        without being submitted or abandoned (either would need the database, and the exam
        policy decides later), so its attempt stays in progress in the records."""
        self.stopped = True
        self._deal_timer.stop()
        self._clock.stop()
        self._pending_events = []
        self.pre_deal = False
        self.source = None
        self.recorder = None
        self.session = None
        self.clear_amount()
        self._offer_skip(False)
        self.mode_label.setText("<b>Exam stopped</b> · the records database failed")

    def halt(self) -> None:
        """The exam was abandoned as the window closed: its clock must not go on and end a
        round of an attempt that is already final."""
        self.stopped = True
        self._deal_timer.stop()
        self._clock.stop()

    def _report_records_failure(self, failure: RecordsFailure) -> None:
        note = f"<p><b>{failure.headline}</b> {failure.database}: {failure.error}</p>"
        if failure.exam:
            self._set_feedback(note + "<p>Call the examiner.</p>", BAD)
        else:
            self.feedback.setText(self.feedback.text() + note)
        show_records_failure(failure, self)
        if failure.exam:
            self.exam_stopped.emit()

    @property
    def dealing(self) -> bool:
        return self._deal_timer.isActive() or bool(self._pending_events)

    def _pre_deal_pending(self) -> bool:
        session = self.session
        return session is not None and any(is_pre_deal(s) for s in session.grader.pending())

    def _deal_next(self) -> None:
        if self._pending_events:
            event = self._pending_events.pop(0)
            self._apply_event(event)
            self._redraw()
            if event.kind is DealEventKind.NO_MORE_BETS and self._pre_deal_pending():
                self._start_pre_deal()
                return
        if not self._pending_events:
            self._dealing_done()

    def _start_pre_deal(self) -> None:
        """The deal waits while the trainee takes the steps due before the first card."""
        self._deal_timer.stop()
        self.pre_deal = True
        self.action_panel.set_phase(True)
        assert self.session is not None
        self.session.start()
        self._clock.start()
        table = next((t for t in self.targets() if t.key == "table"), None)
        self.select(table)
        cited = next((s.citation for s in self.session.grader.pending() if is_pre_deal(s)), "")
        # What this table does before the deal, whatever the round (a Five Card Hand Bonus
        # placed electronically leaves no chips to count).
        pre = self.dealt.setup.pre_deal if self.dealt is not None else frozenset()
        steps = ['announce "no more bets"']
        if Action.LOCK_OUT_WAGERS in pre:
            steps.append("lock out the table system")
        if Action.VERIFY_CHIP_COUNT in pre:
            steps.append("collect, count and drop the progressive chips")
        if Action.PLACE_LAMMER in pre:
            steps.append("place each Envy lammer due")
        said = steps[0] if len(steps) == 1 else ", ".join(steps[:-1]) + " and " + steps[-1]
        self._set_feedback(
            f"Before the deal: {said} ({cited}). The cards follow."
            + (self._link_news(self.dealt) if self.dealt is not None else ""),
            "#1565c0",
        )

    def _apply_event(self, event: DealEvent) -> None:
        seen = self.seen
        match event.kind:
            case DealEventKind.PLACE_WAGERS:
                seen.wagers.add(event.seat)
            case DealEventKind.DEAL_CARD:
                if event.seat == DEALER and event.face_up:
                    seen.dealer_up_cards.add(seen.dealt.get(DEALER, 0))
                seen.dealt[event.seat] = seen.dealt.get(event.seat, 0) + 1
            case DealEventKind.DECISION:
                seen.decisions[event.seat] = _short_decision(event)
                if event.wager is not None:
                    seen.made.add((event.seat, event.wager))
                elif not any(word in event.text for word in ("fold", "check")):
                    seen.plays.add(event.seat)
            case DealEventKind.FLOP:
                seen.board = 3
            case DealEventKind.TURN_RIVER:
                seen.board = min(5, max(seen.board, 3) + len(event.cards))
            case DealEventKind.DEALER_REVEAL:
                seen.dealer_up = True
            case DealEventKind.SURRENDER:
                seen.decisions[event.seat] = "surrenders"
            case _:
                pass
        self._set_feedback(with_cards(event.text, self.deck_style), "")

    def skip_dealing(self) -> None:
        """Space: show the rest of the deal at once (stopping for the pre-deal steps)."""
        while self._pending_events:
            event = self._pending_events.pop(0)
            self._apply_event(event)
            if event.kind is DealEventKind.NO_MORE_BETS and self._pre_deal_pending():
                self._redraw()
                self._start_pre_deal()
                return
        self._dealing_done()

    def _dealing_done(self) -> None:
        self._deal_timer.stop()
        if self.dealt is None or self.session is None:
            return
        self._offer_skip(False)
        self.seen = Visibility.everything(self.dealt.setup)
        self._redraw()
        self.session.start()
        self._clock.start()
        targets = self.targets()
        first = next((t for t in targets if t.key == "ante"), targets[0] if targets else None)
        self.select(first)
        note = f"<br><i>Not recorded: {self.unrecorded}.</i>" if self.unrecorded else ""
        self._set_feedback(
            f"The dealer's hand is revealed. Settle the table: select a spot, then act.{note}"
            + self._link_news(self.dealt),
            "",
        )
        self._update_score()

    @staticmethod
    def _link_news(dealt: DealtRound) -> str:
        """What happened on the table's linked meters since the last round, for the trainee."""
        if not dealt.links:
            return ""
        meters = ", ".join(f"{use.link} {format_money(use.shown)}" for use in dealt.links)
        lines = "".join(f"<br>{escape(line)}" for line in dealt.link_news)
        return f"<p><b>Linked meter {escape(meters)}</b>{lines}</p>"

    # --- selection -----------------------------------------------------------------------------

    def targets(self) -> list[Target]:
        return ordered_targets(self.scene) if self.scene is not None else []

    def _groups(self) -> list[list[Target]]:
        """Targets by seat, left to right as the dealer sees them, the dealer's last."""
        by_seat: dict[int, list[Target]] = {}
        for target in self.targets():
            by_seat.setdefault(target.seat, []).append(target)
        order = sorted(s for s in by_seat if s != DEALER) + ([DEALER] if DEALER in by_seat else [])
        return [by_seat[s] for s in order]

    def select(self, target: Target | None) -> None:
        self.selected = target
        if self.scene is not None:
            self.scene.select(target)
        self.wager.clear()
        if target is None:
            self.selection.setText("Select a spot")
            self.wager.setVisible(False)
            return
        for spot in target.spots:
            self.wager.addItem(spot_text(spot))
        self.wager.setVisible(len(target.spots) > 1)
        self._describe_selection()

    def chosen_spot(self) -> Spot | None:
        """The selected target's spot the wager list has chosen (its first by default)."""
        target = self.selected
        if target is None:
            return None
        return target.spots[max(0, self.wager.currentIndex())]

    def _describe_selection(self) -> None:
        target = self.selected
        spot = self.chosen_spot()
        if target is None or spot is None or self.session is None:
            return
        if self.dealt is not None:
            self.action_panel.emphasise(fitting(spot, self.dealt.setup, self.table_actions))
        if self.scene is not None:
            self.scene.show_sign_for(spot.kind)
        state = self.session.state
        lines = [f"<b>{target.party} · {spot_text(spot)}</b>"]
        here = spot.at(target.seat) if spot.whose is not WhoseHand.SEAT else None
        stake = state.stakes.get(here) if here is not None else None
        if stake is not None:
            lines.append(describe_chips(stake))
        placed = state.electronic.get(here) if here is not None else None
        if placed is not None:
            lines.append(f"{format_money(placed)} wagered")
        paid = state.payouts.get(here) if here is not None else None
        if paid is not None:
            lines.append(f"Paid {format_money(paid)}")
        meter = state.meters.get(spot.kind)
        if meter is not None:
            lines.append(f"Meter {format_money(meter)}")
        text = "<br>".join(lines)
        self.selection.setText(text)
        self.selection.setAccessibleDescription(text.replace("<br>", ". "))

    def move_seat(self, step: int) -> None:
        groups = self._groups()
        if not groups:
            return
        index = next(
            (i for i, g in enumerate(groups) if self.selected in g),
            -1 if step > 0 else 0,
        )
        group = groups[(index + step) % len(groups)]
        same_key = next((t for t in group if self.selected and t.key == self.selected.key), None)
        self.select(same_key or group[0])

    def move_spot(self, step: int) -> None:
        for group in self._groups():
            if self.selected in group:
                index = group.index(self.selected)
                self.select(group[(index + step) % len(group)])
                return
        self.move_seat(1)

    def next_wager(self) -> None:
        if self.wager.count() > 1:
            self.wager.setCurrentIndex((self.wager.currentIndex() + 1) % self.wager.count())

    # --- amount ------------------------------------------------------------------------------

    def type_key(self, key: str) -> None:
        text = self.amount.text()
        if key == "⌫":
            text = text[:-1]
        elif "." in text and (key == "." or len(text.split(".")[1]) >= 2):
            return
        else:
            text += key
        self.amount.setText(text)

    def add_chip(self, denomination: int) -> None:
        current = self.amount_value() or Decimal(0)
        self.amount.setText(f"{current + denomination:f}".rstrip("0").rstrip(".") or "0")

    def clear_amount(self) -> None:
        self.amount.clear()
        self.armed = None
        self._say_armed("")

    def _say_armed(self, text: str) -> None:
        """The action waiting for its amount; the line takes no room when none waits."""
        self.armed_label.setText(text)
        self.armed_label.setVisible(bool(text))

    def _offer_skip(self, dealing: bool) -> None:
        """Skipping the deal is offered only while there is a deal to skip."""
        self.skip_button.setEnabled(dealing)
        self.skip_button.setVisible(dealing)

    def amount_value(self) -> Decimal | None:
        text = self.amount.text().strip()
        if not text:
            return None
        try:
            return Decimal(text).quantize(Decimal("0.01"))
        except InvalidOperation:
            return None

    # --- acting ------------------------------------------------------------------------------

    def perform(self, key: ActionKey) -> Judgement | None:
        """Do ``key``'s action on the selected spot; an amount comes from the amount box."""
        session = self.session
        if session is None or session.is_over:
            self._set_feedback("Deal a round first (Ctrl+N).", BAD)
            return None
        if self.dealing and not self.pre_deal:
            self._set_feedback("Wait until the round is dealt (Space skips the dealing).", BAD)
            return None
        if self.dealt is not None and key.action not in self.table_actions:
            self._set_feedback(f"{key.title} is never a step at this table.", BAD)
            return None
        if self.exam and session.awaiting:
            self._set_feedback(
                "The floorperson has not signed yet: wait for the signature "
                f"({SIGN_OFF_SHORTCUT}).",
                NEUTRAL,
            )
            return None
        target, chosen = self.selected, self.chosen_spot()
        if target is None or chosen is None:
            self._set_feedback("Select a spot, a hand or a meter first.", BAD)
            return None
        holder: int | None = None
        if chosen.whose is WhoseHand.SEAT:
            holder = self.ask_seat(f"{target.party}: {chosen.kind} for whose qualifying hand?")
            if holder is None:
                return None
        spot = chosen.at(target.seat, holder)
        amount: Decimal | None = None
        if key.needs_amount:
            amount = self.amount_value()
            if amount is None:
                self.armed = key
                self._say_armed(
                    f"<b>{key.title}</b> {target.party} {spot.label}: type the amount, then Enter."
                )
                return None
        elif key.action.settles_wager:
            amount = session.state.stakes.get(spot)
        hand: str | None = None
        if key.names_hand:
            hand = self.ask_hand(f"{key.title}: {target.party} {spot.label}")
            if hand is None:
                return None
        if key.sets_split:
            split = self.dealt is not None and self.dealt.split_hands
            hand = self.ask_split(target) if split else self.ask_hand(f"{key.title}: {spot.label}")
            if hand is None:
                return None
        self.clear_amount()
        if session.is_over or session is not self.session:
            return None  # the round ended (an exam's time ran out) while a dialog was open
        return session.act(spot, key.action, amount, hand)

    def confirm(self) -> None:
        if self.armed is not None:
            key = self.armed
            if self.amount_value() is None:
                self._say_armed(f"<b>{key.title}</b>: type the amount first.")
                return
            self.perform(key)

    def ask_hand(self, title: str) -> str | None:
        from dealer_trainer.gui.dialogs import HandDialog

        names = self.dealt.hand_names if self.dealt is not None else ()
        dialog = HandDialog(title, self, names) if names else HandDialog(title, self)
        return dialog.hand if dialog.exec() == QDialog.DialogCode.Accepted else None

    def ask_split(self, target: Target) -> str | None:
        """The trainee sets seven cards by moving them between the high and the low hand."""
        if self.dealt is None:
            return None
        from dealer_trainer.gui.set_hand_dialog import SetHandDialog

        setup = self.dealt.setup
        cards = setup.dealer_cards if target.seat == DEALER else setup.seat(target.seat).cards
        dialog = SetHandDialog(
            cards, f"Set the {target.party.lower()}'s hand", self.deck_style, self
        )
        return dialog.split.notation() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def ask_seat(self, title: str) -> int | None:
        seats = [s.seat for s in self.dealt.setup.seats] if self.dealt else [1]
        number, ok = QInputDialog.getInt(self, "Envy Bonus", title, seats[0], 1, 7)
        return number if ok else None

    def show_hint(self) -> Step | None:
        if self.session is None or self.mode is not Mode.LEARN:
            return None
        step = self.session.hint()
        if step is None:
            return None
        self._set_feedback(
            f"<b>Next:</b> {with_cards(step.describe(), self.deck_style)}<br>"
            f"{with_cards(step.explanation, self.deck_style)}",
            "#1565c0",
        )
        target = target_of(self.targets(), step.spot)
        if target is not None:
            self.select(target)
            self.wager.setCurrentIndex(target.spots.index(step.spot.spot))
        return step

    def sign_off_waiting(self) -> None:
        if self.session is not None and self.session.awaiting:
            self._open_floorperson(self.session.awaiting[0])

    def finish_round(self) -> bool:
        """End the round now, after asking: whatever is not done counts as missed."""
        session = self.session
        if session is None or session.is_over:
            return False
        left = len(session.grader.pending()) + len(session.awaiting)
        if left:
            answer = QMessageBox.question(
                self,
                "End the round early?",
                f"{left} step{'s are' if left != 1 else ' is'} not done yet. Ending the round "
                "now grades it as it stands: what is not done counts as missed.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes or session is not self.session:
                return False
        if not session.is_over:
            session.finish()
        return True

    # --- session events ------------------------------------------------------------------------

    def _on_judged(self, judgement: Judgement) -> None:
        if self.stopped:
            return
        if self.exam:
            # Nothing is said until the end: the step is recorded, right or wrong.
            self.feedback_panel.recorded(judgement, NEUTRAL)
            return
        self.feedback_panel.deck_style = self.deck_style
        self.feedback_panel.judged(judgement)
        self._update_score()

    def _on_changed(self, _state: TableState) -> None:
        self._redraw()
        self._describe_selection()
        if self.pre_deal and not self._pre_deal_pending():
            self.pre_deal = False
            self.action_panel.set_phase(False)
            self.feedback.setText(
                self.feedback.text() + "<p><i>The pre-deal steps are done: the cards are dealt.</i>"
            )
            self._deal_timer.start(max(1, self.deal_interval_ms))

    def _on_signoff_needed(self, step: Step) -> None:
        QTimer.singleShot(0, lambda: self._open_floorperson(step))

    def _open_floorperson(self, step: Step) -> None:
        session, dealt = self.session, self.dealt
        if session is None or dealt is None or step not in session.awaiting:
            return
        from dealer_trainer.gui.floorperson_dialog import FloorCall, FloorpersonDialog

        seed = dealt.setup.seed or 0
        name = random.Random(seed).choice(FLOORPERSONS)
        call = FloorCall.of(step, session, dealt.setup, self.exam)
        dialog = FloorpersonDialog(
            call,
            name,
            self.floorperson_arrival_ms,
            self,
            announced=self.amount_value(),
            instructor=self.class_floorperson,
            style=self.deck_style,
        )
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        if self.session is None or self.session.is_over or step not in self.session.awaiting:
            return  # the round ended (an exam's time ran out) while the floorperson came
        if accepted and dialog.signature:
            signed = self.session.sign_off(step.id, dialog.signature)
            if self.exam:
                self._set_feedback(f"Signed by {escape(signed.floorperson)}.", NEUTRAL)
                return
            self._set_feedback(
                f"<b>Signed by {escape(signed.floorperson)}.</b> {escape(call.title)} is "
                "verified; carry on with the payment.",
                GOOD,
            )
        else:
            self._set_feedback(
                "The floorperson has not signed yet: wait, and pay nothing that depends on the "
                f"verification ({SIGN_OFF_SHORTCUT} brings the floorperson back).",
                BAD,
            )

    def _on_finished(self, grade: Grade) -> None:
        if self.stopped:
            return
        self.last_grade = grade
        self._clock.stop()
        if not self._source_records(grade):
            return
        if self._linked is not None and self.source is None and self.dealt is not None:
            self._linked.settled(self.dealt)
        self._update_score()
        self.round_finished.emit(grade)
        if self.exam:
            # No summary until the exam is over: the next round comes straight away.
            QTimer.singleShot(0, self.deal_new_round)
        elif self.show_summary:
            QTimer.singleShot(0, self.show_round_summary)

    def _source_records(self, grade: Grade) -> bool:
        """The lesson or "my mistakes" counts the round ("my mistakes" submits its attempt
        here); ``False`` when that failed on the database and stopped an exam."""
        if self.source is None or self.retrying:
            return True
        try:
            self.source.record(grade)
        except DatabaseError as error:
            self._records_failed(ATTEMPT, error)
        return not self.stopped

    def show_round_summary(self) -> None:
        if self.session is None or self.last_grade is None:
            return
        dialog = SummaryDialog(
            self.last_grade,
            summarise(self.session.grader, self.last_grade),
            self.pass_mark,
            self,
            self.deck_style,
            can_retry=self.dealt is not None and not self.exam,
        )
        dialog.exec()
        if dialog.choice is NextStep.RETRY:
            self.retry_deal()
        elif dialog.choice is NextStep.NEXT_ROUND and (
            self.table is not None or self.source is not None
        ):
            self.deal_new_round()

    def retry_deal(self) -> None:
        """The same cards again, settled from the start; not recorded (``retrying``)."""
        dealt = self.dealt
        if dealt is None or self.exam or self.stopped:
            return
        self.load_round(dealt, animate=False, retry=True)
        self.mode_label.setText(self.mode_label.text() + " · <i>retry, not recorded</i>")

    @property
    def pass_mark(self) -> Decimal:
        """The mark the score is read against: an exam's pass mark, a lesson's mastery mark,
        or the course's default mastery mark at a practice table."""
        lesson = getattr(self.source, "lesson", None)
        if lesson is not None and self.exam and lesson.pass_mark is not None:
            return Decimal(str(lesson.pass_mark))
        if lesson is not None:
            return Decimal(str(lesson.mastery.accuracy))
        return Decimal(str(MASTERY_ACCURACY))

    # --- drawing -------------------------------------------------------------------------------

    def _redraw(self) -> None:
        if self.scene is not None and self.session is not None:
            gate = self.dealt.board_face_down_until if self.dealt is not None else frozenset()
            self.seen.board_face_down = bool(gate) and not gate <= self.session.grader.done.keys()
            self.scene.show_state(self.session.state, self.seen)

    def _set_feedback(self, html: str, colour: str) -> None:
        self.feedback_panel.say(html, colour)

    def _update_score(self) -> None:
        session = self.session
        if session is None:
            return
        done, total = session.progress
        # Qt repaints a bar whose value moves a chunk at once, window flush and all (~5 ms a
        # step offscreen); with updates held it is painted with the rest of the screen.
        self.progress.setUpdatesEnabled(False)
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)
        self.progress.setUpdatesEnabled(True)
        self.progress_text.setText(f"{done} of {total} steps")
        self.progress.setAccessibleDescription(self.progress_text.text())
        self.accuracy.setText(score_text(session.score, self.pass_mark))
        self.accuracy.setToolTip(SCORE_MEANING)
        limit = session.time_limit
        if self.exam and limit is not None:
            self._count_down(session, limit)
            return
        minutes, seconds = divmod(int(session.elapsed), 60)
        self.elapsed.setText(f"Time {minutes}:{seconds:02d}")

    def _count_down(self, session: PracticeSession, limit: float) -> None:
        """An exam round runs against its limit; at zero the round ends, and what is not
        done counts as missed."""
        left = max(0.0, limit - session.elapsed)
        minutes, seconds = divmod(int(left + 0.999), 60)
        colour = BAD if left <= LOW_TIME else NEUTRAL
        self.elapsed.setText(
            f'<span style="color:{css(colour)}"><b>Time left {minutes}:{seconds:02d}</b></span>'
        )
        if left <= 0 and not session.is_over and self._clock.isActive():
            self._set_feedback("<b>Time is up:</b> the round is recorded as it stands.", BAD)
            session.finish()

    # --- keyboard ------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        text = event.text()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        shift = modifiers == Qt.KeyboardModifier.ShiftModifier
        if modifiers not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            super().keyPressEvent(event)
            return
        letter = chr(key) if Qt.Key.Key_A.value <= key <= Qt.Key.Key_Z.value else ""
        if key == Qt.Key.Key_Right:
            self.move_seat(1)
        elif key == Qt.Key.Key_Left:
            self.move_seat(-1)
        elif key == Qt.Key.Key_Down:
            self.move_spot(1)
        elif key == Qt.Key.Key_Up:
            self.move_spot(-1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
        elif key == Qt.Key.Key_Escape:
            self.clear_amount()
        elif key == Qt.Key.Key_Backspace:
            self.type_key("⌫")
        elif key == Qt.Key.Key_Space:
            if self.dealing and not self.pre_deal:
                self.skip_dealing()
        elif text == "?":
            self.show_hint()
        elif text and (text.isdigit() or text == "."):
            self.type_key(text)
        elif letter == "W" and not shift:
            self.next_wager()
        elif letter == "S" and not shift:
            if self.scene is not None:
                self.scene.next_sign()
        elif (letter, shift) in BY_KEY:
            self.perform(BY_KEY[(letter, shift)])
        else:
            super().keyPressEvent(event)

    def show_help(self) -> None:
        from dealer_trainer.gui.key_help import HelpDialog

        HelpDialog(self).exec()


__all__ = ["BY_ACTION", "TrainerScreen"]
