"""The Four-Card and Five-Card Progressive Payout Wagers of Four Card Poker (§ 641a.1) and Crazy
4 Poker (§ 657a.1): a Rules Submission states them with clear errors, a scenario places them,
the felt shows them, and targeted deals reach their hands."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import Spot
from dealer_trainer.games.best_four_progressive import (
    ENVY_HAND,
    FIVE,
    FOUR,
    METER,
    progressive_hand,
)
from dealer_trainer.games.crazy_4_poker.config import parse_crazy_4_poker_config
from dealer_trainer.games.crazy_4_poker.procedure import build_procedure as crazy_4_procedure
from dealer_trainer.games.crazy_4_poker.scenario import parse_crazy_4_poker_scenario
from dealer_trainer.games.crazy_4_poker.table import table_setup as crazy_4_setup
from dealer_trainer.games.crazy_4_poker.targets import TARGETS as CRAZY_4_TARGETS
from dealer_trainer.games.four_card_poker.config import parse_four_card_poker_config
from dealer_trainer.games.four_card_poker.procedure import build_procedure as four_card_procedure
from dealer_trainer.games.four_card_poker.scenario import parse_four_card_poker_scenario
from dealer_trainer.games.four_card_poker.table import table_setup as four_card_setup
from dealer_trainer.games.four_card_poker.targets import TARGETS as FOUR_CARD_TARGETS
from dealer_trainer.games.scenario_support import file_resolver
from dealer_trainer.games.targeting import Target, TargetError
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError, read_toml

TABLES = shipped_tables()
FOUR_CARD_POKER = TABLES / "four_card_poker_progressive_envy.toml"
CRAZY_4_POKER = TABLES / "crazy_4_poker_progressive_envy.toml"
GAMES: dict[str, tuple[Path, Callable[..., Any], Callable[..., Any]]] = {
    "Four Card Poker": (
        FOUR_CARD_POKER,
        parse_four_card_poker_config,
        parse_four_card_poker_scenario,
    ),
    "Crazy 4 Poker": (CRAZY_4_POKER, parse_crazy_4_poker_config, parse_crazy_4_poker_scenario),
}
BUILD = {"Four Card Poker": four_card_procedure, "Crazy 4 Poker": crazy_4_procedure}
SETUP = {"Four Card Poker": four_card_setup, "Crazy 4 Poker": crazy_4_setup}
D = Decimal


def _table(game: str, **changes: dict[str, Any]) -> dict[str, Any]:
    data = dict(read_toml(GAMES[game][0]))
    for section, fields in changes.items():
        data[section] = {**data[section], **fields}
    return data


def _errors(game: str, data: dict[str, Any]) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        GAMES[game][1](data, "rules_submission.toml")
    return caught.value


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_tables_offer_both_progressives_with_their_envy_bonuses(game: str) -> None:
    config = GAMES[game][1](read_toml(GAMES[game][0]), GAMES[game][0])
    assert config.four_card_progressive is not None and config.five_card_progressive is not None
    report = "\n".join(config.describe())
    assert "Four-Card Progressive Payout Wager Paytable P  $1-$1" in report
    assert "meter rises by 20% of each wager" in report
    assert "Envy Bonus: $500 to each other Five-Card Progressive Payout Wager bettor" in report
    assert "dropped before the deal" in report


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("section", "change", "field", "words"),
    [
        (
            "four_card_progressive",
            {"envy_qualifying_hand": "Three of a kind"},
            "four_card_progressive.envy_qualifying_hand",
            "four of a kind, or a straight flush",
        ),
        (
            "five_card_progressive",
            {"envy_qualifying_hand": "Four of a kind"},
            "five_card_progressive.envy_qualifying_hand",
            "straight flush or better",
        ),
        (
            "four_card_progressive",
            {"rows": [{"hand": "Two pair", "odds": "5 for 1"}]},
            "four_card_progressive.rows[0].hand",
            "'Three of a kind'",
        ),
        (
            "five_card_progressive",
            {"rows": [{"hand": "Flush", "odds": "5 to 1"}]},
            "five_card_progressive.rows[0].odds",
            "'X for 1' or 'N% of meter'",
        ),
        ("five_card_progressive", {"envy": -5}, "five_card_progressive.envy", "positive"),
        (
            "four_card_progressive",
            {"rate_of_progression_percent": None},
            "four_card_progressive.rate_of_progression_percent",
            "",
        ),
    ],
)
def test_a_progressive_the_code_does_not_allow_is_refused_naming_the_field(
    game: str, section: str, change: dict[str, Any], field: str, words: str
) -> None:
    fields = {k: v for k, v in change.items() if v is not None}
    data = _table(game, **{section: fields})
    if None in change.values():
        data[section] = {k: v for k, v in data[section].items() if k not in change}
    error = _errors(game, data)
    assert field in error.fields
    assert words in str(error)


@pytest.mark.parametrize("game", GAMES)
def test_a_four_card_straight_flush_envy_needs_the_row_in_the_paytable(game: str) -> None:
    """§§ 641a.1, 657a.1: a straight flush qualifies for the Four-Card Envy Bonus only where the
    paytable the property selected includes it."""
    rows = [
        {"hand": "Four of a kind", "odds": "100% of meter"},
        {"hand": "Three of a kind", "odds": "5 for 1"},
    ]
    data = _table(
        game, four_card_progressive={"rows": rows, "envy_qualifying_hand": "Straight flush"}
    )
    error = _errors(game, data)
    assert error.fields == ("four_card_progressive.envy_qualifying_hand",)
    assert "only where the paytable selected includes it" in str(error)


def _scenario(game: str, tmp: Path, **extra: Any) -> dict[str, Any]:
    dealer = "Kd Qh 8h 5c 3d 2h" if game == "Four Card Poker" else "Kd Qh 8h 5c 3d"
    seats = extra.pop(
        "seats", [{"seat": 3, "cards": "7c 7d 6s 4c 9d", "ante": "10", "decision": "play 1x"}]
    )
    return {"table": str(GAMES[game][0]), "dealer": dealer, "seats": seats, **extra}


@pytest.mark.parametrize("game", GAMES)
def test_a_scenario_is_refused_without_the_meter_a_placed_progressive_may_pay(
    game: str, tmp_path: Path
) -> None:
    data = _scenario(game, tmp_path)
    data["seats"][0]["five_card_progressive"] = "1"
    with pytest.raises(DataFileError, match="five_card_meter: the Five-Card Progressive"):
        GAMES[game][2](data, str(tmp_path / "s.toml"), file_resolver(tmp_path / "s.toml"))
    data["five_card_meter"] = "30000"
    data["seats"][0]["five_card_progressive"] = "2"
    with pytest.raises(DataFileError, match=r"outside the table's limits, \$1 to \$1"):
        GAMES[game][2](data, str(tmp_path / "s.toml"), file_resolver(tmp_path / "s.toml"))


@pytest.mark.parametrize(
    ("game", "plain"),
    [
        ("Four Card Poker", "four_card_poker_plain.toml"),
        ("Crazy 4 Poker", "crazy_4_poker_plain.toml"),
    ],
)
def test_a_progressive_on_a_table_without_one_is_refused(
    game: str, plain: str, tmp_path: Path
) -> None:
    data = _scenario(game, tmp_path)
    data["table"] = str(TABLES / plain)
    data["seats"][0]["four_card_progressive"] = "1"
    with pytest.raises(
        DataFileError, match="does not offer the Four-Card Progressive Payout Wager"
    ):
        GAMES[game][2](data, str(tmp_path / "s.toml"), file_resolver(tmp_path / "s.toml"))


@pytest.mark.parametrize("game", GAMES)
def test_a_progressive_kept_in_action_after_a_fold_is_settled_at_the_players_turn(
    game: str, tmp_path: Path
) -> None:
    """``on_fold = "stays in action until settled"``: the folded player's cards stay, the
    trips are paid at the player's turn, and a folded hand still earns no Envy Bonus."""
    data = _scenario(
        game,
        tmp_path,
        five_card_meter="30000",
        seats=[
            {
                "seat": 3,
                "cards": "7c 7d 7s 4c 9d",
                "ante": "10",
                "decision": "fold",
                "five_card_progressive": "1",
            }
        ],
    )
    data["table"] = _table(game, five_card_progressive={"on_fold": "stays in action until settled"})
    round_ = GAMES[game][2](data, str(tmp_path / "s.toml"), file_resolver(tmp_path / "s.toml"))
    steps = [s.describe() for s in BUILD[game](round_)]
    assert "Seat 3 Five-Card Progressive Payout Wager: pay $9" in steps
    reveal = steps.index("Dealer Hand: set hand")
    assert steps.index("Seat 3 Cards: discard") > reveal
    assert steps.index("Seat 3 Ante: collect $10") < reveal


@pytest.mark.parametrize("game", GAMES)
def test_the_felt_shows_the_progressive_spots_meters_and_envy_signs(
    game: str, tmp_path: Path
) -> None:
    data = _scenario(game, tmp_path, four_card_meter="12000.50", five_card_meter="30000")
    data["seats"][0]["four_card_progressive"] = "1"
    round_ = GAMES[game][2](data, str(tmp_path / "s.toml"), file_resolver(tmp_path / "s.toml"))
    setup = SETUP[game](round_)
    assert setup.meters[METER[FOUR]] == D("12000.50")
    assert setup.meters[METER[FIVE]] == D("30000")
    assert {
        Spot(FOUR),
        Spot(FIVE),
        Spot(ENVY_HAND[FOUR]),
        Spot(ENVY_HAND[FIVE]),
    } <= setup.offered_spots
    names = {sign.title for sign in setup.signs}
    assert {
        "Four-Card Progressive Payout Wager Paytable P",
        "Five-Card Progressive Payout Wager Paytable P",
    } <= names
    envy_rows = [
        label for sign in setup.signs for label, _ in sign.rows if label.startswith("Envy")
    ]
    assert len(envy_rows) == 2
    (seat,) = setup.seats
    assert any(stake.spot.kind is FOUR for stake in seat.stakes)


@pytest.mark.parametrize(
    ("game", "targets"),
    [("Four Card Poker", FOUR_CARD_TARGETS), ("Crazy 4 Poker", CRAZY_4_TARGETS)],
)
def test_targeted_deals_reach_the_progressive_hands(game: str, targets: Any) -> None:
    config = GAMES[game][1](read_toml(GAMES[game][0]), GAMES[game][0])
    wanted = [
        Target("seat 3", "Four of a kind", "Four-Card Progressive Payout Wager"),
        Target("seat 5", "Straight flush", "Five-Card Progressive"),
        Target("seat 1", "One pair", "Five-Card Progressive Payout Wager"),
    ]
    for seed in range(5):
        round_ = targets.generate(config, seed, wanted)
        three, five, one = (round_.seat(s) for s in (3, 5, 1))
        assert progressive_hand(FOUR, three.cards).rank is HandRank.FOUR_OF_A_KIND
        assert progressive_hand(FIVE, five.cards).rank in (
            HandRank.STRAIGHT_FLUSH,
            HandRank.ROYAL_FLUSH,
        )
        assert three.progressive_stake(FOUR) and five.progressive_stake(FIVE)
        assert one.progressive_stake(FIVE) and not one.folded
        procedure = BUILD[game](round_)
        paid = [s for s in procedure if s.action is Action.PAY_ENVY and s.seat == 1]
        assert paid, "seat 1's Five-Card wager earns the Envy Bonus for seat 5's hand"
    with pytest.raises(
        TargetError, match="the dealer places no Four-Card Progressive Payout Wager"
    ):
        targets.generate(config, 0, [Target("dealer", "Four of a kind", "Four-Card Progressive")])
