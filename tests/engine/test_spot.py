"""Spots are identified by type, never by their words: the label is derived for display, and a
stored label is read back in one place, ``SpotCatalog.parse``."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.engine import spot as spot_module
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import TraineeAction, Verdict, grade_log
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import (
    DEALER,
    Spot,
    SpotCatalog,
    SpotId,
    SpotKind,
    TableSpot,
    UnknownSpot,
    WhoseHand,
)
from dealer_trainer.engine.step import Step


class Kind(SpotKind):
    ANTE = "Ante"
    ENVY_BONUS = "Envy Bonus"
    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"


SPOTS = SpotCatalog([*Kind, *TableSpot])
ENVY = SpotId(2, Kind.ENVY_BONUS, 5)
DEALER_BONUS = SpotId(DEALER, Kind.FIVE_CARD_HAND_BONUS, DEALER)


def test_labels_are_derived_from_the_identifier() -> None:
    assert SpotId(3, Kind.ANTE).label == "Ante"
    assert ENVY.label == "Envy Bonus (seat 5's hand)"
    assert DEALER_BONUS.label == "Five Card Hand Bonus (dealer's hand)"
    assert f"Seat 2 {ENVY}" == "Seat 2 Envy Bonus (seat 5's hand)"


@pytest.mark.parametrize(
    "spot", [SpotId(3, Kind.ANTE), ENVY, DEALER_BONUS, SpotId(DEALER, TableSpot.TABLE)]
)
def test_a_stored_label_reads_back_as_the_same_spot(spot: SpotId) -> None:
    assert SPOTS.parse(spot.seat, spot.label) == spot


@pytest.mark.parametrize(
    "label", ["Trips", "ante", "Envy Bonus (seat 0's hand)", "Envy Bonus (seat x's hand)", ""]
)
def test_an_unknown_label_is_refused_by_name(label: str) -> None:
    with pytest.raises(UnknownSpot, match="is not a spot of this game"):
        SPOTS.parse(2, label)


def test_a_catalog_refuses_two_kinds_with_one_wording() -> None:
    class Other(SpotKind):
        ANTE = "Ante"

    with pytest.raises(ValueError, match="are both called 'ante'"):
        SpotCatalog([*Kind, *Other])


def test_layout_names_are_keys_with_whose_hand() -> None:
    envy = SPOTS.spot("envy_bonus@seat")
    assert envy == Spot(Kind.ENVY_BONUS, WhoseHand.SEAT) and envy.name == "envy_bonus@seat"
    assert envy.at(2, 5) == ENVY
    assert SPOTS.spot("five_card_hand_bonus@dealer").at(DEALER) == DEALER_BONUS
    assert ENVY.spot == envy and DEALER_BONUS.spot.whose is WhoseHand.DEALER
    with pytest.raises(ValueError, match="name the seat"):
        envy.at(2)
    with pytest.raises(UnknownSpot, match="no spot kind 'pair_plus'"):
        SPOTS.spot("pair_plus")


def _procedure() -> Procedure:
    def step(id_: str, spot: SpotId, action: Action, amount: int | None, *after: str) -> Step:
        money = None if amount is None else Decimal(amount)
        return Step(id_, spot, action, money, after, "§ 1", f"{id_} explained.")

    return Procedure(
        (
            step("s2.ante", SpotId(2, Kind.ANTE), Action.PAY, 10),
            step("s2.envy.s5", ENVY, Action.PAY_ENVY, 25, "s2.ante"),
            step("s3.envy.s5", SpotId(3, Kind.ENVY_BONUS, 5), Action.PAY_ENVY, 25, "s2.ante"),
        )
    )


def test_rewording_a_label_does_not_change_grading(monkeypatch: pytest.MonkeyPatch) -> None:
    procedure = _procedure()
    log = [TraineeAction(s.spot, s.action, s.amount, at=float(i)) for i, s in enumerate(procedure)]
    wrong_seat = TraineeAction(SpotId(2, Kind.ENVY_BONUS, 4), Action.PAY_ENVY, Decimal(25))
    before = grade_log(procedure, [*log, wrong_seat])
    monkeypatch.setattr(spot_module, "spot_label", lambda spot: f"RENAMED {spot.kind.name}")
    after = grade_log(procedure, [*log, wrong_seat])
    assert SpotId(2, Kind.ANTE).label == "RENAMED ANTE"
    assert [j.verdict for j in after.judgements] == [j.verdict for j in before.judgements]
    assert [j.step_id for j in after.judgements] == [j.step_id for j in before.judgements]
    assert after.score == before.score and after.judgements[-1].verdict is Verdict.NOT_CALLED_FOR
