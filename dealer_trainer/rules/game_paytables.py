"""The paytable records and Rules Submission pieces every game shares.

Every game prints paytables as rows of "hand — odds" under a wager and a letter, each row with
its citation and provenance, loads the shipped ones from a TOML file in its package, lets a
property replace a bonus table with rows of its own (the seeds print few of the tables), and
validates a Rules Submission the same way. Only the row vocabulary, the odds a wager may be paid
at and the sections cited differ, so a game describes those in a ``PaytableFormat`` and the code
below does the rest once. Rows are kept in print order, best first; the first row a hand matches
that is not "N/A" is the row paid (regulations/README.md: "only the highest-ranking hand is
paid").

Errors keep the shape every data file uses: the file, the dotted field and what was expected.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from decimal import Decimal
from enum import Enum
from functools import wraps
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar

import msgspec
from msgspec import Meta, Struct, field

from dealer_trainer.rules.datafile import FieldProblem, Invalid, Parse, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.rules.money import format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance
from dealer_trainer.rules.settings import RuleInfo, RuleSetting, describe_rules
from dealer_trainer.vocabulary import Vocabulary, matches, normalise

W = TypeVar("W", bound=Vocabulary)
"""A game's wager vocabulary."""
H = TypeVar("H", bound=Hashable)
"""What a paytable row is named by: a hand class or an outcome such as "Player wins"."""
S = TypeVar("S", bound=Vocabulary)
"""Which cards a wager's hand is made from."""
M = TypeVar("M", bound=Record)
C = TypeVar("C")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

CHIP_ODDS = frozenset({OddsKind.TO})
PROGRESSIVE_ODDS = frozenset({OddsKind.FOR, OddsKind.METER_PERCENT})


def chip_odds_rule(wager: Enum) -> str:
    """Why a chip wager's rows read "X to 1": the stake stays beside the payout."""
    return f"'X to 1': the {wager.value} is a chip wager paid beside its stake"


def progressive_odds_rule(citation: str) -> str:
    """Why progressive rows read "X for 1" or a share of the meter."""
    return (
        "'X for 1' or 'N% of meter': the progressive chips go into the table inventory "
        f"container before the deal ({citation}), so nothing is returned beside a payout"
    )


# --- fields ----------------------------------------------------------------------------------


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


def _money(value: Any) -> Decimal:
    return to_money(value)


def _percent(value: Any) -> Decimal:
    amount = to_money(value, places=4)
    if not Decimal(0) < amount <= 100:
        raise ValueError("a percentage is above 0 and at most 100")
    return amount


_RECORDED = ContextVar("recorded_tables", default=False)


@contextmanager
def recorded_tables() -> Iterator[None]:
    """Read the tables stored with a record as they were when it was played: a table recorded
    before the rate of progression was required replays to its grades without one (the rate
    moves no chip in a round). Every other reading of a table requires it."""
    token = _RECORDED.set(True)
    try:
        yield
    finally:
        _RECORDED.reset(token)


def reading_recorded_tables() -> bool:
    """Whether the tables now read are the ones stored with a record (``recorded_tables``)."""
    return _RECORDED.get()


def _rate_of_progression(value: Any) -> Decimal | None:
    if value is None:
        if _RECORDED.get():
            return None
        raise ValueError(
            "the meter's rate of progression, the percentage of each wager added to the meter, "
            "which the Rules Submission must state (§ 639a.12(e)(4) and each chapter's "
            "rate-of-progression section)"
        )
    return _percent(value)


def text_field(parse: Callable[[str], Any]) -> Parse:
    """A field read from text only, so a number where a name belongs is refused by type."""

    def check(value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"expected text, not {type(value).__name__}")
        return parse(value)

    return Parse(check)


def enum_field(cls: type[Enum]) -> Parse:
    """Accept a member, its value or its name, spelled loosely (case, dashes, spacing)."""

    def parse(value: Any) -> Enum:
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            key = normalise(value)
            for member in cls:
                if matches(member, key):
                    return member
        choices = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"one of {choices}")

    return Parse(parse)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


BoolField = Annotated[bool, Parse(_bool)]
"""TOML's true/false only, in the words of the other settings' refusals."""
CitationField = Annotated[Citation, Parse(_citation)]
"""``{ provenance = "SEED", sections = ["653b.2(b)"], source = "seed 001" }``."""
OddsField = Annotated[Odds, text_field(Odds.parse)]
"""Odds written as text: "7 to 1", "3 to 2", "500 for 1", "10% of meter", "Push", "N/A"."""
MoneyField = Annotated[Decimal, Parse(_money)]
"""An exact amount in dollars; fractions of a cent are refused."""
PercentField = Annotated[Decimal, Parse(_percent)]
"""A percentage above 0 and at most 100."""
OptionalPercentField = Annotated[
    Decimal | None, Parse(lambda value: None if value is None else _percent(value))
]
"""A percentage above 0 and at most 100, or nothing: whether one is needed is the game's check."""
RateOfProgressionField = Annotated[Decimal | None, Parse(_rate_of_progression)]
"""A meter's rate of progression: required, except in a table recorded before it was
(``recorded_tables``). A record with such a field defaults it to ``None`` and calls
``require_rate_of_progression`` from its ``__post_init__``: a field left out of the file is not
parsed, so the requirement is the record's."""


def require_rate_of_progression(record: Any, field: str = "rate_of_progression_percent") -> None:
    """Refuse ``record`` without a rate of progression, outside ``recorded_tables``."""
    if getattr(record, field) is None and not _RECORDED.get():
        try:
            _rate_of_progression(None)
        except ValueError as error:
            raise FieldProblem(field, str(error), None) from None


class WagerLimits(Record, frozen=True):
    """Table minimum and maximum for one wager, in dollars."""

    minimum: MoneyField
    maximum: MoneyField


class Limited(Protocol):
    @property
    def minimum(self) -> Decimal: ...
    @property
    def maximum(self) -> Decimal: ...


def limit_problems(field: str, limits: Limited) -> list[Problem]:
    """A minimum above $0 and a maximum not below it."""
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


# --- the open rules ----------------------------------------------------------------------------


class OpenRules(Record, frozen=True):
    """The ``[rules]`` table of a Rules Submission: the rules the seed leaves open, each with a
    default whose reason and provenance ``RULE_INFO`` records."""

    RULE_INFO: ClassVar[Mapping[str, RuleInfo]] = {}
    _stated: frozenset[str] = frozenset()
    """The rules the file states (``datafile.STATED``)."""

    def citation(self, name: str) -> Citation:
        """Where the value in force comes from: the default's citation, or the property's Rules
        Submission when the property stated it (even when it states the default: the rule is
        then the property's word, not an assumption)."""
        info = self.RULE_INFO[name]
        if name not in self._stated:
            return info.citation
        return Citation(Provenance.PROPERTY, (), "Rules Submission")

    def describe(self) -> tuple[RuleSetting, ...]:
        """Every open rule with its value in force, default and provenance, for display."""
        return describe_rules(self, self.RULE_INFO)


# --- paytables as data -------------------------------------------------------------------------


class GameRow(Struct, Generic[H], frozen=True):
    """One printed line of a paytable, with its Envy Bonus amount where the game has one.

    ``label`` is the file's wording, so a correction quotes the table the trainee sees posted.
    """

    hand: H
    odds: Odds
    citation: Citation
    label: str
    envy: Decimal | None = None
    note: str = ""

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance

    def __str__(self) -> str:
        envy = f" (Envy Bonus {format_money(self.envy)})" if self.envy is not None else ""
        return f"{self.label}: {self.odds}{envy}"


class GamePaytable(Struct, Generic[W, H, S], frozen=True):
    """One wager's paytable under one letter ("" where a single table applies).

    ``cards`` is which cards form the hand the wager is settled on; it is part of the rule and
    has its own citation (``cards_citation``). ``effective`` and ``expires`` are the dates a
    temporary regulation takes effect and lapses (from its Source note), or ``None``.
    """

    wager: W
    letter: str
    cards: S
    cards_citation: Citation
    citation: Citation
    rows: tuple[GameRow[H], ...]
    expires: date | None = None
    effective: date | None = None

    @property
    def name(self) -> str:
        """ "Aces Up Paytable A", or "Ante" where there is a single table."""
        return (
            f"{self.wager.value} Paytable {self.letter}" if self.letter else str(self.wager.value)
        )

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance

    def row(self, hand: H) -> GameRow[H] | None:
        """The row printed for ``hand`` (even an "N/A" row), or ``None`` if there is none."""
        return next((row for row in self.rows if row.hand == hand), None)

    def first_row(self, hands: Iterable[H]) -> GameRow[H] | None:
        """The row that pays ``hands`` (every class the cards answer to): the first in print
        order that is not "N/A" (a row the regulation prints as not on this paytable)."""
        wanted = set(hands)
        return next((row for row in self.rows if row.hand in wanted and row.odds.applicable), None)

    def first_envy_row(self, hands: Iterable[H]) -> GameRow[H] | None:
        """The first row in print order that the hand holds and that carries an Envy amount."""
        wanted = set(hands)
        return next((row for row in self.rows if row.hand in wanted and row.envy is not None), None)

    @property
    def has_envy(self) -> bool:
        return any(row.envy is not None for row in self.rows)

    def __str__(self) -> str:
        return self.name


class GameCatalog(Struct, Generic[W, H, S], frozen=True):
    """Every paytable of one game shipped with the package, keyed by wager and letter."""

    paytables: tuple[GamePaytable[W, H, S], ...]
    source: str = ""

    def get(self, wager: W, letter: str = "") -> GamePaytable[W, H, S]:
        for table in self.paytables:
            if table.wager is wager and table.letter == letter:
                return table
        known = ", ".join(repr(t.letter) for t in self.paytables if t.wager is wager) or "none"
        raise KeyError(f"{wager.value} has no paytable {letter!r}; the data file has {known}")

    def has(self, wager: W, letter: str = "") -> bool:
        return any(t.wager is wager and t.letter == letter for t in self.paytables)

    def letters(self, wager: W) -> tuple[str, ...]:
        return tuple(t.letter for t in self.paytables if t.wager is wager)


class RowSpec(Record, frozen=True):
    """A paytable row as written in the data file or a Rules Submission; ``hand`` is read in the
    wager's row names once the wager is known (``PaytableFormat.parse_hand``)."""

    hand: str
    odds: OddsField
    envy: MoneyField | None = None
    citation: CitationField | None = None
    note: str = ""


def no_rows() -> list[RowSpec]:
    """No rows, for a wager the Rules Submission may leave without a paytable (a default
    factory: each record gets its own list)."""
    return []


Letter = Annotated[str, Meta(pattern=r"^[A-Z]$")]
"""A paytable's letter, "A" to "Z"."""


class PaytableChoice(Record, frozen=True):
    """A bonus paytable: the shipped one by letter (STANDARD), or the property's own rows under
    another letter, because the seeds print few paytables."""

    paytable: Letter = "A"
    rows: list[RowSpec] | None = None
    citation: CitationField | None = None


class ProgressiveSpec(WagerLimits, frozen=True, kw_only=True):
    """A Progressive Payout Wager whose paytable the seeds do not print: the Rules Submission
    states the rows ("X for 1" or "N% of meter"), the meter's reset amount and its rate of
    progression, the share of each wager the meter rises by. Each chapter's payout section is
    titled for the rate of progression (§§ 639a.12, 641a.12, 643a.12, 645a.13, 649a.12,
    653a.12) and § 639a.12(e)(4) has the Rules Submission state it, so a progressive without
    one is refused."""

    paytable: Letter = "P"
    rows: Annotated[list[RowSpec], Meta(min_length=1)]
    meter_reset: MoneyField | None = None
    rate_of_progression_percent: RateOfProgressionField = None
    citation: CitationField | None = None
    _stated: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        require_rate_of_progression(self)

    @property
    def stated(self) -> frozenset[str]:
        """The fields the file states (``datafile.STATED``): an Envy qualifying hand stated
        without an amount is refused, the same hand left at its default is not."""
        return self._stated


class _PaytableFileSpec(Record, frozen=True, kw_only=True):
    wager: str
    letter: Annotated[str, Meta(pattern=r"^[A-Z]?$")] = ""
    cards: str
    cards_citation: CitationField
    citation: CitationField
    effective: date | None = None
    expires: date | None = None
    rows: Annotated[list[RowSpec], Meta(min_length=1)]


class _CatalogFile(Record, frozen=True, kw_only=True):
    game: str
    chapters: list[str] = msgspec.field(default_factory=list)
    paytable: list[_PaytableFileSpec]


class PaytableFormat(Struct, Generic[W, H, S], frozen=True):
    """How one game's paytables read: its wagers, hand sources and row names, the error it
    raises and the section that holds its paytables.

    ``row_vocabulary`` maps each wager that has a paytable to the names its rows may use (an
    enumeration, or the members of one that the wager can pay on); ``aliases`` adds other
    printed names (the seed's wording beside the product's); ``envy`` says whether a row may
    carry an Envy Bonus amount (pai gow prints them in the bonus tables);
    ``winning_rows_only`` refuses rows that pay nothing; ``jackpots`` names the meters a row
    may pay a share of besides the one progressive meter ("100% of mega jackpot"), none by
    default: a game with one meter refuses a named jackpot.
    """

    game: str
    section: str
    wager_type: type[W]
    source_type: type[S]
    row_vocabulary: Mapping[W, Iterable[Enum]]
    error: type[DataFileError]
    data_file: str
    package: str
    """The game package whose ``data`` folder holds ``data_file``."""
    aliases: Mapping[str, H] = field(default_factory=dict)
    envy: bool = False
    winning_rows_only: bool = True
    shown_names: Callable[[Iterable[Enum]], Iterable[Enum]] = iter
    row_rule: Callable[[W], str] | None = None
    jackpots: frozenset[str] = frozenset()

    def parse_hand(self, wager: W, text: str) -> H:
        """Read a row name of ``wager``'s paytable; ``ValueError`` lists the names allowed."""
        vocabulary = self.row_vocabulary.get(wager)
        if vocabulary is None:
            raise ValueError(f"the {wager.value} has no paytable")
        key = normalise(text)
        for member in vocabulary:
            if matches(member, key):
                return member  # type: ignore[return-value]
        alias = self.aliases.get(key)
        if alias is not None:
            return alias
        names = ", ".join(repr(m.value) for m in self.shown_names(vocabulary))
        lead = f"{self.row_rule(wager)}; " if self.row_rule is not None else ""
        raise ValueError(f"{lead}a row of the {wager.value} paytable: one of {names}")

    def resolve_rows(
        self,
        wager: W,
        specs: Sequence[RowSpec],
        citation: Citation,
        where: str,
        *,
        kinds: frozenset[OddsKind] | None = None,
        kinds_rule: str = "",
    ) -> tuple[tuple[GameRow[H], ...], list[Problem]]:
        """Rows with their hands read in ``wager``'s vocabulary, and every problem found: a name
        the wager cannot pay on, a hand printed twice, an Envy amount where there is none or
        below $0, odds that pay nothing, or odds of a kind other than ``kinds`` (``kinds_rule``
        says what is expected and why)."""
        rows: list[GameRow[H]] = []
        problems: list[Problem] = []
        seen: set[H] = set()
        for index, spec in enumerate(specs):
            place = f"{where}rows[{index}]"
            odds = repr(str(spec.odds))
            if self.winning_rows_only and not spec.odds.pays:
                problems.append(
                    Problem(
                        f"{place}.odds",
                        f"winning odds such as '5 to 1': a {self.game} paytable prints only "
                        "winning rows",
                        odds,
                    )
                )
            elif kinds is not None and spec.odds.kind not in kinds:
                problems.append(Problem(f"{place}.odds", kinds_rule, odds))
            elif spec.odds.jackpot and spec.odds.jackpot not in self.jackpots:
                named = ", ".join(sorted(self.jackpots)) or "none: its progressive has one meter"
                problems.append(
                    Problem(
                        f"{place}.odds",
                        f"a jackpot this {self.game} table has a meter for ({named})",
                        odds,
                    )
                )
            if spec.envy is not None and not self.envy:
                problems.append(
                    Problem(
                        f"{place}.envy",
                        f"no Envy amount on a {self.game} paytable row: the Rules Submission "
                        "states the Envy Bonus with the wager",
                        format_money(spec.envy),
                    )
                )
            elif spec.envy is not None and spec.envy <= 0:
                problems.append(
                    Problem(
                        f"{place}.envy", "a positive Envy Bonus amount", format_money(spec.envy)
                    )
                )
            try:
                hand = self.parse_hand(wager, spec.hand)
            except ValueError as exc:
                problems.append(Problem(f"{place}.hand", str(exc), repr(spec.hand)))
                continue
            if hand in seen:
                problems.append(
                    Problem(f"{place}.hand", "each hand appears once per paytable", repr(spec.hand))
                )
            seen.add(hand)
            rows.append(
                GameRow(hand, spec.odds, spec.citation or citation, spec.hand, spec.envy, spec.note)
            )
        return tuple(rows), problems

    # --- the shipped file ----------------------------------------------------------------------

    def load_catalog(
        self,
        path: Path,
        *,
        odds: Callable[[W], tuple[frozenset[OddsKind] | None, str]] = lambda _: (None, ""),
        refused: Mapping[W, str] | None = None,
        required: Sequence[W] = (),
    ) -> GameCatalog[W, H, S]:
        """Load and validate a paytable file; errors name the file and the field.

        ``odds`` gives the odds kinds each wager's rows may use, ``refused`` the wagers the file
        may not hold (with the reason) and ``required`` the single-table wagers it must hold.
        """
        return self.catalog_from_data(
            read_toml(path), path, odds=odds, refused=refused, required=required
        )

    def catalog_from_data(
        self,
        raw: Mapping[str, Any],
        path: str | Path,
        *,
        odds: Callable[[W], tuple[frozenset[OddsKind] | None, str]] = lambda _: (None, ""),
        refused: Mapping[W, str] | None = None,
        required: Sequence[W] = (),
    ) -> GameCatalog[W, H, S]:
        """``load_catalog`` on a file already read (a game whose file holds more than paytables
        takes its own sections out first)."""
        try:
            spec = convert(raw, _CatalogFile)
        except Invalid as exc:
            raise self.error(path, exc.problems) from None
        problems: list[Problem] = []
        if normalise(spec.game) != normalise(self.game):
            problems.append(Problem("game", repr(self.game), repr(spec.game)))
        tables: list[GamePaytable[W, H, S]] = []
        seen: set[tuple[W, str]] = set()
        for index, table in enumerate(spec.paytable):
            where = f"paytable[{index}]"
            try:
                wager = self.wager_type.from_text(table.wager)
            except ValueError as exc:
                problems.append(Problem(f"{where}.wager", str(exc), repr(table.wager)))
                continue
            try:
                cards = self.source_type.from_text(table.cards)
            except ValueError as exc:
                problems.append(Problem(f"{where}.cards", str(exc), repr(table.cards)))
                continue
            key = (wager, table.letter)
            if key in seen:
                problems.append(Problem(where, "each wager and letter is defined once", repr(key)))
            seen.add(key)
            if refused and wager in refused:
                problems.append(Problem(f"{where}.wager", refused[wager], repr(wager.value)))
                continue
            kinds, kinds_rule = odds(wager)
            rows, found = self.resolve_rows(
                wager, table.rows, table.citation, f"{where}.", kinds=kinds, kinds_rule=kinds_rule
            )
            problems += found
            tables.append(
                GamePaytable(
                    wager,
                    table.letter,
                    cards,
                    table.cards_citation,
                    table.citation,
                    rows,
                    table.expires,
                    table.effective,
                )
            )
        for wager in required:
            if (wager, "") not in seen:
                problems.append(Problem("paytable", f"the {wager.value} paytable, with no letter"))
        if problems:
            raise self.error(path, problems)
        return GameCatalog(tuple(tables), str(path))

    def shipped_catalog(self, **checks: Any) -> GameCatalog[W, H, S]:
        """The paytables shipped with the game (``<package>/data/<data_file>``)."""
        data = resources.files(self.package).joinpath("data", self.data_file)
        with resources.as_file(data) as path:
            return self.load_catalog(Path(path), **checks)

    # --- a Rules Submission's own tables -------------------------------------------------------

    def stated_citation(self, source: str, section: str = "") -> Citation:
        """A paytable the property's Rules Submission states (the seeds print none)."""
        return Citation(
            Provenance.PROPERTY,
            (section or self.section,),
            f"Rules Submission {Path(source).name}".strip() if source else "Rules Submission",
        )

    def property_paytable(
        self,
        wager: W,
        letter: str,
        specs: Sequence[RowSpec],
        citation: Citation,
        cards: S,
        cards_citation: Citation,
    ) -> GamePaytable[W, H, S]:
        """A paytable whose rows the Rules Submission states; the rows were checked when the
        file was read, so problems are not reported again here."""
        rows, _ = self.resolve_rows(wager, specs, citation, "")
        return GamePaytable(wager, letter, cards, cards_citation, citation, rows)

    def choice_problems(
        self,
        catalog: GameCatalog[W, H, S],
        wager: W,
        choice: PaytableChoice,
        field: str,
        *,
        section: str = "",
        kinds: frozenset[OddsKind] | None = None,
        kinds_rule: str = "",
    ) -> tuple[tuple[GameRow[H], ...], list[Problem]]:
        """A shipped letter, or the property's own rows under a letter the package does not
        ship; the property's rows and every problem with them."""
        cited = section or self.section
        shipped = catalog.has(wager, choice.paytable)
        if choice.rows is None:
            if shipped:
                return (), []
            known = ", ".join(catalog.letters(wager))
            return (), [
                Problem(
                    f"{field}.paytable",
                    f"the shipped {wager.value} Paytable {known}, or rows of the property's "
                    f"own (§ {cited} is not in the seeds)",
                    repr(choice.paytable),
                )
            ]
        if shipped:
            return (), [
                Problem(
                    f"{field}.paytable",
                    f"another letter than the shipped {wager.value} Paytable {choice.paytable} "
                    "for the property's own rows",
                    repr(choice.paytable),
                )
            ]
        citation = Citation(Provenance.PROPERTY, (cited,), "Rules Submission")
        rows, problems = self.resolve_rows(
            wager, choice.rows, citation, f"{field}.", kinds=kinds, kinds_rule=kinds_rule
        )
        if not choice.rows:
            problems.append(Problem(f"{field}.rows", "at least one row"))
        return rows, problems

    def progressive_problems(
        self, wager: W, spec: ProgressiveSpec, field: str, odds_rule: str
    ) -> tuple[tuple[GameRow[H], ...], list[Problem]]:
        """The stated rows paid "X for 1" or from the meter, and a positive meter reset."""
        citation = Citation(Provenance.PROPERTY, (self.section,), "Rules Submission")
        rows, problems = self.resolve_rows(
            wager, spec.rows, citation, f"{field}.", kinds=PROGRESSIVE_ODDS, kinds_rule=odds_rule
        )
        if spec.meter_reset is not None and spec.meter_reset <= 0:
            problems.append(
                Problem(f"{field}.meter_reset", "a positive amount", format_money(spec.meter_reset))
            )
        return rows, problems


# --- reading a Rules Submission ------------------------------------------------------------------


def parse_config(
    model: type[M],
    error: type[DataFileError],
    check: Callable[[M], list[Problem]],
    data: Mapping[str, Any],
    source: str | Path,
) -> M:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file):
    the schema first, then the checks that need the regulation, every problem at once."""
    try:
        config = convert({**data, "source": str(source)}, model)
    except Invalid as exc:
        raise error(source, exc.problems) from None
    problems = check(config)
    if problems:
        raise error(source, problems)
    return config


def load_config(
    error: type[DataFileError],
    parse: Callable[[Mapping[str, Any], str | Path], M],
    path: str | Path,
) -> M:
    """Read a Rules Submission TOML file and validate it with ``parse``; an unreadable file is
    reported with the game's own error type."""
    file = Path(path)
    try:
        raw = read_toml(file)
    except DataFileError as exc:
        raise error(file, exc.problems) from None
    return parse(raw, file)


_UNREFERENCED_KEPT = 64
"""How many configurations that cannot be weakly referenced keep their views (the newest)."""


def resolved_per_config(view: Callable[[C, K], V]) -> Callable[[C, K], V]:
    """Cache a table configuration's resolved view (its paytable or limits for a wager) for as
    long as that configuration object lives, so a round that asks for the same paytable twenty
    times reads the property's rows once.

    The cache is kept beside the configuration, keyed by its identity, not on it: a frozen
    record has no room for it, and a configuration holding lists is not hashable. A
    configuration is frozen, so its views cannot change while it lives; an error (a wager not
    offered) is not cached. A configuration declared ``weakref=True`` frees its views with it;
    any other keeps them while it is among the newest few, held so its identity is not reused.
    """
    caches: dict[int, dict[K, V]] = {}
    held: OrderedDict[int, tuple[C, dict[K, V]]] = OrderedDict()

    def views_of(config: C) -> dict[K, V]:
        key = id(config)
        cache = caches.get(key)
        if cache is not None:
            return cache
        kept = held.get(key)
        if kept is not None and kept[0] is config:
            return kept[1]
        cache = {}
        try:
            weakref.finalize(config, caches.pop, key, None)
        except TypeError:
            held[key] = (config, cache)
            if len(held) > _UNREFERENCED_KEPT:
                held.popitem(last=False)
        else:
            caches[key] = cache
        return cache

    @wraps(view)
    def cached(config: C, key: K) -> V:
        cache = views_of(config)
        if key in cache:
            return cache[key]
        value = cache[key] = view(config, key)
        return value

    return cached


__all__ = [
    "CHIP_ODDS",
    "PROGRESSIVE_ODDS",
    "BoolField",
    "CitationField",
    "GameCatalog",
    "GamePaytable",
    "GameRow",
    "Letter",
    "MoneyField",
    "OddsField",
    "OpenRules",
    "OptionalPercentField",
    "PaytableChoice",
    "PaytableFormat",
    "PercentField",
    "ProgressiveSpec",
    "RateOfProgressionField",
    "RowSpec",
    "WagerLimits",
    "chip_odds_rule",
    "enum_field",
    "limit_problems",
    "load_config",
    "no_rows",
    "parse_config",
    "progressive_odds_rule",
    "reading_recorded_tables",
    "recorded_tables",
    "require_rate_of_progression",
    "resolved_per_config",
    "text_field",
]
