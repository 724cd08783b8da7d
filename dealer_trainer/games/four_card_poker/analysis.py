"""Four Card Poker for the table analyser: Aces Up (§ 641a.1) is the best four of the player's
five cards whatever the dealer holds; the Ante Bonus is paid on the Ante for the same hand
(four-card-poker.md § 2), priced per unit of Ante for a player who plays every paying hand and
where the table pays it even against a higher dealer hand; the Five Card Hand Bonus is the
player's five cards and the dealer's first five (§ 641a.11(c)(7)). The Ante and Play depend
on the dealer's hand and the player's decision.
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
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.games.four_card_poker.config import PROGRESSIVE, FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.dealing import decide
from dealer_trainer.games.four_card_poker.hands import hand_classes, player_hand
from dealer_trainer.games.four_card_poker.outcomes import (
    settle_ante,
    settle_ante_bonus,
    settle_play,
    showdown,
)
from dealer_trainer.games.four_card_poker.round import FCHB_CITING, LUCKY_DRAW
from dealer_trainer.games.four_card_poker.wagers import FourCardClass, FourCardWager
from dealer_trainer.hands.counting import HandDealt


def _classes(cards: tuple[Card, ...]) -> frozenset[FourCardClass]:
    return hand_classes(player_hand(cards))


def base_game(config: FourCardPokerTableConfig) -> SimulatedWagers:
    """The Ante and Play by the trainer's simulated player (``dealing.decide``: 3x with a pair
    of tens or better, 1x with a lower pair, else fold), settled by ``settle_ante`` and
    ``settle_play``."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    bonus = (
        FourCardWager.ANTE_BONUS in config.offered_wagers()
        and not config.rules.ante_bonus_when_dealer_wins
    )
    wagers: tuple[FourCardWager, ...] = (FourCardWager.ANTE, FourCardWager.PLAY)
    wagers += (FourCardWager.ANTE_BONUS,) if bonus else ()

    def play(rng: random.Random) -> tuple[Decimal, ...]:
        cards = rng.sample(deck, 11)
        player, dealer = cards[:5], cards[5:]
        decision = decide(player, config.rules)
        show = showdown(player, dealer)
        played = settle_play(config, show, one, decision)
        nets = [
            settle_ante(config, show, one, decision).net,
            played.net if played is not None else Decimal(0),
        ]
        if bonus:
            paid = settle_ante_bonus(config, show, one, decision)
            nets.append(paid.net if paid is not None else Decimal(0))
        return tuple(nets)

    note = (
        "the Ante Bonus, paid only when the dealer's hand is not higher, is simulated with them, "
        "per unit of Ante"
        if bonus
        else "the Ante Bonus is priced exactly below"
    )
    return SimulatedWagers(
        "Ante and Play" + (" with the Ante Bonus" if bonus else ""),
        "the trainer's simulated player",
        "Ante",
        "the player's best four of five against the dealer's best four of six",
        "§ 641a.12",
        tuple(wager.value for wager in wagers),
        play,
        (note,),
    )


def table_wagers(config: FourCardPokerTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    for wager in config.offered_wagers():
        if wager in (FourCardWager.ANTE, FourCardWager.PLAY):
            continue
        if wager is FourCardWager.ANTE_BONUS and not config.rules.ante_bonus_when_dealer_wins:
            continue
        if wager is FourCardWager.ANTE_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(5, 4),
                    key="four-card classes",
                    classes=_classes,
                    stake_at_risk=False,
                    notes=(
                        "paid on the Ante, not a wager of its own: the figure is what it adds "
                        "per unit of Ante, assuming every paying hand is played",
                    ),
                )
            )
        elif wager is FourCardWager.ACES_UP:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(5, 4),
                    key="four-card classes",
                    classes=_classes,
                )
            )
    wagers += progressive_analysis(PROGRESSIVE, config)
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {
            BetOn.PLAYER: "the player's five cards",
            BetOn.DEALER: "the dealer's first five cards (§ 641a.11(c)(7))",
        }
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


__all__ = ["table_wagers"]
