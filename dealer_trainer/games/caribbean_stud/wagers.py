"""The Caribbean Stud Poker wagers, decisions and paytable row names, worded as ch. 639a words them.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction ("Bet", not "Raise": § 639a.1 calls the
second wager the Bet Wager).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.vocabulary import Vocabulary


class CaribbeanStudWager(SpotKind, noun="a Caribbean Stud Poker wager"):
    """A betting spot of Caribbean Stud Poker (§ 639a.7(d), seed 000).

    The Ante is required; the Bet is the wager a player makes to stay in, exactly twice the
    Ante (§ 639a.11(b)); the Caribbean Stud Bonus (§ 639a.7(d)(3)) and the Progressive Payout
    Wager (§ 639a.1) are optional. The Envy Bonus is not a wager but a fixed sum paid to a
    progressive bettor for another player's qualifying hand; it is listed so each payment a
    dealer makes has a name of its own. The Five Card Hand Bonus (§ 639a.7(d)(4)) is settled by
    the shared Five Card Hand Bonus module and is not a member here.
    """

    ANTE = "Ante"
    BET = "Bet"
    CARIBBEAN_STUD_BONUS = "Caribbean Stud Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    ENVY_BONUS = "Envy Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE,
            cls.BET: SpotRole.BASE_PAYTABLE,
            cls.ENVY_BONUS: SpotRole.ENVY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.BET}


OPTIONAL_WAGERS = (CaribbeanStudWager.CARIBBEAN_STUD_BONUS, CaribbeanStudWager.PROGRESSIVE)
"""The wagers a Rules Submission may offer beside the Ante and Bet (§ 639a.7(d)(3), § 639a.1)."""


class StudDecision(Vocabulary, noun="a Caribbean Stud Poker decision"):
    """What a player does after examining the five cards (§ 639a.11(b), seed 000): make a Bet
    Wager of twice the Ante, or forfeit the Ante and end the round (a fold, § 639a.1)."""

    BET = "bet"
    FOLD = "fold"

    @property
    def folded(self) -> bool:
        return self is StudDecision.FOLD


class StudHand(Vocabulary, noun="a Caribbean Stud Poker paytable row"):
    """Rows of the Caribbean Stud paytables: the five-card categories (§ 639a.6(b), not in the
    seeds; standard poker), and the printed thresholds.

    "One pair or ace/king" is the Bet table's bottom row: a player who beats a dealer that
    qualifies with ace/king holds at least ace/king. "Pair of 10s or better" is the Caribbean
    Stud Bonus's qualifying hand (§ 639a.7(d)(3)). A row matches only what it names, so a table
    that leaves a category out does not pay it (``hands.row_classes``).
    """

    ROYAL_FLUSH = "Royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"
    TWO_PAIR = "Two pair"
    PAIR_OF_TENS_OR_BETTER = "Pair of 10s or better"
    ONE_PAIR = "One pair"
    ONE_PAIR_OR_ACE_KING = "One pair or ace/king"
    ACE_KING = "Ace/king"


class StudCondition(Vocabulary, noun="a Caribbean Stud Poker paytable condition"):
    """Rows that are a comparison rather than a hand of the player's."""

    ANTE_WINS = "Player's hand outranks a qualifying dealer's, or the dealer does not qualify"


class StudHandSource(Vocabulary, noun="a Caribbean Stud Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    AGAINST_DEALER = "the player's five cards against the dealer's"
    PLAYER_FIVE = "the player's five cards"


__all__ = [
    "OPTIONAL_WAGERS",
    "CaribbeanStudWager",
    "StudCondition",
    "StudDecision",
    "StudHand",
    "StudHandSource",
]
