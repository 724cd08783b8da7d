"""Let It Ride Poker for the table analyser: the Three Card Bonus is the player's three cards
(§ 643a.7(f)), the Five Card Bonus and the Progressive Payout Wager the player's three cards
and the two community cards (§ 643a.7(e), § 643a.1), the Five Card Hand Bonus the same five;
none depends on withdrawals (§ 643a.7(j)) or on the payout limit (§ 643a.12(g)). The three
Let It Ride Poker Wagers depend on the player's withdrawals: simulated.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, product
from math import comb

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    Procedure,
    ProcedureCount,
    SimulatedWagers,
    TableWagers,
    five_card_envy,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.let_it_ride.dealing import decide
from dealer_trainer.games.let_it_ride.hands import (
    five_card_hand,
    five_card_rows,
    three_card_hand,
    three_card_rows,
)
from dealer_trainer.games.let_it_ride.outcomes import settle_let_it_ride
from dealer_trainer.games.let_it_ride.round import FCHB_CITING, LUCKY_DRAW
from dealer_trainer.games.let_it_ride.wagers import LET_IT_RIDE_WAGERS, LetItRideWager
from dealer_trainer.hands.counting import HandDealt, outcome_counts, rank_patterns
from dealer_trainer.rules.money import format_money


def _five(cards: tuple[Card, ...]) -> frozenset[Hashable]:
    return frozenset(five_card_rows(five_card_hand(cards[:3], cards[3:])))


def _three(cards: tuple[Card, ...]) -> frozenset[Hashable]:
    return frozenset(three_card_rows(three_card_hand(cards)))


def base_game(config: LetItRideTableConfig) -> SimulatedWagers:
    """The three Let It Ride Poker Wagers by the trainer's simulated player (``dealing.decide``:
    ride on a paying hand or a good draw), settled by ``settle_let_it_ride``; a withdrawn
    wager is neither won nor lost (§ 643a.1)."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    def play(rng: random.Random) -> tuple[Decimal, ...]:
        cards = rng.sample(deck, 5)
        three, community = cards[:3], cards[3:]
        decision = decide(three, community)
        riding = {LetItRideWager.WAGER_3: one}
        if not decision.withdraw_first:
            riding[LetItRideWager.WAGER_1] = one
        if not decision.withdraw_second:
            riding[LetItRideWager.WAGER_2] = one
        nets = {o.wager: o.net for o in settle_let_it_ride(config, three, community, riding)}
        return tuple(nets.get(wager, Decimal(0)) for wager in LET_IT_RIDE_WAGERS)

    return SimulatedWagers(
        "Let It Ride Poker Wagers",
        "the trainer's simulated player",
        "one wager",
        "the player's three cards and the two community cards",
        "§ 643a.12(a)",
        tuple(wager.value for wager in LET_IT_RIDE_WAGERS),
        play,
        (
            "at $1 a wager, where the payout limit (§ 643a.12(g)) never caps; the caps at the "
            "maximum wager are counted below",
        ),
    )


def _arrangements(cards: tuple[Card, ...]) -> Iterator[tuple[list[Card], list[Card]]]:
    """Every way five cards reach a player: which three are the player's, and which community
    card is turned first (it decides the second withdrawal): 20 ways."""
    for three in combinations(range(5), 3):
        rest = [i for i in range(5) if i not in three]
        for first, second in (rest, rest[::-1]):
            yield [cards[i] for i in three], [cards[first], cards[second]]


def payout_caps(config: LetItRideTableConfig) -> ProcedureCount | None:
    """How often the payout limit (§ 643a.12(g)) caps a player's Let It Ride Poker Wagers, each
    at the Rules Submission's maximum wager, riding as the trainer's simulated player rides:
    exact. A row that the limit caps on one wager alone is capped whatever is withdrawn; a row
    it does not cap on all three never is; for a row between, every hand of it is dealt with
    every choice of the player's three cards and the first community card, decided and settled
    by ``settle_let_it_ride``. Such a row must be one of rank-pattern hands (a pair to four of
    a kind), so its hands can be listed by rank pattern and suits."""
    limit = config.payout_limit
    if limit is None:
        return None
    maximum = config.let_it_ride.maximum
    table = config.paytable(LetItRideWager.WAGER_1)

    def row_label(cards: tuple[Card, ...]) -> str | None:
        row = table.first_row(five_card_rows(five_card_hand(cards[:3], cards[3:])))
        return None if row is None or not row.odds.pays else row.label

    won = {row.label: row.odds.payment(maximum).paid for row in table.rows if row.odds.pays}
    always = {label for label, paid in won.items() if paid > limit}
    between = {label for label, paid in won.items() if paid <= limit < paid * 3}
    counts = outcome_counts(HandDealt(5, 5), row_label)
    ways = 20
    capped = sum(counts[label] for label in always) * ways
    listed = 0
    for pattern in rank_patterns(5):
        if max(pattern) < 2:
            continue
        ranks = [r for r in range(13) for _ in range(pattern[r])]
        first = tuple(Card(r * 4 + i) for r in range(13) for i in range(pattern[r]))
        if row_label(first) not in between:
            continue
        suits = [combinations(range(4), c) for c in pattern if c]
        for chosen in product(*suits):
            flat = [s for group in chosen for s in group]
            hand = tuple(Card(r * 4 + s) for r, s in zip(ranks, flat, strict=True))
            listed += 1
            for three, community in _arrangements(hand):
                decision = decide(three, community)
                riding = [LetItRideWager.WAGER_3]
                riding += [] if decision.withdraw_first else [LetItRideWager.WAGER_1]
                riding += [] if decision.withdraw_second else [LetItRideWager.WAGER_2]
                stakes = dict.fromkeys(riding, maximum)
                outcomes = settle_let_it_ride(config, three, community, stakes)
                capped += any(o.paid != o.uncapped for o in outcomes)
    if listed != sum(counts[label] for label in between):
        raise AssertionError(f"a row between capped and not is not a rank-pattern hand: {between}")
    return ProcedureCount(
        Procedure.PAYOUT_CAP,
        Fraction(capped, comb(52, 5) * ways),
        f"the Let It Ride Poker Wagers at the {format_money(maximum)} maximum wager against "
        f"the {format_money(limit)} payout limit, riding as the trainer's simulated player "
        "rides [exact]",
    )


def table_wagers(config: LetItRideTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    for wager in config.offered_wagers():
        if wager.is_let_it_ride:
            continue
        if wager is LetItRideWager.THREE_CARD_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager), dealt=HandDealt(3, 3), key="lir three", classes=_three
                )
            )
        elif wager is LetItRideWager.FIVE_CARD_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager), dealt=HandDealt(5, 5), key="lir five", classes=_five
                )
            )
        elif wager is LetItRideWager.PROGRESSIVE:
            spec = config.progressive
            assert spec is not None
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(5, 5),
                    key="lir five",
                    classes=_five,
                    procedures=progressive_procedures,
                    envy=five_card_envy(config.envy_amount, config.envy_qualifying_hand),
                    stake=spec.minimum,
                    meter_reset=spec.meter_reset,
                )
            )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {
            BetOn.PLAYER: "the player's three cards and the two community cards",
            BetOn.DEALER: "the dealer's hand as the Rules Submission forms it",
        }
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    caps = payout_caps(config)
    return TableWagers(
        tuple(wagers),
        tuple(skipped),
        (base_game(config),),
        tuple(drawn),
        (caps,) if caps is not None else (),
    )


__all__ = ["table_wagers"]
