"""Must-Hit-By Mystery bonus meter, § 653b.1(c) (seed 001)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.games.uth.must_hit_by import (
    add_contributions,
    check_trigger,
    contribution,
    qualifies,
)
from dealer_trainer.games.uth.outcomes import Result
from dealer_trainer.games.uth.paytables import uth_paytables
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.rules.provenance import Provenance

D = Decimal
CATALOG = uth_paytables()


def test_contributions_per_configuration() -> None:
    assert contribution(CATALOG.must_hit_by_configuration("A", 1), D(1)) == D("0.02")
    assert contribution(CATALOG.must_hit_by_configuration("B", 2), D(2)) == D("0.07")
    assert contribution(CATALOG.must_hit_by_configuration("C", 5), D(5)) == D("0.025")
    assert contribution(CATALOG.must_hit_by_configuration("D", 5), D(5)) == D("0.10")


def test_qualifying_needs_the_uth_wagers_and_the_minimum_progressive_wager() -> None:
    config = CATALOG.must_hit_by_configuration("A", 5)
    assert qualifies(config, D(5)) and not qualifies(config, D(2))
    assert not qualifies(config, D(5), has_uth_wagers=False)


def test_the_contribution_that_takes_the_meter_in_excess_of_the_value_wins() -> None:
    config = CATALOG.must_hit_by_configuration("D", 1)  # 5%, $250-$1,000
    result = add_contributions(config, D("399.93"), D(400), [(1, D(1)), (3, D(1)), (5, D(1))])
    assert result.winner == 3, "399.98 is not in excess of 400; 400.03 is"
    assert result.award == D("400.03")
    assert result.meter_after == D("250.05"), "reset to $250, then seat 5's 5 cents"
    outcome = result.outcome()
    assert outcome is not None and outcome.wager is UthWager.MUST_HIT_BY
    assert outcome.result is Result.WIN and outcome.paid == D("400.03")
    assert outcome.citation.provenance is Provenance.SEED
    assert "resets to $250 (§§ 653b.1(c)(5), 653b.1(c)(7))" in result.reason


def test_reaching_the_value_exactly_is_not_in_excess_of_it() -> None:
    config = CATALOG.must_hit_by_configuration("A", 1)  # 2%
    result = add_contributions(config, D("149.98"), D(150), [(1, D(1))])
    assert not result.hit and result.meter_after == D("150.00") and result.outcome() is None


def test_a_fractional_meter_is_paid_rounded_down_to_the_cent() -> None:
    config = CATALOG.must_hit_by_configuration("C", 5)  # 0.5% of $5 = 2.5 cents
    result = add_contributions(config, D("300.00"), D(300), [(2, D(5))])
    assert result.award_exact == D("300.025") and result.award == D("300.02")


def test_non_qualifying_wagers_do_not_contribute() -> None:
    config = CATALOG.must_hit_by_configuration("B", 5)
    result = add_contributions(config, D(200), D(300), [(1, D(1)), (2, D(2))])
    assert result.meter_after == D(200)


def test_trigger_must_lie_in_the_configuration_range() -> None:
    config = CATALOG.must_hit_by_configuration("A", 1)
    check_trigger(config, D(100))
    check_trigger(config, D(200))
    with pytest.raises(ValueError, match=r"outside Paytable A—\$1 Configuration's range"):
        check_trigger(config, D(250))
