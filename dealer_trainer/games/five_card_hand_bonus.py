"""The Five Card Hand Bonus, with its Magic Card and Lucky Bonus: one module for every game.

Seed 000 defines the wager once for several games (table-systems.md § 1-2): an electronic side
wager that a five-card Poker hand is a flush or better, on the player's hand, the dealer's hand
or both (§ 639a.7(d)(4)), paid on one paytable (§ 639a.12(e)(1), (3)) and settled by one
procedure (§ 639a.11(c)(6)). A game supplies only what differs between games: which five cards
form each hand (and which of them the Magic Card is matched against), the seat, the place in
its own settlement order and how it cites the paragraphs. Everything here is therefore
game-independent and written against the Caribbean Stud text; the Four Card Poker and Let It
Ride paragraphs (§§ 641a.11(c)(7), 641a.12(g); 643a.11(f)(3)(v), 643a.12(f)) read the same, and
each game's ``Citing`` turns every citation into its own chapter's paragraph (a chapter that
does not print them, such as Three Card Poker's or Ultimate Texas Hold 'Em's, into its own
section with the printed paragraph by analogy), so no trainee reads another game's section.
A meter shared with other tables (``linked``, § 605a.8) is described in ``games.linked_meter``.

- ``BetOn``: the hands a bettor may wager on, the player's or the dealer's.
- ``FiveCardHandBonusSpec``: the Rules Submission section (limits, hands, meter, the optional
  Magic Card and Lucky Bonus), the same in every game's Rules Submission.
- ``Citing``, ``chapter_sections``: how a game cites the paragraphs in its own chapter
  (``SEED_TEXT``: Caribbean Stud's own).
- ``PAYTABLE``, ``MAGIC_CARD_ODDS``, ``LUCKY_BONUS_ODDS``: the seed's paytable.
- ``FchbDraws``: what the table game system supplies (meter, Magic Card, Lucky position).
- ``settle``: one seat's wager on one hand.
- ``FchbSteps``: the dealer's steps for the wins, for a game's step builder.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from msgspec import Meta, Struct, field
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, Spot, SpotId, SpotKind, WhoseHand
from dealer_trainer.games.linked_meter import (
    LinkedField,
    held_note,
    reset_citation,
    reset_explanation,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import evaluate_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.datafile import After, Parse
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import (
    MoneyField,
    RateOfProgressionField,
    WagerLimits,
    limit_problems,
    require_rate_of_progression,
)
from dealer_trainer.rules.money import CENT, ZERO, Rounding, RoundingMode, format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import analog
from dealer_trainer.vocabulary import Vocabulary, matches, normalise

if TYPE_CHECKING:  # the table analyser's words, imported by the two functions that price wagers
    from dealer_trainer.engine.wager_analysis import DrawnAward, HandWager

# --- citations ---------------------------------------------------------------------------------

CITE_WAGER = "§ 639a.7(d)(4)"
CITE_PAYTABLE = "§ 639a.12(e)(1)"
CITE_HIGHEST = "§ 639a.12(e)(2)"
CITE_BONUSES = "§ 639a.12(e)(3)"
CITE_METER = "§ 639a.12(e)(4)"
CITE_DEFINITIONS = "§ 639a.1"
CITE_VERIFY = "§ 639a.11(c)(6)(i)"
CITE_FLOOR = "§ 639a.11(c)(6)(ii)"
CITE_CREDIT = "§ 639a.11(c)(6)(iii)"
CITE_HOLD = "§ 639a.11(c)(6)(iii)"
CITE_LOCK_OUT = "§ 639a.8(b)"

MINIMUM_METER = Decimal(10_000)
"""The initial and reset amounts are at least $10,000 (§ 639a.12(e)(4))."""
METER_MINIMUM_BY_ANALOGY = analog("seed 000, by analogy for ch. 653a", "639a.12(e)(4)")
"""The $10,000 minimum cited for a chapter that does not print it (Ultimate Texas Hold 'Em)."""


class FchbMeter(SpotKind, noun="the Five Card Hand Bonus meter"):
    FIVE_CARD_HAND_BONUS_METER = "Five Card Hand Bonus meter"


METER = FchbMeter.FIVE_CARD_HAND_BONUS_METER

ORDER_METER = "The meter is reset only after the jackpot it paid has been settled."


# --- the Rules Submission section ---------------------------------------------------------------


class BetOn(Vocabulary, noun="a hand to bet on"):
    """Which hand a Five Card Hand Bonus is wagered on (§ 639a.7(d)(4), § 653a.1: the player's
    or the dealer's)."""

    PLAYER = "player's hand"
    DEALER = "dealer's hand"

    @property
    def owner(self) -> str:
        """ "player" or "dealer", for sentences such as "the dealer's two cards"."""
        return self.name.lower()


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


def _draw_percent(value: Any) -> Decimal:
    """A share of rounds in percent: a number above 0 and at most 100 (5, 12.5 or "12.5")."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError("a percentage of rounds such as 100 or 5")
    try:
        percent = Decimal(str(value).strip().rstrip("%"))
    except ArithmeticError:
        raise ValueError("a percentage of rounds such as 100 or 5") from None
    if not percent.is_finite() or not Decimal(0) < percent <= 100:
        raise ValueError("a percentage of rounds above 0 and at most 100")
    return percent


DrawPercentField = Annotated[Decimal | None, Parse(_draw_percent)]


def _at_least_minimum(value: Decimal) -> Decimal:
    if value < MINIMUM_METER:
        raise ValueError(
            f"at least {format_money(MINIMUM_METER)} (§ 639a.12(e)(4)), not {format_money(value)}"
        )
    return value


MeterAmountField = Annotated[MoneyField, After(_at_least_minimum)]
"""An initial or reset amount of the meter: money, at least $10,000 (§ 639a.12(e)(4))."""


class FiveCardHandBonusSpec(WagerLimits, frozen=True, kw_only=True):
    """The ``[five_card_hand_bonus]`` section of a Rules Submission (§ 601a.2), the same for
    every game that offers the bonus.

    The rate of progression and the initial and reset amounts must be in the Rules Submission,
    the amounts at least $10,000 (§ 639a.12(e)(4)); the Magic Card and Lucky Bonus are the
    property's choice ("may pay", § 639a.12(e)(3)); the hands a player may bet on are the
    player's, the dealer's or both (§ 639a.7(d)(4)).
    """

    bet_on: Annotated[tuple[Annotated[BetOn, Parse(_bet_on)], ...], Meta(min_length=1)] = (
        BetOn.PLAYER,
        BetOn.DEALER,
    )
    meter_start: MeterAmountField
    meter_reset: MeterAmountField
    rate_of_progression_percent: RateOfProgressionField = None
    magic_card_bonus: bool = False
    lucky_bonus: bool = False
    linked: LinkedField = None
    """The meter shared with other tables or games (§ 605a.8; ``games.linked_meter``)."""
    magic_card_draw_percent: DrawPercentField = None
    """The share of rounds in which the table game system draws a Magic Card (``DRAW_PERCENT``
    when not stated): § 639a.1 and its equivalents say only that the system selects the card
    "randomly", not how often, so the Rules Submission states it."""
    lucky_bonus_draw_percent: DrawPercentField = None
    """The share of rounds in which the system selects a Lucky Bonus position, likewise."""

    _stated: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        require_rate_of_progression(self)

    @property
    def stated(self) -> frozenset[str]:
        """The fields the file states (``datafile.STATED``), for a game whose Rules Submission
        may leave one out and default it from another."""
        return self._stated

    def offered_on(self, hand: BetOn) -> bool:
        return hand in self.bet_on

    def problems(self, field: str = "five_card_hand_bonus") -> list[Problem]:
        """What the model alone cannot refuse: limits that make no sense together."""
        problems = limit_problems(field, self)
        if len(set(self.bet_on)) != len(self.bet_on):
            problems.append(Problem(f"{field}.bet_on", "each hand once"))
        for award, offered, percent in (
            ("magic_card", self.magic_card_bonus, self.magic_card_draw_percent),
            ("lucky_bonus", self.lucky_bonus, self.lucky_bonus_draw_percent),
        ):
            if percent is not None and not offered:
                problems.append(
                    Problem(
                        f"{field}.{award}_draw_percent",
                        f"stated only with {'magic_card_bonus' if award == 'magic_card' else award}"
                        " = true: the table does not offer the award it draws for",
                        f"{percent}",
                    )
                )
        return problems

    @property
    def magic_card_draw_share(self) -> Fraction:
        """The chance that the system draws a Magic Card in a round (0 when not offered)."""
        if not self.magic_card_bonus:
            return Fraction(0)
        return Fraction(self.magic_card_draw_percent or DRAW_PERCENT) / 100

    @property
    def lucky_bonus_draw_share(self) -> Fraction:
        """The chance that the system selects a Lucky Bonus position in a round."""
        if not self.lucky_bonus:
            return Fraction(0)
        return Fraction(self.lucky_bonus_draw_percent or DRAW_PERCENT) / 100

    def magic_card_drawn(self, rng: random.Random) -> bool:
        """Whether the trainer's table game system draws a Magic Card this round: every round
        at 100% without consuming ``rng`` (so a seeded round deals as it always has)."""
        return self.magic_card_bonus and _drawn(self.magic_card_draw_share, rng)

    def lucky_bonus_drawn(self, rng: random.Random) -> bool:
        """Whether the system selects a Lucky Bonus position this round, likewise."""
        return self.lucky_bonus and _drawn(self.lucky_bonus_draw_share, rng)


DRAW_PERCENT = Decimal(100)
"""How often the system draws the Magic Card or a Lucky Bonus position when the Rules Submission
does not say: every round. The regulation leaves it to the system; every round is what the
trainer's system has always done (so recorded and seeded rounds deal as before) and shows the
trainee the awards most often. The table analyser prices the awards at the stated share."""


def _drawn(share: Fraction, rng: random.Random) -> bool:
    if share >= 1:
        return True
    return Fraction(rng.random()) < share


def draw_lines(spec: FiveCardHandBonusSpec) -> list[str]:
    """How often the table game system draws each offered award, for the table report."""
    lines = []
    for offered, name, percent in (
        (spec.magic_card_bonus, "Magic Card", spec.magic_card_draw_percent),
        (spec.lucky_bonus, "Lucky Bonus position", spec.lucky_bonus_draw_percent),
    ):
        if offered:
            stated = (
                "the Rules Submission's setting"
                if percent is not None
                else "the trainer's default; the regulation does not say how often"
            )
            shown = f"{(percent or DRAW_PERCENT).normalize():f}%"
            lines.append(f"    {name} drawn in {shown} of rounds ({stated})")
    return lines


class Citing(Struct, frozen=True):
    """How a game cites the paragraphs above in its payouts and steps.

    The paragraphs are written once, as Caribbean Stud's (§ 639a); a game cites its own
    chapter's paragraph for each (``own``: Caribbean paragraph -> its own), so a trainee at a
    Four Card Poker table reads § 641a.11(c)(7)(i), never a Caribbean Stud section. A chapter
    whose paragraph the stored text does not print (``by_analogy``) cites its own section,
    where the rulemaking puts the rule, beside the printed paragraph; docs/regulations.md lists
    these, and the trainee reads only the sections, never a tag. Such a chapter may define the
    Magic Card and Lucky Bonus itself (``definitions``): Ultimate Texas Hold 'Em's § 653a.1
    does.
    """

    by_analogy: bool = False
    definitions: str | None = None
    own: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, section: str) -> str:
        mine = self.own.get(section)
        if not self.by_analogy:
            return mine or section
        return f"{mine}; {section}" if mine else section

    @property
    def awards(self) -> str:
        """Where the Magic Card and Lucky Bonus are defined and what they pay."""
        return f"{self.definitions or self(CITE_DEFINITIONS)}; {self(CITE_BONUSES)}"

    @property
    def order_awards(self) -> str:
        return (
            "The Five Card Hand Bonus, Magic Card and Lucky Bonus are settled after the "
            f"player's other wagers ({self(CITE_SETTLE)})."
        )

    @property
    def order_win(self) -> str:
        return (
            "Verify the winning hand, then have a floorperson verify a 500-for-1 or "
            "percentage-of-meter payout, then credit the game account or hold the hand for the "
            f"documentation ({self(CITE_STEPS)})."
        )


CITE_SETTLE = "§ 639a.11(c)(6)"
CITE_STEPS = "§ 639a.11(c)(6)(i)-(iii)"
CITE_PAYTABLE_SPLIT = "§ 639a.12(e)(1)-(2)"


def chapter_sections(
    *,
    wager: str,
    settle: str,
    steps: tuple[str, str, str],
    payouts: str,
    paragraphs: tuple[str, str, str, str],
    definitions: str,
) -> dict[str, str]:
    """A chapter's own paragraphs for the Caribbean Stud ones the module cites: ``settle`` the
    settlement paragraph and ``steps`` its verify, floorperson and credit items; ``payouts``
    the payout subsection and ``paragraphs`` its paytable, highest-hand, Magic Card/Lucky
    Bonus and meter paragraphs. A chapter whose text prints no items passes empty strings and
    is cited by section."""

    def span(base: str, first: str, last: str) -> str:
        return f"{base}{first}-{last}" if first and last else base

    verify, floor, credit = steps
    table, highest, bonuses, meter = paragraphs
    return {
        CITE_WAGER: wager,
        CITE_SETTLE: settle,
        CITE_VERIFY: f"{settle}{verify}",
        CITE_FLOOR: f"{settle}{floor}",
        CITE_CREDIT: f"{settle}{credit}",
        CITE_STEPS: span(settle, verify, credit),
        CITE_PAYTABLE: f"{payouts}{table}",
        CITE_PAYTABLE_SPLIT: span(payouts, table, highest),
        CITE_HIGHEST: f"{payouts}{highest}",
        CITE_BONUSES: f"{payouts}{bonuses}",
        CITE_METER: f"{payouts}{meter}",
        CITE_DEFINITIONS: definitions,
    }


SEED_TEXT = Citing()


# --- the paytable --------------------------------------------------------------------------------


class FchbRow(Struct, frozen=True):
    hand: HandRank
    odds: Odds


PAYTABLE: tuple[FchbRow, ...] = (
    FchbRow(HandRank.ROYAL_FLUSH, Odds.meter(100)),
    FchbRow(HandRank.STRAIGHT_FLUSH, Odds.meter(10)),
    FchbRow(HandRank.FOUR_OF_A_KIND, Odds.for_(500)),
    FchbRow(HandRank.FULL_HOUSE, Odds.for_(100)),
    FchbRow(HandRank.FLUSH, Odds.for_(50)),
)
"""§ 639a.12(e)(1), highest first: a hand is paid on its own category only (§ 639a.12(e)(2))."""
MAGIC_CARD_ODDS = Odds.for_(20)
LUCKY_BONUS_ODDS = Odds.for_(5)
"""§ 639a.12(e)(3)."""


def row_for(hand: HandRank) -> FchbRow | None:
    return next((row for row in PAYTABLE if row.hand is hand), None)


def sign_rows(spec: FiveCardHandBonusSpec) -> tuple[tuple[str, str], ...]:
    """The paytable as the layout or a sign shows it (§ 639a.2(b)(6))."""
    rows = [(row.hand.value, str(row.odds)) for row in PAYTABLE]
    if spec.magic_card_bonus:
        rows.append((Award.MAGIC_CARD_BONUS.value, str(MAGIC_CARD_ODDS)))
    if spec.lucky_bonus:
        rows.append((Award.LUCKY_BONUS.value, str(LUCKY_BONUS_ODDS)))
    return tuple(rows)


class Award(SpotKind, noun="a Five Card Hand Bonus award"):
    """What a Five Card Hand Bonus bettor can be paid: each is a spot of its own."""

    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"
    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"


FCHB_SPOT_KINDS: tuple[SpotKind, ...] = (*Award, METER)
"""The kinds of spot the Five Card Hand Bonus adds to a game."""


def hand_of(bet_on: BetOn) -> int | None:
    """Whose hand a bonus on ``bet_on`` is settled on, when not the bettor's own."""
    return DEALER if bet_on is BetOn.DEALER else None


def fchb_spot(award: Award, bet_on: BetOn) -> Spot:
    """The layout's spot for ``award`` on ``bet_on``."""
    return Spot(award, WhoseHand.DEALER if bet_on is BetOn.DEALER else WhoseHand.OWN)


def offered_spots(spec: FiveCardHandBonusSpec) -> frozenset[Spot]:
    """Every spot a table with ``spec`` can settle, with the meter."""
    awards = [Award.FIVE_CARD_HAND_BONUS]
    awards += [Award.MAGIC_CARD_BONUS] if spec.magic_card_bonus else []
    awards += [Award.LUCKY_BONUS] if spec.lucky_bonus else []
    return frozenset({fchb_spot(a, hand) for a in awards for hand in spec.bet_on} | {Spot(METER)})


# --- the table game system's draws -------------------------------------------------------------


class FchbDraws(Struct, frozen=True):
    """What the table game system shows for the round.

    ``meter`` the Five Card Hand Bonus meter; ``magic_card`` the card it selected for the Magic
    Card Bonus; ``lucky`` the seat it selected for the Lucky Bonus, or ``DEALER`` (0) for the
    dealer position (§ 639a.1); ``dealer_hand_bettors`` how many players bet the dealer's hand,
    among whom a percentage-of-meter win on it is divided equally (§ 639a.12(e)(2)).
    """

    meter: Decimal
    magic_card: Card | None = None
    lucky: int | None = None
    dealer_hand_bettors: int = 0

    def __post_init__(self) -> None:
        force_setattr(self, "meter", to_money(self.meter, places=6))
        if self.meter <= 0:
            raise ValueError(f"the Five Card Hand Bonus meter is positive, not {self.meter}")
        if self.lucky is not None and self.lucky < 0:
            raise ValueError(f"the Lucky Bonus selects a seat or the dealer, not {self.lucky}")
        if self.dealer_hand_bettors < 0:
            raise ValueError("the number of dealer-hand bettors cannot be negative")
        if self.magic_card is not None and self.magic_card.is_joker:
            raise ValueError("the Magic Card is one of the 52 cards")


# --- settling one wager ------------------------------------------------------------------------


class FchbPayout(Struct, frozen=True):
    """One payout a bettor wins: the wager's own row, or a Magic Card or Lucky Bonus.

    ``paid`` is the whole amount credited (a "for 1" amount includes the stake, which the
    electronic wagering system took when the wager was placed) or held; ``exact`` is ``paid``
    before the meter share is rounded.
    """

    award: Award
    bet_on: BetOn
    stake: Decimal
    odds: Odds
    paid: Decimal
    exact: Decimal
    reason: str
    citation: str
    hand: HandValue | None = None

    def spot(self, seat: int) -> SpotId:
        """Where the payout is settled when ``seat`` (or the dealer) takes the step."""
        return SpotId(seat, self.award, hand_of(self.bet_on))

    @property
    def is_meter_award(self) -> bool:
        """A percentage of the meter: never credited to the game account (§ 639a.11(c)(6)(iii))."""
        return self.odds.kind is OddsKind.METER_PERCENT

    @property
    def empties_meter(self) -> bool:
        return self.is_meter_award and self.odds.percent == 100

    @property
    def needs_floorperson(self) -> bool:
        """500 for 1 or a percentage of the meter (§ 639a.11(c)(6)(ii)); not 100 or 50 for 1,
        nor the Magic Card or Lucky Bonus."""
        odds = self.odds
        return self.is_meter_award or (odds.kind is OddsKind.FOR and odds.ratio >= 500)


class FchbSettlement(Struct, frozen=True):
    """One seat's wager on one hand: the hand and what it won (nothing when it lost: a losing
    electronic wager needs no step)."""

    seat: int
    bet_on: BetOn
    stake: Decimal
    hand: HandValue
    payouts: tuple[FchbPayout, ...]

    @property
    def won(self) -> bool:
        return bool(self.payouts)

    @property
    def total(self) -> Decimal:
        return sum((p.paid for p in self.payouts), ZERO)


DEFAULT_METER_ROUNDING = Rounding(CENT, RoundingMode.DOWN)


def settle(
    spec: FiveCardHandBonusSpec,
    cards: Sequence[Card],
    stake: Decimal,
    bet_on: BetOn,
    draws: FchbDraws,
    seat: int,
    *,
    meter_rounding: Rounding = DEFAULT_METER_ROUNDING,
    magic_cards: Sequence[Card] | None = None,
    magic_cards_name: str = "hand",
    citing: Citing = SEED_TEXT,
) -> FchbSettlement:
    """Settle ``seat``'s ``stake`` on ``bet_on``'s five ``cards``.

    Only the highest-ranking hand is paid (§ 639a.12(e)(2)): a royal flush is not paid as a
    flush too. A percentage-of-meter win on the dealer's hand is divided equally among
    ``draws.dealer_hand_bettors`` (§ 639a.12(e)(2)). A Magic Card Bonus is paid when a card of
    the wagered hand is the drawn card, a Lucky Bonus when the wagered hand's position (the seat,
    or the dealer position for the dealer's hand) is drawn (§ 639a.1), each only if the Rules
    Submission offers it (§ 639a.12(e)(3)). Nothing here looks at who won the hand: the bonus is
    paid whether or not the player's hand outranks the dealer's (§ 639a.11(c)(6)).

    A game whose rules match the Magic Card against other cards than the five (Ultimate Texas
    Hold 'Em's ``magic_card_matches`` setting: the two cards only) passes them as
    ``magic_cards``, named in the reason as ``magic_cards_name``; ``citing`` says how the
    payouts cite the paragraphs.
    """
    if stake <= 0:
        raise ValueError(f"a Five Card Hand Bonus stake is positive, not {stake}")
    if not spec.offered_on(bet_on):
        raise ValueError(f"the table does not offer the Five Card Hand Bonus on the {bet_on.value}")
    if len(cards) != 5:
        raise ValueError(f"the Five Card Hand Bonus is settled on five cards, not {len(cards)}")
    hand = evaluate_five(cards)
    owner = bet_on.owner
    payouts: list[FchbPayout] = []
    row = row_for(hand.rank)
    if row is not None:
        share = 1
        if bet_on is BetOn.DEALER and row.odds.kind is OddsKind.METER_PERCENT:
            if draws.dealer_hand_bettors < 1:
                raise ValueError("a dealer-hand win needs the number of dealer-hand bettors")
            share = draws.dealer_hand_bettors
        payment = row.odds.payment(
            stake, meter=draws.meter, share=share, meter_rounding=meter_rounding
        )
        why = f"the {owner}'s hand is {hand.rank.value.lower()} ({format_cards(hand.cards)})"
        if row.odds.kind is OddsKind.METER_PERCENT:
            why += f": {row.odds} of {format_money(draws.meter)}"
            if share > 1:
                why += f", divided equally among the {share} players who bet the dealer's hand"
            cite = citing(CITE_PAYTABLE_SPLIT)
        else:
            why += f": {row.odds.explain(stake, payment)}"
            cite = citing(CITE_PAYTABLE)
        payouts.append(
            FchbPayout(
                Award.FIVE_CARD_HAND_BONUS,
                bet_on,
                stake,
                row.odds,
                payment.paid,
                payment.exact,
                why + "; only the highest-ranking hand is paid",
                cite,
                hand,
            )
        )
    matched = cards if magic_cards is None else magic_cards
    if spec.magic_card_bonus and draws.magic_card is not None and draws.magic_card in matched:
        payment = MAGIC_CARD_ODDS.payment(stake)
        payouts.append(
            FchbPayout(
                Award.MAGIC_CARD_BONUS,
                bet_on,
                stake,
                MAGIC_CARD_ODDS,
                payment.paid,
                payment.exact,
                f"the Magic Card {draws.magic_card.notation} is in the {owner}'s "
                f"{magic_cards_name}: {MAGIC_CARD_ODDS.explain(stake, payment)}",
                citing.awards,
                hand,
            )
        )
    position = DEALER if bet_on is BetOn.DEALER else seat
    if spec.lucky_bonus and draws.lucky is not None and draws.lucky == position:
        payment = LUCKY_BONUS_ODDS.payment(stake)
        where = "the dealer position" if bet_on is BetOn.DEALER else f"seat {seat}"
        payouts.append(
            FchbPayout(
                Award.LUCKY_BONUS,
                bet_on,
                stake,
                LUCKY_BONUS_ODDS,
                payment.paid,
                payment.exact,
                f"the table game system selected {where}: "
                f"{LUCKY_BONUS_ODDS.explain(stake, payment)}",
                citing.awards,
                hand,
            )
        )
    return FchbSettlement(seat, bet_on, stake, hand, tuple(payouts))


def settle_stakes(
    spec: FiveCardHandBonusSpec | None,
    draws: FchbDraws | None,
    seat: int,
    stakes: Mapping[BetOn, Decimal],
    cards: Mapping[BetOn, Sequence[Card]],
    meter_rounding: Rounding = DEFAULT_METER_ROUNDING,
    citing: Citing = SEED_TEXT,
) -> tuple[FchbSettlement, ...]:
    """``seat``'s Five Card Hand Bonus ``stakes`` still in action, each ``settle``d on the
    ``cards`` of its hand (cited as ``citing`` says); none on a table without the bonus or
    without the system's draws."""
    if spec is None or draws is None:
        return ()
    return tuple(
        settle(
            spec,
            cards[hand],
            stake,
            hand,
            draws,
            seat,
            meter_rounding=meter_rounding,
            citing=citing,
        )
        for hand, stake in stakes.items()
    )


# --- the dealer's steps -------------------------------------------------------------------------


class AddStep(Protocol):
    """A game's step-adding callback (the games' ``_Builder.add``): returns the step's id."""

    def __call__(
        self,
        id_: str,
        seat: int,
        kind: SpotKind,
        action: Action,
        amount: Decimal | None,
        after: list[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
        *,
        hand_of: int | None = None,
    ) -> str: ...


class SeatBonusSteps(Struct, frozen=True):
    """What ``FchbSteps.seat`` added: ``exits`` the steps the seat's discard waits for (empty
    if nothing was won); ``held`` whether the player's own hand must stay on the table for the
    documentation of a percentage-of-meter payout (§ 639a.11(c)(6)(iii))."""

    exits: tuple[str, ...]
    held: bool


class FchbSteps:
    """The dealer's Five Card Hand Bonus steps for one round, added through ``add``.

    Per win (§ 639a.11(c)(6)): verify the hand; a floorperson for 500 for 1 or any percentage of
    the meter; then credit the game account, except a percentage of the meter, which may not be
    credited: the winning hand stays on the table until the documentation is complete. A win
    on the dealer's hand is verified (with the floorperson) for each of its bettors, at that
    bettor's turn (§ 639a.11(c), (c)(6)(ii)). After a 100% award the meter is reset
    (``meter_reset``) to the Rules Submission's amount (§ 639a.12(e)(4)). ``dealer_after`` are
    the steps every verification of the dealer's hand also waits for (the game's reveal of the
    dealer's hand); ``citing`` says how the steps cite the paragraphs.
    """

    def __init__(
        self,
        add: AddStep,
        spec: FiveCardHandBonusSpec,
        dealer_after: Sequence[str] = (),
        *,
        citing: Citing = SEED_TEXT,
    ) -> None:
        self.add = add
        self.spec = spec
        self.cite = citing
        self.dealer_after = list(dealer_after)
        self.meter_holds: list[str] = []
        self.meter_emptied = False

    def seat(self, settlements: Sequence[FchbSettlement], after: list[str]) -> SeatBonusSteps:
        """One seat's wins, chained after ``after``: the player's hand first, then the
        dealer's; within a hand the wager, the Magic Card, the Lucky Bonus."""
        previous = after
        exits: list[str] = []
        held = False
        ordered = sorted(settlements, key=lambda s: s.bet_on is BetOn.DEALER)
        for settlement in ordered:
            for payout in settlement.payouts:
                last = self._payout(settlement.seat, payout, previous)
                exits.append(last)
                previous = [last]
                held = held or (payout.is_meter_award and payout.bet_on is BetOn.PLAYER)
        return SeatBonusSteps(tuple(exits[-1:]), held)

    def _payout(self, seat: int, payout: FchbPayout, after: list[str]) -> str:
        """Verify, the floorperson where required, then credit or hold: for every bettor, on
        either hand. A share of a dealer-hand jackpot is this bettor's own payout, so it gets
        the whole procedure at this bettor's turn, after the bettor's other wagers
        (§ 639a.11(c): the procedures "in succession for each player"; § 639a.11(c)(6)(ii))."""
        spot = payout.spot(seat)
        name = spot.label
        key = f"s{seat}.{payout.award.key}" + ("_dealer" if payout.bet_on is BetOn.DEALER else "")
        hand = payout.hand.rank.value if payout.hand is not None else None
        dealers = payout.bet_on is BetOn.DEALER
        verify = (
            f"verify the dealer's hand before seat {seat}'s share is paid"
            if dealers
            else "verify the winning hand before it is paid"
        )
        floor = f"seat {seat}'s {payout.odds} payout" if dealers else f"a {payout.odds} payout"
        chain = [
            self._add(
                f"{key}.verify",
                spot,
                Action.VERIFY_HAND,
                None,
                list(dict.fromkeys([*after, *self.dealer_after])) if dealers else after,
                self.cite(CITE_VERIFY),
                f"Seat {seat} {name}: {verify} — {payout.reason}.",
                self.cite.order_awards,
                hand,
            )
        ]
        if payout.needs_floorperson:
            chain = [
                self._add(
                    f"{key}.floorperson",
                    spot,
                    Action.CALL_FLOORPERSON,
                    None,
                    chain,
                    self.cite(CITE_FLOOR),
                    f"Seat {seat} {name}: a floorperson or above verifies {floor} before it "
                    "is paid.",
                    self.cite.order_win,
                )
            ]
        if payout.is_meter_award:
            step = self._add(
                f"{key}.hold",
                spot,
                Action.HOLD_FOR_DOCUMENTATION,
                payout.paid,
                chain,
                self.cite(CITE_HOLD),
                f"Seat {seat} {name}: {format_money(payout.paid)} ({payout.odds}) may not be "
                "credited to the game account; the winning hand stays on the table until the "
                f"documentation is complete — {payout.reason}{held_note(self.spec.linked)}.",
                self.cite.order_win,
            )
            self.meter_holds.append(step)
            self.meter_emptied = self.meter_emptied or payout.empties_meter
            return step
        return self._add(
            f"{key}.credit",
            spot,
            Action.CREDIT_GAME_ACCOUNT,
            payout.paid,
            chain,
            self.cite(CITE_CREDIT),
            f"Seat {seat} {name}: credit {format_money(payout.paid)} to the player's game "
            f"account — {payout.reason}.",
            self.cite.order_win,
        )

    def _add(
        self,
        id_: str,
        spot: SpotId,
        action: Action,
        amount: Decimal | None,
        after: list[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
    ) -> str:
        return self.add(
            id_,
            spot.seat,
            spot.kind,
            action,
            amount,
            after,
            citation,
            explanation,
            order_rule,
            hand,
            hand_of=spot.hand_of,
        )

    def meter_reset(self) -> str | None:
        """After a 100%-of-meter award, the meter goes back to the Rules Submission's reset
        amount (§ 639a.12(e)(4)); a 10% award leaves the rest on the meter."""
        if not self.meter_emptied:
            return None
        reset = self.spec.meter_reset
        linked = self.spec.linked
        return self.add(
            "fchb.reset_meter",
            DEALER,
            METER,
            Action.RESET_METER,
            reset,
            self.meter_holds,
            reset_citation(self.cite(CITE_METER), linked),
            reset_explanation(
                str(METER),
                reset,
                linked,
                f"After a 100%-of-meter payout the {METER} is reset to the Rules Submission's "
                f"{format_money(reset)} (at least {format_money(MINIMUM_METER)}).",
            ),
            ORDER_METER,
        )


__all__ = [
    "CITE_LOCK_OUT",
    "DEFAULT_METER_ROUNDING",
    "DRAW_PERCENT",
    "FCHB_SPOT_KINDS",
    "LUCKY_BONUS_ODDS",
    "MAGIC_CARD_ODDS",
    "METER",
    "METER_MINIMUM_BY_ANALOGY",
    "MINIMUM_METER",
    "PAYTABLE",
    "SEED_TEXT",
    "AddStep",
    "Award",
    "BetOn",
    "Citing",
    "FchbDraws",
    "FchbMeter",
    "FchbPayout",
    "FchbRow",
    "FchbSettlement",
    "FchbSteps",
    "FiveCardHandBonusSpec",
    "SeatBonusSteps",
    "analysis_wagers",
    "award_wagers",
    "chapter_sections",
    "check_wagers",
    "draw_lines",
    "fchb_spot",
    "hand_of",
    "offered_spots",
    "row_for",
    "settle",
    "settle_stakes",
    "sign_rows",
]


def check_wagers(
    table: str,
    spec: FiveCardHandBonusSpec | None,
    stakes: Mapping[int, Mapping[BetOn, Decimal]],
    draws: FchbDraws | None,
    dealer_hand_bettors: int,
    max_seats: int,
) -> None:
    """Raise ``ValueError`` unless every seat's bonus is offered on its hand and within the
    limits, and the table system's draws are there and fit the round (§ 639a.12(e))."""
    for seat, by_hand in stakes.items():
        for hand, stake in by_hand.items():
            if spec is None or not spec.offered_on(hand):
                raise ValueError(
                    f"seat {seat}: {table} does not offer the Five Card Hand Bonus on the "
                    f"{hand.value}"
                )
            if not spec.minimum <= stake <= spec.maximum:
                raise ValueError(
                    f"seat {seat}: the Five Card Hand Bonus of {format_money(stake)} is outside "
                    f"the table's limits, {format_money(spec.minimum)} to "
                    f"{format_money(spec.maximum)}"
                )
    if any(stakes.values()) and draws is None:
        raise ValueError(
            "draws: the Five Card Hand Bonus meter (and any Magic Card and Lucky Bonus draw) is "
            "needed: a Five Card Hand Bonus is placed"
        )
    if draws is not None:
        if draws.dealer_hand_bettors != dealer_hand_bettors:
            raise ValueError(
                f"draws: {dealer_hand_bettors} player(s) bet the dealer's hand, not "
                f"{draws.dealer_hand_bettors}"
            )
        if draws.lucky is not None and draws.lucky > max_seats:
            raise ValueError(f"draws.lucky: seat {draws.lucky} does not exist")


# --- for the table analyser ----------------------------------------------------------------------


def analysis_wagers(
    spec: FiveCardHandBonusSpec, cards: Mapping[BetOn, str], citing: Citing
) -> tuple[HandWager, ...]:
    """The bonus on each hand the Rules Submission offers it on, for the table analyser: five
    cards from a shuffled deck whatever the game (``cards`` says which five, in the game's
    words), paid on its own category only (§ 639a.12(e)(2)), each win settled by the
    electronic procedure (§ 639a.11(c)(6)). A meter share is measured against the table
    minimum. The dealer's hand is one hand shared by its bettors (a meter share on it is
    divided among them: the figures assume one bettor)."""
    from dealer_trainer.engine.wager_analysis import HandWager, PaidRow, electronic_procedures
    from dealer_trainer.hands.counting import HandDealt

    rows = tuple(
        PaidRow(row.hand.value, row.odds, None, electronic_procedures(row.odds)) for row in PAYTABLE
    )
    index = {row.hand: i for i, row in enumerate(PAYTABLE)}

    def classify(hand: tuple[Card, ...]) -> HandRank:
        return evaluate_five(hand).rank

    def row_of(rank: HandRank) -> int | None:
        return index.get(rank)

    wagers: list[HandWager] = []
    for bet_on in spec.bet_on:
        notes: tuple[str, ...] = ()
        if bet_on is BetOn.DEALER:
            notes = ("a meter share on the dealer's hand is split among its bettors; one assumed",)
        wagers.append(
            HandWager(
                f"Five Card Hand Bonus on the {bet_on.owner}'s hand",
                f"Five Card Hand Bonus on the {bet_on.owner}'s hand",
                cards[bet_on],
                citing(CITE_PAYTABLE),
                HandDealt(5, 5),
                "five-card category",
                classify,
                row_of,
                rows,
                stake=spec.minimum,
                meter_reset=spec.meter_reset,
                shared=bet_on is BetOn.DEALER,
                notes=notes,
            )
        )
    return tuple(wagers)


def award_wagers(
    spec: FiveCardHandBonusSpec,
    cards: Mapping[BetOn, str],
    citing: Citing,
    lucky_draw: LuckyDraw,
    *,
    matched: int = 5,
    matched_name: str = "the five cards",
) -> tuple[DrawnAward, ...]:
    """The Magic Card and Lucky Bonus on each hand the bonus is offered on, priced as their
    expected payout on the bonus stake given the table game system's draw (§ 639a.1 leaves
    how it draws to the system). The system draws in the share of rounds the Rules Submission
    states (``magic_card_draw_percent``, ``lucky_bonus_draw_percent``; every round when it does
    not). The Magic Card is taken as drawn uniformly from the 52 cards, apart from the deal, as
    the trainer's system draws it: one of the ``matched`` cards of the wagered hand is drawn
    with chance ``matched``/52 in a round with a draw. The Lucky Bonus is drawn uniformly
    among the positions the game's dealing draws it among (``lucky_draw``), with every seated
    player betting every offered bonus."""
    from dealer_trainer.engine.wager_analysis import DrawnAward, PaidRow, electronic_procedures

    dealer_bet = BetOn.DEALER in spec.bet_on
    where = lucky_draw.describe(dealer_bet)
    magic, lucky = spec.magic_card_draw_share, spec.lucky_bonus_draw_share

    def how_often(share: Fraction, percent: Decimal | None, setting: str) -> str:
        stated = (
            f"the Rules Submission's {setting}"
            if percent is not None
            else f"{setting} not stated: the trainer's default, every round"
        )
        return f"drawn in {float(share) * 100:g}% of rounds ({stated})"

    def unit(share: Fraction, drawn: str, one: str) -> str:
        return drawn if share == 1 else f"round-and-{one} outcomes"

    found: list[DrawnAward] = []
    for bet_on in spec.bet_on:
        shared = bet_on is BetOn.DEALER
        if spec.magic_card_bonus:
            found.append(
                DrawnAward(
                    f"{Award.MAGIC_CARD_BONUS.value} on the {bet_on.owner}'s hand",
                    f"{Award.MAGIC_CARD_BONUS.value} on the {bet_on.owner}'s hand, per unit "
                    "of the Five Card Hand Bonus",
                    f"{cards[bet_on]}; matched against {matched_name}",
                    citing.awards,
                    PaidRow(
                        "Magic Card among them",
                        MAGIC_CARD_ODDS,
                        None,
                        electronic_procedures(MAGIC_CARD_ODDS),
                    ),
                    lambda players: magic * Fraction(matched, 52),
                    lambda players: 52 * magic.denominator,
                    unit(magic, "Magic Cards", "card"),
                    "the Magic Card is "
                    f"{how_often(magic, spec.magic_card_draw_percent, 'magic_card_draw_percent')}"
                    ", uniformly from the 52 cards, apart from the deal",
                    shared,
                )
            )
        if spec.lucky_bonus:
            found.append(
                DrawnAward(
                    f"{Award.LUCKY_BONUS.value} on the {bet_on.owner}'s hand",
                    f"{Award.LUCKY_BONUS.value} on the {bet_on.owner}'s hand, per unit of the "
                    "Five Card Hand Bonus",
                    "the position the table game system selects",
                    citing.awards,
                    PaidRow(
                        f"the {bet_on.owner}'s position selected",
                        LUCKY_BONUS_ODDS,
                        None,
                        electronic_procedures(LUCKY_BONUS_ODDS),
                    ),
                    lambda players: lucky / lucky_draw.positions(players, dealer_bet),
                    lambda players: lucky_draw.positions(players, dealer_bet) * lucky.denominator,
                    unit(lucky, "positions", "position"),
                    "the Lucky Bonus position is "
                    f"{how_often(lucky, spec.lucky_bonus_draw_percent, 'lucky_bonus_draw_percent')}"
                    f", uniformly among {where}",
                    shared,
                )
            )
    return tuple(found)
