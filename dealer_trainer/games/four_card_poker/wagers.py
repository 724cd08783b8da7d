"""The Four Card Poker wagers, rules vocabulary and paytable row names, worded as ch. 641a words
them.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction ("Play", as § 641a.1 names the Play
Wager; "Aces Up", as § 641a.1 names the Aces Up Wager).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.vocabulary import Vocabulary


class FourCardWager(SpotKind, noun="a Four Card Poker wager"):
    """A betting spot of Four Card Poker, or a payment with a name of its own.

    The Ante is required to compete against the dealer; the Play Wager is the one a player makes
    to stay in after reviewing the hand (§ 641a.1, seed 000); the Aces Up Wager is optional and
    paid on its paytable whatever the dealer holds (§ 641a.1). The Ante Bonus is not a wager but
    an automatic payout on the Ante for a high hand (four-card-poker.md § 2, [STANDARD]); it is
    listed so each payment a dealer makes has a name. The Five Card Hand Bonus, Magic Card and
    Lucky Bonus (§ 641a.7(d)(7)) belong to the shared Five Card Hand Bonus module, not here.
    """

    ANTE = "Ante"
    PLAY = "Play"
    ANTE_BONUS = "Ante Bonus"
    ACES_UP = "Aces Up"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE,
            cls.PLAY: SpotRole.BASE,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.PLAY}


CHIP_WAGERS = (FourCardWager.ANTE, FourCardWager.PLAY, FourCardWager.ACES_UP)
"""The spots that hold a player's chips; the Ante Bonus is paid beside the Ante."""


class FourCardClass(Vocabulary, noun="a Four Card Poker paytable row"):
    """Rows of the Ante Bonus and Aces Up paytables: the four-card categories a bonus pays, best
    first (§ 641a.6(b) is not in the seeds; the order is hands/four_card.py's, by analogy with
    § 657a.6(b)), and "Pair of aces", the Aces Up's lowest winning hand (§ 641a.1)."""

    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three of a kind"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    TWO_PAIR = "Two pair"
    PAIR_OF_ACES = "Pair of aces"


class FourCardCondition(Vocabulary, noun="a Four Card Poker paytable condition"):
    """The Ante and Play rows: a comparison with the dealer, not a hand of the player's."""

    PLAYER_BEATS_DEALER = "Player's hand outranks the dealer's"


class FourCardHandSource(Vocabulary, noun="a Four Card Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    AGAINST_DEALER = "the player's best four of five cards against the dealer's best four of six"
    PLAYER_BEST_FOUR = "the player's best four of five cards"


class TieRule(Vocabulary, noun="a tie rule"):
    """What the Ante and Play do when the player's four cards rank equal to the dealer's.

    Four-card hands tie only on identical ranks: suits never break a tie (hands/four_card.py).
    """

    PLAYER_WINS = "the player wins"
    PUSH = "push"
    DEALER_WINS = "the dealer wins"


class FoldRule(Vocabulary, noun="a fold rule"):
    """What happens to the Aces Up Wager when the player forfeits the Ante and the hand."""

    FORFEITED = "forfeited with the Ante and the hand"
    STAYS_IN_ACTION = "stays in action until settled"


class DealerUpCard(Vocabulary, noun="a dealer up card rule"):
    """Whether one of the dealer's six cards is dealt face up before the players decide."""

    SIXTH = "the sixth card, dealt face up"
    NONE = "none: all six cards face down"


__all__ = [
    "CHIP_WAGERS",
    "DealerUpCard",
    "FoldRule",
    "FourCardClass",
    "FourCardCondition",
    "FourCardHandSource",
    "FourCardWager",
    "TieRule",
]
