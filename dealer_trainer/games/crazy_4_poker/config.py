"""A Crazy 4 Poker table's configuration: the property's Rules Submission under § 601a.2, as TOML.

It mirrors the Four Card Poker configuration: a frozen record that refuses unknown
fields, paytables loaded as data with a citation on every row, the rules the stored Code text
leaves open as settings with their provenance, and errors that name the file, the dotted field
and what was expected, e.g.::

    crazy_4_poker_all_options.toml: queens_up.paytable: the shipped Queens Up paytable A, or
    rows of the property's own (got 'C')

Read from the Code: § 657a.1 (definitions) and § 657a.6(a)-(c) (rankings). Not among the stored
pages: §§ 657a.7 (wagers), 657a.11 (completion of each round) and 657a.12 (payout odds and
payout limit). The Ante, Super Bonus, Play, Queens Up and dealer qualification rules and the
shipped paytables therefore come from the game's published house rules (STANDARD), each a
setting the property confirms or replaces in its Rules Submission, and the shipped paytables are
lettered "A" by this product, not by the Code.

The Five Card Hand Bonus (§ 657a.1, 43 Pa.B. 2827 proposed §§ 657a.7, 657a.11, 657a.12) is the
section the module shared by every game defines (games/five_card_hand_bonus.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta

from dealer_trainer.games.best_four_progressive import (
    FIVE,
    FOUR,
    FiveCardProgressiveSpec,
    FourCardProgressiveSpec,
    ProgressiveTerms,
    report_lines,
)
from dealer_trainer.games.chosen_paytables import (
    LimitedPaytableChoice,
    chip_choice_problems,
    chosen_paytable,
)
from dealer_trainer.games.config_report import (
    fchb_hands,
    fchb_lines,
    limits_span,
    open_rules_lines,
    paytable_lines,
    report_head,
)
from dealer_trainer.games.config_support import BoxCountField, chip_odds, shipped_paytables
from dealer_trainer.games.crazy_4_poker.wagers import (
    Crazy4Class,
    Crazy4Condition,
    Crazy4HandSource,
    Crazy4Wager,
    FoldRule,
    TieRule,
)
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    GameCatalog,
    GamePaytable,
    GameRow,
    MoneyField,
    OpenRules,
    PaytableChoice,
    PaytableFormat,
    WagerLimits,
    enum_field,
    limit_problems,
    load_config,
    parse_config,
    resolved_per_config,
)
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.provenance import analog, code, standard
from dealer_trainer.rules.settings import RuleInfo

GAME = "Crazy 4 Poker"
"""The ``game`` line of a Crazy 4 Poker Rules Submission (the key a practice registry uses)."""
HOUSE_RULES = "the game's published house rules; §§ 657a.7, 657a.11 and 657a.12 not yet read"
SETTLEMENT_CITATION = standard(HOUSE_RULES)
QUALIFICATION_CITATION = standard(HOUSE_RULES)
RANKINGS_CITATION = code("657a.6(b)", "657a.6(c)")
ADJACENT_BOXES_CITATION = standard(HOUSE_RULES)
PAYTABLES_SECTION = "657a.12"
FCHB_CITATION = code("657a.1")
MINIMUM_PAYOUT_LIMIT = Decimal(50_000)
"""The least payout limit every chapter that states one sets ($50,000 or the most one player
could win per round at the minimum wager, whichever is greater: § 643a.12(g) and § 645a.13(j),
seed 000); § 657a.12's own paragraph is not among the stored pages."""
LIMIT_CITATION = analog("seed 000", "643a.12(g)", "645a.13(j)")

PROGRESSIVE = ProgressiveTerms(
    game=GAME,
    definitions=code("657a.1"),
    paytables_section=PAYTABLES_SECTION,
    pre_deal_section="657a.8; § 641a.8(b)",
    verify="§ 657a.11; § 641a.11(c)(7)(i)",
    floorperson="§ 657a.11; § 641a.11(c)(7)(ii)",
    hold="§ 657a.11; § 641a.11(c)(7)(iii)",
    envy_acknowledge="§ 657a.1; § 645a.11(h)(6)(i)(B)-(C)",
    envy_pay="§ 657a.1; § 645a.11(h)(6)(ii)",
    meter_reset="§ 657a.12; house rule",
    chips=analog("seed 000", "657a.8", "641a.8(b)"),
    award=analog("seed 000", "641a.11(c)(7)(iii)"),
)
"""The Four-Card and Five-Card Progressive Payout Wagers as § 657a.1 defines them (Code); the
rest of ch. 657a is not among the stored pages, so the chips are dropped and a win verified as
ch. 641a has it (the same rulemaking), and the paytables, amounts and rates are the Rules
Submission's (§ 657a.12)."""

Crazy4RowHand = Crazy4Class | Crazy4Condition


class Crazy4PokerConfigError(DataFileError):
    """A Crazy 4 Poker Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


# --- paytables as data -----------------------------------------------------------------------

ROW_VOCABULARY: Mapping[Crazy4Wager, type[Enum]] = {
    Crazy4Wager.ANTE: Crazy4Condition,
    Crazy4Wager.PLAY: Crazy4Condition,
    Crazy4Wager.SUPER_BONUS: Crazy4Class,
    Crazy4Wager.QUEENS_UP: Crazy4Class,
}
"""Which row names each wager's paytable may use: Ante and Play pay on the comparison with the
dealer, the Super Bonus and Queens Up on the player's hand alone."""

FORMAT: PaytableFormat[Crazy4Wager, Crazy4RowHand, Crazy4HandSource] = PaytableFormat(
    game=GAME,
    section=PAYTABLES_SECTION,
    wager_type=Crazy4Wager,
    source_type=Crazy4HandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=Crazy4PokerConfigError,
    data_file="crazy_4_poker.toml",
    package="dealer_trainer.games.crazy_4_poker",
)
"""How a Crazy 4 Poker paytable reads: every wager is a chip wager paid "X to Y" beside its
stake."""

Crazy4Row = GameRow[Crazy4RowHand]
Crazy4Paytable = GamePaytable[Crazy4Wager, Crazy4RowHand, Crazy4HandSource]
Crazy4Catalog = GameCatalog[Crazy4Wager, Crazy4RowHand, Crazy4HandSource]


def parse_row_hand(wager: Crazy4Wager, text: str) -> Crazy4RowHand:
    """Read a row name of ``wager``'s paytable; ``ValueError`` lists the names allowed."""
    return FORMAT.parse_hand(wager, text)


def load_crazy_4_poker_paytables(path: Path) -> Crazy4Catalog:
    """Load and validate a Crazy 4 Poker paytable file; errors name the file and the field."""
    return FORMAT.load_catalog(path, odds=chip_odds, required=(Crazy4Wager.ANTE, Crazy4Wager.PLAY))


@cache
def crazy_4_poker_paytables() -> Crazy4Catalog:
    """The paytables shipped with the game (data/crazy_4_poker.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_crazy_4_poker_paytables)


# --- the rules the stored Code text leaves open -------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "play_multiples": RuleInfo(
        "Play Wager (times the Ante)",
        "A player who stays in makes a Play Wager equal to the Ante.",
        standard(HOUSE_RULES),
    ),
    "raise_multiples": RuleInfo(
        "Play Wager with a pair of aces or better",
        "A player whose best four cards hold a pair of aces or better may make a Play Wager of "
        "up to three times the Ante.",
        standard(HOUSE_RULES),
    ),
    "ties": RuleInfo(
        "Player's hand ties the dealer's qualifying hand",
        "When the player's best four cards rank equal to the dealer's qualifying hand (suits "
        "never break a tie, § 657a.6(c)) the Ante and Play push.",
        standard(HOUSE_RULES),
    ),
    "queens_up_on_fold": RuleInfo(
        "Queens Up Wager on a folded hand",
        "A player who folds forfeits the Ante, the Super Bonus and the Queens Up.",
        standard(HOUSE_RULES),
    ),
    "five_card_hand_bonus_on_fold": RuleInfo(
        "Five Card Hand Bonus on a folded hand",
        "In Caribbean Stud a fold forfeits every wager but the Five Card Hand Bonus "
        "(§ 639a.11(b)), so by default the bonus stays in action and is settled at the "
        "player's turn, the cards kept for it.",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "payout_limit_wagers": RuleInfo(
        "Wagers the payout limit applies to",
        "A payout limit per hand applies to the game's own chip wagers, never to the Five Card "
        "Hand Bonus, as every chapter that names its limited wagers has it (§ 643a.12(g)).",
        analog("seed 000", "643a.12(g)"),
    ),
}


def _multiples(value: Any) -> tuple[int, ...]:
    if isinstance(value, tuple) and value:
        value = list(value)
    if not isinstance(value, list) or not value:
        raise ValueError("a list of whole multiples of the Ante, such as [1, 2, 3]")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 3 for v in value):
        raise ValueError("each Play multiple is a whole number from 1 to 3, such as [1, 2, 3]")
    return tuple(sorted(set(value)))


def _limited(value: Any) -> tuple[Crazy4Wager, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError('a list of wager names, such as ["Ante", "Play", "Super Bonus"]')
    wagers: list[Crazy4Wager] = []
    for item in value:
        if isinstance(item, Crazy4Wager):
            wagers.append(item)
            continue
        try:
            wagers.append(Crazy4Wager.from_text(str(item)))
        except ValueError:
            names = ", ".join(repr(w.value) for w in Crazy4Wager)
            raise ValueError(f"{item!r} is not a Crazy 4 Poker wager; expected {names}") from None
    return tuple(w for w in Crazy4Wager if w in wagers)


class Crazy4PokerRules(OpenRules, frozen=True, kw_only=True):
    """The Crazy 4 Poker rules the stored Code text leaves open, set in the ``[rules]`` table of
    a Rules Submission; ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    play_multiples: Annotated[tuple[int, ...], Parse(_multiples)] = (1,)
    raise_multiples: Annotated[tuple[int, ...], Parse(_multiples)] = (1, 2, 3)
    ties: Annotated[TieRule, enum_field(TieRule)] = TieRule.PUSH
    queens_up_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = FoldRule.FORFEITED
    five_card_hand_bonus_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = (
        FoldRule.STAYS_IN_ACTION
    )
    payout_limit_wagers: Annotated[tuple[Crazy4Wager, ...], Parse(_limited)] = (
        Crazy4Wager.ANTE,
        Crazy4Wager.PLAY,
        Crazy4Wager.SUPER_BONUS,
        Crazy4Wager.QUEENS_UP,
    )


# --- the Rules Submission ----------------------------------------------------------------------


class QueensUpSpec(LimitedPaytableChoice, frozen=True, kw_only=True):
    """The optional Queens Up Wager: its limits and its paytable."""


class Crazy4PokerTableConfig(Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Crazy 4 Poker table.

    Use ``offers``, ``paytable``, ``limits`` and ``play_multiples`` rather than the raw fields:
    they resolve letters and property rows to paytables.
    """

    game: Literal["Crazy 4 Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: WagerLimits
    """The Ante's limits; the Super Bonus is placed in the same amount, so it shares them."""
    super_bonus: PaytableChoice = PaytableChoice()
    queens_up: QueensUpSpec | None = None
    adjacent_boxes: BoxCountField | None = None
    payout_limit: MoneyField | None = None
    four_card_progressive: FourCardProgressiveSpec | None = None
    five_card_progressive: FiveCardProgressiveSpec | None = None
    """The Progressive Payout Wagers of § 657a.1 (games/best_four_progressive.py); never under
    the payout limit."""
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), after the Queens Up."""
    rules: Crazy4PokerRules = Crazy4PokerRules()
    source: str = ""

    @property
    def catalog(self) -> Crazy4Catalog:
        return crazy_4_poker_paytables()

    @property
    def play_multiples(self) -> tuple[int, ...]:
        """Every multiple of the Ante a Play Wager may be, with or without a pair of aces."""
        return tuple(sorted(set(self.rules.play_multiples) | set(self.rules.raise_multiples)))

    def offers(self, wager: Crazy4Wager) -> bool:
        if wager is Crazy4Wager.QUEENS_UP:
            return self.queens_up is not None
        return True

    def offered_wagers(self) -> tuple[Crazy4Wager, ...]:
        return tuple(wager for wager in Crazy4Wager if self.offers(wager))

    def letter(self, wager: Crazy4Wager) -> str:
        choice = self._choice(wager)
        return choice.paytable if choice is not None else ""

    @resolved_per_config
    def paytable(self, wager: Crazy4Wager) -> Crazy4Paytable:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if not self.offers(wager):
            raise KeyError(f"{self.name} does not offer the {wager.value}")
        return chosen_paytable(FORMAT, self.catalog, wager, self._choice(wager), self.source)

    def limits(self, wager: Crazy4Wager) -> WagerLimits:
        """Minimum and maximum for ``wager``. The Super Bonus shares the Ante's (they are equal);
        the Play Wager's follow from the Ante's and the allowed multiples."""
        if wager in (Crazy4Wager.ANTE, Crazy4Wager.SUPER_BONUS):
            return self.ante
        if wager is Crazy4Wager.PLAY:
            return WagerLimits(
                minimum=self.ante.minimum * min(self.play_multiples),
                maximum=self.ante.maximum * max(self.play_multiples),
            )
        if wager is Crazy4Wager.QUEENS_UP and self.queens_up is not None:
            return self.queens_up.limits
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    def limited(self, wager: Crazy4Wager) -> bool:
        """Whether the payout limit, if the table sets one, applies to ``wager``."""
        return self.payout_limit is not None and wager in self.rules.payout_limit_wagers

    def most_won_at_minimum(self) -> Decimal:
        """The most one player could win in a round betting the minimum on every limited wager:
        the top row of each paytable and the largest Play Wager."""
        least = self.ante.minimum
        total = Decimal(0)
        for wager in self.rules.payout_limit_wagers:
            if not self.offers(wager):
                continue
            stake = least * max(self.play_multiples) if wager is Crazy4Wager.PLAY else least
            if wager is Crazy4Wager.QUEENS_UP and self.queens_up is not None:
                stake = self.queens_up.minimum
            table = self.paytable(wager)
            total += max(row.odds.payment(stake).paid for row in table.rows)
        return total * (self.adjacent_boxes or 1)

    def least_payout_limit(self) -> Decimal:
        """$50,000 or ``most_won_at_minimum``, whichever is greater."""
        return max(MINIMUM_PAYOUT_LIMIT, self.most_won_at_minimum())

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return crazy_4_poker_table_report(self)

    def _choice(self, wager: Crazy4Wager) -> PaytableChoice | None:
        if wager is Crazy4Wager.SUPER_BONUS:
            return self.super_bonus
        if wager is Crazy4Wager.QUEENS_UP:
            return self.queens_up
        return None


# --- checks that need the regulation -------------------------------------------------------------


def _choice_problems(wager: Crazy4Wager, choice: PaytableChoice, field: str) -> list[Problem]:
    return chip_choice_problems(FORMAT, crazy_4_poker_paytables(), wager, choice, field)


def _check(config: Crazy4PokerTableConfig) -> list[Problem]:
    problems = limit_problems("ante", config.ante)
    problems += _choice_problems(Crazy4Wager.SUPER_BONUS, config.super_bonus, "super_bonus")
    if config.queens_up is not None:
        problems += limit_problems("queens_up", config.queens_up)
        problems += _choice_problems(Crazy4Wager.QUEENS_UP, config.queens_up, "queens_up")
    if config.four_card_progressive is not None:
        problems += PROGRESSIVE.problems(
            FOUR, config.four_card_progressive, "four_card_progressive"
        )
    if config.five_card_progressive is not None:
        problems += PROGRESSIVE.problems(
            FIVE, config.five_card_progressive, "five_card_progressive"
        )
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    if 1 not in config.rules.play_multiples:
        problems.append(
            Problem(
                "rules.play_multiples",
                "a list holding 1: every player who stays in may make a Play Wager equal to the "
                "Ante",
                repr(list(config.rules.play_multiples)),
            )
        )
    if config.payout_limit is not None and not problems:
        least = config.least_payout_limit()
        if config.payout_limit < least:
            problems.append(
                Problem(
                    "payout_limit",
                    f"at least {format_money(least)}: $50,000 or the most one player could win "
                    "per round at the minimum wager, whichever is greater",
                    format_money(config.payout_limit),
                )
            )
    return problems


def parse_crazy_4_poker_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> Crazy4PokerTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(Crazy4PokerTableConfig, Crazy4PokerConfigError, _check, data, source)


def load_crazy_4_poker_config(path: str | Path) -> Crazy4PokerTableConfig:
    """Read and validate a Crazy 4 Poker Rules Submission TOML file;
    ``Crazy4PokerConfigError`` lists every problem with the file name, the field path and
    what was expected."""
    return load_config(Crazy4PokerConfigError, parse_crazy_4_poker_config, path)


# --- the report ----------------------------------------------------------------------------------


def _times(multiples: Sequence[int]) -> str:
    return " or ".join(f"{m}x" for m in multiples)


def crazy_4_poker_table_report(config: Crazy4PokerTableConfig) -> list[str]:
    """Wagers, limits, paytables and the open rules, each with the provenance of its number, as
    an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    ante = config.limits(Crazy4Wager.ANTE)
    rules = config.rules
    lines.append(
        f"Ante and Super Bonus, equal amounts  {format_money(ante.minimum)}-"
        f"{format_money(ante.maximum)}; Play {_times(rules.play_multiples)} the Ante, "
        f"{_times(rules.raise_multiples)} with a pair of aces or better  — "
        f"{rules.citation('raise_multiples')}"
    )
    for wager in config.offered_wagers():
        table = config.paytable(wager)
        span = ""
        if wager is Crazy4Wager.QUEENS_UP:
            span = f"  {limits_span(config.limits(wager))}"
        lines += paytable_lines(table, span, cards_citation=False)
    lines += report_lines(PROGRESSIVE, config)
    lines.append(
        "Super Bonus below a straight: pushes unless the dealer's qualifying hand is higher, "
        f"then it loses  — {SETTLEMENT_CITATION}"
    )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        on = f"{fchb_hands(fchb)} (all five cards)"
        lines += fchb_lines(fchb, on, FCHB_CITATION, "§ 641a.12(g)(4), by analogy")
    lines.append(
        "Dealer qualification: king high or better; if the dealer does not qualify the Ante "
        f"pushes and the Play wins 1 to 1  — {QUALIFICATION_CITATION}"
    )
    if config.payout_limit is not None:
        names = ", ".join(w.value for w in rules.payout_limit_wagers)
        lines.append(
            f"Payout limit per hand: {format_money(config.payout_limit)}, on the {names} only, "
            f"never on the Five Card Hand Bonus  — {rules.citation('payout_limit_wagers')}"
        )
    lines.append(
        "Settlement: forfeited wagers and cards collected, the dealer's cards revealed and the "
        "best four selected, then each player from the dealer's right, counterclockwise  — "
        f"{SETTLEMENT_CITATION}"
    )
    if config.adjacent_boxes is not None:
        lines.append(
            f"Adjacent boxes a player may wager on: {config.adjacent_boxes}, as the Rules "
            f"Submission states  — {ADJACENT_BOXES_CITATION}"
        )
    return lines + open_rules_lines(rules.describe())


__all__ = [
    "GAME",
    "PROGRESSIVE",
    "ROW_VOCABULARY",
    "RULE_INFO",
    "Crazy4Catalog",
    "Crazy4Paytable",
    "Crazy4PokerConfigError",
    "Crazy4PokerRules",
    "Crazy4PokerTableConfig",
    "Crazy4Row",
    "Crazy4RowHand",
    "PaytableChoice",
    "QueensUpSpec",
    "WagerLimits",
    "crazy_4_poker_paytables",
    "crazy_4_poker_table_report",
    "load_crazy_4_poker_config",
    "load_crazy_4_poker_paytables",
    "parse_crazy_4_poker_config",
    "parse_row_hand",
]
