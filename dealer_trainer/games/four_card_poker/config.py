"""A Four Card Poker table's configuration: the property's Rules Submission under § 601a.2, as TOML.

It mirrors the Pai Gow Poker ``PaiGowTableConfig`` (games/pai_gow/config.py): a frozen record
that refuses unknown fields, paytables loaded as data with a citation on every row, the
rules the seed leaves open as settings with their provenance, and errors that name the file, the
dotted field and what was expected, e.g.::

    four_card_poker.toml: aces_up.paytable: the shipped Aces Up paytable A, or rows of the
    property's own (§ 641a.12 is not in the seeds) (got 'C')

The Aces Up Wager is offered when its table is present in the file; Ante, Play and the Ante
Bonus are the base game. Seed 000 prints none of the base paytables (§ 641a.12(a)-(f)), so the
shipped tables are STANDARD, lettered "A" by this product, and a property may replace a bonus
table with rows of its own under another letter, as its Rules Submission states them.

The Five Card Hand Bonus (§§ 641a.7(d)(7), 641a.11(c)(7), 641a.12(g)) is the section the module
shared by every game defines (games/five_card_hand_bonus.py): its paytable is the seed's, so
only the limits, hands, meter amounts and the optional Magic Card and Lucky Bonus are stated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    ProgressiveWager,
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
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.four_card_poker.wagers import (
    DealerUpCard,
    FoldRule,
    FourCardClass,
    FourCardCondition,
    FourCardHandSource,
    FourCardWager,
    TieRule,
)
from dealer_trainer.rules.datafile import Parse, Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    BoolField,
    GameCatalog,
    GamePaytable,
    GameRow,
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
    resolved_per_config,
)
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.provenance import Citation, analog, code, seed, standard
from dealer_trainer.rules.settings import RuleInfo

GAME = "Four Card Poker"
"""The ``game`` line of a Four Card Poker Rules Submission (the key a practice registry uses)."""
SETTLEMENT_CITATION = seed("seed 000", "641a.11(c)")
ADJACENT_BOXES_CITATION = seed("seed 000", "641a.7(e)")
NO_QUALIFICATION_CITATION = standard("unverified (four-card-poker.md § 5)")
PAYTABLES_SECTION = "641a.12"
FCHB_CITATION = seed("seed 000", "641a.7(d)(7)", "641a.11(c)(7)", "641a.12(g)")

PROGRESSIVE = ProgressiveTerms(
    game=GAME,
    definitions=code("641a.1"),
    paytables_section=PAYTABLES_SECTION,
    pre_deal_section="641a.8(b)",
    verify="§ 641a.11(c); § 641a.11(c)(7)(i)",
    floorperson="§ 641a.11(c); § 641a.11(c)(7)(ii)",
    hold="§ 641a.11(c); § 641a.11(c)(7)(iii)",
    envy_acknowledge="§ 641a.1; § 645a.11(h)(6)(i)(B)-(C)",
    envy_pay="§ 641a.1; § 645a.11(h)(6)(ii)",
    meter_reset="§ 641a.12; house rule",
    chips=seed("seed 000", "641a.8(b)"),
    award=seed("seed 000", "641a.11(c)(7)(iii)"),
)
"""The Four-Card and Five-Card Progressive Payout Wagers as ch. 641a defines them (§ 641a.1,
Code) and drops their chips (§ 641a.8(b), seed); a win is verified, taken to a floorperson and
held for its documentation as (c)(7) has the Five Card Hand Bonus; the Envy Bonus is announced
and paid as § 645a.11(h)(6) has pai gow's. The paytables, amounts and rates of § 641a.12(a)-(f)
are not stored: the Rules Submission states them."""

FourCardRowHand = FourCardClass | FourCardCondition


class FourCardPokerConfigError(DataFileError):
    """A Four Card Poker Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


# --- paytables as data -----------------------------------------------------------------------

ROW_VOCABULARY: Mapping[FourCardWager, type[Enum]] = {
    FourCardWager.ANTE: FourCardCondition,
    FourCardWager.PLAY: FourCardCondition,
    FourCardWager.ANTE_BONUS: FourCardClass,
    FourCardWager.ACES_UP: FourCardClass,
}
"""Which row names each wager's paytable may use: Ante and Play pay on the comparison with the
dealer, the Ante Bonus and Aces Up on the player's hand alone."""

FORMAT: PaytableFormat[FourCardWager, FourCardRowHand, FourCardHandSource] = PaytableFormat(
    game=GAME,
    section=PAYTABLES_SECTION,
    wager_type=FourCardWager,
    source_type=FourCardHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=FourCardPokerConfigError,
    data_file="four_card_poker.toml",
    package="dealer_trainer.games.four_card_poker",
)
"""How a Four Card Poker paytable reads: every wager is a chip wager paid "X to 1" beside its
stake (the Ante Bonus beside the Ante)."""

FourCardRow = GameRow[FourCardRowHand]
FourCardPaytable = GamePaytable[FourCardWager, FourCardRowHand, FourCardHandSource]
FourCardCatalog = GameCatalog[FourCardWager, FourCardRowHand, FourCardHandSource]
FourCardRowSpec = RowSpec


def parse_row_hand(wager: FourCardWager, text: str) -> FourCardRowHand:
    """Read a row name of ``wager``'s paytable; ``ValueError`` lists the names allowed."""
    return FORMAT.parse_hand(wager, text)


def resolve_rows(
    wager: FourCardWager, specs: Sequence[RowSpec], citation: Citation, where: str
) -> tuple[tuple[FourCardRow, ...], list[Problem]]:
    """Rows read in ``wager``'s vocabulary, each paid "X to 1", with every problem found."""
    return FORMAT.resolve_rows(
        wager, specs, citation, where, kinds=CHIP_ODDS, kinds_rule=chip_odds_rule(wager)
    )


def load_four_card_poker_paytables(path: Path) -> FourCardCatalog:
    """Load and validate a Four Card Poker paytable file; errors name the file and the field."""
    return FORMAT.load_catalog(
        path, odds=chip_odds, required=(FourCardWager.ANTE, FourCardWager.PLAY)
    )


@cache
def four_card_poker_paytables() -> FourCardCatalog:
    """The paytables shipped with the game (data/four_card_poker.toml), loaded once."""
    return shipped_paytables(FORMAT.package, FORMAT.data_file, load_four_card_poker_paytables)


# --- the rules the seed leaves open ------------------------------------------------------------


RULE_INFO: Mapping[str, RuleInfo] = {
    "play_multiples": RuleInfo(
        "Play Wager (times the Ante)",
        "A player who stays in makes a Play Wager of one to three times the Ante; § 641a.1 "
        "defines the Play Wager but its size (§ 641a.11(b)) is not in the seeds.",
        standard("unverified (four-card-poker.md § 2, § 11 item 10)"),
    ),
    "ties": RuleInfo(
        "Player's hand ties the dealer's",
        "When the player's best four cards rank equal to the dealer's (suits never break a "
        "tie) the common rule pays the Ante and Play as a win; the seeds do not say.",
        standard("unverified (four-card-poker.md § 5, § 10 item 4)"),
    ),
    "ante_bonus_when_dealer_wins": RuleInfo(
        "Ante Bonus paid when the dealer's hand is higher",
        "The Ante Bonus is paid on the player's hand alone, even when the Ante and Play lose. "
        "It is never paid on a folded hand: the player forfeits the Ante Wager and the hand "
        "(§ 641a.11(c)).",
        standard("unverified (four-card-poker.md § 2, § 3.1)"),
    ),
    "aces_up_on_fold": RuleInfo(
        "Aces Up Wager on a folded hand",
        "A folding player forfeits 'his Ante Wager and hand', and the dealer collects all "
        "forfeited wagers and associated cards before revealing the dealer's cards "
        "(§ 641a.11(c)); in Caribbean Stud a fold forfeits every wager but the Five Card Hand "
        "Bonus (§ 639a.11(b)). Many casinos keep the Aces Up in action instead.",
        analog("ch. 639a (seed 000)", "639a.11(b)", "641a.11(c)"),
    ),
    "five_card_hand_bonus_on_fold": RuleInfo(
        "Five Card Hand Bonus on a folded hand",
        "Ch. 641a's fold paragraph (§ 641a.11(b)) is not in the seeds: § 641a.11(c) says only "
        "that a folding player forfeits 'his Ante Wager and hand'. In Caribbean Stud a fold "
        "forfeits every wager but the Five Card Hand Bonus (§ 639a.11(b)), so by default the "
        "bonus stays in action and is settled at the player's turn, the cards kept for it.",
        analog("ch. 639a (seed 000)", "639a.11(b)", "641a.11(c)"),
    ),
    "dealer_up_card": RuleInfo(
        "Dealer's card dealt face up",
        "The dealer receives six cards and one is commonly dealt face up before the players "
        "decide; the dealing paragraphs (§§ 641a.8-641a.10) are not in the seeds. The sixth "
        "keeps the dealer's first five, the Five Card Hand Bonus hand (§ 641a.11(c)(7)), face "
        "down.",
        standard("unverified (four-card-poker.md § 5)"),
    ),
}


def _multiples(value: Any) -> tuple[int, ...]:
    if isinstance(value, tuple) and value:
        value = list(value)
    if not isinstance(value, list) or not value:
        raise ValueError("a list of whole multiples of the Ante, such as [1, 2, 3]")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise ValueError("each Play multiple is a positive whole number, such as [1, 2, 3]")
    return tuple(sorted(set(value)))


class FourCardPokerRules(OpenRules, frozen=True, kw_only=True):
    """The unverified or ambiguous Four Card Poker rules, set in the ``[rules]`` table of a
    Rules Submission; ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    play_multiples: Annotated[tuple[int, ...], Parse(_multiples)] = (1, 2, 3)
    ties: Annotated[TieRule, enum_field(TieRule)] = TieRule.PLAYER_WINS
    ante_bonus_when_dealer_wins: BoolField = True
    aces_up_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = FoldRule.FORFEITED
    five_card_hand_bonus_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = (
        FoldRule.STAYS_IN_ACTION
    )
    dealer_up_card: Annotated[DealerUpCard, enum_field(DealerUpCard)] = DealerUpCard.SIXTH


# --- the Rules Submission ----------------------------------------------------------------------


class AcesUpSpec(LimitedPaytableChoice, frozen=True, kw_only=True):
    """The optional Aces Up Wager (§ 641a.1): its limits and its paytable."""


class FourCardPokerTableConfig(Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Four Card Poker table.

    Use ``offers``, ``paytable``, ``limits`` and ``play_multiples`` rather than the raw fields:
    they resolve letters and property rows to paytables.
    """

    game: Literal["Four Card Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: WagerLimits
    ante_bonus: PaytableChoice = PaytableChoice()
    aces_up: AcesUpSpec | None = None
    adjacent_boxes: BoxCountField | None = None
    four_card_progressive: FourCardProgressiveSpec | None = None
    five_card_progressive: FiveCardProgressiveSpec | None = None
    """The Progressive Payout Wagers of § 641a.1 (games/best_four_progressive.py)."""
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), after the Aces Up."""
    rules: FourCardPokerRules = FourCardPokerRules()
    source: str = ""

    @property
    def catalog(self) -> FourCardCatalog:
        return four_card_poker_paytables()

    @property
    def play_multiples(self) -> tuple[int, ...]:
        """The multiples of the Ante a Play Wager may be (``rules.play_multiples``)."""
        return self.rules.play_multiples

    def offers(self, wager: FourCardWager) -> bool:
        if wager is FourCardWager.ACES_UP:
            return self.aces_up is not None
        return True

    def offered_wagers(self) -> tuple[FourCardWager, ...]:
        return tuple(wager for wager in FourCardWager if self.offers(wager))

    def letter(self, wager: FourCardWager) -> str:
        choice = self._choice(wager)
        return choice.paytable if choice is not None else ""

    @resolved_per_config
    def paytable(self, wager: FourCardWager) -> FourCardPaytable:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if not self.offers(wager):
            raise KeyError(f"{self.name} does not offer the {wager.value}")
        return chosen_paytable(FORMAT, self.catalog, wager, self._choice(wager), self.source)

    def limits(self, wager: FourCardWager) -> WagerLimits:
        """Minimum and maximum for ``wager``. The Play Wager's follow from the Ante's and the
        allowed multiples; the Ante Bonus is not a wager and has none (``KeyError``)."""
        if wager is FourCardWager.ANTE:
            return self.ante
        if wager is FourCardWager.PLAY:
            return WagerLimits(
                minimum=self.ante.minimum * min(self.play_multiples),
                maximum=self.ante.maximum * max(self.play_multiples),
            )
        if wager is FourCardWager.ACES_UP and self.aces_up is not None:
            return self.aces_up.limits
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return four_card_poker_table_report(self)

    def _choice(self, wager: FourCardWager) -> PaytableChoice | None:
        if wager is FourCardWager.ANTE_BONUS:
            return self.ante_bonus
        if wager is FourCardWager.ACES_UP:
            return self.aces_up
        return None


# --- checks that need the regulation -------------------------------------------------------------


def _choice_problems(wager: FourCardWager, choice: PaytableChoice, field: str) -> list[Problem]:
    return chip_choice_problems(FORMAT, four_card_poker_paytables(), wager, choice, field)


def _check(config: FourCardPokerTableConfig) -> list[Problem]:
    problems = limit_problems("ante", config.ante)
    problems += _choice_problems(FourCardWager.ANTE_BONUS, config.ante_bonus, "ante_bonus")
    if config.aces_up is not None:
        problems += limit_problems("aces_up", config.aces_up)
        problems += _choice_problems(FourCardWager.ACES_UP, config.aces_up, "aces_up")
    for wager, spec in ((FOUR, config.four_card_progressive), (FIVE, config.five_card_progressive)):
        if spec is not None:
            problems += PROGRESSIVE.problems(wager, spec, wager_field(wager))
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    return problems


def wager_field(wager: ProgressiveWager) -> str:
    return "four_card_progressive" if wager is FOUR else "five_card_progressive"


def parse_four_card_poker_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> FourCardPokerTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(FourCardPokerTableConfig, FourCardPokerConfigError, _check, data, source)


def load_four_card_poker_config(path: str | Path) -> FourCardPokerTableConfig:
    """Read and validate a Four Card Poker Rules Submission TOML file;
    ``FourCardPokerConfigError`` lists every problem with the file name, the field path and
    what was expected."""
    return load_config(FourCardPokerConfigError, parse_four_card_poker_config, path)


# --- the report ----------------------------------------------------------------------------------


def four_card_poker_table_report(config: FourCardPokerTableConfig) -> list[str]:
    """Wagers, limits, paytables and the open rules, each with the provenance of its number, as
    an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    ante = config.limits(FourCardWager.ANTE)
    multiples = " or ".join(f"{m}x" for m in config.play_multiples)
    lines.append(
        f"Ante  {format_money(ante.minimum)}-{format_money(ante.maximum)}; Play {multiples} the "
        f"Ante  — {config.rules.citation('play_multiples')}"
    )
    for wager in config.offered_wagers():
        table = config.paytable(wager)
        span = ""
        if wager is FourCardWager.ACES_UP:
            span = f"  {limits_span(config.limits(wager))}"
        lines += paytable_lines(table, span, cards_citation=False)
    lines += report_lines(PROGRESSIVE, config)
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        on = f"{fchb_hands(fchb)} (the dealer's first five cards dealt)"
        lines += fchb_lines(fchb, on, FCHB_CITATION, "§ 641a.12(g)(4)")
    lines.append(
        f"Dealer qualification: none, the dealer always plays  — {NO_QUALIFICATION_CITATION}"
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
    return lines + open_rules_lines(config.rules.describe())


__all__ = [
    "GAME",
    "PROGRESSIVE",
    "ROW_VOCABULARY",
    "RULE_INFO",
    "AcesUpSpec",
    "FourCardCatalog",
    "FourCardPaytable",
    "FourCardPokerConfigError",
    "FourCardPokerRules",
    "FourCardPokerTableConfig",
    "FourCardRow",
    "FourCardRowHand",
    "FourCardRowSpec",
    "PaytableChoice",
    "WagerLimits",
    "four_card_poker_paytables",
    "four_card_poker_table_report",
    "load_four_card_poker_config",
    "load_four_card_poker_paytables",
    "parse_four_card_poker_config",
    "parse_row_hand",
    "resolve_rows",
]
