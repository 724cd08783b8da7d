"""What a game is to the rest of the trainer: one ``GameDefinition`` per game package.

Everything outside a game's own package (the practice table, lessons, replay, the console, the
paperwork exercise, the window) asks ``games.registry`` for the definition and works through
it, so adding a game adds a package, its data, its layout and its lessons, and nothing else.
Definitions hold functions, never built tables: nothing is read or validated until a table or
a scenario is actually used.

A definition names the parts of its game that reading and settling a scenario do not need (the
table analysis, constrained deals, random dealing, the felt) with ``later``: their modules are
imported the first time they are used, so settling one scenario loads its game's parser, rules
and procedure and nothing else (tests/test_import_budget.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from datetime import date
from typing import TYPE_CHECKING, Any, Generic, NewType, Protocol, TypeVar

from msgspec import Struct, field

from dealer_trainer.rules.temporary import standing

if TYPE_CHECKING:
    from dealer_trainer.engine.actions import Action
    from dealer_trainer.engine.dealing import DealEvent
    from dealer_trainer.engine.felt import TableSetup
    from dealer_trainer.engine.procedure import Procedure
    from dealer_trainer.engine.reference import ReferenceSheet
    from dealer_trainer.engine.spot import SpotCatalog
    from dealer_trainer.engine.step import Step
    from dealer_trainer.engine.wager_analysis import TableWagers
    from dealer_trainer.games.targeting import GameTargets
    from dealer_trainer.rules.temporary import Standing, TemporaryOption

GameId = NewType("GameId", str)
"""A game's identifier: the name of its package under ``dealer_trainer.games``."""

TableResolver = Callable[[str], tuple[Mapping[str, Any], str]]
"""Read a file a scenario refers to (its ``table``, a pai gow house way) by the reference as
written in the scenario: its TOML data and the name its error messages give it. Raises
``DataFileError`` when there is no such file or it is not TOML. Whoever reads the scenario
decides where references lead (beside the file on disk, or the text stored with a record)."""

HandMatcher = Callable[["Step", str], bool]
"""Whether a hand the trainee named is the hand a step verifies (when plain equality is not
the rule, e.g. a pai gow split written in any card order)."""


class RulesSubmission(Protocol):
    """What every game's validated table configuration offers the table picker."""

    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...


class GameRound(Protocol):
    """What every game's dealt round offers: a one-line account of the deal."""

    def describe(self) -> str: ...


C = TypeVar("C", bound=RulesSubmission)
R = TypeVar("R", bound=GameRound)


class Later:
    """A name in another module, imported when it is first used.

    It stands in for what it names: called, it calls the function; any other attribute is the
    named value's (a game's targets). ``module`` and ``name`` are kept so a test can load every
    one a definition holds: a misspelt reference then fails the suite, not a trainee's first
    constrained deal."""

    __slots__ = ("_value", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._value: Any = None

    def load(self) -> Any:
        if self._value is None:
            self._value = getattr(importlib.import_module(self.module), self.name)
        return self._value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):  # copy and pickle probe for hooks: not the value's
            raise AttributeError(attribute)
        return getattr(self.load(), attribute)

    def __repr__(self) -> str:
        return f"later({self.module!r}, {self.name!r})"


def later(module: str, name: str) -> Any:
    """``name`` from ``module``, imported on first use (``Later``): a function of a definition,
    or its ``targets``. Typed ``Any`` because what it stands for is only known once imported;
    the definition's field types say what it must be, and the test that loads every reference
    checks it."""
    return Later(module, name)


def _no_matcher(round_: Any) -> HandMatcher | None:
    return None


def _all_face_up(round_: Any) -> frozenset[str]:
    return frozenset()


def _no_temporary_options(config: Any) -> tuple[TemporaryOption, ...]:
    return ()


def _no_authority(config: Any) -> str:
    return ""


def _no_reference(round_: Any) -> tuple[ReferenceSheet, ...]:
    return ()


class GameDefinition(Struct, Generic[C, R], frozen=True):
    """One game as the trainer deals, settles, checks and draws it."""

    id: GameId
    names: tuple[str, ...]
    """The names table files, lessons and records use for the game (Pai Gow Poker and EZ Pai
    Gow Poker are one package); the first is the game's own."""
    form_codes: Mapping[str, str]
    """The Closed Table form (§ 465a.36(f)(3)(ii)): the game as the form names it -> the
    prefix of its table numbers."""
    layout_key: str
    """The file name (without ``.toml``) of the game's shipped table layout."""
    seat_count: int
    parse_config: Callable[[Mapping[str, Any], str], C]
    """A Rules Submission from TOML data; ``DataFileError`` naming ``source`` and each field."""
    report: Callable[[C], list[str]]
    """The table's wagers, limits, paytables and open rules with their provenance."""
    analysis: Callable[[C], TableWagers]
    """Each wager the table offers as the table analyser prices it (``games/<game>/analysis``):
    which cards form its hand and how the game reads them, its simulation, or why not."""
    parse_scenario: Callable[[Mapping[str, Any], str, TableResolver], R]
    """A fixed round from a scenario's TOML data; ``DataFileError`` naming ``source``."""
    deal: Callable[[C, int, tuple[int, ...] | None], R]
    """A random round from a seed, at the given seats (or the game's usual random seats)."""
    targets: GameTargets[C, R]
    """Constrained deals: the rounds a lesson's targets ask for."""
    table_setup: Callable[[R], TableSetup]
    procedure: Callable[[R], Procedure]
    dealing_sequence: Callable[[R], tuple[DealEvent, ...]]
    not_called_for: Mapping[Action, str]
    """Why an action no step asks for is wrong, in this game's words."""
    actions: tuple[Action, ...]
    """The verbs a dealer of this game uses: the action panel offers these."""
    hand_names: tuple[str, ...]
    """The hands a trainee may name when verifying or announcing one, best first."""
    spots: SpotCatalog
    """The game's kinds of spot: how layout keys and recorded labels become its spots."""
    hand_matcher: Callable[[R], HandMatcher | None] = field(default=_no_matcher)
    split_hands: bool = False
    """Setting the dealer's hand means splitting seven cards (pai gow); otherwise the dealer's
    hand is set by naming it (Four Card Poker's best four of six)."""
    face_down_until: Callable[[R], frozenset[str]] = field(default=_all_face_up)
    """Steps after which the community cards are turned up; until then they lie face down."""
    temporary_options: Callable[[C], tuple[TemporaryOption, ...]] = field(
        default=_no_temporary_options
    )
    """The options a table offers under a temporary provision, with the dates each is in
    force (from the provision's Source note)."""
    in_force_under: Callable[[C], str] = field(default=_no_authority)
    """The authority a table's Rules Submission records for keeping expired options."""
    reference: Callable[[R], tuple[ReferenceSheet, ...]] = field(default=_no_reference)
    """The house documents a dealer may read at this table (the pai gow house way)."""

    def standing(self, config: C, on: date) -> Standing:
        """The table's temporary options as of ``on``, and whether it may still be dealt."""
        return standing(self.temporary_options(config), self.in_force_under(config), on)


__all__ = [
    "GameDefinition",
    "GameId",
    "GameRound",
    "HandMatcher",
    "Later",
    "RulesSubmission",
    "TableResolver",
    "later",
]
