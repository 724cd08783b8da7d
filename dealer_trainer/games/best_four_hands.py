"""What the best-four games share about hands and the player's decision: how a dealer calls a
four-card hand, the comparison of the player's best four with the dealer's, and the one decision
a player makes after reviewing the cards (fold, or a Play Wager of so many times the Ante).

The games differ in how many cards the dealer holds, in the Play multiples a hand allows and in
what a fold forfeits; each subclasses ``PlayDecision`` with its own ``check`` and words its own
reasons.
"""

from __future__ import annotations

from typing import Self

from msgspec import Struct

from dealer_trainer.cards import format_cards
from dealer_trainer.games.outcome_support import Winner, compare, showdown_text
from dealer_trainer.hands.categories import FIVE_CARD_NAMES, HandRank
from dealer_trainer.hands.four_card import FOUR_CARD_ORDER
from dealer_trainer.hands.hand_value import HandValue

HAND_NAMES = tuple(
    dict.fromkeys(
        [
            *(rank.value for rank in reversed(FOUR_CARD_ORDER)),
            *FIVE_CARD_NAMES,
        ]
    )
)
"""The hands a trainee may name, best first: the four-card hands and the five-card bonus hands."""


class InvalidDecision(ValueError):
    """The decision is not one the table's rules allow (e.g. a 4x Play Wager)."""


class PlayDecision(Struct, frozen=True):
    """Fold (``multiple`` 0), or a Play Wager of ``multiple`` times the Ante. Use ``fold()`` or
    ``play(3)``; a game's subclass checks the multiple against its table's rules."""

    multiple: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.multiple, bool) or self.multiple < 0:
            raise InvalidDecision(
                f"a Play Wager is a whole multiple of the Ante, not {self.multiple}"
            )

    @classmethod
    def fold(cls) -> Self:
        return cls(0)

    @classmethod
    def play(cls, multiple: int) -> Self:
        if multiple < 1:
            raise InvalidDecision(f"a Play Wager is at least once the Ante, not {multiple}x")
        return cls(multiple)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read "fold", "play 2x", "play 3", "2x" (spacing and case ignored)."""
        words = " ".join(text.lower().replace("×", "x").split())
        if words == "fold":
            return cls.fold()
        number = words.removeprefix("play").strip().removesuffix("x").strip()
        if number.isdigit() and int(number) > 0:
            return cls.play(int(number))
        raise InvalidDecision(f'{text!r} is not a decision; write "fold" or "play 1x" to "play 3x"')

    @property
    def folded(self) -> bool:
        return self.multiple == 0

    def __str__(self) -> str:
        return "fold" if self.folded else f"play {self.multiple}x"


def at_least(hand: HandValue, rank: HandRank) -> bool:
    """Whether ``hand`` is ``rank`` or better in the four-card order."""
    return FOUR_CARD_ORDER.index(hand.rank) >= FOUR_CARD_ORDER.index(rank)


def describe_hand(hand: HandValue) -> str:
    """A four-card hand as a dealer calls it, with its cards: "three of a kind, nines (9h 9d 9c
    Ks)", "straight, four high (4c 3d 2h As)"."""
    cards = hand.cards
    top = cards[0]
    match hand.rank:
        case HandRank.FOUR_OF_A_KIND:
            name = f"four of a kind, {top.rank.plural}"
        case HandRank.STRAIGHT_FLUSH | HandRank.STRAIGHT | HandRank.FLUSH:
            name = f"{hand.rank.value.lower()}, {top.rank.label.lower()} high"
        case HandRank.THREE_OF_A_KIND:
            name = f"three of a kind, {top.rank.plural}"
        case HandRank.TWO_PAIR:
            name = f"two pair, {top.rank.plural} and {cards[2].rank.plural}"
        case HandRank.ONE_PAIR:
            name = f"pair of {top.rank.plural}"
        case _:
            name = f"{top.rank.label.lower()} high"
    return f"{name} ({format_cards(cards)})"


class Showdown(Struct, frozen=True):
    """The player's best four and the dealer's best four, and who is higher."""

    player: HandValue
    dealer: HandValue

    @property
    def winner(self) -> Winner:
        return compare(self.player, self.dealer)

    def describe(self) -> str:
        """ "the player's two pair, ... beats the dealer's a pair of ..." with both hands."""
        return showdown_text(describe_hand(self.player), describe_hand(self.dealer), self.winner)


__all__ = ["HAND_NAMES", "InvalidDecision", "PlayDecision", "Showdown", "at_least", "describe_hand"]
