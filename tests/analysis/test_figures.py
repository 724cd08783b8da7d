"""The analyser's figures against numbers derived here by a second, simple method: every hand
dealt one by one and named by a classifier written in the test, or the published category
counts, priced with the paytable's printed odds. Published house edges are recomputed, never
quoted from the analyser."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.analysis.figures import WagerFigures
from dealer_trainer.analysis.table import (
    TableAnalysis,
    analyse_config,
    cached,
    from_json,
    render,
    to_json,
)
from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import Procedure
from dealer_trainer.games.three_card_poker.config import parse_three_card_poker_config
from dealer_trainer.games.uth.config import parse_uth_config
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()


def _three_card_name(cards: tuple[Card, ...]) -> str:
    """Three Card Poker's ranking, written from scratch: a straight beats a flush."""
    ranks = sorted(card.rank_index for card in cards)
    suited = len({card.suit_index for card in cards}) == 1
    run = ranks in ([0, 1, 12],) or (ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3)
    if run and suited:
        return "Straight flush"
    if len(set(ranks)) == 1:
        return "Three of a kind"
    if run:
        return "Straight"
    if suited:
        return "Flush"
    if len(set(ranks)) == 2:
        return "Pair"
    return ""


def _return(counts: Counter[str], odds: dict[str, int], total: int) -> Fraction:
    """ "X to 1" on each named hand, the stake lost on anything else."""
    won = sum(counts[name] * x for name, x in odds.items())
    lost = total - sum(counts[name] for name in odds)
    return Fraction(won - lost, total)


def _pair_plus(letter: str) -> WagerFigures:
    config = parse_three_card_poker_config(
        {
            "game": "Three Card Poker",
            "name": f"Pair Plus {letter}",
            "ante": {"minimum": 5, "maximum": 100},
            "pair_plus": {"paytable": letter, "minimum": 5, "maximum": 100},
        },
        "test",
    )
    analysis = analyse_config(config, "test", rounds=0)
    return next(w for w in analysis.wagers if w.name == "Pair Plus")


PAIR_PLUS_ODDS = {
    "C": {"Straight flush": 40, "Three of a kind": 30, "Straight": 6, "Flush": 3, "Pair": 1},
    "D": {"Straight flush": 40, "Three of a kind": 30, "Straight": 6, "Flush": 4, "Pair": 1},
}


@pytest.mark.parametrize(("letter", "published"), [("C", "7.28"), ("D", "2.32")])
def test_pair_plus_equals_dealing_every_three_cards(letter: str, published: str) -> None:
    counts = Counter(_three_card_name(hand) for hand in combinations(map(Card, range(52)), 3))
    expected = _return(counts, PAIR_PLUS_ODDS[letter], 22_100)
    figures = _pair_plus(letter)
    assert figures.return_at() == expected
    assert {row.label: row.combinations for row in figures.rows} == {
        name: counts[name] for name in PAIR_PLUS_ODDS[letter]
    }
    assert round(float(figures.house_edge) * 100, 2) == float(published)  # the 6-3 and 6-4 tables


SEVEN_CARD = {  # the published counts of all 133,784,560 seven-card hands
    "Royal flush": 4_324,
    "Straight flush": 37_260,
    "Four of a kind": 224_848,
    "Full house": 3_473_184,
    "Flush": 4_047_644,
    "Straight": 6_180_020,
    "Three of a kind": 6_461_620,
}
TRIPS_B = {
    "Royal flush": 50,
    "Straight flush": 40,
    "Four of a kind": 30,
    "Full house": 8,
    "Flush": 6,
    "Straight": 5,
    "Three of a kind": 3,
}


@pytest.mark.slow
def test_trips_b_equals_the_published_seven_card_counts_priced_by_hand() -> None:
    config = parse_uth_config(
        {
            "game": "Ultimate Texas Hold 'Em",
            "name": "Trips B",
            "ante": {"minimum": 5, "maximum": 100},
            "blind": {"paytable": "A"},
            "trips": {"paytable": "B", "minimum": 5, "maximum": 100},
        },
        "test",
    )
    trips = next(w for w in analyse_config(config, "test", rounds=0).wagers if w.name == "Trips")
    expected = _return(Counter(SEVEN_CARD), TRIPS_B, 133_784_560)
    assert trips.return_at() == expected
    assert round(float(trips.house_edge) * 100, 2) == 1.90  # the published 8-6-5 Trips edge


def _two_card_pairs(cards: tuple[Card, ...]) -> str:
    """Ultimate Pairs Paytable C's rows for two cards, written from scratch."""
    a, b = sorted(cards, key=lambda card: card.rank_index)
    names = {a.notation, b.notation}
    suited = a.suit_index == b.suit_index
    ace = 12
    if names == {"Ah", "Ad"}:
        return "red aces"
    if a.rank_index == b.rank_index == ace:
        return "aces"
    if b.rank_index == ace and a.rank_index == 11:
        return "AK suited" if suited else "AK"
    if b.rank_index == ace and a.rank_index in (9, 10):
        return "AQ/AJ suited" if suited else "AQ/AJ"
    if a.rank_index == b.rank_index:
        return "KK-JJ" if a.rank_index >= 9 else "TT or less"
    return ""


def test_ultimate_pairs_with_red_aces_equals_dealing_every_two_cards() -> None:
    from dealer_trainer.games.uth.config import load_uth_config

    config = load_uth_config(TABLES / "uth_red_aces_half_dollar.toml")
    pairs = next(
        w for w in analyse_config(config, "t", rounds=0).wagers if w.name == "Ultimate Pairs"
    )
    counts = Counter(_two_card_pairs(hand) for hand in combinations(map(Card, range(52)), 2))
    paid = {row.label: row.net for row in pairs.rows}
    odds = {
        "red aces": paid["Ace of hearts and ace of diamonds"],
        "aces": paid["Ace/ace"],
        "AK suited": paid["Ace/king (suited)"],
        "AK": paid["Ace/king"],
        "AQ/AJ suited": paid["Ace/queen (suited) or ace/jack (suited)"],
        "AQ/AJ": paid["Ace/queen or ace/jack"],
        "KK-JJ": paid["King/king, queen/queen or jack/jack"],
        "TT or less": paid["Pair—10s or less"],
    }
    won = sum(counts[name] * x for name, x in odds.items())
    lost = 1326 - sum(counts[name] for name in odds)
    assert pairs.return_at() == Fraction(won - lost) / 1326
    assert counts["red aces"] == 1


def test_a_progressive_returns_nothing_at_its_break_even_meter() -> None:
    from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config

    config = load_three_card_poker_config(TABLES / "three_card_poker_five_card_bonus.toml")
    analysis = analyse_config(config, "t", rounds=0)
    fchb = next(w for w in analysis.wagers if w.name.startswith("Five Card Hand Bonus"))
    meter = fchb.break_even_meter
    assert meter is not None and meter > 0
    assert fchb.base_return + fchb.meter_slope * meter == 0
    # 4 royal flushes in 2,598,960 hands at 100% of the meter, 36 straight flushes at 10%,
    # per $1 staked: the slope counted by hand.
    assert fchb.meter_slope == Fraction(4 + Fraction(36, 10), 2_598_960)
    assert fchb.rows[0].stake_returned is None and fchb.rows[2].stake_returned is False


def test_procedure_frequencies_follow_the_rows() -> None:
    from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config

    config = load_three_card_poker_config(TABLES / "three_card_poker_five_card_bonus.toml")
    analysis = analyse_config(config, "t", players=3, rounds=0)
    per_100 = analysis.per_hundred_rounds()
    # The Five Card Hand Bonus on the dealer's hand is one hand per round, on the player's hand
    # one per player; each needs a verification on a flush or better (5,108 + 3,744 + 624 + 36
    # + 4 hands in 2,598,960), and the Five-Card Progressive pays on the same five cards.
    flush_or_better = Fraction(5_108 + 3_744 + 624 + 36 + 4, 2_598_960)
    progressive = next(w for w in analysis.wagers if w.name.startswith("Five-Card"))
    paying = sum((row.probability for row in progressive.rows), Fraction(0))
    # Each Magic Card (5 of the 52 cards) and Lucky Bonus (one of the table's 7 seats, empty
    # or not, and the dealer position, as the game deals it) paid is verified too, on the
    # player's hands and once on the dealer's.
    awards = (3 + 1) * Fraction(5, 52) + (3 + 1) * Fraction(1, 7 + 1)
    assert per_100[Procedure.VERIFY] == 100 * ((3 + 1) * flush_or_better + 3 * paying + awards)
    assert per_100[Procedure.METER_RESET] > 0
    assert per_100[Procedure.PAYOUT_CAP] == 0


def test_text_and_json_say_exact_and_round_trip(tmp_path: Path) -> None:
    from dealer_trainer.games.uth.config import load_uth_config

    config = load_uth_config(TABLES / "uth_red_aces_half_dollar.toml")
    analysis = analyse_config(config, "uth_red_aces_half_dollar.toml", rounds=0)
    text = "\n".join(render(analysis))
    assert "[exact]" in text and "Not analysed:" in text
    assert "Ante: simulated only (Commonly published basic strategy)" in text
    assert from_json(to_json(analysis)) == analysis


def test_the_cache_is_keyed_by_the_rules_submission_content(tmp_path: Path) -> None:
    calls: list[int] = []
    empty = TableAnalysis("t", "g", "s", 6, (), ())

    def compute() -> TableAnalysis:
        calls.append(1)
        return empty

    def refuse() -> Any:
        raise AssertionError("computed twice")

    assert cached(b"content", "6", tmp_path, compute) == empty
    assert cached(b"content", "6", tmp_path, refuse) == empty
    cached(b"other content", "6", tmp_path, compute)
    cached(b"content", "5", tmp_path, compute)
    assert len(calls) == 3
    for path in tmp_path.iterdir():
        path.write_text("not json")
    cached(b"content", "6", tmp_path, compute)
    assert len(calls) == 4


@pytest.mark.slow
def test_queens_dragon_equals_counting_rank_sets_and_suits_by_hand() -> None:
    from dealer_trainer.analysis.figures import exact_figures
    from dealer_trainer.games.pai_gow.analysis import table_wagers
    from dealer_trainer.games.pai_gow.config import load_pai_gow_config

    # Seven different ranks, queen high (so no ace and no joker), no five in a row, and no
    # five or more cards of one suit: rank sets counted here, suit patterns by inclusion.
    sets = sum(
        1
        for low in combinations(range(10), 6)  # 2 through J, with the queen (10) added
        if not any(all(r + i in (*low, 10) for i in range(5)) for r in range(7))
    )
    no_flush = 4**7 - 4 * (21 * 9 + 7 * 3 + 1)
    config = load_pai_gow_config(TABLES / "pai_gow_ez_all_options.toml")
    (dragon,) = (w for w in table_wagers(config).hand_wagers if w.name == "Queen's Dragon")
    figures = exact_figures(dragon)
    assert figures.rows[0].combinations == sets * no_flush
    assert figures.deals == 154_143_080  # C(53, 7)


def test_a_simulation_is_labelled_and_repeats_from_its_seed() -> None:
    from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config

    config = load_three_card_poker_config(TABLES / "three_card_poker_plain.toml")
    first = analyse_config(config, "t", rounds=1_500, seed=7)
    again = analyse_config(config, "t", rounds=1_500, seed=7)
    other = analyse_config(config, "t", rounds=1_500, seed=8)
    simulated = [w for w in first.wagers if w.method.value == "simulated"]
    assert [w.name for w in simulated] == ["Ante", "Play", "Ante + Play"]
    assert all(w.half_width and w.half_width > 0 for w in simulated)
    assert first == again and first != other
    ante, play, both = simulated
    assert both.base_return == pytest.approx(float(ante.base_return + play.base_return))
    text = "\n".join(render(first))
    assert "[simulated, 95% CI +/- " in text and "1,500 rounds, seed 7" in text
