"""A Let It Ride Poker table's configuration: the property's Rules Submission (§ 601a.2), as TOML.

It follows the other games' configurations (games/four_card_poker/config.py): a frozen record
that refuses unknown fields, paytables as data with a citation on every row, the rules the
seed leaves open as settings with their provenance, and errors that name the file, the dotted
field and what was expected, e.g.::

    let_it_ride_all_bonuses.toml: payout_limit: at least $75,000: $50,000 or the most one
    player could win per round at the minimum wager, whichever is greater (§ 643a.12(g),
    seed 000) (got $60,000)

What the seed fixes (seed 000, ch. 643a): the property selects one of the lettered Let It Ride
paytables (§ 643a.12(a)) but their values are not printed, so the shipped table is the common
one (let-it-ride.md § 3.1, STANDARD) under this product's letter "A", and a property may state
its own rows under another letter. The Five Card Bonus, Three Card Bonus and Progressive Payout
Wager tables and the Envy Bonus (§ 643a.12(b)-(e)) are not in the seeds and have no common
value in the notes: a Rules Submission that offers them states its rows (provenance PROPERTY),
and none ships. The payout limit (§ 643a.12(g)) is optional; when set it is at least $50,000 or
the most one patron could win per round at the minimum wager, and it caps only the Let It Ride
Poker Wagers.

The Five Card Hand Bonus (§§ 643a.7(i), 643a.11(f)(3)(v), 643a.12(f)) is the shared module's
(games/five_card_hand_bonus.py), on the player's hand only: Let It Ride has no dealer hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta

from dealer_trainer.games.config_report import (
    fchb_lines,
    limits_span,
    open_rules_lines,
    paytable_lines,
    progressive_lines,
    report_head,
)
from dealer_trainer.games.config_support import BoxCountField, chip_odds, shipped_paytables
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.let_it_ride.wagers import (
    LET_IT_RIDE_WAGERS,
    LetItRideHand,
    LetItRideHandSource,
    LetItRidePaytable,
    LetItRideWager,
    PayoutLimitOrder,
    ThreeCardHand,
)
from dealer_trainer.games.player_hand_fchb import on_the_player_by_default, player_hand_problems
from dealer_trainer.games.progressive_config import (
    METER_ROUNDING,
    METER_ROUNDING_INFO,
    EnvyProgressiveSpec,
    EnvyProgressiveViews,
    RoundingField,
    envy_problems,
    pays_meter_share,
)
from dealer_trainer.games.stated_bonus import StatedBonusSpec, stated_bonus_problems
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    BoolField,
    GameCatalog,
    GamePaytable,
    GameRow,
    MoneyField,
    OpenRules,
    PaytableChoice,
    PaytableFormat,
    RowSpec,
    WagerLimits,
    chip_odds_rule,
    enum_field,
    limit_problems,
    load_config,
    parse_config,
    progressive_odds_rule,
    resolved_per_config,
)
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.provenance import Citation, code, seed, standard
from dealer_trainer.rules.settings import RuleInfo

GAME = "Let It Ride Poker"
"""The ``game`` line of a Let It Ride Rules Submission (the key a practice registry uses)."""
PAYTABLES_SECTION = "643a.12"
PAYTABLE_CITATION = seed("seed 000", "643a.12(a)")
LIMIT_CITATION = seed("seed 000", "643a.12(g)")
MINIMUM_PAYOUT_LIMIT = Decimal(50_000)
"""The payout limit is at least $50,000 or the most one patron could win per round at the
minimum wager, whichever is greater (§ 643a.12(g), seed 000)."""
SETTLEMENT_CITATION = seed("seed 000", "643a.11(f)", "643a.11(f)(3)", "643a.11(g)")
ADJACENT_BOXES_CITATION = seed("seed 000", "643a.7(k)")
NO_BEARING_CITATION = seed("seed 000", "643a.7(j)")
PROGRESSIVE_HAND_CITATION = code("643a.1")
"""A Five-Card Progressive Payout Hand is three of a kind or better (§ 643a.1, with
§ 643a.6(b)); the Envy Bonus Qualifying Hand a straight flush or better held by another player."""
FCHB_CITATION = seed("seed 000", "643a.7(i)", "643a.11(f)(3)(v)", "643a.12(f)")
PROGRESSIVE_CHIPS_CITATION = seed("seed 000", "643a.8(b)(2)")

LetItRideRowHand = LetItRideHand | ThreeCardHand


class LetItRideConfigError(DataFileError):
    """A Let It Ride Rules Submission (or the paytable file) is invalid; ``problems`` lists every
    field that is wrong."""


# --- paytables as data -----------------------------------------------------------------------

ROW_VOCABULARY: Mapping[LetItRidePaytable, type[Enum]] = {
    LetItRidePaytable.LET_IT_RIDE: LetItRideHand,
    LetItRidePaytable.FIVE_CARD_BONUS: LetItRideHand,
    LetItRidePaytable.THREE_CARD_BONUS: ThreeCardHand,
    LetItRidePaytable.PROGRESSIVE: LetItRideHand,
}
"""Which row names each paytable may use: the Three Card Bonus ranks the player's three cards,
every other table the five-card hand."""

FORMAT: PaytableFormat[LetItRidePaytable, LetItRideRowHand, LetItRideHandSource] = PaytableFormat(
    game=GAME,
    section=PAYTABLES_SECTION,
    wager_type=LetItRidePaytable,
    source_type=LetItRideHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=LetItRideConfigError,
    data_file="let_it_ride.toml",
    package="dealer_trainer.games.let_it_ride",
)

LetItRideRow = GameRow[LetItRideRowHand]
LetItRidePaytableRows = GamePaytable[LetItRidePaytable, LetItRideRowHand, LetItRideHandSource]
LetItRideCatalog = GameCatalog[LetItRidePaytable, LetItRideRowHand, LetItRideHandSource]

_HAND_SOURCE: Mapping[LetItRidePaytable, tuple[LetItRideHandSource, Citation]] = {
    LetItRidePaytable.LET_IT_RIDE: (
        LetItRideHandSource.PLAYER_AND_COMMUNITY,
        code("643a.1"),
    ),
    LetItRidePaytable.FIVE_CARD_BONUS: (
        LetItRideHandSource.PLAYER_AND_COMMUNITY,
        code("643a.1"),
    ),
    LetItRidePaytable.THREE_CARD_BONUS: (
        LetItRideHandSource.PLAYER_THREE,
        code("643a.1"),
    ),
    LetItRidePaytable.PROGRESSIVE: (
        LetItRideHandSource.PLAYER_AND_COMMUNITY,
        PROGRESSIVE_HAND_CITATION,
    ),
}
"""The cards each table reads; the hand and the three-card hand are § 643a.1's definitions."""

PROGRESSIVE_ODDS_RULE = progressive_odds_rule("§ 643a.8(b)(2), seed 000")
_NOT_SHIPPED = (
    "no shipped table: § 643a.12(b)-(e) is not in the seeds, so each Rules Submission states "
    "its own rows"
)


def load_let_it_ride_paytables(path: Path) -> LetItRideCatalog:
    """Load and validate a Let It Ride paytable file; errors name the file and the field."""
    return FORMAT.load_catalog(
        path,
        odds=chip_odds,
        refused={
            LetItRidePaytable.FIVE_CARD_BONUS: _NOT_SHIPPED,
            LetItRidePaytable.THREE_CARD_BONUS: _NOT_SHIPPED,
            LetItRidePaytable.PROGRESSIVE: _NOT_SHIPPED,
        },
    )


@cache
def let_it_ride_paytables() -> LetItRideCatalog:
    """The paytables shipped with the game (data/let_it_ride.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_let_it_ride_paytables)


# --- the rules the seed leaves open ------------------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "wagers_equal": RuleInfo(
        "The three Let It Ride Poker Wagers are equal",
        "Seed 000 requires three Let It Ride Poker Wagers (§§ 643a.7(d), 643a.10(b)) but does "
        "not say they are equal; the common rule makes them so.",
        standard("unverified (let-it-ride.md § 2)"),
    ),
    "payout_limit_order": RuleInfo(
        "Payout limit taken from the riding wagers in the order",
        "§ 643a.12(g) caps what a player is paid on the Let It Ride Poker Wagers of one hand, "
        "together; it does not say how the capped total is booked against the three spots. "
        "The default fills the first riding wager first; a wager nothing is left for is "
        "returned to the player unpaid.",
        standard("no rule in the regulations: bookkeeping of § 643a.12(g)"),
    ),
    "meter_payout_rounding": METER_ROUNDING_INFO,
}


class LetItRideRules(OpenRules, frozen=True, kw_only=True):
    """The unverified Let It Ride rules, set in the ``[rules]`` table of a Rules Submission;
    ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    wagers_equal: BoolField = True
    payout_limit_order: Annotated[PayoutLimitOrder, enum_field(PayoutLimitOrder)] = (
        PayoutLimitOrder.FIRST_WAGER_FIRST
    )
    meter_payout_rounding: RoundingField = METER_ROUNDING


# --- the Rules Submission ----------------------------------------------------------------------


class LetItRideSpec(PaytableChoice, frozen=True, kw_only=True):
    """The three Let It Ride Poker Wagers (§ 643a.7(d)): limits for each, and the paytable the
    property selects (§ 643a.12(a)): the shipped "A" (STANDARD), or its own rows under another
    letter."""

    minimum: MoneyField
    maximum: MoneyField

    @property
    def limits(self) -> WagerLimits:
        return WagerLimits(minimum=self.minimum, maximum=self.maximum)


class BonusSpec(StatedBonusSpec, frozen=True, kw_only=True):
    """The Five Card Bonus (§ 643a.7(e)) or Three Card Bonus (§ 643a.7(f)) Wager: its limits
    and the rows the Rules Submission states (§ 643a.12 prints none in the seeds)."""


class LetItRideProgressiveSpec(EnvyProgressiveSpec, frozen=True, kw_only=True):
    """The Progressive Payout Wager (§ 643a.7(g)) on the five-card hand: rows "X for 1" or
    "N% of meter" and the meter reset as the Rules Submission states them, and the fixed Envy
    Bonus to each other progressive bettor for a qualifying hand (§ 643a.1 [CODE]: a straight
    flush or better; the amount is not in the seeds)."""


class LetItRideTableConfig(EnvyProgressiveViews, Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Let It Ride Poker table.

    Use ``offers``, ``paytable``, ``limits`` and the properties rather than the raw fields: they
    resolve letters and the property's rows to paytables.
    """

    game: Literal["Let It Ride Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    let_it_ride: LetItRideSpec
    payout_limit: MoneyField | None = None
    """The most a player is paid on the Let It Ride Poker Wagers of a single hand (§ 643a.12(g));
    none when the Rules Submission sets no limit."""
    five_card_bonus: BonusSpec | None = None
    three_card_bonus: BonusSpec | None = None
    progressive: LetItRideProgressiveSpec | None = None
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), last for each player."""
    adjacent_boxes: BoxCountField | None = None
    rules: LetItRideRules = LetItRideRules()
    source: str = ""

    @property
    def catalog(self) -> LetItRideCatalog:
        return let_it_ride_paytables()

    def offers(self, wager: LetItRideWager) -> bool:
        if wager.is_let_it_ride:
            return True
        if wager is LetItRideWager.ENVY_BONUS:
            return self.progressive is not None and self.progressive.envy is not None
        return self._spec(wager) is not None

    def offered_wagers(self) -> tuple[LetItRideWager, ...]:
        """The betting spots on this table (the Envy Bonus is not a spot)."""
        return tuple(
            wager
            for wager in LetItRideWager
            if wager is not LetItRideWager.ENVY_BONUS and self.offers(wager)
        )

    @resolved_per_config
    def paytable(self, wager: LetItRideWager) -> LetItRidePaytableRows:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if not self.offers(wager) or wager is LetItRideWager.ENVY_BONUS:
            raise KeyError(f"{self.name} has no {wager.value} paytable")
        if wager.is_let_it_ride:
            choice = self.let_it_ride
            if choice.rows:
                return self._stated(LetItRidePaytable.LET_IT_RIDE, choice.paytable, choice.rows)
            return self.catalog.get(LetItRidePaytable.LET_IT_RIDE, choice.paytable)
        spec = self._spec(wager)
        assert isinstance(spec, BonusSpec | LetItRideProgressiveSpec)
        table = LetItRidePaytable.from_text(wager.value)
        return self._stated(table, spec.paytable, spec.rows, spec.citation)

    @resolved_per_config
    def limits(self, wager: LetItRideWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; ``KeyError`` for one not offered here."""
        if wager.is_let_it_ride:
            return self.let_it_ride.limits
        spec = self._spec(wager)
        if isinstance(spec, WagerLimits):
            return WagerLimits(minimum=spec.minimum, maximum=spec.maximum)
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    @property
    def progressive_pays_meter_share(self) -> bool:
        """Whether a progressive row pays a percentage of the meter (the round needs it)."""
        if self.progressive is None:
            return False
        return pays_meter_share(self.paytable(LetItRideWager.PROGRESSIVE).rows)

    def most_won_at_minimum(self) -> Decimal:
        """The most one player could win per round on the Let It Ride Poker Wagers betting the
        table minimum: three wagers at the top row, on every box a player may wager on
        (§ 643a.7(k)). Only these wagers count: the limit applies to nothing else."""
        table = self.paytable(LetItRideWager.WAGER_1)
        top = max(row.odds.payment(self.let_it_ride.minimum).paid for row in table.rows)
        return top * len(LET_IT_RIDE_WAGERS) * (self.adjacent_boxes or 1)

    def least_payout_limit(self) -> Decimal:
        """$50,000 or ``most_won_at_minimum``, whichever is greater (§ 643a.12(g))."""
        return max(MINIMUM_PAYOUT_LIMIT, self.most_won_at_minimum())

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return let_it_ride_table_report(self)

    def _stated(
        self,
        table: LetItRidePaytable,
        letter: str,
        rows: Sequence[RowSpec],
        citation: Citation | None = None,
    ) -> LetItRidePaytableRows:
        cards, cards_citation = _HAND_SOURCE[table]
        return FORMAT.property_paytable(
            table,
            letter,
            rows,
            citation or FORMAT.stated_citation(self.source),
            cards,
            cards_citation,
        )

    def _spec(self, wager: LetItRideWager) -> Record | None:
        specs: dict[LetItRideWager, Record | None] = {
            LetItRideWager.FIVE_CARD_BONUS: self.five_card_bonus,
            LetItRideWager.THREE_CARD_BONUS: self.three_card_bonus,
            LetItRideWager.PROGRESSIVE: self.progressive,
        }
        return specs.get(wager)


# --- checks that need the regulation -------------------------------------------------------------

_BELOW_PROGRESSIVE = frozenset({LetItRideHand.TWO_PAIR, LetItRideHand.PAIR_OF_TENS_OR_BETTER})


def _progressive_problems(spec: LetItRideProgressiveSpec) -> list[Problem]:
    field = "progressive"
    problems = limit_problems(field, spec)
    rows, found = FORMAT.progressive_problems(
        LetItRidePaytable.PROGRESSIVE, spec, field, PROGRESSIVE_ODDS_RULE
    )
    problems += found
    for index, row in enumerate(rows):
        if row.hand in _BELOW_PROGRESSIVE:
            problems.append(
                Problem(
                    f"{field}.rows[{index}].hand",
                    "three of a kind or better: a Five-Card Progressive Payout Hand is three of "
                    f"a kind or better ({PROGRESSIVE_HAND_CITATION})",
                    repr(row.label),
                )
            )
    return problems + envy_problems(
        spec,
        field,
        PAYTABLES_SECTION,
        at_least_straight_flush="the Five-Card Envy Bonus Qualifying Hand is a straight flush "
        f"or better ({PROGRESSIVE_HAND_CITATION})",
    )


def _check(config: LetItRideTableConfig) -> list[Problem]:
    spec = config.let_it_ride
    problems = limit_problems("let_it_ride", spec)
    _, found = FORMAT.choice_problems(
        config.catalog,
        LetItRidePaytable.LET_IT_RIDE,
        spec,
        "let_it_ride",
        kinds=CHIP_ODDS,
        kinds_rule=chip_odds_rule(LetItRidePaytable.LET_IT_RIDE),
    )
    problems += found
    for table, bonus, field in (
        (LetItRidePaytable.FIVE_CARD_BONUS, config.five_card_bonus, "five_card_bonus"),
        (LetItRidePaytable.THREE_CARD_BONUS, config.three_card_bonus, "three_card_bonus"),
    ):
        if bonus is not None:
            problems += stated_bonus_problems(FORMAT, table, bonus, field)
    if config.progressive is not None:
        problems += _progressive_problems(config.progressive)
    if config.five_card_hand_bonus is not None:
        problems += player_hand_problems(
            config.five_card_hand_bonus,
            "the player's hand only: the Five Card Hand Bonus is on the player's three "
            "cards and the two community cards, and Let It Ride has no dealer hand "
            "(§§ 643a.1, 643a.7(i), seed 000)",
        )
    if config.payout_limit is not None and not found:
        least = config.least_payout_limit()
        if config.payout_limit < least:
            problems.append(
                Problem(
                    "payout_limit",
                    f"at least {format_money(least)}: $50,000 or the most one player could win "
                    "per round at the minimum wager, whichever is greater "
                    f"({LIMIT_CITATION.short}, seed 000)",
                    format_money(config.payout_limit),
                )
            )
    return problems


def parse_let_it_ride_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> LetItRideTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(
        LetItRideTableConfig, LetItRideConfigError, _check, on_the_player_by_default(data), source
    )


def load_let_it_ride_config(path: str | Path) -> LetItRideTableConfig:
    """Read and validate a Let It Ride Poker Rules Submission TOML file;
    ``LetItRideConfigError`` lists every problem with the file name, the field path and what
    was expected."""
    return load_config(LetItRideConfigError, parse_let_it_ride_config, path)


# --- the report ----------------------------------------------------------------------------------


def let_it_ride_table_report(config: LetItRideTableConfig) -> list[str]:
    """Wagers, limits, paytables, the payout limit and the open rules, each with the provenance
    of its number, as an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    for wager in (LetItRideWager.WAGER_1, *config.offered_wagers()[3:]):
        table = config.paytable(wager)
        span = limits_span(config.limits(wager))
        if wager.is_let_it_ride:
            span = f"three wagers of {span} each"
        lines += paytable_lines(table, f"  {span}")
        if wager is LetItRideWager.PROGRESSIVE:
            lines += progressive_lines(
                config.progressive_meter_reset,
                config.envy_amount,
                config.envy_qualifying_hand.value,
                f"{PROGRESSIVE_HAND_CITATION}; amount {table.citation}",
                rate=config.progressive_rate_of_progression,
                rate_section="§ 643a.12",
                linked=config.progressive_linked,
                never="the player's own hand",
            )
    if config.payout_limit is not None:
        lines.append(
            f"Payout limit per hand: {format_money(config.payout_limit)}, on the Let It Ride "
            "Poker Wagers only, never on the Five Card Bonus, Three Card Bonus, Progressive "
            f"Payout or Five Card Hand Bonus Wagers  — {LIMIT_CITATION}"
        )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        on = "player's three cards and the two community cards"
        lines += fchb_lines(fchb, on, FCHB_CITATION, "§ 643a.12(f)(4)")
    lines.append(
        "Optional wagers have no bearing on any other wager, and a withdrawn Let It Ride "
        f"Poker Wager none on them  — {NO_BEARING_CITATION}"
    )
    lines.append(
        "Settlement: after the second community card is turned, each player from the dealer's "
        "right, counterclockwise: the Let It Ride Poker Wagers first, then the Five Card "
        "Bonus, Three Card Bonus and Progressive Payout Wagers, then the Five Card Hand Bonus; "
        f"the cards to the discard rack last  — {SETTLEMENT_CITATION}"
    )
    if config.adjacent_boxes is not None:
        lines.append(
            f"Adjacent boxes a player may wager on: {config.adjacent_boxes}, as the Rules "
            f"Submission states  — {ADJACENT_BOXES_CITATION}"
        )
    return lines + open_rules_lines(config.rules.describe())


__all__ = [
    "GAME",
    "LIMIT_CITATION",
    "MINIMUM_PAYOUT_LIMIT",
    "PAYTABLE_CITATION",
    "ROW_VOCABULARY",
    "RULE_INFO",
    "BonusSpec",
    "LetItRideCatalog",
    "LetItRideConfigError",
    "LetItRidePaytableRows",
    "LetItRideProgressiveSpec",
    "LetItRideRow",
    "LetItRideRowHand",
    "LetItRideRules",
    "LetItRideSpec",
    "LetItRideTableConfig",
    "let_it_ride_paytables",
    "let_it_ride_table_report",
    "load_let_it_ride_config",
    "load_let_it_ride_paytables",
    "parse_let_it_ride_config",
]
