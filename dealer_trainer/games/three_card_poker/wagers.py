"""The Three Card Poker wagers, rules vocabulary and paytable row names.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction. No text of ch. 649a is in the seeds:
the base-game names are the common ones (three-card-poker.md § 1, [STANDARD]); the Five-Card
Progressive Payout Wager and its Envy Bonus are the names seed 000's preamble proposes for
§§ 649a.1 and 649a.7.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.vocabulary import Vocabulary


class ThreeCardWager(SpotKind, noun="a Three Card Poker wager"):
    """A betting spot of Three Card Poker, or a payment with a name of its own.

    The Ante Bonus is not a wager but an automatic payout on the Ante for a straight or better
    (three-card-poker.md § 2.2); each Envy Bonus is a fixed payment earned by a progressive
    wager for another player's hand. They are listed so every payment a dealer makes has a name.
    The Five Card Hand Bonus, Magic Card and Lucky Bonus belong to the shared module
    (games/five_card_hand_bonus.py), not here.
    """

    ANTE = "Ante"
    PLAY = "Play"
    ANTE_BONUS = "Ante Bonus"
    PAIR_PLUS = "Pair Plus"
    SIX_CARD_BONUS = "6 Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    FIVE_CARD_PROGRESSIVE = "Five-Card Progressive Payout Wager"
    ENVY_BONUS = "Envy Bonus"
    FIVE_CARD_ENVY_BONUS = "Five-Card Envy Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE,
            cls.PLAY: SpotRole.BASE,
            cls.ENVY_BONUS: SpotRole.ENVY,
            cls.FIVE_CARD_ENVY_BONUS: SpotRole.ENVY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.PLAY}


PROGRESSIVE_WAGERS = (ThreeCardWager.PROGRESSIVE, ThreeCardWager.FIVE_CARD_PROGRESSIVE)
"""The two progressive wagers: their chips go into the table inventory container before the
deal (§ 639a.8(b), by analogy), and each earns its own Envy Bonus."""
ENVY_OF = {
    ThreeCardWager.PROGRESSIVE: ThreeCardWager.ENVY_BONUS,
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: ThreeCardWager.FIVE_CARD_ENVY_BONUS,
}


class ThreeCardDecision(Vocabulary, noun="a Three Card Poker decision"):
    """After seeing the three cards a player makes a Play Wager equal to the Ante, or folds
    (three-card-poker.md § 1, [STANDARD])."""

    PLAY = "play"
    FOLD = "fold"

    @property
    def folded(self) -> bool:
        return self is ThreeCardDecision.FOLD


class ThreeCardClass(Vocabulary, noun="a three-card paytable row"):
    """Rows of the three-card paytables (Ante Bonus, Pair Plus, the three-card progressive),
    best first in the three-card order, where a straight beats a flush (hands/three_card.py).
    The "mini royal" (A-K-Q of one suit) is the highest straight flush, named so a progressive
    table may pay it apart."""

    MINI_ROYAL = "Mini royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three of a kind"
    STRAIGHT = "Straight"
    FLUSH = "Flush"
    PAIR = "Pair"


class FiveCardClass(Vocabulary, noun="a five-card paytable row"):
    """Rows of the five-card paytables (the 6 Card Bonus and the Five-Card Progressive Payout
    Wager), in the five-card order, where a flush beats a straight."""

    ROYAL_FLUSH = "Royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"
    TWO_PAIR = "Two pair"
    ONE_PAIR = "One pair"


class ThreeCardCondition(Vocabulary, noun="a Three Card Poker paytable condition"):
    """The Ante and Play rows: a comparison with the dealer, not a hand of the player's."""

    PLAYER_BEATS_DEALER = "Player's hand outranks the dealer's"


class ThreeCardHandSource(Vocabulary, noun="a Three Card Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    AGAINST_DEALER = "the player's three cards against the dealer's three"
    PLAYER_THREE = "the player's three cards"
    SIX_CARDS = "the best five of the player's three cards and the dealer's three"
    WITH_COMMUNITY = "the player's three cards and the two community cards"


class DealerQualifier(Vocabulary, noun="a dealer qualification"):
    """The lowest hand with which the dealer qualifies (three-card-poker.md § 5, [STANDARD];
    Three Card Prime defines "qualify" as queen high or better, § 679a.1)."""

    JACK_HIGH = "jack high or better"
    QUEEN_HIGH = "queen high or better"
    KING_HIGH = "king high or better"
    ACE_HIGH = "ace high or better"


class NonQualifyingAnte(Vocabulary, noun="an Ante rule for a dealer who does not qualify"):
    """What the Ante does when the dealer does not qualify (the Play always pushes)."""

    PAID = "paid 1 to 1"
    RETURNED = "returned (push)"


class TieRule(Vocabulary, noun="a tie rule"):
    """What the Ante and Play do when the player's three cards rank equal to a qualifying
    dealer's. Three-card hands tie only on identical ranks: suits never break a tie."""

    PUSH = "push"
    DEALER_WINS = "the dealer wins"


class FoldRule(Vocabulary, noun="a fold rule"):
    """What happens to a side wager when the player forfeits the Ante and the hand."""

    FORFEITED = "forfeited with the Ante and the hand"
    STAYS_IN_ACTION = "stays in action until settled"


__all__ = [
    "ENVY_OF",
    "PROGRESSIVE_WAGERS",
    "DealerQualifier",
    "FiveCardClass",
    "FoldRule",
    "NonQualifyingAnte",
    "ThreeCardClass",
    "ThreeCardCondition",
    "ThreeCardDecision",
    "ThreeCardHandSource",
    "ThreeCardWager",
    "TieRule",
]
