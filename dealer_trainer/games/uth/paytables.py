"""The Ultimate Texas Hold 'Em paytables, read as data into the records every game shares.

The paytables of § 653a.12 and ch. 653b (seed 001) ship in ``data/ultimate_texas_holdem.toml``
beside this module, with the Must-Hit-By Mystery bonus configurations of § 653b.1(c)(4), whose
sections the shared loader leaves to this one. Each wager's rows use the
names its paytable prints (``ROW_VOCABULARY``); unlike the other games' tables, a UTH paytable
prints rows that pay nothing ("Push", or "N/A" for a row not on that paytable), so a row is not
refused for paying nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from msgspec import Struct

from dealer_trainer.games.config_support import shipped_paytables
from dealer_trainer.games.uth.wagers import (
    BonusEvent,
    Condition,
    HandClass,
    HandSource,
    UltimatePairsHand,
    UthWager,
    parse_hand_class,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.datafile import Invalid, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.rules.game_paytables import (
    CitationField,
    GameCatalog,
    GamePaytable,
    GameRow,
    Letter,
    MoneyField,
    PaytableFormat,
    PercentField,
)
from dealer_trainer.rules.provenance import Citation

GAME_NAME = "Ultimate Texas Hold 'Em"
DATA_FILE = "ultimate_texas_holdem.toml"

UthRow = GameRow[HandClass]
UthPaytable = GamePaytable[UthWager, HandClass, HandSource]


class UthConfigError(DataFileError):
    """An Ultimate Texas Hold 'Em Rules Submission (or the paytable file) is invalid;
    ``problems`` lists every field that is wrong."""


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
"""Which row names each wager's paytable may use."""


class UthPaytableFormat(PaytableFormat[UthWager, HandClass, HandSource], frozen=True):
    """A row name is read among every name a UTH paytable prints, then refused if the wager's
    paytable cannot print it, so the message says which kind of name it is."""

    def parse_hand(self, wager: UthWager, text: str) -> HandClass:
        hand = parse_hand_class(text)
        allowed = ROW_VOCABULARY.get(wager, ())
        if not isinstance(hand, allowed):
            names = ", ".join(repr(m.value) for cls in allowed for m in cls) or "none"
            raise ValueError(f"a {wager.value} paytable row is one of {names}")
        return hand


FORMAT = UthPaytableFormat(
    game=GAME_NAME,
    section="653a.12",
    wager_type=UthWager,
    source_type=HandSource,
    row_vocabulary={
        wager: tuple(member for kind in kinds for member in kind)
        for wager, kinds in ROW_VOCABULARY.items()
    },
    error=UthConfigError,
    data_file=DATA_FILE,
    package="dealer_trainer.games.uth",
    winning_rows_only=False,
)
"""How a UTH paytable reads: its wagers' own row names, "Push" and "N/A" rows included."""


class MustHitByConfiguration(Struct, frozen=True):
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
    effective: date | None = None

    @property
    def name(self) -> str:
        return f"Paytable {self.letter}—${self.minimum_wager} Configuration"

    @property
    def contribution_rate(self) -> Decimal:
        return self.contribution_percent / 100


class UthCatalog(GameCatalog[UthWager, HandClass, HandSource], frozen=True):
    """Every UTH paytable the regulations print, and the Must-Hit-By configurations."""

    must_hit_by: tuple[MustHitByConfiguration, ...] = ()

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


class _MustHitByRow(Record, frozen=True):
    configuration: Letter
    minimum_wager: MoneyField
    minimum_value: MoneyField
    maximum_value: MoneyField
    contribution_percent: PercentField


class _MustHitByRule(Record, frozen=True):
    citation: CitationField
    effective: date | None = None
    expires: date | None = None


class _MustHitBySections(Record, frozen=True):
    must_hit_by_rule: _MustHitByRule | None = None
    must_hit_by: tuple[_MustHitByRow, ...] = ()


_MUST_HIT_BY_KEYS = ("must_hit_by_rule", "must_hit_by")


def _must_hit_by(
    raw: Mapping[str, Any],
) -> tuple[tuple[MustHitByConfiguration, ...], list[Problem]]:
    try:
        spec = convert(
            {key: raw[key] for key in _MUST_HIT_BY_KEYS if key in raw}, _MustHitBySections
        )
    except Invalid as error:
        return (), list(error.problems)
    problems: list[Problem] = []
    if spec.must_hit_by and spec.must_hit_by_rule is None:
        problems.append(Problem("must_hit_by_rule", "Must-Hit-By rows need a citation"))
    for index, row in enumerate(spec.must_hit_by):
        if row.minimum_value >= row.maximum_value:
            problems.append(
                Problem(
                    f"must_hit_by[{index}].maximum_value",
                    "the maximum dollar value is above the minimum",
                    str(row.maximum_value),
                )
            )
    rule = spec.must_hit_by_rule
    if rule is None:
        return (), problems
    configurations = tuple(
        MustHitByConfiguration(
            row.configuration,
            row.minimum_wager,
            row.minimum_value,
            row.maximum_value,
            row.contribution_percent,
            rule.citation,
            rule.expires,
            rule.effective,
        )
        for row in spec.must_hit_by
    )
    return configurations, problems


def load_uth_paytables(path: Path) -> UthCatalog:
    """Load and validate a UTH paytable file; errors name the file and the field."""
    raw = read_toml(path)
    must_hit_by, problems = _must_hit_by(raw)
    paytables = {key: value for key, value in raw.items() if key not in _MUST_HIT_BY_KEYS}
    try:
        catalog = FORMAT.catalog_from_data(paytables, path)
    except UthConfigError as error:
        raise UthConfigError(path, [*error.problems, *problems]) from None
    if problems:
        raise UthConfigError(path, problems)
    return UthCatalog(catalog.paytables, catalog.source, must_hit_by)


@cache
def uth_paytables() -> UthCatalog:
    """The paytables shipped with the package (games/uth/data/ultimate_texas_holdem.toml), loaded
    once."""
    return shipped_paytables(FORMAT.package, DATA_FILE, load_uth_paytables)


__all__ = [
    "DATA_FILE",
    "FORMAT",
    "GAME_NAME",
    "ROW_VOCABULARY",
    "MustHitByConfiguration",
    "UthCatalog",
    "UthConfigError",
    "UthPaytable",
    "UthPaytableFormat",
    "UthRow",
    "load_uth_paytables",
    "uth_paytables",
]
