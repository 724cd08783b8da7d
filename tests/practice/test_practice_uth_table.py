"""An Ultimate Texas Hold 'Em round as it lies on the felt when settlement begins: chips on the
Ante, Blind, Play and side spots, electronic wagers shown as placed, meters, signs, spots."""

from __future__ import annotations

from decimal import Decimal

import pytest
from practice_support import GOLDEN, GOLDEN_DIR, TABLES_DIR
from spot_support import by_label, meter_names, offered_names

from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.dealing import deal_round
from dealer_trainer.games.uth.procedure import build_procedure
from dealer_trainer.games.uth.round import UthRound
from dealer_trainer.games.uth.scenario import load_scenario
from dealer_trainer.games.uth.table import OPENING_INVENTORY, table_setup
from dealer_trainer.games.uth.wagers import UthWager

D = Decimal
TABLES = {path.stem: load_uth_config(path) for path in sorted(TABLES_DIR.glob("uth_*.toml"))}
CHIP_SPOTS = {
    "trips": "Trips",
    "bad_beat": "Bad Beat bonus",
    "play_the_board": "Play the Board",
    "ultimate_pairs": "Ultimate Pairs",
    "six_card_bonus": "Six Card Bonus",
    "progressive": "Progressive Payout Wager",  # chips until collected before the deal
}
ELECTRONIC_SPOTS = {
    "five_card_hand_bonus": "Five Card Hand Bonus",
    "five_card_hand_bonus_dealer": "Five Card Hand Bonus (dealer's hand)",
}


def rounds() -> list[UthRound]:
    found = [load_scenario(path) for path in GOLDEN]
    found += [deal_round(config, seed) for config in TABLES.values() for seed in range(40)]
    return found


ROUNDS = rounds()


def golden(name: str) -> UthRound:
    return load_scenario(GOLDEN_DIR / f"{name}.toml")


def test_chips_lie_where_the_wagers_were_placed() -> None:
    folds = plays = 0
    for round_ in ROUNDS:
        setup = table_setup(round_)
        assert [s.seat for s in setup.seats] == sorted(p.seat for p in round_.seats)
        assert setup.dealer_cards == round_.dealer
        assert setup.board == round_.board
        assert setup.inventory == OPENING_INVENTORY
        for play in round_.seats:
            seat = setup.seat(play.seat)
            stakes, electronic = by_label(seat.stakes), by_label(seat.electronic)
            wagers = play.wagers
            assert seat.cards == play.cards
            assert seat.folded == play.decision.folded
            assert seat.decision == str(play.decision)
            assert stakes["Ante"] == wagers.ante
            assert stakes["Blind"] == wagers.blind_amount
            if play.decision.folded:
                folds += 1
                assert "Play" not in stakes
            else:
                plays += 1
                assert stakes["Play"] == wagers.ante * play.decision.multiple
            for key, spot in CHIP_SPOTS.items():
                amount = getattr(wagers, key)
                assert stakes.get(spot, D(0)) == amount
                assert spot not in electronic
            for key, spot in ELECTRONIC_SPOTS.items():
                amount = getattr(wagers, key)
                assert electronic.get(spot, D(0)) == amount
                assert spot not in stakes, "an electronic wager shows no chips"
            assert all(v > 0 for v in [*seat.stakes.values(), *seat.electronic.values()])
    assert folds and plays


def test_a_concrete_felt() -> None:
    setup = table_setup(golden("fchb_royal_flush_player"))
    folded, raised = setup.seats
    assert (folded.seat, folded.folded, folded.decision) == (1, True, "fold")
    assert by_label(folded.stakes) == {"Ante": D(15), "Blind": D(15)}
    assert raised.decision == "Play 4x before the flop"
    assert by_label(raised.stakes) == {"Ante": D(15), "Blind": D(15), "Play": D(60), "Trips": D(5)}
    assert by_label(raised.electronic) == {"Five Card Hand Bonus": D(1)}
    assert meter_names(setup.meters) == {"Five Card Hand Bonus meter": D(25000)}
    assert setup.game == "Ultimate Texas Hold 'Em"


def test_dealer_hand_bonus_is_electronic() -> None:
    setup = table_setup(golden("fchb_royal_flush_dealer_split"))
    for seat in setup.seats:
        assert by_label(seat.electronic) == {"Five Card Hand Bonus (dealer's hand)": D(1)}
        assert "Five Card Hand Bonus (dealer's hand)" not in by_label(seat.stakes)


@pytest.mark.parametrize(
    ("name", "meters"),
    [
        ("fchb_royal_flush_dealer_split", {"Five Card Hand Bonus meter": D(30000)}),
        # The Must-Hit-By meter shows the round's contributions: $999.97 + $0.05 = $1,000.02.
        (
            "must_hit_by_hit",
            {"Five Card Hand Bonus meter": D(10000), "Must-Hit-By meter": D("1000.02")},
        ),
        ("must_hit_by_no_hit", {"Must-Hit-By meter": D("249.95")}),
        ("trips_c_flush", {}),
    ],
)
def test_meters(name: str, meters: dict[str, Decimal]) -> None:
    assert meter_names(table_setup(golden(name)).meters) == meters


def test_notes_show_the_table_systems_draws() -> None:
    assert table_setup(golden("magic_card_and_lucky_bonus")).notes == (
        "Magic Card: 7♥",
        "Lucky Bonus: seat 3",
    )
    assert table_setup(golden("lucky_bonus_dealer_position")).notes == (
        "Lucky Bonus: dealer position",
    )
    assert table_setup(golden("trips_c_flush")).notes == ()


SIGNS = {
    "uth_plain": ["Ante and Play", "Blind Paytable A", "Trips Paytable A"],
    "uth_all_653b_options": [
        "Ante and Play",
        "Blind Paytable B",
        "Trips Paytable E",
        "Bad Beat bonus Paytable C",
        "Play the Board Paytable A",
        "Ultimate Pairs Paytable F",
        "Five Card Hand Bonus",
        "Magic Card Bonus",
        "Lucky Bonus",
    ],
    "uth_progressive_envy": [
        "Ante and Play",
        "Blind Paytable A",
        "Trips Paytable A",
        "Six Card Bonus",
        "Progressive Payout Wager Paytable P",
    ],
    "uth_red_aces_half_dollar": [
        "Ante and Play",
        "Blind Paytable A",
        "Trips Paytable D",
        "Play the Board Paytable C",
        "Ultimate Pairs Paytable C",
    ],
}


@pytest.mark.parametrize("table", sorted(SIGNS))
def test_one_sign_per_offered_paytable(table: str) -> None:
    config = TABLES[table]
    setup = table_setup(deal_round(config, 1))
    assert [sign.title for sign in setup.signs] == SIGNS[table]
    assert setup.signs[0].rows == (("Win", "1 to 1"),)
    for sign in setup.signs[1:]:
        assert sign.rows and sign.cards
        assert all(hand and odds for hand, odds in sign.rows)


def test_the_blind_sign_reads_the_paytable() -> None:
    setup = table_setup(deal_round(TABLES["uth_plain"], 1))
    blind = dict(setup.signs[1].rows)
    assert blind["Straight"] == "1 to 1"
    assert blind["Royal flush"] == "500 to 1"


OFFERED = {
    "uth_plain": {"Ante", "Blind", "Play", "Trips", "Cards"},
    "uth_progressive_envy": {
        "Ante",
        "Blind",
        "Play",
        "Trips",
        "Cards",
        "Six Card Bonus",
        "Progressive Payout Wager",
        "Progressive meter",
        "Envy Bonus Qualifying Hand",
        "Envy Bonus (another seat's hand)",
        "Table",
    },
}


@pytest.mark.parametrize("table", sorted(OFFERED))
def test_offered_spots(table: str) -> None:
    setup = table_setup(deal_round(TABLES[table], 1))
    assert offered_names(setup.offered_spots) == OFFERED[table]


def test_every_settled_spot_is_offered() -> None:
    for round_ in ROUNDS:
        offered = table_setup(round_).offered_spots
        for step in build_procedure(round_):
            assert step.spot.spot in offered, (round_.config.name, step.describe())
        for seat in table_setup(round_).seats:
            assert {s.spot for s in (*seat.stakes, *seat.electronic)} <= offered


def test_fchb_spots_follow_the_hands_the_table_offers() -> None:
    offered = offered_names(
        table_setup(deal_round(TABLES["uth_all_653b_options"], 1)).offered_spots
    )
    for award in (UthWager.FIVE_CARD_HAND_BONUS, UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS):
        assert award.value in offered
        assert f"{award.value} (dealer's hand)" in offered
    assert {"Five Card Hand Bonus meter", "Must-Hit-By meter", "Progressive meter"} <= offered
