"""The pai gow rules a property must be able to set, with their defaults and where they come from.

Every setting here is either unverified (the seed does not print the ranking paragraph,
§ 645a.6(b)) or ambiguous in the seed, and the regulation notes (README § 2, pai-gow.md)
require such rules to be configurable per property. They live apart from the evaluators so the table
configuration can load and show them without importing any evaluation code.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct


class WheelRank(Enum):
    """Where A-2-3-4-5 ranks among straights and straight flushes.

    SECOND_HIGHEST is the default: it is the common pai gow rule, [STANDARD] unverified
    (pai-gow.md § 4 and § 10 item 8; the seed does not contain § 645a.6(b)).
    """

    # The evaluators look their tables up by this rule and the next at every hand: members
    # compare by identity, so they hash by identity in C rather than by name in Python.
    __hash__ = object.__hash__

    SECOND_HIGHEST = "A-2-3-4-5 is the second-highest straight, below A-K-Q-J-10"
    LOWEST = "A-2-3-4-5 is the lowest straight, below 2-3-4-5-6"


class FiveAcesRank(Enum):
    """Where five aces ranks against a royal flush.

    ABOVE_ROYAL_FLUSH is the default, [STANDARD] unverified (pai-gow.md § 4); the seed's
    Dynasty paytable, § 645a.13(g), also pays five aces (500 to 1) above a royal flush (120 to 1).
    """

    __hash__ = object.__hash__  # as for the wheel

    ABOVE_ROYAL_FLUSH = "Five aces is the highest hand, above a royal flush"
    BELOW_ROYAL_FLUSH = "A royal flush is the highest hand; five aces ranks next"


class DynastyExtraPair(Enum):
    """The suited pair that goes with the natural royal flush in the Dynasty special hand.

    § 645a.6(g)(3) (seed) names "a natural ace/king suited" but describes "an additional ace and
    queen of the same suit", and the § 645a.13(g) table row reads "natural ace/queen suited";
    ACE_QUEEN is the default because two of the three readings say so (pai-gow.md § 10 item 1).
    """

    ACE_QUEEN = "Ace/queen suited"
    ACE_KING = "Ace/king suited"


class JokerColour(Enum):
    """The joker's colour for the Red/Black Wager.

    The seed, § 645a.13(i), does not say (pai-gow.md § 10 item 3); the property must specify it.
    NEITHER is the default because the joker has no suit, so it belongs to neither colour until
    the property says otherwise.
    """

    NEITHER = "The joker is neither red nor black"
    RED = "The joker counts as a red card"
    BLACK = "The joker counts as a black card"


class SevenCardAceLow(Enum):
    """Whether A-2-3-4-5-6-7 suited is a seven-card straight flush (Dynasty, § 645a.6(g)(2), (4)).

    The seed only says "seven cards of the same suit in consecutive ranking". Counting the ace
    low is the default because the ace already plays low in A-2-3-4-5 and published Fortune Pai
    Gow rules name A-2-3-4-5-6-7 the lowest seven-card straight flush; [STANDARD] unverified.
    """

    ACE_HIGH_OR_LOW = "The ace is high (8 to ace) or low (ace to 7) in a seven-card straight"
    ACE_HIGH_ONLY = "The ace is high only: ace to 7 is not a seven-card straight"


class PaiGowRules(Struct, frozen=True):
    """The unverified or ambiguous pai gow rules a property must be able to configure."""

    wheel: WheelRank = WheelRank.SECOND_HIGHEST
    five_aces: FiveAcesRank = FiveAcesRank.ABOVE_ROYAL_FLUSH
    royal_extra_pair: DynastyExtraPair = DynastyExtraPair.ACE_QUEEN
    joker_colour: JokerColour = JokerColour.NEITHER
    seven_card_ace_low: SevenCardAceLow = SevenCardAceLow.ACE_HIGH_OR_LOW


DEFAULT_RULES = PaiGowRules()
