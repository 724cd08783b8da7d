"""The Four-Card and Five-Card Progressive Payout Wagers of the best-four games, each with its
Envy Bonus: the Rules Submission's part, the hands, and what a round settles.

Ch. 641a (Four Card Poker) and ch. 657a (Crazy 4 Poker) define the same two progressives in
their § .1 (Code text, stored): a Four-Card Progressive Payout Hand is the player's four-card
hand of three of a kind or better, a Five-Card Progressive Payout Hand the player's five-card
poker hand of three of a kind or better; each wager earns a fixed-sum Envy Bonus when another
player at the table holds that wager's Envy Bonus Qualifying Hand: for the four-card wager four
of a kind, or a straight flush where the paytable the property selected includes it; for the
five-card wager a straight flush or better. Both chapters' dealing sections (§ 641a.8(b), the
same words in every chapter of the 2013 rulemaking) have the chips collected, counted against
the system in front of the table inventory container and dropped before the deal.

What the stored pages do not print (§§ 641a.12(a)-(f), 657a.12: the paytables, the Envy
amounts, the rate of progression; §§ 641a.11(c)(1)-(6), 657a.11: where in a seat's turn they are
settled) is each Rules Submission's: its rows ("X for 1" or "N% of meter"), its meter reset,
its rate, its Envy amount and qualifying hand, and what a fold does to the wager (by default,
as the game's published rules say, "folded hands do not qualify": the wager is forfeited and a
folded hand earns no one an Envy Bonus).

The games differ only in their sections and which of the player's cards the hand is on (both
deal the player five), so each passes a ``ProgressiveTerms``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeAlias, cast

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    PREFIX,
    count_and_drop,
    order_rules,
    pre_deal_steps,
)
from dealer_trainer.engine.spot import SpotId, SpotKind, SpotRole
from dealer_trainer.engine.step import Step
from dealer_trainer.games.best_four_hands import at_least as four_at_least
from dealer_trainer.games.best_four_hands import describe_hand as describe_four
from dealer_trainer.games.config_report import paytable_lines, progressive_lines
from dealer_trainer.games.limited_paytable import (
    EnvyTerms,
    PaytableOutcome,
    envy_payments,
    progressive_price,
)
from dealer_trainer.games.outcome_support import Result, cite_code, positive_stake
from dealer_trainer.games.paytable_hands import at_least as five_at_least
from dealer_trainer.games.paytable_hands import category_rows, rows_by_category
from dealer_trainer.games.paytable_hands import describe_hand as describe_five
from dealer_trainer.games.procedure_steps import ProgressiveCiting
from dealer_trainer.games.progressive_config import (
    METER_ROUNDING,
    FiveCardRankField,
    RoundingField,
    envy_problems,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.hands.four_card import best_four
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.errors import DataFileError, Problem
from dealer_trainer.rules.game_paytables import (
    GamePaytable,
    GameRow,
    MoneyField,
    PaytableFormat,
    ProgressiveSpec,
    enum_field,
    limit_problems,
    progressive_odds_rule,
    resolved_per_config,
)
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance
from dealer_trainer.vocabulary import Vocabulary

if TYPE_CHECKING:  # the table analyser's words, imported where wagers are priced
    from dealer_trainer.engine.wager_analysis import HandWager

# --- names ------------------------------------------------------------------------------------


class ProgressiveWager(SpotKind, noun="a best-four progressive wager"):
    """The two Progressive Payout Wagers and the Envy Bonus each earns, named as §§ 641a.1 and
    657a.1 name them. The wagers hold chips until they are dropped before the deal; each Envy
    Bonus is a payment on the bettor's spot for another player's qualifying hand."""

    FOUR_CARD_PROGRESSIVE = "Four-Card Progressive Payout Wager"
    FIVE_CARD_PROGRESSIVE = "Five-Card Progressive Payout Wager"
    FOUR_CARD_ENVY_BONUS = "Four-Card Envy Bonus"
    FIVE_CARD_ENVY_BONUS = "Five-Card Envy Bonus"

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        return {cls.FOUR_CARD_ENVY_BONUS: SpotRole.ENVY, cls.FIVE_CARD_ENVY_BONUS: SpotRole.ENVY}


class ProgressiveSpot(SpotKind, noun="a best-four progressive spot"):
    """Each progressive's Envy Bonus Qualifying Hand, announced at the holder's seat, and its
    meter."""

    FOUR_CARD_ENVY_HAND = "Four-Card Envy Bonus Qualifying Hand"
    FIVE_CARD_ENVY_HAND = "Five-Card Envy Bonus Qualifying Hand"
    FOUR_CARD_PROGRESSIVE_METER = "Four-Card Progressive meter"
    FIVE_CARD_PROGRESSIVE_METER = "Five-Card Progressive meter"

    @property
    def role(self) -> SpotRole:
        envy = self in (ProgressiveSpot.FOUR_CARD_ENVY_HAND, ProgressiveSpot.FIVE_CARD_ENVY_HAND)
        return SpotRole.ENVY if envy else SpotRole.OTHER


FOUR = ProgressiveWager.FOUR_CARD_PROGRESSIVE
FIVE = ProgressiveWager.FIVE_CARD_PROGRESSIVE
PROGRESSIVES = (FOUR, FIVE)
ENVY_OF = {FOUR: ProgressiveWager.FOUR_CARD_ENVY_BONUS, FIVE: ProgressiveWager.FIVE_CARD_ENVY_BONUS}
ENVY_HAND = {FOUR: ProgressiveSpot.FOUR_CARD_ENVY_HAND, FIVE: ProgressiveSpot.FIVE_CARD_ENVY_HAND}
METER = {
    FOUR: ProgressiveSpot.FOUR_CARD_PROGRESSIVE_METER,
    FIVE: ProgressiveSpot.FIVE_CARD_PROGRESSIVE_METER,
}
FIELD = {FOUR: "four_card_progressive", FIVE: "five_card_progressive"}
"""The Rules Submission's table and the seat's stake field for each progressive."""
METER_FIELD = {FOUR: "four_card_meter", FIVE: "five_card_meter"}
"""A scenario's (and a round's) meter reading for each progressive."""


class FourCardProgressiveHand(Vocabulary, noun="a Four-Card Progressive paytable row"):
    """Rows of a Four-Card Progressive paytable: the four-card hands of three of a kind or
    better, best first (§§ 641a.1, 657a.1; the four-card order of § 657a.6(b)), four aces
    apart for a table that pays them above the other fours."""

    FOUR_ACES = "Four aces"
    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three of a kind"


class FiveCardProgressiveHand(Vocabulary, noun="a Five-Card Progressive paytable row"):
    """Rows of a Five-Card Progressive paytable: the five-card hands of three of a kind or
    better (§§ 641a.1, 657a.1), best first."""

    ROYAL_FLUSH = "Royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"


class ProgressiveCards(Vocabulary, noun="a progressive's cards"):
    """Which of the player's cards each progressive is settled on."""

    BEST_FOUR = "the player's best four of five cards"
    ALL_FIVE = "the player's five cards"


class ProgressiveOnFold(Vocabulary, noun="a progressive fold rule"):
    """What a fold does to a Progressive Payout Wager."""

    FORFEITED = "forfeited with the Ante and the hand"
    STAYS_IN_ACTION = "stays in action until settled"


ProgressiveHand: TypeAlias = FourCardProgressiveHand | FiveCardProgressiveHand
ProgressivePaytable: TypeAlias = GamePaytable[ProgressiveWager, ProgressiveHand, ProgressiveCards]
ProgressiveRow: TypeAlias = GameRow[ProgressiveHand]
ProgressiveOutcome: TypeAlias = PaytableOutcome[
    ProgressiveWager, ProgressiveWager, ProgressiveHand, ProgressiveCards
]
"""How one progressive wager (or Envy Bonus) of one seat is settled."""

CARDS_OF = {FOUR: ProgressiveCards.BEST_FOUR, FIVE: ProgressiveCards.ALL_FIVE}
ROW_VOCABULARY: Mapping[ProgressiveWager, type[Enum]] = {
    FOUR: FourCardProgressiveHand,
    FIVE: FiveCardProgressiveHand,
}
FOUR_CARD_ENVY_HANDS = (
    FourCardProgressiveHand.FOUR_OF_A_KIND,
    FourCardProgressiveHand.STRAIGHT_FLUSH,
)
"""The Four-Card Envy Bonus Qualifying Hands the Code allows: four of a kind, or a straight
flush (and so four of a kind too, the higher four-card hand) where the paytable includes it."""

# --- the Rules Submission -------------------------------------------------------------------


class BestFourProgressiveSpec(ProgressiveSpec, frozen=True, kw_only=True, weakref=True):
    """A Progressive Payout Wager as the Rules Submission states it: limits, rows, meter reset,
    rate of progression, the fixed Envy Bonus, the rounding of a meter share, and what a fold
    does to it. Weakly referenced: its resolved paytable is cached while it lives
    (``resolved_per_config``)."""

    envy: MoneyField | None = None
    on_fold: Annotated[ProgressiveOnFold, enum_field(ProgressiveOnFold)] = (
        ProgressiveOnFold.FORFEITED
    )
    meter_payout_rounding: RoundingField = METER_ROUNDING


class FourCardProgressiveSpec(BestFourProgressiveSpec, frozen=True, kw_only=True):
    """The Four-Card Progressive Payout Wager; its Envy Bonus Qualifying Hand four of a kind by
    default, or a straight flush (or better) where the paytable includes one."""

    envy_qualifying_hand: Annotated[
        FourCardProgressiveHand, enum_field(FourCardProgressiveHand)
    ] = FourCardProgressiveHand.FOUR_OF_A_KIND


class FiveCardProgressiveSpec(BestFourProgressiveSpec, frozen=True, kw_only=True):
    """The Five-Card Progressive Payout Wager; its Envy Bonus Qualifying Hand a five-card
    straight flush or better."""

    envy_qualifying_hand: FiveCardRankField = HandRank.STRAIGHT_FLUSH


AnySpec: TypeAlias = FourCardProgressiveSpec | FiveCardProgressiveSpec


class ProgressiveTerms(Struct, frozen=True):
    """One game's sections for its progressives: where the hands are defined (Code), where the
    paytables and Envy amounts would be (not stored: the Rules Submission states them), the
    dealing paragraph that drops the chips, and the citations of the settlement steps."""

    game: str
    definitions: Citation
    paytables_section: str
    pre_deal_section: str
    verify: str
    floorperson: str
    hold: str
    envy_acknowledge: str
    envy_pay: str
    meter_reset: str
    chips: Citation
    award: Citation

    @property
    def order_chain(self) -> str:
        return (
            "Verify the winning hand first, then the floorperson's verification, then the payout "
            f"or the jackpot documentation ({self.verify})."
        )

    @property
    def order_side(self) -> str:
        return (
            "A player's Progressive Payout Wagers are settled after the player's Ante and Play "
            f"({self.verify})."
        )

    def order_envy(self, wager: ProgressiveWager) -> str:
        return (
            f"The {ENVY_OF[wager].value} is paid only after every {wager.value} is settled and "
            f"each qualifying hand announced ({self.envy_pay})."
        )

    @property
    def citing(self) -> ProgressiveCiting:
        return ProgressiveCiting(self.verify, self.floorperson, self.hold, None, self.order_chain)

    @property
    def format(self) -> PaytableFormat[ProgressiveWager, ProgressiveHand, ProgressiveCards]:
        return PaytableFormat(
            game=self.game,
            section=self.paytables_section,
            wager_type=ProgressiveWager,
            source_type=ProgressiveCards,
            row_vocabulary=ROW_VOCABULARY,
            error=DataFileError,
            data_file="",
            package="dealer_trainer.games",
        )

    def paytable(self, wager: ProgressiveWager, spec: AnySpec, source: str) -> ProgressivePaytable:
        """The rows ``spec`` states, cited to the Rules Submission unless they carry their own;
        resolved once per specification (a round asks about ten times)."""
        return _resolved_paytable(spec, (self, wager, source))

    def problems(self, wager: ProgressiveWager, spec: AnySpec, field: str) -> list[Problem]:
        """Limits, rows paid "X for 1" or from the meter, a positive reset, a positive Envy
        amount, and the Envy Bonus Qualifying Hand the Code allows with this paytable."""
        problems = limit_problems(field, spec)
        rows, found = self.format.progressive_problems(
            wager, spec, field, progressive_odds_rule(f"§ {self.pre_deal_section}")
        )
        problems += found
        if isinstance(spec, FiveCardProgressiveSpec):
            return problems + envy_problems(
                spec,
                field,
                self.paytables_section,
                at_least_straight_flush="a Five-Card Envy Bonus Qualifying Hand is a "
                f"straight flush or better ({self.definitions.short})",
            )
        problems += envy_problems(spec, field, self.paytables_section)
        hand = spec.envy_qualifying_hand
        if hand not in FOUR_CARD_ENVY_HANDS:
            problems.append(
                Problem(
                    f"{field}.envy_qualifying_hand",
                    "'Four of a kind' or 'Straight flush': a Four-Card Envy Bonus Qualifying "
                    f"Hand is four of a kind, or a straight flush ({self.definitions.short})",
                    repr(hand.value),
                )
            )
        elif hand is FourCardProgressiveHand.STRAIGHT_FLUSH and not any(
            row.hand is FourCardProgressiveHand.STRAIGHT_FLUSH for row in rows
        ):
            problems.append(
                Problem(
                    f"{field}.envy_qualifying_hand",
                    "'Four of a kind', or a 'Straight flush' row in the paytable: a straight "
                    "flush qualifies for the Four-Card Envy Bonus only where the paytable "
                    f"selected includes it ({self.definitions.short})",
                    repr(hand.value),
                )
            )
        return problems


def _resolve_paytable(
    spec: AnySpec, key: tuple[ProgressiveTerms, ProgressiveWager, str]
) -> ProgressivePaytable:
    terms, wager, source = key
    fmt = terms.format
    citation = spec.citation or fmt.stated_citation(source)
    return fmt.property_paytable(
        wager, spec.paytable, spec.rows, citation, CARDS_OF[wager], terms.definitions
    )


_resolved_paytable = resolved_per_config(_resolve_paytable)


class ProgressiveTable(Protocol):
    """What the settlement reads of a Rules Submission that may offer the progressives."""

    @property
    def four_card_progressive(self) -> FourCardProgressiveSpec | None: ...
    @property
    def five_card_progressive(self) -> FiveCardProgressiveSpec | None: ...
    @property
    def source(self) -> str: ...


def spec_of(config: ProgressiveTable, wager: ProgressiveWager) -> AnySpec | None:
    if wager is FOUR:
        return config.four_card_progressive
    if wager is FIVE:
        return config.five_card_progressive
    raise KeyError(f"the {wager.value} is not a progressive wager")


def offered(config: ProgressiveTable) -> tuple[ProgressiveWager, ...]:
    """The progressives this table offers, four-card first."""
    return tuple(w for w in PROGRESSIVES if spec_of(config, w) is not None)


def pays_meter_share(
    config: ProgressiveTable, terms: ProgressiveTerms, wager: ProgressiveWager
) -> bool:
    spec = spec_of(config, wager)
    return spec is not None and any(
        row.odds.kind is OddsKind.METER_PERCENT
        for row in terms.paytable(wager, spec, config.source).rows
    )


def check_progressive_stake(
    config: ProgressiveTable, where: str, wager: ProgressiveWager, stake: Decimal, name: str
) -> None:
    """``ValueError`` for a stake on a progressive the table does not offer or outside its
    limits."""
    if stake <= 0:
        return
    spec = spec_of(config, wager)
    if spec is None:
        raise ValueError(f"{where}: {name} does not offer the {wager.value}")
    if not spec.minimum <= stake <= spec.maximum:
        raise ValueError(
            f"{where}: the {wager.value} of {format_money(stake)} is outside the table's "
            f"limits, {format_money(spec.minimum)} to {format_money(spec.maximum)}"
        )


# --- hands ------------------------------------------------------------------------------------

_FIVE_ROWS = rows_by_category(FiveCardProgressiveHand)
_FOUR_ROWS = {
    HandRank.FOUR_OF_A_KIND: FourCardProgressiveHand.FOUR_OF_A_KIND,
    HandRank.STRAIGHT_FLUSH: FourCardProgressiveHand.STRAIGHT_FLUSH,
    HandRank.THREE_OF_A_KIND: FourCardProgressiveHand.THREE_OF_A_KIND,
}


def progressive_hand(wager: ProgressiveWager, cards: Sequence[Card]) -> HandValue:
    """The hand ``wager`` is settled on: the best four of the player's five cards, or the five."""
    if len(cards) != 5:
        raise ValueError(
            f"a progressive is settled on the player's five cards, not {format_cards(cards)}"
        )
    return best_four(cards) if wager is FOUR else evaluate_five(cards)


def describe(wager: ProgressiveWager, hand: HandValue) -> str:
    return describe_four(hand) if wager is FOUR else describe_five(hand)


def hand_rows(wager: ProgressiveWager, hand: HandValue) -> frozenset[ProgressiveHand]:
    """Every row the hand answers to; a paytable pays the first it prints. Four aces are also
    four of a kind; four of a kind is also three of a kind (so a table without the row pays the
    next); a royal flush is also a straight flush."""
    if wager is FIVE:
        return frozenset(category_rows(hand, _FIVE_ROWS, FiveCardProgressiveHand.STRAIGHT_FLUSH))
    rows: set[ProgressiveHand] = set()
    row = _FOUR_ROWS.get(hand.rank)
    if row is not None:
        rows.add(row)
    if hand.rank is HandRank.FOUR_OF_A_KIND:
        rows.add(FourCardProgressiveHand.THREE_OF_A_KIND)
        if hand.cards[0].rank is Rank.ACE:
            rows.add(FourCardProgressiveHand.FOUR_ACES)
    return frozenset(rows)


def envy_qualifies(
    spec: AnySpec, wager: ProgressiveWager, cards: Sequence[Card]
) -> HandValue | None:
    """The player's hand when it is ``wager``'s Envy Bonus Qualifying Hand on a table that pays
    that Envy Bonus; otherwise ``None``."""
    if spec.envy is None:
        return None
    hand = progressive_hand(wager, cards)
    if isinstance(spec, FiveCardProgressiveSpec):
        return hand if five_at_least(hand, spec.envy_qualifying_hand) else None
    least = (
        HandRank.STRAIGHT_FLUSH
        if spec.envy_qualifying_hand is FourCardProgressiveHand.STRAIGHT_FLUSH
        else HandRank.FOUR_OF_A_KIND
    )
    return hand if four_at_least(hand, least) else None


def least_envy_hand(spec: AnySpec) -> str:
    return str(spec.envy_qualifying_hand.value)


# --- settling one seat ------------------------------------------------------------------------


def settle_progressive(
    terms: ProgressiveTerms,
    table: ProgressivePaytable,
    spec: AnySpec,
    cards: Sequence[Card],
    stake: Decimal | int | str,
    meter: Decimal | None,
) -> ProgressiveOutcome:
    """A progressive wager in action on its paytable: a Progressive Payout Hand (three of a kind
    or better) is paid "for 1" or a share of ``meter``, the highest hand only; less loses, its
    chips already in the table inventory container (nothing to collect)."""
    amount = positive_stake(stake)
    wager = table.wager
    hand = progressive_hand(wager, cards)
    row = table.first_row(hand_rows(wager, hand))
    who = f"the player's {'best four' if wager is FOUR else 'five cards'}"
    if row is None:
        return ProgressiveOutcome(
            wager,
            Result.LOSE,
            amount,
            ZERO,
            False,
            f"{who}, {describe(wager, hand)}, is not a hand on {table.name} "
            f"({terms.definitions.short}): the {wager.value} loses; its chips are already in "
            f"the table inventory container ({terms.chips.short})",
            table.citation,
            table,
            None,
            hand,
        )
    price = progressive_price(
        table.name,
        row,
        amount,
        meter,
        spec.meter_payout_rounding,
        Citation(Provenance.PROPERTY, (terms.paytables_section,), "Rules Submission"),
        terms.award,
    )
    return ProgressiveOutcome(
        wager,
        Result.WIN,
        amount,
        price.payment.paid,
        False,
        f"{who}, {describe(wager, hand)}, a Progressive Payout Hand ({terms.definitions.short}): "
        f"{table.name} pays {row.label} at {row.odds}: {price.text} ({cite_code(row.citation)})",
        row.citation,
        table,
        row,
        hand,
        price.payment.paid,
    )


class _Seat(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def folded(self) -> bool: ...
    def progressive_stake(self, wager: ProgressiveWager) -> Decimal: ...


def in_action(spec: AnySpec | None, play: _Seat, wager: ProgressiveWager) -> bool:
    """A progressive placed and not forfeited by a fold (``on_fold``)."""
    if spec is None or play.progressive_stake(wager) <= 0:
        return False
    return not play.folded or spec.on_fold is ProgressiveOnFold.STAYS_IN_ACTION


class RoundProgressives(Struct, frozen=True):
    """Everything a round's progressives settle: each seat's outcome, the Envy Bonus Qualifying
    Hands held (by a player still in the hand) and each bettor's Envy Bonuses."""

    outcomes: Mapping[tuple[int, ProgressiveWager], ProgressiveOutcome]
    envy: Mapping[ProgressiveWager, Mapping[int, tuple[ProgressiveOutcome, ...]]]
    holders: Mapping[ProgressiveWager, Mapping[int, HandValue]]


def settle_round(
    terms: ProgressiveTerms,
    config: ProgressiveTable,
    seats: Iterable[_Seat],
    meters: Mapping[ProgressiveWager, Decimal | None],
) -> RoundProgressives:
    """Every progressive of the round. A hand folded (and so collected before the reveal)
    holds no Envy Bonus Qualifying Hand; each bettor whose wager is in action is paid the fixed
    Envy Bonus once for every qualifying hand another player holds, never for the player's own
    or the dealer's."""
    plays = list(seats)
    outcomes: dict[tuple[int, ProgressiveWager], ProgressiveOutcome] = {}
    envy: dict[ProgressiveWager, Mapping[int, tuple[ProgressiveOutcome, ...]]] = {}
    holders: dict[ProgressiveWager, Mapping[int, HandValue]] = {}
    for wager in offered(config):
        spec = spec_of(config, wager)
        assert spec is not None
        table = terms.paytable(wager, spec, config.source)
        bettors = [p.seat for p in plays if in_action(spec, p, wager)]
        for play in plays:
            if play.seat in bettors:
                outcomes[(play.seat, wager)] = settle_progressive(
                    terms, table, spec, play.cards, play.progressive_stake(wager), meters.get(wager)
                )
        held = {
            play.seat: hand
            for play in plays
            if not play.folded and (hand := envy_qualifies(spec, wager, play.cards)) is not None
        }
        if spec.envy is None:
            continue
        envy_terms = EnvyTerms(
            ENVY_OF[wager],
            terms.definitions,
            Citation(Provenance.PROPERTY, (terms.paytables_section,), "Rules Submission"),
            "stated by the Rules Submission",
        )
        envy[wager] = envy_payments(envy_terms, spec.envy, table, held, bettors)
        holders[wager] = {
            seat: hand
            for seat, hand in held.items()
            if any(o.other_seat == seat for paid in envy[wager].values() for o in paid)
        }
    return RoundProgressives(outcomes, envy, holders)


def check_meters(
    terms: ProgressiveTerms,
    config: ProgressiveTable,
    seats: Iterable[_Seat],
    meters: Mapping[ProgressiveWager, Decimal | None],
) -> None:
    """``ValueError`` when a progressive placed may pay a share of its meter and no meter
    amount is given."""
    plays = list(seats)
    for wager in offered(config):
        placed = any(p.progressive_stake(wager) > 0 for p in plays)
        if placed and pays_meter_share(config, terms, wager) and meters.get(wager) is None:
            raise ValueError(
                f"{METER_FIELD[wager]}: the {wager.value} pays a share of its meter, so the "
                "meter amount is needed"
            )


class MeterRound(Protocol):
    """A best-four game's round as far as its progressive meters go."""

    @property
    def config(self) -> ProgressiveTable: ...
    @property
    def seats(self) -> Sequence[_Seat]: ...
    @property
    def four_card_meter(self) -> Decimal | None: ...
    @property
    def five_card_meter(self) -> Decimal | None: ...


def round_meters(round_: MeterRound) -> dict[ProgressiveWager, Decimal | None]:
    """The meter amount each progressive of the round settles against (``None``: not given)."""
    return {FOUR: round_.four_card_meter, FIVE: round_.five_card_meter}


def check_round_meters(terms: ProgressiveTerms, round_: MeterRound) -> None:
    """Hold each given meter as exact money to the sixth decimal place (meters rise by
    fractions of a cent), then ``ValueError`` as ``check_meters`` says. The round is frozen,
    so its fields are set as its own ``__post_init__`` would."""
    for wager, field in METER_FIELD.items():
        meter = round_meters(round_)[wager]
        if meter is not None:
            force_setattr(cast(Struct, round_), field, to_money(meter, places=6))
    check_meters(terms, round_.config, round_.seats, round_meters(round_))


# --- before the deal --------------------------------------------------------------------------


def progressive_pre_deal(
    *,
    lock_out: bool,
    stakes: Mapping[ProgressiveWager, Mapping[int, Decimal]],
    section: str,
) -> list[Step]:
    """ "No more bets", the lockout, then each progressive's chips collected from every bettor,
    counted together in front of the table inventory container against the wagers the system
    accepted, and dropped in (§ 641a.8(b), the same words in § 657a.8)."""
    head = pre_deal_steps(lock_out=lock_out, progressive={}, section=section)
    placed = {w: s for w, s in stakes.items() if s}
    if not placed:
        return head
    cite = f"§ {section}"
    order_first, order_count = order_rules(section)
    anchor = (head[-1].id,)
    collected: list[Step] = []
    for wager in PROGRESSIVES:
        for seat, stake in sorted(placed.get(wager, {}).items(), reverse=True):
            collected.append(
                Step(
                    f"{PREFIX}s{seat}.{wager.key}",
                    SpotId(seat, wager),
                    Action.COLLECT,
                    stake,
                    anchor,
                    cite,
                    f"Seat {seat}: collect the {wager.value} chips, {format_money(stake)}, after "
                    "the system has locked out further wagers.",
                    order_first,
                )
            )
    return [*head, *collected, *count_and_drop(collected, cite, order_count)]


# --- the report ---------------------------------------------------------------------------------


def report_lines(terms: ProgressiveTerms, config: ProgressiveTable) -> list[str]:
    """Each offered progressive's paytable, meter, rate, Envy Bonus and fold rule, each with
    the provenance of its number."""
    lines: list[str] = []
    for wager in offered(config):
        spec = spec_of(config, wager)
        assert spec is not None
        table = terms.paytable(wager, spec, config.source)
        span = f"  {format_money(spec.minimum)}-{format_money(spec.maximum)}"
        lines += paytable_lines(table, span)
        lines += progressive_lines(
            spec.meter_reset,
            spec.envy,
            least_envy_hand(spec),
            f"{terms.definitions.short}; amount stated by the Rules Submission",
            rate=spec.rate_of_progression_percent,
            rate_section=f"§ {terms.paytables_section}",
            bettor=f"{wager.value} bettor",
        )
        lines.append(
            f"    on a fold: {spec.on_fold.value}  — house rule (the fold paragraph is not "
            "among the stored pages)"
        )
    if lines:
        lines.append(
            "Progressive chips: collected, counted in front of the table inventory container "
            f"and dropped before the deal  — § {terms.pre_deal_section}"
        )
    return lines


def progressive_analysis(terms: ProgressiveTerms, config: ProgressiveTable) -> list[HandWager]:
    """Each offered progressive for the table analyser: its rows over every five-card hand
    (the best four, or all five), read as settlement reads them, with the Envy Bonus on each
    row at or above the qualifying hand."""
    from dealer_trainer.engine.wager_analysis import (
        five_card_envy,
        paytable_wager,
        progressive_procedures,
    )

    wagers: list[HandWager] = []
    for wager in offered(config):
        spec = spec_of(config, wager)
        assert spec is not None
        if isinstance(spec, FiveCardProgressiveSpec):
            envy = five_card_envy(spec.envy, spec.envy_qualifying_hand)
        else:
            better = {FourCardProgressiveHand.FOUR_ACES, FourCardProgressiveHand.FOUR_OF_A_KIND}
            if spec.envy_qualifying_hand is FourCardProgressiveHand.STRAIGHT_FLUSH:
                better.add(FourCardProgressiveHand.STRAIGHT_FLUSH)
            amount = spec.envy

            def envy(
                row: GameRow[Any], better: set[Any] = better, amount: Decimal | None = amount
            ) -> Decimal | None:
                return amount if row.hand in better else None

        def classes(
            cards: tuple[Card, ...], w: ProgressiveWager = wager
        ) -> frozenset[ProgressiveHand]:
            return hand_rows(w, progressive_hand(w, cards))

        wagers.append(
            paytable_wager(
                terms.paytable(wager, spec, config.source),
                dealt=HandDealt(5, 4 if wager is FOUR else 5),
                key=f"best-four {FIELD[wager]}",
                classes=classes,
                procedures=progressive_procedures,
                envy=envy,
                stake=spec.minimum,
                meter_reset=spec.meter_reset,
            )
        )
    return wagers


def stake_texts(play: _Seat) -> list[str]:
    """ "Four-Card Progressive Payout Wager $1" for each progressive the seat placed."""
    return [
        f"{wager.value} {format_money(play.progressive_stake(wager))}"
        for wager in PROGRESSIVES
        if play.progressive_stake(wager) > 0
    ]


__all__ = [
    "ENVY_HAND",
    "ENVY_OF",
    "FIELD",
    "FIVE",
    "FOUR",
    "METER",
    "PROGRESSIVES",
    "BestFourProgressiveSpec",
    "FiveCardProgressiveHand",
    "FiveCardProgressiveSpec",
    "FourCardProgressiveHand",
    "FourCardProgressiveSpec",
    "ProgressiveCards",
    "ProgressiveOnFold",
    "ProgressiveOutcome",
    "ProgressiveSpot",
    "ProgressiveTable",
    "ProgressiveTerms",
    "ProgressiveWager",
    "RoundProgressives",
    "check_meters",
    "check_progressive_stake",
    "describe",
    "envy_qualifies",
    "in_action",
    "offered",
    "pays_meter_share",
    "progressive_analysis",
    "progressive_hand",
    "progressive_pre_deal",
    "report_lines",
    "settle_progressive",
    "settle_round",
    "spec_of",
    "stake_texts",
]
