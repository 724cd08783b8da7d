"""The analyser's price of the Progressive Payout Wager on Paytable C (§ 655a.12(c)(1)): each
jackpot at its own meter's reset amount, worked out here from the five-card counts."""

from __future__ import annotations

from fractions import Fraction

from dealer_trainer.analysis.figures import exact_figures
from dealer_trainer.engine.wager_analysis import Procedure
from dealer_trainer.games.mississippi_stud.analysis import table_wagers
from dealer_trainer.games.mississippi_stud.config import load_mississippi_stud_config
from dealer_trainer.resources import shipped_tables

HANDS = 2_598_960


def test_paytable_c_prices_each_jackpot_at_its_own_reset() -> None:
    config = load_mississippi_stud_config(shipped_tables() / "mississippi_stud_jackpots.toml")
    wager = next(w for w in table_wagers(config).hand_wagers if "Progressive" in w.name)
    figures = exact_figures(wager)
    # royal 4 x $50,000, straight flush 36 x $5,000, four of a kind 624 x $500 (the table's
    # resets, $1 stake); full house 3,744 x 50, flush 5,108 x 40, straight 10,200 x 30, three of
    # a kind 54,912 x 10; "for 1": the $1 stake is never returned.
    paid = 4 * 50_000 + 36 * 5_000 + 624 * 500 + 3_744 * 50 + 5_108 * 40 + 10_200 * 30
    paid += 54_912 * 10
    assert figures.return_at() == Fraction(paid, HANDS) - 1
    assert not figures.progressive
    royal = figures.rows[0]
    assert "mega jackpot at its $50,000 reset" in royal.label
    assert {Procedure.FLOORPERSON, Procedure.JACKPOT_HOLD, Procedure.METER_RESET} <= set(
        royal.procedures
    )
    assert Procedure.METER_RESET not in figures.rows[3].procedures
    assert any("reset amount" in note for note in figures.notes)
