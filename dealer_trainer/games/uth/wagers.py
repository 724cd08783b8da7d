"""The Ultimate Texas Hold 'Em wagers and awards, their paytables' row names, and which cards
form each wager's hand, all named as the regulations name them.

``HandRank`` (hands/categories.py) names the poker categories; the enumerations here add the rows
the regulations print that are something else: two-card combinations of the Ultimate Pairs
wager, thresholds such as "Pair—10s or better", the Magic Card and Lucky Bonus events, and the
base-game "player's hand outranks the dealer's". Values are the paytable wording, so data files
and messages read like the regulation.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from enum import Enum
from functools import cache

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.vocabulary import Vocabulary, normalise


class UthWager(SpotKind, noun="an Ultimate Texas Hold 'Em wager"):
    """A betting spot or award of Ultimate Texas Hold 'Em (chs. 653a, 653b).

    Magic Card Bonus and Lucky Bonus are not wagers of their own but awards to a Five Card Hand
    Bonus bettor; they are listed so each award is settled and cited separately.
    """

    ANTE = "Ante"
    BLIND = "Blind"
    PLAY = "Play"
    TRIPS = "Trips"
    BAD_BEAT = "Bad Beat bonus"
    PLAY_THE_BOARD = "Play the Board"
    ULTIMATE_PAIRS = "Ultimate Pairs"
    SIX_CARD_BONUS = "Six Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"
    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"
    MUST_HIT_BY = "Must-Hit-By Mystery bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE,
            cls.BLIND: SpotRole.BASE_PAYTABLE,
            cls.PLAY: SpotRole.BASE,
            cls.MUST_HIT_BY: SpotRole.MUST_HIT_BY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.PLAY}


class UltimatePairsHand(Vocabulary, noun="an Ultimate Pairs row"):
    """Rows of the Ultimate Pairs paytables, in the seed's wording and order (§ 653b.5(f))."""

    PLAYER_AND_DEALER_ACES = "Ace/ace and dealer ace/ace"
    RED_ACES = "Ace of hearts and ace of diamonds"
    ACES = "Ace/ace"
    ACE_KING_SUITED = "Ace/king (suited)"
    ACE_QUEEN_OR_JACK_SUITED = "Ace/queen (suited) or ace/jack (suited)"
    ACE_KING = "Ace/king"
    KINGS_QUEENS_OR_JACKS = "King/king, queen/queen or jack/jack"
    ACE_QUEEN_OR_JACK = "Ace/queen or ace/jack"
    TENS_OR_LESS = "Pair—10s or less"


class Condition(Vocabulary, noun="a paytable condition"):
    """Rows defined by a threshold or a comparison rather than one category."""

    PLAYER_BEATS_DEALER = "Player's hand outranks the dealer's"
    PAIR_OF_TENS_OR_BETTER = "Pair—10s or better"
    LESS_THAN_A_STRAIGHT = "Less than a straight"
    LESS_THAN_A_FLUSH = "Less than a flush"


class BonusEvent(Vocabulary, noun="a bonus event"):
    """Extra Five Card Hand Bonus awards drawn by the table game system (§ 653a.1)."""

    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"


HandClass = HandRank | UltimatePairsHand | Condition | BonusEvent
HAND_CLASS_TYPES: tuple[type[Enum], ...] = (HandRank, UltimatePairsHand, Condition, BonusEvent)


@cache
def _hand_class_names() -> dict[str, HandClass]:
    """Every row name, normalised, and the class it reads as: the first member in
    ``HAND_CLASS_TYPES`` order whose value or name it is (the shipped paytables name a row
    about 150 times)."""
    names: dict[str, HandClass] = {}
    for cls in HAND_CLASS_TYPES:
        for member in cls:
            for name in (normalise(str(member.value)), normalise(member.name)):
                names.setdefault(name, member)  # type: ignore[arg-type]
    return names


def parse_hand_class(text: str) -> HandClass:
    """Read a row name from a data file: a ``HandRank`` value or one of the classes above."""
    found = _hand_class_names().get(normalise(text))
    if found is not None:
        return found
    choices = ", ".join(repr(m.value) for cls in HAND_CLASS_TYPES for m in cls)
    raise ValueError(f"{text!r} is not a paytable row; expected one of {choices}")


class HandSource(Vocabulary, noun="a hand source"):
    """Which cards form the hand a wager is settled on; part of each wager's rule."""

    PLAYER_AND_BOARD = "best five of the player's two cards and the five community cards"
    BOARD_ONLY = "the five community cards alone"
    PLAYER_TWO = "the player's two cards"
    PLAYER_TWO_AND_DEALER_TWO = "the player's two cards with the dealer's two cards"
    TWO_CARDS_AND_FLOP = "the wagered hand's two cards and the flop only"
    PLAYER_DEALER_AND_FLOP = "the player's two cards, the dealer's two cards and the flop"
    NONE = "no cards (an event drawn by the table game system)"


__all__ = [
    "HAND_CLASS_TYPES",
    "BonusEvent",
    "Condition",
    "HandClass",
    "HandSource",
    "UltimatePairsHand",
    "UthWager",
    "parse_hand_class",
]
