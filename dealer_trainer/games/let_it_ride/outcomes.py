"""Let It Ride Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager of one player on the table's Rules Submission and returns a
``LetItRideOutcome``: win, push or lose, the paytable row that applies, the exact amount paid,
and one sentence that names the hand and the row and cites the section a trainee's mistake
would break. The order in which a dealer settles them (§ 643a.11(f)) is the procedure's.

What the seed fixes (seed 000, ch. 643a): winning Let It Ride Poker Wagers are paid on the
paytable the property selects, "subject to the payout limitation" (§ 643a.12(a)); that limit, a
maximum payable to a player on a single hand, applies only to the Let It Ride Poker Wagers and
may not apply to the Five Card Bonus, Three Card Bonus, Progressive Payout or Five Card Hand
Bonus Wagers (§ 643a.12(g)); a withdrawn wager is not in action (§ 643a.1, "Let It Ride"); the
optional wagers have no bearing on any other wager (§ 643a.7(j)). The values of every paytable
but the Five Card Hand Bonus are the Rules Submission's (STANDARD or PROPERTY), cited as such.

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import TypeAlias

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.games.let_it_ride.config import (
    LIMIT_CITATION,
    PROGRESSIVE_CHIPS_CITATION,
    PROGRESSIVE_HAND_CITATION,
    LetItRidePaytableRows,
    LetItRideRowHand,
    LetItRideTableConfig,
)
from dealer_trainer.games.let_it_ride.hands import (
    at_least,
    describe_hand,
    five_card_hand,
    five_card_rows,
    three_card_hand,
    three_card_rows,
)
from dealer_trainer.games.let_it_ride.wagers import (
    LET_IT_RIDE_WAGERS,
    LetItRideHandSource,
    LetItRidePaytable,
    LetItRideWager,
    PayoutLimitOrder,
)
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
from dealer_trainer.games.outcome_support import (
    Result,
    cite_code,
    positive_stake,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money
from dealer_trainer.rules.provenance import Citation, Provenance

WITHDRAWAL_CITATION = Citation(Provenance.SEED, ("643a.1", "643a.11(b)", "643a.11(d)"), "seed 000")
METER_AWARD_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(4)(ii)(D)",), "seed 000, ch. 645a, by analogy"
)
"""A percentage of the meter is not paid from the table inventory container; the cards stay
until the documentation is complete (stated for pai gow; let-it-ride.md § 8)."""
ENVY_PAY_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(6)(ii)",), "seed 000, ch. 645a, by analogy; § 643a.1"
)


class InvalidDecision(ValueError):
    """The decision is not one Let It Ride allows (withdrawing the third wager)."""


class Decision(Struct, frozen=True):
    """Which Let It Ride Poker Wagers the player withdrew: the first after seeing the three cards
    (§ 643a.11(b)), the second after the first community card (§ 643a.11(d)); the third always
    rides (let-it-ride.md § 2, [STANDARD]). Each withdrawal is independent of the other."""

    withdraw_first: bool = False
    withdraw_second: bool = False

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read "let it ride", "withdraw 1", "withdraw 2", "withdraw 1 and 2" (case and spacing
        ignored; "pull" for "withdraw")."""
        words = " ".join(text.lower().replace(",", " ").replace("pull", "withdraw").split())
        if words in ("let it ride", "ride", "let them ride", "none"):
            return cls()
        if words.startswith("withdraw"):
            numbers = set(words.removeprefix("withdraw").replace("and", " ").split())
            if numbers and numbers <= {"1", "2"}:
                return cls("1" in numbers, "2" in numbers)
            if "3" in numbers:
                raise InvalidDecision(
                    "the third Let It Ride Poker Wager cannot be withdrawn: only the first and "
                    "second (§ 643a.1, seed 000)"
                )
        raise InvalidDecision(
            f'{text!r} is not a decision; write "let it ride", "withdraw 1", "withdraw 2" or '
            '"withdraw 1 and 2"'
        )

    @property
    def withdrawn(self) -> frozenset[LetItRideWager]:
        wagers = set()
        if self.withdraw_first:
            wagers.add(LetItRideWager.WAGER_1)
        if self.withdraw_second:
            wagers.add(LetItRideWager.WAGER_2)
        return frozenset(wagers)

    def riding(self) -> tuple[LetItRideWager, ...]:
        return tuple(w for w in LET_IT_RIDE_WAGERS if w not in self.withdrawn)

    def __str__(self) -> str:
        if self.withdraw_first and self.withdraw_second:
            return "withdraw 1 and 2"
        if self.withdraw_first:
            return "withdraw 1"
        if self.withdraw_second:
            return "withdraw 2"
        return "let it ride"


LetItRideOutcome: TypeAlias = PaytableOutcome[
    LetItRideWager, LetItRidePaytable, LetItRideRowHand, LetItRideHandSource
]
"""How one wager (or Envy Bonus) of one seat is settled (``limited_paytable.PaytableOutcome``);
a progressive's chips went into the table inventory container before the deal."""
LIMIT_WORDING = LimitWording(
    LIMIT_CITATION,
    lowest="a pair of 10s",
    over="the hand's Let It Ride Poker Wagers win {total} in all, above the payout limit of "
    "{limit} per hand ({section}): the limit is taken from the riding wagers {order}",
    exempt="the payout limit of {limit} applies only to the Let It Ride Poker Wagers and may "
    "not apply to the {wager} ({section})",
)
"""§ 643a.12(g): a maximum payable to a player on a single hand, on the Let It Ride Poker Wagers
only."""


def _lose(
    wager: LetItRideWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    table: LetItRidePaytableRows,
    hand: HandValue,
) -> LetItRideOutcome:
    return LetItRideOutcome(
        wager, Result.LOSE, stake, ZERO, False, reason, citation, table, None, hand
    )


def limit_exempt_note(config: LetItRideTableConfig, wager: LetItRideWager) -> str:
    """The sentence a trainee who caps the wrong wager needs (§ 643a.12(g))."""
    limit = config.payout_limit
    assert limit is not None
    return LIMIT_WORDING.exempt_note(limit, wager)


# --- the Let It Ride Poker Wagers ----------------------------------------------------------------


def settle_let_it_ride(
    config: LetItRideTableConfig,
    cards: Sequence[Card],
    community: Sequence[Card],
    stakes: Mapping[LetItRideWager, Decimal],
) -> tuple[LetItRideOutcome, ...]:
    """Every riding Let It Ride Poker Wager of one hand, in wager order.

    A winning hand pays each riding wager on the table's paytable (§ 643a.12(a)); less loses
    each. Withdrawn wagers are not in ``stakes``: they went back to the player and are not
    settled (§ 643a.1). With a payout limit (§ 643a.12(g)) the hand's wagers together are paid
    at most the limit, taken from the wagers in ``rules.payout_limit_order``; a wager nothing is
    left for is returned unpaid (a push), the stake being the player's.
    """
    table = config.paytable(LetItRideWager.WAGER_1)
    hand = five_card_hand(cards, community)
    riding = {w: positive_stake(stakes[w]) for w in LET_IT_RIDE_WAGERS if w in stakes}
    return settle_limited(
        LimitedHand(table, hand, table.first_row(five_card_rows(hand))),
        riding,
        LIMIT_WORDING,
        config.payout_limit,
        last_first=config.rules.payout_limit_order is not PayoutLimitOrder.FIRST_WAGER_FIRST,
        order_text=config.rules.payout_limit_order.value,
        setting=config.rules.citation("payout_limit_order"),
    )


# --- the Five Card Bonus and the Three Card Bonus ----------------------------------------------


def settle_bonus(
    config: LetItRideTableConfig,
    wager: LetItRideWager,
    cards: Sequence[Card],
    community: Sequence[Card],
    stake: Decimal | int | str,
) -> LetItRideOutcome:
    """The Five Card Bonus on the player's hand (§ 643a.7(e)) or the Three Card Bonus on the
    player's three cards (§ 643a.7(f)), on the Rules Submission's rows, "X to 1" beside the
    stake; less loses. Never subject to the payout limit (§ 643a.12(g)); unaffected by a
    withdrawn Let It Ride Poker Wager (§ 643a.7(j))."""
    amount = positive_stake(stake)
    table = config.paytable(wager)
    if wager is LetItRideWager.THREE_CARD_BONUS:
        hand = three_card_hand(cards)
        row = table.first_row(three_card_rows(hand))
        whose = "three cards"
    elif wager is LetItRideWager.FIVE_CARD_BONUS:
        hand = five_card_hand(cards, community)
        row = table.first_row(five_card_rows(hand))
        whose = "hand"
    else:
        raise ValueError(f"the {wager.value} is not a bonus wager")
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's {whose}, {describe_hand(hand)}, is not a hand on {table.name}: the "
            f"{wager.value} Wager loses ({cite_code(table.citation)})",
            table.citation,
            table,
            hand,
        )
    payment = row.odds.payment(amount)
    why = (
        f"the player's {whose}, {describe_hand(hand)}: {table.name} pays {row.label} at "
        f"{row.odds}: {format_money(amount)} wins {format_money(payment.paid)} "
        f"({cite_code(row.citation)})"
    )
    citation = row.citation
    if config.payout_limit is not None:
        why += limit_exempt_note(config, wager)
        citation = with_limit(row.citation, LIMIT_CITATION)
    return LetItRideOutcome(
        wager, Result.WIN, amount, payment.paid, True, why, citation, table, row, hand, payment.paid
    )


# --- the Progressive Payout Wager and its Envy Bonus --------------------------------------------


def settle_progressive(
    config: LetItRideTableConfig,
    cards: Sequence[Card],
    community: Sequence[Card],
    stake: Decimal | int | str,
    meter: Decimal | None = None,
) -> LetItRideOutcome:
    """The Progressive Payout Wager on the Rules Submission's rows (§ 643a.12 not in the seeds):
    a Five-Card Progressive Payout Hand (§ 643a.1 [CODE]) is paid "for 1" or a share of
    ``meter``, the meter at the win; less loses, and its chips are already in the table
    inventory container (§ 643a.8(b)(2), seed 000), so a loss leaves nothing to collect. Never
    subject to the payout limit (§ 643a.12(g))."""
    amount = positive_stake(stake)
    wager = LetItRideWager.PROGRESSIVE
    table = config.paytable(wager)
    hand = five_card_hand(cards, community)
    row = table.first_row(five_card_rows(hand))
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's {describe_hand(hand)} is not a hand on {table.name}: the Progressive "
            "Payout Wager loses; its chips are already in the table inventory container "
            f"({PROGRESSIVE_CHIPS_CITATION.short})",
            table.citation,
            table,
            hand,
        )
    price = progressive_price(
        table.name,
        row,
        amount,
        meter,
        config.rules.meter_payout_rounding,
        config.rules.citation("meter_payout_rounding"),
        METER_AWARD_CITATION,
    )
    why = (
        f"the player's {describe_hand(hand)}, a Progressive Payout Hand "
        f"({PROGRESSIVE_HAND_CITATION.short}): {table.name} pays {row.label} at {row.odds}: "
        f"{price.text} ({cite_code(row.citation)})"
    )
    citation = row.citation
    if config.payout_limit is not None:
        why += limit_exempt_note(config, wager)
        citation = with_limit(row.citation, LIMIT_CITATION)
    return LetItRideOutcome(
        wager,
        Result.WIN,
        amount,
        price.payment.paid,
        False,
        why,
        citation,
        table,
        row,
        hand,
        price.payment.paid,
    )


def envy_qualifies(
    config: LetItRideTableConfig, cards: Sequence[Card], community: Sequence[Card]
) -> HandValue | None:
    """The player's hand when it is an Envy Bonus Qualifying Hand (a straight flush or better,
    § 643a.1 [CODE]) on a table that pays an Envy Bonus; otherwise ``None``."""
    if config.envy_amount is None:
        return None
    hand = five_card_hand(cards, community)
    return hand if at_least(hand, config.envy_qualifying_hand) else None


def settle_envy_bonuses(
    config: LetItRideTableConfig,
    hands: Mapping[int, Sequence[Card]],
    community: Sequence[Card],
    progressive_bettors: Iterable[int],
) -> dict[int, tuple[LetItRideOutcome, ...]]:
    """Every Envy Bonus of the round, by the seat paid, after all progressive wagers are settled.

    Every player keeps a hand to the end (the third wager always rides), so ``hands`` holds each
    seat's three cards. Each progressive bettor is paid the Rules Submission's fixed amount once
    for every qualifying hand another player holds, never for the player's own (§ 643a.1;
    § 645a.11(h)(6)(ii), by analogy). The two community cards are everyone's, so several seats
    may hold a qualifying hand at once.
    """
    amount = config.envy_amount
    if amount is None:
        return {}
    holders = {
        seat: hand
        for seat, cards in hands.items()
        if (hand := envy_qualifies(config, cards, community)) is not None
    }
    table = config.paytable(LetItRideWager.PROGRESSIVE)
    terms = EnvyTerms(
        LetItRideWager.ENVY_BONUS, PROGRESSIVE_HAND_CITATION, ENVY_PAY_CITATION, str(table.citation)
    )
    return envy_payments(terms, amount, table, holders, progressive_bettors)


__all__ = [
    "ENVY_PAY_CITATION",
    "METER_AWARD_CITATION",
    "WITHDRAWAL_CITATION",
    "Decision",
    "InvalidDecision",
    "LetItRideOutcome",
    "Result",
    "envy_qualifies",
    "limit_exempt_note",
    "settle_bonus",
    "settle_envy_bonuses",
    "settle_let_it_ride",
    "settle_progressive",
]
