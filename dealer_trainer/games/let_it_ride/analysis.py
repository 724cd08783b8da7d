"""Let It Ride Poker for the table analyser: the Three Card Bonus is the player's three cards
(§ 643a.7(f)), the Five Card Bonus and the Progressive Payout Wager the player's three cards
and the two community cards (§ 643a.7(e), § 643a.1), the Five Card Hand Bonus the same five;
none depends on withdrawals (§ 643a.7(j)) or on the payout limit (§ 643a.12(g)). The three
Let It Ride Poker Wagers depend on the player's withdrawals: simulated.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from decimal import Decimal

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    SimulatedWagers,
    TableWagers,
    five_card_envy,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import (
    SEED_TEXT,
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
from dealer_trainer.games.let_it_ride.wagers import LET_IT_RIDE_WAGERS, LetItRideWager
from dealer_trainer.hands.counting import HandDealt


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
        ("at $1 a wager, so the payout limit (§ 643a.12(g)) never caps: caps are not counted",),
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
        wagers += analysis_wagers(fchb, cards, SEED_TEXT)
        drawn += award_wagers(fchb, cards, SEED_TEXT)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


__all__ = ["table_wagers"]
