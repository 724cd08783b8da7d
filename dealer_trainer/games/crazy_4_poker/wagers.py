"""The Crazy 4 Poker wagers, rules vocabulary and paytable row names, worded as ch. 657a and the
game's published rules word them.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction ("Super Bonus", "Queens Up").
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.vocabulary import Vocabulary


class Crazy4Wager(SpotKind, noun="a Crazy 4 Poker wager"):
    """A betting spot of Crazy 4 Poker.

    The Ante and the Super Bonus are placed together, in equal amounts, before the deal; the
    Play Wager is the one a player makes to stay in after reviewing the cards; the Queens Up is
    optional and paid on its paytable whatever the dealer holds. §§ 657a.7 and 657a.12 are not
    among the stored Code pages, so these rules come from the game's published house rules and
    are Rules Submission settings. The Five Card Hand Bonus, Magic Card and Lucky Bonus (§ 657a.1)
    belong to the shared Five Card Hand Bonus module, not here.
    """

    ANTE = "Ante"
    PLAY = "Play"
    SUPER_BONUS = "Super Bonus"
    QUEENS_UP = "Queens Up"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE,
            cls.PLAY: SpotRole.BASE,
            cls.SUPER_BONUS: SpotRole.BASE_PAYTABLE,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.PLAY}


CHIP_WAGERS = (Crazy4Wager.ANTE, Crazy4Wager.SUPER_BONUS, Crazy4Wager.PLAY, Crazy4Wager.QUEENS_UP)
"""The spots that hold a player's chips."""


class Crazy4Class(Vocabulary, noun="a Crazy 4 Poker paytable row"):
    """Rows of the Super Bonus and Queens Up paytables: the four-card categories of § 657a.6(b),
    best first, with four aces split out (the Super Bonus's top row) and "Pair of queens or
    better", the Queens Up's lowest winning hand."""

    FOUR_ACES = "Four aces"
    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three of a kind"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    TWO_PAIR = "Two pair"
    PAIR_OF_QUEENS = "Pair of queens or better"


class Crazy4Condition(Vocabulary, noun="a Crazy 4 Poker paytable condition"):
    """The Ante and Play rows: a comparison with the dealer, not a hand of the player's."""

    PLAYER_BEATS_DEALER = "Player's hand outranks the dealer's"


class Crazy4HandSource(Vocabulary, noun="a Crazy 4 Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    AGAINST_DEALER = "the player's best four against the dealer's best four"
    PLAYER_BEST_FOUR = "the player's best four of five cards"


class TieRule(Vocabulary, noun="a tie rule"):
    """What the Ante and Play do when the player's four cards rank equal to the dealer's
    qualifying hand. Four-card hands tie only on identical ranks (§ 657a.6(c))."""

    PUSH = "push"
    PLAYER_WINS = "the player wins"
    DEALER_WINS = "the dealer wins"


class FoldRule(Vocabulary, noun="a fold rule"):
    """What happens to an optional wager when the player forfeits the Ante and the hand."""

    FORFEITED = "forfeited with the Ante and the hand"
    STAYS_IN_ACTION = "stays in action until settled"


__all__ = [
    "CHIP_WAGERS",
    "Crazy4Class",
    "Crazy4Condition",
    "Crazy4HandSource",
    "Crazy4Wager",
    "FoldRule",
    "TieRule",
]
