"""How often the table game system draws the Magic Card and a Lucky Bonus position: a Rules
Submission setting (the regulation says only that the system selects them at random), refused
with a clear message when it makes no sense, shown by `dealer-trainer table`, honoured by the
trainer's system and priced by the analyser at the stated share, checked here by settling every
drawn card with the bonus's own settlement."""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.analysis.figures import drawn_figures
from dealer_trainer.analysis.table import game_wagers
from dealer_trainer.cards import Card
from dealer_trainer.cards.deck import Deck
from dealer_trainer.cli import main
from dealer_trainer.games.five_card_hand_bonus import Award, BetOn, FchbDraws, settle
from dealer_trainer.games.let_it_ride.config import parse_let_it_ride_config
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.practice_dealing import fchb_draws, grown_meter
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.errors import DataFileError

SEVEN_SEATS = LuckyDraw.every_seat(7, dealer=False)
TABLE = shipped_tables() / "let_it_ride_five_card_hand_bonus.toml"


def _data(**fchb: Any) -> dict[str, Any]:
    data = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    data["five_card_hand_bonus"].update(fchb)
    return data


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"magic_card_draw_percent": 0}, "above 0 and at most 100 (got 0)"),
        ({"lucky_bonus_draw_percent": 150}, "above 0 and at most 100 (got 150)"),
        ({"magic_card_draw_percent": "often"}, "a percentage of rounds such as 100 or 5"),
        (
            {"magic_card_bonus": False, "magic_card_draw_percent": 5},
            "stated only with magic_card_bonus = true",
        ),
    ],
)
def test_a_bad_draw_share_is_refused_naming_the_field(
    setting: dict[str, Any], message: str
) -> None:
    with pytest.raises(DataFileError) as refused:
        parse_let_it_ride_config(_data(**setting), "casino.toml")
    text = str(refused.value)
    (field,) = (key for key in setting if key.endswith("_draw_percent"))
    assert f"casino.toml: five_card_hand_bonus.{field}: " in text
    assert message in text


def test_the_table_report_says_how_often_each_award_is_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["table", str(TABLE)]) == 0
    shown = capsys.readouterr().out
    assert "Magic Card drawn in 100% of rounds (the trainer's default" in shown
    table = tmp_path / "casino.toml"
    text = TABLE.read_text(encoding="utf-8").replace(
        "lucky_bonus = true", 'lucky_bonus = true\nmagic_card_draw_percent = "2.5"'
    )
    table.write_text(text, encoding="utf-8")
    assert main(["table", str(table)]) == 0
    assert "Magic Card drawn in 2.5% of rounds (the Rules Submission's setting)" in (
        capsys.readouterr().out
    )


def test_the_magic_card_figure_is_the_stated_share_of_settling_every_drawn_card() -> None:
    config = parse_let_it_ride_config(_data(magic_card_draw_percent=5), "t")
    spec = config.five_card_hand_bonus
    assert spec is not None
    hand = tuple(Card(i) for i in (0, 9, 18, 27, 36))
    paid = sum(
        (
            p.paid
            for drawn in range(52)
            for p in settle(
                spec, hand, Decimal(1), BetOn.PLAYER, FchbDraws(Decimal(10_000), Card(drawn)), 1
            ).payouts
            if p.award is Award.MAGIC_CARD_BONUS
        ),
        Decimal(0),
    )
    (award,) = (a for a in game_wagers(config).drawn if a.name.startswith("Magic Card"))
    figure = drawn_figures(award, players=6)
    # A round with a draw pays 20 for 1 on 5 of the 52 cards; 5% of rounds have one.
    assert figure.return_at() == Fraction(5, 100) * Fraction(paid) / 52 == Fraction(5, 52)
    assert "5% of rounds (the Rules Submission's magic_card_draw_percent)" in figure.notes[0]


def test_the_trainers_system_draws_in_the_stated_share_of_rounds() -> None:
    spec = parse_let_it_ride_config(_data(magic_card_draw_percent=10), "t").five_card_hand_bonus
    every = parse_let_it_ride_config(_data(), "t").five_card_hand_bonus
    assert spec is not None and every is not None
    rng = random.Random(3)
    draws = [fchb_draws(spec, rng, SEVEN_SEATS) for _ in range(3_000)]
    with_card = sum(d is not None and d.magic_card is not None for d in draws)
    assert 240 < with_card < 360  # 10% of 3,000, well within four standard deviations
    assert all(d is not None and d.lucky is not None for d in draws)
    # At the default every round draws, consuming the generator exactly as before the setting
    # (so seeded and recorded rounds deal as they did): the meter, the card, the seat.
    drawn = fchb_draws(every, random.Random(9), SEVEN_SEATS)
    again = random.Random(9)
    grown_meter(again, every.meter_reset)
    assert drawn is not None
    assert drawn.magic_card == again.choice(Deck(0).order)
    assert drawn.lucky == again.randint(1, 7)
