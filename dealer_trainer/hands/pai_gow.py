"""Pai Gow Poker hands: the five-card high hand with the joker, the two-card low hand, fouls.

58 Pa. Code ch. 645a. The ranking paragraph § 645a.6(b) is not in the seed, so the rules below
follow the common pai gow conventions collected in the regulation notes (pai-gow.md § 4), each
[STANDARD] unverified unless a seed section is cited:

- 53 cards: the 52 standard cards and one joker.
- The joker plays as an ace, or completes a straight, flush, straight flush or royal flush.
  It never pairs anything but aces: K-K-Jk-7-2 is a pair of kings with an ace kicker. In a flush
  it is the highest rank of that suit the hand lacks (an ace unless the ace is there). The joker
  completing a straight flush is named in the seed, § 645a.6(g)(4).
- Five aces (four aces and the joker) tops the ranking (``FiveAcesRank``); the seed's Dynasty
  paytable, § 645a.13(g), pays five aces above a royal flush.
- A-2-3-4-5 is commonly the second-highest straight and straight flush; Pennsylvania's Ultimate
  Texas Hold 'Em makes it the lowest (§ 653a.6), so the position is a setting (``WheelRank``).
- The two-card low hand is a pair or two single cards; a joker in it is an ace.
- The five-card hand must outrank the two-card hand, otherwise the hand is set incorrectly and
  the wager loses, § 645a.11(f)(1)(iv) (seed).

Strengths are packed like the five-card evaluator's (``category << 20`` and five 4-bit rank
fields holding each pair, set or single rank once, in order of significance) so they stay
readable and sort totally, with two differences. The category field holds the pai gow
order (five aces is category 10, or swaps with the royal flush), and straights store all five
ranks in order of significance: A-K-Q-J-T is (A, K, Q, J, T), the wheel is (A, 5, 4, 3, 2) when
it ranks second-highest and (5, 4, 3, 2, A) when it ranks lowest, so one integer comparison
ranks every straight under either setting. Low hands use the same packing with the missing
cards as zeros, which turns the foul rule into one comparison (see ``check_split``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from msgspec import Struct

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Rank, format_cards
from dealer_trainer.hands import five_card
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import (
    CARD_BITS,
    CATEGORY_SHIFT,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    QUADS,
    RANK_BITS,
    ROYAL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUITS_DOWN,
    TRIPS,
    TWO_PAIR,
    rank_runs,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.pai_gow_rules import (
    DEFAULT_RULES,
    DynastyExtraPair,
    FiveAcesRank,
    JokerColour,
    PaiGowRules,
    SevenCardAceLow,
    WheelRank,
)

__all__ = [
    "ACE",
    "DEFAULT_RULES",
    "FIVE_ACES",
    "DynastyExtraPair",
    "FiveAcesRank",
    "JokerColour",
    "PaiGowRules",
    "SevenCardAceLow",
    "SplitCheck",
    "WheelRank",
    "base_category",
    "best_high",
    "check_split",
    "describe_high",
    "describe_low",
    "evaluate_high",
    "evaluate_low",
    "hand_rank",
    "high_strength",
    "pack_ranks",
    "significant_ranks",
]

ACE = 12
FIVE_ACES = 10


def pack_ranks(ranks: Sequence[int]) -> int:
    """Five 4-bit ranks, most significant first; missing ranks count as zero."""
    value = 0
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def _straight_windows(wheel: WheelRank) -> list[tuple[int, int]]:
    """(rank mask, packed ranks) of every straight, best first under ``wheel``."""
    windows = [(0b11111 << (top - 4), pack_ranks(range(top, top - 5, -1))) for top in range(4, 13)]
    wheel_ranks = (ACE, 3, 2, 1, 0) if wheel is WheelRank.SECOND_HIGHEST else (3, 2, 1, 0, ACE)
    windows.append(((1 << ACE) | 0b1111, pack_ranks(wheel_ranks)))
    windows.sort(key=lambda window: window[1], reverse=True)
    return windows


class _StraightTables(Struct, frozen=True):
    """For every 13-bit rank mask: the best straight in it, and the best with one rank added.

    ``exact[mask]`` is the packed ranks of the best straight or -1. ``one_gap[mask]`` is
    (packed ranks, missing rank) of the best straight needing at most one more rank (missing is
    -1 when none is needed), or (-1, -1); it is how the joker completes a straight directly.
    """

    exact: tuple[int, ...]
    one_gap: tuple[tuple[int, int], ...]


@cache
def _straight_tables(wheel: WheelRank) -> _StraightTables:
    windows = _straight_windows(wheel)
    exact: list[int] = []
    one_gap: list[tuple[int, int]] = []
    for mask in range(1 << 13):
        exact.append(next((packed for window, packed in windows if mask & window == window), -1))
        gap = (-1, -1)
        for window, packed in windows:
            lacking = window & ~mask
            if lacking == 0:
                gap = (packed, -1)
                break
            if lacking & (lacking - 1) == 0:
                gap = (packed, lacking.bit_length() - 1)
                break
        one_gap.append(gap)
    return _StraightTables(tuple(exact), tuple(one_gap))


BROADWAY = pack_ranks((12, 11, 10, 9, 8))
FIVE_ACES_RANKS = pack_ranks((ACE,))
_BASE_ORDER: tuple[HandRank, ...] = (*FIVE_CARD_ORDER, HandRank.FIVE_ACES)


@cache
def _codes(five_aces: FiveAcesRank) -> tuple[int, ...]:
    """Category code in the strength for each base category (five-card order, then five aces)."""
    codes = list(range(11))
    if five_aces is FiveAcesRank.BELOW_ROYAL_FLUSH:
        codes[ROYAL], codes[FIVE_ACES] = FIVE_ACES, ROYAL
    return tuple(codes)


@cache
def _bases(five_aces: FiveAcesRank) -> tuple[int, ...]:
    codes = _codes(five_aces)
    return tuple(codes.index(code) for code in range(11))


def base_category(strength: int, rules: PaiGowRules = DEFAULT_RULES) -> int:
    """The five-card-evaluator category number (10 = five aces) a pai gow strength holds."""
    return _bases(rules.five_aces)[strength >> CATEGORY_SHIFT]


def hand_rank(strength: int, rules: PaiGowRules = DEFAULT_RULES) -> HandRank:
    return _BASE_ORDER[base_category(strength, rules)]


def _natural_strength(cards: Sequence[Card], rules: PaiGowRules) -> int:
    """Pai gow strength of the best five of 5-7 standard cards."""
    value = five_card.strength(cards)
    category = value >> CATEGORY_SHIFT
    if category == STRAIGHT:
        mask = 0
        for card in cards:
            mask |= RANK_BITS[card]
        return (STRAIGHT << CATEGORY_SHIFT) | _straight_tables(rules.wheel).exact[mask]
    if category == STRAIGHT_FLUSH:
        counts = [0, 0, 0, 0]
        for card in cards:
            counts[card & 3] += 1
        suit = counts.index(max(counts))
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= RANK_BITS[card]
        return (STRAIGHT_FLUSH << CATEGORY_SHIFT) | _straight_tables(rules.wheel).exact[mask]
    if category == ROYAL:
        return (_codes(rules.five_aces)[ROYAL] << CATEGORY_SHIFT) | BROADWAY
    return value


def _top_five(mask: int) -> list[int]:
    return [rank for rank in range(12, -1, -1) if mask >> rank & 1][:5]


def _joker_strength(naturals: Sequence[Card], rules: PaiGowRules) -> tuple[int, Card | None]:
    """Best strength of 4-6 standard cards and the joker, and the card the joker stands for.

    The candidates follow the joker rule directly: the joker as an ace (one evaluation, with the
    missing ace of the suit most likely to flush), as the one rank that completes the best
    straight, or as the rank that completes a straight flush or the best flush of a four-card
    suit. ``None`` as the stand-in means five aces. Proven against the brute force over every
    substitution in the tests.
    """
    counts = [0, 0, 0, 0]
    suit_masks = [0, 0, 0, 0]
    rank_mask = 0
    for card in naturals:
        suit = card & 3
        counts[suit] += 1
        suit_masks[suit] |= RANK_BITS[card]
        rank_mask |= RANK_BITS[card]
    codes = _codes(rules.five_aces)
    missing_aces = [suit for suit in range(4) if not suit_masks[suit] >> ACE & 1]
    if not missing_aces:
        return (codes[FIVE_ACES] << CATEGORY_SHIFT) | FIVE_ACES_RANKS, None
    ace_suit = max(missing_aces, key=counts.__getitem__)
    stand_in = STANDARD_CARDS[ACE * 4 + ace_suit]
    best = _natural_strength((*naturals, stand_in), rules)
    tables = _straight_tables(rules.wheel)
    packed, missing = tables.one_gap[rank_mask]
    if missing >= 0:
        candidate = (STRAIGHT << CATEGORY_SHIFT) | packed
        if candidate > best:
            best, stand_in = candidate, STANDARD_CARDS[missing * 4]
    for suit in range(4):
        if counts[suit] < 4:
            continue
        suit_mask = suit_masks[suit]
        packed, missing = tables.one_gap[suit_mask]
        if packed >= 0:
            if missing < 0:
                continue
            category = codes[ROYAL] if packed == BROADWAY else STRAIGHT_FLUSH
            candidate = (category << CATEGORY_SHIFT) | packed
        else:
            missing = next(rank for rank in range(12, -1, -1) if not suit_mask >> rank & 1)
            ranks = _top_five(suit_mask | 1 << missing)
            candidate = (FLUSH << CATEGORY_SHIFT) | pack_ranks(ranks)
        if candidate > best:
            best, stand_in = candidate, STANDARD_CARDS[missing * 4 + suit]
    return best, stand_in


def _check(cards: Sequence[Card], sizes: tuple[int, ...], what: str) -> None:
    if len(cards) not in sizes:
        wanted = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
        raise ValueError(f"{what} takes {wanted} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(cards)}")


def high_strength(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> int:
    """Pai gow strength of the best five of 5, 6 or 7 cards, the joker allowed: the fast path.

    Callers that only compare hands (dealer against player, house way searches) should use this
    rather than ``best_high``, which also works out which cards make the hand. The cards are
    not checked here (``best_high`` and ``evaluate_high`` check them).
    """
    if JOKER in cards:
        naturals = [card for card in cards if card != JOKER]
        return _joker_strength(naturals, rules)[0]
    return _natural_strength(cards, rules)


_LAYOUT = {
    FIVE_ACES: (0, 0, 0, 0, 0),
    QUADS: (0, 0, 0, 0, 1),
    FULL_HOUSE: (0, 0, 0, 1, 1),
    TRIPS: (0, 0, 0, 1, 2),
    TWO_PAIR: (0, 0, 1, 1, 2),
    ONE_PAIR: (0, 0, 1, 2, 3),
}


def significant_ranks(strength: int, rules: PaiGowRules = DEFAULT_RULES) -> list[int]:
    """The five rank indices of the hand a strength describes, most significant first."""
    nibbles = [(strength >> (16 - 4 * i)) & 15 for i in range(5)]
    layout = _LAYOUT.get(base_category(strength, rules))
    return [nibbles[i] for i in layout] if layout else nibbles


@cache
def _rank_runs(strength: int, five_aces: FiveAcesRank) -> tuple[tuple[int, int], ...]:
    """A strength's significant ranks as runs (only the five-aces rule changes them)."""
    return rank_runs(significant_ranks(strength, PaiGowRules(five_aces=five_aces)))


def _used_cards(
    strength: int, naturals: Sequence[Card], stand_in: Card | None, rules: PaiGowRules
) -> tuple[Card, ...]:
    """The five cards that make ``strength``, the joker in the place of the card it stands for.

    Natural cards are preferred to the stand-in so a hand the joker does not improve shows the
    natural cards; of the natural cards of one rank the highest suits are used.
    """
    category = base_category(strength, rules)
    if category == FIVE_ACES:
        return (*sorted((card for card in naturals if card >> 2 == ACE), reverse=True), JOKER)
    runs = _rank_runs(strength, rules.five_aces)
    held = sum(map(CARD_BITS.__getitem__, naturals))
    if category in (FLUSH, STRAIGHT_FLUSH, ROYAL):
        counts = [0, 0, 0, 0]
        for card in naturals:
            counts[card & 3] += 1
        if stand_in is not None:
            counts[stand_in & 3] += 1
        suit = counts.index(max(counts))
        return tuple(
            STANDARD_CARDS[rank * 4 + suit] if held >> (rank * 4 + suit) & 1 else JOKER
            for rank, _ in runs
        )
    used: list[Card] = []
    for rank, n in runs:
        suits = SUITS_DOWN[held >> 4 * rank & 15][:n]
        used += [STANDARD_CARDS[rank * 4 + suit] for suit in suits]
        if len(suits) < n:
            used.append(JOKER)
    return tuple(used)


def best_high(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> HandValue:
    """The best five-card pai gow hand in 5, 6 or 7 cards, with the cards that make it.

    With seven cards this is "the highest ranking hand" the dealer forms for the optional
    wagers, § 645a.11(h) (seed).
    """
    _check(cards, (5, 6, 7), "a pai gow high hand")
    if JOKER in cards:
        naturals = [card for card in cards if card != JOKER]
        strength, stand_in = _joker_strength(naturals, rules)
        used = _used_cards(strength, naturals, stand_in, rules)
    else:
        strength = _natural_strength(cards, rules)
        used = _used_cards(strength, cards, None, rules)
    return HandValue(hand_rank(strength, rules), used, strength)


def evaluate_high(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> HandValue:
    """The five-card (high) hand a player or the dealer has set."""
    _check(cards, (5,), "a pai gow high hand")
    return best_high(cards, rules)


def evaluate_low(cards: Sequence[Card]) -> HandValue:
    """The two-card (low) hand: a pair beats any two single cards; the joker is an ace.

    The strength is packed like a five-card strength with the three missing cards as zeros, so
    low hands compare with each other and, for the foul rule, with the high hand.
    """
    _check(cards, (2,), "a pai gow low hand")
    first, second = sorted(cards, key=_low_order, reverse=True)
    high, low = _low_order(first)[0], _low_order(second)[0]
    if high == low:
        strength = (ONE_PAIR << CATEGORY_SHIFT) | pack_ranks((high,))
        return HandValue(HandRank.ONE_PAIR, (first, second), strength)
    return HandValue(HandRank.HIGH_CARD, (first, second), pack_ranks((high, low)))


def _low_order(card: Card) -> tuple[int, int]:
    """Rank (the joker as an ace), then natural before joker, for listing a low hand."""
    return (ACE, -1) if card == JOKER else (card >> 2, card & 3)


_RANK_NAMES = tuple(Rank.from_index(rank).label.lower() for rank in range(13))
_RANK_PLURALS = tuple(Rank.from_index(rank).plural for rank in range(13))


def _rank_name(rank: int) -> str:
    return _RANK_NAMES[rank]


def _rank_plural(rank: int) -> str:
    return _RANK_PLURALS[rank]


def describe_high(value: HandValue, rules: PaiGowRules = DEFAULT_RULES) -> str:
    """A five-card hand as a dealer says it: "pair of queens", "straight, A-2-3-4-5"."""
    ranks = significant_ranks(value.strength, rules)
    category = base_category(value.strength, rules)
    top = ranks[0]
    is_wheel = sorted(ranks) == [0, 1, 2, 3, ACE]
    if category == FIVE_ACES:
        return "five aces"
    if category == ROYAL:
        return "royal flush"
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        name = "straight" if category == STRAIGHT else "straight flush"
        return f"{name}, A-2-3-4-5" if is_wheel else f"{name}, {_rank_name(top)} high"
    if category == QUADS:
        return f"four of a kind, {_rank_plural(top)}"
    if category == FULL_HOUSE:
        return f"full house, {_rank_plural(top)} over {_rank_plural(ranks[3])}"
    if category == FLUSH:
        return f"flush, {_rank_name(top)} high"
    if category == TRIPS:
        return f"three of a kind, {_rank_plural(top)}"
    if category == TWO_PAIR:
        return f"two pair, {_rank_plural(top)} and {_rank_plural(ranks[2])}"
    if category == ONE_PAIR:
        return f"pair of {_rank_plural(top)}"
    assert category == HIGH_CARD
    return f"{_rank_name(top)} high"


def describe_low(value: HandValue) -> str:
    """A two-card hand as a dealer says it: "pair of kings", "ace-queen"."""
    high = (value.strength >> 16) & 15
    if value.rank is HandRank.ONE_PAIR:
        return f"pair of {_rank_plural(high)}"
    return f"{_rank_name(high)}-{_rank_name((value.strength >> 12) & 15)}"


class SplitCheck(Struct, frozen=True):
    """Whether a player's split is legal, and why, in words a trainee can act on."""

    legal: bool
    reason: str
    high: HandValue | None = None
    low: HandValue | None = None


def check_split(
    high: Sequence[Card],
    low: Sequence[Card],
    rules: PaiGowRules = DEFAULT_RULES,
    *,
    dealt: Sequence[Card] | None = None,
) -> SplitCheck:
    """Is this a correctly set pai gow hand: five cards high, two low, the high hand higher?

    A hand not set correctly loses, § 645a.11(f)(1)(iv) (seed); that the five-card hand must
    outrank the two-card hand is [STANDARD] unverified (pai-gow.md § 5). The two-card hand is
    compared as a poker hand whose missing cards count for nothing, so a low pair fouls a high
    hand with no pair or a lower pair (K-K low with Q-Q-x-x-x high), and two single cards foul a
    no-pair high hand whose top two cards are lower (A-Q low with K-J-9-5-3 high). When the low hand
    matches the high hand's top cards (K-K low, K-K-9-5-3 high, possible only with four kings)
    the high hand's extra cards make it the higher hand, so the split is legal; this also agrees
    with Face Up Pai Gow's "equal to or higher" (pai-gow.md § 5, [ANALOG] § 688a.1).

    ``dealt``, when given, must be exactly the seven cards split.
    """
    if len(high) != 5 or len(low) != 2:
        return SplitCheck(
            False,
            "the five-card hand needs five cards and the two-card hand two; "
            f"this split has {len(high)} and {len(low)}",
        )
    every = (*high, *low)
    if len(set(every)) != 7:
        twice = sorted({card for card in every if every.count(card) > 1})
        return SplitCheck(False, f"{format_cards(twice)} is used twice")
    if dealt is not None and sorted(every) != sorted(dealt):
        extra = sorted(set(every) - set(dealt))
        absent = sorted(set(dealt) - set(every))
        parts = []
        if extra:
            parts.append(f"{format_cards(extra)} was not dealt to this hand")
        if absent:
            parts.append(f"{format_cards(absent)} is missing")
        return SplitCheck(False, "the split must use the seven cards dealt: " + "; ".join(parts))
    high_value = evaluate_high(high, rules)
    low_value = evaluate_low(low)
    high_text = describe_high(high_value, rules)
    low_text = describe_low(low_value)
    if high_value.strength > low_value.strength:
        reason = f"the five-card hand ({high_text}) outranks the two-card hand ({low_text})"
        return SplitCheck(True, reason, high_value, low_value)
    reason = f"the two-card hand ({low_text}) outranks the five-card hand ({high_text})"
    return SplitCheck(False, reason, high_value, low_value)
