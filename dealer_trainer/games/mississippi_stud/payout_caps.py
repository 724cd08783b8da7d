"""How often the aggregate payout limit (§ 655a.12(b)) caps a Mississippi Stud player's Ante and
Bet Wagers, for the table analyser: exact, at the Rules Submission's maximum Ante.

Only a hand whose row would pay more than the limit on the Ante and three Bet Wagers at their
maximum can be capped; every hand of such a row is listed (by rank pattern and suits, so the
thousands of hands of a rare row are listed without the millions of others), dealt with every
choice of the player's two cards and order of the three community cards, decided by the
trainer's simulated player (``dealing.decide``: a fold ends the hand) and settled by
``settle_base``. The count is checked against the rows' exact counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import Procedure, ProcedureCount
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.dealing import decide
from dealer_trainer.games.mississippi_stud.hands import five_card_hand, five_card_rows
from dealer_trainer.games.mississippi_stud.outcomes import settle_base
from dealer_trainer.games.mississippi_stud.round import StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import STREETS, StudWager
from dealer_trainer.hands.counting import HandDealt, outcome_counts, rank_patterns
from dealer_trainer.rules.money import format_money

ARRANGEMENTS = comb(5, 2) * 6
"""Which two of the five cards are the player's, and the order the three community cards are
turned (each turn is a street's decision): 60 ways."""


def _arrangements(hand: tuple[Card, ...]) -> Iterator[tuple[list[Card], list[Card]]]:
    for two in combinations(range(5), 2):
        rest = [i for i in range(5) if i not in two]
        for order in permutations(rest):
            yield [hand[i] for i in two], [hand[i] for i in order]


def _hands_of_pattern(pattern: tuple[int, ...], flush: bool) -> Iterator[tuple[Card, ...]]:
    """Every five-card hand of a rank pattern: ``flush`` the four one-suit hands of five
    different ranks, otherwise the others."""
    ranks = [r for r in range(13) for _ in range(pattern[r])]
    if flush:
        for suit in range(4):
            yield tuple(Card(r * 4 + suit) for r in ranks)
        return
    for chosen in product(*(combinations(range(4), c) for c in pattern if c)):
        suits = [s for group in chosen for s in group]
        if max(pattern) == 1 and len(set(suits)) == 1:
            continue
        yield tuple(Card(r * 4 + s) for r, s in zip(ranks, suits, strict=True))


def payout_caps(config: StudTableConfig) -> ProcedureCount:
    """The chance that one player's Ante and Bet Wagers, at the maximum Ante and riding as the
    trainer's simulated player rides, are paid less than they win (§ 655a.12(b))."""
    limit = config.payout_limit
    ante = config.ante.maximum
    table = config.paytable(StudWager.ANTE)
    most = ante + 3 * len(STREETS) * ante

    def row_label(cards: tuple[Card, ...]) -> str | None:
        row = table.first_row(five_card_rows(five_card_hand(cards[:2], cards[2:])))
        return None if row is None or not row.odds.pays else row.label

    reaching = {
        row.label for row in table.rows if row.odds.pays and row.odds.payment(most).paid > limit
    }
    capped = listed = 0
    if reaching:
        for pattern in rank_patterns(5):
            for flush in (False, True) if max(pattern) == 1 else (False,):
                first = next(_hands_of_pattern(pattern, flush))
                if row_label(first) not in reaching:
                    continue
                for hand in _hands_of_pattern(pattern, flush):
                    listed += 1
                    for two, community in _arrangements(hand):
                        seat = StudSeatPlay(1, (two[0], two[1]), ante, decide(two, community))
                        if seat.decision.folded_at is not None:
                            continue
                        outcomes = settle_base(config, two, community, seat.base)
                        capped += any(o.capped for o in outcomes)
        counts = outcome_counts(HandDealt(5, 5), row_label)
        if listed != sum(counts[label] for label in reaching):
            raise AssertionError(f"the hands listed are not every hand of {sorted(reaching)}")
    return ProcedureCount(
        Procedure.PAYOUT_CAP,
        Fraction(capped, comb(52, 5) * ARRANGEMENTS),
        f"the Ante and Bet Wagers at the {format_money(ante)} maximum Ante against the "
        f"{format_money(limit)} aggregate payout limit (§ 655a.12(b)), betting as the trainer's "
        "simulated player bets [exact]",
    )


__all__ = ["ARRANGEMENTS", "payout_caps"]
