"""Exact outcome counts of a wager settled on one hand's cards, by rank pattern.

Every deal of ``size`` cards is counted, but not one by one: a poker evaluator sees only the
ranks and which cards (if any) share a suit in a flush. So the deals are grouped by their rank
counts (how many 2s, 3s, ... aces) and, inside a group, by the exact set of ranks the flush
suit holds. Each group is evaluated once, on a representative hand, and weighted by the number
of deals it stands for:

- all suit assignments of counts ``c``: ``prod C(4, c_r)``;
- those whose suit ``s`` holds exactly the ranks ``S`` (``|S| >= flush_size``): the cards
  outside the flush are placed in the other three suits every way they can be, one
  placement evaluated per way up to renaming those suits (two cards of different ranks:
  suited or not), each standing for its placements times 4 (the choice of ``s``);
- the rest hold no flush at all: one flush-free representative stands for all of them.

This needs at most one suit to reach ``flush_size``, i.e. ``size < 2 * flush_size``, which
holds for every hand the games settle (three of three, four of five or six, five of five to
seven). A 53-card deck adds the hands that hold the joker: ``size - 1`` natural cards whose
flush threshold is one lower, since the joker completes a flush. Seven cards take under
300,000 evaluations instead of 133,784,560.

So a classifier may look at the flush and at how the cards beside a flush share suits, but in
a hand without a flush only at ranks. Up to three cards every hand is simply dealt (22,100 at
most), so a classifier that looks at suits or colours (Ultimate Pairs' red aces) is counted
exactly too. Beyond that the classifier must not look at colours (Red/Black does): such a
wager is not counted here.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from itertools import combinations, product
from math import comb, prod
from typing import TypeVar

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.cards.card import JOKER_INDEX
from dealer_trainer.cards.ranks_suits import SUITS

K = TypeVar("K", bound=Hashable)

RANK_COUNT = 13
SUIT_COUNT = 4
COLOUR_CARDS = 26
"""Cards of each colour in the 52 natural cards."""
RED_SUITS = tuple(suit.index for suit in SUITS if suit.is_red)
BLACK_SUITS = tuple(suit.index for suit in SUITS if not suit.is_red)


class HandDealt(Struct, frozen=True):
    """Which deals a wager's hand is drawn from: ``size`` cards of a shuffled deck (52 cards,
    or 53 with the joker), evaluated by a ranking system whose smallest flush is
    ``flush_size`` cards (5 for five-card poker, 4 for four-card, 3 for three-card)."""

    size: int
    flush_size: int
    joker: bool = False
    split: int = 0
    """With ``split`` > 0 the first ``split`` cards are one hand and the rest another (the
    player's two and the dealer's two): such deals are dealt one by one, hands in order."""
    colours: bool = False
    """Counted by colour alone (pai gow's Red/Black): one hand per number of red cards (and
    joker or not), weighted by the deals with that many; the classifier may look only at
    colours and the joker."""

    def __post_init__(self) -> None:
        if self.colours:
            if self.split or not 1 <= self.size <= 2 * COLOUR_CARDS:
                raise ValueError(f"unsupported colour-counted hand: {self}")
            return
        if self.split:
            if not 0 < self.split < self.size <= 4 or self.joker:
                raise ValueError(f"unsupported split hand: {self}")
            return
        if not 1 <= self.size <= 7 or not 2 <= self.flush_size <= 5:
            raise ValueError(f"unsupported hand: {self}")
        if self.size >= 2 * self.flush_size - self.joker:
            raise ValueError(f"{self.size} cards may hold two flushes of {self.flush_size}")

    @property
    def deck_size(self) -> int:
        return 53 if self.joker else 52

    @property
    def deals(self) -> int:
        """How many hands there are: C(52, size) or C(53, size), or for a split hand
        C(52, split) * C(52 - split, size - split)."""
        if self.split:
            first = comb(self.deck_size, self.split)
            return first * comb(self.deck_size - self.split, self.size - self.split)
        return comb(self.deck_size, self.size)


def rank_patterns(size: int) -> Iterator[tuple[int, ...]]:
    """Every vector of 13 rank counts (0 to 4 each) summing to ``size``."""

    def extend(prefix: tuple[int, ...], left: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == RANK_COUNT:
            if left == 0:
                yield prefix
            return
        for count in range(min(SUIT_COUNT, left) + 1):
            yield from extend((*prefix, count), left - count)

    yield from extend((), size)


_CARDS: tuple[Card, ...] = tuple(Card(index) for index in range(JOKER_INDEX + 1))
"""The cards by index, so the hands are made by looking them up instead of calling ``Card``."""
_SUIT_CHOICES = tuple(comb(SUIT_COUNT, count) for count in range(SUIT_COUNT + 1))


def _spread(counts: Sequence[int], limit: int) -> bytes:
    """A hand with these rank counts in which no suit holds ``limit`` cards or more."""
    ranks = sorted((r for r in range(RANK_COUNT) if counts[r]), key=lambda r: -counts[r])
    suits = _spread_suits(tuple(counts[r] for r in ranks), limit)
    placed = zip(ranks, suits, strict=True)
    return bytes(rank * 4 + suit for rank, group in placed for suit in group)


@cache
def _spread_suits(shape: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """The suits ``_spread`` gives the ranks of a hand whose counts, most first, are
    ``shape``: the same for every rank pattern of that shape."""
    load = [0] * SUIT_COUNT
    suits: list[tuple[int, ...]] = []
    for count in shape:
        low = min(load)
        # Loads never differ by more than one, so the least loaded suits in suit order are
        # those at the lowest load, then the rest.
        order = [s for s in range(SUIT_COUNT) if load[s] == low]
        order += [s for s in range(SUIT_COUNT) if load[s] != low]
        suits.append(tuple(order[:count]))
        for suit in order[:count]:
            load[suit] += 1
    if max(load) >= limit:
        raise AssertionError(f"no flush-free spread of {shape}")
    return tuple(suits)


@cache
def _placements(outside: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every placement of cards of distinct ranks in suits 1 to 3, ``outside[i]`` cards of the
    ``i``-th rank, up to a renaming of those suits: each as (rank position, suit) pairs, with
    how many placements it stands for. It depends only on these counts, so each shape is
    worked out once however many rank patterns share it."""
    options = [
        [tuple((position, suit) for suit in chosen) for chosen in combinations((1, 2, 3), m)]
        for position, m in enumerate(outside)
    ]
    shapes: Counter[tuple[tuple[int, int], ...]] = Counter()
    for placement in product(*options):
        names: dict[int, int] = {}
        shapes[
            tuple(
                (position, names.setdefault(suit, len(names) + 1))
                for group in placement
                for position, suit in group
            )
        ] += 1
    return tuple(shapes.items())


def _flush_hands(counts: Sequence[int], flush: Sequence[int]) -> Iterator[tuple[bytes, int]]:
    """Every hand with these rank counts whose suit 0 holds exactly the ranks ``flush``, up to
    a renaming of the other three suits, with how many placements each stands for: the cards
    outside the flush take every placement in those suits, so a classifier may look at them
    too (pai gow's "royal flush and natural ace/queen suited")."""
    suited = bytes(rank * 4 for rank in flush)
    ranks: list[int] = []
    outside: list[int] = []
    for rank in range(RANK_COUNT):
        left = counts[rank] - (rank in flush)
        if left:
            ranks.append(rank * 4)
            outside.append(left)
    for shape, ways in _placements(tuple(outside)):
        yield suited + bytes([ranks[position] + suit for position, suit in shape]), ways


class _Hands(Struct, frozen=True):
    """The representative hands of one kind of deal, each with the deals it stands for: the
    card indices of all the hands in a row (a few bytes a hand, where tuples of cards would
    hold tens of megabytes for the life of the process)."""

    size: int
    cards: bytes
    ways: array[int]

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        """The hands as tuples of cards, in the order they were found."""
        cards = map(_CARDS.__getitem__, self.cards)
        return zip(*[cards] * self.size, strict=True)


@cache
def _natural_hands(size: int, flush_size: int) -> _Hands:
    """Every rank pattern's representatives, worked out once per process: the enumeration
    costs more than most classifiers (seven cards: about a second and a half), and the
    analyser and the controls count the same kind of hand for many wagers."""
    cards = bytearray()
    ways = array("q")
    for pattern in rank_patterns(size):
        total = prod(map(_SUIT_CHOICES.__getitem__, pattern))
        support = [r for r in range(RANK_COUNT) if pattern[r]]
        quads = {r for r in support if pattern[r] == SUIT_COUNT}
        flushed = 0
        for length in range(flush_size, len(support) + 1):
            for chosen in combinations(support, length):
                if quads and not quads.issubset(chosen):
                    continue
                for hand, placements in _flush_hands(pattern, chosen):
                    cards += hand
                    ways.append(SUIT_COUNT * placements)
                    flushed += SUIT_COUNT * placements
        if total > flushed:
            cards += _spread(pattern, flush_size)
            ways.append(total - flushed)
    return _Hands(size, bytes(cards), ways)


@cache
def _dealt_hands(dealt: HandDealt) -> _Hands:
    """The representatives of a hand dealt by rank pattern; with the joker, those of the
    hands without it, then those holding it."""
    natural = _natural_hands(dealt.size, dealt.flush_size)
    if dealt.joker:
        joker = _natural_hands(dealt.size - 1, dealt.flush_size - 1)
        with_joker = bytearray()
        for start in range(0, len(joker.cards), joker.size):
            with_joker += joker.cards[start : start + joker.size]
            with_joker.append(JOKER_INDEX)
        natural = _Hands(dealt.size, natural.cards + with_joker, natural.ways + joker.ways)
    if sum(natural.ways) != dealt.deals:
        raise AssertionError(f"counted {sum(natural.ways)} of {dealt.deals} hands")
    return natural


def _coloured(count: int, suits: tuple[int, ...]) -> list[Card]:
    """``count`` different cards of the suits ``suits``."""
    return [Card(i // 2 * SUIT_COUNT + suits[i % 2]) for i in range(count)]


def _colour_counts(dealt: HandDealt, classify: Callable[[tuple[Card, ...]], K]) -> Counter[K]:
    """Hands with ``red`` red natural cards: C(26, red) * C(26, natural - red) of them, with
    and (on a 53-card deck) without the joker."""
    counts: Counter[K] = Counter()
    for joker in (False, True) if dealt.joker else (False,):
        natural = dealt.size - joker
        extra = (Card(JOKER_INDEX),) if joker else ()
        for red in range(max(0, natural - COLOUR_CARDS), min(natural, COLOUR_CARDS) + 1):
            hand = (*_coloured(red, RED_SUITS), *_coloured(natural - red, BLACK_SUITS), *extra)
            counts[classify(hand)] += comb(COLOUR_CARDS, red) * comb(COLOUR_CARDS, natural - red)
    return counts


DEALT_ONE_BY_ONE = 3
"""Hands of this many cards or fewer are enumerated one by one."""


def outcome_counts(dealt: HandDealt, classify: Callable[[tuple[Card, ...]], K]) -> Counter[K]:
    """How many of ``dealt.deals`` hands ``classify`` sends to each outcome (exact)."""
    if dealt.colours:
        return _colour_counts(dealt, classify)
    if dealt.split:
        deck = [Card(i) for i in range(dealt.deck_size)]
        split: Counter[K] = Counter()
        for first in combinations(deck, dealt.split):
            rest = [card for card in deck if card not in first]
            rests = combinations(rest, dealt.size - dealt.split)
            split.update(map(classify, (first + second for second in rests)))
        return split
    if dealt.size <= DEALT_ONE_BY_ONE:
        deck = [Card(i) for i in range(dealt.deck_size)]
        return Counter(classify(hand) for hand in combinations(deck, dealt.size))
    represented = _dealt_hands(dealt)
    counts: Counter[K] = Counter()
    for outcome, ways in zip(map(classify, represented), represented.ways, strict=True):
        counts[outcome] += ways
    return counts


__all__ = ["DEALT_ONE_BY_ONE", "HandDealt", "outcome_counts", "rank_patterns"]
