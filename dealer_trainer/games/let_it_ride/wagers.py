"""The Let It Ride Poker wagers, decisions and paytable row names, worded as ch. 643a words them.

The values are what data files, the UI and grader messages show, so a trainee reads the same
name on the felt, in a lesson file and in a correction: "Let It Ride Wager 1" to "3" are the
three Let It Ride Poker Wagers of § 643a.7(d) (§ 643a.10(b), seed 000, calls them "the three
required Let It Ride Poker Wagers"); the Five Card Bonus and Three Card Bonus are § 643a.7(e)
and (f); the Progressive Payout Wager § 643a.7(g) (seed 000, § 643a.12(g)).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.games.three_card_bonus import ThreeCardBonusHand
from dealer_trainer.vocabulary import Vocabulary


class LetItRideWager(SpotKind, noun="a Let It Ride Poker wager"):
    """A betting spot of Let It Ride Poker, or a payment with a name of its own.

    The first two Let It Ride Poker Wagers may be withdrawn (§ 643a.1, seed 000: "Let It Ride"
    is not withdrawing a wager as permitted under § 643a.11(b) and (d)); the third stays. The
    Five Card Bonus, Three Card Bonus and Progressive Payout Wager are optional and "do not have
    a bearing on any other wagers" (§ 643a.7(j), seed 000). The Envy Bonus is not a wager but a
    fixed sum paid to a progressive bettor for another player's qualifying hand (§ 643a.1
    [CODE]); it is listed so each payment has a name. The Five Card Hand Bonus (§ 643a.7(i))
    belongs to the shared Five Card Hand Bonus module, not here.
    """

    WAGER_1 = "Let It Ride Wager 1"
    WAGER_2 = "Let It Ride Wager 2"
    WAGER_3 = "Let It Ride Wager 3"
    FIVE_CARD_BONUS = "Five Card Bonus"
    THREE_CARD_BONUS = "Three Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    ENVY_BONUS = "Envy Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {
            cls.WAGER_1: SpotRole.BASE_PAYTABLE,
            cls.WAGER_2: SpotRole.BASE_PAYTABLE,
            cls.WAGER_3: SpotRole.BASE_PAYTABLE,
            cls.ENVY_BONUS: SpotRole.ENVY,
        }

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        return set()

    @property
    def is_let_it_ride(self) -> bool:
        """One of the three Let It Ride Poker Wagers (§ 643a.7(d)): the only wagers the payout
        limit may apply to (§ 643a.12(g), seed 000)."""
        return self in LET_IT_RIDE_WAGERS


LET_IT_RIDE_WAGERS = (LetItRideWager.WAGER_1, LetItRideWager.WAGER_2, LetItRideWager.WAGER_3)
WITHDRAWABLE = (LetItRideWager.WAGER_1, LetItRideWager.WAGER_2)
"""The wagers a player may withdraw: the first after seeing the three cards (§ 643a.11(b)), the
second after the first community card is turned (§ 643a.11(d)); the third always rides."""
BONUS_WAGERS = (LetItRideWager.FIVE_CARD_BONUS, LetItRideWager.THREE_CARD_BONUS)
OPTIONAL_WAGERS = (*BONUS_WAGERS, LetItRideWager.PROGRESSIVE)


class LetItRidePaytable(Vocabulary, noun="a Let It Ride Poker paytable"):
    """What a paytable is printed for: one table pays all three Let It Ride Poker Wagers
    (§ 643a.12(a), seed 000: "winning Let It Ride Poker Wagers at the odds in one of the
    following paytables"), and each optional wager has its own."""

    LET_IT_RIDE = "Let It Ride"
    FIVE_CARD_BONUS = "Five Card Bonus"
    THREE_CARD_BONUS = "Three Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"

    @property
    def key(self) -> str:
        return self.name.lower()


class LetItRideHand(Vocabulary, noun="a Let It Ride Poker paytable row"):
    """Rows of the Let It Ride paytables: five-card categories (§ 643a.6(b), not in the seeds;
    standard poker) with the Let It Ride Poker Wagers' lowest winning hand, "Pair of 10s or
    better", and the three-card categories of the Three Card Bonus (§ 643a.6(d), not in the
    seeds) with the mini-royal (an A-K-Q straight flush, § 655a.6(c)(1) by analogy).

    A five-card and a three-card row may share a printed name ("Straight flush"); which cards a
    wager reads decides which ranking applies, so the two sets are separate members.
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


ThreeCardHand = ThreeCardBonusHand
"""Rows of the Three Card Bonus paytable, on the player's three cards alone (§ 643a.7(f)):
the three-card order puts the straight above the flush (§ 643a.6(d) is not in the seeds; ch.
669a, § 669a.6(c), by analogy), so "Straight" here is not the five-card row."""


class LetItRideHandSource(Vocabulary, noun="a Let It Ride Poker hand source"):
    """Which cards a wager is settled on; part of each wager's rule, with its own citation."""

    PLAYER_AND_COMMUNITY = "the player's three cards and the two community cards"
    PLAYER_THREE = "the player's three cards"


class PayoutLimitOrder(Vocabulary, noun="a payout limit order"):
    """Which riding Let It Ride Poker Wager the payout limit is taken from first.

    § 643a.12(g) caps what is "payable to a player on a single hand" on the Let It Ride Poker
    Wagers together; it does not say how a dealer books the capped total against the three
    spots, so the property chooses, and each wager's amount is then fixed whatever order the
    trainee settles them in.
    """

    FIRST_WAGER_FIRST = "wager 1, then 2, then 3"
    THIRD_WAGER_FIRST = "wager 3, then 2, then 1"


__all__ = [
    "BONUS_WAGERS",
    "LET_IT_RIDE_WAGERS",
    "OPTIONAL_WAGERS",
    "WITHDRAWABLE",
    "LetItRideHand",
    "LetItRideHandSource",
    "LetItRidePaytable",
    "LetItRideWager",
    "PayoutLimitOrder",
    "ThreeCardHand",
]
