"""The figures added for issue 20's open parts, each against a second, simple method written
here: Red/Black by dealing the 53 cards one at a time into a count of colours, the Magic Card
and Lucky Bonus by settling every draw with the bonus's own settlement, the UTH dealer-hand
grouping by settling all 990 dealer hands one by one, and the shared pass by counting each
wager alone."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from math import comb

import pytest

from dealer_trainer.analysis.figures import _COUNTS, count_together, drawn_figures, exact_figures
from dealer_trainer.analysis.table import analyse_config, game_wagers
from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import HandWager, PaidRow
from dealer_trainer.games.five_card_hand_bonus import Award, BetOn, FchbDraws, settle
from dealer_trainer.games.pai_gow.analysis import table_wagers as pai_gow_wagers
from dealer_trainer.games.pai_gow.config import load_pai_gow_config
from dealer_trainer.games.uth.analysis import dealer_outcome_classes
from dealer_trainer.games.uth.config import load_uth_config
from dealer_trainer.games.uth.hands import Deal
from dealer_trainer.games.uth.outcomes import (
    settle_ante,
    settle_bad_beat,
    settle_blind,
    settle_play,
    showdown,
)
from dealer_trainer.games.uth.strategy import basic_strategy
from dealer_trainer.hands.counting import HandDealt, outcome_counts
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.odds import Odds

TABLES = shipped_tables()


def test_red_black_equals_dealing_the_deck_card_by_card_into_colour_counts() -> None:
    # ways[n][r]: hands of n cards holding r red cards, built one card at a time over the 26
    # red, 26 black and the joker (neither colour on this table).
    ways = [[0] * 8 for _ in range(8)]
    ways[0][0] = 1
    for colour in ["red"] * 26 + ["black"] * 26 + ["joker"]:
        for n in range(7, 0, -1):
            for r in range(8):
                ways[n][r] += ways[n - 1][r - 1] if colour == "red" and r else 0
                ways[n][r] += ways[n - 1][r] if colour != "red" else 0
    hands = ways[7]
    assert sum(hands) == comb(53, 7)
    odds = {7: 5, 6: 1, 5: 1, 4: 1}  # § 645a.13(i)
    expected = Fraction(sum(hands[r] * odds.get(r, -1) for r in range(8)), comb(53, 7))
    config = load_pai_gow_config(TABLES / "pai_gow_ez_all_options.toml")
    (red_black,) = (w for w in pai_gow_wagers(config).hand_wagers if w.name == "Red/Black")
    figures = exact_figures(red_black)
    assert [row.combinations for row in figures.rows] == [hands[7], hands[6], hands[5], hands[4]]
    assert figures.return_at() == expected
    assert figures.deals == comb(53, 7)


def _bonus_figures(name: str) -> Fraction:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    (drawn,) = (a for a in game_wagers(config).drawn if a.name == name)
    award = drawn_figures(drawn, players=6)
    assert not award.stake_at_risk
    return award.return_at()


def test_magic_card_equals_settling_every_drawn_card() -> None:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    spec = config.five_card_hand_bonus
    assert spec is not None and spec.magic_card_bonus
    hand = tuple(Card(i) for i in (0, 9, 18, 27, 36))
    paid = Decimal(0)
    for drawn in range(52):
        draws = FchbDraws(Decimal(10_000), magic_card=Card(drawn))
        result = settle(spec, hand, Decimal(1), BetOn.PLAYER, draws, 1)
        paid += sum(
            (p.paid for p in result.payouts if p.award is Award.MAGIC_CARD_BONUS), Decimal(0)
        )
    assert paid == 100  # five cards of the 52, 20 for 1 each
    assert _bonus_figures("Magic Card Bonus on the player's hand") == Fraction(paid) / 52


def test_lucky_bonus_equals_settling_every_selected_position() -> None:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    spec = config.five_card_hand_bonus
    assert spec is not None and spec.lucky_bonus and BetOn.DEALER in spec.bet_on
    hand = tuple(Card(i) for i in (0, 9, 18, 27, 36))
    positions = range(7)  # the dealer position (0) and six seated players
    paid = Decimal(0)
    for lucky in positions:
        result = settle(
            spec, hand, Decimal(1), BetOn.PLAYER, FchbDraws(Decimal(10_000), lucky=lucky), 3
        )
        paid += sum((p.paid for p in result.payouts if p.award is Award.LUCKY_BONUS), Decimal(0))
    assert _bonus_figures("Lucky Bonus on the player's hand") == Fraction(paid) / len(positions)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uth_dealer_hand_groups_equal_settling_all_990_dealer_hands(seed: int) -> None:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    strategy = basic_strategy()
    rng = random.Random(seed)
    cards = rng.sample([Card(i) for i in range(52)], 7)
    player, board = (cards[0], cards[1]), tuple(cards[2:])
    decision = strategy.decide(player, board)
    stake = Decimal(1)

    def nets(deal: Deal) -> tuple[Decimal, ...]:
        show = showdown(deal, config.rules)
        played = settle_play(config, show, stake, decision)
        return (
            settle_ante(config, show, stake, decision).net,
            settle_blind(config, show, stake, decision).net,
            played.net if played is not None else Decimal(0),
            settle_bad_beat(config, show, stake, decision).net,
        )

    rest = [Card(i) for i in range(52) if Card(i) not in cards]
    one_by_one = [Decimal(0)] * 4
    dealt = 0
    for i, first in enumerate(rest):
        for second in rest[i + 1 :]:
            dealt += 1
            for k, net in enumerate(nets(Deal(player, (first, second), board))):  # type: ignore[arg-type]
                one_by_one[k] += net
    grouped = [Decimal(0)] * 4
    classes = dealer_outcome_classes(config, player, board)
    assert sum(count for _, count in classes) == dealt == 990
    for deal, count in classes:
        for k, net in enumerate(nets(deal)):
            grouped[k] += net * count
    assert grouped == one_by_one


def test_wagers_dealt_alike_are_counted_in_one_pass_exactly_as_alone() -> None:
    dealt = HandDealt(5, 5)
    rows = (PaidRow("any", Odds.to(1)),)

    def rank(cards: tuple[Card, ...]) -> str:
        return evaluate_five(cards).rank.value

    def high(cards: tuple[Card, ...]) -> int:
        return max(card.rank_index for card in cards)

    wagers = [
        HandWager("rank", "rank", "five", "t", dealt, "test rank", rank, lambda o: 0, rows),
        HandWager("high", "high", "five", "t", dealt, "test high", high, lambda o: 0, rows),
    ]
    for wager in wagers:
        _COUNTS.pop((dealt, wager.key), None)
    count_together(wagers)
    assert _COUNTS[(dealt, "test rank")] == outcome_counts(dealt, rank)
    assert _COUNTS[(dealt, "test high")] == outcome_counts(dealt, high)
    assert isinstance(_COUNTS[(dealt, "test high")], Counter)


def test_let_it_ride_caps_at_the_maximum_wager_equal_listing_quads_by_rank_and_kicker() -> None:
    from itertools import combinations as choose

    from dealer_trainer.games.let_it_ride.analysis import payout_caps
    from dealer_trainer.games.let_it_ride.config import load_let_it_ride_config
    from dealer_trainer.games.let_it_ride.dealing import decide
    from dealer_trainer.games.let_it_ride.outcomes import settle_let_it_ride
    from dealer_trainer.games.let_it_ride.wagers import LetItRideWager

    config = load_let_it_ride_config(TABLES / "let_it_ride_all_bonuses.toml")
    assert config.payout_limit == 50_000 and config.let_it_ride.maximum == 500
    # Paytable A at $500 a wager: a royal (1,000 to 1) or straight flush (200 to 1) is capped on
    # one wager, four of a kind (50 to 1) only with all three riding, a full house never.
    arrangements = 20
    capped = (4 + 36) * arrangements  # royal and straight flushes, published counts
    for rank in range(13):
        quads = [Card(rank * 4 + suit) for suit in range(4)]
        for kicker in (Card(i) for i in range(52) if i // 4 != rank):
            hand = [*quads, kicker]
            for three in choose(range(5), 3):
                rest = [i for i in range(5) if i not in three]
                for order in (rest, rest[::-1]):
                    cards = [hand[i] for i in three]
                    community = [hand[i] for i in order]
                    decision = decide(cards, community)
                    riding = {LetItRideWager.WAGER_3: Decimal(500)}
                    if not decision.withdraw_first:
                        riding[LetItRideWager.WAGER_1] = Decimal(500)
                    if not decision.withdraw_second:
                        riding[LetItRideWager.WAGER_2] = Decimal(500)
                    paid = sum(o.paid for o in settle_let_it_ride(config, cards, community, riding))
                    capped += paid == 50_000 and len(riding) == 3
    caps = payout_caps(config)
    assert caps is not None
    assert caps.chance == Fraction(capped, comb(52, 5) * arrangements)
    analysis = analyse_config(config, "t", players=6, rounds=0)
    from dealer_trainer.engine.wager_analysis import Procedure

    assert analysis.per_hundred_rounds()[Procedure.PAYOUT_CAP] == 600 * caps.chance > 0


def test_an_ante_bonus_not_paid_on_a_higher_dealer_hand_is_simulated_below_the_exact_one() -> None:
    import tomllib

    from dealer_trainer.games.four_card_poker.config import parse_four_card_poker_config

    data = tomllib.loads((TABLES / "four_card_poker_plain.toml").read_text(encoding="utf-8"))
    always = parse_four_card_poker_config(data, "t")
    data.setdefault("rules", {})["ante_bonus_when_dealer_wins"] = False
    not_higher = parse_four_card_poker_config(data, "t")
    (exact,) = (w for w in analyse_config(always, "t", rounds=0).wagers if w.name == "Ante Bonus")
    analysis = analyse_config(not_higher, "t", rounds=4_000, seed=5)
    assert not [n for n in analysis.not_analysed if n.name == "Ante Bonus"]
    (simulated,) = (w for w in analysis.wagers if w.name == "Ante Bonus")
    assert simulated.method.value == "simulated" and simulated.half_width
    # It pays on a subset of the hands the exact figure pays on: its interval reaches below
    # that figure, and it pays something.
    assert 0 < simulated.base_return - simulated.half_width < exact.return_at()


def test_must_hit_by_equals_running_the_meter_over_every_cent_it_may_hit_at() -> None:
    config = load_uth_config(TABLES / "uth_all_653b_options.toml")
    mhb = config.must_hit_by_configuration()
    assert mhb is not None
    step = mhb.minimum_wager * mhb.contribution_percent / 100  # one qualifying wager's share
    awards = contributions = Decimal(0)
    triggers = 0
    value = mhb.minimum_value
    while value <= mhb.maximum_value:  # every RNG value to the cent, equally likely
        wagers = int((value - mhb.minimum_value) // step) + 1  # the first to pass it hits
        awards += mhb.minimum_value + wagers * step
        contributions += wagers * step
        triggers += 1
        value += Decimal("0.01")
    returned = Fraction(awards / contributions) * Fraction(step / mhb.minimum_wager)
    (drawn,) = (a for a in game_wagers(config).drawn if a.name == "Must-Hit-By Mystery bonus")
    figure = drawn_figures(drawn, players=6)
    # The analyser leaves out the last wager's overshoot (at most one share), nothing more.
    assert abs(figure.return_at() - returned) < Fraction(1, 1000) * returned


def test_a_control_equal_to_the_net_gives_its_exact_mean_with_no_spread() -> None:
    from dealer_trainer.analysis.simulation import simulate
    from dealer_trainer.engine.wager_analysis import ControlVariate, SimulatedWagers

    def high_card(cards: tuple[Card, ...]) -> int:
        return cards[0].rank_index

    def play(rng: random.Random) -> tuple[Decimal, Decimal]:
        rank = Decimal(rng.randrange(52) // 4)
        return rank, rank

    # One card dealt: its rank index, 0 to 12, each 4 cards in 52: mean 6 exactly.
    control = ControlVariate("Rank", HandDealt(1, 2), "test rank", high_card, Fraction)
    spec = SimulatedWagers(
        "t", "none", "unit", "one card", "t", ("Rank",), play, (), (), (control,)
    )
    (figure,) = simulate(spec, rounds=500, seed=3)
    assert figure.base_return == 6 and figure.half_width == 0


def test_uth_blind_interval_narrows_with_its_control() -> None:
    from msgspec.structs import replace

    from dealer_trainer.analysis.simulation import simulate

    config = load_uth_config(TABLES / "uth_plain.toml")
    (spec,) = game_wagers(config).simulated
    assert spec.controls
    steadied = {f.name: f for f in simulate(spec, rounds=1_500, seed=4)}
    plain = {f.name: f for f in simulate(replace(spec, controls=()), rounds=1_500, seed=4)}
    blind = "Blind"
    assert steadied[blind].half_width and plain[blind].half_width
    assert steadied[blind].half_width * 2 < plain[blind].half_width
    # Both estimate the same Blind: their intervals overlap.
    gap = abs(steadied[blind].base_return - plain[blind].base_return)
    assert gap < steadied[blind].half_width + plain[blind].half_width


def test_uth_play_and_sum_intervals_narrow_with_the_controls() -> None:
    from msgspec.structs import replace

    from dealer_trainer.analysis.simulation import simulate

    config = load_uth_config(TABLES / "uth_plain.toml")
    (spec,) = game_wagers(config).simulated
    steadied = {f.name: f for f in simulate(spec, rounds=1_500, seed=4)}
    plain = {f.name: f for f in simulate(replace(spec, controls=()), rounds=1_500, seed=4)}
    for name in ("Play", "Ante + Blind + Play"):
        narrow, wide = steadied[name].half_width, plain[name].half_width
        assert narrow and wide and narrow < wide * Fraction(4, 5), name
        gap = abs(steadied[name].base_return - plain[name].base_return)
        assert gap < narrow + wide, name
