"""Cards built to order: a hand of a given category, and card slots that meet several hands.

Trainees must meet rare hands (a royal flush on the dealer's hand, five aces, a straight flush
that earns Envy) as often as a lesson asks, not once in 650,000 rounds, so they are built, not
waited for. Three pieces, each used by every game's scenario generator:

- ``HandSpec``: a category in one ranking system (five-card high, four-card, three-card, pai
  gow), optionally narrowed to a rank ("Pair of aces", "Four aces", "Queen high") or a suit
  ("Royal flush in spades"); it reads those names (``parse_hand``), tests cards exactly
  (``holds``) and draws a random *core* of the category: the cards that make it.
- ``solve``: card *slots* (a seat's hole cards, the board, the dealer's first five) and
  ``Requirement``\\ s on sets of slots. Cores go in first, then the remaining slots are filled
  from the cards left, and every requirement is tested on its own cards, so a filler card can
  never break a target unseen. A failed requirement retries its filler; small gaps (two hole
  cards) are searched exhaustively; a failed attempt starts over, a bounded number of times.
- ``PresetDeck``: a seeded deck that deals preset cards to chosen positions and skips them for
  everyone else, so a game's own dealing order fills the rest of the round.

Ranks are indices (0 = deuce ... 12 = ace) and suits indices (0 = clubs ... 3 = spades) in the
inner loops, as the evaluators use them; the ``Card`` integer is rank * 4 + suit. A hand's
*primary rank* is the first rank its strength packs (``category << 20 | r1 << 16 | ...`` in every
evaluator): the pair of a pair, the three of a full house, the top of a straight or flush, the
high card.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations
from math import comb

from msgspec import Struct

from dealer_trainer.cards import JOKER, Card, Rank, Suit
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import CATEGORY_SHIFT
from dealer_trainer.hands.five_card import strength as five_card_strength
from dealer_trainer.hands.four_card import FOUR_CARD_ORDER, best_four_strength
from dealer_trainer.hands.pai_gow import hand_rank as pai_gow_rank
from dealer_trainer.hands.pai_gow import high_strength
from dealer_trainer.hands.pai_gow_rules import DEFAULT_RULES, PaiGowRules
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.hands.three_card import THREE_CARD_ORDER, three_card_strength
from dealer_trainer.vocabulary import normalise

ACE = 12
PAI_GOW_ORDER: tuple[HandRank, ...] = (*FIVE_CARD_ORDER, HandRank.FIVE_ACES)
"""The pai gow high hand's categories: five-card poker plus five aces (§ 645a.6, seed 000)."""

_ORDERS: dict[RankingSystem, tuple[HandRank, ...]] = {
    RankingSystem.FIVE_CARD: FIVE_CARD_ORDER,
    RankingSystem.FOUR_CARD: FOUR_CARD_ORDER,
    RankingSystem.THREE_CARD: THREE_CARD_ORDER,
    RankingSystem.PAI_GOW: PAI_GOW_ORDER,
}
_RUN = {
    RankingSystem.FIVE_CARD: 5,
    RankingSystem.FOUR_CARD: 4,
    RankingSystem.THREE_CARD: 3,
    RankingSystem.PAI_GOW: 5,
}
"""How many cards make a straight or a flush in each system."""
_SIZES = {
    RankingSystem.FIVE_CARD: range(5, 8),
    RankingSystem.FOUR_CARD: range(4, 8),
    RankingSystem.THREE_CARD: range(3, 8),
    RankingSystem.PAI_GOW: range(5, 8),
}
_SYSTEM_NAMES = {
    RankingSystem.FIVE_CARD: "five-card poker",
    RankingSystem.FOUR_CARD: "Four Card Poker's four-card ranking",
    RankingSystem.THREE_CARD: "Three Card Poker's three-card ranking",
    RankingSystem.PAI_GOW: "the pai gow high hand",
}
_FLUSHES = frozenset({HandRank.FLUSH, HandRank.STRAIGHT_FLUSH, HandRank.ROYAL_FLUSH})
_STRAIGHTS = frozenset({HandRank.STRAIGHT, HandRank.STRAIGHT_FLUSH, HandRank.ROYAL_FLUSH})
_CORE_SIZE = {
    HandRank.HIGH_CARD: 1,
    HandRank.ONE_PAIR: 2,
    HandRank.TWO_PAIR: 4,
    HandRank.THREE_OF_A_KIND: 3,
    HandRank.FULL_HOUSE: 5,
    HandRank.FOUR_OF_A_KIND: 4,
    HandRank.FIVE_ACES: 5,
}
_LOW_HANDS = frozenset(
    {
        HandRank.HIGH_CARD,
        HandRank.ONE_PAIR,
        HandRank.TWO_PAIR,
        HandRank.THREE_OF_A_KIND,
        HandRank.STRAIGHT,
        HandRank.FLUSH,
    }
)
"""Categories a repeated rank or a fifth suited card could lift: their filler avoids both."""

CoreMaker = Callable[[random.Random, Sequence[Card]], Sequence[Card] | None]
"""Draws the cards that make a hand, given the cards already fixed in its slots (which it may
reuse: a core is what the hand needs, fixed cards included); ``None`` when it cannot."""


# --- hand specifications ---------------------------------------------------------------------


class HandSpec(Struct, frozen=True):
    """Exactly one category of one ranking system, optionally with its primary rank or its suit.

    ``rank`` is the primary rank (see the module notes): "Pair of aces" is ONE_PAIR with rank
    ACE, "Queen high" HIGH_CARD with rank QUEEN, "Straight, ten high" STRAIGHT with rank TEN.
    ``suit`` narrows a flush, straight flush or royal flush. ``rules`` are the pai gow
    evaluator's settings (the joker, the wheel, five aces), ignored by the other systems.
    """

    system: RankingSystem
    category: HandRank
    rank: Rank | None = None
    suit: Suit | None = None
    rules: PaiGowRules = DEFAULT_RULES

    def __eq__(self, other: object) -> bool:
        """The rules only say how a pai gow hand is read, not which hand is meant."""
        if not isinstance(other, HandSpec):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.system, self.category, self.rank, self.suit)

    def __post_init__(self) -> None:
        name = _SYSTEM_NAMES.get(self.system)
        if name is None:
            raise ValueError(f"hands cannot be built for the {self.system.value} ranking")
        if self.category not in _ORDERS[self.system]:
            raise ValueError(f"{name} has no {self.category.value.lower()}")
        if self.suit is not None and self.category not in _FLUSHES:
            raise ValueError(f"only a flush has a suit, not {_article(self.category)}")
        if self.rank is not None:
            if self.category in (HandRank.ROYAL_FLUSH, HandRank.FIVE_ACES):
                raise ValueError(f"{_article(self.category)} has no rank to choose")
            if self.rank.index not in _allowed_primary(self.system, self.category):
                wanted = re.sub(r"^an? ", "", self.describe())
                raise ValueError(f"{name} has no {wanted}")

    @property
    def run(self) -> int:
        return _RUN[self.system]

    @property
    def min_cards(self) -> int:
        """The fewest cards the hand can be made of (a pair needs two, a flush ``run``)."""
        if self.category in _FLUSHES or self.category is HandRank.STRAIGHT:
            return self.run
        return max(_CORE_SIZE[self.category], min(_SIZES[self.system]))

    def evaluate(self, cards: Sequence[Card]) -> tuple[HandRank, int]:
        """The category and primary rank of ``cards`` in this system."""
        if self.system is RankingSystem.FIVE_CARD:
            value = five_card_strength(cards)
            return FIVE_CARD_ORDER[value >> CATEGORY_SHIFT], (value >> 16) & 15
        if self.system is RankingSystem.FOUR_CARD:
            value = best_four_strength(cards)
            return FOUR_CARD_ORDER[value >> CATEGORY_SHIFT], (value >> 16) & 15
        if self.system is RankingSystem.THREE_CARD:
            value = (
                three_card_strength(cards)
                if len(cards) == 3
                else max(three_card_strength(c) for c in combinations(cards, 3))
            )
            return THREE_CARD_ORDER[value >> CATEGORY_SHIFT], (value >> 16) & 15
        value = high_strength(cards, self.rules)
        return pai_gow_rank(value, self.rules), (value >> 16) & 15

    def holds(self, cards: Sequence[Card]) -> bool:
        """Whether the best hand of ``cards`` is exactly this one (category, rank and suit)."""
        category, primary = self.evaluate(cards)
        if category is not self.category:
            return False
        if self.rank is not None and primary != self.rank.index:
            return False
        return self.suit is None or _main_suit(cards) == self.suit.index

    def required_cards(self) -> frozenset[Card]:
        """Cards every hand of this spec contains: a royal flush in spades needs As Ks Qs Js
        Ts, four aces all four aces; most specs leave a choice and need none in particular."""
        if self.category is HandRank.FIVE_ACES:
            return frozenset({*_of_rank(ACE, range(4)), JOKER})
        if self.category is HandRank.FOUR_OF_A_KIND and self.rank is not None:
            return frozenset(_of_rank(self.rank.index, range(4)))
        if self.category in _STRAIGHTS - {HandRank.STRAIGHT} and self.suit is not None:
            top = ACE if self.rank is None else self.rank.index
            if self.category is HandRank.ROYAL_FLUSH or self.rank is not None:
                return frozenset(Card(r * 4 + self.suit.index) for r in _window(top, self.run))
        return frozenset()

    def core(self, rng: random.Random, fixed: Sequence[Card], count: int) -> list[Card] | None:
        """A random set of cards that makes this hand, reusing ``fixed`` cards half the time
        a choice allows it; ``count`` is the size of the whole hand (a high-card core is every
        card of it, so that no pair, straight or flush slips in)."""
        return _core(self, rng, fixed, count)

    def describe(self) -> str:
        """The hand as a sentence says it: "a royal flush in spades", "four aces"."""
        return _describe(self)

    def __str__(self) -> str:
        return self.describe()


def _article(category: HandRank) -> str:
    name = category.value.lower()
    if category in (HandRank.TWO_PAIR, HandRank.FIVE_ACES, HandRank.HIGH_CARD):
        return name
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _describe(spec: HandSpec) -> str:
    rank, category = spec.rank, spec.category
    suit = f" in {spec.suit.label}" if spec.suit is not None else ""
    if (
        spec.system is RankingSystem.THREE_CARD
        and category is HandRank.STRAIGHT_FLUSH
        and rank is Rank.ACE
    ):
        return f"a mini royal{suit}"
    if rank is None:
        return _article(category) + suit
    if category is HandRank.ONE_PAIR:
        return f"a pair of {rank.plural}"
    if category is HandRank.TWO_PAIR:
        return f"two pair, {rank.plural} up"
    if category is HandRank.THREE_OF_A_KIND:
        return f"three {rank.plural}"
    if category is HandRank.FOUR_OF_A_KIND:
        return f"four {rank.plural}"
    if category is HandRank.FULL_HOUSE:
        return f"a full house, {rank.plural} full"
    if category is HandRank.HIGH_CARD:
        return f"{rank.label.lower()} high"
    return f"{_article(category)}{suit}, {rank.label.lower()} high"


def _allowed_primary(system: RankingSystem, category: HandRank) -> range:
    run = _RUN[system]
    if category in _STRAIGHTS:
        low = run - 2  # the wheel's top: 5 (five cards), 4 (four), 3 (three)
        top_is_royal = category is HandRank.STRAIGHT_FLUSH and system in (
            RankingSystem.FIVE_CARD,
            RankingSystem.PAI_GOW,
        )
        return range(low, ACE if top_is_royal else ACE + 1)
    if category is HandRank.FLUSH:
        return range(run, ACE + 1)
    if category is HandRank.HIGH_CARD:
        return range(run, ACE + 1)  # 7-5-4-3-2, 6-4-3-2 and 5-3-2 are the lowest
    if category is HandRank.TWO_PAIR:
        return range(1, ACE + 1)
    return range(0, ACE + 1)


def _main_suit(cards: Sequence[Card]) -> int:
    counts = Counter(card & 3 for card in cards if card != JOKER)
    return counts.most_common(1)[0][0] if counts else -1


def _of_rank(rank: int, suits: Iterable[int]) -> list[Card]:
    return [Card(rank * 4 + suit) for suit in suits]


@cache
def _window(top: int, run: int) -> tuple[int, ...]:
    """The ranks of the straight topped by ``top``; below the lowest rank the ace plays low.
    Cached: the solver asks for the same few straights again and again."""
    return tuple(ACE if top - i < 0 else top - i for i in range(run))


# --- reading hand names -----------------------------------------------------------------------

_RANK_WORDS: dict[str, Rank] = {}
for _rank in Rank:
    for _word in (
        _rank.label.lower(),
        _rank.plural,
        _rank.value.lower(),
        f"{_rank.value.lower()}s",
    ):
        _RANK_WORDS[_word] = _rank
_RANK_WORDS.update({"10": Rank.TEN, "10s": Rank.TEN, "deuce": Rank.TWO, "deuces": Rank.TWO})
_SUIT_WORDS = {suit.label: suit for suit in Suit} | {suit.label[:-1]: suit for suit in Suit}
_IN_SUIT = re.compile(r"\bin (clubs?|diamonds?|hearts?|spades?)\b")
_HIGH = re.compile(r",?\s*(\w+) high$")
_PATTERNS: tuple[tuple[re.Pattern[str], HandRank], ...] = (
    (re.compile(r"^(?:one )?pair of (\w+)$"), HandRank.ONE_PAIR),
    (re.compile(r"^two pair,? (\w+) up$"), HandRank.TWO_PAIR),
    (re.compile(r"^(?:three of a kind,? )(\w+)$"), HandRank.THREE_OF_A_KIND),
    (re.compile(r"^three (\w+)$"), HandRank.THREE_OF_A_KIND),
    (re.compile(r"^(?:four of a kind,? )(\w+)$"), HandRank.FOUR_OF_A_KIND),
    (re.compile(r"^four (\w+)$"), HandRank.FOUR_OF_A_KIND),
    (re.compile(r"^(?:full house,? )?(\w+) full(?: of \w+)?$"), HandRank.FULL_HOUSE),
)


_MINI_ROYAL = frozenset({"mini royal", "mini royal flush"})
"""A-K-Q of one suit, the highest three-card straight flush (Three Card Poker's and the Let It
Ride Three Card Bonus's own name for it), read in the three-card ranking only."""


def _rank_word(word: str, text: str) -> Rank:
    rank = _RANK_WORDS.get(word)
    if rank is None:
        raise ValueError(f"{word!r} in {text!r} is not a rank (ace, king, ..., 10s, ..., 2s)")
    return rank


def parse_hand(text: str, system: RankingSystem, rules: PaiGowRules = DEFAULT_RULES) -> HandSpec:
    """Read a hand name: a category ("Full house"), narrowed by a rank ("Pair of aces", "Three
    kings", "Four aces", "Aces full", "Two pair, kings up", "Queen high", "Straight, ten high")
    or a suit ("Royal flush in spades", "Flush in hearts, ace high"). ``ValueError`` says why
    a name cannot be read or cannot be held in ``system``."""
    key = normalise(text)
    suit: Suit | None = None
    found = _IN_SUIT.search(key)
    if found:
        suit = _SUIT_WORDS[found.group(1)]
        key = (key[: found.start()] + key[found.end() :]).strip(" ,")
    if system is RankingSystem.THREE_CARD and key in _MINI_ROYAL:
        return HandSpec(system, HandRank.STRAIGHT_FLUSH, Rank.ACE, suit, rules)
    for pattern, category in _PATTERNS:
        match = pattern.match(key)
        if match:
            return HandSpec(system, category, _rank_word(match.group(1), text), suit, rules)
    rank: Rank | None = None
    high = _HIGH.search(key)
    if high and high.group(1) in _RANK_WORDS:
        rank = _rank_word(high.group(1), text)
        key = key[: high.start()].strip(" ,")
        if not key:
            return HandSpec(system, HandRank.HIGH_CARD, rank, suit, rules)
    try:
        category = HandRank.from_text(key)
    except ValueError:
        names = ", ".join(repr(c.value) for c in _ORDERS.get(system, PAI_GOW_ORDER))
        raise ValueError(
            f"{text!r} is not a hand: expected a category ({names}), perhaps with a rank "
            "('Pair of aces', 'Four kings', 'Queen high') or a suit ('Royal flush in spades')"
        ) from None
    return HandSpec(system, category, rank, suit, rules)


# --- cores --------------------------------------------------------------------------------------


def _pick(
    rng: random.Random, choices: Sequence[int], preferred: Iterable[int], lean: float = 0.5
) -> int:
    """One of ``choices``; with chance ``lean`` one the fixed cards already show, if any."""
    liked = [c for c in preferred if c in choices]
    if liked and rng.random() < lean:
        return rng.choice(liked)
    return rng.choice(choices)


def _has_run(mask: int, run: int) -> bool:
    """Whether a 13-bit rank mask holds ``run`` consecutive ranks, the ace high or low."""
    extended = (mask << 1) | ((mask >> ACE) & 1)
    window = (1 << run) - 1
    return any((extended >> low) & window == window for low in range(15 - run))


def _core(
    spec: HandSpec, rng: random.Random, fixed: Sequence[Card], count: int
) -> list[Card] | None:
    category, run = spec.category, spec.run
    naturals = [c for c in fixed if c != JOKER]
    fixed_ranks = [c >> 2 for c in naturals]
    allowed = list(_allowed_primary(spec.system, category))
    primary = spec.rank.index if spec.rank is not None else None
    suits = list(range(4))
    # Reuse a fixed card always when the free slots cannot hold a whole new core, else half the
    # time (so a shared board is used, and a hand still varies).
    size = run if category in _FLUSHES or category is HandRank.STRAIGHT else _CORE_SIZE[category]
    lean = 1.0 if count - len(fixed) < size else 0.5
    if category is HandRank.FIVE_ACES:
        return [*_of_rank(ACE, suits), JOKER]
    if category in _STRAIGHTS:
        anchor = rng.choice(naturals) if naturals and rng.random() < lean else None
        if category is HandRank.ROYAL_FLUSH:
            top = ACE
        elif primary is not None:
            top = primary
        else:
            near = [t for t in allowed if anchor is not None and anchor >> 2 in _window(t, run)]
            top = rng.choice(near or allowed)
        window = _window(top, run)
        if category is HandRank.STRAIGHT:
            chosen = [_suit_of(rng, r, naturals) for r in window]
            if len(set(chosen)) == 1:
                chosen[0] = (chosen[0] + 1 + rng.randrange(3)) % 4
            return [Card(r * 4 + s) for r, s in zip(window, chosen, strict=True)]
        suit = _flush_suit(spec, rng, anchor)
        return [Card(r * 4 + suit) for r in window]
    if category is HandRank.FLUSH:
        anchor = rng.choice(naturals) if naturals and rng.random() < lean else None
        suit = _flush_suit(spec, rng, anchor)
        mine = [c >> 2 for c in naturals if c & 3 == suit]
        for _ in range(30):
            top = primary if primary is not None else rng.choice(allowed)
            below = [r for r in mine if r < top][: run - 1]
            rest = [r for r in range(top) if r not in below]
            ranks = [top, *below, *rng.sample(rest, run - 1 - len(below))]
            if not _has_run(sum(1 << r for r in ranks), run):
                return [Card(r * 4 + suit) for r in ranks]
        return None
    if category is HandRank.HIGH_CARD:
        return _high_card_core(spec, rng, naturals, count)
    rank = primary if primary is not None else _pick(rng, allowed, fixed_ranks, lean)
    if category is HandRank.FOUR_OF_A_KIND:
        return _of_rank(rank, suits)
    if category is HandRank.THREE_OF_A_KIND:
        return _some_of_rank(rng, rank, 3, naturals)
    if category is HandRank.ONE_PAIR:
        return _some_of_rank(rng, rank, 2, naturals)
    others = [r for r in range(ACE + 1) if r != rank]
    if category is HandRank.TWO_PAIR:
        second = _pick(rng, [r for r in others if r < rank], fixed_ranks, lean)
        return [*_some_of_rank(rng, rank, 2, naturals), *_some_of_rank(rng, second, 2, naturals)]
    # full house: three of the primary rank and a pair of another
    second = _pick(rng, others, fixed_ranks, lean)
    return [*_some_of_rank(rng, rank, 3, naturals), *_some_of_rank(rng, second, 2, naturals)]


def _flush_suit(spec: HandSpec, rng: random.Random, anchor: Card | None) -> int:
    if spec.suit is not None:
        return spec.suit.index
    return anchor & 3 if anchor is not None else rng.randrange(4)


def _suit_of(rng: random.Random, rank: int, fixed: Sequence[Card]) -> int:
    """The suit of a fixed card of ``rank`` if there is one (the core reuses it), else any."""
    held = [c & 3 for c in fixed if c >> 2 == rank]
    return held[0] if held else rng.randrange(4)


def _some_of_rank(rng: random.Random, rank: int, count: int, fixed: Sequence[Card]) -> list[Card]:
    """``count`` cards of ``rank``, the fixed ones first, so a core adds as few as it can."""
    held = [c for c in fixed if c >> 2 == rank][:count]
    rest = [s for s in range(4) if Card(rank * 4 + s) not in held]
    return [*held, *_of_rank(rank, rng.sample(rest, count - len(held)))]


def _high_card_core(
    spec: HandSpec, rng: random.Random, fixed: Sequence[Card], count: int
) -> list[Card] | None:
    """Every card of a no-pair hand: distinct ranks, no straight, fewer than ``run`` of a suit,
    topped by the spec's rank when it has one; the fixed cards are kept."""
    run = spec.run
    fixed_ranks = {c >> 2 for c in fixed}
    if len(fixed_ranks) != len(fixed):
        return None
    top = spec.rank.index if spec.rank is not None else None
    if top is not None and any(r > top for r in fixed_ranks):
        return None
    need = count - len(fixed)
    ceiling = ACE if top is None else top
    pool = [r for r in range(ceiling + 1) if r not in fixed_ranks]
    if top is not None and top not in fixed_ranks:
        pool.remove(top)
        need -= 1
    if need < 0 or need > len(pool):
        return None
    for _ in range(40):
        ranks = rng.sample(pool, need)
        if top is not None and top not in fixed_ranks:
            ranks.append(top)
        if _has_run(sum(1 << r for r in (*ranks, *fixed_ranks)), run):
            continue
        suit_count = Counter(c & 3 for c in fixed)
        cards: list[Card] = []
        for r in ranks:
            open_suits = [s for s in range(4) if suit_count[s] < run - 1]
            if not open_suits:
                break
            s = rng.choice(open_suits)
            suit_count[s] += 1
            cards.append(Card(r * 4 + s))
        else:
            return [*fixed, *cards]
    return None


def build_hand(
    spec: HandSpec,
    count: int,
    available: Iterable[Card],
    rng: random.Random,
    *,
    attempts: int = 200,
) -> tuple[Card, ...]:
    """``count`` cards from ``available`` whose best hand in ``spec.system`` is exactly
    ``spec``, drawn at random from ``rng``; ``ValueError`` when none can be found."""
    if count not in _SIZES[spec.system]:
        sizes = _SIZES[spec.system]
        raise ValueError(
            f"{_SYSTEM_NAMES[spec.system]} ranks {sizes.start} to {sizes.stop - 1} cards, not "
            f"{count}"
        )
    if spec.min_cards > count:
        raise ValueError(f"{spec.describe()} needs {spec.min_cards} cards, not {count}")
    slots = tuple(range(count))
    requirement = Requirement(
        slots, spec.holds, hand_core(spec, count), low=is_low(spec), run=spec.run
    )
    result = solve([requirement], tuple(available), rng, attempts=attempts)
    if result.assignment is None:
        raise ValueError(f"no {count} of the available cards make {spec.describe()}")
    return tuple(result.assignment[slot] for slot in slots)


def hand_core(spec: HandSpec, count: int) -> CoreMaker:
    """``spec``'s core maker for a hand of ``count`` cards, for a ``Requirement``."""

    def make(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        return spec.core(rng, fixed, count)

    return make


def rarity(spec: HandSpec) -> int:
    """The category's place in its system's order, for ``Requirement.rarity``."""
    return _ORDERS[spec.system].index(spec.category)


def is_low(spec: HandSpec) -> bool:
    """Whether a filler card could lift the hand (a pair into two pair, four suited into a
    flush): its filler then avoids repeated ranks and a run's-worth of one suit."""
    return spec.category in _LOW_HANDS


# --- slots and requirements ----------------------------------------------------------------


Slot = Hashable


class Requirement(Struct, frozen=True):
    """A test on the cards of some slots, in slot order, with a way to make it hold.

    ``core`` draws the cards the hand needs (``None``: the filler alone must find them);
    ``low`` asks the filler to avoid repeated ranks, a run's-worth of one suit and the joker,
    which could lift a low hand; ``preset`` fixes the first slots' cards; ``run`` is the
    straight and flush length the filler keeps below; ``rarity`` orders the cores.
    """

    slots: tuple[Slot, ...]
    test: Callable[[Sequence[Card]], bool]
    core: CoreMaker | None = None
    low: bool = False
    preset: tuple[Card, ...] = ()
    run: int = 5
    rarity: int = 0
    """Cores of rarer hands are placed first among hands of one size: a flush's suited cards
    before a high-card hand that must then keep clear of them."""
    ordered: bool = False
    """Place the core's cards in the free slots in slot order, as the core lists them, rather
    than in random free slots: a hand whose later slots belong to a more constrained hand
    (Three Card Poker's 6 Card Bonus, whose last three are the dealer's) puts the cards its
    core lists first in its own slots."""


class Solution(Struct, frozen=True):
    """A card for every slot of every requirement, or ``None`` after ``attempts`` tries;
    ``failures`` counts, by requirement index, how often each one could not be met."""

    assignment: dict[Slot, Card] | None
    failures: Counter[int]
    attempts: int


FILLER_TRIES = 12
CORE_TRIES = 8
EXHAUSTIVE_LIMIT = 2_000
"""Fill a requirement's last empty slots by trying every combination when there are at most
this many (two hole cards from 45 left: 990): exact, and still a millisecond or two."""
CHEAP_ATTEMPTS = 10
"""Attempts made without the exhaustive search: a fresh attempt (a fraction of a millisecond)
usually succeeds where the search would have found the earlier cores left no way at all."""


def solve(
    requirements: Sequence[Requirement],
    deck: Sequence[Card],
    rng: random.Random,
    *,
    attempts: int = 60,
    order: Sequence[int] | None = None,
) -> Solution:
    """Cards from ``deck`` for every slot of ``requirements`` so that each test holds.

    Presets go in first; then each requirement's core is placed in random free slots of its
    own, the smallest hands first (a board before the seven-card hands that share it) and, of
    equal size, those a filler could lift last (a flush before a hand that must stay high card,
    which then keeps clear of it); then, in ``order`` (default: as given), each requirement's
    remaining free slots are filled and its test run on its whole hand, so a requirement filled
    later cannot change one already tested (it has no free slot left). The same ``rng`` gives
    the same solution.
    """
    sequence = list(order) if order is not None else list(range(len(requirements)))
    failures: Counter[int] = Counter()
    for attempt in range(1, attempts + 1):
        assigned: dict[Slot, Card] = {}
        exhaustive = attempt > CHEAP_ATTEMPTS
        failed = _attempt(requirements, sequence, deck, rng, assigned, exhaustive)
        if failed is None:
            return Solution(assigned, failures, attempt)
        failures[failed] += 1
    return Solution(None, failures, attempts)


def _attempt(
    requirements: Sequence[Requirement],
    sequence: Sequence[int],
    deck: Sequence[Card],
    rng: random.Random,
    assigned: dict[Slot, Card],
    exhaustive: bool,
) -> int | None:
    """One try at the whole assignment; the index of the requirement that failed, or None."""
    used: set[Card] = set()
    for index in sequence:
        requirement = requirements[index]
        for slot, card in zip(requirement.slots, requirement.preset, strict=False):
            if assigned.get(slot, card) != card or (slot not in assigned and card in used):
                return index
            assigned[slot] = card
            used.add(card)
    by_size = sorted(sequence, key=lambda i: (len(requirements[i].slots), -requirements[i].rarity))
    available = frozenset(deck)
    for index in by_size:
        _place_core(requirements[index], rng, assigned, used, available)
    for index in sequence:
        if not _fill(requirements[index], deck, rng, assigned, used, exhaustive):
            return index
    return None


def _place_core(
    requirement: Requirement,
    rng: random.Random,
    assigned: dict[Slot, Card],
    used: set[Card],
    available: frozenset[Card],
) -> None:
    if requirement.core is None:
        return
    free = [slot for slot in requirement.slots if slot not in assigned]
    if not free:
        return
    fixed = [assigned[slot] for slot in requirement.slots if slot in assigned]
    for _ in range(CORE_TRIES):
        core = requirement.core(rng, fixed)
        if core is None:
            return
        needed = [card for card in core if card not in fixed]
        if len(needed) <= len(free) and all(c in available and c not in used for c in needed):
            places = free[: len(needed)] if requirement.ordered else rng.sample(free, len(needed))
            for slot, card in zip(places, needed, strict=True):
                assigned[slot] = card
                used.add(card)
            return


def _fill(
    requirement: Requirement,
    deck: Sequence[Card],
    rng: random.Random,
    assigned: dict[Slot, Card],
    used: set[Card],
    exhaustive: bool,
) -> bool:
    slots = requirement.slots
    free = [slot for slot in slots if slot not in assigned]
    if not free:
        return requirement.test([assigned[slot] for slot in slots])
    pool = [card for card in deck if card not in used]
    if len(pool) < len(free):
        return False
    current = [assigned[slot] for slot in slots if slot in assigned]
    for _ in range(FILLER_TRIES):
        chosen = (
            _fresh(pool, len(free), current, requirement.run, rng)
            if requirement.low
            else rng.sample(pool, len(free))
        )
        trial = dict(zip(free, chosen, strict=True))
        if requirement.test(
            [assigned[slot] if slot in assigned else trial[slot] for slot in slots]
        ):
            _commit(trial, assigned, used)
            return True
    if not exhaustive or comb(len(pool), len(free)) > EXHAUSTIVE_LIMIT:
        return False
    fits = []
    for combo in combinations(pool, len(free)):
        trial = dict(zip(free, combo, strict=True))
        if requirement.test(
            [assigned[slot] if slot in assigned else trial[slot] for slot in slots]
        ):
            fits.append(trial)
    if not fits:
        return False
    _commit(rng.choice(fits), assigned, used)
    return True


def _commit(trial: Mapping[Slot, Card], assigned: dict[Slot, Card], used: set[Card]) -> None:
    assigned.update(trial)
    used.update(trial.values())


def _fresh(
    pool: Sequence[Card], count: int, current: Sequence[Card], run: int, rng: random.Random
) -> list[Card]:
    """``count`` cards that repeat no rank held and bring no suit to ``run`` cards, where the
    pool allows; any card otherwise."""
    ranks = {card >> 2 for card in current if card != JOKER}
    suits = Counter(card & 3 for card in current if card != JOKER)
    chosen: list[Card] = []
    taken: set[Card] = set()
    for _ in range(count):
        fresh = [
            card
            for card in pool
            if card not in taken
            and card != JOKER
            and card >> 2 not in ranks
            and suits[card & 3] < run - 1
        ]
        card = rng.choice(fresh) if fresh else rng.choice([c for c in pool if c not in taken])
        chosen.append(card)
        taken.add(card)
        if card != JOKER:
            ranks.add(card >> 2)
            suits[card & 3] += 1
    return chosen


# --- dealing around preset cards ---------------------------------------------------------------


__all__ = [
    "PAI_GOW_ORDER",
    "CoreMaker",
    "HandSpec",
    "Requirement",
    "Slot",
    "Solution",
    "build_hand",
    "hand_core",
    "is_low",
    "parse_hand",
    "rarity",
    "solve",
]
