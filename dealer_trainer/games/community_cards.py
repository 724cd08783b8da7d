"""The cards of a game of two hole cards and five community cards (Ultimate Texas Hold 'Em,
Texas Hold 'Em Bonus Poker), and the hands every such game reads from them.

Each player and the dealer hold two cards and share a five-card board dealt as the flop, the
turn and the river; the base game compares the best five of the player's seven cards with the
dealer's best five of the same kind, and a two-card side wager (Ultimate Pairs, the Bonus
Wager) pays on the player's two cards alone, its top row also on the dealer's two. Which cards
a game's other wagers read, and its wording of the rows, stay in the game's ``hands.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import Enum
from typing import ClassVar, Protocol, Self, TypeVar

from msgspec import Struct

from dealer_trainer.cards import Card, Rank, Suit, format_cards, parse_cards
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue


class CommunityDeal(Struct, frozen=True):
    """The cards of one player's round: two cards each for player and dealer, five on the board.

    ``board`` is in dealing order, so ``board[:3]`` is the flop, ``board[3]`` the turn and
    ``board[4]`` the river. A game subclasses it to name itself in the deck's message.
    """

    player: tuple[Card, Card]
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]

    game: ClassVar[str] = "the game"
    """Whose 52-card deck a joker is refused from."""

    def __post_init__(self) -> None:
        if len(self.player) != 2 or len(self.dealer) != 2 or len(self.board) != 5:
            raise ValueError(
                "a deal has two player cards, two dealer cards and five community cards, not "
                f"{len(self.player)}, {len(self.dealer)} and {len(self.board)}"
            )
        cards = self.all_cards
        if any(card.is_joker for card in cards):
            raise ValueError(f"{self.game} is dealt from a 52-card deck, no joker")
        if len(set(cards)) != len(cards):
            raise ValueError(f"a card appears twice in {format_cards(cards)}")

    @classmethod
    def parse(cls, player: str, dealer: str, board: str) -> Self:
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


def player_hand(deal: CommunityDeal) -> HandValue:
    """Best five of the player's two cards and the five community cards."""
    return best_five((*deal.player, *deal.board))


def dealer_hand(deal: CommunityDeal) -> HandValue:
    return best_five((*deal.dealer, *deal.board))


def at_least(hand: HandValue, rank: HandRank) -> bool:
    return FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(rank)


def describe_two_cards(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty for card in cards)


class PlayerWagers(Protocol):
    """The wagers of a seat every such game reads: the progressive and the Five Card Hand
    Bonus on either hand."""

    @property
    def progressive(self) -> Decimal: ...
    @property
    def five_card_hand_bonus(self) -> Decimal: ...
    @property
    def five_card_hand_bonus_dealer(self) -> Decimal: ...
    def fchb_stakes(self) -> dict[BetOn, Decimal]: ...


class PlayerDecision(Protocol):
    @property
    def folded(self) -> bool: ...


class CommunityPlay(Protocol):
    """One player of a dealt round (each game's ``SeatPlay``)."""

    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, Card]: ...
    @property
    def wagers(self) -> PlayerWagers: ...
    @property
    def decision(self) -> PlayerDecision: ...


E = TypeVar("E", bound=Enum)

_RED_ACES = frozenset({Card.of(Rank.ACE, Suit.HEARTS), Card.of(Rank.ACE, Suit.DIAMONDS)})


def two_card_rows(
    rows: type[E], player: Sequence[Card], dealer: Sequence[Card] = ()
) -> tuple[E, ...]:
    """Every row of a two-card paytable the player's two cards satisfy, best first.

    ``rows`` is the game's enumeration of the rows, whose members are named PLAYER_AND_DEALER_ACES,
    RED_ACES (where a paytable prints it), ACES, ACE_KING_SUITED, ACE_KING,
    ACE_QUEEN_OR_JACK_SUITED, ACE_QUEEN_OR_JACK, KINGS_QUEENS_OR_JACKS and TENS_OR_LESS. A♥A♦
    is also "Ace/ace" and a suited A/K is also "Ace/king"; a paytable pays the first row it
    prints that matches, which in every shipped paytable is also the highest payout. The top
    row ("Ace/ace and dealer ace/ace") looks at the dealer's two cards as well.
    """
    a, b = player
    first, second = a.rank, b.rank
    pair = first is second
    if not pair and first is not Rank.ACE and second is not Rank.ACE:
        return ()  # most hands: no row pays them (counting all 1,624,350 deals asks each once)
    row = rows.__members__
    ranks = {first, second}
    suited = a.suit is b.suit
    classes: list[E] = []
    if pair and a.rank is Rank.ACE:
        if len(dealer) == 2 and all(card.rank is Rank.ACE for card in dealer):
            classes.append(row["PLAYER_AND_DEALER_ACES"])
        if "RED_ACES" in row and set(player) == _RED_ACES:
            classes.append(row["RED_ACES"])
        classes.append(row["ACES"])
    if ranks == {Rank.ACE, Rank.KING}:
        if suited:
            classes.append(row["ACE_KING_SUITED"])
        classes.append(row["ACE_KING"])
    if ranks in ({Rank.ACE, Rank.QUEEN}, {Rank.ACE, Rank.JACK}):
        if suited:
            classes.append(row["ACE_QUEEN_OR_JACK_SUITED"])
        classes.append(row["ACE_QUEEN_OR_JACK"])
    if pair and a.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        classes.append(row["KINGS_QUEENS_OR_JACKS"])
    if pair and a.rank_index <= Rank.TEN.index:
        classes.append(row["TENS_OR_LESS"])
    return tuple(classes)


__all__ = [
    "CommunityDeal",
    "CommunityPlay",
    "at_least",
    "dealer_hand",
    "describe_two_cards",
    "player_hand",
    "two_card_rows",
]
