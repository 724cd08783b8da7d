"""The rows of a Three Card Bonus paytable: three cards ranked as three cards.

Games that offer a Three Card Bonus beside a five-card game (on the player's own three cards,
or on three community cards) print the same rows: the three-card order puts the straight above
the flush, and the mini-royal is an ace, king and queen straight flush (§ 655a.6(c)(1); other
chapters by analogy). Which cards the wager reads is each game's rule; the rows are shared.
"""

from __future__ import annotations

from dealer_trainer.vocabulary import Vocabulary


class ThreeCardBonusHand(Vocabulary, noun="a Three Card Bonus paytable row"):
    """Rows of a Three Card Bonus paytable; "Straight" here is the three-card straight, not a
    five-card row of the same name, so the two sets are separate vocabularies."""

    MINI_ROYAL = "Mini royal"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three of a kind"
    STRAIGHT = "Straight"
    FLUSH = "Flush"
    PAIR = "Pair"


__all__ = ["ThreeCardBonusHand"]
