"""The Four Card Poker procedure's seams and feedback: the Five Card Hand Bonus hook, the
dealer's selection of the best four, and what the grader tells a trainee who goes wrong."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grader, TraineeAction, Verdict, grade_log
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.five_card_hand_bonus import Award
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    SPOTS,
    BonusSteps,
    SeatBonus,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.round import FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.scenario import load_four_card_poker_scenario

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "four_card_poker"
SIXTH_CARD = GOLDEN / "dealer_best_four_of_six_uses_the_sixth_card.toml"
FOLD_KEPT = GOLDEN / "fold_aces_up_stays_in_action_table_rule.toml"
FOLDS = GOLDEN / "multi_seat_counterclockwise_with_a_fold.toml"
FCHB = Award.FIVE_CARD_HAND_BONUS


def fake_bonus(
    cards_stay_for: int | None = None,
) -> tuple[list[tuple[int, tuple[str, ...]]], SeatBonus]:
    """A stand-in for the shared Five Card Hand Bonus module: one credit step per seat."""
    calls: list[tuple[int, tuple[str, ...]]] = []

    def bonus(round_: FourCardRound, play: FourCardSeatPlay, after: tuple[str, ...]) -> BonusSteps:
        calls.append((play.seat, after))
        assert round_.dealer_first_five == round_.dealer[:5]
        step = Step(
            f"s{play.seat}.fchb.credit",
            SpotId(play.seat, Award.FIVE_CARD_HAND_BONUS),
            Action.CREDIT_GAME_ACCOUNT,
            Decimal(50),
            after,
            "§ 641a.11(c)(7)(iii)",
            "credit the bonus",
        )
        return BonusSteps((step,), cards_stay=play.seat == cards_stay_for)

    return calls, bonus


def test_bonus_steps_come_after_the_aces_up_and_before_the_discard() -> None:
    round_ = load_four_card_poker_scenario(SIXTH_CARD)
    calls, bonus = fake_bonus()
    procedure = build_procedure(round_, seat_bonus=bonus)
    assert [seat for seat, _ in calls] == [4, 2]  # each seat in turn, from the dealer's right
    assert calls[0][1] == ("s4.aces_up",)
    described = [s.describe() for s in procedure]
    assert described[:7] == [
        "Dealer Hand: set hand",
        "Seat 4 Ante: pay $10",
        "Seat 4 Play: pay $30",
        "Seat 4 Ante Bonus: pay $20",
        "Seat 4 Aces Up: pay $40",
        f"Seat 4 {FCHB}: credit game account $50",
        "Seat 4 Cards: discard",
    ]
    credit = procedure.by_id["s4.fchb.credit"]
    assert credit.id in procedure.descendants("s4.aces_up")
    assert "s4.discard" in procedure.descendants(credit.id)
    assert "s2.ante" in procedure.descendants(credit.id)  # the next seat waits for the bonus


def test_a_seat_without_aces_up_gets_its_bonus_after_its_base_wagers() -> None:
    round_ = load_four_card_poker_scenario(FOLDS)
    calls, bonus = fake_bonus()
    build_procedure(round_, seat_bonus=bonus)
    # seat 3 folded and its cards went to the rack before the reveal: no bonus call
    assert calls == [(6, ("s6.ante", "s6.play")), (1, ("s1.aces_up",))]


def test_a_bonus_that_keeps_the_hand_on_the_table_is_discarded_after_it() -> None:
    """The hand stays only until the documentation is complete (§ 641a.11(c)(7)(iii), (d))."""
    round_ = load_four_card_poker_scenario(SIXTH_CARD)
    _, bonus = fake_bonus(cards_stay_for=4)
    procedure = build_procedure(round_, seat_bonus=bonus)
    assert "s4.discard" in procedure.descendants("s4.fchb.credit")
    assert "s2.ante" in procedure.descendants("s4.fchb.credit")
    assert "s2.discard" in procedure.by_id


def test_a_folded_hand_kept_for_its_aces_up_gets_its_bonus_in_turn() -> None:
    round_ = load_four_card_poker_scenario(FOLD_KEPT)
    calls, bonus = fake_bonus()
    build_procedure(round_, seat_bonus=bonus)
    assert calls == [(6, ("s6.ante", "s6.play", "s6.ante_bonus")), (3, ("s3.aces_up",))]


def test_the_dealers_selection_accepts_any_equal_four_of_the_six_or_the_category() -> None:
    round_ = load_four_card_poker_scenario(SIXTH_CARD)  # dealer Qh 8c 5d 3s Qs Qd
    procedure = build_procedure(round_)
    reveal = procedure.by_id["dealer.reveal"]
    assert reveal.hand is not None and sorted(reveal.hand.split()) == ["8c", "Qd", "Qh", "Qs"]
    same = hand_matcher(round_)
    assert same(reveal, "qs qd qh 8c")
    assert same(reveal, "Three  of a kind")
    assert not same(reveal, "Qh Qs Qd 5d")  # three queens with a lower card
    assert not same(reveal, "Qh Qs Qd 9c")  # the nine of clubs is not the dealer's
    assert not same(reveal, "Qh Qs 8c 5d")
    assert not same(reveal, "Qh Qs Qd")
    assert not same(reveal, "One pair")
    assert not same(reveal, "not cards")
    ante = procedure.by_id["s4.ante"]
    assert same(ante, "anything")  # a money step names no hand


def test_a_wrong_selection_is_a_wrong_hand_with_the_right_one_named() -> None:
    round_ = load_four_card_poker_scenario(SIXTH_CARD)
    procedure = build_procedure(round_)
    grader = Grader(procedure, NOT_CALLED_FOR, hand_matcher=hand_matcher(round_))
    judgement = grader.judge(
        TraineeAction(SPOTS.parse(DEALER, "Hand"), Action.SET_HAND, None, 0.0, "Qh Qs Qd 5d")
    )
    assert judgement.verdict is Verdict.WRONG_HAND
    assert "three of a kind, queens" in judgement.explanation
    assert judgement.citation == "§ 641a.11(c)"


def test_revealing_before_the_forfeited_wagers_are_collected_is_out_of_order() -> None:
    round_ = load_four_card_poker_scenario(FOLDS)
    procedure = build_procedure(round_)
    steps = list(procedure)
    early = [procedure.by_id["dealer.reveal"], *steps]
    log = [TraineeAction(s.spot, s.action, s.amount, 0.0, s.hand) for s in early]
    grade = grade_log(procedure, log, not_called_for=NOT_CALLED_FOR)
    first = grade.judgements[0]
    assert first.verdict is Verdict.OUT_OF_ORDER
    assert "forfeited wager" in first.explanation and "§ 641a.11(c)" in first.explanation


def test_actions_four_card_poker_never_calls_for_are_explained() -> None:
    round_ = load_four_card_poker_scenario(FOLDS)
    procedure = build_procedure(round_)
    log = [
        TraineeAction(SPOTS.parse(6, "Ante"), Action.COLLECT_COMMISSION, Decimal(1)),
        TraineeAction(SPOTS.parse(6, "Aces Up"), Action.PAY, Decimal(5)),
        TraineeAction(SPOTS.parse(6, "Cards"), Action.VERIFY_HAND, None, hand="One pair"),
    ]
    grade = grade_log(procedure, log, not_called_for=NOT_CALLED_FOR)
    verdicts = [(j.verdict, j.explanation) for j in grade.judgements]
    assert all(v is Verdict.NOT_CALLED_FOR for v, _ in verdicts)
    assert "no commission" in verdicts[0][1]
    assert "no winning wager" in verdicts[1][1]
    assert "§ 641a.11(c)(7)(i)" in verdicts[2][1]
    for action in Action:
        if action not in {s.action for s in procedure}:
            assert action in NOT_CALLED_FOR, action
