"""Five-card high poker, and the best five of six or seven cards.

Used by Ultimate Texas Hold 'Em (Ante, Play, Blind, Trips, Bad Beat, Play the Board), Caribbean
Stud, Let It Ride and every Five Card Hand Bonus. A-2-3-4-5 is the lowest straight and straight
flush and there is no wrap-around (§ 653a.6 ranks hands "in accordance with" standard poker).

Speed matters (the scenario generator evaluates many deals, the benchmark enumerates all 133
million seven-card hands), so evaluation is two table look-ups: each card carries an additive key
whose sum identifies the multiset of ranks and counts the suits. A flush is impossible beside a
full house or four of a kind in seven cards, so a flush hand only needs its suit's rank mask.

A strength is ``category << 20 | r1 << 16 | ... | r5`` with ranks in order of significance, so
it sorts totally and a person can still read it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.cards.card import JOKER_INDEX
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.hand_value import HandValue

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = (
    range(10)
)
CATEGORY_SHIFT = 20

# Additive rank keys whose sums are distinct for every multiset of up to seven ranks with at
# most four of each (the face keys of Kenneth Shackleton's SKPokerEval); uniqueness is checked
# when the tables are built, so a wrong key cannot silently merge two hands.
RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
SUIT_BITS = 12
SUIT_FIELD = (1 << SUIT_BITS) - 1

CARD_KEYS: tuple[int, ...] = tuple(
    (RANK_KEYS[i >> 2] << SUIT_BITS) | (1 << (3 * (i & 3))) for i in range(52)
)
RANK_BITS: tuple[int, ...] = tuple(1 << (i >> 2) for i in range(52))


def pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def straight_top(mask: int) -> int:
    """Index of the top card of the highest straight in a 13-bit rank mask, or -1."""
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    wheel = (1 << 12) | 0b1111
    return 3 if mask & wheel == wheel else -1


def flush_strength(mask: int) -> int:
    top = straight_top(mask)
    if top >= 0:
        return pack(ROYAL if top == 12 else STRAIGHT_FLUSH, (top,))
    return pack(FLUSH, [r for r in range(12, -1, -1) if mask >> r & 1][:5])


def rank_counts_strength(counts: Sequence[int]) -> int:
    """Best non-flush five-card strength from the count of each rank (five to seven cards)."""
    desc = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return pack(QUADS, (q, next(r for r in desc if r != q)))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return pack(FULL_HOUSE, (t, max(r for r in desc if r != t and counts[r] >= 2)))
    top = straight_top(sum(1 << r for r in desc))
    if top >= 0:
        return pack(STRAIGHT, (top,))
    if trips:
        t = trips[0]
        return pack(TRIPS, (t, *[r for r in desc if r != t][:2]))
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return pack(TWO_PAIR, (hi, lo, next(r for r in desc if r not in (hi, lo))))
    if pairs:
        p = pairs[0]
        return pack(ONE_PAIR, (p, *[r for r in desc if r != p][:3]))
    return pack(HIGH_CARD, desc[:5])


def _count_vectors(total: int, rank: int = 0) -> Iterator[tuple[int, ...]]:
    if rank == 12:
        if total <= 4:
            yield (total,)
        return
    for n in range(min(4, total) + 1):
        for rest in _count_vectors(total - n, rank + 1):
            yield (n, *rest)


def _build_nonflush(size: int) -> dict[int, int]:
    table: dict[int, int] = {}
    for counts in _count_vectors(size):
        key = sum(n * k for n, k in zip(counts, RANK_KEYS, strict=True))
        if key in table:
            raise AssertionError(f"rank keys collide for {size}-card multiset {counts}")
        table[key] = rank_counts_strength(counts)
    return table


# Filled on first use so importing the engine stays cheap: read from the shipped data
# (milliseconds), or built (about half a second) if the data is missing.
NONFLUSH: dict[int, dict[int, int]] = {5: {}, 6: {}, 7: {}}
NONFLUSH7 = NONFLUSH[7]


def build_tables() -> None:
    """Fill the tables in place; the hot paths keep their references."""
    build_flush_tables()
    for size in NONFLUSH:
        _fill_nonflush(size)


def _fill_nonflush(size: int) -> None:
    """One hand size's table: a game that ranks only seven cards reads only that one."""
    table = NONFLUSH[size]
    if not table:
        from dealer_trainer.hands import nonflush_data

        shipped = nonflush_data.load(size)
        table.update(shipped if shipped is not None else _build_nonflush(size))


def _nonflush_lookup(size: int, key: int) -> int:
    build_flush_tables()
    _fill_nonflush(size)
    return NONFLUSH[size][key]


FLUSH_SUIT: list[int] = []
"""The suit holding five or more cards, from the suit-count field of a key sum; filled on first
use, after ``FLUSH_TABLE`` (a reader that finds ``FLUSH_SUIT`` filled finds both)."""
FLUSH_TABLE: list[int] = []

DIRECT_HANDS = 1000
"""Hands ranked from their own cards before the tables are filled. Filling them (and reading
the shipped non-flush table) costs as much as ranking about five thousand hands this way, which
pays for the scenario generator or the analyser but not for settling one round (a handful of
hands)."""
_direct_left = DIRECT_HANDS


def suit_with_five(suit_field: int) -> int:
    """The suit holding five or more cards in the suit-count field of a key sum, or -1."""
    return next((s for s in range(4) if (suit_field >> (3 * s)) & 7 >= 5), -1)


def direct_strength(cards: Sequence[Card], key: int) -> int:
    """What the tables give for ``cards`` (whose key sum is ``key``), worked out from the cards:
    the flush suit's rank mask, or else the count of each rank (the tables are built from the
    same two functions)."""
    s = suit_with_five(key & SUIT_FIELD)
    if s >= 0:
        m = 0
        for x in cards:
            if x & 3 == s:
                m |= RANK_BITS[x]
        return flush_strength(m)
    counts = [0] * 13
    for x in cards:
        counts[x >> 2] += 1
    return rank_counts_strength(counts)


def _before_tables(cards: Sequence[Card], key: int) -> int:
    """A hand ranked before the flush tables are filled: directly while ``DIRECT_HANDS`` lasts,
    then through the tables, filled now."""
    global _direct_left
    if _direct_left > 0:
        _direct_left -= 1
        return direct_strength(cards, key)
    build_flush_tables()
    return strength(cards)


def build_flush_tables() -> None:
    """Fill the flush tables in place on first use: a tenth of a second that a command which
    ranks no hand (or a game that ranks other hands) should not pay at import."""
    if not FLUSH_SUIT:
        FLUSH_TABLE.extend(
            tuple(flush_strength(mask) if mask.bit_count() >= 5 else -1 for mask in range(1 << 13))
        )
        FLUSH_SUIT.extend(tuple(suit_with_five(suit_field) for suit_field in range(1 << 12)))


def seven_card_strength(cards: Sequence[Card]) -> int:
    """Strength of the best five of exactly seven distinct standard cards: the fast path."""
    a, b, c, d, e, f, g = cards
    k = (
        CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d]
        + CARD_KEYS[e] + CARD_KEYS[f] + CARD_KEYS[g]
    )  # fmt: skip
    try:
        s = FLUSH_SUIT[k & SUIT_FIELD]
    except IndexError:
        return _before_tables(cards, k)
    if s < 0:
        try:
            return NONFLUSH7[k >> SUIT_BITS]
        except KeyError:
            return _nonflush_lookup(7, k >> SUIT_BITS)
    m = 0
    for x in cards:
        if x & 3 == s:
            m |= RANK_BITS[x]
    return FLUSH_TABLE[m]


def strength(cards: Sequence[Card]) -> int:
    """Strength of the best five of five, six or seven distinct standard cards."""
    size = len(cards)
    if size == 7:
        return seven_card_strength(cards)
    if size not in (5, 6):
        raise ValueError(f"five-card poker ranks 5, 6 or 7 cards, not {size}")
    k = 0
    for x in cards:
        k += CARD_KEYS[x]
    try:
        s = FLUSH_SUIT[k & SUIT_FIELD]
    except IndexError:
        return _before_tables(cards, k)
    if s < 0:
        try:
            return NONFLUSH[size][k >> SUIT_BITS]
        except KeyError:
            return _nonflush_lookup(size, k >> SUIT_BITS)
    m = 0
    for x in cards:
        if x & 3 == s:
            m |= RANK_BITS[x]
    return FLUSH_TABLE[m]


def category_of(value: int) -> HandRank:
    return FIVE_CARD_ORDER[value >> CATEGORY_SHIFT]


def significant_ranks(value: int) -> list[int]:
    """The five rank indices of the hand a strength describes, most significant first."""
    category = value >> CATEGORY_SHIFT
    r = [(value >> (16 - 4 * i)) & 15 for i in range(5)]
    if category in (STRAIGHT, STRAIGHT_FLUSH, ROYAL):
        top = r[0]
        return [3, 2, 1, 0, 12] if top == 3 else [top - i for i in range(5)]
    layout = {
        QUADS: [r[0]] * 4 + [r[1]],
        FULL_HOUSE: [r[0]] * 3 + [r[1]] * 2,
        TRIPS: [r[0]] * 3 + r[1:3],
        TWO_PAIR: [r[0]] * 2 + [r[1]] * 2 + [r[2]],
        ONE_PAIR: [r[0]] * 2 + r[1:4],
    }
    return layout.get(category, r)


def _check_cards(cards: Sequence[Card]) -> None:
    if len(set(cards)) != len(cards):
        raise ValueError("a hand cannot hold the same card twice")
    if JOKER_INDEX in cards:
        raise ValueError("five-card high poker is played without the joker")


def rank_runs(ranks: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Significant ranks as (rank, how many) runs: equal ranks stand together in every layout."""
    runs: list[tuple[int, int]] = []
    for rank in ranks:
        if runs and runs[-1][0] == rank:
            runs[-1] = (rank, runs[-1][1] + 1)
        else:
            runs.append((rank, 1))
    return tuple(runs)


@cache
def _rank_runs(value: int) -> tuple[tuple[int, int], ...]:
    """The same for every hand of that strength, so worked out once per strength (7,462)."""
    return rank_runs(significant_ranks(value))


_FLUSH_CATEGORIES = frozenset((FLUSH, STRAIGHT_FLUSH, ROYAL))
CARD_BITS: tuple[int, ...] = tuple(1 << i for i in range(52))
SUITS_DOWN: tuple[tuple[int, ...], ...] = tuple(
    tuple(suit for suit in range(3, -1, -1) if held >> suit & 1) for held in range(16)
)
"""The suits present in a rank's four bits of a hand's card mask, highest first."""


def highest_of_ranks(cards: Sequence[Card], runs: tuple[tuple[int, int], ...]) -> tuple[Card, ...]:
    """For each run, that many cards of its rank from ``cards``, highest suits first: the
    cards read as a mask (four bits a rank), without sorting or searching them."""
    held = sum(map(CARD_BITS.__getitem__, cards))
    return tuple(
        STANDARD_CARDS[rank * 4 + suit]
        for rank, n in runs
        for suit in SUITS_DOWN[held >> 4 * rank & 15][:n]
    )


def best_five(cards: Sequence[Card]) -> HandValue:
    """Category, the five cards used and the strength of the best hand in 5, 6 or 7 cards;
    of the cards of one rank the highest suits are used."""
    _check_cards(cards)
    value = strength(cards)
    category = value >> CATEGORY_SHIFT
    if category in _FLUSH_CATEGORIES:
        k = 0
        for x in cards:
            k += CARD_KEYS[x]
        suit = FLUSH_SUIT[k & SUIT_FIELD] if FLUSH_SUIT else suit_with_five(k & SUIT_FIELD)
        used = tuple(STANDARD_CARDS[rank * 4 + suit] for rank, _ in _rank_runs(value))
    else:
        used = highest_of_ranks(cards, _rank_runs(value))
    return HandValue(FIVE_CARD_ORDER[category], used, value)


def evaluate_five(cards: Sequence[Card]) -> HandValue:
    if len(cards) != 5:
        raise ValueError(f"a five-card hand has five cards, not {len(cards)}")
    return best_five(cards)


def best_five_by_subsets(cards: Sequence[Card]) -> int:
    """Reference: the maximum over every five-card subset (used only to cross-check)."""
    return max(strength(combo) for combo in combinations(cards, 5))
