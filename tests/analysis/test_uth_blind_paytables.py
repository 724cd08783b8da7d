"""The Blind of uth_all_653b_options costs the player about 3.8% of the Ante more than uth_plain's:
a real difference, not a fault. That table's Rules Submission selects Blind Paytable B, on
which a straight pushes, where Paytable A (uth_plain) pays it 1 to 1 (§ 653a.12(b)); the Blind
is paid only when the player's hand outranks the dealer's. So on the same rounds the two Blinds
differ by exactly the share of rounds in which the player plays, holds a straight and beats the
dealer, which this test counts by a second, simple method: each dealer hand settled one by one
by the scalar seven-card evaluator."""

from __future__ import annotations

import random
import tomllib

from msgspec.structs import replace

from dealer_trainer.analysis.simulation import simulate
from dealer_trainer.analysis.table import game_wagers
from dealer_trainer.cards import Card
from dealer_trainer.games.uth.config import parse_uth_config
from dealer_trainer.games.uth.strategy import basic_strategy
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five, seven_card_strength
from dealer_trainer.resources import shipped_tables

PLAIN = shipped_tables() / "uth_plain.toml"


def _blind(paytable: str, rounds: int, seed: int) -> float:
    data = tomllib.loads(PLAIN.read_text(encoding="utf-8"))
    data["blind"]["paytable"] = paytable
    config = parse_uth_config(data, f"blind {paytable}")
    (spec,) = game_wagers(config).simulated
    (blind,) = (f for f in simulate(replace(spec, controls=()), rounds, seed) if f.name == "Blind")
    assert blind.paytable.startswith(f"Blind Paytable {paytable} (")
    return float(blind.base_return)


def test_blind_a_less_blind_b_is_the_straights_that_beat_the_dealer() -> None:
    rounds, seed = 400, 11
    difference = _blind("A", rounds, seed) - _blind("B", rounds, seed)
    strategy = basic_strategy()
    rng = random.Random(seed)  # the rounds the analyser dealt: seven cards each
    deck = [Card(index) for index in range(52)]
    won_with_straights = 0
    for _ in range(rounds):
        cards = rng.sample(deck, 7)
        player, board = cards[:2], cards[2:]
        if strategy.decide(player, board).folded:
            continue
        if best_five(cards).rank is not HandRank.STRAIGHT:
            continue
        mine = seven_card_strength(cards)
        rest = [card for card in deck if card not in cards]
        for i, first in enumerate(rest):
            for second in rest[i + 1 :]:
                won_with_straights += mine > seven_card_strength((first, second, *board))
    assert won_with_straights > 0
    assert abs(difference - won_with_straights / (990 * rounds)) < 1e-12
