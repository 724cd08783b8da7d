"""A Mississippi Stud table's configuration: the property's Rules Submission (§ 601a.2), as TOML.

It follows the other games' configurations (games/let_it_ride/config.py): a frozen record
that refuses unknown fields, paytables as data with a citation on every row, the rules the
chapter leaves open as settings with their provenance, and errors that name the file, the dotted
field and what was expected.

What ch. 655a fixes and what was read of it: the Ante and Bet Wagers are paid on the one table
of § 655a.12(a), a pair of 6s to 10s a push; the aggregate payout for a hand may not exceed
$50,000 or the most one patron could win per round betting the minimum wager, whichever is
greater (§ 655a.12(b)), a limit on the wagers of subsection (a) only; the Progressive Payout
Wager is paid on one of Paytables A-D the property selects (§ 655a.12(c)(1)), the highest hand
only ((c)(2)), with a rate of progression the Rules Submission states ((c)(3)); an Envy Bonus is
a fixed sum for another player's royal flush or straight flush (§ 655a.1). The Three Card Bonus
values, the Envy amount and the meter reset are in the part of § 655a.12 not read: the Rules
Submission states them (provenance PROPERTY). Paytable A pays shares of one meter; Paytables B-D
pay a mega, a major and (C, D) a minor jackpot, each a meter of its own
(``games.jackpot_meters``) whose reset amount and rate of progression the Rules Submission
states in ``[progressive.jackpots.mega]`` and so on, since (c)(3) onwards was not read.

The Five Card Hand Bonus (§ 655a.1, "Magic Card Bonus", "Lucky Bonus") is the shared module's
(games/five_card_hand_bonus.py), on the player's two cards and the three community cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta, field

from dealer_trainer.games.config_report import (
    fchb_lines,
    limits_span,
    open_rules_lines,
    paytable_lines,
    progressive_lines,
    report_head,
)
from dealer_trainer.games.config_support import shipped_paytables
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.jackpot_meters import (
    JACKPOT_NAMES,
    JackpotMeter,
    JackpotMeterSpec,
    JackpotMetersSpec,
    jackpot_problems,
    jackpot_report_lines,
    jackpots_paid,
)
from dealer_trainer.games.mississippi_stud.wagers import (
    STREETS,
    LimitBasis,
    PayoutLimitOrder,
    ProgressiveOnFold,
    StudHand,
    StudHandSource,
    StudPaytable,
    StudWager,
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
    PROGRESSIVE_ODDS,
    GameCatalog,
    GamePaytable,
    GameRow,
    Letter,
    OpenRules,
    OptionalPercentField,
    PaytableFormat,
    RowSpec,
    WagerLimits,
    chip_odds_rule,
    enum_field,
    limit_problems,
    load_config,
    no_rows,
    parse_config,
    reading_recorded_tables,
    resolved_per_config,
)
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import code, standard
from dealer_trainer.rules.settings import RuleInfo

GAME = "Mississippi Stud"
"""The ``game`` line of a Mississippi Stud Rules Submission."""
PAYTABLES_SECTION = "655a.12"
PAYTABLE_CITATION = code("655a.12(a)")
LIMIT_CITATION = code("655a.12(b)")
MINIMUM_PAYOUT_LIMIT = Decimal(50_000)
"""The aggregate payout limit is $50,000 or the most one patron could win per round betting the
minimum wager, whichever is greater (§ 655a.12(b))."""
PROGRESSIVE_CITATION = code("655a.12(c)(1)")
PROGRESSIVE_HAND_CITATION = code("655a.1")
"""A Progressive Payout Hand is three of a kind or better in the player's two cards and the
three community cards; an Envy Bonus Qualifying Hand a royal flush or straight flush (§ 655a.1)."""
BET_CITATION = code("655a.1")
"""Each Bet Wager is one, two or three times the Ante (§ 655a.1)."""
HOUSE = "house rules, not yet checked against the Code text"
SETTLEMENT_CITATION = standard(f"{HOUSE} (§ 655a.11 not read)")
FCHB_CITATION = code("655a.1")
PROGRESSIVE_LETTERS = ("A", "B", "C", "D")
"""The Progressive Payout Wager paytables § 655a.12(c)(1) prints."""
ONE_METER = "A"
"""The one Progressive Payout Wager paytable paid from a single meter; B-D pay named jackpots."""
JACKPOT_BASIS = "amounts stated by the Rules Submission"
WON_TWICE_BASIS = "common practice; the regulation text is silent or not yet checked"

StudRowHand = StudHand | ThreeCardHand


class MississippiStudConfigError(DataFileError):
    """A Mississippi Stud Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


# --- paytables as data -----------------------------------------------------------------------

ROW_VOCABULARY: Mapping[StudPaytable, type[Enum]] = {
    StudPaytable.BASE: StudHand,
    StudPaytable.THREE_CARD_BONUS: ThreeCardHand,
    StudPaytable.PROGRESSIVE: StudHand,
}

FORMAT: PaytableFormat[StudPaytable, StudRowHand, StudHandSource] = PaytableFormat(
    game=GAME,
    section=PAYTABLES_SECTION,
    wager_type=StudPaytable,
    source_type=StudHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=MississippiStudConfigError,
    data_file="mississippi_stud.toml",
    package="dealer_trainer.games.mississippi_stud",
    winning_rows_only=False,
    jackpots=JACKPOT_NAMES,
)

StudRow = GameRow[StudRowHand]
StudPaytableRows = GamePaytable[StudPaytable, StudRowHand, StudHandSource]
StudCatalog = GameCatalog[StudPaytable, StudRowHand, StudHandSource]

BASE_ODDS = frozenset({OddsKind.TO, OddsKind.PUSH})
THREE_CARD_CARDS_CITATION = standard(f"{HOUSE}: the three community cards (§ 655a.7 not read)")


def _odds(wager: StudPaytable) -> tuple[frozenset[OddsKind], str]:
    if wager is StudPaytable.BASE:
        return BASE_ODDS, "'X to 1' or 'Push': the Ante and Bet Wagers are paid beside the stake"
    if wager is StudPaytable.PROGRESSIVE:
        return (
            PROGRESSIVE_ODDS,
            "'X for 1', 'N% of meter' or 'N% of mega jackpot' (§ 655a.12(c)(1))",
        )
    return CHIP_ODDS, chip_odds_rule(wager)


def load_mississippi_stud_paytables(path: Path) -> StudCatalog:
    """Load and validate a Mississippi Stud paytable file; errors name the file and field."""
    return FORMAT.load_catalog(
        path,
        odds=_odds,
        refused={
            StudPaytable.THREE_CARD_BONUS: "no shipped table: the Three Card Bonus rows of "
            "§ 655a.12 were not read, so each Rules Submission states its own"
        },
        required=(StudPaytable.BASE,),
    )


@cache
def mississippi_stud_paytables() -> StudCatalog:
    """The paytables shipped with the game (data/mississippi_stud.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_mississippi_stud_paytables)


# --- the rules the chapter leaves open ---------------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "payout_limit_order": RuleInfo(
        "Payout limit taken from the winning wagers in the order",
        "§ 655a.12(b) caps the aggregate payout for a hand on the Ante and Bet Wagers together; "
        "it does not say how the capped total is booked against the four spots. The default "
        "fills the Ante first; a wager nothing is left for is returned to the player unpaid.",
        standard("no rule in the regulations: bookkeeping of § 655a.12(b)"),
    ),
    "payout_limit_basis": RuleInfo(
        "The most one patron could win betting the minimum wager",
        "§ 655a.12(b) sets the limit at $50,000 or the most one patron could win per round "
        "when betting the minimum wager, whichever is greater; the default counts the minimum "
        "Ante with each Bet Wager at three times it.",
        standard("reading of § 655a.12(b)"),
    ),
    "progressive_on_fold": RuleInfo(
        "A folding player's Progressive Payout Wager",
        "The procedure of § 655a.11 was not read; by the common house rule a fold forfeits the "
        "hand and its cards are collected at once, so its Progressive Payout Wager is lost and "
        "it neither holds nor earns an Envy Bonus.",
        standard(f"{HOUSE} (§ 655a.11 not read)"),
    ),
    "meter_payout_rounding": METER_ROUNDING_INFO,
}


class StudRules(OpenRules, frozen=True, kw_only=True):
    """The rules ch. 655a leaves open (or that were not read), set in the ``[rules]`` table of
    a Rules Submission; ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    payout_limit_order: Annotated[PayoutLimitOrder, enum_field(PayoutLimitOrder)] = (
        PayoutLimitOrder.ANTE_FIRST
    )
    payout_limit_basis: Annotated[LimitBasis, enum_field(LimitBasis)] = (
        LimitBasis.MINIMUM_ANTE_THREE_TIMES
    )
    progressive_on_fold: Annotated[ProgressiveOnFold, enum_field(ProgressiveOnFold)] = (
        ProgressiveOnFold.FORFEITED
    )
    meter_payout_rounding: RoundingField = METER_ROUNDING


# --- the Rules Submission ----------------------------------------------------------------------


class AnteSpec(WagerLimits, frozen=True, kw_only=True):
    """The Ante's limits; each Bet Wager is one, two or three times it (§ 655a.1)."""


class ThreeCardBonusSpec(StatedBonusSpec, frozen=True, kw_only=True):
    """The Three Card Bonus (§ 655a.6(c)): its limits and the rows the Rules Submission states."""


class StudProgressiveSpec(EnvyProgressiveSpec, frozen=True, kw_only=True):
    """The Progressive Payout Wager (§ 655a.12(c)): the Paytable the property selects (A-D,
    printed in the Code, so no rows are stated), and the fixed Envy Bonus paid to each other
    progressive bettor for a royal flush or straight flush (§ 655a.1; the amount is the Rules
    Submission's). Paytable A's one meter has its rate of progression and reset here;
    Paytables B-D state each jackpot's meter under ``jackpots``."""

    paytable: Letter = "A"
    rows: list[RowSpec] = field(default_factory=no_rows)
    rate_of_progression_percent: OptionalPercentField = None
    """Paytable A's meter: required there (checked with the paytable), each jackpot's own
    under ``jackpots`` on B-D."""
    jackpots: JackpotMetersSpec | None = None

    def __post_init__(self) -> None:
        """No rate is required of the section itself: Paytable A's is checked with the
        paytable, and B-D state one per jackpot."""


class StudTableConfig(
    EnvyProgressiveViews, Record, frozen=True, kw_only=True, weakref=True, dict=True
):
    """A validated Rules Submission for one Mississippi Stud table."""

    game: Literal["Mississippi Stud"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: AnteSpec
    three_card_bonus: ThreeCardBonusSpec | None = None
    progressive: StudProgressiveSpec | None = None
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), last for each player."""
    rules: StudRules = StudRules()
    source: str = ""

    @property
    def catalog(self) -> StudCatalog:
        return mississippi_stud_paytables()

    def offers(self, wager: StudWager) -> bool:
        if wager.is_base:
            return True
        if wager is StudWager.ENVY_BONUS:
            return self.progressive is not None and self.progressive.envy is not None
        if wager is StudWager.THREE_CARD_BONUS:
            return self.three_card_bonus is not None
        return self.progressive is not None

    def offered_wagers(self) -> tuple[StudWager, ...]:
        """The betting spots on this table (the Envy Bonus is not a spot)."""
        return tuple(w for w in StudWager if w is not StudWager.ENVY_BONUS and self.offers(w))

    @resolved_per_config
    def paytable(self, wager: StudWager) -> StudPaytableRows:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if not self.offers(wager) or wager is StudWager.ENVY_BONUS:
            raise KeyError(f"{self.name} has no {wager.value} paytable")
        if wager.is_base:
            return self.catalog.get(StudPaytable.BASE)
        if wager is StudWager.PROGRESSIVE:
            assert self.progressive is not None
            return self.catalog.get(StudPaytable.PROGRESSIVE, self.progressive.paytable)
        spec = self.three_card_bonus
        assert spec is not None
        citation = spec.citation or FORMAT.stated_citation(self.source)
        return FORMAT.property_paytable(
            StudPaytable.THREE_CARD_BONUS,
            spec.paytable,
            spec.rows,
            citation,
            StudHandSource.COMMUNITY_THREE,
            THREE_CARD_CARDS_CITATION,
        )

    @resolved_per_config
    def limits(self, wager: StudWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; ``KeyError`` for one not offered here. A Bet
        Wager's are three times the Ante's at most and the Ante's at least (§ 655a.1)."""
        if wager is StudWager.ANTE:
            return WagerLimits(minimum=self.ante.minimum, maximum=self.ante.maximum)
        if wager in STREETS:
            return WagerLimits(minimum=self.ante.minimum, maximum=self.ante.maximum * 3)
        spec = self.three_card_bonus if wager is StudWager.THREE_CARD_BONUS else self.progressive
        if wager is not StudWager.ENVY_BONUS and spec is not None:
            return WagerLimits(minimum=spec.minimum, maximum=spec.maximum)
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    @property
    def progressive_pays_meter_share(self) -> bool:
        if self.progressive is None:
            return False
        return pays_meter_share(self.paytable(StudWager.PROGRESSIVE).rows)

    @property
    def jackpot_meters(self) -> tuple[JackpotMeter, ...]:
        """The jackpot meters the progressive pays, highest first (none on Paytable A)."""
        if self.progressive is None:
            return ()
        return jackpots_paid(self.paytable(StudWager.PROGRESSIVE).rows)

    def jackpot(self, meter: JackpotMeter) -> JackpotMeterSpec:
        """The Rules Submission's reset and rate for ``meter``; ``KeyError`` if not paid."""
        jackpots = self.progressive.jackpots if self.progressive is not None else None
        stated = jackpots.stated() if jackpots is not None else {}
        if meter not in self.jackpot_meters or meter not in stated:
            raise KeyError(f"{self.name} pays no {meter.title.lower()}")
        return stated[meter]

    def most_won_at_minimum(self) -> Decimal:
        """The most one patron could win per round betting the minimum wager (§ 655a.12(b)),
        counted as ``rules.payout_limit_basis`` says: the minimum Ante and three Bet Wagers at
        the top row of § 655a.12(a)."""
        table = self.paytable(StudWager.ANTE)
        top = max(row.odds.payment(self.ante.minimum).paid for row in table.rows)
        times = 3 if self.rules.payout_limit_basis is LimitBasis.MINIMUM_ANTE_THREE_TIMES else 1
        return top * (1 + 3 * times)

    @cached_property
    def payout_limit(self) -> Decimal:
        """The aggregate payout limit for a hand: $50,000 or ``most_won_at_minimum``, whichever
        is greater (§ 655a.12(b)). It is the Code's, not a choice: every table has it."""
        return max(MINIMUM_PAYOUT_LIMIT, self.most_won_at_minimum())

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return mississippi_stud_table_report(self)


# --- checks that need the regulation -------------------------------------------------------------


def _progressive_problems(spec: StudProgressiveSpec) -> list[Problem]:
    field = "progressive"
    problems = limit_problems(field, spec)
    if spec.paytable not in PROGRESSIVE_LETTERS:
        problems.append(
            Problem(
                f"{field}.paytable",
                "one of the Progressive Payout Wager Paytables A-D of § 655a.12(c)(1)",
                repr(spec.paytable),
            )
        )
    elif spec.paytable == ONE_METER:
        problems += _one_meter_problems(spec, field)
    else:
        problems += _jackpot_spec_problems(spec, field)
    if spec.rows:
        problems.append(
            Problem(
                f"{field}.rows",
                "no rows: § 655a.12(c)(1) prints the Progressive Payout Wager paytables; select "
                "one by its letter",
            )
        )
    return problems + envy_problems(
        spec,
        field,
        PAYTABLES_SECTION,
        at_least_straight_flush="an Envy Bonus Qualifying Hand is a royal flush or a straight "
        f"flush ({PROGRESSIVE_HAND_CITATION})",
    )


def _one_meter_problems(spec: StudProgressiveSpec, field: str) -> list[Problem]:
    """Paytable A: one meter, its rate of progression stated ((c)(3)), a positive reset."""
    problems: list[Problem] = []
    if spec.rate_of_progression_percent is None and not reading_recorded_tables():
        problems.append(
            Problem(
                f"{field}.rate_of_progression_percent",
                "the meter's rate of progression, the percentage of each wager added to the "
                "meter, which the Rules Submission must state (§ 655a.12(c)(3))",
            )
        )
    if spec.meter_reset is not None and spec.meter_reset <= 0:
        problems.append(
            Problem(f"{field}.meter_reset", "a positive amount", format_money(spec.meter_reset))
        )
    if spec.jackpots is not None:
        problems.append(
            Problem(
                f"{field}.jackpots",
                "no jackpot meters: Paytable A of § 655a.12(c)(1) pays shares of one meter "
                "(state its meter_reset and rate_of_progression_percent)",
            )
        )
    return problems


def _jackpot_spec_problems(spec: StudProgressiveSpec, field: str) -> list[Problem]:
    """Paytables B-D: each jackpot's own meter stated, nothing stated for a single meter."""
    letter = spec.paytable
    table = mississippi_stud_paytables().get(StudPaytable.PROGRESSIVE, letter)
    named = f"Paytable {letter} of § 655a.12(c)(1)"
    problems = jackpot_problems(spec.jackpots, jackpots_paid(table.rows), field, named)
    for name, value in (
        ("meter_reset", spec.meter_reset),
        ("rate_of_progression_percent", spec.rate_of_progression_percent),
    ):
        if value is not None:
            problems.append(
                Problem(
                    f"{field}.{name}",
                    f"nothing here: {named} pays jackpots, each on a meter of its own; state "
                    f"each meter's reset and rate_of_progression_percent under {field}.jackpots",
                    str(value),
                )
            )
    if spec.linked is not None:
        problems.append(
            Problem(
                f"{field}.linked",
                f"no link: the trainer links a progressive with one meter; {named} has one "
                "per jackpot",
            )
        )
    return problems


def _check(config: StudTableConfig) -> list[Problem]:
    problems = limit_problems("ante", config.ante)
    if config.three_card_bonus is not None:
        problems += stated_bonus_problems(
            FORMAT, StudPaytable.THREE_CARD_BONUS, config.three_card_bonus, "three_card_bonus"
        )
    if config.progressive is not None:
        problems += _progressive_problems(config.progressive)
    if config.five_card_hand_bonus is not None:
        problems += player_hand_problems(
            config.five_card_hand_bonus,
            "the player's hand only: the Five Card Hand Bonus is on the player's two "
            "cards and the three community cards, and Mississippi Stud has no dealer "
            "hand (§ 655a.1)",
        )
    return problems


def parse_mississippi_stud_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> StudTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(
        StudTableConfig, MississippiStudConfigError, _check, on_the_player_by_default(data), source
    )


def load_mississippi_stud_config(path: str | Path) -> StudTableConfig:
    """Read and validate a Mississippi Stud Rules Submission TOML file."""
    return load_config(MississippiStudConfigError, parse_mississippi_stud_config, path)


# --- the report ----------------------------------------------------------------------------------


def mississippi_stud_table_report(config: StudTableConfig) -> list[str]:
    """Wagers, limits, paytables, the payout limit and the open rules, each with the provenance
    of its number, as an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    ante = config.limits(StudWager.ANTE)
    span = (
        f"  Ante {limits_span(ante)}; 3rd, 4th and 5th Street Wagers of one, two or three "
        f"times the Ante ({BET_CITATION.short})"
    )
    lines += paytable_lines(config.paytable(StudWager.ANTE), span)
    if config.three_card_bonus is not None:
        wager = StudWager.THREE_CARD_BONUS
        lines += paytable_lines(config.paytable(wager), f"  {limits_span(config.limits(wager))}")
    if config.progressive is not None:
        wager = StudWager.PROGRESSIVE
        table = config.paytable(wager)
        lines += paytable_lines(table, f"  {limits_span(config.limits(wager))}")
        jackpots = config.progressive.jackpots
        if jackpots is not None and config.jackpot_meters:
            lines += jackpot_report_lines(
                jackpots, "§ 655a.12(c)(3)", JACKPOT_BASIS, WON_TWICE_BASIS
            )
        lines += progressive_lines(
            config.progressive_meter_reset,
            config.envy_amount,
            config.envy_qualifying_hand.value,
            f"{PROGRESSIVE_HAND_CITATION}; amount stated by the Rules Submission",
            rate=config.progressive_rate_of_progression,
            rate_section="§ 655a.12(c)(3)",
            never="the player's own hand",
        )
    lines.append(
        f"Aggregate payout limit per hand: {format_money(config.payout_limit)} ($50,000 or "
        f"{format_money(config.most_won_at_minimum())}, the most one patron could win betting "
        "the minimum wager, whichever is greater), on the Ante and Bet Wagers only  — "
        f"{LIMIT_CITATION}"
    )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        on = "player's two cards and the three community cards"
        lines += fchb_lines(fchb, on, FCHB_CITATION, "§ 655a.12")
    lines.append(
        "Settlement: after the third community card is turned, each player from the dealer's "
        "right, counterclockwise: the Ante and Bet Wagers first, then the Three Card Bonus and "
        "Progressive Payout Wagers, then the Five Card Hand Bonus; the cards to the discard "
        "rack last. A fold forfeits the Ante and the Bet Wagers made, collected with the cards "
        f"at the fold  — {SETTLEMENT_CITATION}"
    )
    return lines + open_rules_lines(config.rules.describe())


__all__ = [
    "GAME",
    "LIMIT_CITATION",
    "MINIMUM_PAYOUT_LIMIT",
    "PAYTABLE_CITATION",
    "PROGRESSIVE_CITATION",
    "PROGRESSIVE_HAND_CITATION",
    "RULE_INFO",
    "MississippiStudConfigError",
    "StudCatalog",
    "StudPaytableRows",
    "StudProgressiveSpec",
    "StudRow",
    "StudRowHand",
    "StudRules",
    "StudTableConfig",
    "ThreeCardBonusSpec",
    "load_mississippi_stud_config",
    "load_mississippi_stud_paytables",
    "mississippi_stud_paytables",
    "mississippi_stud_table_report",
    "parse_mississippi_stud_config",
]
