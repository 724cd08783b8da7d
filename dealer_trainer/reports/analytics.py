"""A trainee's progress as an instructor reads it, worked out from the stored attempts.

Every finished round is looked at step by step. The round's procedure is not stored (answers
are computed, never stored), so it is dealt again from the round's stored source, exactly as a
replay does, and each step of it is matched with the stored verdicts by step id:

- the **kind** of a step comes from its action (``ACTION_KINDS``: a payout, a verification, a
  floorperson call, a game-account credit, ...), plus **order** for every step the regulation
  orders after another (the curriculum's ``settlement order`` skill);
- the **wager type** is the kind of spot a money step settles (``Trips``, ``Pair Plus``; an Envy
  Bonus paid on seat 3's hand is an ``Envy Bonus``), with the verifications and calls made on
  it; an action nothing called for has its stored spot read back through the game's catalog;
- the **skills** are the curriculum's (``skills.judged_skills``), so the weakest skills are
  named in the words the lessons use.

A step is scored by its first verdict, as the grader scores it: a refused step put right later
still counts as a mistake. For a kind or a wager type the step is right when its action and
amount were (a step done too early was right in itself: its order is counted under *order*);
for *order*, when it came in an allowed order (a wrong amount says nothing about the order and
is left out, as the skills leave it out). An action nothing called for counts as a mistake of
its action's kind. **Speed** is the time from the previous step (or the previous floorperson
sign-off: waiting for the floorperson is not the dealer's time) to the step's first attempt,
plus any retries.

A round that cannot be dealt again (a game this version no longer deals) still counts in the
per-game scores, from its stored grade; it is left out of the step figures and named in
``problems``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType

from msgspec import Struct, field

from dealer_trainer.curriculum.skills import ACTION_SKILLS, Skill, judged_skills, skills_of
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict, percent
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotCatalog, SpotId, SpotKind, UnknownSpot
from dealer_trainer.engine.step import Step
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.store.records import (
    AttemptRecord,
    RoundRecord,
    Status,
    StepEntry,
    TraineeRecord,
)
from dealer_trainer.store.replay import Rebuild, deal_again, rebuild
from dealer_trainer.store.sources import RoundSource
from dealer_trainer.vocabulary import Vocabulary


class StepKind(Vocabulary, noun="a kind of step"):
    """What a step asks of the dealer; the values are the words the dashboard shows."""

    PAYOUT = "payout"
    """Collecting, paying or pushing a wager, paying an Envy Bonus, taking commission,
    resetting a meter: the money steps of settlement."""
    ORDER = "order"
    """Any step the regulation orders after another: right when done in an allowed order."""
    VERIFICATION = "verification"
    """Verifying (and naming) a hand or a meter, announcing an Envy Bonus Qualifying Hand."""
    FLOORPERSON = "floorperson"
    GAME_ACCOUNT = "game account"
    """Crediting the game account, or holding a jackpot hand for documentation instead."""
    PRE_DEAL = "pre-deal"
    """No more bets, lock-out, progressive chips collected, counted and dropped, lammers."""
    HAND_SETTING = "hand setting"
    DISCARD = "discard"


ACTION_KINDS: Mapping[Action, StepKind] = MappingProxyType(
    {
        Action.COLLECT: StepKind.PAYOUT,
        Action.PAY: StepKind.PAYOUT,
        Action.PUSH: StepKind.PAYOUT,
        Action.PAY_ENVY: StepKind.PAYOUT,
        Action.COLLECT_COMMISSION: StepKind.PAYOUT,
        Action.RESET_METER: StepKind.PAYOUT,
        Action.VERIFY_HAND: StepKind.VERIFICATION,
        Action.VERIFY_METER: StepKind.VERIFICATION,
        Action.ACKNOWLEDGE_ENVY: StepKind.VERIFICATION,
        Action.CALL_FLOORPERSON: StepKind.FLOORPERSON,
        Action.CREDIT_GAME_ACCOUNT: StepKind.GAME_ACCOUNT,
        Action.HOLD_FOR_DOCUMENTATION: StepKind.GAME_ACCOUNT,
        Action.ANNOUNCE_NO_MORE_BETS: StepKind.PRE_DEAL,
        Action.LOCK_OUT_WAGERS: StepKind.PRE_DEAL,
        Action.VERIFY_CHIP_COUNT: StepKind.PRE_DEAL,
        Action.DROP_IN_CONTAINER: StepKind.PRE_DEAL,
        Action.PLACE_LAMMER: StepKind.PRE_DEAL,
        Action.SET_HAND: StepKind.HAND_SETTING,
        Action.REARRANGE_HAND: StepKind.HAND_SETTING,
        Action.DISCARD: StepKind.DISCARD,
    }
)
"""The kind of each verb (every action has one; a test enforces it)."""

RIGHT_IN_ITSELF = frozenset({Verdict.CORRECT, Verdict.OUT_OF_ORDER})
"""Verdicts of a step whose action and amount were right."""

MIN_SKILL_STEPS = 3
"""A skill is ranked among the weakest only once this many steps have judged it."""
WEAKEST = 5
MIN_MASTERED_STEPS = 10
"""A skill counts as mastered only after this many judged steps ..."""
MASTERED_ACCURACY = Decimal(95)
"""... at this accuracy or better (the exams' usual pass mark)."""
RECENT = 10
"""Rounds in the "recent" mean of the overview (and in the trend's moving mean)."""


def action_kind(step: Step) -> StepKind:
    """The kind of the step's own action (a pre-deal collection is pre-deal, not a payout)."""
    return StepKind.PRE_DEAL if is_pre_deal(step) else ACTION_KINDS[step.action]


def kinds_of(step: Step) -> frozenset[StepKind]:
    kinds = {action_kind(step)}
    if Skill.SETTLEMENT_ORDER in skills_of(step):
        kinds.add(StepKind.ORDER)
    return frozenset(kinds)


def wager_kinds(procedure: Iterable[Step]) -> frozenset[SpotKind]:
    """The kinds of spot that hold a wager: those a money step settles, other than a meter's
    reset and the chips collected before the deal (an Envy Bonus on seat 3's hand and one on
    seat 5's are one wager type)."""
    return frozenset(
        s.spot.kind
        for s in procedure
        if s.action.moves_money and s.action is not Action.RESET_METER and not is_pre_deal(s)
    )


def wager_type(spot: SpotId | None, wagers: frozenset[SpotKind]) -> str | None:
    """The wager type a report counts ``spot`` under, by name; None for a spot holding no
    wager."""
    return str(spot.kind) if spot is not None and spot.kind in wagers else None


# --- one round, step by step ------------------------------------------------------------------


class StepOutcome(Struct, frozen=True):
    """One required step of a finished round (``step``), or an action nothing called for
    (``step`` None), with its first verdict (None: never done) and the time it took."""

    step: Step | None
    action: Action
    spot: SpotId | None
    """None for a stored action whose spot the game no longer has."""
    wager: str | None
    kinds: frozenset[StepKind]
    verdict: Verdict | None
    seconds: float | None
    explanation: str
    citation: str

    @property
    def right_in_itself(self) -> bool:
        return self.verdict in RIGHT_IN_ITSELF

    def judged_kinds(self) -> dict[StepKind, bool]:
        """Each of the step's kinds, right or wrong (order left out when it is not judged)."""
        judged: dict[StepKind, bool] = {}
        for kind in self.kinds:
            if kind is StepKind.ORDER:
                if self.verdict is Verdict.CORRECT:
                    judged[kind] = True
                elif self.verdict in (None, Verdict.OUT_OF_ORDER):
                    judged[kind] = False
            else:
                judged[kind] = self.right_in_itself
        return judged

    def judged_skills(self) -> dict[Skill, bool]:
        if self.step is None:
            return dict.fromkeys(ACTION_SKILLS[self.action], False)
        return judged_skills(self.step, self.verdict)


class RoundResult(Struct, frozen=True):
    """A finished round: where it belongs, its stored grade and, when it could be dealt
    again, every step (``steps`` None otherwise)."""

    attempt_id: int
    attempt_uid: str
    lesson_id: str
    mode: str
    status: Status
    game: str
    index: int
    finished_at: datetime
    score: Decimal
    payout_accuracy: Decimal
    procedure_compliance: Decimal
    seconds: float
    time_limit: float | None
    steps: tuple[StepOutcome, ...] | None

    @property
    def within_time(self) -> bool:
        return self.time_limit is None or self.seconds <= self.time_limit


def _source_key(source: RoundSource) -> str:
    return json.dumps(
        [
            source.kind,
            source.game,
            source.sha256,
            source.seed,
            source.seats,
            [dict(t) for t in source.targets],
            source.table_ref,
            source.table_text,
            Path(source.path).name,
            [[link, str(amount)] for link, amount in source.linked_meters],
        ],
        sort_keys=True,
        default=str,
    )


class ProcedureCache:
    """Procedures dealt again from stored sources, each source dealt once (a dashboard asks
    for the same rounds every time a trainee is selected)."""

    def __init__(self, deal: Rebuild = deal_again) -> None:
        self.deal = deal
        self._known: dict[str, DealtRound | str] = {}

    def dealt(self, source: RoundSource) -> DealtRound | str:
        """The round dealt again, or why it cannot be."""
        key = _source_key(source)
        if key not in self._known:
            try:
                self._known[key] = rebuild(source, self.deal)
            except Exception as error:  # an old round that no longer deals keeps its scores
                self._known[key] = f"{type(error).__name__}: {error}"
        return self._known[key]

    def procedure(self, source: RoundSource) -> Procedure | str:
        """The round's procedure, or why it cannot be dealt again."""
        dealt = self.dealt(source)
        return dealt if isinstance(dealt, str) else dealt.procedure


def _stored_spot(entry: StepEntry, spots: SpotCatalog) -> SpotId | None:
    if entry.seat is None or not entry.spot:
        return None
    try:
        return spots.parse(entry.seat, entry.spot)
    except UnknownSpot:
        return None


def step_outcomes(
    record: AttemptRecord, round_: RoundRecord, dealt: DealtRound
) -> list[StepOutcome]:
    """The round's steps in procedure order, then the actions nothing called for."""
    procedure = dealt.procedure
    grade = round_.grade or {}
    missing = {str(s.get("id")) for s in grade.get("missing", ())}
    first: dict[str, tuple[Verdict, str, str]] = {}
    seconds: dict[str, float] = defaultdict(float)
    extras: list[StepOutcome] = []
    wagers = wager_kinds(procedure)
    previous = 0.0
    for entry in record.round_steps(round_.index):
        spent = max(0.0, entry.at - previous)
        previous = max(previous, entry.at)
        if entry.kind != "action" or entry.action is None or entry.verdict is None:
            continue  # a floorperson's sign-off: the wait is not the dealer's time
        verdict = Verdict(entry.verdict)
        if entry.step_id is not None and entry.step_id in procedure.by_id:
            first.setdefault(entry.step_id, (verdict, entry.explanation, entry.citation))
            seconds[entry.step_id] += spent
            continue
        action = Action.from_text(entry.action)
        spot = _stored_spot(entry, dealt.spots)
        extras.append(
            StepOutcome(
                None,
                action,
                spot,
                wager_type(spot, wagers),
                frozenset({ACTION_KINDS[action]}),
                verdict,
                spent,
                entry.explanation,
                entry.citation,
            )
        )
    outcomes = []
    for step in procedure:
        judged, explanation, citation = first.get(step.id, (None, step.explanation, step.citation))
        if step.id in missing:
            judged = None
        outcomes.append(
            StepOutcome(
                step,
                step.action,
                step.spot,
                wager_type(step.spot, wagers),
                kinds_of(step),
                judged,
                seconds[step.id] if step.id in first else None,
                explanation,
                citation,
            )
        )
    return outcomes + extras


def round_results(
    attempts: Iterable[AttemptRecord], cache: ProcedureCache | None = None
) -> tuple[list[RoundResult], list[str]]:
    """Every finished round of the attempts, oldest first, and why any could not be dealt
    again for its steps."""
    cache = cache if cache is not None else ProcedureCache()
    results: list[RoundResult] = []
    problems: list[str] = []
    for record in attempts:
        for stored in record.rounds:
            if stored.finished_at is None or stored.grade is None or stored.score is None:
                continue
            dealt = cache.dealt(stored.source)
            steps: tuple[StepOutcome, ...] | None = None
            if isinstance(dealt, DealtRound):
                steps = tuple(step_outcomes(record, stored, dealt))
            else:
                problems.append(
                    f"{record.lesson_id}, attempt {record.id} round {stored.index}: "
                    f"its steps are left out ({dealt})"
                )
            grade = stored.grade
            limit = grade.get("time_limit")
            results.append(
                RoundResult(
                    record.id,
                    record.uid,
                    record.lesson_id,
                    record.mode,
                    record.status,
                    stored.source.game,
                    stored.index,
                    stored.finished_at,
                    stored.score,
                    Decimal(str(grade["payout_accuracy"])),
                    Decimal(str(grade["procedure_compliance"])),
                    float(stored.seconds if stored.seconds is not None else grade["seconds"]),
                    None if limit is None else float(limit),
                    steps,
                )
            )
    results.sort(key=lambda r: (r.finished_at, r.attempt_id, r.index))
    return results, problems


# --- adding up --------------------------------------------------------------------------------


class Tally(Struct):
    """Steps right out of steps judged, and the time of those that were done."""

    right: int = 0
    total: int = 0
    seconds: float = 0.0
    timed: int = 0

    def add(self, right: bool, seconds: float | None = None) -> None:
        self.total += 1
        self.right += int(right)
        if seconds is not None:
            self.seconds += seconds
            self.timed += 1

    @property
    def wrong(self) -> int:
        return self.total - self.right

    @property
    def accuracy(self) -> Decimal:
        return percent(self.right, self.total)

    @property
    def mean_seconds(self) -> float | None:
        return None if self.timed == 0 else self.seconds / self.timed


class GameFigures(Struct):
    """One game's rounds: the stored grades' means, and the steps' accuracy and speed."""

    game: str
    rounds: int = 0
    score: Decimal = Decimal(0)
    payout_accuracy: Decimal = Decimal(0)
    procedure_compliance: Decimal = Decimal(0)
    seconds: float = 0.0
    steps: Tally = field(default_factory=Tally)

    @property
    def seconds_per_round(self) -> float:
        return self.seconds / self.rounds if self.rounds else 0.0


class SkillStanding(Struct, frozen=True):
    skill: Skill
    tally: Tally
    last_mistake: str
    """The explanation (and section) of the latest step that got this skill wrong."""

    @property
    def accuracy(self) -> Decimal:
        return self.tally.accuracy


class TrendPoint(Struct, frozen=True):
    """A finished round on the trend chart."""

    at: datetime
    score: float
    exam: bool
    lesson_id: str
    game: str


class TraineeReport(Struct, frozen=True):
    trainee: TraineeRecord
    attempts: tuple[AttemptRecord, ...]
    rounds: tuple[RoundResult, ...]
    games: tuple[GameFigures, ...]
    wagers: Mapping[str, Tally]
    kinds: Mapping[StepKind, Tally]
    skills: tuple[SkillStanding, ...]
    """Every skill judged, weakest first."""
    problems: tuple[str, ...]

    @property
    def weakest(self) -> tuple[SkillStanding, ...]:
        """The weakest skills with enough steps to tell, and any mistake at all."""
        ranked = [s for s in self.skills if s.tally.total >= MIN_SKILL_STEPS and s.tally.wrong]
        return tuple(ranked[:WEAKEST])

    @property
    def mastered(self) -> tuple[SkillStanding, ...]:
        """Skills practised often enough to tell and got right nearly every time, best first."""
        held = [
            s
            for s in self.skills
            if s.tally.total >= MIN_MASTERED_STEPS and s.accuracy >= MASTERED_ACCURACY
        ]
        return tuple(sorted(held, key=lambda s: (-s.accuracy, -s.tally.total, s.skill.value)))

    @property
    def trend(self) -> tuple[TrendPoint, ...]:
        return tuple(
            TrendPoint(r.finished_at, float(r.score), r.mode == "exam", r.lesson_id, r.game)
            for r in self.rounds
        )


def _mean(values: Sequence[Decimal]) -> Decimal:
    if not values:
        return Decimal(0)
    return (sum(values, Decimal(0)) / len(values)).quantize(Decimal("0.1"))


def trainee_report(
    trainee: TraineeRecord,
    attempts: Iterable[AttemptRecord],
    cache: ProcedureCache | None = None,
) -> TraineeReport:
    records = tuple(a for a in attempts if a.trainee.id == trainee.id)
    rounds, problems = round_results(records, cache)
    games: dict[str, list[RoundResult]] = defaultdict(list)
    game_steps: dict[str, Tally] = defaultdict(Tally)
    wagers: dict[str, Tally] = defaultdict(Tally)
    kinds: dict[StepKind, Tally] = defaultdict(Tally)
    skills: dict[Skill, Tally] = defaultdict(Tally)
    last_mistake: dict[Skill, str] = {}
    for result in rounds:
        games[result.game].append(result)
        if result.time_limit is not None:
            skills[Skill.SPEED].add(result.within_time)
            if not result.within_time:
                last_mistake[Skill.SPEED] = (
                    f"{result.seconds:.0f} s for a round with {result.time_limit:.0f} s allowed"
                )
        for outcome in result.steps or ():
            game_steps[result.game].add(outcome.verdict is Verdict.CORRECT, outcome.seconds)
            if outcome.wager is not None:
                wagers[outcome.wager].add(outcome.right_in_itself, outcome.seconds)
            for kind, right in outcome.judged_kinds().items():
                kinds[kind].add(right, outcome.seconds if kind is not StepKind.ORDER else None)
            for skill, right in outcome.judged_skills().items():
                skills[skill].add(right)
                if not right:
                    where = f" ({outcome.citation})" if outcome.citation else ""
                    last_mistake[skill] = f"{outcome.explanation}{where}"
    figures = []
    for game, played in sorted(games.items()):
        figures.append(
            GameFigures(
                game,
                len(played),
                _mean([r.score for r in played]),
                _mean([r.payout_accuracy for r in played]),
                _mean([r.procedure_compliance for r in played]),
                sum(r.seconds for r in played),
                game_steps[game],
            )
        )
    standings = sorted(
        (
            SkillStanding(skill, tally, last_mistake.get(skill, ""))
            for skill, tally in skills.items()
        ),
        key=lambda s: (s.tally.accuracy, -s.tally.total, s.skill.value),
    )
    return TraineeReport(
        trainee,
        records,
        tuple(rounds),
        tuple(figures),
        dict(sorted(wagers.items())),
        {kind: kinds[kind] for kind in StepKind if kind in kinds},
        tuple(standings),
        tuple(problems),
    )


# --- the list of trainees -----------------------------------------------------------------------


class TraineeRow(Struct, frozen=True):
    """A trainee as the dashboard lists them: the stored grades only (nothing dealt again)."""

    trainee: TraineeRecord
    attempts: int
    rounds: int
    mean_score: Decimal | None
    recent_score: Decimal | None
    """The mean of the last ``RECENT`` rounds."""
    change: Decimal | None
    """Recent mean minus the mean of the ``RECENT`` rounds before (None until there are)."""
    seconds: float
    last_active: datetime | None


def trainee_rows(
    trainees: Iterable[TraineeRecord], attempts: Iterable[AttemptRecord]
) -> list[TraineeRow]:
    by_trainee: dict[int, list[AttemptRecord]] = defaultdict(list)
    for record in attempts:
        by_trainee[record.trainee.id].append(record)
    rows = []
    for trainee in trainees:
        records = by_trainee.get(trainee.id, [])
        finished = sorted(
            (
                (r.finished_at, r.score, r.seconds or 0.0)
                for a in records
                for r in a.rounds
                if r.finished_at is not None and r.score is not None
            ),
            key=lambda item: item[0],
        )
        scores = [score for _, score, _ in finished]
        recent = scores[-RECENT:]
        before = scores[-2 * RECENT : -RECENT]
        last = max((a.finished_at or a.started_at for a in records), default=None)
        rows.append(
            TraineeRow(
                trainee,
                len(records),
                len(finished),
                _mean(scores) if scores else None,
                _mean(recent) if recent else None,
                _mean(recent) - _mean(before) if before else None,
                sum(seconds for _, _, seconds in finished),
                last,
            )
        )
    return rows


def cohorts(trainees: Iterable[TraineeRecord]) -> list[str]:
    """Every class named, in order."""
    return sorted({t.cohort for t in trainees if t.cohort})


def describe_seconds(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes}:{rest:02d}"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
