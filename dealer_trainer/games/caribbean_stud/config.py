"""A Caribbean Stud Poker table's configuration: the property's Rules Submission under § 601a.2.

It mirrors the Pai Gow Poker ``PaiGowTableConfig`` (games/pai_gow/config.py): a frozen record
that refuses unknown fields, paytables loaded as data with a citation on every row, the
unverified rules as settings with their provenance, and errors that name the file, the dotted
field and what was expected, e.g.::

    caribbean_stud.toml: progressive.rows[3].hand: two pair or better: a Progressive Payout
    Hand is three of a kind or better, or two pair or better if the paytable includes it
    (§ 639a.1, seed 000) (got 'One pair')

A wager is offered when its table is present in the file. Seed 000 prints only the Five Card
Hand Bonus table of § 639a.12; the Ante, Bet and Caribbean Stud Bonus tables ship as common
industry tables marked STANDARD that a property may replace with rows of its own, and the
progressive is settled only on rows (and an Envy Bonus amount) the Rules Submission states.

The Five Card Hand Bonus (§§ 639a.7(d)(4), 639a.11(c)(6), 639a.12(e)) is the section the
module shared by every game defines (games/five_card_hand_bonus.py): its paytable is the seed's,
so only the limits, hands, meter amounts and the optional Magic Card and Lucky Bonus are stated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from dealer_trainer.cards import parse_cards
from dealer_trainer.games.caribbean_stud.hands import (
    QUALIFYING_CITATION,
    five_card_hand,
    row_classes,
)
from dealer_trainer.games.caribbean_stud.wagers import (
    OPTIONAL_WAGERS,
    CaribbeanStudWager,
    StudCondition,
    StudHand,
    StudHandSource,
)
from dealer_trainer.games.config_report import (
    fchb_hands,
    fchb_lines,
    limits_span,
    open_rules_lines,
    paytable_lines,
    progressive_lines,
    report_head,
)
from dealer_trainer.games.config_support import chip_odds, shipped_paytables
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.progressive_config import (
    METER_ROUNDING,
    METER_ROUNDING_INFO,
    EnvyProgressiveSpec,
    EnvyProgressiveViews,
    RoundingField,
    envy_problems,
    pays_meter_share,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
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
from dealer_trainer.rules.provenance import Citation, code, seed, standard
from dealer_trainer.rules.settings import RuleInfo
from dealer_trainer.vocabulary import Vocabulary

GAME_NAME = "Caribbean Stud Poker"
BET_MULTIPLE = 2
BET_SIZE_CITATION = seed("seed 000", "639a.11(b)")
FOLD_CITATION = seed("seed 000", "639a.11(b)")
BET_RETURNED_CITATION = QUALIFYING_CITATION
BONUS_HAND_CITATION = seed("seed 000", "639a.7(d)(3)")
PROGRESSIVE_HAND_CITATION = seed("seed 000", "639a.1")
ENVY_CITATION = code("639a.1")
TIE_CITATION = standard("unverified: identical hands push the Ante and Bet (caribbean-stud.md § 4)")
FCHB_CITATION = seed("seed 000", "639a.7(d)(4)", "639a.11(c)(6)", "639a.12(e)")
ONE_POSITION_CITATION = seed("seed 000", "639a.7(e)")

StudRowHand = StudHand | StudCondition

_CATEGORY_ROWS = (
    StudHand.ROYAL_FLUSH,
    StudHand.STRAIGHT_FLUSH,
    StudHand.FOUR_OF_A_KIND,
    StudHand.FULL_HOUSE,
    StudHand.FLUSH,
    StudHand.STRAIGHT,
    StudHand.THREE_OF_A_KIND,
    StudHand.TWO_PAIR,
)

ROW_VOCABULARY: Mapping[CaribbeanStudWager, tuple[StudRowHand, ...]] = {
    CaribbeanStudWager.ANTE: (StudCondition.ANTE_WINS,),
    CaribbeanStudWager.BET: (
        *_CATEGORY_ROWS,
        StudHand.ONE_PAIR,
        StudHand.ONE_PAIR_OR_ACE_KING,
        StudHand.ACE_KING,
    ),
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS: (*_CATEGORY_ROWS, StudHand.PAIR_OF_TENS_OR_BETTER),
    CaribbeanStudWager.PROGRESSIVE: _CATEGORY_ROWS,
}
"""Which row names each wager's paytable may use, and why the rest are refused: the Caribbean
Stud Bonus wins on nothing below a pair of 10s (§ 639a.7(d)(3)); a Progressive Payout Hand is
two pair or better (§ 639a.1); the Bet is paid on a hand that beat a dealer holding at least
ace/king (§ 639a.2(b)(7))."""

_ROW_RULES: Mapping[CaribbeanStudWager, str] = {
    CaribbeanStudWager.ANTE: "the Ante's single 1 to 1 row",
    CaribbeanStudWager.BET: "a hand that can beat a dealer who qualifies with ace/king "
    "(§ 639a.2(b)(7), seed 000)",
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS: "a pair of 10s or better: the Caribbean Stud Bonus "
    "wins on nothing less (§ 639a.7(d)(3), seed 000)",
    CaribbeanStudWager.PROGRESSIVE: "two pair or better: a Progressive Payout Hand is three of "
    "a kind or better, or two pair or better if the paytable includes it (§ 639a.1, seed 000)",
}

_HAND_SOURCE: Mapping[CaribbeanStudWager, tuple[StudHandSource, Citation]] = {
    CaribbeanStudWager.ANTE: (StudHandSource.AGAINST_DEALER, seed("seed 000", "639a.11(c)")),
    CaribbeanStudWager.BET: (
        StudHandSource.AGAINST_DEALER,
        seed("seed 000", "639a.2(b)(7)", "639a.11(c)"),
    ),
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS: (StudHandSource.PLAYER_FIVE, BONUS_HAND_CITATION),
    CaribbeanStudWager.PROGRESSIVE: (StudHandSource.PLAYER_FIVE, PROGRESSIVE_HAND_CITATION),
}

_WINNING_BET_HANDS = (
    "As Ks Qs Js Ts",  # royal flush
    "9h 8h 7h 6h 5h",  # straight flush
    "9c 9d 9h 9s 2c",  # four of a kind
    "8c 8d 8h 2s 2c",  # full house
    "Kd Jd 8d 5d 3d",  # flush
    "Tc 9d 8h 7s 6c",  # straight
    "7c 7d 7h Ks 2c",  # three of a kind
    "6c 6d 4h 4s Ac",  # two pair
    "5c 5d Ah Ks 2c",  # one pair
    "Ac Kd 9h 5s 2c",  # ace/king
)
"""One hand of every kind that can beat a qualifying dealer: each must find a Bet row."""


class CaribbeanStudConfigError(DataFileError):
    """A Caribbean Stud Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


class NonQualifyingAnte(Vocabulary, noun="an Ante rule for a dealer who does not qualify"):
    """What the Ante does when the dealer holds less than ace/king.

    The seed says only that the Bet is returned (§ 639a.2(b)(7)); paying the Ante 1 to 1 is the
    common rule (caribbean-stud.md § 9 item 2), so the property states its own.
    """

    PAID = "paid 1 to 1"
    RETURNED = "returned (push)"


# --- paytables as data -----------------------------------------------------------------------

PROGRESSIVE_ODDS_RULE = progressive_odds_rule("§ 639a.8(b), seed 000")

FORMAT: PaytableFormat[CaribbeanStudWager, StudRowHand, StudHandSource] = PaytableFormat(
    game=GAME_NAME,
    section="639a.12",
    wager_type=CaribbeanStudWager,
    source_type=StudHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=CaribbeanStudConfigError,
    data_file="caribbean_stud.toml",
    package="dealer_trainer.games.caribbean_stud",
    row_rule=_ROW_RULES.__getitem__,
)
"""How a Caribbean Stud paytable reads: winning rows only, in each wager's own names."""

StudRow = GameRow[StudRowHand]
StudPaytable = GamePaytable[CaribbeanStudWager, StudRowHand, StudHandSource]
StudCatalog = GameCatalog[CaribbeanStudWager, StudRowHand, StudHandSource]
StudRowSpec = RowSpec


def parse_row_hand(wager: CaribbeanStudWager, text: str) -> StudRowHand:
    """Read a row name of ``wager``'s paytable; ``ValueError`` lists the names allowed."""
    return FORMAT.parse_hand(wager, text)


def load_caribbean_stud_paytables(path: Path) -> StudCatalog:
    """Load and validate a Caribbean Stud paytable file; errors name the file and the field.
    The progressive has no shipped table: § 639a.12 is not in the seeds."""
    return FORMAT.load_catalog(
        path,
        odds=chip_odds,
        refused={
            CaribbeanStudWager.PROGRESSIVE: "no shipped progressive table: § 639a.12 is not in "
            "the seeds, so each Rules Submission states its own rows"
        },
    )


@cache
def caribbean_stud_paytables() -> StudCatalog:
    """The paytables shipped with the game (data/caribbean_stud.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_caribbean_stud_paytables)


# --- the rules the seed leaves open ------------------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "ante_when_dealer_does_not_qualify": RuleInfo(
        "Ante when the dealer does not qualify",
        "The seed says only that the Bet is returned when the dealer has less than ace/king "
        "(§ 639a.2(b)(7)); tables commonly pay the Ante 1 to 1.",
        standard("unverified (caribbean-stud.md § 4, § 9 item 2)"),
    ),
    "meter_payout_rounding": METER_ROUNDING_INFO,
}


class FixedRule(Struct, frozen=True):
    """A rule the seed (or the Code) states, shown beside the settings but not changeable."""

    title: str
    value: str
    citation: Citation


FIXED_RULES: tuple[FixedRule, ...] = (
    FixedRule("Dealer qualifies with", "ace/king or better", QUALIFYING_CITATION),
    FixedRule(
        "Bet when the dealer does not qualify",
        "returned (the layout or a sign says so)",
        BET_RETURNED_CITATION,
    ),
    FixedRule("Bet Wager", "exactly two times the Ante", BET_SIZE_CITATION),
    FixedRule(
        "A fold forfeits",
        "the Ante and every other wager except the Five Card Hand Bonus: the Caribbean Stud "
        "Bonus and the Progressive Payout Wager too, whatever the hand",
        FOLD_CITATION,
    ),
    FixedRule(
        "Forfeited wagers and folded cards",
        "collected, cards to the discard rack, before the dealer's hole cards are revealed",
        seed("seed 000", "639a.11(c)"),
    ),
    FixedRule("Identical hands", "the Ante and Bet push", TIE_CITATION),
    FixedRule(
        "Caribbean Stud Bonus",
        "a pair of 10s or better in the player's five cards, whatever the dealer holds",
        BONUS_HAND_CITATION,
    ),
    FixedRule(
        "Settlement",
        "one player at a time from the dealer's right, counterclockwise; each player's Ante, "
        "Bet and Caribbean Stud Bonus before any Five Card Hand Bonus; cards to the discard "
        "rack after all of the player's wagers",
        seed("seed 000", "639a.11(c)", "639a.11(c)(6)", "639a.11(d)"),
    ),
    FixedRule("Positions per player", "one", ONE_POSITION_CITATION),
)


class CaribbeanStudTableRules(OpenRules, frozen=True, kw_only=True):
    """The unverified Caribbean Stud rules, set in the ``[rules]`` table of a Rules Submission;
    ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    ante_when_dealer_does_not_qualify: Annotated[
        NonQualifyingAnte, enum_field(NonQualifyingAnte)
    ] = NonQualifyingAnte.PAID
    meter_payout_rounding: RoundingField = METER_ROUNDING


# --- the Rules Submission ----------------------------------------------------------------------


class BetSpec(PaytableChoice, frozen=True, kw_only=True):
    """The Bet paytable: the shipped common table (letter A, STANDARD), or the property's own
    rows under another letter (§ 639a.12 is not in the seeds). The Bet has no limits of its
    own: it is exactly twice the Ante (§ 639a.11(b))."""


class BonusSpec(PaytableChoice, frozen=True, kw_only=True):
    """The Caribbean Stud Bonus (§ 639a.7(d)(3)): its limits and the shipped common table
    (letter A, STANDARD), or the property's own rows under another letter. The limits are
    fields of its own, not a ``WagerLimits`` base: a record has one base that holds fields."""

    minimum: MoneyField
    maximum: MoneyField


class ProgressiveSpec(EnvyProgressiveSpec, frozen=True, kw_only=True):
    """The Progressive Payout Wager (§ 639a.1): a Progressive Payout Hand of three of a kind or
    better, or two pair or better if the paytable includes it. Its paytable and the Envy Bonus
    (§ 639a.12(a)-(d)) are not in the seeds, so the Rules Submission states the rows ("X for 1"
    or "N% of meter"), the Envy Bonus amount and the meter's reset amount."""


class CaribbeanStudTableConfig(
    EnvyProgressiveViews, Record, frozen=True, kw_only=True, weakref=True
):
    """A validated Rules Submission for one Caribbean Stud Poker table.

    Use ``offers``, ``paytable``, ``limits`` and the properties rather than the raw fields: they
    resolve letters and the property's rows to paytables.
    """

    game: Literal["Caribbean Stud Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: WagerLimits
    bet: BetSpec = BetSpec()
    caribbean_stud_bonus: BonusSpec | None = None
    progressive: ProgressiveSpec | None = None
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), after the other wagers."""
    rules: CaribbeanStudTableRules = CaribbeanStudTableRules()
    source: str = ""

    # --- resolved views ------------------------------------------------------------------

    @property
    def catalog(self) -> StudCatalog:
        return caribbean_stud_paytables()

    @property
    def bet_multiple(self) -> int:
        """The Bet Wager is exactly two times the Ante (§ 639a.11(b), seed 000)."""
        return BET_MULTIPLE

    @property
    def ante_paid_when_dealer_does_not_qualify(self) -> bool:
        return self.rules.ante_when_dealer_does_not_qualify is NonQualifyingAnte.PAID

    def offers(self, wager: CaribbeanStudWager) -> bool:
        if wager in (CaribbeanStudWager.ANTE, CaribbeanStudWager.BET):
            return True
        if wager is CaribbeanStudWager.ENVY_BONUS:
            return self.progressive is not None and self.progressive.envy is not None
        return self._spec(wager) is not None

    def offered_wagers(self) -> tuple[CaribbeanStudWager, ...]:
        """The betting spots on this table (the Envy Bonus is not a spot)."""
        return tuple(
            wager
            for wager in CaribbeanStudWager
            if wager is not CaribbeanStudWager.ENVY_BONUS and self.offers(wager)
        )

    def offered_optional_wagers(self) -> tuple[CaribbeanStudWager, ...]:
        return tuple(wager for wager in OPTIONAL_WAGERS if self.offers(wager))

    def letter(self, wager: CaribbeanStudWager) -> str:
        spec = self._spec(wager)
        return str(getattr(spec, "paytable", "")) if spec is not None else ""

    @resolved_per_config
    def paytable(self, wager: CaribbeanStudWager) -> StudPaytable:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if not self.offers(wager) or wager is CaribbeanStudWager.ENVY_BONUS:
            raise KeyError(f"{self.name} has no {wager.value} paytable")
        if wager is CaribbeanStudWager.ANTE:
            return self.catalog.get(wager)
        spec = self._spec(wager)
        if isinstance(spec, ProgressiveSpec):
            return self._property_paytable(wager, spec.paytable, spec.rows, spec.citation)
        assert isinstance(spec, BetSpec | BonusSpec)
        if spec.rows is not None:
            return self._property_paytable(wager, spec.paytable, spec.rows, spec.citation)
        return self.catalog.get(wager, spec.paytable)

    def limits(self, wager: CaribbeanStudWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; ``KeyError`` for the Bet (twice the Ante, not a
        limit of its own) and for a wager not offered here."""
        spec = self._spec(wager)
        if isinstance(spec, WagerLimits):
            return spec
        if isinstance(spec, BonusSpec):
            return WagerLimits(minimum=spec.minimum, maximum=spec.maximum)
        raise KeyError(f"{self.name} sets no limits of its own for the {wager.value}")

    @property
    def progressive_pays_meter_share(self) -> bool:
        """Whether a progressive row pays a percentage of the meter (the round needs it)."""
        if self.progressive is None:
            return False
        return pays_meter_share(self.paytable(CaribbeanStudWager.PROGRESSIVE).rows)

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return caribbean_stud_table_report(self)

    def _property_paytable(
        self,
        wager: CaribbeanStudWager,
        letter: str,
        specs: Sequence[StudRowSpec],
        citation: Citation | None,
    ) -> StudPaytable:
        """A paytable whose rows the Rules Submission states because the seeds print none."""
        cards, cards_citation = _HAND_SOURCE[wager]
        return FORMAT.property_paytable(
            wager,
            letter,
            specs,
            citation or FORMAT.stated_citation(self.source),
            cards,
            cards_citation,
        )

    def _spec(self, wager: CaribbeanStudWager) -> Record | None:
        specs: dict[CaribbeanStudWager, Record | None] = {
            CaribbeanStudWager.ANTE: self.ante,
            CaribbeanStudWager.BET: self.bet,
            CaribbeanStudWager.CARIBBEAN_STUD_BONUS: self.caribbean_stud_bonus,
            CaribbeanStudWager.PROGRESSIVE: self.progressive,
        }
        return specs.get(wager)


# --- checks that need the regulation -------------------------------------------------------------


def _paytable_problems(
    wager: CaribbeanStudWager, spec: BetSpec | BonusSpec, field: str
) -> list[Problem]:
    """The shipped letter, or the property's own rows under a letter the package does not
    ship; the rows in the wager's vocabulary, paid "to 1" beside the stake."""
    rows, problems = FORMAT.choice_problems(
        caribbean_stud_paytables(),
        wager,
        spec,
        field,
        kinds=CHIP_ODDS,
        kinds_rule=chip_odds_rule(wager),
    )
    if wager is CaribbeanStudWager.BET and rows and spec.rows and len(rows) == len(spec.rows):
        table = StudPaytable(wager, spec.paytable, *_HAND_SOURCE[wager], rows[0].citation, rows)
        for text in _WINNING_BET_HANDS:
            hand = five_card_hand(parse_cards(text))
            if table.first_row(row_classes(hand)) is None:
                name = "ace/king" if hand.rank is HandRank.HIGH_CARD else hand.rank.value
                problems.append(
                    Problem(
                        f"{field}.rows",
                        "a row for every hand that can beat a qualifying dealer, ace/king "
                        f"to royal flush: no row pays {str(name).lower()}",
                    )
                )
    return problems


def _progressive_problems(spec: ProgressiveSpec) -> list[Problem]:
    _, problems = FORMAT.progressive_problems(
        CaribbeanStudWager.PROGRESSIVE, spec, "progressive", PROGRESSIVE_ODDS_RULE
    )
    return problems + envy_problems(
        spec,
        "progressive",
        "639a.12",
        at_least_straight_flush="the Envy Bonus Qualifying Hand is a five-card straight flush "
        f"or better ({ENVY_CITATION})",
    )


def _check(config: CaribbeanStudTableConfig) -> list[Problem]:
    problems = limit_problems("ante", config.ante)
    problems += _paytable_problems(CaribbeanStudWager.BET, config.bet, "bet")
    bonus = config.caribbean_stud_bonus
    if bonus is not None:
        problems += limit_problems("caribbean_stud_bonus", bonus)
        problems += _paytable_problems(
            CaribbeanStudWager.CARIBBEAN_STUD_BONUS, bonus, "caribbean_stud_bonus"
        )
    if config.progressive is not None:
        problems += limit_problems("progressive", config.progressive)
        problems += _progressive_problems(config.progressive)
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    return problems


def parse_caribbean_stud_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> CaribbeanStudTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(CaribbeanStudTableConfig, CaribbeanStudConfigError, _check, data, source)


def load_caribbean_stud_config(path: str | Path) -> CaribbeanStudTableConfig:
    """Read and validate a Caribbean Stud Poker Rules Submission TOML file;
    ``CaribbeanStudConfigError`` lists every problem with the file name, the field path and
    what was expected."""
    return load_config(CaribbeanStudConfigError, parse_caribbean_stud_config, path)


# --- the report ----------------------------------------------------------------------------------


def caribbean_stud_table_report(config: CaribbeanStudTableConfig) -> list[str]:
    """Wagers, limits, paytables (with the Envy amount), the seed's fixed rules and the open
    rules, each with the provenance of its number, as an instructor checks a table."""
    lines = report_head(config.name, config.game, config.description)
    for wager in config.offered_wagers():
        table = config.paytable(wager)
        if wager is CaribbeanStudWager.BET:
            span = f"  {config.bet_multiple} x the Ante"
        else:
            span = f"  {limits_span(config.limits(wager))}"
        lines += paytable_lines(table, span)
        if wager is CaribbeanStudWager.PROGRESSIVE:
            lines += progressive_lines(
                config.progressive_meter_reset,
                config.envy_amount,
                config.envy_qualifying_hand.value,
                f"{ENVY_CITATION}; amount {table.citation}",
                rate=config.progressive_rate_of_progression,
                rate_section="§ 639a.12",
                linked=config.progressive_linked,
            )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        lines += fchb_lines(fchb, fchb_hands(fchb), FCHB_CITATION, "§ 639a.12(e)(4)")
    lines += ["", "Rules the regulations state:"]
    for rule in FIXED_RULES:
        lines.append(f"  {rule.title}: {rule.value}  — {rule.citation.for_instructor}")
    return lines + open_rules_lines(config.rules.describe())


__all__ = [
    "BET_MULTIPLE",
    "FIXED_RULES",
    "GAME_NAME",
    "RULE_INFO",
    "BetSpec",
    "BonusSpec",
    "CaribbeanStudConfigError",
    "CaribbeanStudTableConfig",
    "CaribbeanStudTableRules",
    "FixedRule",
    "NonQualifyingAnte",
    "ProgressiveSpec",
    "StudCatalog",
    "StudPaytable",
    "StudRow",
    "StudRowHand",
    "StudRowSpec",
    "WagerLimits",
    "caribbean_stud_paytables",
    "caribbean_stud_table_report",
    "load_caribbean_stud_config",
    "load_caribbean_stud_paytables",
    "parse_caribbean_stud_config",
    "parse_row_hand",
]
