"""Vectorised five-card evaluation over many hands at once (NumPy, imported lazily).

The single-hand path in ``five_card`` is fast enough for play; this path exists for the jobs
that touch millions of hands: proving the evaluator against the published category counts of
all 133,784,560 seven-card hands, and batch work in the scenario generator and benchmarks.
It uses the same additive keys and tables as ``five_card``, so both paths agree by construction
and the tests check that they do.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain, combinations
from math import comb
from typing import TYPE_CHECKING, Any

from dealer_trainer.hands import five_card
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
else:
    IntArray = Any


@cache
def _tables() -> dict[str, Any]:
    import numpy as np

    five_card.build_tables()
    seven = five_card.NONFLUSH7
    keys = np.fromiter(seven.keys(), dtype=np.int64, count=len(seven))
    nonflush = np.full(int(keys.max()) + 1, -1, dtype=np.int32)
    nonflush[keys] = np.fromiter(seven.values(), dtype=np.int32, count=len(seven))
    return {
        "card_keys": np.array(five_card.CARD_KEYS, dtype=np.int64),
        "card_masks": np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], np.int64),
        "flush_suit": np.array(five_card.FLUSH_SUIT, dtype=np.int64),
        "flush": np.array(five_card.FLUSH_TABLE, dtype=np.int32),
        "nonflush": nonflush,
    }


def _strengths(key_sums: IntArray, mask_sums: IntArray) -> IntArray:
    """Strengths of seven-card hands given their summed card keys and card masks."""
    import numpy as np

    t = _tables()
    suits = t["flush_suit"][key_sums & five_card.SUIT_FIELD]
    result = t["nonflush"][key_sums >> five_card.SUIT_BITS]
    flushes = np.flatnonzero(suits >= 0)
    if flushes.size:
        masks = (mask_sums[flushes] >> (13 * suits[flushes])) & 0x1FFF
        result[flushes] = t["flush"][masks]
    return result  # type: ignore[no-any-return]


def seven_card_strengths(hands: Sequence[Sequence[int]] | IntArray) -> IntArray:
    """Strength of each row of an (n, 7) array of distinct standard card indices."""
    import numpy as np

    t = _tables()
    cards = np.asarray(hands, dtype=np.int64)
    if cards.ndim != 2 or cards.shape[1] != 7:
        raise ValueError(f"expected an (n, 7) array of cards, got shape {cards.shape}")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise ValueError("seven-card poker uses the 52 standard cards (indices 0..51)")
    return _strengths(t["card_keys"][cards].sum(axis=1), t["card_masks"][cards].sum(axis=1))


@cache
def _five_card_suffixes() -> tuple[IntArray, IntArray, IntArray]:
    """Key and mask sums of all C(52,5) five-card sets in lexicographic order, and where
    the sets whose lowest card is m begin (so "all sets above card b" is one slice)."""
    import numpy as np

    t = _tables()
    count = comb(52, 5)
    combos = np.fromiter(
        chain.from_iterable(combinations(range(52), 5)), dtype=np.int64, count=5 * count
    ).reshape(count, 5)
    starts = np.searchsorted(combos[:, 0], np.arange(53))
    return t["card_keys"][combos].sum(axis=1), t["card_masks"][combos].sum(axis=1), starts


def _count_for_low_pairs(pairs: Sequence[tuple[int, int]]) -> list[int]:
    """Category counts of every seven-card hand whose two lowest cards are one of ``pairs``."""
    import numpy as np

    t = _tables()
    keys5, masks5, starts = _five_card_suffixes()
    counts = np.zeros(len(FIVE_CARD_ORDER), dtype=np.int64)
    for a, b in pairs:
        begin = starts[b + 1]
        key_sums = keys5[begin:] + (t["card_keys"][a] + t["card_keys"][b])
        mask_sums = masks5[begin:] | (t["card_masks"][a] | t["card_masks"][b])
        categories = _strengths(key_sums, mask_sums) >> five_card.CATEGORY_SHIFT
        counts += np.bincount(categories, minlength=len(FIVE_CARD_ORDER))
    return [int(n) for n in counts]


def enumerate_seven_card_categories() -> dict[HandRank, int]:
    """Evaluate every one of the 133,784,560 seven-card hands and count each category.

    The hands are grouped by their two lowest cards and each group is counted in one NumPy
    pass (about a second). One process only: forking a process that runs Qt or other threads
    can leave the child waiting forever on a lock held at the fork.
    """
    pairs = [(a, b) for a in range(52) for b in range(a + 1, 47)]
    totals = _count_for_low_pairs(pairs)
    return dict(zip(FIVE_CARD_ORDER, totals, strict=True))
