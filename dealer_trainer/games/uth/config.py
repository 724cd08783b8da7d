"""An Ultimate Texas Hold 'Em table's configuration: the casino's Rules Submission under
§ 601a.2, as a TOML file.

Where the Code offers lettered paytables the property selects one in its Rules Submission (seed
001, §§ 653b.2(a)–653b.5(f)); every ch. 653b option is a per-property switch because the
chapter is temporary. A wager is offered when its table is present in the file. It is built on
the records every game shares (rules/game_paytables.py), and errors name the file, the dotted
field path and what was expected, e.g.::

    uth.toml: five_card_hand_bonus.meter_start: a Five Card Hand Bonus meter starts at
    $10,000 or more (§ 639a.12(e)(4), seed 000, by analogy for ch. 653a) (got $9,999)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from dealer_trainer.games.config_report import progression_line
from dealer_trainer.games.five_card_hand_bonus import (
    METER_MINIMUM_BY_ANALOGY,
    MINIMUM_METER,
    BetOn,
    FiveCardHandBonusSpec,
    draw_lines,
)
from dealer_trainer.games.linked_meter import report_lines
from dealer_trainer.games.progressive_config import EnvyProgressiveSpec
from dealer_trainer.games.uth.paytables import (
    FORMAT,
    GAME_NAME,
    MustHitByConfiguration,
    UthCatalog,
    UthConfigError,
    UthPaytable,
    uth_paytables,
)
from dealer_trainer.games.uth.settings import UthRules, vocabulary_field
from dealer_trainer.games.uth.wagers import HandSource, UthWager
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    PROGRESSIVE_ODDS,
    CitationField,
    Letter,
    MoneyField,
    RowSpec,
    WagerLimits,
    chip_odds_rule,
    limit_problems,
    load_config,
    no_rows,
    parse_config,
    resolved_per_config,
    text_field,
)
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.provenance import Citation, seed
from dealer_trainer.rules.temporary import TemporaryOption
from dealer_trainer.vocabulary import Vocabulary

MUST_HIT_BY_NEEDS_PROGRESSIVE = seed("seed 001", "653b.1(a)")
PROGRESSIVE_ODDS_RULE = (
    "'X for 1' or 'N% of meter': the progressive chips are dropped into the table inventory "
    "container before the deal (§ 639a.8(b)), so nothing is returned beside a payout"
)

HandSourceField = Annotated[HandSource, text_field(HandSource.from_text)]


class MustHitByPayment(Vocabulary, noun="a Must-Hit-By payment method"):
    """How a Must-Hit-By award is paid, as the Rules Submission states (§ 653b.1(c)(6))."""

    TABLE_INVENTORY = "table inventory"
    JACKPOT_SLIP = "progressive jackpot slip"


class AnteSpec(WagerLimits, frozen=True):
    """Ante limits; the Blind equals the Ante and Play is a multiple of it (see ``UthRules``)."""


class BlindSpec(Record, frozen=True):
    paytable: Letter


class SideWagerSpec(WagerLimits, frozen=True, kw_only=True):
    """An optional wager and the lettered paytable the property selected."""

    paytable: Letter


class BadBeatSpec(WagerLimits, frozen=True, kw_only=True):
    """Bad Beat: Paytable C is in seed 001 (§ 653b.3(b)); the § 653a.12(g) Paytables A and B are
    not in the seeds, so a property offering one must write its rows here. The fields of a
    ``PaytableChoice`` (a record has one base with fields), the letter required."""

    paytable: Letter
    rows: list[RowSpec] | None = None
    citation: CitationField | None = None


class ProgressiveSpec(EnvyProgressiveSpec, frozen=True, kw_only=True):
    """The optional progressive payout wager (§ 653a.7(d)(3)).

    § 653a.12(d) lets the property choose among progressive paytables that are not in the
    seeds, and the seeds do not say which cards form the progressive hand or what the Envy
    Bonus pays. So the wager is settled only when the Rules Submission states all of it:
    ``rows``, ``cards`` and (for the Envy Bonus, § 653a.1) ``envy``. Without rows the table
    only records the wager's limits, which the Must-Hit-By bonus needs.
    """

    paytable: str = ""
    rows: list[RowSpec] = msgspec.field(default_factory=no_rows)
    cards: HandSourceField | None = None


class SixCardBonusSpec(WagerLimits, frozen=True, kw_only=True):
    """The Six Card Bonus wager: seed 001 names it (§ 653b.4(c), citing § 653a.11(f)(2)(i)) but
    neither seed states its paytable or its cards, so the Rules Submission must state both."""

    paytable: str = ""
    cards: HandSourceField
    rows: Annotated[list[RowSpec], Meta(min_length=1)]
    citation: CitationField | None = None


class UthFiveCardHandBonusSpec(FiveCardHandBonusSpec, frozen=True, kw_only=True):
    """The section as Ultimate Texas Hold 'Em Rules Submissions write it: ``meter_reset`` may be
    left out (the meter then resets to ``meter_start``), and a meter below $10,000 is reported
    with the file's other problems, citing § 639a.12(e)(4) by analogy for ch. 653a."""

    meter_start: MoneyField
    """Not refused below $10,000 here: ``problems`` reports it with the file's other problems."""
    meter_reset: MoneyField = MINIMUM_METER
    """Replaced by ``meter_start`` when the file leaves it out (see ``__post_init__``)."""

    def __post_init__(self) -> None:
        """A record read from a file (``stated`` is filled) without a ``meter_reset`` resets to
        its start; one built in code keeps the reset it is given."""
        super().__post_init__()
        if self.stated and "meter_reset" not in self.stated:
            msgspec.structs.force_setattr(self, "meter_reset", self.meter_start)

    def problems(self, field: str = "five_card_hand_bonus") -> list[Problem]:
        problems = super().problems(field)
        for name in ("meter_start", "meter_reset"):
            amount: Decimal = getattr(self, name)
            if name in self.stated and amount < MINIMUM_METER:
                problems.append(
                    Problem(
                        f"{field}.{name}",
                        f"a Five Card Hand Bonus meter {name.split('_')[1]}s at "
                        f"{format_money(MINIMUM_METER)} or more "
                        f"({METER_MINIMUM_BY_ANALOGY})",
                        format_money(amount),
                    )
                )
        return problems


class MustHitBySpec(Record, frozen=True):
    configuration: Letter
    minimum_wager: MoneyField
    payment: Annotated[MustHitByPayment, vocabulary_field(MustHitByPayment)]


class UthTableConfig(Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Ultimate Texas Hold 'Em table.

    Use ``offers``, ``paytable``, ``limits`` and ``must_hit_by_configuration`` rather than the
    raw fields: they resolve letters to the regulation's paytables. Weakly referable: its
    resolved views are cached for as long as it lives (``resolved_per_config``).
    """

    game: Literal["Ultimate Texas Hold 'Em"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: AnteSpec
    blind: BlindSpec
    trips: SideWagerSpec | None = None
    bad_beat: BadBeatSpec | None = None
    play_the_board: SideWagerSpec | None = None
    ultimate_pairs: SideWagerSpec | None = None
    six_card_bonus: SixCardBonusSpec | None = None
    progressive: ProgressiveSpec | None = None
    five_card_hand_bonus: UthFiveCardHandBonusSpec | None = None
    must_hit_by: MustHitBySpec | None = None
    in_force_under: str = ""
    """The authority under which options of an expired temporary provision remain in force at
    this table (a permanent adoption, a waiver), as the Rules Submission records it."""
    rules: UthRules = UthRules()
    source: str = ""

    # --- resolved views ------------------------------------------------------------------

    @property
    def catalog(self) -> UthCatalog:
        return uth_paytables()

    def offers(self, wager: UthWager) -> bool:
        if wager in (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY):
            return True
        fchb = self.five_card_hand_bonus
        if wager is UthWager.MAGIC_CARD_BONUS:
            return fchb is not None and fchb.magic_card_bonus
        if wager is UthWager.LUCKY_BONUS:
            return fchb is not None and fchb.lucky_bonus
        return self._spec(wager) is not None

    def offered_wagers(self) -> tuple[UthWager, ...]:
        return tuple(wager for wager in UthWager if self.offers(wager))

    def fchb_offered_on(self, hand: BetOn) -> bool:
        fchb = self.five_card_hand_bonus
        return fchb is not None and fchb.offered_on(hand)

    def letter(self, wager: UthWager) -> str:
        """The paytable letter selected for ``wager`` ("" where the Code prints one table)."""
        spec = self._spec(wager)
        return str(getattr(spec, "paytable", "")) if spec is not None else ""

    @resolved_per_config
    def paytable(self, wager: UthWager) -> UthPaytable:
        """The paytable this table uses for ``wager``; ``KeyError`` if the wager is not offered
        or has no paytable (the progressive wager, the Must-Hit-By bonus)."""
        if not self.offers(wager):
            raise KeyError(f"{self.name} does not offer the {wager.value}")
        if wager is UthWager.BAD_BEAT and self.bad_beat is not None and self.bad_beat.rows:
            printed = self.catalog.get(UthWager.BAD_BEAT, "C")
            return self._property_paytable(
                wager, self.bad_beat.paytable, self.bad_beat.rows, self.bad_beat.citation,
                HandSource.PLAYER_AND_BOARD, "653a.12(g)", printed.cards_citation,
            )  # fmt: skip
        if wager is UthWager.PROGRESSIVE and self.progressive is not None:
            spec = self.progressive
            if not spec.rows or spec.cards is None:
                raise KeyError("the Rules Submission states no progressive paytable (§ 653a.12(d))")
            return self._property_paytable(
                wager, spec.paytable, spec.rows, spec.citation, spec.cards, "653a.12(d)"
            )
        if wager is UthWager.SIX_CARD_BONUS and self.six_card_bonus is not None:
            six = self.six_card_bonus
            return self._property_paytable(
                wager, six.paytable, six.rows, six.citation, six.cards, "653b.4(c)"
            )
        return self.catalog.get(wager, self.letter(wager))

    def limits(self, wager: UthWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; the Blind has the Ante's (it equals the Ante).
        ``KeyError`` for Play (a multiple of the Ante), awards and wagers not offered."""
        if wager in (UthWager.ANTE, UthWager.BLIND):
            return self.ante
        spec = self._spec(wager)
        if wager in _LIMITED and isinstance(spec, WagerLimits):
            return spec
        raise KeyError(f"{self.name} sets no limits of its own for the {wager.value}")

    @property
    def settles_progressive(self) -> bool:
        """Whether the Rules Submission states the progressive paytable, so wins are paid."""
        return self.progressive is not None and bool(self.progressive.rows)

    def must_hit_by_configuration(self) -> MustHitByConfiguration | None:
        if self.must_hit_by is None:
            return None
        return self.catalog.must_hit_by_configuration(
            self.must_hit_by.configuration, self.must_hit_by.minimum_wager
        )

    @property
    def fchb_meter_reset(self) -> Decimal | None:
        fchb = self.five_card_hand_bonus
        return fchb.meter_reset if fchb is not None else None

    def temporary_options(self) -> tuple[TemporaryOption, ...]:
        """The temporary ch. 653b options this table offers, with the dates each is in force."""
        options: list[TemporaryOption] = []
        for wager in (
            UthWager.TRIPS,
            UthWager.BAD_BEAT,
            UthWager.PLAY_THE_BOARD,
            UthWager.ULTIMATE_PAIRS,
        ):
            if self.offers(wager):
                table = self.paytable(wager)
                if table.expires is not None:
                    cited = table.citation.for_trainee
                    options.append(
                        TemporaryOption(table.name, cited, table.effective, table.expires)
                    )
        mhb = self.must_hit_by_configuration()
        if mhb is not None and mhb.expires is not None:
            name = f"Must-Hit-By {mhb.name}"
            options.append(
                TemporaryOption(name, mhb.citation.for_trainee, mhb.effective, mhb.expires)
            )
        return tuple(options)

    def expired_options(self, on: date) -> tuple[str, ...]:
        """The temporary ch. 653b options this table offers that have lapsed by ``on``."""
        return tuple(
            f"{option.name} (expired {option.expires.isoformat()})"
            for option in self.temporary_options()
            if option.expired(on)
        )

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return uth_table_report(self)

    def _property_paytable(
        self,
        wager: UthWager,
        letter: str,
        rows: Sequence[RowSpec],
        stated: Citation | None,
        cards: HandSource,
        section: str,
        cards_citation: Citation | None = None,
    ) -> UthPaytable:
        """A paytable whose rows the Rules Submission states because the seeds print none."""
        citation = stated or FORMAT.stated_citation(self.source, section)
        return FORMAT.property_paytable(
            wager, letter, rows, citation, cards, cards_citation or citation
        )

    def _spec(self, wager: UthWager) -> Record | None:
        specs: dict[UthWager, Record | None] = {
            UthWager.ANTE: self.ante,
            UthWager.BLIND: self.blind,
            UthWager.PLAY: self.ante,
            UthWager.TRIPS: self.trips,
            UthWager.BAD_BEAT: self.bad_beat,
            UthWager.PLAY_THE_BOARD: self.play_the_board,
            UthWager.ULTIMATE_PAIRS: self.ultimate_pairs,
            UthWager.SIX_CARD_BONUS: self.six_card_bonus,
            UthWager.PROGRESSIVE: self.progressive,
            UthWager.FIVE_CARD_HAND_BONUS: self.five_card_hand_bonus,
            UthWager.MAGIC_CARD_BONUS: self.five_card_hand_bonus,
            UthWager.LUCKY_BONUS: self.five_card_hand_bonus,
            UthWager.MUST_HIT_BY: self.must_hit_by,
        }
        return specs[wager]


_LIMITED = frozenset(
    {
        UthWager.TRIPS,
        UthWager.BAD_BEAT,
        UthWager.PLAY_THE_BOARD,
        UthWager.ULTIMATE_PAIRS,
        UthWager.SIX_CARD_BONUS,
        UthWager.PROGRESSIVE,
        UthWager.FIVE_CARD_HAND_BONUS,
    }
)


# --- checks that need the regulation -------------------------------------------------------------


def _paytable_problem(
    catalog: UthCatalog, wager: UthWager, field: str, letter: str
) -> list[Problem]:
    if catalog.has(wager, letter):
        return []
    known = ", ".join(catalog.letters(wager))
    return [Problem(f"{field}.paytable", f"one of the {wager.value} paytables {known}", letter)]


_PROGRESSIVE_CARDS = (HandSource.PLAYER_AND_BOARD, HandSource.TWO_CARDS_AND_FLOP)
_SIX_CARD_CARDS = (HandSource.PLAYER_DEALER_AND_FLOP, HandSource.PLAYER_AND_BOARD)


def _row_problems(
    wager: UthWager,
    rows: Sequence[RowSpec],
    field: str,
    source: str,
    *,
    kinds: frozenset[Any] | None = None,
    kinds_rule: str = "",
) -> list[Problem]:
    """The property's rows in ``wager``'s row names, each hand once, paid at ``kinds``."""
    _, problems = FORMAT.resolve_rows(
        wager, rows, FORMAT.stated_citation(source), f"{field}.", kinds=kinds, kinds_rule=kinds_rule
    )
    return problems


def _progressive_problems(spec: ProgressiveSpec, source: str) -> list[Problem]:
    """A progressive paytable must be complete: its rows, its cards and, for Envy, a hand."""
    problems: list[Problem] = []
    stated = [name for name in ("cards", "envy") if getattr(spec, name) is not None]
    if not spec.rows:
        problems += [
            Problem(
                f"progressive.{name}",
                "progressive rows as well: without a paytable (§ 653a.12(d), not in the seeds) "
                f"the {name} setting has nothing to apply to",
            )
            for name in stated
        ]
        return problems
    problems += _row_problems(
        UthWager.PROGRESSIVE,
        spec.rows,
        "progressive",
        source,
        kinds=PROGRESSIVE_ODDS,
        kinds_rule=PROGRESSIVE_ODDS_RULE,
    )
    choices = " or ".join(repr(c.value) for c in _PROGRESSIVE_CARDS)
    if spec.cards is None:
        problems.append(
            Problem(
                "progressive.cards",
                f"which cards form the progressive hand, {choices}: the seeds do not say",
            )
        )
    elif spec.cards not in _PROGRESSIVE_CARDS:
        problems.append(Problem("progressive.cards", choices, repr(spec.cards.value)))
    if spec.envy is not None and spec.envy <= 0:
        problems.append(Problem("progressive.envy", "a positive Envy Bonus amount", str(spec.envy)))
    return problems


def _bad_beat_problems(catalog: UthCatalog, bad_beat: BadBeatSpec, source: str) -> list[Problem]:
    problems = limit_problems("bad_beat", bad_beat)
    built_in = catalog.has(UthWager.BAD_BEAT, bad_beat.paytable)
    if built_in and bad_beat.rows is not None:
        problems.append(
            Problem(
                "bad_beat.rows",
                f"no rows: Bad Beat Paytable {bad_beat.paytable} is printed in the "
                "regulations (§ 653b.3(b)); remove the rows",
            )
        )
    elif not built_in and not bad_beat.rows:
        problems.append(
            Problem(
                "bad_beat.rows",
                f"the rows of Bad Beat Paytable {bad_beat.paytable}: § 653a.12(g) is not in "
                "the seeds, so the Rules Submission must state them (or choose Paytable C)",
            )
        )
    elif bad_beat.rows:
        problems += _row_problems(UthWager.BAD_BEAT, bad_beat.rows, "bad_beat", source)
    return problems


def _six_card_problems(six: SixCardBonusSpec, source: str) -> list[Problem]:
    wager = UthWager.SIX_CARD_BONUS
    problems = limit_problems("six_card_bonus", six)
    problems += _row_problems(
        wager, six.rows, "six_card_bonus", source, kinds=CHIP_ODDS, kinds_rule=chip_odds_rule(wager)
    )
    if six.cards not in _SIX_CARD_CARDS:
        allowed = " or ".join(repr(c.value) for c in _SIX_CARD_CARDS)
        problems.append(Problem("six_card_bonus.cards", allowed, repr(six.cards.value)))
    return problems


def _must_hit_by_problems(catalog: UthCatalog, config: UthTableConfig) -> list[Problem]:
    mhb = config.must_hit_by
    if mhb is None:
        return []
    problems: list[Problem] = []
    if config.progressive is None:
        problems.append(
            Problem(
                "must_hit_by",
                "a [progressive] table as well: the Must-Hit-By Mystery bonus is offered only "
                f"with the optional progressive payout wager ({MUST_HIT_BY_NEEDS_PROGRESSIVE})",
            )
        )
    try:
        catalog.must_hit_by_configuration(mhb.configuration, mhb.minimum_wager)
    except KeyError:
        choices = sorted({c.letter for c in catalog.must_hit_by})
        wagers = sorted({format_money(c.minimum_wager) for c in catalog.must_hit_by})
        problems.append(
            Problem(
                "must_hit_by",
                f"a configuration {', '.join(choices)} with a minimum wager of "
                f"{', '.join(wagers)} (§ 653b.1(c)(4))",
                f"{mhb.configuration} at {format_money(mhb.minimum_wager)}",
            )
        )
    return problems


def _check(config: UthTableConfig) -> list[Problem]:
    """Checks that need the regulation's data: letters exist, meters, required companions."""
    catalog = uth_paytables()
    problems = limit_problems("ante", config.ante)
    problems += _paytable_problem(catalog, UthWager.BLIND, "blind", config.blind.paytable)
    for wager, spec, field in (
        (UthWager.TRIPS, config.trips, "trips"),
        (UthWager.PLAY_THE_BOARD, config.play_the_board, "play_the_board"),
        (UthWager.ULTIMATE_PAIRS, config.ultimate_pairs, "ultimate_pairs"),
    ):
        if spec is not None:
            problems += limit_problems(field, spec)
            problems += _paytable_problem(catalog, wager, field, spec.paytable)
    if config.bad_beat is not None:
        problems += _bad_beat_problems(catalog, config.bad_beat, config.source)
    if config.six_card_bonus is not None:
        problems += _six_card_problems(config.six_card_bonus, config.source)
    if config.progressive is not None:
        problems += limit_problems("progressive", config.progressive)
        problems += _progressive_problems(config.progressive, config.source)
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    return problems + _must_hit_by_problems(catalog, config)


def parse_uth_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> UthTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a lesson file)."""
    return parse_config(UthTableConfig, UthConfigError, _check, data, source)


def load_uth_config(path: str | Path) -> UthTableConfig:
    """Read and validate a Rules Submission TOML file; ``UthConfigError`` lists every problem
    with the file name, the field path and what was expected."""
    return load_config(UthConfigError, parse_uth_config, path)


# --- the report ----------------------------------------------------------------------------------


def uth_table_report(config: UthTableConfig) -> list[str]:
    """Wagers, limits, paytables, meters and the rules in force, each number with its
    provenance and section, as an instructor checks a table."""
    lines = [config.name]
    if config.description:
        lines.append(config.description)
    lines.append("")
    for wager in config.offered_wagers():
        if wager is UthWager.MUST_HIT_BY:
            continue
        try:
            limits = config.limits(wager)
            span = f"  {format_money(limits.minimum)}-{format_money(limits.maximum)}"
        except KeyError:
            span = "  (a multiple of the Ante)" if wager is UthWager.PLAY else ""
        try:
            table = config.paytable(wager)
        except KeyError:
            lines.append(
                f"{wager.value}{span}  no paytable stated (§ 653a.12(d)): recorded, not settled"
            )
            if wager is UthWager.PROGRESSIVE and config.progressive is not None:
                rate = config.progressive.rate_of_progression_percent
                if rate is not None:
                    lines.append(progression_line(rate, "§ 653a.12(d)"))
            continue
        lines.append(f"{table.name}{span}  — {table.citation.for_instructor}")
        lines.append(f"    hand: {table.cards.value}")
        for row in table.rows:
            if row.odds.applicable:
                tag = "" if row.citation == table.citation else f"  — {row.citation.for_instructor}"
                lines.append(f"    {row.label}: {row.odds}{tag}")
        if wager is UthWager.PROGRESSIVE and config.progressive is not None:
            rate = config.progressive.rate_of_progression_percent
            if rate is not None:
                lines.append(progression_line(rate, "§ 653a.12(d)"))
        envy = (
            config.progressive.envy
            if wager is UthWager.PROGRESSIVE and config.progressive
            else None
        )
        if envy is not None and config.progressive is not None:
            hand = str(config.progressive.envy_qualifying_hand.value).lower()
            lines.append(
                f"    Envy Bonus: {format_money(envy)} to each other progressive bettor for "
                f"each {hand} or better (§ 653a.1)"
            )
    mhb = config.must_hit_by_configuration()
    if mhb is not None and config.must_hit_by is not None:
        lines.append(
            f"{UthWager.MUST_HIT_BY.value}: {mhb.name}, {format_money(mhb.minimum_value)}-"
            f"{format_money(mhb.maximum_value)}, {mhb.contribution_percent}% contribution, "
            f"paid by {config.must_hit_by.payment.value}  — {mhb.citation.for_instructor}"
        )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        hands = " and ".join(b.value for b in fchb.bet_on)
        lines.append(
            f"Five Card Hand Bonus meter: starts at {format_money(fchb.meter_start)}, resets to "
            f"{format_money(config.fchb_meter_reset or fchb.meter_start)}; on the {hands}"
        )
        lines += draw_lines(fchb)
        if fchb.rate_of_progression_percent is not None:
            lines.append(progression_line(fchb.rate_of_progression_percent, "§ 653a.12"))
        lines += report_lines(fchb.linked)
    lines += ["", "Rules the regulations leave open (value in force, basis):"]
    for setting in config.rules.describe():
        changed = "" if setting.is_default else f" (default {setting.default})"
        lines.append(
            f"  {setting.title}: {setting.value}{changed}  — {setting.citation.for_instructor}"
        )
    return lines


__all__ = [
    "GAME_NAME",
    "AnteSpec",
    "BadBeatSpec",
    "BlindSpec",
    "MustHitByPayment",
    "MustHitBySpec",
    "ProgressiveSpec",
    "SideWagerSpec",
    "SixCardBonusSpec",
    "UthConfigError",
    "UthFiveCardHandBonusSpec",
    "UthTableConfig",
    "load_uth_config",
    "parse_uth_config",
    "uth_table_report",
]
