"""The dashboard's figures, worked out from attempts played through the real engine: each
mistake lands in the kind, wager type and skill it belongs to, speeds are the times taken,
and a round that cannot be dealt again still counts its score."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from reports_support import (
    CARIBBEAN,
    FLOORPERSON_SCENARIO,
    UTH,
    School,
    dealt_round,
    paced,
    play,
    school_copy,
    school_file,  # noqa: F401  (the session's school, built once)
    table,
)

from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import DEALER, SpotId
from dealer_trainer.engine.step import Step
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.five_card_hand_bonus import Award
from dealer_trainer.games.procedure_steps import SharedSpot
from dealer_trainer.reports.analytics import (
    ACTION_KINDS,
    MIN_SKILL_STEPS,
    ProcedureCache,
    StepKind,
    kinds_of,
    round_results,
    trainee_report,
    trainee_rows,
    wager_kinds,
    wager_type,
)
from dealer_trainer.store import RoundSource, Store, open_store
from dealer_trainer.store.replay import ReplayError

PLAIN = "uth_plain.toml"
SEATS = (2, 4, 6)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'records.sqlite3'}")
    try:
        yield opened
    finally:
        opened.close()


def plain(seed: int = 5) -> RoundSource:
    return table(PLAIN, UTH, seed, SEATS)


def test_every_action_has_a_kind() -> None:
    assert set(ACTION_KINDS) == set(Action)


def test_kinds_come_from_the_steps_actions_and_the_order_skill() -> None:
    dealt = dealt_round(RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
    by_action: dict[Action, set[StepKind]] = {}
    for step in dealt.procedure:
        by_action.setdefault(step.action, set()).update(kinds_of(step))
    assert StepKind.FLOORPERSON in by_action[Action.CALL_FLOORPERSON]
    assert StepKind.VERIFICATION in by_action[Action.VERIFY_HAND]
    assert StepKind.GAME_ACCOUNT in by_action[Action.CREDIT_GAME_ACCOUNT] | by_action.get(
        Action.HOLD_FOR_DOCUMENTATION, set()
    )
    assert by_action[Action.DISCARD] == {StepKind.DISCARD, StepKind.ORDER}
    ordered = [s for s in dealt.procedure if s.after and not is_pre_deal(s)]
    assert ordered and all(StepKind.ORDER in kinds_of(s) for s in ordered)
    # A progressive wager's chips collected before the deal are pre-deal, not a payout.
    pre_deal = Step(
        "predeal.s3.progressive",
        SpotId(3, CaribbeanStudWager.PROGRESSIVE),
        Action.COLLECT,
        Decimal(1),
        (),
        "",
        "",
    )
    assert kinds_of(pre_deal) == {StepKind.PRE_DEAL}


def test_wager_types_name_the_wager_not_the_seat() -> None:
    dealt = dealt_round(RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
    wagers = wager_kinds(dealt.procedure)
    envy = SpotId(2, CaribbeanStudWager.ENVY_BONUS, 3)
    assert wager_type(envy, wagers | {CaribbeanStudWager.ENVY_BONUS}) == "Envy Bonus"
    dealer_bonus = SpotId(2, Award.FIVE_CARD_HAND_BONUS, DEALER)
    assert wager_type(dealer_bonus, frozenset({Award.FIVE_CARD_HAND_BONUS})) == (
        "Five Card Hand Bonus"
    )
    assert CaribbeanStudWager.ANTE in wagers
    assert SharedSpot.CARDS not in wagers and SharedSpot.PROGRESSIVE_METER not in wagers
    assert wager_type(SpotId(2, SharedSpot.CARDS), wagers) is None


def test_each_mistake_lands_where_it_belongs(store: Store) -> None:
    """One wrong amount, one step tried too early and one action nothing called for."""
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "table:uth_plain", UTH, "practice")
    procedure = dealt_round(plain()).procedure
    first_money = next(i for i, s in enumerate(procedure, 1) if s.amount is not None)
    mistakes = {first_money: "amount", first_money + 2: "early", first_money + 4: "extra"}
    play(store, attempt, plain(), lambda n, _step: mistakes.get(n))
    report = trainee_report(trainee, store.attempts(trainee.id))

    [round_] = report.rounds
    assert round_.steps is not None
    judged = [o for o in round_.steps if o.step is not None]
    assert len(judged) == len(procedure)
    wrong_amounts = [o for o in judged if o.verdict is Verdict.WRONG_AMOUNT]
    too_early = [o for o in judged if o.verdict is Verdict.OUT_OF_ORDER]
    extras = [o for o in round_.steps if o.step is None]
    assert len(wrong_amounts) == 1 and len(too_early) == 1 and len(extras) == 1

    payout = report.kinds[StepKind.PAYOUT]
    payout_steps = [o for o in judged if StepKind.PAYOUT in o.kinds]
    # The wrong amount and the meter reset nobody called for are payout mistakes; the step
    # done too early had the right amount, so it counts as a right payout (and a wrong order).
    assert payout.total == len(payout_steps) + 1
    assert payout.wrong == 2
    order = report.kinds[StepKind.ORDER]
    assert order.wrong == 1
    ordered = [o for o in judged if StepKind.ORDER in o.kinds]
    # A wrong amount says nothing about the order: such a step is left out of it.
    assert order.total == len([o for o in ordered if o.verdict is not Verdict.WRONG_AMOUNT])

    spot = wager_type(wrong_amounts[0].spot, wager_kinds(procedure))
    assert spot is not None
    # An action nothing called for on the same wager counts against it too.
    assert report.wagers[spot].wrong == 1 + sum(1 for e in extras if e.wager == spot)
    skills = {s.skill: s for s in report.skills}
    assert skills[Skill.SETTLEMENT_ORDER].tally.wrong == 1
    assert skills[Skill.METER_RESET].tally.wrong == 1
    assert any(s.last_mistake.startswith(wrong_amounts[0].explanation) for s in report.skills)
    [game] = report.games
    assert game.game == UTH and game.rounds == 1
    assert game.score == round_.score
    assert game.steps.total == len(round_.steps)


def test_speed_is_the_time_each_kind_of_step_takes(store: Store) -> None:
    """Payouts at 3 s, verifications at 5 s, the rest at 1 s; waiting for the floorperson
    is not the dealer's time."""
    trainee = store.add_trainee("Cara Díaz")
    attempt = store.start_attempt(trainee.id, "scenario:floorperson", CARIBBEAN, "practice")
    play(store, attempt, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN), pace=paced(3, 5, 1))
    record = store.attempt(attempt)
    assert any(s.kind == "signoff" for s in record.steps)
    report = trainee_report(trainee, [record])
    assert report.kinds[StepKind.PAYOUT].mean_seconds == pytest.approx(3.0)
    assert report.kinds[StepKind.VERIFICATION].mean_seconds == pytest.approx(5.0)
    assert report.kinds[StepKind.FLOORPERSON].mean_seconds == pytest.approx(1.0)
    assert report.kinds[StepKind.GAME_ACCOUNT].mean_seconds == pytest.approx(1.0)
    assert report.kinds[StepKind.ORDER].mean_seconds is None
    assert all(t.accuracy == 100 for t in report.kinds.values())
    assert report.weakest == ()


def test_a_round_that_cannot_be_dealt_again_keeps_its_score(store: Store) -> None:
    trainee = store.add_trainee("Ben Okafor")
    attempt = store.start_attempt(trainee.id, "table:uth_plain", UTH, "practice")
    play(store, attempt, plain(), lambda n, _s: "amount" if n == 3 else None)
    play(store, attempt, plain(6))

    def refuse(_source: RoundSource) -> object:
        raise ReplayError("this version no longer deals it")

    cache = ProcedureCache(refuse)  # type: ignore[arg-type]
    report = trainee_report(trainee, store.attempts(), cache)
    assert len(report.problems) == 2 and "no longer deals" in report.problems[0]
    assert [g.rounds for g in report.games] == [2]
    assert report.kinds == {} and report.wagers == {}
    assert all(r.steps is None for r in report.rounds)


def test_the_procedure_cache_deals_each_source_once(store: Store) -> None:
    calls: list[RoundSource] = []
    cache = ProcedureCache()
    real = cache.deal

    def counting(source: RoundSource):  # type: ignore[no-untyped-def]
        calls.append(source)
        return real(source)

    cache.deal = counting
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "table:uth_plain", UTH, "practice")
    play(store, attempt, plain())
    for _ in range(3):
        round_results(store.attempts(), cache)
    assert len(calls) == 1


def test_the_school(school_file: tuple[Path, School], tmp_path: Path) -> None:  # noqa: F811
    """Weeks of practice: everyone's figures add up, and the improving trainee improves."""
    store = open_store(school_copy(school_file[0], tmp_path))
    try:
        trainees = store.trainees()
        attempts = store.attempts()
        rows = {r.trainee.name: r for r in trainee_rows(trainees, attempts)}
        assert rows["Dev Patel"].rounds == 0 and rows["Dev Patel"].mean_score is None
        assert rows["Ann Lee"].change is not None and rows["Ann Lee"].change > 0
        assert rows["Ann Lee"].recent_score == 100
        cache = ProcedureCache()
        for trainee in trainees:
            report = trainee_report(trainee, attempts, cache)
            assert report.problems == ()
            assert [p.at for p in report.trend] == sorted(p.at for p in report.trend)
            rounds = [r for r in report.rounds if r.steps is not None]
            steps = sum(len(r.steps or ()) for r in rounds)
            # Every step and extra action is in exactly one kind of its own (order aside).
            own = sum(t.total for k, t in report.kinds.items() if k is not StepKind.ORDER)
            assert own == steps
            assert sum(g.rounds for g in report.games) == len(report.rounds)
            for standing in report.weakest:
                assert standing.tally.total >= MIN_SKILL_STEPS and standing.last_mistake
            accuracies = [s.accuracy for s in report.skills]
            assert accuracies == sorted(accuracies)
        ann = trainee_report(trainees[0], attempts, cache)
        assert ann.trainee.name == "Ann Lee"
        exams = [p for p in ann.trend if p.exam]
        assert len(exams) == 10 and all(p.score == 100 for p in exams)
    finally:
        store.close()
