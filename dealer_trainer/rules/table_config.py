"""A table's configuration: the casino's Rules Submission under § 601a.2, as a TOML file.

Where the Code offers lettered paytables the property selects one in its Rules Submission (seed
001, §§ 653b.2(a)–653b.5(f)); every ch. 653b option is a per-property switch because the
chapter is temporary. A wager is offered when its table is present in the file. Errors name the
file, the dotted field path and what was expected, e.g.::

    uth.toml: five_card_hand_bonus.meter_start: a Five Card Hand Bonus meter starts at
    $10,000 or more (§ 639a.12(e)(4), seed 000, by analogy for ch. 653a) (got $9,999)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    field_validator,
    model_validator,
)

from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.errors import DataFileError, Problem, problems_from, read_toml
from dealer_trainer.rules.hand_classes import HandSource
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.paytable import (
    CitationField,
    HandClassField,
    HandSourceField,
    MoneyField,
    MustHitByConfiguration,
    Paytable,
    PaytableCatalog,
    PaytableRow,
    PercentField,
    RowSpec,
    row_problems,
    uth_paytables,
)
from dealer_trainer.rules.provenance import Citation, Provenance, analog, seed
from dealer_trainer.rules.settings import UthRules
from dealer_trainer.rules.wagers import BetOn, UthWager
from dealer_trainer.vocabulary import Vocabulary, matches, normalise

GAME_NAME = "Ultimate Texas Hold 'Em"
MUST_HIT_BY_NEEDS_PROGRESSIVE = seed("seed 001", "653b.1(a)")


class TableConfigError(DataFileError):
    """A Rules Submission file is invalid; ``problems`` lists every field that is wrong."""


class MustHitByPayment(Vocabulary, noun="a Must-Hit-By payment method"):
    """How a Must-Hit-By award is paid, as the Rules Submission states (§ 653b.1(c)(6))."""

    TABLE_INVENTORY = "table inventory"
    JACKPOT_SLIP = "progressive jackpot slip"


def _enum_field(cls: Any) -> Any:
    def parse(value: Any) -> Any:
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise ValueError(f"one of {', '.join(repr(m.value) for m in cls)}")
        return cls.from_text(value)

    return PlainValidator(parse)


_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class WagerLimits(BaseModel):
    """Table minimum and maximum for one wager, in dollars."""

    model_config = _STRICT
    minimum: MoneyField
    maximum: MoneyField


class AnteSpec(WagerLimits):
    """Ante limits; the Blind equals the Ante and Play is a multiple of it (see ``UthRules``)."""


class BlindSpec(BaseModel):
    model_config = _STRICT
    paytable: str = Field(pattern=r"^[A-Z]$")


class SideWagerSpec(WagerLimits):
    """An optional wager and the lettered paytable the property selected."""

    paytable: str = Field(pattern=r"^[A-Z]$")


class BadBeatSpec(SideWagerSpec):
    """Bad Beat: Paytable C is in seed 001 (§ 653b.3(b)); the § 653a.12(g) Paytables A and B are
    not in the seeds, so a property offering one must write its rows here."""

    rows: list[RowSpec] | None = None
    citation: CitationField | None = None


class ProgressiveSpec(WagerLimits):
    """The optional progressive payout wager (§ 653a.7(d)(3)).

    § 653a.12(d) lets the property choose among progressive paytables that are not in the
    seeds, and the seeds do not say which cards form the progressive hand or what the Envy
    Bonus pays. So the wager is settled only when the Rules Submission states all of it:
    ``rows``, ``cards`` and (for the Envy Bonus, § 653a.1) ``envy``. Without rows the table
    only records the wager's limits, which the Must-Hit-By bonus needs.
    """

    paytable: str = ""
    cards: HandSourceField | None = None
    rows: list[RowSpec] | None = None
    envy: MoneyField | None = None
    envy_qualifying_hand: HandClassField = HandRank.STRAIGHT_FLUSH
    meter_reset: MoneyField | None = None
    citation: CitationField | None = None


class SixCardBonusSpec(WagerLimits):
    """The Six Card Bonus wager: seed 001 names it (§ 653b.4(c), citing § 653a.11(f)(2)(i)) but
    neither seed states its paytable or its cards, so the Rules Submission must state both."""

    paytable: str = ""
    cards: HandSourceField
    rows: list[RowSpec] = Field(min_length=1)
    citation: CitationField | None = None


# --- the Five Card Hand Bonus section: every game's ---------------------------------------------

FCHB_METER_MINIMUM = Decimal(10_000)
"""The initial and reset amounts are at least $10,000 (§ 639a.12(e)(4))."""
FCHB_METER_CITATION = analog("seed 000, by analogy for ch. 653a", "639a.12(e)(4)")


def _bet_on(value: Any) -> BetOn:
    if isinstance(value, BetOn):
        return value
    if isinstance(value, str):
        key = normalise(value)
        for member in BetOn:
            if matches(member, key) or key == member.owner:
                return member
    choices = ", ".join(repr(m.value) for m in BetOn)
    raise ValueError(f"one of {choices}")


class FiveCardHandBonusSpec(WagerLimits):
    """The ``[five_card_hand_bonus]`` section of a Rules Submission (§ 601a.2), the same for
    every game that offers the bonus; games/five_card_hand_bonus.py settles it. It lives in the
    rules layer because Ultimate Texas Hold 'Em's Rules Submission (``TableConfig``) holds one.

    The rate of progression and the initial and reset amounts must be in the Rules Submission,
    the amounts at least $10,000 (§ 639a.12(e)(4)); the Magic Card and Lucky Bonus are the
    property's choice ("may pay", § 639a.12(e)(3)); the hands a player may bet on are the
    player's, the dealer's or both (§ 639a.7(d)(4)).
    """

    bet_on: tuple[Annotated[BetOn, PlainValidator(_bet_on)], ...] = Field(
        default=(BetOn.PLAYER, BetOn.DEALER), min_length=1
    )
    meter_start: MoneyField
    meter_reset: MoneyField
    rate_of_progression_percent: PercentField | None = None
    magic_card_bonus: bool = False
    lucky_bonus: bool = False

    @field_validator("meter_start", "meter_reset")
    @classmethod
    def _at_least_minimum(cls, value: Decimal) -> Decimal:
        if value < FCHB_METER_MINIMUM:
            raise ValueError(
                f"at least {format_money(FCHB_METER_MINIMUM)} (§ 639a.12(e)(4)), "
                f"not {format_money(value)}"
            )
        return value

    def offered_on(self, hand: BetOn) -> bool:
        return hand in self.bet_on

    def problems(self, field: str = "five_card_hand_bonus") -> list[Problem]:
        """What the model alone cannot refuse: limits that make no sense together."""
        problems = _limit_problems(field, self)
        if len(set(self.bet_on)) != len(self.bet_on):
            problems.append(Problem(f"{field}.bet_on", "each hand once"))
        return problems


class UthFiveCardHandBonusSpec(FiveCardHandBonusSpec):
    """The section as Ultimate Texas Hold 'Em Rules Submissions write it: ``meter_reset`` may be
    left out (the meter then resets to ``meter_start``), and a meter below $10,000 is reported
    with the file's other problems, citing § 639a.12(e)(4) by analogy for ch. 653a."""

    meter_reset: MoneyField = FCHB_METER_MINIMUM
    """Replaced by ``meter_start`` when the file leaves it out (see ``_reset_defaults``)."""

    @field_validator("meter_start", "meter_reset")
    @classmethod
    def _at_least_minimum(cls, value: Decimal) -> Decimal:
        return value  # ``problems`` reports it, by analogy

    @model_validator(mode="after")
    def _reset_defaults(self) -> Self:
        if "meter_reset" not in self.model_fields_set:
            object.__setattr__(self, "meter_reset", self.meter_start)  # frozen: set once, here
        return self

    def problems(self, field: str = "five_card_hand_bonus") -> list[Problem]:
        problems = super().problems(field)
        for name in ("meter_start", "meter_reset"):
            amount: Decimal = getattr(self, name)
            if name in self.model_fields_set and amount < FCHB_METER_MINIMUM:
                problems.append(
                    Problem(
                        f"{field}.{name}",
                        f"a Five Card Hand Bonus meter {name.split('_')[1]}s at "
                        f"{format_money(FCHB_METER_MINIMUM)} or more "
                        f"({FCHB_METER_CITATION.short}, {FCHB_METER_CITATION.source})",
                        format_money(amount),
                    )
                )
        return problems


class MustHitBySpec(BaseModel):
    model_config = _STRICT
    configuration: str = Field(pattern=r"^[A-Z]$")
    minimum_wager: MoneyField
    payment: Annotated[MustHitByPayment, _enum_field(MustHitByPayment)]


class TableConfig(BaseModel):
    """A validated Rules Submission for one Ultimate Texas Hold 'Em table.

    Use ``offers``, ``paytable``, ``limits`` and ``must_hit_by_configuration`` rather than the
    raw fields: they resolve letters to the regulation's paytables.
    """

    model_config = _STRICT

    game: Literal["Ultimate Texas Hold 'Em"]
    name: str = Field(min_length=1)
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
    rules: UthRules = UthRules()
    source: str = Field(default="", exclude=True)

    # --- resolved views ------------------------------------------------------------------

    @property
    def catalog(self) -> PaytableCatalog:
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

    def paytable(self, wager: UthWager) -> Paytable:
        """The paytable this table uses for ``wager``; ``KeyError`` if the wager is not offered
        or has no paytable (the progressive wager, the Must-Hit-By bonus)."""
        if not self.offers(wager):
            raise KeyError(f"{self.name} does not offer the {wager.value}")
        if wager is UthWager.BAD_BEAT and self.bad_beat is not None and self.bad_beat.rows:
            cards = uth_paytables().get(UthWager.BAD_BEAT, "C")
            return _property_paytable(
                wager, self.bad_beat, HandSource.PLAYER_AND_BOARD, "653a.12(g)", self.source,
                cards.cards_citation,
            )  # fmt: skip
        if wager is UthWager.PROGRESSIVE and self.progressive is not None:
            spec = self.progressive
            if not spec.rows or spec.cards is None:
                raise KeyError("the Rules Submission states no progressive paytable (§ 653a.12(d))")
            return _property_paytable(wager, spec, spec.cards, "653a.12(d)", self.source)
        if wager is UthWager.SIX_CARD_BONUS and self.six_card_bonus is not None:
            spec6 = self.six_card_bonus
            return _property_paytable(wager, spec6, spec6.cards, "653b.4(c)", self.source)
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

    def expired_options(self, on: date) -> tuple[str, ...]:
        """The temporary ch. 653b options this table offers that have lapsed by ``on``."""
        lapsed: list[str] = []
        for wager in (
            UthWager.TRIPS,
            UthWager.BAD_BEAT,
            UthWager.PLAY_THE_BOARD,
            UthWager.ULTIMATE_PAIRS,
        ):
            if self.offers(wager):
                table = self.paytable(wager)
                if table.expires is not None and table.expires <= on:
                    lapsed.append(f"{table.name} (expired {table.expires.isoformat()})")
        mhb = self.must_hit_by_configuration()
        if mhb is not None and mhb.expires is not None and mhb.expires <= on:
            lapsed.append(f"Must-Hit-By {mhb.name} (expired {mhb.expires.isoformat()})")
        return tuple(lapsed)

    def _spec(self, wager: UthWager) -> BaseModel | None:
        specs: dict[UthWager, BaseModel | None] = {
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


class _StatedRows(Protocol):
    @property
    def paytable(self) -> str: ...
    @property
    def rows(self) -> Sequence[RowSpec] | None: ...
    @property
    def citation(self) -> Citation | None: ...


def _property_paytable(
    wager: UthWager,
    spec: _StatedRows,
    cards: HandSource,
    section: str,
    source: str,
    cards_citation: Citation | None = None,
) -> Paytable:
    """A paytable whose rows the Rules Submission states because the seeds print none."""
    citation = spec.citation or Citation(
        Provenance.PROPERTY, (section,), f"Rules Submission {Path(source).name}".strip()
    )
    rows = tuple(
        PaytableRow(row.hand, row.odds, row.citation or citation, row.note)
        for row in spec.rows or ()
    )
    return Paytable(wager, spec.paytable, cards, cards_citation or citation, citation, rows)


# --- loading -----------------------------------------------------------------------------------


def _limit_problems(field: str, limits: WagerLimits) -> list[Problem]:
    problems: list[Problem] = []
    if limits.minimum <= 0:
        problems.append(
            Problem(f"{field}.minimum", "a table minimum above $0", format_money(limits.minimum))
        )
    if limits.maximum < limits.minimum:
        problems.append(
            Problem(
                f"{field}.maximum",
                f"a table maximum at least the minimum of {format_money(limits.minimum)}",
                format_money(limits.maximum),
            )
        )
    return problems


def _paytable_problem(
    catalog: PaytableCatalog, wager: UthWager, field: str, letter: str
) -> list[Problem]:
    if catalog.has(wager, letter):
        return []
    known = ", ".join(catalog.letters(wager))
    return [Problem(f"{field}.paytable", f"one of the {wager.value} paytables {known}", letter)]


_PROGRESSIVE_CARDS = (HandSource.PLAYER_AND_BOARD, HandSource.TWO_CARDS_AND_FLOP)
_SIX_CARD_CARDS = (HandSource.PLAYER_DEALER_AND_FLOP, HandSource.PLAYER_AND_BOARD)


def _progressive_problems(spec: ProgressiveSpec) -> list[Problem]:
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
    problems += row_problems(UthWager.PROGRESSIVE, spec.rows, "progressive.")
    for index, row in enumerate(spec.rows):
        if row.odds.kind not in (OddsKind.FOR, OddsKind.METER_PERCENT):
            problems.append(
                Problem(
                    f"progressive.rows[{index}].odds",
                    "'X for 1' or 'N% of meter': the progressive chips are dropped into the "
                    "table inventory container before the deal (§ 639a.8(b), by analogy), so "
                    "nothing is returned beside a payout",
                    repr(str(row.odds)),
                )
            )
    if spec.cards is None:
        choices = " or ".join(repr(c.value) for c in _PROGRESSIVE_CARDS)
        problems.append(
            Problem(
                "progressive.cards",
                f"which cards form the progressive hand, {choices}: the seeds do not say",
            )
        )
    elif spec.cards not in _PROGRESSIVE_CARDS:
        choices = " or ".join(repr(c.value) for c in _PROGRESSIVE_CARDS)
        problems.append(Problem("progressive.cards", choices, repr(spec.cards.value)))
    if spec.envy is not None and spec.envy <= 0:
        problems.append(Problem("progressive.envy", "a positive Envy Bonus amount", str(spec.envy)))
    if not isinstance(spec.envy_qualifying_hand, HandRank):
        problems.append(
            Problem(
                "progressive.envy_qualifying_hand",
                "a poker hand such as 'Straight flush' (§ 653a.1)",
                repr(spec.envy_qualifying_hand.value),
            )
        )
    return problems


def _check(config: TableConfig) -> list[Problem]:
    """Checks that need the regulation's data: letters exist, meters, required companions."""
    catalog = uth_paytables()
    problems = _limit_problems("ante", config.ante)
    problems += _paytable_problem(catalog, UthWager.BLIND, "blind", config.blind.paytable)
    for wager, spec, field in (
        (UthWager.TRIPS, config.trips, "trips"),
        (UthWager.PLAY_THE_BOARD, config.play_the_board, "play_the_board"),
        (UthWager.ULTIMATE_PAIRS, config.ultimate_pairs, "ultimate_pairs"),
    ):
        if spec is not None:
            problems += _limit_problems(field, spec)
            problems += _paytable_problem(catalog, wager, field, spec.paytable)
    bad_beat = config.bad_beat
    if bad_beat is not None:
        problems += _limit_problems("bad_beat", bad_beat)
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
            problems += row_problems(UthWager.BAD_BEAT, bad_beat.rows, "bad_beat.")
    six = config.six_card_bonus
    if six is not None:
        problems += _limit_problems("six_card_bonus", six)
        problems += row_problems(UthWager.SIX_CARD_BONUS, six.rows, "six_card_bonus.")
        if six.cards not in _SIX_CARD_CARDS:
            allowed = " or ".join(repr(c.value) for c in _SIX_CARD_CARDS)
            problems.append(Problem("six_card_bonus.cards", allowed, repr(six.cards.value)))
        for index, row in enumerate(six.rows):
            if row.odds.kind is not OddsKind.TO:
                problems.append(
                    Problem(
                        f"six_card_bonus.rows[{index}].odds",
                        "'X to 1': the Six Card Bonus is a chip wager paid beside its stake",
                        repr(str(row.odds)),
                    )
                )
    progressive = config.progressive
    if progressive is not None:
        problems += _limit_problems("progressive", progressive)
        problems += _progressive_problems(progressive)
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    mhb = config.must_hit_by
    if mhb is not None:
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


def parse_table_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> TableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a lesson file)."""
    try:
        config = TableConfig.model_validate({**data, "source": str(source)})
    except ValidationError as exc:
        raise TableConfigError(source, problems_from(exc)) from None
    problems = _check(config)
    if problems:
        raise TableConfigError(source, problems)
    return config


def load_table_config(path: str | Path) -> TableConfig:
    """Read and validate a Rules Submission TOML file; ``TableConfigError`` lists every problem
    with the file name, the field path and what was expected."""
    file = Path(path)
    try:
        raw = read_toml(file)
    except DataFileError as exc:
        raise TableConfigError(file, exc.problems) from None
    return parse_table_config(raw, file)
