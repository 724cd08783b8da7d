"""Which cards make which hand in Texas Hold 'Em Bonus Poker, and how a hand is classified.

The base game (Ante, Flop, Turn and River) uses the best five of the player's two cards and the
five community cards against the dealer's best five of the same kind (§ 647a.1, "Hand"); the
Bonus Wager only the player's two cards (and, on Paytable A's top row, the dealer's two); the
Five Card Hand Bonus only the wagered hand's two cards and the flop, never the turn or river
(seed 000, preamble on the proposed § 647a.11 amendment).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.cards import Card, Rank, format_cards, parse_cards
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.texas_holdem_bonus.wagers import (
    BonusHand,
    Condition,
    HandClass,
    HandSource,
)
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue


@dataclass(frozen=True)
class Deal:
    """The cards of one player's round: two cards each for player and dealer, five on the board.

    ``board`` is in dealing order: ``board[:3]`` is the Flop, ``board[3]`` the turn card and
    ``board[4]`` the river card.
    """

    player: tuple[Card, Card]
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]

    def __post_init__(self) -> None:
        if len(self.player) != 2 or len(self.dealer) != 2 or len(self.board) != 5:
            raise ValueError(
                "a deal has two player cards, two dealer cards and five community cards, not "
                f"{len(self.player)}, {len(self.dealer)} and {len(self.board)}"
            )
        cards = self.all_cards
        if any(card.is_joker for card in cards):
            raise ValueError("Texas Hold 'Em Bonus Poker is dealt from a 52-card deck, no joker")
        if len(set(cards)) != len(cards):
            raise ValueError(f"a card appears twice in {format_cards(cards)}")

    @classmethod
    def parse(cls, player: str, dealer: str, board: str) -> Deal:
        """``Deal.parse("As Ad", "Kc Kd", "2h 7s 9c Td Jh")``."""
        p = parse_cards(player, allow_joker=False)
        d = parse_cards(dealer, allow_joker=False)
        b = parse_cards(board, allow_joker=False)
        if len(p) != 2 or len(d) != 2 or len(b) != 5:
            raise ValueError("a deal has two player cards, two dealer cards and a five-card board")
        return cls((p[0], p[1]), (d[0], d[1]), (b[0], b[1], b[2], b[3], b[4]))

    @property
    def flop(self) -> tuple[Card, Card, Card]:
        return (self.board[0], self.board[1], self.board[2])

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return (*self.player, *self.dealer, *self.board)

    def two_cards(self, bet_on: BetOn) -> tuple[Card, Card]:
        return self.player if bet_on is BetOn.PLAYER else self.dealer

    def __str__(self) -> str:
        return (
            f"player {format_cards(self.player)}, dealer {format_cards(self.dealer)}, "
            f"board {format_cards(self.board)}"
        )


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


def player_hand(deal: Deal) -> HandValue:
    """Best five of the player's two cards and the five community cards (§ 647a.1)."""
    return best_five((*deal.player, *deal.board))


def dealer_hand(deal: Deal) -> HandValue:
    return best_five((*deal.dealer, *deal.board))


def at_least(hand: HandValue, rank: HandRank) -> bool:
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def classes_for_five_card(hand: HandValue) -> tuple[HandClass, ...]:
    return (hand.rank,)


def bonus_classes(player: Sequence[Card], dealer: Sequence[Card] = ()) -> tuple[BonusHand, ...]:
    """Every Bonus Wager row the player's two cards satisfy, best first.

    A suited A/K is also "Ace/king"; a paytable pays the first row it prints that matches,
    which on both shipped paytables is also the highest payout. The top row ("Ace/ace and
    dealer ace/ace") looks at the dealer's two cards as well.
    """
    a, b = player
    ranks = {a.rank, b.rank}
    pair = a.rank is b.rank
    suited = a.suit is b.suit
    classes: list[BonusHand] = []
    if pair and a.rank is Rank.ACE:
        if len(dealer) == 2 and all(card.rank is Rank.ACE for card in dealer):
            classes.append(BonusHand.PLAYER_AND_DEALER_ACES)
        classes.append(BonusHand.ACES)
    if ranks == {Rank.ACE, Rank.KING}:
        if suited:
            classes.append(BonusHand.ACE_KING_SUITED)
        classes.append(BonusHand.ACE_KING)
    if ranks in ({Rank.ACE, Rank.QUEEN}, {Rank.ACE, Rank.JACK}):
        if suited:
            classes.append(BonusHand.ACE_QUEEN_OR_JACK_SUITED)
        classes.append(BonusHand.ACE_QUEEN_OR_JACK)
    if pair and a.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        classes.append(BonusHand.KINGS_QUEENS_OR_JACKS)
    if pair and a.rank_index <= Rank.TEN.index:
        classes.append(BonusHand.TENS_OR_LESS)
    return tuple(classes)


def describe_two_cards(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty for card in cards)


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
