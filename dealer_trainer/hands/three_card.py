"""Three Card Poker hands: the Ante, Play, Ante Bonus and Pair Plus all rank three cards.

Provenance: the order is [STANDARD] unverified, reported as § 649a.6 (58 Pa. Code ch. 649a; no
text of the chapter is in the seed documents or confirmed as current Code). See
regulations/three-card-poker.md § 4. With only three cards a straight is rarer than a flush, so
it ranks above it (the reverse of five-card poker); A-K-Q is the highest straight, A-2-3 the
lowest (ranked by its 3), K-A-2 does not wrap; suits never break ties. If a property's Rules
Submission ever ranks differently, this module is the single place to change.

Five-card wagers on the same table (Five Card Hand Bonus, 6 Card Bonus) use five_card instead.

A strength is ``category << 20 | r1 << 16 | r2 << 12 | r3 << 8``, the layout of five_card, so a
person reading a logged value sees the same fields in every game. Evaluating is one look-up in a
table indexed by the three ranks in the order given, which needs no sorting.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.cards.card import JOKER_INDEX
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import CATEGORY_SHIFT, pack
from dealer_trainer.hands.hand_value import HandValue

HIGH_CARD, ONE_PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH = range(6)

THREE_CARD_ORDER: tuple[HandRank, ...] = (
    HandRank.HIGH_CARD,
    HandRank.ONE_PAIR,
    HandRank.FLUSH,
    HandRank.STRAIGHT,
    HandRank.THREE_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH,
)

ACE = 12
_THREE = 1
MAX_CARDS = 7


def _straight_top(hi: int, mid: int, lo: int) -> int:
    """Rank index of the straight's top card (1, the 3, for A-2-3), or -1; ranks descending."""
    if hi - lo == 2 and hi > mid > lo:
        return hi
    if (hi, mid, lo) == (ACE, _THREE, 0):
        return _THREE
    return -1


def _ranks_strength(ranks: Sequence[int], suited: bool) -> int:
    hi, mid, lo = sorted(ranks, reverse=True)
    if hi == lo:
        return pack(TRIPS, (hi,))
    if hi == mid:
        return pack(ONE_PAIR, (hi, lo))
    if mid == lo:
        return pack(ONE_PAIR, (mid, hi))
    top = _straight_top(hi, mid, lo)
    if top >= 0:
        return pack(STRAIGHT_FLUSH if suited else STRAIGHT, (top,))
    return pack(FLUSH if suited else HIGH_CARD, (hi, mid, lo))


def _build(suited: bool) -> tuple[int, ...]:
    return tuple(
        _ranks_strength((i // 169, i // 13 % 13, i % 13), suited) for i in range(13 * 13 * 13)
    )


# Indexed by rank_a * 169 + rank_b * 13 + rank_c. Suited entries for paired ranks cannot occur
# with distinct cards; they hold the pair's value so a bad input is never silently a flush.
# Filled on first use (SUITED after OFFSUIT), so importing the ranking builds nothing.
OFFSUIT: list[int] = []
SUITED: list[int] = []


def build_tables() -> None:
    if not SUITED:
        OFFSUIT.extend(_build(False))
        SUITED.extend(_build(True))


def three_card_strength(cards: Sequence[Card]) -> int:
    """Strength of exactly three distinct standard cards: the fast, unchecked path.

    Only the count is checked; duplicates or the joker give a meaningless value or an
    IndexError, so untrusted input goes through ``evaluate_three``.
    """
    if len(cards) != 3:
        raise ValueError(f"a Three Card Poker hand has three cards, not {len(cards)}")
    a, b, c = cards
    i = (a >> 2) * 169 + (b >> 2) * 13 + (c >> 2)
    if not SUITED:
        build_tables()
    if a & 3 == b & 3 == c & 3:
        return SUITED[i]
    return OFFSUIT[i]


def category_of(strength: int) -> HandRank:
    return THREE_CARD_ORDER[strength >> CATEGORY_SHIFT]


def significant_ranks(strength: int) -> list[int]:
    """The three rank indices a strength describes, most significant first (3-2-A for A-2-3)."""
    category = strength >> CATEGORY_SHIFT
    r = [(strength >> (16 - 4 * i)) & 15 for i in range(3)]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = r[0]
        return [_THREE, 0, ACE] if top == _THREE else [top, top - 1, top - 2]
    if category == TRIPS:
        return [r[0]] * 3
    if category == ONE_PAIR:
        return [r[0], r[0], r[1]]
    return r


def _check_cards(cards: Sequence[Card]) -> None:
    if JOKER_INDEX in cards:
        raise ValueError(f"Three Card Poker is played without the joker: {format_cards(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card.notation} appears twice in {format_cards(cards)}")
        seen.add(card)


def _hand_value(cards: Sequence[Card], strength: int) -> HandValue:
    """Order the cards as the dealer announces them: the pair before its kicker, 3-2-A."""
    pool = sorted(cards, reverse=True)
    used: list[Card] = []
    for rank in significant_ranks(strength):
        card = next(c for c in pool if c >> 2 == rank and c not in used)
        used.append(card)
    return HandValue(category_of(strength), tuple(used), strength)


def evaluate_three(cards: Sequence[Card]) -> HandValue:
    """Rank a Three Card Poker hand, rejecting anything a dealer could not be holding."""
    if len(cards) != 3:
        raise ValueError(
            f"a Three Card Poker hand has three cards, not {len(cards)}: {format_cards(cards)}"
        )
    _check_cards(cards)
    return _hand_value(cards, three_card_strength(cards))


def best_three(cards: Sequence[Card]) -> HandValue:
    """The best three-card hand in three to seven cards (for three-card side wagers).

    Every subset is tried (at most 35), which is simpler to trust than a direct rule and
    still cheap. Among equal subsets the one with the highest card indices is returned, so
    the choice is deterministic.
    """
    if not 3 <= len(cards) <= MAX_CARDS:
        raise ValueError(
            f"best_three chooses from 3 to {MAX_CARDS} cards, not {len(cards)}: "
            f"{format_cards(cards)}"
        )
    _check_cards(cards)
    pool = sorted(cards, reverse=True)
    best = max(combinations(pool, 3), key=three_card_strength)
    return _hand_value(best, three_card_strength(best))
