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
from dataclasses import dataclass

from dealer_trainer.cards import Card, Rank, Suit, format_cards, parse_cards
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.uth.wagers import Condition, HandClass, HandSource, UltimatePairsHand
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue


@dataclass(frozen=True)
class Deal:
    """The cards of one player's round: two cards each for player and dealer, five on the board.

    ``board`` is in dealing order, so ``board[:3]`` is the flop, ``board[3]`` the turn and
    ``board[4]`` the river.
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
            raise ValueError("Ultimate Texas Hold 'Em is dealt from a 52-card deck, no joker")
        if len(set(cards)) != len(cards):
            raise ValueError(f"a card appears twice in {format_cards(cards)}")

    @classmethod
    def parse(cls, player: str, dealer: str, board: str) -> Deal:
        """``Deal.parse("As Ad", "Kc Kd", "2h 7s 9c Td Jh")``."""
        p = parse_cards(player, allow_joker=False)
        d = parse_cards(dealer, allow_joker=False)
        b = parse_cards(board, allow_joker=False)
        return cls(_pair(p, "player"), _pair(d, "dealer"), _five(b))

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


def _pair(cards: Sequence[Card], who: str) -> tuple[Card, Card]:
    if len(cards) != 2:
        raise ValueError(f"the {who} has two cards, not {len(cards)}")
    return (cards[0], cards[1])


def _five(cards: Sequence[Card]) -> tuple[Card, Card, Card, Card, Card]:
    if len(cards) != 5:
        raise ValueError(f"the board has five community cards, not {len(cards)}")
    return (cards[0], cards[1], cards[2], cards[3], cards[4])


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


def player_hand(deal: Deal) -> HandValue:
    """Best five of the player's two cards and the five community cards (§ 653a.1)."""
    return best_five((*deal.player, *deal.board))


def dealer_hand(deal: Deal) -> HandValue:
    return best_five((*deal.dealer, *deal.board))


def board_hand(deal: Deal) -> HandValue:
    """The five community cards alone (Play the Board, § 653b.4(e))."""
    return best_five(deal.board)


def at_least(hand: HandValue, rank: HandRank) -> bool:
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


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


_RED_ACES = frozenset({Card.of(Rank.ACE, Suit.HEARTS), Card.of(Rank.ACE, Suit.DIAMONDS)})


def ultimate_pairs_classes(
    player: Sequence[Card], dealer: Sequence[Card] = ()
) -> tuple[UltimatePairsHand, ...]:
    """Every Ultimate Pairs row the player's two cards satisfy (§ 653b.5(f)), best first.

    A♥A♦ is also "Ace/ace" and a suited A/K is also "Ace/king"; the paytable pays the first row
    it prints that matches, which in every seed paytable is also the highest payout. The top
    row ("Ace/ace and dealer ace/ace") looks at the dealer's two cards, which only Paytable F
    prints a payout for (§ 653b.5(e)).
    """
    a, b = player
    ranks = {a.rank, b.rank}
    pair = a.rank is b.rank
    suited = a.suit is b.suit
    classes: list[UltimatePairsHand] = []
    if pair and a.rank is Rank.ACE:
        if len(dealer) == 2 and all(card.rank is Rank.ACE for card in dealer):
            classes.append(UltimatePairsHand.PLAYER_AND_DEALER_ACES)
        if set(player) == _RED_ACES:
            classes.append(UltimatePairsHand.RED_ACES)
        classes.append(UltimatePairsHand.ACES)
    if ranks == {Rank.ACE, Rank.KING}:
        if suited:
            classes.append(UltimatePairsHand.ACE_KING_SUITED)
        classes.append(UltimatePairsHand.ACE_KING)
    if ranks in ({Rank.ACE, Rank.QUEEN}, {Rank.ACE, Rank.JACK}):
        if suited:
            classes.append(UltimatePairsHand.ACE_QUEEN_OR_JACK_SUITED)
        classes.append(UltimatePairsHand.ACE_QUEEN_OR_JACK)
    if pair and a.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        classes.append(UltimatePairsHand.KINGS_QUEENS_OR_JACKS)
    if pair and a.rank_index <= Rank.TEN.index:
        classes.append(UltimatePairsHand.TENS_OR_LESS)
    return tuple(classes)


def describe_two_cards(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty for card in cards)
