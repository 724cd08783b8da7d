"""Every spot the Ultimate Texas Hold 'Em procedure can name has a place on the shipped layout,
so nothing a trainee must settle is left off the felt."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_trainer.engine.step import DEALER
from dealer_trainer.layout import TableLayout, game_layout
from dealer_trainer.practice.rounds import DealtRound, deal, load_round, practice_tables
from dealer_trainer.resources import shipped_tables

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "golden" / "uth").glob("*.toml"))
ENVY_TABLE = shipped_tables() / "uth_progressive_envy.toml"
SEEDS = range(150)

ENVY_SCENARIO = """\
title = "Envy Bonus owed for another player's straight flush"
table = "{table}"
dealer = "Kc Kd"
board = "9h Th Jh 2c 3d"

[draws]
progressive_meter = "30000"

[[seats]]
seat = 3
cards = "As Ad"
decision = "play 4x"
ante = "10"
progressive = "1"

[[seats]]
seat = 6
cards = "7h 8h"
decision = "play 1x"
ante = "10"
progressive = "1"
"""


@pytest.fixture(scope="module")
def layout() -> TableLayout:
    return game_layout("Ultimate Texas Hold 'Em")


@pytest.fixture(scope="module")
def rounds(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, DealtRound]]:
    envy = tmp_path_factory.mktemp("envy") / "envy.toml"
    envy.write_text(ENVY_SCENARIO.format(table=ENVY_TABLE.as_posix()), encoding="utf-8")
    found = [(path.stem, load_round(path)) for path in [*GOLDEN, envy]]
    for table in practice_tables():
        if table.game != "Ultimate Texas Hold 'Em":
            continue
        found += [(f"{table.path.stem} seed {seed}", deal(table, seed)) for seed in SEEDS]
    return found


def seat_names(layout: TableLayout) -> set[str]:
    return {name for spot in layout.spots for name in spot.spots}


def dealer_names(layout: TableLayout) -> set[str]:
    return {name for spot in layout.dealer_spots for name in spot.spots}


def test_every_procedure_spot_has_a_place(
    layout: TableLayout, rounds: list[tuple[str, DealtRound]]
) -> None:
    seats, dealer = seat_names(layout), dealer_names(layout)
    seen: set[str] = set()
    for name, round_ in rounds:
        for step in round_.procedure:
            spot = step.spot.spot.name
            seen.add(spot)
            where = dealer if step.seat == DEALER else seats
            assert spot in where, f"{name}: {step.describe()} has no spot on the layout"
            if step.seat != DEALER:
                assert layout.spot_for(spot) is not None
    # The rounds reach the rare spots too, so the check above means something.
    assert {"envy_bonus@seat", "envy_hand", "must_hit_by"} <= seen
    assert {"must_hit_by_meter", "five_card_hand_bonus_meter"} <= seen


def test_every_wager_on_the_felt_has_a_place(
    layout: TableLayout, rounds: list[tuple[str, DealtRound]]
) -> None:
    seats, dealer = seat_names(layout), dealer_names(layout)
    for name, round_ in rounds:
        setup = round_.setup
        for seat in setup.seats:
            for spot in [*seat.stakes, *seat.electronic]:
                assert spot.spot.name in seats, f"{name}: seat {seat.seat} {spot} has no spot"
        for meter in setup.meters:
            assert meter.key in dealer, f"{name}: {meter} is not shown"
        for offered in setup.offered_spots:
            assert offered.name in seats | dealer, f"{name}: offered {offered} has no spot"


def test_every_seat_of_a_round_has_a_place(
    layout: TableLayout, rounds: list[tuple[str, DealtRound]]
) -> None:
    for _, round_ in rounds:
        for seat in round_.setup.seats:
            layout.seat_place(seat.seat)
