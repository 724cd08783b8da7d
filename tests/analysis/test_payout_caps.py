"""Payout-limit caps at Mississippi Stud and Texas Hold 'Em Bonus Poker, each against a second,
simple method written here: the Mississippi Stud straight flushes listed by suit and top card and
paid by the § 655a.12(a) odds by hand; the Texas Hold 'Em Bonus rounds dealt again and settled by
the game's whole-seat settlement, which applies the limit the trainee is graded on."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

from dealer_trainer.analysis.table import analyse_config
from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import Procedure, ProcedureCount, SimulatedCount
from dealer_trainer.practice.rounds import read_table
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()


def test_mississippi_stud_caps_equal_paying_every_straight_flush_by_hand() -> None:
    from dealer_trainer.games.mississippi_stud.dealing import decide
    from dealer_trainer.games.mississippi_stud.payout_caps import payout_caps

    _, config = read_table(TABLES / "mississippi_stud_all_options.toml")
    assert config.payout_limit == 50_000 and config.ante.maximum == 100
    # § 655a.12(a) at a $100 Ante and Bet Wagers of $100-$300: four of a kind (40 to 1) wins
    # at most 40 x $1,000, under the limit; only straight flushes (100 to 1) and royal flushes
    # (500 to 1) can reach it.
    odds = {True: 500, False: 100}  # royal?
    capped = 0
    for suit in range(4):
        for top in range(3, 13):  # 5-high (the wheel) to ace-high
            ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
            hand = [Card(rank * 4 + suit) for rank in ranks]
            for two in combinations(range(5), 2):
                rest = [i for i in range(5) if i not in two]
                for order in permutations(rest):
                    mine = [hand[i] for i in two]
                    community = [hand[i] for i in order]
                    multiples = decide(mine, community).multiples
                    if len(multiples) < 3:
                        continue  # folded: nothing won
                    staked = 100 * (1 + sum(multiples))
                    capped += odds[top == 12] * staked > 50_000
    figure = payout_caps(config)
    assert figure.chance == Fraction(capped, comb(52, 5) * 60) > 0
    analysis = analyse_config(config, "t", players=6, rounds=0)
    assert analysis.per_hundred_rounds()[Procedure.PAYOUT_CAP] == 600 * figure.chance


def test_texas_holdem_bonus_caps_equal_the_rounds_whole_seat_settlement_caps() -> None:
    from dealer_trainer.games.texas_holdem_bonus.dealing import decide
    from dealer_trainer.games.texas_holdem_bonus.hands import Deal
    from dealer_trainer.games.texas_holdem_bonus.outcomes import SeatWagers, settle_seat
    from dealer_trainer.games.texas_holdem_bonus.payout_caps import payout_caps

    _, config = read_table(TABLES / "texas_holdem_bonus_payout_limit.toml")
    assert config.payout_limit == 1_000
    spec = payout_caps(config)
    assert isinstance(spec, SimulatedCount)
    rounds, seed = 1_500, 8
    analysis = analyse_config(config, "t", players=6, rounds=rounds, seed=seed)
    (counted,) = (c for c in analysis.procedure_counts if c.procedure is Procedure.PAYOUT_CAP)
    rng = random.Random(seed)
    deck = [Card(index) for index in range(52)]
    capped = 0
    for _ in range(rounds):
        cards = rng.sample(deck, 9)
        deal = Deal((cards[0], cards[1]), (cards[2], cards[3]), tuple(cards[4:]))  # type: ignore[arg-type]
        wagers = SeatWagers(ante=Decimal(500), bonus=Decimal(100))
        outcomes = settle_seat(config, deal, wagers, decide(deal.player, deal.board))
        capped += any("payout limit of $1,000" in o.reason for o in outcomes)
    assert counted.chance == Fraction(capped, rounds)
    assert counted.half_width is not None and 0 < counted.half_width < Fraction(1, 20)
    assert "[simulated: 1,500 rounds, seed 8]" in counted.method


def test_a_limit_no_round_can_reach_is_counted_as_exactly_zero() -> None:
    from dealer_trainer.games.texas_holdem_bonus.payout_caps import most_won, payout_caps

    _, config = read_table(TABLES / "texas_holdem_bonus_all_options.toml")
    figure = payout_caps(config)
    assert isinstance(figure, ProcedureCount) and figure.chance == 0
    # $500 Ante, $1,000 Flop, $500 Turn and River at 1 to 1, and a $100 Bonus at Paytable B's
    # best row, 30 to 1: $5,500 against the $25,000 limit.
    assert most_won(config) == 5_500 < config.payout_limit
    assert "[exact]" in figure.method
