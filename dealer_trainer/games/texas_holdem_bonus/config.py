"""A Texas Hold 'Em Bonus Poker table's configuration: the casino's Rules Submission under
§ 601a.2, as a TOML file.

The chapter's payout section (§ 647a.12) was not found in the stored Code pages, so every
paytable choice, the open rules (``settings.py``) and the payout limit are settings the Rules
Submission states. A wager is offered when its table is present in the file. Errors name the
file, the dotted field path and what was expected, e.g.::

    thb.toml: bonus.paytable: one of the Bonus paytables A, B (got 'C')
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta

from dealer_trainer.games.config_report import progression_line
from dealer_trainer.games.five_card_hand_bonus import BetOn, FiveCardHandBonusSpec, draw_lines
from dealer_trainer.games.progressive_config import (
    EnvyProgressiveSpec,
    EnvyProgressiveViews,
    envy_problems,
)
from dealer_trainer.games.texas_holdem_bonus.paytables import (
    FORMAT,
    GAME_NAME,
    ThbCatalog,
    ThbConfigError,
    ThbPaytable,
    thb_paytables,
)
from dealer_trainer.games.texas_holdem_bonus.settings import HOUSE_RULE, ThbRules
from dealer_trainer.games.texas_holdem_bonus.wagers import HandSource, ThbWager
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import (
    PROGRESSIVE_ODDS,
    Letter,
    MoneyField,
    WagerLimits,
    limit_problems,
    load_config,
    parse_config,
    resolved_per_config,
    text_field,
)
from dealer_trainer.rules.money import format_money

PROGRESSIVE_ODDS_RULE = (
    "'X for 1' or 'N% of meter': the progressive chips are dropped into the table inventory "
    "container before the deal (§ 639a.8(b), by analogy), so nothing is returned beside a payout"
)
LIMITED_BY_DEFAULT = (ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER, ThbWager.BONUS)
"""The wagers a payout limit applies to unless the Rules Submission names others: the chip
wagers, never the progressive or the Five Card Hand Bonus (as §§ 643a.12(g), 655a.12 exempt
them); the ch. 647a text was not found, so the list is a setting."""

HandSourceField = Annotated[HandSource, text_field(HandSource.from_text)]
_PROGRESSIVE_CARDS = (HandSource.PLAYER_AND_BOARD, HandSource.TWO_CARDS_AND_FLOP)


class AnteSpec(WagerLimits, frozen=True, kw_only=True):
    """Ante limits; the Flop, Turn and River Wagers are multiples of it (``ThbRules``)."""


class BonusSpec(WagerLimits, frozen=True, kw_only=True):
    """The optional Bonus Wager and the lettered paytable the property selected."""

    paytable: Letter


class ProgressiveSpec(EnvyProgressiveSpec, frozen=True, kw_only=True):
    """The optional Progressive Payout Wager with its Envy Bonus (§ 647a.1): the rows, the
    cards that form its hand and the Envy amount are the Rules Submission's own."""

    cards: HandSourceField = HandSource.TWO_CARDS_AND_FLOP


class ThbFiveCardHandBonusSpec(FiveCardHandBonusSpec, frozen=True, kw_only=True):
    """The shared Five Card Hand Bonus section (§ 647a.1 defines its Magic Card and Lucky
    Bonus on the player's and the dealer's hand)."""


class ThbTableConfig(EnvyProgressiveViews, Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Texas Hold 'Em Bonus Poker table."""

    game: Literal["Texas Hold 'Em Bonus Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: AnteSpec
    bonus: BonusSpec | None = None
    progressive: ProgressiveSpec | None = None
    five_card_hand_bonus: ThbFiveCardHandBonusSpec | None = None
    payout_limit: MoneyField | None = None
    """The most paid to one player in a round on the wagers ``payout_limit_wagers`` names."""
    payout_limit_wagers: tuple[str, ...] = tuple(w.value for w in LIMITED_BY_DEFAULT)
    rules: ThbRules = ThbRules()
    source: str = ""

    @property
    def catalog(self) -> ThbCatalog:
        return thb_paytables()

    def offers(self, wager: ThbWager) -> bool:
        if wager in (ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER):
            return True
        fchb = self.five_card_hand_bonus
        if wager is ThbWager.MAGIC_CARD_BONUS:
            return fchb is not None and fchb.magic_card_bonus
        if wager is ThbWager.LUCKY_BONUS:
            return fchb is not None and fchb.lucky_bonus
        if wager is ThbWager.FIVE_CARD_HAND_BONUS:
            return fchb is not None
        if wager is ThbWager.BONUS:
            return self.bonus is not None
        return self.progressive is not None

    def offered_wagers(self) -> tuple[ThbWager, ...]:
        return tuple(wager for wager in ThbWager if self.offers(wager))

    def fchb_offered_on(self, hand: BetOn) -> bool:
        fchb = self.five_card_hand_bonus
        return fchb is not None and fchb.offered_on(hand)

    @property
    def settles_progressive(self) -> bool:
        return self.progressive is not None

    @property
    def limited_wagers(self) -> frozenset[ThbWager]:
        """The wagers the payout limit applies to (none without a limit)."""
        if self.payout_limit is None:
            return frozenset()
        return frozenset(ThbWager.from_text(name) for name in self.payout_limit_wagers)

    @resolved_per_config
    def paytable(self, wager: ThbWager) -> ThbPaytable:
        """The paytable this table uses for ``wager``; ``KeyError`` if it is not offered or
        has none of its own (the Five Card Hand Bonus: the shared module's)."""
        if not self.offers(wager):
            raise KeyError(f"{self.name} does not offer the {wager.value}")
        if wager is ThbWager.PROGRESSIVE and self.progressive is not None:
            spec = self.progressive
            citation = spec.citation or FORMAT.stated_citation(self.source, "647a.1")
            return FORMAT.property_paytable(
                wager, spec.paytable, spec.rows, citation, spec.cards, citation
            )
        if wager is ThbWager.BONUS and self.bonus is not None:
            return self.catalog.get(wager, self.bonus.paytable)
        return self.catalog.get(wager, "")

    def limits(self, wager: ThbWager) -> WagerLimits:
        """Minimum and maximum for ``wager``; ``KeyError`` for the Flop, Turn and River (a
        multiple of the Ante), awards and wagers not offered."""
        if wager is ThbWager.ANTE:
            return self.ante
        spec: WagerLimits | None = {
            ThbWager.BONUS: self.bonus,
            ThbWager.PROGRESSIVE: self.progressive,
            ThbWager.FIVE_CARD_HAND_BONUS: self.five_card_hand_bonus,
        }.get(wager)
        if spec is None:
            raise KeyError(f"{self.name} sets no limits of its own for the {wager.value}")
        return spec

    @property
    def fchb_meter_reset(self) -> Decimal | None:
        fchb = self.five_card_hand_bonus
        return fchb.meter_reset if fchb is not None else None

    def describe(self) -> list[str]:
        return thb_table_report(self)


def _check(config: ThbTableConfig) -> list[Problem]:
    """Checks that need the paytable data: letters exist, meters, a payout limit's wagers."""
    catalog = thb_paytables()
    problems = limit_problems("ante", config.ante)
    if config.bonus is not None:
        problems += limit_problems("bonus", config.bonus)
        if not catalog.has(ThbWager.BONUS, config.bonus.paytable):
            known = ", ".join(catalog.letters(ThbWager.BONUS))
            problems.append(
                Problem(
                    "bonus.paytable", f"one of the Bonus paytables {known}", config.bonus.paytable
                )
            )
    spec = config.progressive
    if spec is not None:
        problems += limit_problems("progressive", spec)
        _, rows = FORMAT.resolve_rows(
            ThbWager.PROGRESSIVE,
            spec.rows,
            FORMAT.stated_citation(config.source),
            "progressive.",
            kinds=PROGRESSIVE_ODDS,
            kinds_rule=PROGRESSIVE_ODDS_RULE,
        )
        problems += rows
        if spec.cards not in _PROGRESSIVE_CARDS:
            choices = " or ".join(repr(c.value) for c in _PROGRESSIVE_CARDS)
            problems.append(Problem("progressive.cards", choices, repr(spec.cards.value)))
        problems += envy_problems(
            spec,
            "progressive",
            "647a.12",
            at_least_straight_flush="the Envy Bonus Qualifying Hand is a straight flush or "
            "better (§ 647a.1)",
        )
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    if config.payout_limit is not None and config.payout_limit <= 0:
        problems.append(
            Problem("payout_limit", "a positive amount", format_money(config.payout_limit))
        )
    chip_wagers = {w.value.lower(): w for w in LIMITED_BY_DEFAULT}
    for index, name in enumerate(config.payout_limit_wagers):
        if name.strip().lower() not in chip_wagers:
            problems.append(
                Problem(
                    f"payout_limit_wagers[{index}]",
                    "one of " + ", ".join(repr(w.value) for w in LIMITED_BY_DEFAULT),
                    repr(name),
                )
            )
    return problems


def parse_thb_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> ThbTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a lesson file)."""
    return parse_config(ThbTableConfig, ThbConfigError, _check, data, source)


def load_thb_config(path: str | Path) -> ThbTableConfig:
    """Read and validate a Rules Submission TOML file; ``ThbConfigError`` lists every problem
    with the file name, the field path and what was expected."""
    return load_config(ThbConfigError, parse_thb_config, path)


def thb_table_report(config: ThbTableConfig) -> list[str]:
    """Wagers, limits, paytables, meters, the payout limit and the rules in force, each with
    its basis, as an instructor checks a table."""
    lines = [config.name]
    if config.description:
        lines.append(config.description)
    lines.append("")
    rules = config.rules
    multiples = {
        ThbWager.FLOP: rules.flop_multiple,
        ThbWager.TURN: rules.turn_multiple,
        ThbWager.RIVER: rules.river_multiple,
    }
    for wager in config.offered_wagers():
        if wager in (ThbWager.MAGIC_CARD_BONUS, ThbWager.LUCKY_BONUS):
            continue
        if wager is ThbWager.FIVE_CARD_HAND_BONUS:
            continue
        try:
            limits = config.limits(wager)
            span = f"  {format_money(limits.minimum)}-{format_money(limits.maximum)}"
        except KeyError:
            span = f"  ({multiples[wager]}x the Ante)" if wager in multiples else ""
        table = config.paytable(wager)
        lines.append(f"{table.name}{span}  — {table.citation.for_instructor}")
        lines.append(f"    hand: {table.cards.value}")
        for row in table.rows:
            if row.odds.applicable:
                lines.append(f"    {row.label}: {row.odds}")
        if wager is ThbWager.ANTE:
            lines.append(
                f"    paid only with {rules.ante_pays_from.value.lower()} or better, else a "
                f"push  — {rules.citation('ante_pays_from').for_instructor}"
            )
        if wager is ThbWager.PROGRESSIVE and config.progressive is not None:
            spec = config.progressive
            if spec.rate_of_progression_percent is not None:
                lines.append(
                    progression_line(
                        spec.rate_of_progression_percent, "§ 639a.12(e)(4), by analogy"
                    )
                )
            if spec.envy is not None:
                lines.append(
                    f"    Envy Bonus: {format_money(spec.envy)} to each other progressive bettor "
                    f"for each {spec.envy_qualifying_hand.value.lower()} or better (§ 647a.1)"
                )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        hands = " and ".join(b.value for b in fchb.bet_on)
        lines.append(
            f"Five Card Hand Bonus {format_money(fchb.minimum)}-{format_money(fchb.maximum)}: "
            f"the wagered hand's two cards and the flop; meter starts at "
            f"{format_money(fchb.meter_start)}, resets to {format_money(fchb.meter_reset)}; on "
            f"the {hands}"
        )
        if fchb.magic_card_bonus:
            lines.append("    Magic Card Bonus offered (§ 647a.1)")
        if fchb.lucky_bonus:
            lines.append("    Lucky Bonus offered (§ 647a.1)")
        lines += draw_lines(fchb)
        if fchb.rate_of_progression_percent is not None:
            lines.append(
                progression_line(fchb.rate_of_progression_percent, "§ 639a.12(e)(4), by analogy")
            )
    if config.payout_limit is not None:
        named = ", ".join(config.payout_limit_wagers)
        lines.append(
            f"Payout limit: {format_money(config.payout_limit)} to one player per round on the "
            f"{named}  — {HOUSE_RULE.for_instructor}"
        )
    lines += ["", "Rules the regulations leave open (value in force, basis):"]
    for setting in rules.describe():
        changed = "" if setting.is_default else f" (default {setting.default})"
        lines.append(
            f"  {setting.title}: {setting.value}{changed}  — {setting.citation.for_instructor}"
        )
    return lines


__all__ = [
    "GAME_NAME",
    "LIMITED_BY_DEFAULT",
    "AnteSpec",
    "BonusSpec",
    "ProgressiveSpec",
    "ThbConfigError",
    "ThbFiveCardHandBonusSpec",
    "ThbTableConfig",
    "load_thb_config",
    "parse_thb_config",
    "thb_table_report",
]
