"""Four Card Poker hands, and the best four of the player's five or the dealer's six cards.

Provenance: § 641a.6 is not confirmed, so the order is [ANALOG] Crazy 4 Poker, § 657a.6(b)-(c),
with high card [STANDARD] unverified; four of a kind above the straight flush agrees with the
Four-Card Envy definition in § 641a.1 [CODE]. See regulations/four-card-poker.md § 4. Three of a
kind beats a flush because it is rarer in four cards, yet the flush keeps its five-card place above
the straight although it is slightly more common (2,816 against 2,772 hands), so the order is a
table, not something derived from frequencies. A-K-Q-J is the highest straight, A-2-3-4 the
lowest (ranked by its 4), K-A-2-3 does not wrap, and suits never break ties. If a property's
Rules Submission ever ranks differently, this module is the single place to change.

The dealer selects the best four cards (§ 641a.11(c), seed 000) and the trainee must check that
choice, so ``best_four`` returns the cards used, not only a strength.

Evaluation reuses five_card's additive card keys: their sum identifies the multiset of ranks
(one table per hand size, built on first use) and counts each suit, so the best four of up to
seven cards costs two look-ups plus, when four share a suit, that suit's rank mask. Unlike
five-card poker a flush can sit beside a better hand (trips in six cards), so both are looked up
and the larger kept. Strengths use five_card's ``category << 20 | r1 << 16 | ...`` layout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from dealer_trainer.cards import STANDARD_CARDS, Card, format_cards
from dealer_trainer.cards.card import JOKER_INDEX
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import (
    CARD_KEYS,
    CATEGORY_SHIFT,
    RANK_BITS,
    RANK_KEYS,
    SUIT_BITS,
    SUIT_FIELD,
    highest_of_ranks,
    pack,
    rank_runs,
)
from dealer_trainer.hands.hand_value import HandValue

HIGH_CARD, ONE_PAIR, TWO_PAIR, STRAIGHT, FLUSH, TRIPS, STRAIGHT_FLUSH, QUADS = range(8)

FOUR_CARD_ORDER: tuple[HandRank, ...] = (
    HandRank.HIGH_CARD,
    HandRank.ONE_PAIR,
    HandRank.TWO_PAIR,
    HandRank.STRAIGHT,
    HandRank.FLUSH,
    HandRank.THREE_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH,
    HandRank.FOUR_OF_A_KIND,
)

ACE = 12
_FOUR = 2
MIN_CARDS, MAX_CARDS = 4, 7


def straight_top(mask: int) -> int:
    """Rank index of the top of the highest four-card straight in a 13-bit mask, or -1."""
    for top in range(ACE, 2, -1):
        window = 0b1111 << (top - 3)
        if mask & window == window:
            return top
    wheel = (1 << ACE) | 0b111
    return _FOUR if mask & wheel == wheel else -1


def suited_strength(mask: int) -> int:
    """Best straight flush or flush among the ranks of one suit (at least four of them)."""
    top = straight_top(mask)
    if top >= 0:
        return pack(STRAIGHT_FLUSH, (top,))
    return pack(FLUSH, [r for r in range(ACE, -1, -1) if mask >> r & 1][:4])


def rank_counts_strength(counts: Sequence[int]) -> int:
    """Best four-card strength, ignoring flushes, from the count of each rank (4 to 7 cards)."""
    desc = [r for r in range(ACE, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        return pack(QUADS, (quads[0],))
    if trips:
        t = trips[0]
        return pack(TRIPS, (t, next(r for r in desc if r != t)))
    top = straight_top(sum(1 << r for r in desc))
    if top >= 0:
        return pack(STRAIGHT, (top,))
    if len(pairs) >= 2:
        return pack(TWO_PAIR, (pairs[0], pairs[1]))
    if pairs:
        p = pairs[0]
        return pack(ONE_PAIR, (p, *[r for r in desc if r != p][:2]))
    return pack(HIGH_CARD, desc[:4])


def _build_nonflush(size: int) -> dict[int, int]:
    table: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), size):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        key = sum(RANK_KEYS[r] for r in ranks)
        if key in table:
            raise AssertionError(f"rank keys collide for the {size}-card ranks {ranks}")
        table[key] = rank_counts_strength([counts[r] for r in range(13)])
    return table


# Filled per size on first use: seven cards take a few tenths of a second, four almost nothing.
NONFLUSH: dict[int, dict[int, int]] = {size: {} for size in range(MIN_CARDS, MAX_CARDS + 1)}
NONFLUSH4 = NONFLUSH[4]

FLUSH_SUIT: list[int] = []
"""The suit holding four or more cards, from the suit-count field of a key sum (at most one);
filled on first use, after ``SUITED_TABLE`` (a reader that finds it filled finds both)."""

SUITED_TABLE: list[int] = []


def build_suited_tables() -> None:
    """Fill the suited tables in place on first use, so importing Four Card Poker's ranking
    (every game's targeting imports it) builds nothing."""
    if not FLUSH_SUIT:
        SUITED_TABLE.extend(
            tuple(suited_strength(mask) if mask.bit_count() >= 4 else -1 for mask in range(1 << 13))
        )
        FLUSH_SUIT.extend(
            tuple(
                next((s for s in range(4) if (field >> (3 * s)) & 7 >= 4), -1)
                for field in range(1 << 12)
            )
        )


def _nonflush_lookup(size: int, key: int) -> int:
    table = NONFLUSH[size]
    if not table:
        table.update(_build_nonflush(size))
    return table[key]


def four_card_strength(cards: Sequence[Card]) -> int:
    """Strength of exactly four distinct standard cards: the fast, unchecked path.

    Only the count is checked; duplicates give a meaningless value and the joker an
    IndexError, so untrusted input goes through ``evaluate_four``.
    """
    if len(cards) != 4:
        raise ValueError(f"a Four Card Poker hand has four cards, not {len(cards)}")
    a, b, c, d = cards
    if a & 3 == b & 3 == c & 3 == d & 3:
        mask = RANK_BITS[a] | RANK_BITS[b] | RANK_BITS[c] | RANK_BITS[d]
        try:
            return SUITED_TABLE[mask]
        except IndexError:
            build_suited_tables()
            return SUITED_TABLE[mask]
    key = (CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d]) >> SUIT_BITS
    try:
        return NONFLUSH4[key]
    except KeyError:
        return _nonflush_lookup(4, key)


def best_four_strength(cards: Sequence[Card]) -> int:
    """Strength of the best four of four to seven distinct standard cards, unchecked."""
    size = len(cards)
    if not MIN_CARDS <= size <= MAX_CARDS:
        raise ValueError(f"Four Card Poker picks the best four of 4 to 7 cards, not {size}")
    k = 0
    for x in cards:
        k += CARD_KEYS[x]
    try:
        value = NONFLUSH[size][k >> SUIT_BITS]
    except KeyError:
        value = _nonflush_lookup(size, k >> SUIT_BITS)
    try:
        s = FLUSH_SUIT[k & SUIT_FIELD]
    except IndexError:
        build_suited_tables()
        s = FLUSH_SUIT[k & SUIT_FIELD]
    if s < 0:
        return value
    m = 0
    for x in cards:
        if x & 3 == s:
            m |= RANK_BITS[x]
    return max(value, SUITED_TABLE[m])


def category_of(strength: int) -> HandRank:
    return FOUR_CARD_ORDER[strength >> CATEGORY_SHIFT]


def significant_ranks(strength: int) -> list[int]:
    """The four rank indices a strength describes, most significant first (4-3-2-A for A-2-3-4)."""
    category = strength >> CATEGORY_SHIFT
    r = [(strength >> (16 - 4 * i)) & 15 for i in range(4)]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = r[0]
        return [_FOUR, 1, 0, ACE] if top == _FOUR else [top - i for i in range(4)]
    layout = {
        QUADS: [r[0]] * 4,
        TRIPS: [r[0]] * 3 + [r[1]],
        TWO_PAIR: [r[0]] * 2 + [r[1]] * 2,
        ONE_PAIR: [r[0]] * 2 + r[1:3],
    }
    return layout.get(category, r)


def _check_cards(cards: Sequence[Card]) -> None:
    if JOKER_INDEX in cards:
        raise ValueError(f"Four Card Poker is played without the joker: {format_cards(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card.notation} appears twice in {format_cards(cards)}")
        seen.add(card)


def best_four(cards: Sequence[Card]) -> HandValue:
    """Category, the four cards used (most significant first) and strength of the best four.

    Among equal choices the higher-indexed card is used (spades before clubs), so the answer
    is deterministic; suits never change the strength.
    """
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise ValueError(
            f"Four Card Poker picks the best four of 4 to 7 cards, not {len(cards)}: "
            f"{format_cards(cards)}"
        )
    _check_cards(cards)
    value = best_four_strength(cards)
    category = value >> CATEGORY_SHIFT
    if category in (FLUSH, STRAIGHT_FLUSH):
        suits = [card & 3 for card in cards]
        suit = max(range(4), key=suits.count)
        used = tuple(STANDARD_CARDS[rank * 4 + suit] for rank in significant_ranks(value))
    else:
        used = highest_of_ranks(cards, _rank_runs(value))
    return HandValue(FOUR_CARD_ORDER[category], used, value)


@cache
def _rank_runs(value: int) -> tuple[tuple[int, int], ...]:
    """A strength's significant ranks as runs, once per strength."""
    return rank_runs(significant_ranks(value))


def evaluate_four(cards: Sequence[Card]) -> HandValue:
    """Rank exactly four cards, rejecting anything a dealer could not be holding."""
    if len(cards) != 4:
        raise ValueError(
            f"a Four Card Poker hand has four cards, not {len(cards)}: {format_cards(cards)}"
        )
    return best_four(cards)


def best_four_by_subsets(cards: Sequence[Card]) -> int:
    """Reference: the maximum over every four-card subset (used only to cross-check)."""
    return max(four_card_strength(combo) for combo in combinations(cards, 4))
