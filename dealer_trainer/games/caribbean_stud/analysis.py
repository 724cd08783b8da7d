"""Caribbean Stud Poker for the table analyser: the Caribbean Stud Bonus (§ 639a.7(d)(3)), the
Progressive Payout Wager and the Five Card Hand Bonus are settled on five cards alone, read by
the functions settlement uses. A fold forfeits the Bonus and the progressive (§ 639a.11(b)),
so they are priced for a player who never folds a paying hand. The Ante and Bet depend on the
dealer's hand and the player's decision: simulated.
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
    five_card_envy,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.caribbean_stud.config import CaribbeanStudTableConfig
from dealer_trainer.games.caribbean_stud.dealing import decide
from dealer_trainer.games.caribbean_stud.hands import five_card_hand, row_classes
from dealer_trainer.games.caribbean_stud.outcomes import settle_ante, settle_bet, showdown
from dealer_trainer.games.caribbean_stud.round import HOLE_CARDS, LUCKY_DRAW
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudHand
from dealer_trainer.games.five_card_hand_bonus import (
    SEED_TEXT,
    BetOn,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.hands.counting import HandDealt

NEVER_FOLDS = "priced for a player who never folds a paying hand (a fold forfeits it, § 639a.11(b))"


def _classes(cards: tuple[Card, ...]) -> frozenset[StudHand]:
    return row_classes(five_card_hand(cards))


def base_game(config: CaribbeanStudTableConfig) -> SimulatedWagers:
    """The Ante and Bet by the trainer's simulated player (``dealing.decide``, a simplified
    basic strategy), settled by ``settle_ante`` and ``settle_bet`` (§ 639a.12)."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    def play(rng: random.Random) -> tuple[Decimal, Decimal]:
        cards = rng.sample(deck, 10)
        player, dealer = cards[:5], cards[5:]
        decision = decide(player, dealer[HOLE_CARDS])
        show = showdown(player, dealer)
        bet = settle_bet(config, show, one, decision)
        return settle_ante(config, show, one, decision).net, (
            bet.net if bet is not None else Decimal(0)
        )

    return SimulatedWagers(
        "Ante and Bet",
        "the simplified basic strategy of the trainer's simulated player",
        "Ante",
        "the player's five cards against the dealer's five",
        "§ 639a.12",
        (CaribbeanStudWager.ANTE.value, CaribbeanStudWager.BET.value),
        play,
    )


def table_wagers(config: CaribbeanStudTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    for wager in config.offered_wagers():
        if wager in (CaribbeanStudWager.ANTE, CaribbeanStudWager.BET):
            continue
        if wager is CaribbeanStudWager.CARIBBEAN_STUD_BONUS:
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(5, 5),
                    key="stud row classes",
                    classes=_classes,
                    notes=(NEVER_FOLDS,),
                )
            )
        elif wager is CaribbeanStudWager.PROGRESSIVE:
            spec = config.progressive
            assert spec is not None
            wagers.append(
                paytable_wager(
                    config.paytable(wager),
                    dealt=HandDealt(5, 5),
                    key="stud row classes",
                    classes=_classes,
                    procedures=progressive_procedures,
                    envy=five_card_envy(config.envy_amount, config.envy_qualifying_hand),
                    stake=spec.minimum,
                    meter_reset=spec.meter_reset,
                    notes=(NEVER_FOLDS,),
                )
            )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {hand: f"the {hand.owner}'s five cards" for hand in BetOn}
        wagers += analysis_wagers(fchb, cards, SEED_TEXT)
        drawn += award_wagers(fchb, cards, SEED_TEXT, LUCKY_DRAW)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


__all__ = ["table_wagers"]
