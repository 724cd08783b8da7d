"""The Mississippi Stud wagers, decisions and paytable row names, worded as ch. 655a words them.

The values are what data files, the UI and grader messages show: the Ante, the three Bet Wagers
("3rd Street", "4th Street", "5th Street", § 655a.1), the Three Card Bonus (§ 655a.6(c) names it
"authorized under § 655a.7(d)(4)") and the Progressive Payout Wager (§ 655a.12(c)).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.games.three_card_bonus import ThreeCardBonusHand
from dealer_trainer.vocabulary import Vocabulary


class StudWager(SpotKind, noun="a Mississippi Stud wager"):
    """A betting spot of Mississippi Stud, or a payment with a name of its own.

    The Ante and the three Bet Wagers are paid on one paytable (§ 655a.12(a)); a player who
    does not make a Bet Wager folds (§ 655a.1, "Fold") and forfeits the Ante and the Bet Wagers
    made. The Envy Bonus is not a wager but a fixed sum paid to a progressive bettor for
    another player's qualifying hand (§ 655a.1); it is listed so each payment has a name. The
    Five Card Hand Bonus belongs to the shared Five Card Hand Bonus module.
    """

    ANTE = "Ante"
    THIRD_STREET = "3rd Street"
    FOURTH_STREET = "4th Street"
    FIFTH_STREET = "5th Street"
    THREE_CARD_BONUS = "Three Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    ENVY_BONUS = "Envy Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.ANTE: SpotRole.BASE_PAYTABLE,
            cls.THIRD_STREET: SpotRole.BASE_PAYTABLE,
            cls.FOURTH_STREET: SpotRole.BASE_PAYTABLE,
            cls.FIFTH_STREET: SpotRole.BASE_PAYTABLE,
            cls.ENVY_BONUS: SpotRole.ENVY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return {cls.THIRD_STREET, cls.FOURTH_STREET, cls.FIFTH_STREET}

    @property
    def is_base(self) -> bool:
        """The Ante or a Bet Wager: the wagers § 655a.12(a) pays and (b) limits."""
        return self in BASE_WAGERS


STREETS = (StudWager.THIRD_STREET, StudWager.FOURTH_STREET, StudWager.FIFTH_STREET)
"""The Bet Wagers in the order they are made: after the two cards, after the first community
card, after the second (§ 655a.1)."""
BASE_WAGERS = (StudWager.ANTE, *STREETS)
OPTIONAL_WAGERS = (StudWager.THREE_CARD_BONUS, StudWager.PROGRESSIVE)
MULTIPLES = (1, 2, 3)
"""A Bet Wager is one, two or three times the Ante (§ 655a.1)."""


class StudPaytable(Vocabulary, noun="a Mississippi Stud paytable"):
    """What a paytable is printed for: one table pays the Ante and every Bet Wager
    (§ 655a.12(a)), and each optional wager has its own."""

    BASE = "Ante and Bet Wagers"
    THREE_CARD_BONUS = "Three Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"

    @property
    def key(self) -> str:
        return self.name.lower()


class StudHand(Vocabulary, noun="a Mississippi Stud paytable row"):
    """Rows of the five-card paytables (§ 655a.6(b), § 655a.12(a) and (c)): the categories, the
    lowest winning hand "Pair of jacks or better" and the push "Pair of 6s to 10s"."""

    ROYAL_FLUSH = "Royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"
    TWO_PAIR = "Two pair"
    PAIR_OF_JACKS_OR_BETTER = "Pair of jacks or better"
    PAIR_OF_SIXES_TO_TENS = "Pair of 6s to 10s"


ThreeCardHand = ThreeCardBonusHand
"""Rows of the Three Card Bonus paytable, three-card hands (§ 655a.6(c)): the mini-royal is an
ace, king and queen straight flush (§ 655a.6(c)(1)); the three-card order puts the straight
above the flush."""


class StudHandSource(Vocabulary, noun="a Mississippi Stud hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    PLAYER_AND_COMMUNITY = "the player's two cards and the three community cards"
    COMMUNITY_THREE = "the three community cards"


class PayoutLimitOrder(Vocabulary, noun="a payout limit order"):
    """Which winning wager the aggregate payout limit is taken from first.

    § 655a.12(b) caps the aggregate payout for a hand on the Ante and Bet Wagers together; it
    does not say how the capped total is booked against the four spots, so the property
    chooses, and each wager's amount is then fixed whatever order the trainee settles them in.
    """

    ANTE_FIRST = "Ante, then 3rd, 4th and 5th Street"
    FIFTH_STREET_FIRST = "5th, 4th and 3rd Street, then the Ante"


class LimitBasis(Vocabulary, noun="a payout limit basis"):
    """How "the maximum amount that one patron could win per round when betting the minimum
    wager" (§ 655a.12(b)) is counted: the minimum Ante with every Bet Wager at three times it
    (the most a patron betting the minimum Ante could win), or every wager at its least (the
    Ante and three Bet Wagers of one times it)."""

    MINIMUM_ANTE_THREE_TIMES = "the minimum Ante with Bet Wagers of three times it"
    EVERY_WAGER_AT_ITS_LEAST = "the minimum Ante with Bet Wagers of one times it"


class ProgressiveOnFold(Vocabulary, noun="a progressive fold rule"):
    """What becomes of a folding player's Progressive Payout Wager: forfeited with the hand
    (the cards are collected at the fold), or left in action on the player's cards, which then
    stay on the table until the wager is settled."""

    FORFEITED = "forfeited with the hand"
    STAYS_IN_ACTION = "stays in action"


__all__ = [
    "BASE_WAGERS",
    "MULTIPLES",
    "OPTIONAL_WAGERS",
    "STREETS",
    "LimitBasis",
    "PayoutLimitOrder",
    "ProgressiveOnFold",
    "StudHand",
    "StudHandSource",
    "StudPaytable",
    "StudWager",
    "ThreeCardHand",
]
