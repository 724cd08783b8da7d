"""Paytables as data: frozen records loaded and validated from TOML files in ``rules/data``.

Every row carries its hand class, odds and citation (with provenance), because a grader message
must say which row of which paytable applies and where the regulation prints it. Rows are kept
in the order the regulation prints them, best first; the first row a hand matches that is not
"N/A" is the row paid (regulations/README.md: "only the highest-ranking hand is paid").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError

from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.errors import (
    DataFileError,
    Problem,
    problems_from,
    read_toml,
)
from dealer_trainer.rules.hand_classes import (
    BonusEvent,
    Condition,
    HandClass,
    HandSource,
    UltimatePairsHand,
    parse_hand_class,
)
from dealer_trainer.rules.money import to_money
from dealer_trainer.rules.odds import Odds
from dealer_trainer.rules.provenance import Citation, Provenance
from dealer_trainer.rules.wagers import UthWager


@dataclass(frozen=True)
class PaytableRow:
    """One printed line of a paytable: "Full house — 7 to 1", with where it is printed."""

    hand: HandClass
    odds: Odds
    citation: Citation
    note: str = ""

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance

    @property
    def label(self) -> str:
        return str(self.hand.value)

    def __str__(self) -> str:
        return f"{self.label}: {self.odds}"


@dataclass(frozen=True)
class Paytable:
    """One wager's paytable under one letter (``letter`` is "" where the Code prints only one).

    ``cards`` is which cards form the hand the wager is settled on; it is part of the rule and
    has its own citation (``cards_citation``). ``expires`` is the date a temporary regulation
    lapses (ch. 653b), or ``None``.
    """

    wager: UthWager
    letter: str
    cards: HandSource
    cards_citation: Citation
    citation: Citation
    rows: tuple[PaytableRow, ...]
    expires: date | None = None

    @property
    def name(self) -> str:
        """ "Trips Paytable E", or "Ante" where there is a single table."""
        return f"{self.wager.value} Paytable {self.letter}" if self.letter else self.wager.value

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance

    def row(self, hand: HandClass) -> PaytableRow | None:
        """The row printed for ``hand`` (even an "N/A" row), or ``None`` if there is none."""
        return next((row for row in self.rows if row.hand == hand), None)

    def first_row(self, hands: Iterable[HandClass]) -> PaytableRow | None:
        """The row that pays ``hands`` (every class the cards make): the first in print order
        that matches one of them and is not "N/A"."""
        wanted = set(hands)
        return next(
            (row for row in self.rows if row.hand in wanted and row.odds.applicable),
            None,
        )

    @property
    def hands(self) -> tuple[HandClass, ...]:
        return tuple(row.hand for row in self.rows)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class MustHitByConfiguration:
    """One "Paytable X—$N Configuration" of the Must-Hit-By Mystery bonus (§ 653b.1(c)(4)).

    ``contribution_percent`` of each qualifying progressive payout wager goes to the meter; the
    RNG pre-selects a value between ``minimum_value`` and ``maximum_value``; the meter resets
    to ``minimum_value`` after a hit (§ 653b.1(c)(5)(iv)).
    """

    letter: str
    minimum_wager: Decimal
    minimum_value: Decimal
    maximum_value: Decimal
    contribution_percent: Decimal
    citation: Citation
    expires: date | None = None

    @property
    def name(self) -> str:
        return f"Paytable {self.letter}—${self.minimum_wager} Configuration"

    @property
    def contribution_rate(self) -> Decimal:
        return self.contribution_percent / 100


@dataclass(frozen=True)
class PaytableCatalog:
    """Every paytable one game's regulations print, keyed by wager and letter."""

    game: str
    paytables: tuple[Paytable, ...]
    must_hit_by: tuple[MustHitByConfiguration, ...] = ()
    source: str = ""

    def get(self, wager: UthWager, letter: str = "") -> Paytable:
        for table in self.paytables:
            if table.wager is wager and table.letter == letter:
                return table
        known = ", ".join(repr(t.letter) for t in self.paytables if t.wager is wager) or "none"
        raise KeyError(f"{wager.value} has no paytable {letter!r}; the regulations print {known}")

    def has(self, wager: UthWager, letter: str = "") -> bool:
        return any(t.wager is wager and t.letter == letter for t in self.paytables)

    def letters(self, wager: UthWager) -> tuple[str, ...]:
        return tuple(t.letter for t in self.paytables if t.wager is wager)

    def must_hit_by_configuration(
        self, letter: str, minimum_wager: Decimal | int
    ) -> MustHitByConfiguration:
        for config in self.must_hit_by:
            if config.letter == letter and config.minimum_wager == minimum_wager:
                return config
        choices = ", ".join(f"{c.letter} ${c.minimum_wager}" for c in self.must_hit_by)
        raise KeyError(
            f"no Must-Hit-By configuration {letter} at ${minimum_wager}; § 653b.1(c)(4) has "
            f"{choices}"
        )


# --- which row names each wager may use -----------------------------------------------------

ROW_VOCABULARY: Mapping[UthWager, tuple[type[Enum], ...]] = {
    UthWager.ANTE: (Condition,),
    UthWager.PLAY: (Condition,),
    UthWager.BLIND: (HandRank, Condition),
    UthWager.TRIPS: (HandRank,),
    UthWager.BAD_BEAT: (HandRank,),
    UthWager.PLAY_THE_BOARD: (HandRank, Condition),
    UthWager.ULTIMATE_PAIRS: (UltimatePairsHand,),
    UthWager.PROGRESSIVE: (HandRank,),
    UthWager.SIX_CARD_BONUS: (HandRank,),
    UthWager.FIVE_CARD_HAND_BONUS: (HandRank,),
    UthWager.MAGIC_CARD_BONUS: (BonusEvent,),
    UthWager.LUCKY_BONUS: (BonusEvent,),
}


# --- file schema ---------------------------------------------------------------------------


def _citation(value: Any) -> Citation:
    if isinstance(value, Citation):
        return value
    if not isinstance(value, Mapping):
        raise ValueError("a citation is a table: { provenance = 'SEED', sections = [...] }")
    unknown = set(value) - {"provenance", "sections", "source"}
    if unknown:
        raise ValueError(f"unknown citation field(s) {sorted(unknown)}")
    if "provenance" not in value:
        raise ValueError("a citation needs a provenance: SEED, CODE, ANALOG, STANDARD or PROPERTY")
    sections = value.get("sections", [])
    if isinstance(sections, str):
        sections = [sections]
    if not isinstance(sections, list) or not all(isinstance(s, str) for s in sections):
        raise ValueError("citation sections are a list of strings such as ['653b.2(b)']")
    source = value.get("source", "")
    if not isinstance(source, str):
        raise ValueError("a citation source is a string such as 'seed 001'")
    return Citation(
        Provenance.from_text(str(value["provenance"])),
        tuple(s.strip().removeprefix("§").strip() for s in sections),
        source,
    )


def _text(parse: Any) -> Any:
    def check(value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"expected text, not {type(value).__name__}")
        return parse(value)

    return check


def _money(value: Any) -> Decimal:
    return to_money(value)


def _percent(value: Any) -> Decimal:
    amount = to_money(value, places=4)
    if not Decimal(0) < amount <= 100:
        raise ValueError("a percentage is above 0 and at most 100")
    return amount


CitationField = Annotated[Citation, PlainValidator(_citation)]
OddsField = Annotated[Odds, PlainValidator(_text(Odds.parse))]
HandClassField = Annotated[HandClass, PlainValidator(_text(parse_hand_class))]
HandSourceField = Annotated[HandSource, PlainValidator(_text(HandSource.from_text))]
WagerField = Annotated[UthWager, PlainValidator(_text(UthWager.from_text))]
MoneyField = Annotated[Decimal, PlainValidator(_money)]
PercentField = Annotated[Decimal, PlainValidator(_percent)]

_STRICT = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class RowSpec(BaseModel):
    """A paytable row as written in a data file or a Rules Submission."""

    model_config = _STRICT
    hand: HandClassField
    odds: OddsField
    citation: CitationField | None = None
    note: str = ""


class PaytableSpec(BaseModel):
    model_config = _STRICT
    wager: WagerField
    letter: str = Field(pattern=r"^[A-Z]?$")
    cards: HandSourceField
    cards_citation: CitationField
    citation: CitationField
    expires: date | None = None
    rows: list[RowSpec] = Field(min_length=1)


class _MustHitBySpec(BaseModel):
    model_config = _STRICT
    configuration: str = Field(pattern=r"^[A-Z]$")
    minimum_wager: MoneyField
    minimum_value: MoneyField
    maximum_value: MoneyField
    contribution_percent: PercentField


class _MustHitByRule(BaseModel):
    model_config = _STRICT
    citation: CitationField
    expires: date | None = None


class _CatalogFile(BaseModel):
    model_config = _STRICT
    game: str
    chapters: list[str] = []
    paytable: list[PaytableSpec]
    must_hit_by_rule: _MustHitByRule | None = None
    must_hit_by: list[_MustHitBySpec] = []


def row_problems(wager: UthWager, rows: Sequence[RowSpec], where: str) -> list[Problem]:
    """Rows that use another wager's vocabulary, or print the same hand twice."""
    problems: list[Problem] = []
    allowed = ROW_VOCABULARY.get(wager, ())
    seen: set[HandClass] = set()
    for index, row in enumerate(rows):
        field = f"{where}rows[{index}].hand"
        if not isinstance(row.hand, allowed):
            names = ", ".join(repr(m.value) for cls in allowed for m in cls) or "none"
            problems.append(
                Problem(
                    field, f"a {wager.value} paytable row is one of {names}", repr(row.hand.value)
                )
            )
        if row.hand in seen:
            problems.append(
                Problem(field, "each hand appears once per paytable", repr(row.hand.value))
            )
        seen.add(row.hand)
    return problems


def build_paytable(spec: PaytableSpec) -> Paytable:
    rows = tuple(
        PaytableRow(row.hand, row.odds, row.citation or spec.citation, row.note)
        for row in spec.rows
    )
    return Paytable(
        spec.wager, spec.letter, spec.cards, spec.cards_citation, spec.citation, rows, spec.expires
    )


def load_paytables(path: Path) -> PaytableCatalog:
    """Load and validate a game's paytable file; errors name the file and the field."""
    raw = read_toml(path)
    try:
        spec = _CatalogFile.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(path, problems_from(exc)) from None
    problems: list[Problem] = []
    seen: set[tuple[UthWager, str]] = set()
    for index, table in enumerate(spec.paytable):
        key = (table.wager, table.letter)
        if key in seen:
            problems.append(
                Problem(f"paytable[{index}]", "each wager and letter is defined once", repr(key))
            )
        seen.add(key)
        problems += row_problems(table.wager, table.rows, f"paytable[{index}].")
    if spec.must_hit_by and spec.must_hit_by_rule is None:
        problems.append(Problem("must_hit_by_rule", "Must-Hit-By rows need a citation"))
    for index, mhb in enumerate(spec.must_hit_by):
        if mhb.minimum_value >= mhb.maximum_value:
            problems.append(
                Problem(
                    f"must_hit_by[{index}].maximum_value",
                    "the maximum dollar value is above the minimum",
                    str(mhb.maximum_value),
                )
            )
    if problems:
        raise DataFileError(path, problems)
    rule = spec.must_hit_by_rule
    must_hit_by = tuple(
        MustHitByConfiguration(
            m.configuration,
            m.minimum_wager,
            m.minimum_value,
            m.maximum_value,
            m.contribution_percent,
            rule.citation,
            rule.expires,
        )
        for m in spec.must_hit_by
        if rule is not None
    )
    return PaytableCatalog(
        spec.game, tuple(build_paytable(t) for t in spec.paytable), must_hit_by, str(path)
    )


UTH_DATA_FILE = "ultimate_texas_holdem.toml"


@cache
def uth_paytables() -> PaytableCatalog:
    """The Ultimate Texas Hold 'Em paytables shipped with the package (loaded once)."""
    data = resources.files("dealer_trainer.rules").joinpath("data", UTH_DATA_FILE)
    with resources.as_file(data) as path:
        return load_paytables(Path(path))
