"""Constrained deals: targets, their errors, and the half of every game's adapter that is the same.

A lesson asks for situations ("seat 3 Trips full house", "dealer Queen's Dragon", "Envy hand at
seat 2 and seat 5") and the generator builds a legal round that meets them all, from a seed,
constructively (hands/construct.py), instead of dealing until one happens: a royal flush on the
dealer's Five Card Hand Bonus hand comes once in 650,000 rounds.

Each game's ``targets`` module (games/<game>/targets.py) is a ``GameTargets`` subclass that says
which positions and wagers exist, which cards each target's hand is made of (its *slots*: a
seat's hole cards, the board, the dealer's first five), how a hand name reads, and how to deal
and arrange a round around preset cards. This module does the rest for every game: reading
targets, checking them without dealing (unknown names, seats that are not there, two targets
that need the same card or call one hand two things), choosing the seats, solving the slots,
handing the preset cards to the game's own dealing code, and checking the dealt round against
every target before it is returned.

Positions are seat numbers (1 = the dealer's far left), ``DEALER`` (0) and ``BOARD`` (-1, the
community cards); a slot is ``(position, index)`` with the index in dealing order.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

from dealer_trainer.cards import Card, CardNotationError, format_cards, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.construct import (
    HandSpec,
    Requirement,
    hand_core,
    is_low,
    parse_hand,
    rarity,
    solve,
)
from dealer_trainer.hands.pai_gow_rules import DEFAULT_RULES, PaiGowRules
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise

BOARD = -1
Slot = tuple[int, int]
FIELDS = ("who", "hand", "wager", "cards")
SOLVE_ATTEMPTS = 80
ROUND_ATTEMPTS = 6
"""Rounds dealt around one solution before giving up: a dealt round fails its check only when a
game rule outside the cards (a wager that cannot be placed) gets in the way."""


class Target(Struct, frozen=True):
    """One situation a generated round must show.

    ``who``: "seat 3", "dealer" or "board". ``hand``: a hand or condition name in the game's
    vocabulary ("Full house", "Royal flush in spades", "Pair of aces", "Queen's Dragon", "does
    not qualify", "Envy hand"). ``wager``: whose hand is meant, "" for the game's main hand at
    that position or a wager name of the game ("Trips", "Five Card Hand Bonus", "Aces Up").
    ``cards``: exact cards in card notation, the first cards of that hand in dealing order
    (a UTH seat's hole cards before the board), alone or with ``hand``.
    """

    who: str
    hand: str = ""
    wager: str = ""
    cards: str = ""

    def describe(self) -> str:
        parts = [self.who]
        if self.wager:
            parts.append(self.wager)
        if self.hand:
            parts.append(self.hand)
        if self.cards:
            parts.append(f"[{self.cards}]")
        return " ".join(parts)


class TargetError(ValueError):
    """A target that cannot be met: the message names the target (``targets[2]: ...``) and
    says why, in words a lesson author can act on."""

    def __init__(self, index: int | None, message: str) -> None:
        self.index = index
        self.reason = message
        super().__init__(message if index is None else f"targets[{index}]: {message}")


def parse_target(data: Mapping[str, Any]) -> Target:
    """A target from a TOML table ``{who = "seat 3", hand = "Full house", wager = "Trips"}``;
    ``ValueError`` naming the field that is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a target is a table with {', '.join(FIELDS)}, not {data!r}")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise ValueError(f"{unknown[0]}: not a target field; expected {', '.join(FIELDS)}")
    values: dict[str, str] = {}
    for name in FIELDS:
        value = data.get(name, "")
        if not isinstance(value, str):
            raise ValueError(f"{name}: text such as {_EXAMPLES[name]!r}, not {value!r}")
        values[name] = value.strip()
    if not values["who"]:
        raise ValueError("who: whose hand the target is, 'seat N', 'dealer' or 'board'")
    parse_position(values["who"], field_name="who")
    if not values["hand"] and not values["cards"]:
        raise ValueError("hand: a hand name such as 'Full house', or exact cards in 'cards'")
    if values["cards"]:
        try:
            parse_cards(values["cards"])
        except CardNotationError as error:
            raise ValueError(f"cards: {error}") from None
    return Target(**values)


_EXAMPLES = {"who": "seat 3", "hand": "Full house", "wager": "Trips", "cards": "Ah Ad"}
_SEAT = re.compile(r"^(?:seat\s*)?(\d+)$")


def parse_position(who: str, *, field_name: str = "who") -> int:
    """A seat number, ``DEALER`` or ``BOARD`` from "seat 3", "dealer" or "board"."""
    key = normalise(who)
    if key in ("dealer", "the dealer"):
        return DEALER
    if key in ("board", "the board", "community cards"):
        return BOARD
    match = _SEAT.match(key)
    if match and int(match.group(1)) > 0:
        return int(match.group(1))
    raise ValueError(f"{field_name}: {who!r} is not 'seat N', 'dealer' or 'board'")


def position_name(position: int) -> str:
    if position == DEALER:
        return "the dealer"
    if position == BOARD:
        return "the board"
    return f"seat {position}"


def possessive(position: int) -> str:
    return f"{position_name(position)}'s"


# --- what a resolved target is --------------------------------------------------------------------


class Goal(Struct, frozen=True):
    """A target resolved against one table: the slots its hand is made of, the requirement the
    solver meets, and what the round must do besides the cards.

    ``family`` names the evaluation (the same slots, judged the same way): two goals of one
    family and different hands contradict each other. ``wager`` is the game's canonical wager
    name ("" = the main hand); ``stays_in`` asks that the player does not fold (a wager that a
    fold forfeits, or one that only exists after a decision to play); ``envy`` that the hand
    earns an Envy Bonus from another player.
    """

    index: int
    target: Target
    position: int
    wager: str
    hand: str
    requirement: Requirement
    family: Hashable | None = None
    spec: HandSpec | None = None
    required: frozenset[Card] = frozenset()
    stays_in: bool = False
    envy: bool = False
    seat: int | None = None
    """The seat whose wager the target is about (a Play the Board target is on the board's
    cards but on a seat's wager); ``None`` for the dealer and the board alone."""
    categories: frozenset[HandRank] | None = None
    """The categories a hand meeting the goal can be (``None``: not known in advance): two
    goals of one family whose categories do not meet contradict each other."""

    @property
    def who(self) -> str:
        return position_name(self.position if self.seat is None else self.seat)

    @property
    def slots(self) -> tuple[Slot, ...]:
        return self.requirement.slots  # type: ignore[return-value]


def cards_field(index: int, target: Target, count: int, where: str) -> tuple[Card, ...]:
    """The target's exact cards, at most ``count`` of them (the hand's size)."""
    if not target.cards:
        return ()
    try:
        cards = parse_cards(target.cards)
    except CardNotationError as error:
        raise TargetError(index, f"cards: {error}") from None
    if len(cards) > count:
        raise TargetError(
            index,
            f"cards: {len(cards)} cards ({format_cards(cards)}) do not fit in {where} "
            f"({count} cards)",
        )
    return cards


def hand_goal(
    index: int,
    target: Target,
    position: int,
    *,
    wager: str,
    slots: Sequence[Slot],
    spec: HandSpec,
    family: Hashable,
    where: str,
    seat: int | None = None,
    stays_in: bool = False,
) -> Goal:
    """The goal of a plain hand (a category, perhaps with a rank or suit) on ``slots``."""
    if len(slots) < spec.min_cards:
        raise TargetError(
            index, f"{where} is {len(slots)} cards; {spec.describe()} needs {spec.min_cards}"
        )
    preset = cards_field(index, target, len(slots), where)
    if len(preset) == len(slots) and not spec.holds(preset):
        category = spec.evaluate(preset)[0]
        actual = HandSpec(spec.system, category, rules=spec.rules).describe()
        raise TargetError(
            index, f"cards: {format_cards(preset)} make {actual}, not {spec.describe()}"
        )
    requirement = Requirement(
        tuple(slots),
        spec.holds,
        hand_core(spec, len(slots)),
        low=is_low(spec),
        preset=preset,
        run=spec.run,
        rarity=rarity(spec),
    )
    return Goal(
        index,
        target,
        position,
        wager,
        spec.describe(),
        requirement,
        family,
        spec,
        spec.required_cards(),
        stays_in=stays_in,
        seat=seat,
        categories=frozenset({spec.category}),
    )


def cards_goal(
    index: int,
    target: Target,
    position: int,
    *,
    wager: str,
    slots: Sequence[Slot],
    where: str,
    seat: int | None = None,
    stays_in: bool = False,
) -> Goal:
    """A target of exact cards alone ("seat 2 Ultimate Pairs, cards Ah Ad" needs no name)."""
    preset = cards_field(index, target, len(slots), where)
    requirement = Requirement(tuple(slots), lambda cards: True, preset=preset)
    text = f"{format_cards(preset)} in {where}"
    return Goal(index, target, position, wager, text, requirement, stays_in=stays_in, seat=seat)


def any_of_goal(
    index: int,
    target: Target,
    position: int,
    *,
    wager: str,
    slots: Sequence[Slot],
    specs: Sequence[HandSpec],
    hand: str,
    family: Hashable,
    where: str,
    seat: int | None = None,
    stays_in: bool = False,
    envy: bool = False,
    judge: Callable[[Sequence[Card]], bool] | None = None,
) -> Goal:
    """The goal of a hand that is any of several plain categories of one system ("an Envy
    Bonus Qualifying Hand": a straight flush or better; "does not qualify": below a pair).
    Its core is one of them, chosen at random. ``judge``, when given, is the game's own test
    of the hand (its paytable's rows, a rank within a category), used instead of the
    categories; the specs then only build its cores."""
    categories = frozenset(spec.category for spec in specs)
    system = specs[0]
    preset = cards_field(index, target, len(slots), where)

    def by_category(cards: Sequence[Card]) -> bool:
        return system.evaluate(cards)[0] in categories

    test = judge or by_category

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        return rng.choice(specs).core(rng, fixed, len(slots))

    if len(preset) == len(slots) and not test(preset):
        raise TargetError(index, f"cards: {format_cards(preset)} do not make {hand}")
    requirement = Requirement(
        tuple(slots),
        test,
        core,
        low=any(is_low(spec) for spec in specs),
        preset=preset,
        run=system.run,
        rarity=min(rarity(spec) for spec in specs),
    )
    return Goal(
        index,
        target,
        position,
        wager,
        hand,
        requirement,
        family,
        stays_in=stays_in,
        envy=envy,
        seat=seat,
        categories=categories,
    )


def own_cards_first(goal: Goal) -> Goal:
    """``goal`` with its core placed, half the time, in its slots in order, the core's first
    cards (the highest: a royal flush's A-K-Q) in the position's own cards and its last in the
    cards it shares (the two community cards of Let It Ride and Three Card Poker, the dealer's
    three of a 6 Card Bonus), so another hand sharing them can still be built around them (a
    second Envy hand whose straight flush runs on from the shared low end, a dealer that must
    not qualify); the other half shuffled, so in any of the first slots (all of a five-card
    hand's, five of a 6 Card Bonus's six)."""
    requirement = goal.requirement
    core = requirement.core
    if core is None:
        return goal

    def own_first(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        cards = core(rng, fixed)
        if cards is None or rng.random() < 0.5:
            return cards
        return rng.sample(list(cards), len(cards))

    ordered = replace(requirement, core=own_first, ordered=True)
    return replace(goal, requirement=ordered)


FOREIGN_HANDS: dict[str, str] = {
    "queen's dragon": "a pai gow dealer hand",
    "queens dragon": "a pai gow dealer hand",
    "five aces": "a pai gow hand (four aces and the joker)",
    "mini royal": "a three-card hand",
    "mini royal flush": "a three-card hand",
    "envy hand": "a hand that earns an Envy Bonus on a table with a progressive and Envy",
    "does not qualify": "a dealer's hand in a game whose dealer must qualify",
    "dealer does not qualify": "a dealer's hand in a game whose dealer must qualify",
}


def read_hand(
    index: int,
    text: str,
    system: RankingSystem,
    game: str,
    rules: PaiGowRules = DEFAULT_RULES,
) -> HandSpec:
    """A target's hand name read in ``system``; a name from another game says so (see
    ``foreign_hand``) rather than listing every name this game knows."""
    try:
        return parse_hand(text, system, rules)
    except ValueError as error:
        raise TargetError(index, f"hand: {foreign_hand(text, game) or error}") from None


def foreign_hand(text: str, game: str) -> str | None:
    """ "Queen's Dragon is a pai gow dealer hand; Four Card Poker has no such hand" for a hand
    name that belongs to another game, so the author sees the mix-up, not a list of names."""
    what = FOREIGN_HANDS.get(normalise(text))
    return None if what is None else f"{text} is {what}; {game} has no such hand"


# --- the shared adapter -------------------------------------------------------------------------


class _Seated(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> Sequence[Card]: ...


def cards_by_position(
    seats: Iterable[_Seated],
    dealer: Sequence[Card] | None = None,
    board: Sequence[Card] | None = None,
) -> dict[int, Sequence[Card]]:
    """Every position's cards in dealing order, as ``GameTargets.round_cards`` gives them:
    each seat's, the dealer's under ``DEALER`` and the board under ``BOARD`` where the game
    deals them."""
    cards: dict[int, Sequence[Card]] = {play.seat: play.cards for play in seats}
    if dealer is not None:
        cards[DEALER] = dealer
    if board is not None:
        cards[BOARD] = board
    return cards


C = TypeVar("C")
R = TypeVar("R")


class Plan(Struct):
    """What the generic generator hands back to a game while it arranges the round."""

    goals: tuple[Goal, ...]
    seats: tuple[int, ...]
    rng: random.Random
    preset: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    """The preset cards the round was dealt with, by position: a game whose deal leaves some
    out until a wager calls for them (Three Card Poker's community cards, dealt for a Five Card
    Hand Bonus) lays them out when ``arrange`` places that wager."""


class GameTargets(ABC, Generic[C, R]):
    """One game's targets. Subclasses say what differs; ``check`` and ``generate`` are shared."""

    game: str
    deck: tuple[Card, ...]
    max_seats: int
    random_seats: tuple[int, int]
    has_board: bool = False

    # --- what a game supplies -----------------------------------------------------------------

    @abstractmethod
    def cards_at(self, config: C, position: int) -> int:
        """How many cards ``position`` is dealt."""

    @abstractmethod
    def goal(self, config: C, index: int, target: Target, position: int) -> Goal:
        """The target resolved on ``config``'s table; ``TargetError`` if it cannot be."""

    @abstractmethod
    def deal(
        self, config: C, seed: int, seats: tuple[int, ...], preset: Mapping[int, tuple[Card, ...]]
    ) -> R:
        """The game's own random round with ``preset`` cards at their positions."""

    @abstractmethod
    def round_cards(self, round_: R) -> Mapping[int, Sequence[Card]]:
        """Every position's cards in dealing order, the board under ``BOARD``."""

    @abstractmethod
    def arrange(self, config: C, round_: R, plan: Plan) -> R:
        """The round with the wagers and decisions the goals need (a Trips target's Trips
        wager placed, a player who must stay in not folding, an Envy Bonus someone collects)."""

    @abstractmethod
    def round_problems(self, config: C, round_: R, goals: Sequence[Goal]) -> list[TargetError]:
        """What the dealt round still fails of the goals beyond their cards (checked last)."""

    # --- shared ---------------------------------------------------------------------------------

    def resolve(
        self, config: C, targets: Sequence[Target], seats: Sequence[int] | None
    ) -> tuple[list[Goal], list[TargetError]]:
        """Every target's goal, and every problem found without dealing."""
        goals: list[Goal] = []
        problems: list[TargetError] = []
        if seats is not None:
            problems += self._seat_problems(seats)
        for index, target in enumerate(targets):
            try:
                position = parse_position(target.who)
            except ValueError as error:
                problems.append(TargetError(index, str(error)))
                continue
            try:
                self._check_position(index, position, seats)
                goals.append(self.goal(config, index, target, position))
            except TargetError as error:
                problems.append(error)
        problems += self._conflicts(goals, seats)
        return goals, problems

    def check(
        self, config: C, targets: Sequence[Target], seats: Sequence[int] | None = None
    ) -> list[str]:
        return [str(problem) for problem in self.resolve(config, targets, seats)[1]]

    def generate(
        self,
        config: C,
        seed: int,
        targets: Sequence[Target],
        seats: Sequence[int] | None = None,
    ) -> R:
        goals, problems = self.resolve(config, targets, seats)
        if problems:
            raise problems[0]
        rng = random.Random(f"constrained-deal:{self.game}:{seed}")
        occupied = self._choose_seats(rng, goals, seats)
        order = sorted(
            range(len(goals)),
            key=lambda i: (not goals[i].requirement.preset, len(goals[i].slots), i),
        )
        last = TargetError(None, "no round was dealt")
        for _ in range(ROUND_ATTEMPTS):
            solution = solve(
                [g.requirement for g in goals], self.deck, rng, attempts=SOLVE_ATTEMPTS, order=order
            )
            if solution.assignment is None:
                raise self._unsolved(goals, solution.failures)
            preset = self._preset(config, occupied, solution.assignment, rng)
            plan = Plan(tuple(goals), occupied, rng, preset)
            round_ = self.arrange(config, self.deal(config, seed, occupied, preset), plan)
            missed = self._missed(config, round_, goals)
            if not missed:
                return round_
            last = missed[0]
        raise last

    def _seat_problems(self, seats: Sequence[int]) -> list[TargetError]:
        problems = []
        if not seats or len(set(seats)) != len(seats):
            problems.append(
                TargetError(None, f"seats: distinct seat numbers, at least one, not {list(seats)}")
            )
        bad = [s for s in seats if not 1 <= s <= self.max_seats]
        if bad:
            problems.append(
                TargetError(
                    None,
                    f"seats: seat {bad[0]} is not a seat at this table (seats 1-{self.max_seats})",
                )
            )
        return problems

    def _check_position(self, index: int, position: int, seats: Sequence[int] | None) -> None:
        if position == BOARD and not self.has_board:
            raise TargetError(index, f"{self.game} has no community cards: who is a seat or dealer")
        if position > 0:
            if position > self.max_seats:
                raise TargetError(
                    index,
                    f"seat {position} is not a seat at this table (seats 1-{self.max_seats})",
                )
            if seats is not None and position not in seats:
                dealt = ", ".join(str(s) for s in sorted(seats))
                raise TargetError(index, f"seat {position} is not among the seats dealt ({dealt})")

    def _conflicts(self, goals: Sequence[Goal], seats: Sequence[int] | None) -> list[TargetError]:
        """Two targets that fix one slot to two cards, one card in two places, a card one
        hand needs that another target holds, or one hand called two different things."""
        problems: list[TargetError] = []
        fixed: dict[Slot, tuple[Card, Goal]] = {}
        where: dict[Card, tuple[Slot, Goal]] = {}
        for goal in goals:
            for slot, card in zip(goal.slots, goal.requirement.preset, strict=False):
                held = fixed.get(slot)
                if held is not None and held[0] != card:
                    problems.append(
                        TargetError(
                            goal.index,
                            f"{_slot_name(slot)} is {held[0].notation} in "
                            f"targets[{held[1].index}], not {card.notation}",
                        )
                    )
                elif card in where and where[card][0] != slot:
                    other = where[card]
                    problems.append(
                        TargetError(
                            goal.index,
                            f"{card.notation} is already {_slot_name(other[0])} in "
                            f"targets[{other[1].index}]",
                        )
                    )
                fixed[slot] = (card, goal)
                where[card] = (slot, goal)
        for later_at, later in enumerate(goals):
            for earlier in goals[:later_at]:
                problem = _pair_conflict(earlier, later)
                if problem:
                    problems.append(TargetError(later.index, problem))
        for goal in goals:
            if goal.envy and seats is not None and len(seats) < 2:
                problems.append(
                    TargetError(
                        goal.index,
                        f"an Envy Bonus is paid to another player: {goal.who} is alone "
                        "at the table",
                    )
                )
        if seats is None:
            wanted = {g.position for g in goals if g.position > 0} | {
                g.seat for g in goals if g.seat is not None
            }
            if len(wanted) > self.max_seats:
                problems.append(
                    TargetError(None, f"{len(wanted)} seats are targeted, {self.max_seats} exist")
                )
        return problems

    def _choose_seats(
        self, rng: random.Random, goals: Sequence[Goal], seats: Sequence[int] | None
    ) -> tuple[int, ...]:
        if seats is not None:
            return tuple(sorted(seats))
        wanted = {g.position for g in goals if g.position > 0}
        wanted |= {g.seat for g in goals if g.seat is not None}
        low, high = self.random_seats
        minimum = len(wanted) + (1 if any(g.envy for g in goals) else 0)
        count = min(self.max_seats, max(minimum, rng.randint(low, high)))
        others = [s for s in range(1, self.max_seats + 1) if s not in wanted]
        return tuple(sorted([*wanted, *rng.sample(others, count - len(wanted))]))

    def _preset(
        self,
        config: C,
        seats: Sequence[int],
        assignment: Mapping[Hashable, Card],
        rng: random.Random,
    ) -> dict[int, tuple[Card, ...]]:
        """Whole positions for the dealing code: the solved slots, and random cards from the
        rest of the deck for a touched position's other slots (no target looks at those)."""
        touched = sorted({slot[0] for slot in assignment})  # type: ignore[index]
        spare = [card for card in self.deck if card not in set(assignment.values())]
        rng.shuffle(spare)
        preset: dict[int, tuple[Card, ...]] = {}
        for position in touched:
            cards = [
                assignment[(position, i)] if (position, i) in assignment else spare.pop()
                for i in range(self.cards_at(config, position))
            ]
            preset[position] = tuple(cards)
        return preset

    def _missed(self, config: C, round_: R, goals: Sequence[Goal]) -> list[TargetError]:
        cards = self.round_cards(round_)
        missed = []
        for goal in goals:
            hand = [cards[position][i] for position, i in goal.slots]
            if not goal.requirement.test(hand):
                missed.append(TargetError(goal.index, f"{format_cards(hand)} is not {goal.hand}"))
        return missed + self.round_problems(config, round_, goals)

    def _unsolved(self, goals: Sequence[Goal], failures: Mapping[int, int]) -> TargetError:
        worst = max(failures, key=lambda i: failures[i]) if failures else 0
        goal = goals[worst]
        others = [g for g in goals if g is not goal and set(g.slots) & set(goal.slots)]
        if not others:
            return TargetError(
                goal.index,
                f"{goal.who} cannot hold {goal.hand}: no cards left in the deck make it "
                f"({SOLVE_ATTEMPTS} constructions tried)",
            )
        names = ", ".join(f"targets[{g.index}] ({g.target.describe()})" for g in others)
        return TargetError(
            goal.index,
            f"{goal.who} cannot hold {goal.hand} together with {names}: the cards they share "
            f"cannot make both ({SOLVE_ATTEMPTS} constructions tried)",
        )


def _slot_name(slot: Slot) -> str:
    position, index = slot
    nth = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")[index]
    return f"{possessive(position)} {nth} card"


def _pair_conflict(earlier: Goal, later: Goal) -> str | None:
    if not set(earlier.slots) & set(later.slots):
        held = set(earlier.requirement.preset) | earlier.required
        clash = sorted(later.required & held) + sorted(set(later.requirement.preset) & held)
        if clash:
            return (
                f"{later.who} cannot hold {later.hand}: {possessive(earlier.position)} target "
                f"uses {clash[0].notation}"
            )
        return None
    if earlier.family is None or earlier.family != later.family:
        return None
    if earlier.spec is not None and later.spec is not None:
        if _compatible(earlier.spec, later.spec):
            return None
    elif earlier.hand == later.hand:
        return None
    elif (
        earlier.categories is None
        or later.categories is None
        or earlier.categories & later.categories
    ):
        return None  # perhaps both: the solver decides
    return (
        f"{later.who}'s hand cannot be both {earlier.hand} (targets[{earlier.index}]) and "
        f"{later.hand}"
    )


def _compatible(a: HandSpec, b: HandSpec) -> bool:
    """Whether one hand can be both: the same category, and no rank or suit that differs."""
    return (
        a.category is b.category
        and (a.rank is None or b.rank is None or a.rank is b.rank)
        and (a.suit is None or b.suit is None or a.suit is b.suit)
    )


__all__ = [
    "BOARD",
    "FOREIGN_HANDS",
    "GameTargets",
    "Goal",
    "Plan",
    "Target",
    "TargetError",
    "any_of_goal",
    "cards_by_position",
    "cards_field",
    "cards_goal",
    "foreign_hand",
    "hand_goal",
    "own_cards_first",
    "parse_position",
    "parse_target",
    "position_name",
    "possessive",
]
