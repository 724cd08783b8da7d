"""The Pai Gow Poker wagers and paytable row names, worded as 58 Pa. Code ch. 645a words them.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction. Seven-card Dynasty, Fortune Bonus,
Emperor's Treasure and progressive rows use ``SevenCardClass`` (hands/pai_gow_seven.py); the
enumerations here name the rows that are not seven-card poker hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.vocabulary import Vocabulary


class PaiGowWager(SpotKind, noun="a Pai Gow Poker wager"):
    """A betting spot of Pai Gow Poker or EZ Pai Gow Poker (§ 645a.7, seed 000).

    The Pai Gow Poker Wager is required (§ 645a.7(d)); the rest are the optional wagers of
    § 645a.7(e): Fortune Bonus (e)(1), Emperor's Treasure, the Progressive Payout Wager (e)(4)
    and the four EZ-only wagers (e)(5)(i)-(iv). The Envy Bonus is not a wager but a fixed sum
    paid to a player with a Qualifying Wager (§ 645a.1); it is listed, like "Commission", so
    each payment or collection a dealer makes has a name of its own.
    """

    PAI_GOW = "Pai Gow Poker Wager"
    FORTUNE_BONUS = "Fortune Bonus"
    EMPERORS_TREASURE = "Emperor's Treasure"
    PROGRESSIVE = "Progressive Payout Wager"
    QUEENS_DRAGON = "Queen's Dragon"
    DYNASTY_BONUS = "Dynasty Bonus"
    PROTECTION = "Protection"
    RED_BLACK = "Red/Black"
    ENVY_BONUS = "Envy Bonus"
    COMMISSION = "Commission"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.PAI_GOW: SpotRole.BASE,
            cls.ENVY_BONUS: SpotRole.ENVY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return set()

    @property
    def ez_only(self) -> bool:
        """Offered only while EZ Pai Gow Poker is played (§ 645a.7(e)(5), seed 000)."""
        return self in EZ_ONLY_WAGERS

    @property
    def is_qualifying(self) -> bool:
        """A wager of at least $5 of this kind is a Qualifying Wager (§ 645a.1, seed 000)."""
        return self in QUALIFYING_WAGERS


EZ_ONLY_WAGERS = frozenset(
    {
        PaiGowWager.QUEENS_DRAGON,
        PaiGowWager.DYNASTY_BONUS,
        PaiGowWager.PROTECTION,
        PaiGowWager.RED_BLACK,
    }
)
QUALIFYING_WAGERS = (
    PaiGowWager.DYNASTY_BONUS,
    PaiGowWager.FORTUNE_BONUS,
    PaiGowWager.EMPERORS_TREASURE,
)
"""Wagers that make a Qualifying Wager at $5 or more (§ 645a.1), in the order the Envy amount
is looked up when a player holds more than one of them (see ``envy_wager``)."""

OPTIONAL_WAGERS = (
    PaiGowWager.FORTUNE_BONUS,
    PaiGowWager.EMPERORS_TREASURE,
    PaiGowWager.PROGRESSIVE,
    PaiGowWager.QUEENS_DRAGON,
    PaiGowWager.DYNASTY_BONUS,
    PaiGowWager.PROTECTION,
    PaiGowWager.RED_BLACK,
)
"""The § 645a.7(e) wagers a Rules Submission may offer; a placed one bars surrender
(§ 645a.11(d))."""


class PaiGowVariant(Vocabulary, noun="a Pai Gow Poker variation"):
    """The game the table is designated for; the value is the ``game`` line of a table file.

    EZ Pai Gow Poker collects no vigorish (§§ 645a.1, 645a.13(a)) and pushes every Pai Gow
    Poker Wager when the dealer holds a Queen's Dragon (§ 645a.11(f)(1)(v), (2)(iii), (3)).
    """

    CLASSIC = "Pai Gow Poker"
    EZ = "EZ Pai Gow Poker"


class PaiGowCondition(Vocabulary, noun="a Pai Gow Poker paytable condition"):
    """Rows that are a comparison or an event rather than a hand of the player's."""

    BOTH_HANDS_WIN = "Both of the player's hands outrank the dealer's"
    DEALER_QUEENS_DRAGON = "Dealer's hand is a Queen's Dragon"


class ProtectionHand(Vocabulary, noun="a Protection paytable row"):
    """Rows of the Protection paytable as § 645a.13(h) prints them (seed 000).

    The first row contradicts the wager's win rule (no pair or better, §§ 645a.7(e)(5)(iii),
    645a.11(h)(7)); it is paid only when the property says so (pai-gow.md § 10 item 2).
    """

    ACE_FIVE_NATURAL_STRAIGHT_FLUSH = "Ace/five natural straight flush"
    NINE_HIGH = "Nine-high"
    TEN_HIGH = "Ten-high"
    JACK_HIGH = "Jack-high"
    QUEEN_HIGH = "Queen-high"
    KING_HIGH = "King-high"
    ACE_HIGH = "Ace-high"


class RedBlackHand(Vocabulary, noun="a Red/Black paytable row"):
    """Rows of the Red/Black paytable, § 645a.13(i) (seed 000): cards of the chosen colour."""

    SEVEN = "Seven cards of the chosen color"
    SIX = "Six cards of the chosen color"
    FIVE = "Five cards of the chosen color"
    FOUR = "Four cards of the chosen color"

    @property
    def count(self) -> int:
        return {"SEVEN": 7, "SIX": 6, "FIVE": 5, "FOUR": 4}[self.name]

    @classmethod
    def for_count(cls, count: int) -> RedBlackHand | None:
        """The row for ``count`` cards of the chosen colour; ``None`` below four (a loss)."""
        return next((row for row in cls if row.count == count), None)


class PaiGowHandSource(Vocabulary, noun="a Pai Gow Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    PLAYER_SPLIT = "the player's high and low hands against the dealer's"
    DEALER_SEVEN = "the dealer's seven cards"
    PLAYER_SEVEN = "the player's seven cards, rearranged into the highest-ranking hand"


__all__ = [
    "EZ_ONLY_WAGERS",
    "OPTIONAL_WAGERS",
    "QUALIFYING_WAGERS",
    "PaiGowCondition",
    "PaiGowHandSource",
    "PaiGowVariant",
    "PaiGowWager",
    "ProtectionHand",
    "RedBlackHand",
]
