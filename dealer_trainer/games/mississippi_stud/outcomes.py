"""Mississippi Stud wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager of one player on the table's Rules Submission and returns a
``StudOutcome``: win, push or lose, the paytable row that applies, the exact amount paid, and
one sentence that names the hand and the row and cites the section a trainee's mistake would
break. The order a dealer settles them in is the procedure's.

What the Code fixes (ch. 655a): the Ante and Bet Wagers are paid at the odds of § 655a.12(a),
a pair of 6s to 10s a push and anything less a loss; "notwithstanding" those odds the aggregate
payout for a hand may not exceed the limit of § 655a.12(b), which therefore applies to those
wagers only; the Progressive Payout Wager is paid on the table's Paytable of § 655a.12(c)(1),
the highest hand only; a player who does not make a Bet Wager folds (§ 655a.1).

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import TypeAlias

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.games.jackpot_meters import JackpotAward, JackpotMeter, jackpot_of
from dealer_trainer.games.limited_paytable import (
    EnvyTerms,
    LimitedHand,
    LimitWording,
    PaytableOutcome,
    envy_payments,
    progressive_price,
    settle_limited,
    with_limit,
)
from dealer_trainer.games.mississippi_stud.config import (
    HOUSE,
    LIMIT_CITATION,
    PROGRESSIVE_HAND_CITATION,
    StudRowHand,
    StudTableConfig,
)
from dealer_trainer.games.mississippi_stud.hands import (
    at_least,
    describe_hand,
    five_card_hand,
    five_card_rows,
    three_card_hand,
    three_card_rows,
)
from dealer_trainer.games.mississippi_stud.wagers import (
    BASE_WAGERS,
    MULTIPLES,
    STREETS,
    PayoutLimitOrder,
    StudHandSource,
    StudPaytable,
    StudWager,
)
from dealer_trainer.games.outcome_support import (
    Result,
    cite_code,
    positive_stake,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, Rounding, format_money
from dealer_trainer.rules.odds import Odds, Payment
from dealer_trainer.rules.provenance import Citation, Provenance, standard

FOLD_CITATION = standard(f"{HOUSE} (§ 655a.11 not read)")
"""A fold is not making a Bet Wager (§ 655a.1); that it forfeits the Ante and the Bet Wagers
made, collected with the cards at once, is the common house rule (§ 655a.11 was not read)."""
PROGRESSIVE_CHIPS_CITATION = Citation(
    Provenance.ANALOG, ("643a.8(b)(2)",), "ch. 643a, by analogy (§ 655a.8 not read)"
)
METER_AWARD_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(4)(ii)(D)",), "ch. 645a, by analogy"
)
ENVY_PAY_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(6)(ii)",), "ch. 645a, by analogy; § 655a.1"
)


class InvalidDecision(ValueError):
    """The decision is not one Mississippi Stud allows."""


class Decision(Struct, frozen=True):
    """The Bet Wagers a player made, as multiples of the Ante, in street order; fewer than
    three means the player folded at the next street (§ 655a.1: "Fold" is not making a Bet
    Wager). ``Decision((3, 1))`` bet three times the Ante on 3rd Street, once on 4th Street and
    folded at 5th Street; ``Decision(())`` folded after seeing the two cards."""

    multiples: tuple[int, ...] = (1, 1, 1)

    def __post_init__(self) -> None:
        if len(self.multiples) > len(STREETS) or any(m not in MULTIPLES for m in self.multiples):
            raise InvalidDecision(
                "each Bet Wager is one, two or three times the Ante (§ 655a.1), at most three "
                f"of them, not {list(self.multiples)}"
            )

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read "3x 1x 2x" (every street), "2x fold" (folded at 4th Street), "fold" (folded at
        3rd Street); commas, "x" and case are ignored."""
        words = re.sub(r"[,;]", " ", text.lower()).split()
        multiples: list[int] = []
        folded = False
        for index, word in enumerate(words):
            if word == "fold" and index == len(words) - 1:
                folded = True
                continue
            number = word.rstrip("x")
            if number not in ("1", "2", "3"):
                raise InvalidDecision(
                    f"{text!r} is not a decision; write each Bet Wager as a multiple of the "
                    'Ante ("3x 1x 2x"), ending with "fold" where the player folded ("2x fold")'
                )
            multiples.append(int(number))
        if folded and len(multiples) == len(STREETS):
            raise InvalidDecision(
                f"{text!r}: after the 5th Street Wager there is no street left to fold at"
            )
        if not folded and len(multiples) != len(STREETS):
            raise InvalidDecision(
                f'{text!r}: three Bet Wagers ("1x 1x 1x"), or end with "fold" where the player '
                "folded"
            )
        return cls(tuple(multiples))

    @property
    def folded(self) -> bool:
        return len(self.multiples) < len(STREETS)

    @property
    def folded_at(self) -> StudWager | None:
        """The street whose Bet Wager the player did not make."""
        return STREETS[len(self.multiples)] if self.folded else None

    def made(self) -> tuple[StudWager, ...]:
        return STREETS[: len(self.multiples)]

    def __str__(self) -> str:
        text = " ".join(f"{m}x" for m in self.multiples)
        return f"{text} fold".strip() if self.folded else text


StudOutcome: TypeAlias = PaytableOutcome[StudWager, StudPaytable, StudRowHand, StudHandSource]
"""How one wager (or Envy Bonus) of one seat is settled (``limited_paytable.PaytableOutcome``)."""
LIMIT_WORDING = LimitWording(
    LIMIT_CITATION,
    lowest="a pair of 6s",
    over="the hand's Ante and Bet Wagers win {total} in all, above the aggregate payout limit of "
    "{limit} ({section}): the limit is taken from the winning wagers {order}",
    exempt="the payout limit of {limit} applies only to the Ante and Bet Wagers, not to the "
    "{wager} ({section})",
)
"""§ 655a.12(b): the aggregate payout limit on the Ante and Bet Wagers of (a), and no other."""


def limit_exempt_note(config: StudTableConfig, wager: StudWager) -> str:
    """The sentence a trainee who caps the wrong wager needs (§ 655a.12(b))."""
    return LIMIT_WORDING.exempt_note(config.payout_limit, wager)


# --- a fold ------------------------------------------------------------------------------------


def settle_fold(
    stakes: Mapping[StudWager, Decimal], folded_at: StudWager
) -> tuple[StudOutcome, ...]:
    """The Ante and every Bet Wager made by a player who folded at ``folded_at``: each lost,
    collected with the cards at the fold."""
    made = [w for w in BASE_WAGERS if w in stakes]
    names = " and ".join(w.value for w in made)
    return tuple(
        StudOutcome(
            w,
            Result.LOSE,
            positive_stake(stakes[w]),
            ZERO,
            False,
            f"the player made no {folded_at.value} Wager and so folded (§ 655a.1): the {names} "
            f"{'is' if len(made) == 1 else 'are'} forfeited and collected with the cards at "
            f"the fold ({FOLD_CITATION})",
            FOLD_CITATION,
        )
        for w in made
    )


# --- the Ante and Bet Wagers -------------------------------------------------------------------


def settle_base(
    config: StudTableConfig,
    cards: Sequence[Card],
    community: Sequence[Card],
    stakes: Mapping[StudWager, Decimal],
) -> tuple[StudOutcome, ...]:
    """The Ante and every Bet Wager of a player who did not fold, in wager order.

    The hand's row of § 655a.12(a) pays each wager "X to 1"; a pair of 6s to 10s pushes each;
    less loses each. With more won than the aggregate payout limit (§ 655a.12(b)), the hand's
    wagers are paid the limit in all, taken from them in ``rules.payout_limit_order``; a wager
    nothing is left for is returned unpaid (a push).
    """
    table = config.paytable(StudWager.ANTE)
    hand = five_card_hand(cards, community)
    amounts = {w: positive_stake(stakes[w]) for w in BASE_WAGERS if w in stakes}
    return settle_limited(
        LimitedHand(table, hand, table.first_row(five_card_rows(hand))),
        amounts,
        LIMIT_WORDING,
        config.payout_limit,
        last_first=config.rules.payout_limit_order is PayoutLimitOrder.FIFTH_STREET_FIRST,
        order_text=config.rules.payout_limit_order.value,
        setting=config.rules.citation("payout_limit_order"),
    )


# --- the Three Card Bonus -------------------------------------------------------------------------


def settle_three_card_bonus(
    config: StudTableConfig, community: Sequence[Card], stake: Decimal | int | str
) -> StudOutcome:
    """The Three Card Bonus on the three community cards (§ 655a.6(c) ranks them), on the Rules
    Submission's rows, "X to 1" beside the stake; less loses. A fold leaves it in action, and
    the payout limit never applies to it (§ 655a.12(b) limits the wagers of (a) only)."""
    amount = positive_stake(stake)
    wager = StudWager.THREE_CARD_BONUS
    table = config.paytable(wager)
    hand = three_card_hand(community)
    row = table.first_row(three_card_rows(hand))
    if row is None:
        return StudOutcome(
            wager,
            Result.LOSE,
            amount,
            ZERO,
            False,
            f"the three community cards, {describe_hand(hand)}, are not a hand on {table.name}: "
            f"the Three Card Bonus loses ({cite_code(table.citation)})",
            table.citation,
            table,
            None,
            hand,
        )
    payment = row.odds.payment(amount)
    why = (
        f"the three community cards, {describe_hand(hand)}: {table.name} pays {row.label} at "
        f"{row.odds}: {format_money(amount)} wins {format_money(payment.paid)} "
        f"({cite_code(row.citation)})" + limit_exempt_note(config, wager)
    )
    return StudOutcome(
        wager,
        Result.WIN,
        amount,
        payment.paid,
        True,
        why,
        with_limit(row.citation, LIMIT_CITATION),
        table,
        row,
        hand,
        payment.paid,
    )


# --- the Progressive Payout Wager and its Envy Bonus --------------------------------------------


def settle_progressive(
    config: StudTableConfig,
    cards: Sequence[Card],
    community: Sequence[Card],
    stake: Decimal | int | str,
    meter: Decimal | None = None,
    award: JackpotAward | None = None,
) -> StudOutcome:
    """The Progressive Payout Wager on the table's Paytable of § 655a.12(c)(1), the highest
    hand only ((c)(2)): a Progressive Payout Hand (three of a kind or better, § 655a.1) is paid
    "for 1", a share of ``meter`` (Paytable A) or the jackpot it wins (Paytables B-D, what
    ``award`` says: ``StudRound.jackpot_award``); less loses, its chips already in the table
    inventory container. Never subject to the payout limit (§ 655a.12(b))."""
    amount = positive_stake(stake)
    wager = StudWager.PROGRESSIVE
    table = config.paytable(wager)
    hand = five_card_hand(cards, community)
    row = table.first_row(five_card_rows(hand))
    if row is None:
        return StudOutcome(
            wager,
            Result.LOSE,
            amount,
            ZERO,
            False,
            f"the player's {describe_hand(hand)} is not a Progressive Payout Hand "
            f"({PROGRESSIVE_HAND_CITATION.short}): the Progressive Payout Wager loses; its chips "
            f"are already in the table inventory container ({PROGRESSIVE_CHIPS_CITATION})",
            table.citation,
            table,
            None,
            hand,
        )
    if jackpot_of(row) is not None:
        payment, text = _jackpot_price(config, row.odds, amount, award)
    else:
        price = progressive_price(
            table.name,
            row,
            amount,
            meter,
            config.rules.meter_payout_rounding,
            config.rules.citation("meter_payout_rounding"),
            METER_AWARD_CITATION,
        )
        payment, text = price.payment, price.text
    why = (
        f"the player's {describe_hand(hand)}, a Progressive Payout Hand "
        f"({PROGRESSIVE_HAND_CITATION.short}): {table.name} pays {row.label} at {row.odds}: "
        f"{text} ({cite_code(row.citation)})" + limit_exempt_note(config, wager)
    )
    return StudOutcome(
        wager,
        Result.WIN,
        amount,
        payment.paid,
        False,
        why,
        with_limit(row.citation, LIMIT_CITATION),
        table,
        row,
        hand,
        payment.paid,
    )


def _jackpot_price(
    config: StudTableConfig, odds: Odds, stake: Decimal, award: JackpotAward | None
) -> tuple[Payment, str]:
    """A jackpot won (Paytables B-D): its meter paid whole, or as the Rules Submission says when
    two hands won it this round, and how a reason says it."""
    meter = JackpotMeter.named(odds.jackpot)
    if award is None:
        raise ValueError(f"paying {odds} needs the {meter.title.lower()} meter's amount")
    rounding: Rounding = config.rules.meter_payout_rounding
    payment = odds.payment(stake, meter=award.meter, share=award.share, meter_rounding=rounding)
    name = meter.title.lower()
    if award.after_first:
        text = (
            f"a hand settled before this one won the {name} this round and was paid the meter: "
            f"this hand is paid the meter's reset amount, {format_money(payment.paid)} (Rules "
            "Submission)"
        )
    elif award.share > 1:
        text = (
            f"{odds} of the {name} meter's {format_money(award.meter)}, shared equally by the "
            f"{award.share} hands that won it this round (Rules Submission), is "
            f"{format_money(payment.paid)}"
        )
    else:
        text = f"the {name} meter shows {format_money(award.meter)}, paid whole"
    if payment.paid != payment.exact:
        rounded = config.rules.citation("meter_payout_rounding")
        text += f" ({format_money(payment.exact)} rounded: {rounded})"
    text += (
        "; a jackpot is not paid from the table inventory container and the cards stay on the "
        f"table until the documentation is complete ({METER_AWARD_CITATION}); the meter is then "
        "reset"
    )
    return payment, text


def envy_qualifies(
    config: StudTableConfig, cards: Sequence[Card], community: Sequence[Card]
) -> HandValue | None:
    """The player's hand when it is an Envy Bonus Qualifying Hand (a royal flush or straight
    flush, § 655a.1) on a table that pays an Envy Bonus; otherwise ``None``."""
    if config.envy_amount is None:
        return None
    hand = five_card_hand(cards, community)
    return hand if at_least(hand, config.envy_qualifying_hand) else None


def settle_envy_bonuses(
    config: StudTableConfig,
    hands: Mapping[int, Sequence[Card]],
    community: Sequence[Card],
    progressive_bettors: Iterable[int],
) -> dict[int, tuple[StudOutcome, ...]]:
    """Every Envy Bonus of the round, by the seat paid, after all progressive wagers are settled.

    ``hands`` holds the seats whose hands are still on the table (a hand folded and collected
    holds none); ``progressive_bettors`` the seats whose Progressive Payout Wager is in action.
    Each bettor is paid the Rules Submission's fixed amount once for every qualifying hand
    another player holds, never for the player's own (§ 655a.1; § 645a.11(h)(6)(ii), by
    analogy).
    """
    amount = config.envy_amount
    if amount is None:
        return {}
    holders = {
        seat: hand
        for seat, cards in hands.items()
        if (hand := envy_qualifies(config, cards, community)) is not None
    }
    table = config.paytable(StudWager.PROGRESSIVE)
    terms = EnvyTerms(
        StudWager.ENVY_BONUS,
        PROGRESSIVE_HAND_CITATION,
        ENVY_PAY_CITATION,
        "stated by the Rules Submission",
    )
    return envy_payments(terms, amount, table, holders, progressive_bettors)


__all__ = [
    "ENVY_PAY_CITATION",
    "FOLD_CITATION",
    "METER_AWARD_CITATION",
    "PROGRESSIVE_CHIPS_CITATION",
    "Decision",
    "InvalidDecision",
    "Result",
    "StudOutcome",
    "envy_qualifies",
    "limit_exempt_note",
    "settle_base",
    "settle_envy_bonuses",
    "settle_fold",
    "settle_progressive",
    "settle_three_card_bonus",
]
