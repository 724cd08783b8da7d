"""The Texas Hold 'Em Bonus Poker wagers and awards, their paytables' row names, and which
cards form each wager's hand, named as the chapter and the game's house rules name them.

``HandRank`` (hands/categories.py) names the poker categories; the enumerations here add the rows
that are something else: the two-card combinations of the Bonus Wager, the base game's "player's
hand outranks the dealer's", and the Magic Card and Lucky Bonus events (§ 647a.1). Values are
the paytable wording, so data files and messages read like a posted sign.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from enum import Enum

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.vocabulary import Vocabulary, matches, normalise


class ThbWager(SpotKind, noun="a Texas Hold 'Em Bonus Poker wager"):
    """A betting spot or award of Texas Hold 'Em Bonus Poker (ch. 647a).

    Magic Card Bonus and Lucky Bonus are not wagers of their own but awards to a Five Card Hand
    Bonus bettor (§ 647a.1); they are listed so each award is settled and cited separately.
    """

    ANTE = "Ante"
    FLOP = "Flop"
    TURN = "Turn"
    RIVER = "River"
    BONUS = "Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"
    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE_PAYTABLE,
            cls.FLOP: SpotRole.BASE,
            cls.TURN: SpotRole.BASE,
            cls.RIVER: SpotRole.BASE,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.FLOP, cls.TURN, cls.RIVER}


class BonusHand(Vocabulary, noun="a Bonus Wager row"):
    """Rows of the Bonus Wager paytables: the player's two cards (and, on the top row of
    Paytable A, the dealer's two as well), best first."""

    PLAYER_AND_DEALER_ACES = "Ace/ace and dealer ace/ace"
    ACES = "Ace/ace"
    ACE_KING_SUITED = "Ace/king (suited)"
    ACE_QUEEN_OR_JACK_SUITED = "Ace/queen (suited) or ace/jack (suited)"
    ACE_KING = "Ace/king"
    KINGS_QUEENS_OR_JACKS = "King/king, queen/queen or jack/jack"
    ACE_QUEEN_OR_JACK = "Ace/queen or ace/jack"
    TENS_OR_LESS = "Pair—10s or less"


class Condition(Vocabulary, noun="a paytable condition"):
    """Rows defined by a comparison rather than one category."""

    PLAYER_BEATS_DEALER = "Player's hand outranks the dealer's"


class BonusEvent(Vocabulary, noun="a bonus event"):
    """Extra Five Card Hand Bonus awards drawn by the table game system (§ 647a.1)."""

    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"


HandClass = HandRank | BonusHand | Condition | BonusEvent
HAND_CLASS_TYPES: tuple[type[Enum], ...] = (HandRank, BonusHand, Condition, BonusEvent)


def parse_hand_class(text: str) -> HandClass:
    """Read a row name from a data file: a ``HandRank`` value or one of the classes above."""
    key = normalise(text)
    for cls in HAND_CLASS_TYPES:
        for member in cls:
            if matches(member, key):
                return member  # type: ignore[return-value]
    choices = ", ".join(repr(m.value) for cls in HAND_CLASS_TYPES for m in cls)
    raise ValueError(f"{text!r} is not a paytable row; expected one of {choices}")


class HandSource(Vocabulary, noun="a hand source"):
    """Which cards form the hand a wager is settled on; part of each wager's rule."""

    PLAYER_AND_BOARD = "best five of the player's two cards and the five community cards"
    PLAYER_TWO = "the player's two cards"
    PLAYER_TWO_AND_DEALER_TWO = "the player's two cards with the dealer's two cards"
    TWO_CARDS_AND_FLOP = "the wagered hand's two cards and the flop only"
    NONE = "no cards (an event drawn by the table game system)"


__all__ = [
    "HAND_CLASS_TYPES",
    "BonusEvent",
    "BonusHand",
    "Condition",
    "HandClass",
    "HandSource",
    "ThbWager",
    "parse_hand_class",
]
