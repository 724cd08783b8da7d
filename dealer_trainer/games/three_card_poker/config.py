"""A Three Card Poker table's configuration: the property's Rules Submission (§ 601a.2), as TOML.

It follows the Four Card Poker configuration (games/four_card_poker/config.py) on the shared
paytable records (rules/game_paytables.py): a frozen record that refuses unknown fields,
paytables as data with a citation on every row, the rules nobody has printed as settings with
their provenance, and errors that name the file, the dotted field and what was expected, e.g.::

    three_card_poker.toml: pair_plus.paytable: the shipped Pair Plus Paytable A, B, C, D, E, or
    rows of the property's own (§ 649a.12 is not in the seeds) (got 'F')

No text of ch. 649a is in the seeds. The Ante, Play, Ante Bonus and Pair Plus tables ship as the
STANDARD tables three-card-poker.md § 2 reports; the 6 Card Bonus, the three-card progressive
and the Five-Card Progressive Payout Wager (with their Envy Bonuses) have no confirmed table, so
the Rules Submission states their rows. A wager is offered when its table is in the file.

Seed 000's preamble adds the Five-Card Progressive Payout Wager and the Five Card Hand Bonus to
ch. 649a: when a Five Card Hand Bonus is placed or the Five-Card Progressive is offered, the
dealer deals two community cards face down that count for no other wager and are turned up
only after all other wagers are settled. The Five Card Hand Bonus is the section the shared
module defines (games/five_card_hand_bonus.py), on the seed's paytable.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta

from dealer_trainer.games.config_report import (
    fchb_hands,
    fchb_lines,
    open_rules_lines,
    paytable_lines,
    progressive_lines,
    report_head,
)
from dealer_trainer.games.config_support import chip_odds
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.linked_meter import LinkedField, LinkedMeter, report_lines
from dealer_trainer.games.progressive_config import envy_problems, pays_meter_share
from dealer_trainer.games.three_card_poker.wagers import (
    PROGRESSIVE_WAGERS,
    DealerQualifier,
    FiveCardClass,
    FoldRule,
    NonQualifyingAnte,
    ThreeCardClass,
    ThreeCardCondition,
    ThreeCardHandSource,
    ThreeCardWager,
    TieRule,
)
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    PROGRESSIVE_ODDS,
    CitationField,
    GameCatalog,
    GamePaytable,
    GameRow,
    Letter,
    MoneyField,
    OpenRules,
    PaytableChoice,
    PaytableFormat,
    ProgressiveSpec,
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
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance, analog, seed, standard
from dealer_trainer.rules.settings import RuleInfo

GAME = "Three Card Poker"
"""The ``game`` line of a Three Card Poker Rules Submission (the key a practice registry uses)."""
PAYTABLES_SECTION = "649a.12"
PREAMBLE = "seed 000, preamble"
COMMUNITY_CITATION = seed(PREAMBLE, "649a.8", "649a.9", "649a.10")
"""Two community cards dealt face down for the five-card wagers, counted for no other wager and
turned up only after all other wagers are settled (proposed §§ 649a.8-649a.10)."""
FIVE_CARD_PROGRESSIVE_CITATION = seed(PREAMBLE, "649a.1", "649a.7", "649a.11", "649a.12")
LINKED_CITATION = seed(PREAMBLE, "649a.2", "605a.8")
FCHB_CITATION = seed(
    "seed 000, preamble (offered on ch. 649a); its paytable and procedure by analogy with "
    "§§ 639a.7(d)(4), 639a.11(c)(6), 639a.12(e)"
)
SETTLEMENT_CITATION = analog("chs. 639a, 641a, 643a (seed 000)", "639a.11(c)", "641a.11(c)")
FIVE_CARD_HAND_CITATION = standard(
    "inferred: the three cards plus the two community cards (three-card-poker.md § 3)"
)
DEALER_FIVE_CARD_CITATION = standard(
    "inferred: the dealer's three cards plus the two community cards; the seed does not say how "
    "the dealer's five-card hand is formed (three-card-poker.md § 3, § 10 item 3)"
)
ENVY_HAND_CITATION = {
    ThreeCardWager.PROGRESSIVE: analog(
        "ch. 643a, the three-card progressive's mini royal (let-it-ride.md)", "643a.1"
    ),
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: analog(
        "chs. 639a, 641a, 643a: a five-card straight flush or better", "639a.1", "641a.1"
    ),
}
"""The Envy Bonus Qualifying Hand is proposed for § 649a.1 but not printed (seed 000, preamble):
the defaults are those of the other chapters, and the Rules Submission may state its own."""

RowHand = ThreeCardClass | FiveCardClass | ThreeCardCondition


class ThreeCardPokerConfigError(DataFileError):
    """A Three Card Poker Rules Submission (or the paytable file) is invalid; ``problems`` lists
    every field that is wrong."""


# --- paytables as data -----------------------------------------------------------------------

ROW_VOCABULARY: Mapping[ThreeCardWager, type[Enum]] = {
    ThreeCardWager.ANTE: ThreeCardCondition,
    ThreeCardWager.PLAY: ThreeCardCondition,
    ThreeCardWager.ANTE_BONUS: ThreeCardClass,
    ThreeCardWager.PAIR_PLUS: ThreeCardClass,
    ThreeCardWager.PROGRESSIVE: ThreeCardClass,
    ThreeCardWager.SIX_CARD_BONUS: FiveCardClass,
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: FiveCardClass,
}
"""Which row names each wager's paytable may use: the three-card wagers in the three-card
order (a straight above a flush), the 6 Card Bonus and the five-card progressive in the
five-card order."""

HAND_SOURCE: Mapping[ThreeCardWager, tuple[ThreeCardHandSource, Citation]] = {
    ThreeCardWager.SIX_CARD_BONUS: (
        ThreeCardHandSource.SIX_CARDS,
        standard("unverified: offered in PA, not confirmed in ch. 649a (three-card-poker.md § 1)"),
    ),
    ThreeCardWager.PROGRESSIVE: (
        ThreeCardHandSource.PLAYER_THREE,
        standard("unverified: offered in PA (three-card-poker.md § 1)"),
    ),
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: (
        ThreeCardHandSource.WITH_COMMUNITY,
        FIVE_CARD_HAND_CITATION,
    ),
}
"""The cards of the wagers that have no shipped table (the property states their rows)."""

FORMAT: PaytableFormat[ThreeCardWager, RowHand, ThreeCardHandSource] = PaytableFormat(
    game=GAME,
    section=PAYTABLES_SECTION,
    wager_type=ThreeCardWager,
    source_type=ThreeCardHandSource,
    row_vocabulary=ROW_VOCABULARY,
    error=ThreeCardPokerConfigError,
    data_file="three_card_poker.toml",
    package="dealer_trainer.games.three_card_poker",
)

ThreeCardRow = GameRow[RowHand]
ThreeCardPaytable = GamePaytable[ThreeCardWager, RowHand, ThreeCardHandSource]
ThreeCardCatalog = GameCatalog[ThreeCardWager, RowHand, ThreeCardHandSource]

PROGRESSIVE_ODDS_RULE = progressive_odds_rule("§ 639a.8(b)")
NO_SHIPPED_TABLE = (
    "no shipped table: the paytable is not confirmed (three-card-poker.md § 2.4), so each Rules "
    "Submission states its own rows"
)


def _odds(wager: ThreeCardWager) -> tuple[frozenset[OddsKind], str]:
    if wager in PROGRESSIVE_WAGERS:
        return PROGRESSIVE_ODDS, PROGRESSIVE_ODDS_RULE
    return chip_odds(wager)


def load_three_card_poker_paytables(path: Path) -> ThreeCardCatalog:
    """Load and validate a Three Card Poker paytable file; errors name the file and the field."""
    refused = {wager: NO_SHIPPED_TABLE for wager in HAND_SOURCE}
    return FORMAT.load_catalog(
        path,
        odds=_odds,
        refused=refused,
        required=(ThreeCardWager.ANTE, ThreeCardWager.PLAY),
    )


@cache
def three_card_poker_paytables() -> ThreeCardCatalog:
    """The paytables shipped with the game (data/three_card_poker.toml), loaded once."""
    return FORMAT.shipped_catalog(
        odds=_odds,
        refused={wager: NO_SHIPPED_TABLE for wager in HAND_SOURCE},
        required=(ThreeCardWager.ANTE, ThreeCardWager.PLAY),
    )


# --- the rules nobody has printed ----------------------------------------------------------------

_FOLD_ANALOG = analog("ch. 639a (seed 000)", "639a.11(b)")

RULE_INFO: Mapping[str, RuleInfo] = {
    "dealer_qualifies_with": RuleInfo(
        "Dealer qualifies with",
        "A dealer below this hand does not qualify: the Ante is settled by the non-qualifying "
        "rule and the Play is returned. Ch. 649a is not in the seeds; Three Card Prime defines "
        "'qualify' as queen high or better (§ 679a.1).",
        standard("unverified (three-card-poker.md § 5; § 679a.1 by analogy)"),
    ),
    "ante_when_dealer_does_not_qualify": RuleInfo(
        "Ante when the dealer does not qualify",
        "The common rule pays the Ante 1 to 1 and returns the Play when the dealer does not "
        "qualify.",
        standard("unverified (three-card-poker.md § 5)"),
    ),
    "ties": RuleInfo(
        "Player's hand ties a qualifying dealer's",
        "Identical three-card hands (suits never break a tie) push the Ante and Play.",
        standard("unverified (three-card-poker.md § 4, § 5)"),
    ),
    "pair_plus_on_fold": RuleInfo(
        "Pair Plus Wager on a folded hand",
        "Reported forfeited with the Ante in Pennsylvania (§ 649a.11(b)(1), not in the seeds); "
        "many jurisdictions keep it in action.",
        standard("unverified (three-card-poker.md § 6, § 10 item 2)"),
    ),
    "six_card_bonus_on_fold": RuleInfo(
        "6 Card Bonus on a folded hand",
        "Not confirmed; in Caribbean Stud a fold forfeits every wager but the Five Card Hand "
        "Bonus (§ 639a.11(b)).",
        _FOLD_ANALOG,
    ),
    "progressive_on_fold": RuleInfo(
        "Progressive Payout Wagers on a folded hand",
        "Not confirmed for either progressive; in Caribbean Stud a fold forfeits the "
        "Progressive Payout Wager whatever the hand (§ 639a.11(b)).",
        _FOLD_ANALOG,
    ),
    "five_card_hand_bonus_on_fold": RuleInfo(
        "Five Card Hand Bonus on a folded hand",
        "Not confirmed; in Caribbean Stud a fold forfeits every wager but the Five Card Hand "
        "Bonus (§ 639a.11(b)), so by default it stays in action and the cards are kept for it.",
        _FOLD_ANALOG,
    ),
}


class ThreeCardPokerRules(OpenRules, frozen=True, kw_only=True):
    """The unverified Three Card Poker rules, set in the ``[rules]`` table of a Rules
    Submission; ``RULE_INFO`` records each default's reason and provenance."""

    RULE_INFO = RULE_INFO

    dealer_qualifies_with: Annotated[DealerQualifier, enum_field(DealerQualifier)] = (
        DealerQualifier.QUEEN_HIGH
    )
    ante_when_dealer_does_not_qualify: Annotated[
        NonQualifyingAnte, enum_field(NonQualifyingAnte)
    ] = NonQualifyingAnte.PAID
    ties: Annotated[TieRule, enum_field(TieRule)] = TieRule.PUSH
    pair_plus_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = FoldRule.FORFEITED
    six_card_bonus_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = FoldRule.FORFEITED
    progressive_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = FoldRule.FORFEITED
    five_card_hand_bonus_on_fold: Annotated[FoldRule, enum_field(FoldRule)] = (
        FoldRule.STAYS_IN_ACTION
    )

    def on_fold(self, wager: ThreeCardWager) -> FoldRule:
        """What a fold does to ``wager`` (the Ante is always forfeited)."""
        if wager is ThreeCardWager.PAIR_PLUS:
            return self.pair_plus_on_fold
        if wager is ThreeCardWager.SIX_CARD_BONUS:
            return self.six_card_bonus_on_fold
        if wager in PROGRESSIVE_WAGERS:
            return self.progressive_on_fold
        return FoldRule.FORFEITED

    def fold_citation(self, wager: ThreeCardWager) -> Citation:
        names = {
            ThreeCardWager.PAIR_PLUS: "pair_plus_on_fold",
            ThreeCardWager.SIX_CARD_BONUS: "six_card_bonus_on_fold",
        }
        return self.citation(names.get(wager, "progressive_on_fold"))


# --- the Rules Submission ----------------------------------------------------------------------


class PairPlusSpec(PaytableChoice, frozen=True, kw_only=True):
    """The optional Pair Plus Wager: its limits and its paytable (shipped letters A-E, or the
    property's own rows under another letter)."""

    minimum: MoneyField
    maximum: MoneyField


class SixCardBonusSpec(WagerLimits, frozen=True, kw_only=True):
    """The optional 6 Card Bonus: its limits and the rows the Rules Submission states, because
    no table is confirmed (three-card-poker.md § 2.4)."""

    paytable: Letter = "S"
    rows: Annotated[list[RowSpec], Meta(min_length=1)]
    citation: CitationField | None = None


class ThreeCardProgressiveSpec(ProgressiveSpec, frozen=True, kw_only=True):
    """The three-card Progressive Payout Wager, paid on the player's three cards; rows, Envy
    Bonus amount and the qualifying hand as the Rules Submission states them."""

    envy: MoneyField | None = None
    envy_qualifying_hand: Annotated[ThreeCardClass, enum_field(ThreeCardClass)] = (
        ThreeCardClass.MINI_ROYAL
    )


class FiveCardProgressiveSpec(ProgressiveSpec, frozen=True, kw_only=True):
    """The Five-Card Progressive Payout Wager (seed 000, preamble: proposed §§ 649a.7,
    649a.11, 649a.12), paid on the three cards plus the two community cards, with its Envy
    Bonus (proposed § 649a.1); amounts and the qualifying hand as the Rules Submission states.
    ``linked`` describes the link when the meter is shared with other tables or games, which
    must then meet § 605a.8 (proposed § 649a.2; ``games.linked_meter``)."""

    envy: MoneyField | None = None
    envy_qualifying_hand: Annotated[FiveCardClass, enum_field(FiveCardClass)] = (
        FiveCardClass.STRAIGHT_FLUSH
    )
    linked: LinkedField = None


class ThreeCardPokerTableConfig(Record, frozen=True, kw_only=True, weakref=True):
    """A validated Rules Submission for one Three Card Poker table.

    Use ``offers``, ``paytable``, ``limits`` and the Envy and meter views rather than the raw
    fields: they resolve letters and the property's rows to paytables.
    """

    game: Literal["Three Card Poker"]
    name: Annotated[str, Meta(min_length=1)]
    description: str = ""
    ante: WagerLimits
    ante_bonus: PaytableChoice = PaytableChoice()
    pair_plus: PairPlusSpec | None = None
    six_card_bonus: SixCardBonusSpec | None = None
    progressive: ThreeCardProgressiveSpec | None = None
    five_card_progressive: FiveCardProgressiveSpec | None = None
    five_card_hand_bonus: FiveCardHandBonusSpec | None = None
    """Settled by the shared module (games/five_card_hand_bonus.py), after every other wager."""
    rules: ThreeCardPokerRules = ThreeCardPokerRules()
    source: str = ""

    @property
    def catalog(self) -> ThreeCardCatalog:
        return three_card_poker_paytables()

    def offers(self, wager: ThreeCardWager) -> bool:
        if wager in (ThreeCardWager.ANTE, ThreeCardWager.PLAY, ThreeCardWager.ANTE_BONUS):
            return True
        if wager is ThreeCardWager.ENVY_BONUS:
            return self.envy_amount(ThreeCardWager.PROGRESSIVE) is not None
        if wager is ThreeCardWager.FIVE_CARD_ENVY_BONUS:
            return self.envy_amount(ThreeCardWager.FIVE_CARD_PROGRESSIVE) is not None
        return self._spec(wager) is not None

    def offered_wagers(self) -> tuple[ThreeCardWager, ...]:
        """The wagers with a paytable on this table (the Envy Bonuses are not spots)."""
        envy = (ThreeCardWager.ENVY_BONUS, ThreeCardWager.FIVE_CARD_ENVY_BONUS)
        return tuple(w for w in ThreeCardWager if w not in envy and self.offers(w))

    @property
    def deals_community_cards_always(self) -> bool:
        """Offering the Five-Card Progressive means two community cards every round (seed 000,
        preamble); otherwise only when a Five Card Hand Bonus is placed."""
        return self.five_card_progressive is not None

    def letter(self, wager: ThreeCardWager) -> str:
        spec = self._spec(wager)
        return str(getattr(spec, "paytable", "")) if spec is not None else ""

    @resolved_per_config
    def paytable(self, wager: ThreeCardWager) -> ThreeCardPaytable:
        """The paytable this table pays ``wager`` on; ``KeyError`` if it is not offered."""
        if wager not in ROW_VOCABULARY or not self.offers(wager):
            raise KeyError(f"{self.name} has no {wager.value} paytable")
        if wager in (ThreeCardWager.ANTE, ThreeCardWager.PLAY):
            return self.catalog.get(wager)
        spec = self._spec(wager)
        if isinstance(spec, PaytableChoice):
            if spec.rows is None:
                return self.catalog.get(wager, spec.paytable)
            shipped = self.catalog.get(wager, self.catalog.letters(wager)[0])
            cards, cards_citation = shipped.cards, shipped.cards_citation
        else:
            cards, cards_citation = HAND_SOURCE[wager]
        assert isinstance(spec, PaytableChoice | SixCardBonusSpec | ProgressiveSpec)
        return FORMAT.property_paytable(
            wager,
            spec.paytable,
            spec.rows or (),
            spec.citation or FORMAT.stated_citation(self.source),
            cards,
            cards_citation,
        )

    @resolved_per_config
    def limits(self, wager: ThreeCardWager) -> WagerLimits:
        """Minimum and maximum for ``wager``. The Play Wager equals the Ante; the Ante Bonus is
        not a wager and has none (``KeyError``)."""
        if wager in (ThreeCardWager.ANTE, ThreeCardWager.PLAY):
            return self.ante
        spec = self._spec(wager)
        if isinstance(spec, WagerLimits | PairPlusSpec):
            return WagerLimits(minimum=spec.minimum, maximum=spec.maximum)
        raise KeyError(f"{self.name} sets no limits for the {wager.value}")

    def _progressive(
        self, wager: ThreeCardWager
    ) -> ThreeCardProgressiveSpec | FiveCardProgressiveSpec | None:
        if wager is ThreeCardWager.PROGRESSIVE:
            return self.progressive
        if wager is ThreeCardWager.FIVE_CARD_PROGRESSIVE:
            return self.five_card_progressive
        raise KeyError(f"the {wager.value} is not a progressive wager")

    def envy_amount(self, wager: ThreeCardWager) -> Decimal | None:
        """The fixed Envy Bonus ``wager`` earns per qualifying hand, as the Rules Submission
        states it (not confirmed anywhere: no built-in amount)."""
        spec = self._progressive(wager)
        return spec.envy if spec is not None else None

    def envy_qualifying_hand(self, wager: ThreeCardWager) -> ThreeCardClass | FiveCardClass:
        spec = self._progressive(wager)
        if spec is not None:
            return spec.envy_qualifying_hand
        if wager is ThreeCardWager.PROGRESSIVE:
            return ThreeCardClass.MINI_ROYAL
        return FiveCardClass.STRAIGHT_FLUSH

    def envy_citation(self, wager: ThreeCardWager) -> Citation:
        spec = self._progressive(wager)
        if spec is not None and "envy_qualifying_hand" in spec.stated:
            return FORMAT.stated_citation(self.source)
        return ENVY_HAND_CITATION[wager]

    def meter_reset(self, wager: ThreeCardWager) -> Decimal | None:
        spec = self._progressive(wager)
        return spec.meter_reset if spec is not None else None

    def linked(self, wager: ThreeCardWager) -> LinkedMeter | None:
        """The link ``wager``'s meter is shared on, if any (only the Five-Card Progressive may
        be linked to other games, seed 000, preamble)."""
        five = self.five_card_progressive
        if wager is ThreeCardWager.FIVE_CARD_PROGRESSIVE and five is not None:
            return five.linked
        return None

    def rate_of_progression(self, wager: ThreeCardWager) -> Decimal | None:
        """The percentage of each ``wager`` the meter rises by (§ 649a.12)."""
        spec = self._progressive(wager)
        return spec.rate_of_progression_percent if spec is not None else None

    def pays_meter_share(self, wager: ThreeCardWager) -> bool:
        """Whether a progressive row pays a percentage of the meter (the round needs it)."""
        if not self.offers(wager):
            return False
        return pays_meter_share(self.paytable(wager).rows)

    def describe(self) -> list[str]:
        """The Rules Submission as a person reads it, each number with its provenance."""
        return three_card_poker_table_report(self)

    def _spec(self, wager: ThreeCardWager) -> Record | None:
        specs: dict[ThreeCardWager, Record | None] = {
            ThreeCardWager.ANTE_BONUS: self.ante_bonus,
            ThreeCardWager.PAIR_PLUS: self.pair_plus,
            ThreeCardWager.SIX_CARD_BONUS: self.six_card_bonus,
            ThreeCardWager.PROGRESSIVE: self.progressive,
            ThreeCardWager.FIVE_CARD_PROGRESSIVE: self.five_card_progressive,
        }
        return specs.get(wager)


# --- checks that need the regulation -------------------------------------------------------------


def _choice_problems(wager: ThreeCardWager, choice: PaytableChoice, field: str) -> list[Problem]:
    _, problems = FORMAT.choice_problems(
        three_card_poker_paytables(),
        wager,
        choice,
        field,
        kinds=CHIP_ODDS,
        kinds_rule=chip_odds_rule(wager),
    )
    return problems


def _check(config: ThreeCardPokerTableConfig) -> list[Problem]:
    problems = limit_problems("ante", config.ante)
    problems += _choice_problems(ThreeCardWager.ANTE_BONUS, config.ante_bonus, "ante_bonus")
    if config.pair_plus is not None:
        problems += limit_problems("pair_plus", config.pair_plus)
        problems += _choice_problems(ThreeCardWager.PAIR_PLUS, config.pair_plus, "pair_plus")
    six = config.six_card_bonus
    if six is not None:
        problems += limit_problems("six_card_bonus", six)
        citation = Citation(Provenance.PROPERTY, (PAYTABLES_SECTION,), "Rules Submission")
        wager = ThreeCardWager.SIX_CARD_BONUS
        _, found = FORMAT.resolve_rows(
            wager,
            six.rows,
            citation,
            "six_card_bonus.",
            kinds=CHIP_ODDS,
            kinds_rule=chip_odds_rule(wager),
        )
        problems += found
    for wager, spec, field in (
        (ThreeCardWager.PROGRESSIVE, config.progressive, "progressive"),
        (
            ThreeCardWager.FIVE_CARD_PROGRESSIVE,
            config.five_card_progressive,
            "five_card_progressive",
        ),
    ):
        if spec is None:
            continue
        problems += limit_problems(field, spec)
        _, found = FORMAT.progressive_problems(wager, spec, field, PROGRESSIVE_ODDS_RULE)
        problems += found + envy_problems(spec, field, PAYTABLES_SECTION)
    if config.five_card_hand_bonus is not None:
        problems += config.five_card_hand_bonus.problems()
    return problems


def parse_three_card_poker_config(
    data: Mapping[str, Any], source: str | Path = "<table config>"
) -> ThreeCardPokerTableConfig:
    """Validate an already-read Rules Submission (e.g. a table embedded in a scenario file)."""
    return parse_config(ThreeCardPokerTableConfig, ThreeCardPokerConfigError, _check, data, source)


def load_three_card_poker_config(path: str | Path) -> ThreeCardPokerTableConfig:
    """Read and validate a Three Card Poker Rules Submission TOML file;
    ``ThreeCardPokerConfigError`` lists every problem with the file name, the field path and
    what was expected."""
    return load_config(ThreeCardPokerConfigError, parse_three_card_poker_config, path)


# --- the report ----------------------------------------------------------------------------------


def _span(config: ThreeCardPokerTableConfig, wager: ThreeCardWager) -> str:
    if wager is ThreeCardWager.ANTE_BONUS:
        return "  paid on the Ante"
    if wager is ThreeCardWager.PLAY:
        return "  equal to the Ante"
    limits = config.limits(wager)
    return f"  {format_money(limits.minimum)}-{format_money(limits.maximum)}"


def three_card_poker_table_report(config: ThreeCardPokerTableConfig) -> list[str]:
    """Wagers, limits, paytables (with the Envy amounts), the seed's rules and the open rules,
    each with the provenance of its number, as an instructor checks a table before a lesson."""
    lines = report_head(config.name, config.game, config.description)
    for wager in config.offered_wagers():
        table = config.paytable(wager)
        lines += paytable_lines(table, _span(config, wager))
        if wager in PROGRESSIVE_WAGERS:
            lines += progressive_lines(
                config.meter_reset(wager),
                config.envy_amount(wager),
                config.envy_qualifying_hand(wager).value,
                f"{config.envy_citation(wager)}; amount {table.citation}",
                rate=config.rate_of_progression(wager),
                rate_section="§ 649a.12",
                bettor="bettor",
            )
    five = config.five_card_progressive
    if five is not None:
        lines.append(
            f"Five-Card Progressive Payout Wager: proposed for ch. 649a, may be linked to other "
            f"games  — {FIVE_CARD_PROGRESSIVE_CITATION}"
            + (f"; linked: § 605a.8 applies  — {LINKED_CITATION}" if five.linked else "")
        )
        lines += report_lines(five.linked)
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        lines += fchb_lines(
            fchb, fchb_hands(fchb), FCHB_CITATION, "§ 649a.12; § 639a.12(e)(4), by analogy"
        )
        lines.append(
            f"    the player's hand: three cards + community cards  — {FIVE_CARD_HAND_CITATION}"
        )
        lines.append(
            f"    the dealer's hand: three cards + community cards  — {DEALER_FIVE_CARD_CITATION}"
        )
    if five is not None or fchb is not None:
        lines.append(
            "Two community cards dealt face down for the five-card wagers, counted for no other "
            f"wager, turned up only after every other wager is settled  — {COMMUNITY_CITATION}"
        )
    lines.append(
        "Settlement: forfeited wagers and cards collected, the dealer's cards revealed, then "
        "each player from the dealer's right, counterclockwise; the five-card wagers last, after "
        f"every other wager at the table  — {SETTLEMENT_CITATION}; {COMMUNITY_CITATION}"
    )
    heading = "Rules the regulations leave open (value in force, basis):"
    return lines + open_rules_lines(config.rules.describe(), heading)


__all__ = [
    "COMMUNITY_CITATION",
    "FORMAT",
    "GAME",
    "ROW_VOCABULARY",
    "RULE_INFO",
    "FiveCardProgressiveSpec",
    "PairPlusSpec",
    "RowHand",
    "SixCardBonusSpec",
    "ThreeCardCatalog",
    "ThreeCardPaytable",
    "ThreeCardPokerConfigError",
    "ThreeCardPokerRules",
    "ThreeCardPokerTableConfig",
    "ThreeCardProgressiveSpec",
    "ThreeCardRow",
    "load_three_card_poker_config",
    "load_three_card_poker_paytables",
    "parse_three_card_poker_config",
    "three_card_poker_paytables",
    "three_card_poker_table_report",
]
