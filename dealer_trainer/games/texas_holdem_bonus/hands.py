"""Which cards make which hand in Texas Hold 'Em Bonus Poker, and how a hand is classified.

The base game (Ante, Flop, Turn and River) uses the best five of the player's two cards and the
five community cards against the dealer's best five of the same kind (§ 647a.1, "Hand"); the
Bonus Wager only the player's two cards (and, on Paytable A's top row, the dealer's two); the
Five Card Hand Bonus only the wagered hand's two cards and the flop, never the turn or river
(seed 000, preamble on the proposed § 647a.11 amendment).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card
from dealer_trainer.games.community_cards import (
    CommunityDeal,
    at_least,
    dealer_hand,
    describe_two_cards,
    player_hand,
    two_card_rows,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.texas_holdem_bonus.wagers import (
    BonusHand,
    Condition,
    HandClass,
    HandSource,
)
from dealer_trainer.hands.hand_value import HandValue


class Deal(CommunityDeal, frozen=True):
    """The cards of one player's round (§ 647a.1, "Hand")."""

    game = "Texas Hold 'Em Bonus Poker"


def hand_cards(source: HandSource, deal: Deal, bet_on: BetOn = BetOn.PLAYER) -> tuple[Card, ...]:
    """The cards ``source`` names for this deal (``bet_on`` picks the Five Card Hand Bonus hand)."""
    if source is HandSource.PLAYER_AND_BOARD:
        return (*deal.player, *deal.board)
    if source is HandSource.PLAYER_TWO:
        return deal.player
    if source is HandSource.PLAYER_TWO_AND_DEALER_TWO:
        return (*deal.player, *deal.dealer)
    if source is HandSource.TWO_CARDS_AND_FLOP:
        return (*deal.two_cards(bet_on), *deal.flop)
    return ()


def classes_for_five_card(hand: HandValue) -> tuple[HandClass, ...]:
    return (hand.rank,)


def bonus_classes(player: Sequence[Card], dealer: Sequence[Card] = ()) -> tuple[BonusHand, ...]:
    """Every Bonus Wager row the player's two cards satisfy, best first."""
    return two_card_rows(BonusHand, player, dealer)


__all__ = [
    "Condition",
    "Deal",
    "at_least",
    "bonus_classes",
    "classes_for_five_card",
    "dealer_hand",
    "describe_two_cards",
    "hand_cards",
    "player_hand",
]
