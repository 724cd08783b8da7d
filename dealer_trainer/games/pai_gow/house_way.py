"""The pai gow house way as data: a casino's fixed rules for setting the dealer's seven cards.

The dealer does not choose how to set the hand; the casino does, once, in its house way, and
the trainee must set the dealer's hand exactly that way. House ways differ between casinos
(mostly in the two-pair, four-of-a-kind and straight rules), so each is a TOML file of ordered
rules read by ``load_house_way``, and a new casino is a new file, never new code
(docs/house-way.md describes the format).

Where the rule comes from: the seed defines "setting the hands" as forming a high hand and a
low hand from the seven cards (§ 645a.1, seed 000) and speaks of the hands "of the dealer or
the bank" having been set (§ 645a.11(d), seed 000), but the paragraphs on how the dealer sets
them (§ 645a.11(a)-(c), (e)) are not in the seed. That the dealer follows a fixed house way is
[STANDARD] unverified (pai-gow.md § 5; tile Pai Gow tells a player how the house requires the
dealer's hand to be set, [ANALOG] § 621a.8(b)). The house way itself is never in the
regulation: the shipped files are [STANDARD] common practice.

How a file is read:

- The seven cards are first described by their pattern (``HandPattern``: no pair, two pair,
  full house with an extra pair, ...), counting the joker as an ace, because the joker pairs
  nothing but aces. Whether they hold a straight, flush or straight flush is looked at
  separately, with the joker completing one as the file's ``joker`` setting says.
- Rules are tried in order; the first whose conditions hold *and* whose action can be carried
  out sets the hand. An action that cannot be carried out (no straight to keep with a pair low,
  or a result that would foul) passes the hand to the next rule, which is how a house way says
  "play the straight if ..., otherwise ...".
- Every pattern needs a catch-all: a rule naming it (or "any hand") with no other condition and
  an action that can always set it. The loader proves this, so ``set_hand`` never runs out of
  rules, and it refuses rules that can never apply.
- An action names what goes in the two-card hand; the other five cards are the high hand. When
  cards of one rank are interchangeable, the choice giving the stronger high hand is taken (it
  matters when one choice keeps a flush or lets the joker complete a straight); if that ties,
  the joker stays in the high hand and the low hand takes the lower suits (clubs, diamonds,
  hearts, spades), so the answer is unique.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, cached_property
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Annotated, Any, NamedTuple

from msgspec import Meta, Struct

from dealer_trainer.cards import JOKER, Card, Rank, format_cards
from dealer_trainer.hands.five_card import (
    CATEGORY_SHIFT,
    FLUSH,
    FULL_HOUSE,
    ONE_PAIR,
    QUADS,
    ROYAL,
    STRAIGHT,
    STRAIGHT_FLUSH,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.pai_gow import (
    ACE,
    base_category,
    describe_high,
    describe_low,
    evaluate_low,
    hand_rank,
    high_strength,
)
from dealer_trainer.hands.pai_gow_rules import DEFAULT_RULES, PaiGowRules
from dealer_trainer.hands.split import Split
from dealer_trainer.rules.datafile import Invalid, Parse, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.rules.provenance import Provenance
from dealer_trainer.vocabulary import Vocabulary

__all__ = [
    "REAL_PATTERNS",
    "STRAIGHT_LIKE",
    "STRAIGHT_PATTERNS",
    "HandPattern",
    "HouseWay",
    "HouseWayAction",
    "HouseWayError",
    "HouseWayRule",
    "HouseWaySplit",
    "JokerUse",
    "LowFloor",
    "RankRange",
    "example_second_casino_house_way",
    "load_house_way",
    "set_hand",
    "shipped_house_way",
    "shipped_house_way_names",
    "standard_house_way",
]

# Base categories (five_card.py numbering) a "straight or flush" rule accepts in the high hand.
STRAIGHT_LIKE = frozenset({STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL})
_STRAIGHT_NAMES = {
    STRAIGHT: "a straight",
    FLUSH: "a flush",
    STRAIGHT_FLUSH: "a straight flush",
    ROYAL: "a royal flush",
}


class HouseWayError(DataFileError):
    """A house-way file that cannot be used: the message names the file and the field."""


# --- vocabulary -------------------------------------------------------------------------------


class HandPattern(Vocabulary, noun="a hand pattern"):
    """What the seven cards hold, the joker counted as an ace.

    Each pattern is exact (a "four of a kind" hand has no pair or second set beside it) so a
    rule for one never catches another by surprise; a rule lists several when it means them.
    """

    ANY = "any hand"
    NO_PAIR = "no pair"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_PAIR = "three pair"
    THREE_OF_A_KIND = "three of a kind"
    TWO_THREE_OF_A_KINDS = "two three of a kinds"
    FULL_HOUSE = "full house"
    FULL_HOUSE_WITH_PAIR = "full house with an extra pair"
    FOUR_OF_A_KIND = "four of a kind"
    FOUR_OF_A_KIND_WITH_PAIR = "four of a kind with a pair"
    FOUR_OF_A_KIND_WITH_THREE = "four of a kind with three of a kind"
    FIVE_ACES = "five aces"
    FIVE_ACES_WITH_PAIR = "five aces with a pair"


class _Shape(Struct, frozen=True):
    """How many groups of each size a pattern has: what its conditions can talk about."""

    quads: int
    trips: int
    pairs: int
    singles: int
    five_aces: bool = False


_SHAPES: dict[HandPattern, _Shape] = {
    HandPattern.NO_PAIR: _Shape(0, 0, 0, 7),
    HandPattern.ONE_PAIR: _Shape(0, 0, 1, 5),
    HandPattern.TWO_PAIR: _Shape(0, 0, 2, 3),
    HandPattern.THREE_PAIR: _Shape(0, 0, 3, 1),
    HandPattern.THREE_OF_A_KIND: _Shape(0, 1, 0, 4),
    HandPattern.TWO_THREE_OF_A_KINDS: _Shape(0, 2, 0, 1),
    HandPattern.FULL_HOUSE: _Shape(0, 1, 1, 2),
    HandPattern.FULL_HOUSE_WITH_PAIR: _Shape(0, 1, 2, 0),
    HandPattern.FOUR_OF_A_KIND: _Shape(1, 0, 0, 3),
    HandPattern.FOUR_OF_A_KIND_WITH_PAIR: _Shape(1, 0, 1, 1),
    HandPattern.FOUR_OF_A_KIND_WITH_THREE: _Shape(1, 1, 0, 0),
    HandPattern.FIVE_ACES: _Shape(0, 0, 0, 2, True),
    HandPattern.FIVE_ACES_WITH_PAIR: _Shape(0, 0, 1, 0, True),
}
REAL_PATTERNS: tuple[HandPattern, ...] = tuple(_SHAPES)

# Seven cards can hold a straight or flush only beside these patterns. Three pair, a full house
# and four of a kind leave four natural ranks at most, so they hold one only when the joker
# counted in an ace group completes the straight or flush as another card (A-Jk 4-4 3-3 2 holds
# A-2-3-4-5); two three of a kinds, a full house with an extra pair, four of a kind with a pair
# or a set, and five aces never do.
STRAIGHT_PATTERNS = frozenset(
    {
        HandPattern.NO_PAIR,
        HandPattern.ONE_PAIR,
        HandPattern.TWO_PAIR,
        HandPattern.THREE_PAIR,
        HandPattern.THREE_OF_A_KIND,
        HandPattern.FULL_HOUSE,
        HandPattern.FOUR_OF_A_KIND,
    }
)


def _patterns_with(test: Callable[[_Shape], bool]) -> frozenset[HandPattern]:
    return frozenset(pattern for pattern, shape in _SHAPES.items() if test(shape))


class HouseWayAction(Vocabulary, noun="a house-way action"):
    """What goes in the two-card hand; the other five cards are the high hand.

    The names (``lower pair low``, ``split quads``) are accepted as well as the values.
    """

    HIGH_CARD_SPLIT = "highest card high, next two low"
    SINGLETONS_LOW = "two highest singletons low"
    LOWER_PAIR_LOW = "split the pairs, lower pair low"
    HIGHEST_PAIR_LOW = "highest pair low"
    PAIR_FROM_TRIPS_LOW = "pair from the highest three of a kind low"
    SPLIT_TRIPS = "split the three of a kind, one card low with the highest singleton"
    SPLIT_QUADS = "split the four of a kind, pair low"
    SPLIT_FIVE_ACES = "split the five aces, pair of aces low"
    STRAIGHT_OR_FLUSH_BEST_LOW = "straight or flush high, best low"
    STRAIGHT_OR_FLUSH_PAIR_LOW = "straight or flush high, pair low"
    STRONGEST_HIGH = "strongest five-card hand high"

    @property
    def possible(self) -> frozenset[HandPattern]:
        """Patterns this action can ever set (a rule for none of them is a mistake)."""
        return _ACTION_PATTERNS[self][0]

    @property
    def total(self) -> frozenset[HandPattern]:
        """Patterns this action always sets legally: what it can be a catch-all for."""
        return _ACTION_PATTERNS[self][1]


def _pair(
    possible: frozenset[HandPattern], total: frozenset[HandPattern] | None = None
) -> tuple[frozenset[HandPattern], frozenset[HandPattern]]:
    return possible, possible if total is None else total


_ALWAYS_HIGHER_THAN_A_PAIR = _patterns_with(
    lambda s: s.pairs >= 1 and (s.pairs >= 3 or s.trips >= 1 or s.quads >= 1 or s.five_aces)
)
_ACTION_PATTERNS: dict[HouseWayAction, tuple[frozenset[HandPattern], frozenset[HandPattern]]] = {
    HouseWayAction.HIGH_CARD_SPLIT: _pair(frozenset({HandPattern.NO_PAIR})),
    HouseWayAction.SINGLETONS_LOW: _pair(
        _patterns_with(lambda s: s.singles >= 2 and s.singles < 7)
    ),
    HouseWayAction.LOWER_PAIR_LOW: _pair(_patterns_with(lambda s: s.pairs >= 2)),
    HouseWayAction.HIGHEST_PAIR_LOW: _pair(
        _ALWAYS_HIGHER_THAN_A_PAIR | {HandPattern.ONE_PAIR}, _ALWAYS_HIGHER_THAN_A_PAIR
    ),
    HouseWayAction.PAIR_FROM_TRIPS_LOW: _pair(
        _patterns_with(lambda s: s.trips >= 1),
        frozenset(
            {
                HandPattern.TWO_THREE_OF_A_KINDS,
                HandPattern.FULL_HOUSE_WITH_PAIR,
                HandPattern.FOUR_OF_A_KIND_WITH_THREE,
            }
        ),
    ),
    HouseWayAction.SPLIT_TRIPS: _pair(_patterns_with(lambda s: s.trips >= 1 and s.singles >= 1)),
    HouseWayAction.SPLIT_QUADS: _pair(_patterns_with(lambda s: s.quads >= 1)),
    HouseWayAction.SPLIT_FIVE_ACES: _pair(_patterns_with(lambda s: s.five_aces)),
    HouseWayAction.STRAIGHT_OR_FLUSH_BEST_LOW: _pair(STRAIGHT_PATTERNS, frozenset()),
    HouseWayAction.STRAIGHT_OR_FLUSH_PAIR_LOW: _pair(STRAIGHT_PATTERNS, frozenset()),
    HouseWayAction.STRONGEST_HIGH: _pair(frozenset(REAL_PATTERNS)),
}


class JokerUse(Vocabulary, noun="a joker treatment"):
    """How the house way uses the joker when it looks for a straight or flush.

    Either way the joker pairs only aces, and the high hand is ranked by the game's joker rule
    (pai_gow.py); this only decides whether the house way *plays for* a straight or flush that
    needs the joker as something other than an ace.
    """

    STRAIGHT_FLUSH_OR_ACE = "completes a straight or flush, otherwise an ace"
    ALWAYS_ACE = "always an ace"


_RANK_TOKENS = {rank.value.lower(): rank.index for rank in Rank} | {"10": Rank.TEN.index}


def _rank_token(token: str) -> int | None:
    return _RANK_TOKENS.get(token.strip().lower())


_SINGULARS = tuple(Rank.from_index(rank).label.lower() for rank in range(13))
_PLURALS = tuple(Rank.from_index(rank).plural for rank in range(13))


def _singular(rank: int) -> str:
    return _SINGULARS[rank]


def _plural(rank: int) -> str:
    return _PLURALS[rank]


def _article(rank: int) -> str:
    return "an" if rank in (ACE, Rank.EIGHT.index) else "a"


class RankRange(Struct, frozen=True):
    """Ranks from ``low`` to ``high`` (indices, 0 = deuce ... 12 = ace), written "2-6" or "A"."""

    low: int
    high: int

    @classmethod
    def parse(cls, text: str) -> RankRange:
        parts = re.split(r"\s*(?:-|–|—|\bto\b)\s*", text.strip(), flags=re.IGNORECASE)
        ranks = [_rank_token(part) for part in parts]
        if len(parts) not in (1, 2) or any(rank is None for rank in ranks):
            raise ValueError(
                f"{text!r} is not a rank range; write one rank ('A') or two joined by a dash, "
                "lower first ('2-6', '7-10', 'J-K'), ranks 2-10, J, Q, K, A"
            )
        low, high = ranks[0], ranks[-1]
        assert low is not None and high is not None
        if low > high:
            raise ValueError(f"{text!r} runs downwards; write the lower rank first")
        return cls(low, high)

    def __contains__(self, rank: int) -> bool:
        return self.low <= rank <= self.high

    @property
    def single(self) -> bool:
        return self.low == self.high

    def plural(self) -> str:
        """ "aces", "twos to sixes", "jacks or better"."""
        if self.single:
            return _plural(self.low)
        if self.high == ACE:
            return f"{_plural(self.low)} or better"
        return f"{_plural(self.low)} to {_plural(self.high)}"

    def singular(self) -> str:
        """ "ace", "seven to ten", "king or ace"."""
        if self.single:
            return _singular(self.low)
        if self.high == ACE:
            return "king or ace" if self.low == ACE - 1 else f"{_singular(self.low)} or better"
        return f"{_singular(self.low)} to {_singular(self.high)}"

    def __str__(self) -> str:
        def name(rank: int) -> str:
            return "10" if rank == Rank.TEN.index else Rank.from_index(rank).value

        return name(self.low) if self.single else f"{name(self.low)}-{name(self.high)}"


def _low_value(first: int, second: int) -> int:
    """A two-card hand's strength from its ranks, packed as ``evaluate_low`` packs it."""
    if first == second:
        return (ONE_PAIR << CATEGORY_SHIFT) | (first << 16)
    high, low = (first, second) if first > second else (second, first)
    return (high << 16) | (low << 12)


class LowFloor(Struct, frozen=True):
    """The weakest two-card hand a rule accepts ("A-Q", "A", "pair", "9-9"), as a strength."""

    text: str
    strength: int

    @classmethod
    def parse(cls, text: str) -> LowFloor:
        key = " ".join(text.strip().lower().split())
        if key in ("pair", "a pair", "any pair"):
            return cls("a pair", _low_value(0, 0))
        parts = re.split(r"\s*-\s*", key.removesuffix(" high").strip())
        ranks = [_rank_token(part) for part in parts]
        if len(parts) not in (1, 2) or any(rank is None for rank in ranks):
            raise ValueError(
                f"{text!r} is not a two-card hand; write 'pair', a pair such as '9-9', two "
                "ranks such as 'A-Q', or one rank for that card high ('K')"
            )
        first, second = ranks[0], ranks[-1]
        assert first is not None and second is not None
        if len(parts) == 1:
            return cls(f"{_singular(first)} high", first << 16)
        if first == second:
            return cls(f"a pair of {_plural(first)}", _low_value(first, first))
        high, low = max(first, second), min(first, second)
        return cls(f"{_singular(high)}-{_singular(low)}", _low_value(high, low))


# --- loaded house way -------------------------------------------------------------------------


class HouseWayRule(Struct, frozen=True):
    """One rule: conditions on the seven cards, and what goes low when they hold.

    ``index`` is the rule's position in the file (``rules[index]``); ``number`` (index + 1) is
    how a trainee and the house-way card refer to it.
    """

    index: int
    patterns: frozenset[HandPattern]
    action: HouseWayAction
    description: str
    straight_or_flush: bool | None = None
    quads: RankRange | None = None
    trips: RankRange | None = None
    high_pair: RankRange | None = None
    low_pair: RankRange | None = None
    highest_singleton: RankRange | None = None
    second_singleton: RankRange | None = None
    low_at_least: LowFloor | None = None
    note: str = ""

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def unconditional(self) -> bool:
        """No condition beyond the pattern: a catch-all for the patterns its action covers."""
        return all(
            value is None
            for value in (
                self.straight_or_flush,
                self.quads,
                self.trips,
                self.high_pair,
                self.low_pair,
                self.highest_singleton,
                self.second_singleton,
                self.low_at_least,
            )
        )

    def __str__(self) -> str:
        return f"rule {self.number}: {self.description}"


class HouseWay(Struct, frozen=True, dict=True):
    """A casino's house way as loaded from its file."""

    name: str
    description: str
    source: str
    provenance: Provenance
    joker: JokerUse
    rules: tuple[HouseWayRule, ...]
    file: str = ""

    @cached_property
    def by_pattern(self) -> dict[HandPattern, tuple[HouseWayRule, ...]]:
        """set_hand runs for every dealer hand: only the rules for the hand's pattern are
        tried."""
        return {
            pattern: tuple(rule for rule in self.rules if pattern in rule.patterns)
            for pattern in REAL_PATTERNS
        }

    def set_hand(self, cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> HouseWaySplit:
        return set_hand(cards, self, rules)


class HouseWaySplit(Struct, frozen=True, dict=True):
    """The dealer's hand set by the house way, the rule that set it, and why in words.

    ``reading`` is how a dealer reads the seven cards before setting them ("Two pair, aces and
    sixes, with a king singleton"). The full ``explanation`` is worked out only when asked for,
    because the scenario generator sets many hands nobody reads.
    """

    split: Split
    rule: HouseWayRule
    reading: str
    rules: PaiGowRules = DEFAULT_RULES
    """The evaluator's settings the explanation reads; not part of what the split is."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HouseWaySplit):
            return NotImplemented
        return (self.split, self.rule, self.reading) == (other.split, other.rule, other.reading)

    def __hash__(self) -> int:
        return hash((self.split, self.rule, self.reading))

    @cached_property
    def explanation(self) -> str:
        """What a trainee reads: the hand, the action, the two hands, and the rule number."""
        strength = high_strength(self.split.high, self.rules)
        high = HandValue(hand_rank(strength, self.rules), self.split.high, strength)
        return (
            f"{self.reading}: {self.rule.action.value} — "
            f"high hand {describe_high(high, self.rules)}; "
            f"low hand {describe_low(evaluate_low(self.split.low))} "
            f"(house way rule {self.rule.number})"
        )

    @property
    def rule_index(self) -> int:
        return self.rule.index

    @property
    def rule_number(self) -> int:
        return self.rule.number

    @property
    def rule_description(self) -> str:
        return self.rule.description

    def matches(self, other: Split, rules: PaiGowRules = DEFAULT_RULES) -> bool:
        """Whether ``other`` sets the hand the same way: equal high and equal low hands.

        Interchangeable cards (which of three aces goes low) do not change the setting, so a
        grader should accept any split this says matches.
        """
        if len(other.high) != 5 or len(other.low) != 2:
            return False
        if sorted(other.cards) != sorted(self.split.cards):
            return False
        return evaluate_low(other.low).strength == evaluate_low(self.split.low).strength and (
            high_strength(other.high, rules) == high_strength(self.split.high, rules)
        )


# --- the seven cards --------------------------------------------------------------------------


def _rank_of(card: Card) -> int:
    return ACE if card == JOKER else card >> 2


class _Hand(NamedTuple):
    """The seven cards grouped by rank, the joker counted as an ace, best groups first.

    ``groups[rank]`` lists the cards of that rank by suit, the joker last. A named tuple, not
    a record class, because one is built for every hand set.
    """

    cards: tuple[Card, ...]
    groups: list[list[Card]]
    pattern: HandPattern
    quads: tuple[int, ...]
    trips: tuple[int, ...]
    pairs: tuple[int, ...]
    singles: tuple[int, ...]
    straight: int  # the base category of the best straight or flush, or -1


def _straight_like(cards: Sequence[Card], joker: JokerUse, rules: PaiGowRules) -> int:
    """The base category of the best straight or flush among ``cards`` (5 or 7), or -1.

    With ``JokerUse.ALWAYS_ACE`` the joker is tried as each ace the hand lacks, so only a
    straight or flush it makes as an ace counts.
    """
    if joker is JokerUse.ALWAYS_ACE and JOKER in cards:
        naturals = [card for card in cards if card != JOKER]
        aces = [Card(ACE * 4 + suit) for suit in range(4) if Card(ACE * 4 + suit) not in naturals]
        if not aces:
            return -1
        found = [
            _straight_like([*naturals, ace], JokerUse.STRAIGHT_FLUSH_OR_ACE, rules) for ace in aces
        ]
        return max(found)
    category = base_category(high_strength(cards, rules), rules)
    if category in STRAIGHT_LIKE:
        return category
    if category in (FULL_HOUSE, QUADS) and len(cards) == 7 and JOKER in cards:
        # the joker made the full house or four of a kind as an ace; as another card it may
        # still complete a straight or flush, which the best-hand evaluation does not show
        fives = (
            base_category(high_strength(five, rules), rules) for five in combinations(cards, 5)
        )
        return max((found for found in fives if found in STRAIGHT_LIKE), default=-1)
    return -1


def _analyse(cards: Sequence[Card], joker: JokerUse, rules: PaiGowRules) -> _Hand:
    if len(cards) != 7:
        raise ValueError(f"the house way sets seven cards, not {len(cards)}")
    if len(set(cards)) != 7:
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(cards)}")
    groups: list[list[Card]] = [[] for _ in range(13)]
    for card in sorted(cards):  # lower suits first; the joker (52) last
        groups[ACE if card == JOKER else card >> 2].append(card)
    sizes: list[list[int]] = [[], [], [], [], [], []]
    for rank in range(12, -1, -1):
        sizes[len(groups[rank])].append(rank)
    quads, trips, pairs, singles = sizes[4], sizes[3], sizes[2], sizes[1]
    if sizes[5]:
        pattern = HandPattern.FIVE_ACES_WITH_PAIR if pairs else HandPattern.FIVE_ACES
    elif quads:
        pattern = (
            HandPattern.FOUR_OF_A_KIND_WITH_THREE
            if trips
            else HandPattern.FOUR_OF_A_KIND_WITH_PAIR
            if pairs
            else HandPattern.FOUR_OF_A_KIND
        )
    elif len(trips) == 2:
        pattern = HandPattern.TWO_THREE_OF_A_KINDS
    elif trips:
        pattern = (
            HandPattern.FULL_HOUSE_WITH_PAIR
            if len(pairs) == 2
            else HandPattern.FULL_HOUSE
            if pairs
            else HandPattern.THREE_OF_A_KIND
        )
    else:
        pattern = (
            HandPattern.NO_PAIR,
            HandPattern.ONE_PAIR,
            HandPattern.TWO_PAIR,
            HandPattern.THREE_PAIR,
        )[len(pairs)]
    straight = _straight_like(cards, joker, rules) if pattern in STRAIGHT_PATTERNS else -1
    return _Hand(
        tuple(cards),
        groups,
        pattern,
        tuple(quads),
        tuple(trips),
        tuple(pairs),
        tuple(singles),
        straight,
    )


def _holds(wanted: RankRange | None, ranks: Sequence[int], position: int = 0) -> bool:
    """No condition, or the rank at ``position`` (the best first) exists and is in range."""
    return wanted is None or (len(ranks) > position and ranks[position] in wanted)


def _matches(rule: HouseWayRule, hand: _Hand) -> bool:
    """The rule's conditions beyond the pattern (``HouseWay.by_pattern`` has checked that)."""
    if rule.straight_or_flush is not None and rule.straight_or_flush != (hand.straight >= 0):
        return False
    lower_pair = hand.pairs[-1:] if len(hand.pairs) >= 2 else ()
    return (
        _holds(rule.quads, hand.quads)
        and _holds(rule.trips, hand.trips)
        and _holds(rule.high_pair, hand.pairs)
        and _holds(rule.low_pair, lower_pair)
        and _holds(rule.highest_singleton, hand.singles)
        and _holds(rule.second_singleton, hand.singles, 1)
    )


# --- actions ----------------------------------------------------------------------------------


class _Choice(NamedTuple):
    low: tuple[Card, Card]
    high: tuple[Card, ...]
    high_strength: int
    low_strength: int


def _rest(cards: Sequence[Card], low: Sequence[Card]) -> tuple[Card, ...]:
    return tuple([card for card in cards if card not in low])


def _best_of(hand: _Hand, lows: Iterable[tuple[Card, Card]], rules: PaiGowRules) -> _Choice | None:
    """The legal choice with the strongest high hand; the first listed wins ties."""
    best: _Choice | None = None
    for low in lows:
        high = _rest(hand.cards, low)
        strength = high_strength(high, rules)
        if best is None or strength > best.high_strength:
            best = _Choice(low, high, strength, _low_value(_rank_of(low[0]), _rank_of(low[1])))
    if best is None or best.high_strength <= best.low_strength:
        return None
    return best


def _straight_choice(
    hand: _Hand, pair_low: bool, joker: JokerUse, rules: PaiGowRules
) -> _Choice | None:
    """The straight or flush (or better) in the high hand with the best low hand beside it.

    Low hands are tried best first, so the search stops at the first low hand that leaves a
    straight or flush (looking on only among equal low hands, for the strongest high hand).
    """
    if hand.straight < 0:
        return None
    lows = [
        (_low_value(_rank_of(low[0]), _rank_of(low[1])), low)
        for low in combinations(sorted(hand.cards), 2)
        if not pair_low or _rank_of(low[0]) == _rank_of(low[1])
    ]
    lows.sort(key=lambda item: item[0], reverse=True)  # stable: card order breaks ties
    best: _Choice | None = None
    for low_strength, low in lows:
        if best is not None and low_strength < best.low_strength:
            break
        high = _rest(hand.cards, low)
        strength = high_strength(high, rules)
        if base_category(strength, rules) not in STRAIGHT_LIKE:
            continue
        if (
            joker is JokerUse.ALWAYS_ACE
            and JOKER in high
            and _straight_like(high, joker, rules) < 0
        ):
            continue
        if best is None or strength > best.high_strength:
            best = _Choice(low, high, strength, low_strength)
    return best


def _strongest_high(hand: _Hand, rules: PaiGowRules) -> _Choice | None:
    best: _Choice | None = None
    for low in combinations(sorted(hand.cards), 2):
        high = _rest(hand.cards, low)
        choice = _Choice(
            low, high, high_strength(high, rules), _low_value(_rank_of(low[0]), _rank_of(low[1]))
        )
        if best is None or (choice.high_strength, choice.low_strength) > (
            best.high_strength,
            best.low_strength,
        ):
            best = choice
    return best


def _carry_out(
    action: HouseWayAction, hand: _Hand, joker: JokerUse, rules: PaiGowRules
) -> _Choice | None:
    """The split ``action`` makes of ``hand``, or None when it cannot make a legal one."""
    groups = hand.groups
    if action is HouseWayAction.HIGH_CARD_SPLIT:
        if hand.pattern is not HandPattern.NO_PAIR:
            return None
        return _best_of(hand, [(groups[hand.singles[1]][0], groups[hand.singles[2]][0])], rules)
    if action is HouseWayAction.SINGLETONS_LOW:
        if len(hand.singles) < 2 or hand.pattern is HandPattern.NO_PAIR:
            return None
        return _best_of(hand, [(groups[hand.singles[0]][0], groups[hand.singles[1]][0])], rules)
    if action is HouseWayAction.LOWER_PAIR_LOW:
        if len(hand.pairs) < 2:
            return None
        pair = groups[hand.pairs[-1]]
        return _best_of(hand, [(pair[0], pair[1])], rules)
    if action is HouseWayAction.HIGHEST_PAIR_LOW:
        if not hand.pairs:
            return None
        pair = groups[hand.pairs[0]]
        return _best_of(hand, [(pair[0], pair[1])], rules)
    if action is HouseWayAction.PAIR_FROM_TRIPS_LOW:
        if not hand.trips:
            return None
        return _best_of(hand, combinations(groups[hand.trips[0]], 2), rules)
    if action is HouseWayAction.SPLIT_TRIPS:
        if not hand.trips or not hand.singles:
            return None
        single = groups[hand.singles[0]][0]
        return _best_of(hand, [(card, single) for card in groups[hand.trips[0]]], rules)
    if action is HouseWayAction.SPLIT_QUADS:
        if not hand.quads:
            return None
        return _best_of(hand, combinations(groups[hand.quads[0]], 2), rules)
    if action is HouseWayAction.SPLIT_FIVE_ACES:
        if hand.pattern not in (HandPattern.FIVE_ACES, HandPattern.FIVE_ACES_WITH_PAIR):
            return None
        return _best_of(hand, combinations(groups[ACE], 2), rules)
    if action is HouseWayAction.STRAIGHT_OR_FLUSH_BEST_LOW:
        return _straight_choice(hand, False, joker, rules)
    if action is HouseWayAction.STRAIGHT_OR_FLUSH_PAIR_LOW:
        return _straight_choice(hand, True, joker, rules)
    assert action is HouseWayAction.STRONGEST_HIGH
    return _strongest_high(hand, rules)


# --- setting a hand ---------------------------------------------------------------------------


def _display_order(card: Card) -> float:
    """Rank, then suit; the joker just below the natural aces."""
    return ACE * 4 - 0.5 if card == JOKER else int(card)


def _joker_alone(hand: _Hand, rank: int) -> bool:
    """Whether the only "ace" of this rank group is the joker."""
    return rank == ACE and hand.groups[ACE] == [JOKER]


def _singleton_text(hand: _Hand, rank: int) -> str:
    if _joker_alone(hand, rank):
        return "the joker as an ace"
    return f"{_article(rank)} {_singular(rank)}"


def _names(ranks: Sequence[int]) -> str:
    words = [_plural(rank) for rank in ranks]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _hand_text(hand: _Hand) -> str:
    """The seven cards as a dealer reads them before setting: "Two pair, aces and sixes"."""
    pattern, singles = hand.pattern, hand.singles
    if pattern is HandPattern.NO_PAIR:
        top = "the joker (an ace)" if _joker_alone(hand, singles[0]) else _singular(singles[0])
        text = f"No pair, {top} high"
    elif pattern is HandPattern.ONE_PAIR:
        text = f"One pair, {_plural(hand.pairs[0])}"
    elif pattern in (HandPattern.TWO_PAIR, HandPattern.THREE_PAIR):
        word = "Two" if pattern is HandPattern.TWO_PAIR else "Three"
        text = f"{word} pair, {_names(hand.pairs)}"
    elif pattern is HandPattern.THREE_OF_A_KIND:
        text = f"Three of a kind, {_plural(hand.trips[0])}"
    elif pattern is HandPattern.TWO_THREE_OF_A_KINDS:
        text = f"Two three of a kinds, {_names(hand.trips)}"
    elif pattern is HandPattern.FULL_HOUSE:
        text = f"Full house, {_plural(hand.trips[0])} over {_plural(hand.pairs[0])}"
    elif pattern is HandPattern.FULL_HOUSE_WITH_PAIR:
        text = (
            f"Full house, {_plural(hand.trips[0])} over {_plural(hand.pairs[0])}, "
            f"and a pair of {_plural(hand.pairs[1])}"
        )
    elif pattern is HandPattern.FOUR_OF_A_KIND:
        text = f"Four of a kind, {_plural(hand.quads[0])}"
    elif pattern is HandPattern.FOUR_OF_A_KIND_WITH_PAIR:
        text = f"Four of a kind, {_plural(hand.quads[0])}, and a pair of {_plural(hand.pairs[0])}"
    elif pattern is HandPattern.FOUR_OF_A_KIND_WITH_THREE:
        text = f"Four {_plural(hand.quads[0])} and three {_plural(hand.trips[0])}"
    elif pattern is HandPattern.FIVE_ACES:
        text = "Five aces"
    else:
        text = f"Five aces and a pair of {_plural(hand.pairs[0])}"
    if pattern in (HandPattern.TWO_PAIR, HandPattern.FOUR_OF_A_KIND):
        text += f", with {_singleton_text(hand, singles[0])} singleton"
    elif pattern is HandPattern.FULL_HOUSE:
        first, second = (_singleton_text(hand, rank) for rank in singles[:2])
        text += f", with {first} and {second} singleton"
    if hand.straight >= 0:
        text += f", holding {_STRAIGHT_NAMES[hand.straight]}"
    return text


def set_hand(
    cards: Sequence[Card], house_way: HouseWay, rules: PaiGowRules = DEFAULT_RULES
) -> HouseWaySplit:
    """Set seven cards the way ``house_way`` requires the dealer to set them.

    The first rule whose conditions hold and whose action gives a legal split sets the hand;
    the loader has proved that some rule always does.
    """
    hand = _analyse(cards, house_way.joker, rules)
    for rule in house_way.by_pattern[hand.pattern]:
        if not _matches(rule, hand):
            continue
        choice = _carry_out(rule.action, hand, house_way.joker, rules)
        if choice is None:
            continue
        if rule.low_at_least is not None and choice.low_strength < rule.low_at_least.strength:
            continue
        high = tuple(sorted(choice.high, key=_display_order, reverse=True))
        low = tuple(sorted(choice.low, key=_display_order, reverse=True))
        return HouseWaySplit(Split(high, low), rule, _hand_text(hand), rules)
    raise RuntimeError(  # the loader's catch-all check makes this unreachable
        f"no rule of {house_way.name!r} sets {format_cards(cards)}"
    )


# --- the file ---------------------------------------------------------------------------------


def _text_field(parse: Callable[[str], Any]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"expected text, not {type(value).__name__}")
        return parse(value)

    return check


def _patterns(value: Any) -> tuple[HandPattern, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise ValueError("a hand pattern such as 'two pair', or a non-empty list of them")
    return tuple(HandPattern.from_text(item) for item in items)


RangeField = Annotated[RankRange, Parse(_text_field(RankRange.parse))]


class _RuleSpec(Record, frozen=True, kw_only=True):
    """One ``[[rules]]`` table as written in a house-way file."""

    hand: Annotated[tuple[HandPattern, ...], Parse(_patterns)]
    action: Annotated[HouseWayAction, Parse(_text_field(HouseWayAction.from_text))]
    straight_or_flush: bool | None = None
    quads: RangeField | None = None
    trips: RangeField | None = None
    high_pair: RangeField | None = None
    low_pair: RangeField | None = None
    highest_singleton: RangeField | None = None
    second_singleton: RangeField | None = None
    low_at_least: Annotated[LowFloor, Parse(_text_field(LowFloor.parse))] | None = None
    description: str = ""
    note: str = ""


class _HouseWayFile(Record, frozen=True, kw_only=True):
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    source: Annotated[str, Meta(min_length=1)]
    provenance: Annotated[Provenance, Parse(_text_field(Provenance.from_text))] = (
        Provenance.STANDARD
    )
    joker: Annotated[JokerUse, Parse(_text_field(JokerUse.from_text))] = (
        JokerUse.STRAIGHT_FLUSH_OR_ACE
    )
    rules: Annotated[tuple[_RuleSpec, ...], Meta(min_length=1)]


def _expand(patterns: Iterable[HandPattern]) -> frozenset[HandPattern]:
    wanted = set(patterns)
    if HandPattern.ANY in wanted:
        return frozenset(REAL_PATTERNS)
    return frozenset(wanted)


def _pattern_list(patterns: Iterable[HandPattern]) -> str:
    return ", ".join(repr(p.value) for p in REAL_PATTERNS if p in set(patterns))


# Which patterns have what each condition looks at; a condition none of the rule's patterns
# has can never hold, which is a mistake in the file rather than a rule.
_CONDITION_PATTERNS: dict[str, tuple[frozenset[HandPattern], str]] = {
    "straight_or_flush": (STRAIGHT_PATTERNS, "straight or flush"),
    "quads": (_patterns_with(lambda s: s.quads >= 1), "four of a kind"),
    "trips": (_patterns_with(lambda s: s.trips >= 1), "three of a kind"),
    "high_pair": (_patterns_with(lambda s: s.pairs >= 1), "pair"),
    "low_pair": (_patterns_with(lambda s: s.pairs >= 2), "second pair"),
    "highest_singleton": (_patterns_with(lambda s: s.singles >= 1), "singleton"),
    "second_singleton": (_patterns_with(lambda s: s.singles >= 2), "second singleton"),
}


def _pair_word(patterns: frozenset[HandPattern], low: bool) -> str:
    counts = {_SHAPES[p].pairs for p in patterns if _SHAPES[p].pairs}
    if counts == {1}:
        return "pair of"
    if counts == {2}:
        return "lower pair" if low else "higher pair"
    return "lowest pair" if low else "highest pair"


def _singleton_condition(first: RankRange | None, second: RankRange | None) -> str:
    if first is not None and second is not None and first.single and second.single:
        return f"with {first.singular()} and {second.singular()} singletons"
    words: list[str] = []
    if first is not None:
        if first.low == 0 and first.high == ACE - 1:
            words.append("no ace singleton")
        elif first.single or first.high == ACE:
            words.append(f"with {_article(first.low)} {first.singular()} singleton")
        else:
            words.append(f"highest singleton {first.singular()}")
    if second is not None:
        words.append(f"second singleton {second.singular()}")
    return ", ".join(words)


def _describe_rule(spec: _RuleSpec, patterns: frozenset[HandPattern]) -> str:
    """A rule in words, from its conditions: what a trainee reads on the house-way card."""
    only = spec.hand[0] if len(set(spec.hand)) == 1 else None
    high_pair, trips = spec.high_pair, spec.trips
    if HandPattern.ANY in spec.hand:
        head = "Any hand"
    elif only is HandPattern.ONE_PAIR and high_pair is not None:
        head, high_pair = f"One pair of {high_pair.plural()}", None
    elif only is HandPattern.THREE_OF_A_KIND and trips is not None:
        head, trips = f"Three {trips.plural()}", None
    elif only is not None and only.value.endswith("with a pair") and high_pair is not None:
        head, high_pair = f"{only.value} of {high_pair.plural()}", None
    else:
        head = " or ".join(pattern.value for pattern in spec.hand)
    text = head[0].upper() + head[1:]
    if spec.straight_or_flush is not None:
        text += " with a straight or flush" if spec.straight_or_flush else ", no straight or flush"
    parts: list[str] = []
    if spec.quads is not None:
        parts.append(spec.quads.plural())
    if trips is not None:
        parts.append(f"three of a kind {trips.plural()}")
    if high_pair is not None and high_pair == spec.low_pair:
        parts.append(f"both pairs {high_pair.plural()}")
    else:
        if high_pair is not None:
            parts.append(f"{_pair_word(patterns, False)} {high_pair.plural()}")
        if spec.low_pair is not None:
            parts.append(f"{_pair_word(patterns, True)} {spec.low_pair.plural()}")
    singletons = _singleton_condition(spec.highest_singleton, spec.second_singleton)
    if singletons:
        parts.append(singletons)
    if parts:
        text += ", " + ", ".join(parts)
    text += f": {spec.action.value}"
    if spec.low_at_least is not None:
        text += f", if the low hand is at least {spec.low_at_least.text}"
    return text


def _rule_problems(index: int, spec: _RuleSpec, patterns: frozenset[HandPattern]) -> list[Problem]:
    where = f"rules[{index}]"
    problems: list[Problem] = []
    explicit = HandPattern.ANY not in spec.hand
    if explicit:
        for field, (having, what) in _CONDITION_PATTERNS.items():
            value = getattr(spec, field)
            if value is None or (field == "straight_or_flush" and value is False):
                continue
            if not patterns & having:
                problems.append(
                    Problem(
                        f"{where}.{field}",
                        f"a condition the rule's hands can meet; {_pattern_list(patterns)} "
                        f"hands hold no {what}",
                        repr(str(value) if not isinstance(value, bool) else value),
                    )
                )
    if not patterns & spec.action.possible:
        problems.append(
            Problem(
                f"{where}.action",
                f"an action that can set this rule's hands ({_pattern_list(patterns)}); "
                f"{spec.action.value!r} can set only {_pattern_list(spec.action.possible)} hands",
                repr(spec.action.value),
            )
        )
    return problems


def _coverage_problems(rules: Sequence[HouseWayRule]) -> list[Problem]:
    """Every pattern needs a catch-all, and every rule must be reachable by some hand."""
    problems: list[Problem] = []
    caught: dict[HandPattern, int] = {}
    for rule in rules:
        live = [p for p in REAL_PATTERNS if p in rule.patterns and p not in caught]
        if not live:
            earlier = sorted({caught[p] for p in rule.patterns})
            by = ", ".join(f"rules[{i}]" for i in earlier)
            problems.append(
                Problem(
                    f"rules[{rule.index}]",
                    f"a rule some hand reaches; every hand it names is already set by {by}",
                )
            )
            continue
        if rule.unconditional:
            for pattern in live:
                if pattern in rule.action.total:
                    caught[pattern] = rule.index
    missing = [p for p in REAL_PATTERNS if p not in caught]
    if missing:
        problems.append(
            Problem(
                "rules",
                "a catch-all rule for every hand: no rule sets every "
                f"{_pattern_list(missing)} hand; end with a rule that has only `hand` and an "
                "action that always works for it (a final rule with hand = 'any hand' and "
                f"action = {HouseWayAction.STRONGEST_HIGH.value!r} catches everything)",
            )
        )
    return problems


def load_house_way(path: Path | str) -> HouseWay:
    """Read and check a house-way file; every error names the file and the field."""
    path = Path(path)
    return parse_house_way(read_toml(path), str(path))


def parse_house_way(raw: Mapping[str, Any], path: str) -> HouseWay:
    """Check a house way already read from ``path``; every error names it and the field."""
    try:
        spec = convert(raw, _HouseWayFile)
    except Invalid as error:
        raise HouseWayError(path, error.problems) from None
    problems: list[Problem] = []
    built: list[HouseWayRule] = []
    for index, rule in enumerate(spec.rules):
        patterns = _expand(rule.hand)
        problems += _rule_problems(index, rule, patterns)
        built.append(
            HouseWayRule(
                index=index,
                patterns=patterns,
                action=rule.action,
                description=rule.description.strip() or _describe_rule(rule, patterns),
                straight_or_flush=rule.straight_or_flush,
                quads=rule.quads,
                trips=rule.trips,
                high_pair=rule.high_pair,
                low_pair=rule.low_pair,
                highest_singleton=rule.highest_singleton,
                second_singleton=rule.second_singleton,
                low_at_least=rule.low_at_least,
                note=rule.note,
            )
        )
    if not problems:
        problems += _coverage_problems(built)
    if problems:
        raise HouseWayError(path, problems)
    return HouseWay(
        spec.name,
        spec.description.strip(),
        spec.source.strip(),
        spec.provenance,
        spec.joker,
        tuple(built),
        path,
    )


# --- shipped files ----------------------------------------------------------------------------

_PACKAGE = "dealer_trainer.games.pai_gow"


def shipped_house_way_names() -> tuple[str, ...]:
    """The house-way files shipped with the package, by file name without ``.toml``."""
    folder = resources.files(_PACKAGE).joinpath("data", "house_ways")
    return tuple(
        sorted(
            item.name.removesuffix(".toml")
            for item in folder.iterdir()
            if item.name.endswith(".toml")
        )
    )


@cache
def shipped_house_way(name: str) -> HouseWay:
    """A shipped house way by file name ("standard"), loaded once."""
    data = resources.files(_PACKAGE).joinpath("data", "house_ways", f"{name}.toml")
    with resources.as_file(data) as path:
        return load_house_way(Path(path))


def standard_house_way() -> HouseWay:
    """The common house way shipped with the trainer ([STANDARD], see standard.toml)."""
    return shipped_house_way("standard")


def example_second_casino_house_way() -> HouseWay:
    """A second casino's house way: proof that another casino is only another file."""
    return shipped_house_way("example_second_casino")
