"""Texas Hold 'Em Bonus Poker for the table analyser: which cards form each wager's hand and
how the game reads a hand into paytable rows, taken from the functions settlement uses.

The Bonus Wager is the player's two cards (and, on Paytable A, the dealer's two); the
progressive the cards its Rules Submission names; the Five Card Hand Bonus the wagered hand's
two cards and the Flop. The Ante, Flop, Turn and River depend on the dealer's hand and the
player's decisions: they are simulated, played by the simple strategy of ``dealing.decide``.
"""

from __future__ import annotations

import random
from decimal import Decimal

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    ProcedureCount,
    SimulatedCount,
    SimulatedWagers,
    TableWagers,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn, analysis_wagers, award_wagers
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.dealing import decide
from dealer_trainer.games.texas_holdem_bonus.hands import Deal, bonus_classes
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    FCHB_CITING,
    STREETS,
    settle_ante,
    settle_street,
    showdown,
)
from dealer_trainer.games.texas_holdem_bonus.payout_caps import payout_caps
from dealer_trainer.games.texas_holdem_bonus.round import LUCKY_DRAW
from dealer_trainer.games.texas_holdem_bonus.settings import MagicCardMatch
from dealer_trainer.games.texas_holdem_bonus.wagers import HandSource, ThbWager
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.five_card import best_five

_SIZES = {HandSource.PLAYER_AND_BOARD: 7, HandSource.TWO_CARDS_AND_FLOP: 5}


def _rank_only(cards: tuple[Card, ...]) -> tuple[HandRank]:
    return (best_five(cards).rank,)


def _bonus(cards: tuple[Card, ...]) -> tuple[object, ...]:
    return bonus_classes(cards)


def _bonus_and_dealer(cards: tuple[Card, ...]) -> tuple[object, ...]:
    return bonus_classes(cards[:2], cards[2:])


def base_game(config: ThbTableConfig) -> SimulatedWagers:
    """The Ante, Flop, Turn and River played by ``dealing.decide`` and settled as at the table."""
    ante = Decimal(1)
    deck = [Card(index) for index in range(52)]

    def play(rng: random.Random) -> tuple[Decimal, ...]:
        cards = rng.sample(deck, 9)
        deal = Deal((cards[0], cards[1]), (cards[2], cards[3]), tuple(cards[4:]))  # type: ignore[arg-type]
        decision = decide(deal.player, deal.board)
        show = showdown(deal, config.rules.tie_pushes)
        nets = [settle_ante(config, show, ante, decision).net]
        for street in STREETS:
            outcome = settle_street(config, show, ante, decision, street)
            nets.append(outcome.net if outcome is not None else Decimal(0))
        return tuple(nets)

    return SimulatedWagers(
        "Ante, Flop, Turn and River",
        "a simple strategy (fold weak unpaired offsuit hands; bet a hidden pair)",
        "Ante",
        HandSource.PLAYER_AND_BOARD.value,
        "house rules",
        tuple(w.value for w in (ThbWager.ANTE, *STREETS)),
        play,
    )


def table_wagers(config: ThbTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    if config.bonus is not None:
        table = config.paytable(ThbWager.BONUS)
        if table.cards is HandSource.PLAYER_TWO:
            wagers.append(
                paytable_wager(table, dealt=HandDealt(2, 2), key="thb bonus", classes=_bonus)
            )
        else:
            wagers.append(
                paytable_wager(
                    table,
                    dealt=HandDealt(4, 2, split=2),
                    key="thb bonus with dealer",
                    classes=_bonus_and_dealer,
                )
            )
    spec = config.progressive
    if spec is not None:
        table = config.paytable(ThbWager.PROGRESSIVE)
        threshold = FIVE_CARD_ORDER.index(spec.envy_qualifying_hand)
        envy = spec.envy

        def envy_of(row: object) -> Decimal | None:
            hand = getattr(row, "hand", None)
            ok = isinstance(hand, HandRank) and FIVE_CARD_ORDER.index(hand) >= threshold
            return envy if ok else None

        wagers.append(
            paytable_wager(
                table,
                dealt=HandDealt(_SIZES[table.cards], 5),
                key="thb five-card category",
                classes=_rank_only,
                procedures=progressive_procedures,
                envy=envy_of,
                stake=spec.minimum,
                meter_reset=spec.meter_reset,
            )
        )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {hand: HandSource.TWO_CARDS_AND_FLOP.value for hand in BetOn}
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        if config.rules.magic_card_matches is MagicCardMatch.TWO_CARDS:
            drawn += award_wagers(
                fchb, cards, FCHB_CITING, LUCKY_DRAW, matched=2, matched_name="the two cards"
            )
        else:
            drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    caps = payout_caps(config)
    return TableWagers(
        tuple(wagers),
        tuple(skipped),
        (base_game(config),),
        tuple(drawn),
        (caps,) if isinstance(caps, ProcedureCount) else (),
        (caps,) if isinstance(caps, SimulatedCount) else (),
    )


__all__ = ["table_wagers"]
