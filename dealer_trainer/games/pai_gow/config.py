"""A Pai Gow Poker table's configuration: the property's Rules Submission under § 601a.2, as TOML.

Like every game's, it is built on the shared records of rules/game_paytables.py: a frozen record
that refuses unknown fields, paytables loaded as data with a citation on every row, the
unverified or ambiguous rules as settings with their provenance, and errors that name the file,
the dotted field and what was expected, e.g.::

    pai_gow.toml: dynasty_bonus: only on an EZ Pai Gow Poker table: the Dynasty Bonus is an EZ
    wager (§ 645a.7(e)(5), seed 000)

A wager is offered when its table is present in the file. The seed (seed 000, ch. 645a) prints
the Queen's Dragon, Dynasty Bonus (with its Envy Bonus column), Protection and Red/Black
paytables; the Fortune Bonus, Emperor's Treasure and progressive paytables (§ 645a.13(b)-(e))
are not in the seeds, so the first two ship as common industry tables marked STANDARD that a
property may replace with its own rows, and the progressive is settled only on rows the Rules
Submission states.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta
from msgspec.structs import replace

from dealer_trainer.games.config_report import (
    limits_span,
    open_rules_lines,
    progression_line,
    report_head,
)
from dealer_trainer.games.config_support import shipped_paytables
from dealer_trainer.games.pai_gow.wagers import (
    OPTIONAL_WAGERS,
    QUALIFYING_WAGERS,
    PaiGowCondition,
    PaiGowHandSource,
    PaiGowVariant,
    PaiGowWager,
    ProtectionHand,
    RedBlackHand,
)
from dealer_trainer.hands.pai_gow_rules import (
    DynastyExtraPair,
    FiveAcesRank,
    JokerColour,
    PaiGowRules,
    SevenCardAceLow,
    WheelRank,
)
from dealer_trainer.hands.pai_gow_seven import SevenCardClass
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    BoolField,
    CitationField,
    GameCatalog,
    GamePaytable,
    GameRow,
    Letter,
    MoneyField,
    OpenRules,
    PaytableChoice,
    PaytableFormat,
    PercentField,
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
from dealer_trainer.rules.game_paytables import ProgressiveSpec as GameProgressiveSpec
from dealer_trainer.rules.money import CENT, ZERO, Rounding, RoundingMode, format_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance, seed, standard
from dealer_trainer.rules.settings import RuleInfo
from dealer_trainer.vocabulary import Vocabulary, normalise

COMMISSION_PERCENT = Decimal(5)
COMMISSION_CITATION = seed("seed 000", "645a.13(a)")
QUALIFYING_WAGER_MINIMUM = Decimal(5)
QUALIFYING_WAGER_CITATION = seed("seed 000", "645a.1")
PAYOUT_LIMIT_MINIMUM = Decimal(50_000)
PAYOUT_LIMIT_CITATION = seed("seed 000", "645a.13(j)")
EZ_WAGERS_CITATION = seed("seed 000", "645a.7(e)(5)")
SURRENDER_CITATION = seed("seed 000", "645a.11(d)")
TWO_SPOTS_CITATION = seed("seed 000", "645a.7(f)")
PROGRESSIVE_HANDS_CITATION = seed("seed 000", "645a.7(e)(4)", "645a.6(f)(6)")

PaiGowRowHand = SevenCardClass | PaiGowCondition | ProtectionHand | RedBlackHand


class PaiGowConfigError(DataFileError):
    """A Pai Gow Poker Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


class CommissionRounding(Vocabulary, noun="a vigorish rounding"):
    """How the 5% vigorish is rounded when it is collected (§ 645a.13(a), seed 000).

    The regulation lets the house "round off the vigorish to 25¢ or the next highest multiple
    of 25¢"; without that choice the vigorish is the exact 5%. A fraction of a cent (5% of a
    $7.50 win is 37.5¢) can only go one way when chips are collected; it goes up, the direction
    § 645a.13(a) permits.
    """

    EXACT = "exact cents"
    UP_TO_QUARTER = "up to the next 25¢"

    @property
    def rounding(self) -> Rounding:
        unit = CENT if self is CommissionRounding.EXACT else Decimal("0.25")
        return Rounding(unit, RoundingMode.UP)


# --- paytables as data -----------------------------------------------------------------------

_SEVEN_CARD_ALIASES: Mapping[str, SevenCardClass] = {
    normalise(text): hand
    for text, hand in (
        ("Seven-card straight flush", SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        (
            "Seven-card straight flush with joker",
            SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER,
        ),
        ("Royal flush plus royal match", SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR),
        ("Royal flush plus ace/king suited", SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR),
        (
            "Natural royal flush and a natural ace/king suited",
            SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR,
        ),
        (
            "Natural royal flush and natural ace/king suited",
            SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR,
        ),
    )
}
"""Other printed names of the seven-card classes: the seed's "Seven-card straight flush" (with
the joker, § 645a.6(g)(4)) and its "ace/king suited" (§ 645a.6(g)(3)), and the industry's
"royal match"."""

ROW_VOCABULARY: Mapping[PaiGowWager, type[Enum]] = {
    PaiGowWager.PAI_GOW: PaiGowCondition,
    PaiGowWager.QUEENS_DRAGON: PaiGowCondition,
    PaiGowWager.DYNASTY_BONUS: SevenCardClass,
    PaiGowWager.FORTUNE_BONUS: SevenCardClass,
    PaiGowWager.EMPERORS_TREASURE: SevenCardClass,
    PaiGowWager.PROGRESSIVE: SevenCardClass,
    PaiGowWager.PROTECTION: ProtectionHand,
    PaiGowWager.RED_BLACK: RedBlackHand,
}
"""Which row names each wager's paytable may use. The lookup needs the wager because the seed
prints "Ace/five natural straight flush" in both the Dynasty and the Protection tables."""

_WINNING_SEVEN_CARD = tuple(
    hand for hand in SevenCardClass if hand.order >= SevenCardClass.STRAIGHT.order
)


def _shown_names(vocabulary: Iterable[Enum]) -> Iterable[Enum]:
    """A correction lists the seven-card hands a bonus can pay, not every class."""
    return _WINNING_SEVEN_CARD if vocabulary is SevenCardClass else vocabulary


FORMAT: PaytableFormat[PaiGowWager, PaiGowRowHand, PaiGowHandSource] = PaytableFormat(
    game="Pai Gow Poker",
    section="645a.13",
    wager_type=PaiGowWager,
    source_type=PaiGowHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=PaiGowConfigError,
    data_file="pai_gow.toml",
    package="dealer_trainer.games.pai_gow",
    aliases=_SEVEN_CARD_ALIASES,
    envy=True,
    shown_names=_shown_names,
)
"""How a pai gow paytable reads: winning rows only, an Envy Bonus column where the seed prints
one (the Dynasty Bonus), the seed's own wording of the seven-card hands accepted."""

PaiGowRow = GameRow[PaiGowRowHand]
PaiGowPaytable = GamePaytable[PaiGowWager, PaiGowRowHand, PaiGowHandSource]
PaiGowCatalog = GameCatalog[PaiGowWager, PaiGowRowHand, PaiGowHandSource]
PaiGowRowSpec = RowSpec


def parse_row_hand(wager: PaiGowWager, text: str) -> PaiGowRowHand:
    """Read a row name of ``wager``'s paytable; ``ValueError`` lists the names allowed."""
    return FORMAT.parse_hand(wager, text)


def resolve_rows(
    wager: PaiGowWager, specs: Sequence[RowSpec], citation: Citation, where: str
) -> tuple[tuple[PaiGowRow, ...], list[Problem]]:
    """Rows read in ``wager``'s vocabulary, with every problem found."""
    return FORMAT.resolve_rows(wager, specs, citation, where)


def load_pai_gow_paytables(path: Path) -> PaiGowCatalog:
    """Load and validate a pai gow paytable file; errors name the file and the field."""
    return FORMAT.load_catalog(path)


@cache
def pai_gow_paytables() -> PaiGowCatalog:
    """The pai gow paytables shipped with the game (data/pai_gow.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_pai_gow_paytables)


# --- the rules the seed leaves open ------------------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "wheel": RuleInfo(
        "Rank of A-2-3-4-5",
        "Where the wheel ranks among straights and straight flushes; § 645a.6(b) is not in the "
        "seeds. Common pai gow practice makes it the second-highest.",
        standard("unverified (pai-gow.md § 4, § 10 item 8)"),
    ),
    "five_aces": RuleInfo(
        "Five aces against a royal flush",
        "Four aces and the joker; the Dynasty table pays five aces above a royal flush.",
        standard("unverified (pai-gow.md § 4)"),
    ),
    "dynasty_royal_extra_pair": RuleInfo(
        "Dynasty: the suited pair beside a natural royal flush",
        "§ 645a.6(g)(3) names 'a natural ace/king suited' but describes an ace and queen of one "
        "suit, and the § 645a.13(g) row reads 'natural ace/queen suited': two of three readings "
        "say ace/queen.",
        Citation(
            Provenance.SEED,
            ("645a.6(g)(3)", "645a.13(g)"),
            "seed 000, ambiguous (pai-gow.md § 10 item 1)",
        ),
    ),
    "fortune_royal_match": RuleInfo(
        "Fortune Bonus and Emperor's Treasure: the 'royal match' beside a royal flush",
        "The extra suited pair of the 'royal flush plus royal match' row; casinos post it as "
        "ace/king suited. The paytables are not in the seeds.",
        standard("unverified: posted Fortune Bonus and Emperor's Treasure tables"),
    ),
    "seven_card_ace_low": RuleInfo(
        "Seven-card straight flush with the ace low",
        "Whether A-2-3-4-5-6-7 suited is a seven-card straight flush; the seed says only "
        "'seven cards of the same suit in consecutive ranking'.",
        standard("unverified (§ 645a.6(g)(2), (4))"),
    ),
    "joker_colour": RuleInfo(
        "Colour of the joker for Red/Black",
        "The seed does not say whether the joker is red, black or neither; the property must. "
        "Without a suit it belongs to neither colour by default.",
        standard("unverified: § 645a.13(i) is silent (pai-gow.md § 10 item 3)"),
    ),
    "protection_pays_ace_five_straight_flush": RuleInfo(
        "Protection pays the ace/five natural straight flush row",
        "§ 645a.13(h) prints 'Ace/five natural straight flush 120 to 1', but the wager wins "
        "only without a pair or better (§§ 645a.7(e)(5)(iii), 645a.11(h)(7)); the row is paid "
        "only when the property confirms it.",
        Citation(
            Provenance.SEED,
            ("645a.13(h)", "645a.11(h)(7)"),
            "seed 000, contradictory (pai-gow.md § 10 item 2)",
        ),
    ),
    "queens_dragon_pushes_fouled_hand": RuleInfo(
        "EZ: a dealer Queen's Dragon pushes a fouled hand too",
        "§ 645a.11(f)(1)(v) applies 'notwithstanding' the loss grounds (i)-(iv), which include "
        "a hand not set correctly; read literally, the mis-set hand pushes.",
        Citation(
            Provenance.SEED,
            ("645a.11(f)(1)(v)",),
            "seed 000, literal reading (pai-gow.md § 10 item 5)",
        ),
    ),
}


class PaiGowTableRules(OpenRules, frozen=True):
    """The unverified or ambiguous pai gow rules, set in the ``[rules]`` table of a Rules
    Submission; ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    wheel: Annotated[WheelRank, enum_field(WheelRank)] = WheelRank.SECOND_HIGHEST
    five_aces: Annotated[FiveAcesRank, enum_field(FiveAcesRank)] = FiveAcesRank.ABOVE_ROYAL_FLUSH
    dynasty_royal_extra_pair: Annotated[DynastyExtraPair, enum_field(DynastyExtraPair)] = (
        DynastyExtraPair.ACE_QUEEN
    )
    fortune_royal_match: Annotated[DynastyExtraPair, enum_field(DynastyExtraPair)] = (
        DynastyExtraPair.ACE_KING
    )
    seven_card_ace_low: Annotated[SevenCardAceLow, enum_field(SevenCardAceLow)] = (
        SevenCardAceLow.ACE_HIGH_OR_LOW
    )
    joker_colour: Annotated[JokerColour, enum_field(JokerColour)] = JokerColour.NEITHER
    protection_pays_ace_five_straight_flush: BoolField = False
    queens_dragon_pushes_fouled_hand: BoolField = True

    @property
    def hand_rules(self) -> PaiGowRules:
        """The settings the hand evaluators take (Dynasty's royal flush pair)."""
        return PaiGowRules(
            wheel=self.wheel,
            five_aces=self.five_aces,
            royal_extra_pair=self.dynasty_royal_extra_pair,
            joker_colour=self.joker_colour,
            seven_card_ace_low=self.seven_card_ace_low,
        )

    def hand_rules_for(self, wager: PaiGowWager) -> PaiGowRules:
        """The evaluator settings for ``wager``: Fortune Bonus and Emperor's Treasure read the
        royal flush's extra pair as their 'royal match'."""
        if wager in (PaiGowWager.FORTUNE_BONUS, PaiGowWager.EMPERORS_TREASURE):
            return replace(self.hand_rules, royal_extra_pair=self.fortune_royal_match)
        return self.hand_rules


# --- the Rules Submission ----------------------------------------------------------------------


class BonusSpec(WagerLimits, frozen=True, kw_only=True):
    """Fortune Bonus or Emperor's Treasure: the shipped common table (letter A, STANDARD), or
    the property's own rows under another letter (§ 645a.13(b)-(d) is not in the seeds). The
    fields of a ``PaytableChoice`` (a record has one base with fields; ``choice``)."""

    paytable: Letter = "A"
    rows: list[RowSpec] | None = None
    citation: CitationField | None = None

    @property
    def choice(self) -> PaytableChoice:
        return PaytableChoice(paytable=self.paytable, rows=self.rows, citation=self.citation)


class ProgressiveSpec(GameProgressiveSpec, frozen=True, kw_only=True):
    """The Progressive Payout Wager (§ 645a.7(e)(4)): seven-card hands of a full house or better
    (§ 645a.6(f)); its paytable, § 645a.13(e), is not in the seeds, so the Rules Submission
    states the rows ("X for 1" or "N% of meter") and the meter's reset amount."""


_BONUS_KEYS = {
    PaiGowWager.FORTUNE_BONUS: "fortune_bonus",
    PaiGowWager.EMPERORS_TREASURE: "emperors_treasure",
}


class PaiGowTableConfig(Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Pai Gow Poker or EZ Pai Gow Poker table.

    Use ``offers``, ``paytable``, ``limits``, ``commission`` and ``envy_wager`` rather than the
    raw fields: they resolve letters and property rows to paytables. Weakly referable: its
    resolved views are cached for as long as it lives (``resolved_per_config``).
    """

    game: Literal["Pai Gow Poker", "EZ Pai Gow Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    pai_gow: WagerLimits
    commission_percent: PercentField = COMMISSION_PERCENT
    commission_rounding: Annotated[CommissionRounding, enum_field(CommissionRounding)] = (
        CommissionRounding.EXACT
    )
    fortune_bonus: BonusSpec | None = None
    emperors_treasure: BonusSpec | None = None
    progressive: ProgressiveSpec | None = None
    queens_dragon: WagerLimits | None = None
    dynasty_bonus: WagerLimits | None = None
    protection: WagerLimits | None = None
    red_black: WagerLimits | None = None
    surrender_allowed: BoolField = True
    two_spots_allowed: BoolField = False
    payout_limit: MoneyField | None = None
    rules: PaiGowTableRules = PaiGowTableRules()
    source: str = ""
    _stated: frozenset[str] = frozenset()

    # --- resolved views ------------------------------------------------------------------

    @property
    def variant(self) -> PaiGowVariant:
        return PaiGowVariant.from_text(self.game)

    @property
    def is_ez(self) -> bool:
        """EZ Pai Gow Poker: no vigorish, and a dealer Queen's Dragon pushes (§ 645a.11(f))."""
        return self.variant is PaiGowVariant.EZ

    @property
    def catalog(self) -> PaiGowCatalog:
        return pai_gow_paytables()

    @property
    def commission_rate(self) -> Decimal:
        """The share of a win collected as vigorish: 5% (§ 645a.13(a)), none on EZ."""
        return Decimal(0) if self.is_ez else self.commission_percent / 100

    @property
    def commission_citation(self) -> Citation:
        return COMMISSION_CITATION

    def commission(self, win: Decimal) -> tuple[Decimal, Decimal]:
        """(collected, exact) vigorish on a Pai Gow Poker Wager win of ``win``: 5% of the amount
        won, rounded as the table chose, collected when the win is paid (§ 645a.13(a))."""
        exact = win * self.commission_rate
        if exact == 0:
            return Decimal("0.00"), exact
        return self.commission_rounding.rounding.apply(exact), exact

    @property
    def qualifying_wager_minimum(self) -> Decimal:
        """$5: a Fortune Bonus, Emperor's Treasure or Dynasty Bonus Wager of at least this is a
        Qualifying Wager that earns an Envy lammer (§ 645a.1, seed 000). Fixed by regulation."""
        return QUALIFYING_WAGER_MINIMUM

    def offers(self, wager: PaiGowWager) -> bool:
        if wager is PaiGowWager.PAI_GOW:
            return True
        if wager is PaiGowWager.COMMISSION:
            return not self.is_ez
        if wager is PaiGowWager.ENVY_BONUS:
            return self.envy_wager() is not None
        return self._spec(wager) is not None

    def offered_wagers(self) -> tuple[PaiGowWager, ...]:
        """The betting spots on this table (the Envy Bonus and Commission are not spots)."""
        return tuple(
            wager
            for wager in PaiGowWager
            if wager not in (PaiGowWager.ENVY_BONUS, PaiGowWager.COMMISSION) and self.offers(wager)
        )

    def offered_optional_wagers(self) -> tuple[PaiGowWager, ...]:
        return tuple(wager for wager in OPTIONAL_WAGERS if self.offers(wager))

    def envy_wager(self, placed: Iterable[PaiGowWager] | None = None) -> PaiGowWager | None:
        """The Qualifying Wager whose Envy column applies: the first of Dynasty Bonus, Fortune
        Bonus and Emperor's Treasure offered here (and among ``placed``, when given).

        One Envy lammer per player (§ 645a.8(b)(1)); when a player holds several Qualifying
        Wagers the seed does not say whose Envy column pays, so the order above decides,
        [STANDARD] unverified.
        """
        chosen = set(placed) if placed is not None else None
        for wager in QUALIFYING_WAGERS:
            if self.offers(wager) and (chosen is None or wager in chosen):
                table = self.paytable(wager)
                if table.has_envy:
                    return wager
        return None

    def letter(self, wager: PaiGowWager) -> str:
        spec = self._spec(wager)
        return str(getattr(spec, "paytable", "")) if spec is not None else ""

    @resolved_per_config
    def paytable(self, wager: PaiGowWager) -> PaiGowPaytable:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered.

        The Protection table leaves out its ace/five row unless the property confirmed it
        (``rules.protection_pays_ace_five_straight_flush``).
        """
        if not self.offers(wager) or wager in (PaiGowWager.ENVY_BONUS, PaiGowWager.COMMISSION):
            raise KeyError(f"{self.name} has no {wager.value} paytable")
        if wager is PaiGowWager.PROGRESSIVE and self.progressive is not None:
            return self._property_paytable(wager, self.progressive, "645a.13(e)")
        bonus = self._bonus_spec(wager)
        if bonus is not None and bonus.rows:
            return self._property_paytable(wager, bonus, "645a.13(b)-(d)")
        table = self.catalog.get(wager, self.letter(wager))
        if (
            wager is PaiGowWager.PROTECTION
            and not self.rules.protection_pays_ace_five_straight_flush
        ):
            rows = tuple(
                row
                for row in table.rows
                if row.hand is not ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
            )
            table = replace(table, rows=rows)
        return table

    def limits(self, wager: PaiGowWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; ``KeyError`` when it is not a spot offered here."""
        spec = self._spec(wager)
        if isinstance(spec, WagerLimits):
            return spec
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    def most_won_at_minimum(self) -> Decimal:
        """The most one player could win in a round betting the minimum on every wager the
        payout limit covers (§ 645a.13(j): the optional wagers of (b)-(i)): each offered
        wager's minimum on its best fixed row, added up. The top rows can all come at once (a
        seven-card straight flush is also seven cards of one colour, and the Queen's Dragon is
        the dealer's hand), so the sum is the round's most. A percentage of the meter has no
        fixed value and is left out."""
        total = ZERO
        for wager in self.offered_optional_wagers():
            minimum = self.limits(wager).minimum
            best = [
                row.odds.payment(minimum).paid
                for row in self.paytable(wager).rows
                if row.odds.pays and row.odds.kind is not OddsKind.METER_PERCENT
            ]
            total += max(best, default=ZERO)
        return total

    @property
    def payout_limit_floor(self) -> Decimal:
        """The lowest payout limit per hand a Rules Submission may set (§ 645a.13(j)): $50,000
        or the most one player could win at the minimum wagers, whichever is greater."""
        return max(PAYOUT_LIMIT_MINIMUM, self.most_won_at_minimum())

    @property
    def progressive_meter_reset(self) -> Decimal | None:
        return self.progressive.meter_reset if self.progressive is not None else None

    def may_surrender(self, placed: Iterable[PaiGowWager]) -> bool:
        """A player may surrender only without an optional wager (§ 645a.11(d), seed 000)."""
        return self.surrender_allowed and not any(w in OPTIONAL_WAGERS for w in placed)

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return pai_gow_table_report(self)

    def _bonus_spec(self, wager: PaiGowWager) -> BonusSpec | None:
        if wager is PaiGowWager.FORTUNE_BONUS:
            return self.fortune_bonus
        if wager is PaiGowWager.EMPERORS_TREASURE:
            return self.emperors_treasure
        return None

    def _property_paytable(
        self, wager: PaiGowWager, spec: BonusSpec | ProgressiveSpec, section: str
    ) -> PaiGowPaytable:
        """A paytable whose rows the Rules Submission states because the seeds print none."""
        return FORMAT.property_paytable(
            wager,
            spec.paytable,
            spec.rows or (),
            spec.citation or FORMAT.stated_citation(self.source, section),
            PaiGowHandSource.PLAYER_SEVEN,
            seed("seed 000", "645a.11(h)"),
        )

    def _spec(self, wager: PaiGowWager) -> Record | None:
        specs: dict[PaiGowWager, Record | None] = {
            PaiGowWager.PAI_GOW: self.pai_gow,
            PaiGowWager.FORTUNE_BONUS: self.fortune_bonus,
            PaiGowWager.EMPERORS_TREASURE: self.emperors_treasure,
            PaiGowWager.PROGRESSIVE: self.progressive,
            PaiGowWager.QUEENS_DRAGON: self.queens_dragon,
            PaiGowWager.DYNASTY_BONUS: self.dynasty_bonus,
            PaiGowWager.PROTECTION: self.protection,
            PaiGowWager.RED_BLACK: self.red_black,
        }
        return specs.get(wager)


# --- checks that need the regulation -------------------------------------------------------------


def _bonus_problems(wager: PaiGowWager, spec: BonusSpec, field: str) -> list[Problem]:
    _, problems = FORMAT.choice_problems(
        pai_gow_paytables(),
        wager,
        spec.choice,
        field,
        section="645a.13(b)-(d)",
        kinds=CHIP_ODDS,
        kinds_rule=chip_odds_rule(wager),
    )
    return problems


def _progressive_problems(spec: ProgressiveSpec) -> list[Problem]:
    rows, problems = FORMAT.progressive_problems(
        PaiGowWager.PROGRESSIVE,
        spec,
        "progressive",
        progressive_odds_rule("§ 639a.8(b)"),
    )
    for index, row in enumerate(rows):
        field = f"progressive.rows[{index}]"
        hand = row.hand
        if isinstance(hand, SevenCardClass) and hand.order < SevenCardClass.FULL_HOUSE.order:
            problems.append(
                Problem(
                    f"{field}.hand",
                    "a seven-card hand of a full house or better: the Progressive Payout Wager "
                    f"pays nothing less ({PROGRESSIVE_HANDS_CITATION.short}, seed 000)",
                    repr(row.label),
                )
            )
        if row.envy is not None:
            problems.append(
                Problem(
                    f"{field}.envy",
                    "no Envy amount: the Progressive Payout Wager is not a Qualifying Wager "
                    "(§ 645a.1, seed 000)",
                    format_money(row.envy),
                )
            )
    return problems


def _check(config: PaiGowTableConfig) -> list[Problem]:
    problems = limit_problems("pai_gow", config.pai_gow)
    stated = config._stated
    if config.is_ez:
        for field in ("commission_percent", "commission_rounding"):
            if field in stated:
                problems.append(
                    Problem(
                        field,
                        "no vigorish setting: EZ Pai Gow Poker collects no vigorish "
                        f"({COMMISSION_CITATION.short}, seed 000); remove the field",
                    )
                )
    elif config.commission_percent != COMMISSION_PERCENT:
        problems.append(
            Problem(
                "commission_percent",
                f"5: the vigorish is 5% of the amount won ({COMMISSION_CITATION.short}, seed 000)",
                str(config.commission_percent),
            )
        )
    for wager in OPTIONAL_WAGERS:
        spec = config._spec(wager)
        if spec is None:
            continue
        if isinstance(spec, WagerLimits):
            problems += limit_problems(wager.key, spec)
        if wager.ez_only and not config.is_ez:
            problems.append(
                Problem(
                    wager.key,
                    f"only on an EZ Pai Gow Poker table: the {wager.value} is an EZ wager "
                    f'({EZ_WAGERS_CITATION.short}, seed 000); set game = "EZ Pai Gow Poker"',
                )
            )
    for wager, key in _BONUS_KEYS.items():
        bonus = config._bonus_spec(wager)
        if bonus is not None:
            problems += _bonus_problems(wager, bonus, key)
    if config.progressive is not None:
        problems += _progressive_problems(config.progressive)
    limit = config.payout_limit
    # the wagers' own paytables are read only once the rest of the Rules Submission is sound
    most = config.most_won_at_minimum() if not problems else ZERO
    floor = max(PAYOUT_LIMIT_MINIMUM, most)
    if limit is not None and limit < floor:
        problems.append(
            Problem(
                "payout_limit",
                f"at least {format_money(floor)} ({PAYOUT_LIMIT_CITATION.short}, seed 000): "
                f"{format_money(PAYOUT_LIMIT_MINIMUM)} or the most one player could win in a "
                f"round betting the minimum on every optional wager ({format_money(most)}), "
                "whichever is greater",
                format_money(limit),
            )
        )
    return problems


def parse_pai_gow_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> PaiGowTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a lesson file)."""
    return parse_config(PaiGowTableConfig, PaiGowConfigError, _check, data, source)


def load_pai_gow_config(path: str | Path) -> PaiGowTableConfig:
    """Read and validate a Pai Gow Poker Rules Submission TOML file; ``PaiGowConfigError`` lists
    every problem with the file name, the field path and what was expected."""
    return load_config(PaiGowConfigError, parse_pai_gow_config, path)


# --- the report ----------------------------------------------------------------------------------


def pai_gow_table_report(config: PaiGowTableConfig) -> list[str]:
    """Wagers, limits, paytables (with Envy amounts), vigorish and the open rules, each with
    the provenance of its number, as an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    if config.is_ez:
        lines.append(
            f"Vigorish: none on EZ Pai Gow Poker; a dealer Queen's Dragon pushes every Pai Gow "
            f"Poker Wager  — {seed('seed 000', '645a.13(a)', '645a.11(f)(2)(iii)')}"
        )
    else:
        lines.append(
            f"Vigorish: {config.commission_percent.normalize():f}% of the amount won, "
            f"{config.commission_rounding.value}, collected with the payout  — "
            f"{COMMISSION_CITATION}"
        )
    for wager in config.offered_wagers():
        span = f"  {limits_span(config.limits(wager))}"
        table = config.paytable(wager)
        lines.append(f"{table.name}{span}  — {table.citation.for_instructor}")
        lines.append(f"    hand: {table.cards.value}")
        for row in table.rows:
            tag = "" if row.citation == table.citation else f"  — {row.citation.for_instructor}"
            envy = f"; Envy Bonus {format_money(row.envy)}" if row.envy is not None else ""
            lines.append(f"    {row.label}: {row.odds}{envy}{tag}")
        if wager is PaiGowWager.PROGRESSIVE and config.progressive is not None:
            rate = config.progressive.rate_of_progression_percent
            if rate is not None:
                lines.append(progression_line(rate, "§ 645a.13"))
        if wager is PaiGowWager.PROGRESSIVE and config.progressive_meter_reset is not None:
            lines.append(f"    meter resets to {format_money(config.progressive_meter_reset)}")
    if config.envy_wager() is not None:
        lines.append(
            f"Envy Bonus: to each player with an Envy lammer (a Qualifying Wager of "
            f"{format_money(config.qualifying_wager_minimum)} or more) for each other player's "
            f"qualifying hand, never for the player's own or the dealer's  — "
            f"{seed('seed 000', '645a.1', '645a.11(h)(6)(ii)')}"
        )
    surrender = "allowed without an optional wager" if config.surrender_allowed else "not allowed"
    lines.append(f"Surrender: {surrender}  — {SURRENDER_CITATION}")
    if config.two_spots_allowed:
        lines.append(f"Two adjacent betting areas: allowed  — {TWO_SPOTS_CITATION}")
    if config.payout_limit is not None:
        lines.append(
            f"Payout limit per hand: {format_money(config.payout_limit)}, not on Envy Bonuses"
            f"  — {PAYOUT_LIMIT_CITATION}"
        )
    return lines + open_rules_lines(config.rules.describe())


__all__ = [
    "COMMISSION_PERCENT",
    "PAYOUT_LIMIT_MINIMUM",
    "QUALIFYING_WAGER_MINIMUM",
    "RULE_INFO",
    "BonusSpec",
    "CommissionRounding",
    "PaiGowCatalog",
    "PaiGowConfigError",
    "PaiGowPaytable",
    "PaiGowRow",
    "PaiGowRowHand",
    "PaiGowRowSpec",
    "PaiGowTableConfig",
    "PaiGowTableRules",
    "ProgressiveSpec",
    "WagerLimits",
    "load_pai_gow_config",
    "load_pai_gow_paytables",
    "pai_gow_paytables",
    "pai_gow_table_report",
    "parse_pai_gow_config",
    "parse_row_hand",
    "resolve_rows",
]
