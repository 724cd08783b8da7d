"""The analyser's Lucky Bonus follows whom the trainer's own dealing draws the Lucky position
among: the seated bettors (and the dealer) in Ultimate Texas Hold 'Em, every seat of the table,
empty or not, in Three Card Poker (with the dealer position) and Let It Ride (no dealer hand).
Each figure is checked twice by a second method written here: 1/(positions) counted by hand
from the table's seats, and the share of many seeded rounds, dealt by the game's real dealing,
in which one seated bettor's position is selected."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import sqrt
from typing import Any

import pytest

from dealer_trainer.analysis.figures import drawn_figures
from dealer_trainer.analysis.table import game_wagers
from dealer_trainer.cli import main
from dealer_trainer.games.let_it_ride.config import load_let_it_ride_config
from dealer_trainer.games.let_it_ride.dealing import deal_let_it_ride_round
from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config
from dealer_trainer.games.three_card_poker.dealing import deal_three_card_round
from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.dealing import deal_round
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
LUCKY = "Lucky Bonus on the player's hand"
ROUNDS = 1_500


def _uth_selected(config: Any, seed: int, seats: tuple[int, ...], watched: int) -> bool:
    round_ = deal_round(config, seed, seats, side_wager_chance=1.0)
    return round_.draws.lucky_seat == watched


def _three_card_selected(config: Any, seed: int, seats: tuple[int, ...], watched: int) -> bool:
    round_ = deal_three_card_round(config, seed, seats, side_chance=1.0, bonus_chance=1.0)
    return round_.fchb is not None and round_.fchb.lucky == watched


def _let_it_ride_selected(config: Any, seed: int, seats: tuple[int, ...], watched: int) -> bool:
    round_ = deal_let_it_ride_round(config, seed, seats, bonus_chance=1.0)
    return round_.fchb is not None and round_.fchb.lucky == watched


Selected = Callable[[Any, int, tuple[int, ...], int], bool]

CASES: list[tuple[str, Callable[[Any], Any], Selected, int, Fraction]] = [
    # Three seated bettors, each with the bonus on both hands: the bettors and the dealer.
    ("uth_all_653b_options.toml", load_uth_config, _uth_selected, 3, Fraction(1, 3 + 1)),
    # Three of seven seats taken: all seven seats and the dealer position are drawn among.
    (
        "three_card_poker_five_card_bonus.toml",
        load_three_card_poker_config,
        _three_card_selected,
        3,
        Fraction(1, 7 + 1),
    ),
    # Let It Ride has no dealer hand: the seven seats.
    (
        "let_it_ride_five_card_hand_bonus.toml",
        load_let_it_ride_config,
        _let_it_ride_selected,
        3,
        Fraction(1, 7),
    ),
]


def _lucky_chance(config: Any, players: int) -> Fraction:
    (award,) = (a for a in game_wagers(config).drawn if a.name == LUCKY)
    figure = drawn_figures(award, players)
    (row,) = figure.rows
    return row.probability


@pytest.mark.parametrize(("table", "load", "selected", "players", "by_hand"), CASES)
def test_the_lucky_bonus_figure_is_one_over_the_positions_the_dealing_draws_among(
    table: str,
    load: Callable[[Any], Any],
    selected: Selected,
    players: int,
    by_hand: Fraction,
) -> None:
    config = load(TABLES / table)
    assert config.five_card_hand_bonus.lucky_bonus_draw_share == 1  # drawn every round
    assert _lucky_chance(config, players) == by_hand

    seats = tuple(range(1, players + 1))
    hits = sum(selected(config, seed, seats, 2) for seed in range(ROUNDS))
    share = float(by_hand)
    spread = 4 * sqrt(share * (1 - share) / ROUNDS)
    assert abs(hits / ROUNDS - share) < spread, (hits, ROUNDS, share)


def test_more_players_than_the_table_seats_is_refused_by_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = TABLES / "let_it_ride_five_card_hand_bonus.toml"
    args = ["analyse", str(table), "--players", "8", "--rounds", "0", "--no-cache"]
    assert main(args) == 2
    assert "players: a table of this game seats 1 to 7, not 8" in capsys.readouterr().err
