"""How fast a constrained deal is built, beside dealing random rounds until the target happens.

Run: .venv/bin/python benchmarks/constrained_deals.py [--rounds 300] [--repeat 3] [--budget 2]
     [--no-rejection] [--case TEXT]

For the rarest targets of every game, prints the CPU time (``time.thread_time``) to generate one
round per target list, p50 and p99 over ``--rounds`` seeds times ``--repeat`` passes: "construct"
is the game's own round (games/<game>/targets.py ``generate``, the table file already read),
"dealt round" the whole ``DealtRound`` the trainer settles (practice/targets.py
``generate_round``: the round plus its procedure, table setup and dealing sequence). The passes
are interleaved: each pass times every case once before the next begins, so a busy spell on a
shared machine falls on all cases alike instead of on one, and CPU time leaves out the time the
thread waits for a core. Every sample is kept (none is discarded as an outlier).

Beside it, plain rejection sampling: random rounds of the same table and seats (the game's
``deal_*_round``) until the target's cards turn up, capped at ``--budget`` seconds and reported
as "> N s" when nothing turned up, with the time it would take on average, from the hand's
probability (exact where stated, else the product of independent positions, marked "~").
Rejection counts the cards only, not the wagers, so it is flattered. Nothing here asserts a
time; the goal is a dealt round under 5 ms at the 99th percentile on every target.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import comb
from typing import Any

from dealer_trainer.games.caribbean_stud.dealing import deal_caribbean_stud_round
from dealer_trainer.games.caribbean_stud.targets import TARGETS as STUD
from dealer_trainer.games.crazy_4_poker.dealing import deal_crazy4_round
from dealer_trainer.games.crazy_4_poker.targets import TARGETS as CRAZY_4
from dealer_trainer.games.four_card_poker.dealing import deal_four_card_round
from dealer_trainer.games.four_card_poker.targets import TARGETS as FOUR_CARD
from dealer_trainer.games.let_it_ride.dealing import deal_let_it_ride_round
from dealer_trainer.games.let_it_ride.targets import TARGETS as LET_IT_RIDE
from dealer_trainer.games.mississippi_stud.dealing import deal_mississippi_stud_round
from dealer_trainer.games.mississippi_stud.targets import TARGETS as MISSISSIPPI_STUD
from dealer_trainer.games.pai_gow.dealing import deal_pai_gow_round
from dealer_trainer.games.pai_gow.targets import TARGETS as PAI_GOW
from dealer_trainer.games.targeting import GameTargets, Target
from dealer_trainer.games.texas_holdem_bonus.dealing import deal_round as deal_thb_round
from dealer_trainer.games.texas_holdem_bonus.targets import TARGETS as THB
from dealer_trainer.games.three_card_poker.dealing import deal_three_card_round
from dealer_trainer.games.three_card_poker.targets import TARGETS as THREE_CARD
from dealer_trainer.games.uth.dealing import deal_round
from dealer_trainer.games.uth.targets import TARGETS as UTH
from dealer_trainer.practice.rounds import read_table
from dealer_trainer.practice.targets import generate_round
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
FIVE_OF_52 = comb(52, 5)
THREE_OF_52 = comb(52, 3)
SIX_OF_52 = comb(52, 6)
SEVEN_OF_52 = comb(52, 7)
SEVEN_OF_53 = comb(53, 7)


def _queens_dragon_probability() -> float:
    """Seven different ranks, queen high, no straight, no five of a suit, no joker (§ 645a.1):
    every rank set of the queen and six lower ranks without five in a row, times the suit
    patterns with at most four of a suit, over all seven-card hands of 53 cards."""
    rank_sets = 0
    for lower in combinations(range(10), 6):
        ranks = {*lower, 10}
        mask = sum(1 << r for r in ranks) << 1 | (1 if 12 in ranks else 0)
        if not any((mask >> low) & 31 == 31 for low in range(10)):
            rank_sets += 1
    suits = 4**7 - sum(comb(7, k) * 4 * 3 ** (7 - k) for k in (5, 6, 7))
    return float(rank_sets * suits / SEVEN_OF_53)


SF_OR_BETTER_7 = (37_260 + 4_324) / SEVEN_OF_52
"""A straight flush or royal flush among seven cards (the published seven-card counts)."""
SF_OR_BETTER_5 = 40 / FIVE_OF_52


@dataclass(frozen=True)
class Case:
    label: str
    game: str
    table: str
    targets: tuple[Target, ...]
    seats: tuple[int, ...]
    probability: float
    exact: bool
    adapter: GameTargets[Any, Any]
    deal: Callable[[Any, int, Sequence[int]], Any]


CASES = (
    Case(
        "UTH: Five Card Hand Bonus royal on the dealer's hand",
        "Ultimate Texas Hold 'Em",
        "uth_all_653b_options.toml",
        (Target("dealer", "Royal flush", "Five Card Hand Bonus"),),
        (1, 3, 5),
        4 / FIVE_OF_52,
        True,
        UTH,
        deal_round,
    ),
    Case(
        "Texas Hold 'Em Bonus: flop bonus royal on the dealer's hand",
        "Texas Hold 'Em Bonus Poker",
        "texas_holdem_bonus_all_options.toml",
        (Target("dealer", "Royal flush", "Five Card Hand Bonus"),),
        (1, 3, 5),
        4 / FIVE_OF_52,
        True,
        THB,
        deal_thb_round,
    ),
    Case(
        "UTH: seat 3 Trips royal flush",
        "Ultimate Texas Hold 'Em",
        "uth_all_653b_options.toml",
        (Target("seat 3", "Royal flush", "Trips"),),
        (1, 3, 5),
        4 * comb(47, 2) / SEVEN_OF_52,
        True,
        UTH,
        deal_round,
    ),
    Case(
        "UTH: two Envy hands (seats 2 and 5)",
        "Ultimate Texas Hold 'Em",
        "uth_progressive_envy.toml",
        (Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")),
        (2, 4, 5),
        SF_OR_BETTER_7**2,
        False,
        UTH,
        deal_round,
    ),
    Case(
        "EZ pai gow: dealer Queen's Dragon",
        "EZ Pai Gow Poker",
        "pai_gow_ez_all_options.toml",
        (Target("dealer", "Queen's Dragon"),),
        (1, 3, 5),
        _queens_dragon_probability(),
        True,
        PAI_GOW,
        deal_pai_gow_round,
    ),
    Case(
        "EZ pai gow: seat 2 five aces",
        "EZ Pai Gow Poker",
        "pai_gow_ez_all_options.toml",
        (Target("seat 2", "Five aces"),),
        (1, 2, 5),
        comb(48, 2) / SEVEN_OF_53,
        True,
        PAI_GOW,
        deal_pai_gow_round,
    ),
    Case(
        "EZ pai gow: seat 2 seven-card natural straight flush (progressive)",
        "EZ Pai Gow Poker",
        "pai_gow_ez_all_options.toml",
        (Target("seat 2", "Seven-card natural straight flush", "Progressive Payout Wager"),),
        (1, 2, 5),
        8 * 4 / SEVEN_OF_53,
        True,
        PAI_GOW,
        deal_pai_gow_round,
    ),
    Case(
        "Caribbean Stud: progressive royal at seat 3, Envy hand at seat 5",
        "Caribbean Stud Poker",
        "caribbean_stud_progressive.toml",
        (
            Target("seat 3", "Royal flush", "Progressive Payout Wager"),
            Target("seat 5", "Envy hand"),
        ),
        (1, 3, 5),
        4 / FIVE_OF_52 * SF_OR_BETTER_5,
        False,
        STUD,
        deal_caribbean_stud_round,
    ),
    Case(
        "Four Card Poker: seat 2 four aces (Aces Up)",
        "Four Card Poker",
        "four_card_poker_aces_up.toml",
        (Target("seat 2", "Four aces", "Aces Up"),),
        (1, 2, 4),
        48 / FIVE_OF_52,
        True,
        FOUR_CARD,
        deal_four_card_round,
    ),
    Case(
        "Four Card Poker: Five Card Hand Bonus royal on the dealer's first five",
        "Four Card Poker",
        "four_card_poker_five_card_bonus.toml",
        (Target("dealer", "Royal flush", "Five Card Hand Bonus"),),
        (1, 2, 4),
        4 / FIVE_OF_52,
        True,
        FOUR_CARD,
        deal_four_card_round,
    ),
    Case(
        "Crazy 4 Poker four aces on the Super Bonus",
        "Crazy 4 Poker",
        "crazy_4_poker_all_options.toml",
        (Target("seat 3", "Four aces", "Super Bonus"),),
        (1, 3, 5),
        48 / FIVE_OF_52,
        True,
        CRAZY_4,
        deal_crazy4_round,
    ),
    Case(
        "Four Card Poker: four aces on the Four-Card Progressive",
        "Four Card Poker",
        "four_card_poker_progressive_envy.toml",
        (Target("seat 3", "Four aces", "Four-Card Progressive Payout Wager"),),
        (1, 3, 5),
        48 / FIVE_OF_52,
        True,
        FOUR_CARD,
        deal_four_card_round,
    ),
    Case(
        "Crazy 4 Poker: royal flush on the Five-Card Progressive",
        "Crazy 4 Poker",
        "crazy_4_poker_progressive_envy.toml",
        (Target("seat 6", "Royal flush", "Five-Card Progressive Payout Wager"),),
        (1, 3, 4, 6),
        4 / FIVE_OF_52,
        True,
        CRAZY_4,
        deal_crazy4_round,
    ),
    Case(
        "Let It Ride: seat 3 royal flush, payout limit reached",
        "Let It Ride Poker",
        "let_it_ride_all_bonuses.toml",
        (Target("seat 3", "Royal flush, payout limit reached"),),
        (1, 3, 5),
        4 / FIVE_OF_52,
        True,
        LET_IT_RIDE,
        deal_let_it_ride_round,
    ),
    Case(
        "Mississippi Stud royal with the payout limit",
        "Mississippi Stud",
        "mississippi_stud_plain.toml",
        (Target("seat 3", "Royal flush, payout limit reached"),),
        (1, 3, 5),
        4 / FIVE_OF_52,
        True,
        MISSISSIPPI_STUD,
        deal_mississippi_stud_round,
    ),
    Case(
        "Mississippi Stud: the major jackpot (a straight flush) on Progressive Paytable C",
        "Mississippi Stud",
        "mississippi_stud_jackpots.toml",
        (Target("seat 3", "Major jackpot"),),
        (1, 3, 5),
        36 / FIVE_OF_52,
        True,
        MISSISSIPPI_STUD,
        deal_mississippi_stud_round,
    ),
    Case(
        "Let It Ride: two Envy hands (seats 2 and 5) sharing the community cards",
        "Let It Ride Poker",
        "let_it_ride_progressive_envy.toml",
        (Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")),
        (2, 4, 5),
        SF_OR_BETTER_5**2,
        False,
        LET_IT_RIDE,
        deal_let_it_ride_round,
    ),
    Case(
        "Three Card Poker: mini royal Envy hands at seats 2 and 5",
        "Three Card Poker",
        "three_card_poker_progressive_envy.toml",
        (Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")),
        (2, 4, 5),
        (4 / THREE_OF_52) ** 2,
        False,
        THREE_CARD,
        deal_three_card_round,
    ),
    Case(
        "Three Card Poker: Five Card Hand Bonus royal on the dealer's hand",
        "Three Card Poker",
        "three_card_poker_five_card_bonus.toml",
        (Target("dealer", "Royal flush", "Five Card Hand Bonus"),),
        (1, 2, 4),
        4 / FIVE_OF_52,
        True,
        THREE_CARD,
        deal_three_card_round,
    ),
    Case(
        "Three Card Poker: seat 3 6 Card Bonus royal flush",
        "Three Card Poker",
        "three_card_poker_pair_plus_six_card.toml",
        (Target("seat 3", "Royal flush", "6 Card Bonus"),),
        (1, 3, 5),
        4 * 47 / SIX_OF_52,
        True,
        THREE_CARD,
        deal_three_card_round,
    ),
)


def percentiles(times: Sequence[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1e3, p99 * 1e3


def _cpu_time(work: Callable[[], object]) -> float:
    start = time.thread_time()
    work()
    return time.thread_time() - start


@dataclass
class Timings:
    construct: list[float]
    dealt: list[float]


def time_generation(cases: Sequence[Case], rounds: int, repeat: int) -> list[Timings]:
    """Every case's construct and dealt-round CPU times, ``repeat`` interleaved passes over the
    same seeds; each case's tables and evaluators are warmed before the first pass."""
    configs = []
    for case in cases:
        _, config = read_table(TABLES / case.table)
        for seed in range(5):  # warm the evaluators' lazily built tables and the table cache
            case.adapter.generate(config, seed, case.targets, case.seats)
            generate_round(case.game, TABLES / case.table, seed, case.targets, case.seats)
        configs.append(config)
    timings = [Timings([], []) for _ in cases]
    for _ in range(repeat):
        for case, config, timing in zip(cases, configs, timings, strict=True):
            path = TABLES / case.table
            for seed in range(1_000, 1_000 + rounds):
                timing.construct.append(
                    _cpu_time(
                        partial(case.adapter.generate, config, seed, case.targets, case.seats)
                    )
                )
                timing.dealt.append(
                    _cpu_time(
                        partial(generate_round, case.game, path, seed, case.targets, case.seats)
                    )
                )
    return timings


def rejection(case: Case, budget: float) -> str:
    """Random rounds until every target's cards hold, for at most ``budget`` seconds."""
    _, config = read_table(TABLES / case.table)
    goals, problems = case.adapter.resolve(config, case.targets, case.seats)
    assert not problems, problems
    start = time.perf_counter()
    dealt = 0
    while (elapsed := time.perf_counter() - start) < budget:
        round_ = case.deal(config, 10_000_000 + dealt, case.seats)
        dealt += 1
        cards = case.adapter.round_cards(round_)
        if all(g.requirement.test([cards[p][i] for p, i in g.slots]) for g in goals):
            return f"{elapsed:8.2f} s after {dealt:,} rounds"
    rate = dealt / elapsed
    expected = 1 / (case.probability * rate)
    mark = "" if case.exact else "~"
    return f"> {budget:g} s ({dealt:,} rounds, none); expected {mark}{_duration(expected)}"


def _duration(seconds: float) -> str:
    for unit, size in (("years", 31_557_600), ("days", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:,.1f} s"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="seeds timed per case and pass")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved passes over the cases")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of rejection sampling")
    parser.add_argument(
        "--no-rejection", action="store_true", help="time the constrained deals only"
    )
    parser.add_argument("--case", default="", help="only the targets whose label contains this")
    args = parser.parse_args(argv)
    cases = [case for case in CASES if args.case.lower() in case.label.lower()]
    print(
        f"{args.rounds} seeds x {args.repeat} interleaved passes per case; CPU ms "
        f"(thread_time), p50 / p99; goal: dealt round p99 < 5 ms"
    )
    timings = time_generation(cases, args.rounds, args.repeat)
    print(f"{'target':70s} {'construct':>15s} {'dealt round':>15s}   rejection sampling")
    worst = 0.0
    for case, timing in zip(cases, timings, strict=True):
        cm, cp = percentiles(timing.construct)
        dm, dp = percentiles(timing.dealt)
        worst = max(worst, dp)
        odds = f"p = {case.probability:.3g}" if case.exact else f"p ~ {case.probability:.3g}"
        sampled = "" if args.no_rejection else f"{rejection(case, args.budget)}  [{odds}]"
        print(f"{case.label:70s} {cm:6.2f} / {cp:6.2f} {dm:6.2f} / {dp:6.2f}   {sampled}")
    print(f"worst dealt-round p99: {worst:.2f} ms")


if __name__ == "__main__":
    main()
