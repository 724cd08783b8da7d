"""Which cards make which hand in Ultimate Texas Hold 'Em, and how a hand is classified.

The cards a wager is settled on are part of its rule (each paytable records them, with a
citation): Ante, Play, Blind, Trips and Bad Beat use the best five of the player's two cards and
the five community cards (§ 653a.1); Play the Board uses the five community cards alone
(§ 653b.4(e)); Ultimate Pairs the player's two cards, and with Paytable F the dealer's two as
well (§ 653b.5(e)); the Five Card Hand Bonus only the wagered hand's two cards and the flop, never
the turn or river (seed 000, preamble on the proposed § 653a.11 amendment).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_trainer.cards import Card, Rank
from dealer_trainer.games.community_cards import (
    CommunityDeal,
    at_least,
    dealer_hand,
    describe_two_cards,
    player_hand,
    two_card_rows,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.uth.wagers import Condition, HandClass, HandSource, UltimatePairsHand
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue


class Deal(CommunityDeal, frozen=True):
    """The cards of one player's round (§ 653a.1)."""

    game = "Ultimate Texas Hold 'Em"


def hand_cards(source: HandSource, deal: Deal, bet_on: BetOn = BetOn.PLAYER) -> tuple[Card, ...]:
    """The cards ``source`` names for this deal (``bet_on`` picks the Five Card Hand Bonus hand)."""
    if source is HandSource.PLAYER_AND_BOARD:
        return (*deal.player, *deal.board)
    if source is HandSource.BOARD_ONLY:
        return deal.board
    if source is HandSource.PLAYER_TWO:
        return deal.player
    if source is HandSource.PLAYER_TWO_AND_DEALER_TWO:
        return (*deal.player, *deal.dealer)
    if source is HandSource.TWO_CARDS_AND_FLOP:
        return (*deal.two_cards(bet_on), *deal.flop)
    if source is HandSource.PLAYER_DEALER_AND_FLOP:
        return (*deal.player, *deal.dealer, *deal.flop)
    return ()


def board_hand(deal: Deal) -> HandValue:
    """The five community cards alone (Play the Board, § 653b.4(e))."""
    return best_five(deal.board)


def classes_for_five_card(hand: HandValue) -> tuple[HandClass, ...]:
    """Every row name a five-card hand answers to: its category and any threshold it meets
    ("Pair—10s or better", "Less than a straight", "Less than a flush")."""
    classes: list[HandClass] = [hand.rank]
    if hand.rank is HandRank.ONE_PAIR and hand.cards[0].rank_index >= Rank.TEN.index:
        classes.append(Condition.PAIR_OF_TENS_OR_BETTER)
    if not at_least(hand, HandRank.STRAIGHT):
        classes.append(Condition.LESS_THAN_A_STRAIGHT)
    if not at_least(hand, HandRank.FLUSH):
        classes.append(Condition.LESS_THAN_A_FLUSH)
    return tuple(classes)


def ultimate_pairs_classes(
    player: Sequence[Card], dealer: Sequence[Card] = ()
) -> tuple[UltimatePairsHand, ...]:
    """Every Ultimate Pairs row the player's two cards satisfy (§ 653b.5(f)), best first; only
    Paytable F prints a payout for the top row, on the dealer's two cards as well
    (§ 653b.5(e))."""
    return two_card_rows(UltimatePairsHand, player, dealer)


__all__ = [
    "Condition",
    "Deal",
    "at_least",
    "board_hand",
    "classes_for_five_card",
    "dealer_hand",
    "describe_two_cards",
    "hand_cards",
    "player_hand",
    "ultimate_pairs_classes",
]
