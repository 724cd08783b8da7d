"""Crazy 4 Poker for the table analyser.

The Queens Up is the best four of the player's five cards whatever the dealer holds, so it is
priced exactly over every five-card hand. The Super Bonus's straight-or-better rows are the same
kind of figure, priced exactly as what they add per unit of Super Bonus; below a straight the
Super Bonus pushes or loses against the dealer's hand and after the player's decision, so it is
played in the seeded simulation with the Ante and Play. The Five Card Hand Bonus is the player's
five cards and the dealer's five.
"""

from __future__ import annotations

import random
from decimal import Decimal

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    SimulatedWagers,
    TableWagers,
    paytable_wager,
)
from dealer_trainer.games.best_four_progressive import progressive_analysis
from dealer_trainer.games.crazy_4_poker.config import PROGRESSIVE, Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.dealing import decide
from dealer_trainer.games.crazy_4_poker.hands import hand_classes, player_hand
from dealer_trainer.games.crazy_4_poker.outcomes import (
    settle_ante,
    settle_play,
    settle_super_bonus,
    showdown,
)
from dealer_trainer.games.crazy_4_poker.round import FCHB_CITING, LUCKY_DRAW
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Class, Crazy4Wager
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.hands.counting import HandDealt


def _classes(cards: tuple[Card, ...]) -> frozenset[Crazy4Class]:
    return hand_classes(player_hand(cards))


def base_game(config: Crazy4PokerTableConfig) -> SimulatedWagers:
    """The Ante, Play and Super Bonus by the trainer's simulated player (``dealing.decide``: the
    largest Play with a pair of aces or better, the smallest with king high or better, else
    fold), settled by the game's own settlement."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    def play(rng: random.Random) -> tuple[Decimal, Decimal, Decimal]:
        cards = rng.sample(deck, 10)
        player, dealer = cards[:5], cards[5:]
        decision = decide(player, config.rules)
        show = showdown(player, dealer)
        played = settle_play(config, show, one, decision)
        return (
            settle_ante(config, show, one, decision).net,
            played.net if played is not None else Decimal(0),
            settle_super_bonus(config, show, one, decision).net,
        )

    return SimulatedWagers(
        "Ante, Play and Super Bonus",
        "the trainer's simulated player",
        "Ante",
        "the player's best four of five against the dealer's best four of five",
        "§ 657a.12",
        (Crazy4Wager.ANTE.value, Crazy4Wager.PLAY.value, Crazy4Wager.SUPER_BONUS.value),
        play,
        ("the Super Bonus's straight-or-better rows are priced exactly below",),
    )


def table_wagers(config: Crazy4PokerTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    dealt = HandDealt(5, 4)
    wagers.append(
        paytable_wager(
            config.paytable(Crazy4Wager.SUPER_BONUS),
            dealt=dealt,
            key="crazy 4 classes",
            classes=_classes,
            stake_at_risk=False,
            notes=(
                "the straight-or-better rows only, whatever the dealer holds: the figure is what "
                "they add per unit of Super Bonus; below a straight it pushes or loses against "
                "the dealer's hand, in the simulation with the Ante and Play",
            ),
        )
    )
    if config.offers(Crazy4Wager.QUEENS_UP):
        wagers.append(
            paytable_wager(
                config.paytable(Crazy4Wager.QUEENS_UP),
                dealt=dealt,
                key="crazy 4 classes",
                classes=_classes,
            )
        )
    wagers += progressive_analysis(PROGRESSIVE, config)
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {
            BetOn.PLAYER: "the player's five cards",
            BetOn.DEALER: "the dealer's five cards",
        }
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


__all__ = ["base_game", "table_wagers"]
