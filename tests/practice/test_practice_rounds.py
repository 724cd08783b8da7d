"""Practice rounds: the table picker, dealing reproducible rounds, loading scenarios, and every
generated round settling perfectly with the money accounted for."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from practice_support import (
    GOLDEN_DIR,
    TABLES_DIR,
    dealt_round,
    listed_uth_tables,
    money_flow,
    settle_and_check,
    table_count,
    uth_tables,
)

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.practice.rounds import DealtRound, deal, load_round, practice_tables

SEEDS = range(200)


def test_every_shipped_table_is_listed_without_errors() -> None:
    tables = uth_tables()
    assert [t.path.name for t in tables] == sorted(p.name for p in TABLES_DIR.glob("uth_*.toml"))
    assert len(tables) == table_count() == 4
    for table in tables:
        assert table.error == ""
        assert table.game == "Ultimate Texas Hold 'Em"
        assert table.name


def test_a_broken_table_is_listed_with_its_error(tmp_path: Path) -> None:
    shutil.copy(TABLES_DIR / "uth_plain.toml", tmp_path / "a_plain.toml")
    broken = tmp_path / "b_broken.toml"
    broken.write_text('game = "Ultimate Texas Hold \'Em"\nname = "Broken"\n[ante]\nminimum = "x"\n')
    tables = practice_tables(tmp_path)
    assert [t.path.name for t in tables] == ["a_plain.toml", "b_broken.toml"]
    assert tables[0].error == ""
    assert "b_broken.toml" in tables[1].error
    assert tables[1].name == "b_broken.toml"
    with pytest.raises(ValueError, match=r"b_broken\.toml"):
        deal(tables[1], 1)


def test_dealing_is_reproducible_from_the_seed() -> None:
    table = listed_uth_tables()[0]
    a, b, c = deal(table, 7), deal(table, 7), deal(table, 8)
    assert a.procedure == b.procedure
    assert a.setup == b.setup
    assert a.description == b.description
    assert a.setup.seed == 7
    assert (a.setup, a.procedure) != (c.setup, c.procedure)


def test_dealing_the_chosen_seats() -> None:
    round_ = deal(listed_uth_tables()[1], 3, seats=(2, 6))
    assert [s.seat for s in round_.setup.seats] == [2, 6]
    assert {s.seat for s in round_.procedure} <= {0, 2, 6}
    # Settlement starts at the dealer's right: seat 6 before seat 2.
    seats = [s.seat for s in round_.procedure if s.seat]
    assert seats.index(6) < seats.index(2)
    with pytest.raises(ValueError):
        deal(listed_uth_tables()[1], 3, seats=(0,))


def test_a_loaded_scenario_is_a_whole_round() -> None:
    round_ = load_round(GOLDEN_DIR / "must_hit_by_hit.toml")
    assert isinstance(round_, DealtRound)
    assert round_.setup.table_name.startswith("Ultimate Texas Hold 'Em with every")
    assert [s.seat for s in round_.setup.seats] == [2, 5]
    assert "Seat 5: Ah Ac" in round_.description
    assert round_.sequence  # the dealing the trainee watches before settling
    assert Action.CALL_FLOORPERSON in round_.not_called_for
    assert round_.procedure.by_id["mhb.pay"].amount == Decimal("1000.02")


# --- 10. every generated round settles perfectly and the money adds up -------------------------


@pytest.mark.parametrize("table", range(4), ids=lambda i: listed_uth_tables()[i].path.stem)
def test_random_rounds_settle_perfectly_and_conserve_money(table: int) -> None:
    for seed in SEEDS:
        round_ = dealt_round(table, seed)
        session, _ = settle_and_check(round_)  # perfect, over, felt settled
        flow = money_flow(round_.procedure)
        change = session.state.inventory - round_.setup.inventory
        assert change == flow.collected - flow.paid - flow.envy, (table, seed)
        # Every chip on the felt at the start is either collected or still with a live seat.
        for seat in round_.setup.seats:
            for spot, stake in seat.stakes.items():
                collected = [
                    s
                    for s in round_.procedure
                    if (s.seat, s.spot, s.action) == (seat.seat, spot, Action.COLLECT)
                ]
                if collected:
                    assert collected[0].amount == stake, (table, seed, seat.seat, spot)


def test_random_rounds_only_settle_what_was_wagered() -> None:
    for table in range(4):
        for seed in range(50):
            round_ = dealt_round(table, seed)
            for step in round_.procedure:
                if step.action not in (Action.COLLECT, Action.PUSH) or not step.seat:
                    continue
                seat = round_.setup.seat(step.seat)
                assert seat.stakes.get(step.spot) == step.amount, (table, seed, step.describe())
                if seat.folded:
                    assert step.spot != UthWager.PLAY.value
