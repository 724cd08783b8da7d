"""Playing rounds into the store as the trainer will: a practice session judges each action,
the store commits it at once; mistakes on request, so grades are not all 100%."""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade, Judgement, TraineeAction, grade_log
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.practice.rounds import DealtRound, deal_table, load_round
from dealer_trainer.practice.session import PracticeSession
from dealer_trainer.resources import shipped_lessons, shipped_tables
from dealer_trainer.store import RoundSource, Store

ROOT = Path(__file__).resolve().parents[2]
TABLES = shipped_tables()
PLAIN = TABLES / "uth_plain.toml"
UTH_GAME = "Ultimate Texas Hold 'Em"
FLOORPERSON_SCENARIO = (
    ROOT / "tests" / "golden" / "caribbean_stud" / ("fchb_four_of_a_kind_floorperson.toml")
)
CARIBBEAN = "Caribbean Stud Poker"
LESSON_SCENARIO = shipped_lessons() / "uth" / "scenarios" / "trips_full_house_plain.toml"


class ManualClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def plain_source(seed: int = 11, seats: tuple[int, ...] = (1, 3, 5, 7)) -> RoundSource:
    return RoundSource.deal(PLAIN, UTH_GAME, seed, seats)


def dealt_round(source: RoundSource) -> DealtRound:
    if source.kind == "scenario":
        return load_round(Path(source.path))
    assert source.seed is not None
    return deal_table(Path(source.path), source.seed, source.seats)


@dataclass
class Played:
    round_index: int
    grade: Grade
    judgements: list[Judgement] = field(default_factory=list)


def play_round(
    store: Store,
    attempt_id: int,
    source: RoundSource,
    *,
    wrong_amount_at: Container[int] = (),
    extra_at: Container[int] = (),
    early_at: Container[int] = (),
    on_step: Callable[[int, str], None] | None = None,
    pause: Callable[[], None] | None = None,
    finish: bool = True,
) -> Played:
    """Settle the round through a ``PracticeSession``, recording every judged action and
    sign-off. At the n-th action: ``wrong_amount_at`` pays $5 too much (or the next one with
    an amount), ``extra_at`` adds an
    action nothing calls for, ``early_at`` tries a step before its turn."""
    dealt = dealt_round(source)
    time_limit = store.attempt(attempt_id).time_limit
    index = store.start_round(attempt_id, source)
    clock = ManualClock()
    session = PracticeSession(
        dealt.setup,
        dealt.procedure,
        not_called_for=dealt.not_called_for,
        clock=clock,
        time_limit=time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    session.start()
    played = Played(index, Grade((), (), Decimal(0), Decimal(0), Decimal(0), 0.0, None))
    n = 0
    wrong = set(wrong_amount_at)

    def act(spot: SpotId, action: Action, amount: Decimal | None, hand: str | None) -> None:
        nonlocal n
        clock.now = round(clock.now + 1.25, 3)
        judgement = session.act(spot, action, amount, hand)
        step_index = store.record_step(attempt_id, judgement)
        played.judgements.append(judgement)
        if on_step is not None:
            on_step(step_index, judgement.step_id or "-")
        if pause is not None:
            pause()

    while not session.is_over:
        n += 1
        if session.awaiting:
            call = session.awaiting[0]
            clock.now = round(clock.now + 2.5, 3)
            signed = session.sign_off(call.id, "Pat Floor")
            store.record_signoff(attempt_id, call.id, signed.floorperson, signed.at)
            continue
        step = session.grader.available()[0]
        if n in extra_at:
            act(step.spot, Action.RESET_METER, None, None)
            continue
        if n in early_at:
            later = [s for s in session.grader.pending() if s not in session.grader.available()]
            if later:
                act(later[0].spot, later[0].action, later[0].amount, later[0].hand)
                continue
        if n in wrong and step.amount is None:
            wrong.add(n + 1)  # the next step that has an amount
        if n in wrong and step.amount is not None:
            act(step.spot, step.action, step.amount + 5, step.hand)
            continue
        act(step.spot, step.action, step.amount, step.hand)
    grade = session.finish()
    played.grade = grade
    if finish:
        store.finish_round(attempt_id, index, grade)
    return played


def play_log_round(
    store: Store, attempt_id: int, source: RoundSource, *, wrong_amount_at: Container[int] = ()
) -> Played:
    """An exam round judged at the end: the whole log goes through ``grade_log``."""
    dealt = dealt_round(source)
    index = store.start_round(attempt_id, source, grading="log")
    actions = []
    for n, step in enumerate(dealt.procedure, start=1):
        amount = step.amount
        if n in wrong_amount_at and amount is not None:
            amount += 5
        actions.append(TraineeAction(step.spot, step.action, amount, 1.5 * n, step.hand))
    grade = grade_log(
        dealt.procedure,
        actions,
        not_called_for=dealt.not_called_for,
        seconds=1.5 * len(actions) + 2,
        time_limit=store.attempt(attempt_id).time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    for judgement in grade.judgements:
        store.record_step(attempt_id, judgement)
    store.finish_round(attempt_id, index, grade)
    return Played(index, grade, list(grade.judgements))


def record_form(store: Store, attempt_id: int, seed: int, *, wrong: bool = False) -> None:
    """A Closed Table form completed in the attempt (the right one, or with the wrong date
    last opened: today's, not the slip's)."""
    from msgspec.structs import replace

    from dealer_trainer.curriculum.records import store_form
    from dealer_trainer.forms.closed_table import (
        closed_table_situation,
        correct_form,
        grade_closed_table_form,
    )

    situation = closed_table_situation(seed, open_chance=0.0)
    form = correct_form(situation)
    if wrong:
        form = replace(form, last_opened=situation.gaming_day)
    store_form(store, attempt_id, situation, form, grade_closed_table_form(situation, form), seed)


def signed_exam_attempt(store: Store, password: str, *, make_keys: bool = True) -> int:
    """A submitted, signed exam of two rounds with mistakes in it (so a score, a wrong-amount
    verdict and amounts are there to edit), its pass mark, and a form between the rounds;
    returns the attempt id. ``make_keys=False`` when the instructor's station made them."""
    if make_keys:
        store.set_instructor_password(password)
        store.generate_key(password)
    keys = store.unlock_keys(password)
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(
        trainee.id,
        "uth-plain-table-exam",
        UTH_GAME,
        "exam",
        pass_mark=Decimal("99"),
        rounds_required=2,
        keys=keys,
    )
    play_round(store, attempt, plain_source(), wrong_amount_at={3}, extra_at={6})
    record_form(store, attempt, 3, wrong=True)
    play_round(store, attempt, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
    store.finish_attempt(attempt, keys=keys)
    return attempt
