"""Three Card Poker for the table analyser: which cards form each wager's hand and how the
game reads a hand into rows, taken from the functions settlement uses.

Pair Plus is the player's three cards (three-card-poker.md § 2.3); the 6 Card Bonus the best
five of the player's three and the dealer's three, six cards from one shuffled deck; the
progressive the three cards, the Five-Card Progressive the three and the two community cards;
the Five Card Hand Bonus (seed 000) each hand's three cards and the community cards. The Ante
Bonus is paid on the Ante for a straight or better whatever the dealer holds (§ 2.2): it is
priced per unit of Ante, on the premise that nobody folds a straight. The Ante and Play depend
on the dealer's hand and the player's decision: simulated.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from enum import Enum

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    SimulatedWagers,
    TableWagers,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.games.three_card_poker.config import ThreeCardPokerTableConfig
from dealer_trainer.games.three_card_poker.dealing import decide
from dealer_trainer.games.three_card_poker.hands import five_card_classes, three_card_classes
from dealer_trainer.games.three_card_poker.outcomes import settle_ante, settle_play, showdown
from dealer_trainer.games.three_card_poker.round import FCHB_CITING, LUCKY_DRAW
from dealer_trainer.games.three_card_poker.wagers import (
    FiveCardClass,
    ThreeCardClass,
    ThreeCardWager,
)
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.three_card import evaluate_three


def _three(cards: tuple[Card, ...]) -> frozenset[ThreeCardClass]:
    return three_card_classes(evaluate_three(cards))


def _five(cards: tuple[Card, ...]) -> frozenset[FiveCardClass]:
    return five_card_classes(best_five(cards))


def _progressive(config: ThreeCardPokerTableConfig, wager: ThreeCardWager) -> HandWager:
    table = config.paytable(wager)
    three = wager is ThreeCardWager.PROGRESSIVE
    order: Sequence[Enum] = tuple(ThreeCardClass) if three else tuple(FiveCardClass)
    wanted = config.envy_qualifying_hand(wager)
    qualifying = set(order[: order.index(wanted) + 1])
    amount = config.envy_amount(wager)

    def envy(row: object) -> Decimal | None:
        return amount if getattr(row, "hand", None) in qualifying else None

    return paytable_wager(
        table,
        dealt=HandDealt(3, 3) if three else HandDealt(5, 5),
        key="three-card classes" if three else "five-card classes",
        classes=_three if three else _five,
        procedures=progressive_procedures,
        envy=envy,
        stake=config.limits(wager).minimum,
        meter_reset=config.meter_reset(wager),
    )


def base_game(config: ThreeCardPokerTableConfig) -> SimulatedWagers:
    """The Ante and Play by the queen-six-four strategy of the trainer's simulated player
    (``dealing.decide``), settled by ``settle_ante`` and ``settle_play``."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    def play(rng: random.Random) -> tuple[Decimal, Decimal]:
        cards = rng.sample(deck, 6)
        decision = decide(cards[:3])
        show = showdown(config, cards[:3], cards[3:])
        played = settle_play(config, show, one, decision)
        return settle_ante(config, show, one, decision).net, (
            played.net if played is not None else Decimal(0)
        )

    return SimulatedWagers(
        "Ante and Play",
        "play Q-6-4 or better (the trainer's simulated player)",
        "Ante",
        "the player's three cards against the dealer's three",
        "§ 649a.12",
        (ThreeCardWager.ANTE.value, ThreeCardWager.PLAY.value),
        play,
        ("the Ante Bonus is priced exactly below",),
    )


def table_wagers(config: ThreeCardPokerTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    for wager in config.offered_wagers():
        if wager in (ThreeCardWager.ANTE, ThreeCardWager.PLAY):
            continue
        if wager is ThreeCardWager.ANTE_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(3, 3),
                    key="three-card classes",
                    classes=_three,
                    stake_at_risk=False,
                    notes=(
                        "paid on the Ante, not a wager of its own: the figure is what it adds "
                        "per unit of Ante, assuming a straight or better is always played",
                    ),
                )
            )
        elif wager is ThreeCardWager.PAIR_PLUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(3, 3),
                    key="three-card classes",
                    classes=_three,
                )
            )
        elif wager is ThreeCardWager.SIX_CARD_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(6, 5),
                    key="five-card classes",
                    classes=_five,
                )
            )
        elif wager in (ThreeCardWager.PROGRESSIVE, ThreeCardWager.FIVE_CARD_PROGRESSIVE):
            wagers.append(_progressive(config, wager))
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {
            BetOn.PLAYER: "the player's three cards and the two community cards",
            BetOn.DEALER: "the dealer's three cards and the two community cards",
        }
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


__all__ = ["table_wagers"]
