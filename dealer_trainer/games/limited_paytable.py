"""Several wagers of one hand paid on one paytable under an aggregate payout limit.

Some games pay a player's base wagers (three riding wagers, an Ante and three Bet Wagers) all
on one paytable row, and cap what the hand wins on them together: the regulation says the
limit applies to those wagers only, never to a side wager or a progressive, and it does not
say how the capped total is booked against the spots. The Rules Submission chooses that order
(first wager first, or last first), and each wager's amount is then fixed whatever order the
trainee settles them in; a wager nothing is left for is returned unpaid (a push).

The outcome record these games share, ``PaytableOutcome``, keeps what the paytable alone would
have paid (``uncapped``) beside what is paid, so a correction can show both.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Generic, TypeVar

from msgspec import Struct, field

from dealer_trainer.games.outcome_support import OutcomeFacts, Result, cite_code, envy_to_each_other
from dealer_trainer.games.paytable_hands import describe_hand
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.game_paytables import GamePaytable, GameRow
from dealer_trainer.rules.money import ZERO, Rounding, format_money
from dealer_trainer.rules.odds import OddsKind, Payment
from dealer_trainer.rules.provenance import Citation
from dealer_trainer.vocabulary import Vocabulary

W = TypeVar("W", bound=Vocabulary)
P = TypeVar("P", bound=Vocabulary)
H = TypeVar("H", bound=Hashable)
S = TypeVar("S", bound=Vocabulary)


class PaytableOutcome(OutcomeFacts[W], Generic[W, P, H, S], frozen=True):
    """How one wager (or Envy Bonus) of one seat is settled on a paytable.

    ``paid`` is what the dealer pays: beside the stake for a chip wager ("X to 1"), the whole
    amount for a progressive ("X for 1" or a share of the meter). ``uncapped`` is what the
    paytable alone would pay: it differs from ``paid`` only on a wager cut by the payout limit.
    """

    paytable: GamePaytable[P, H, S] | None = None
    row: GameRow[H] | None = None
    hand: HandValue | None = None
    uncapped: Decimal = field(default=ZERO)
    other_seat: int | None = None
    """For an Envy Bonus: the seat holding the qualifying hand."""

    @property
    def capped(self) -> bool:
        return self.paid != self.uncapped


class LimitWording(Struct, frozen=True):
    """How a game words its aggregate payout limit in a reason.

    ``lowest`` is the hand just below the paytable's lowest row ("a pair of 10s"). ``over`` is
    the clause for a hand over the limit, with ``{total}``, ``{limit}``, ``{section}`` and
    ``{order}`` (the Rules Submission's order) to fill in; ``exempt`` the clause for a wager the
    limit never applies to, with ``{limit}``, ``{wager}`` and ``{section}``.
    """

    citation: Citation
    lowest: str
    over: str
    exempt: str

    def exempt_note(self, limit: Decimal, wager: Vocabulary) -> str:
        """The sentence a trainee who caps the wrong wager needs."""
        text = self.exempt.format(
            limit=format_money(limit), wager=wager.value, section=self.citation.short
        )
        return f"; {text}"


def with_limit(citation: Citation, limit: Citation) -> Citation:
    """``citation`` and the payout limit's section: the step is where the payout limit is (or
    is not) applied."""
    sections = tuple(dict.fromkeys((*citation.sections, *limit.sections)))
    return Citation(citation.provenance, sections, citation.source)


def share_limit(full: Mapping[W, Decimal], limit: Decimal, *, last_first: bool) -> dict[W, Decimal]:
    """Each wager's part of ``limit``, taken from the wagers in their order (or from the last
    back when ``last_first``) until nothing is left; ``full`` is what each would win alone."""
    order = list(full)
    if last_first:
        order.reverse()
    paid: dict[W, Decimal] = {}
    left = limit
    for wager in order:
        paid[wager] = min(full[wager], left)
        left -= paid[wager]
    return {wager: paid[wager] for wager in full}


class LimitedHand(Struct, Generic[W, P, H, S], frozen=True):
    """One player's hand read on the base paytable: the row it answers to, if any."""

    table: GamePaytable[P, H, S]
    hand: HandValue
    row: GameRow[H] | None


def settle_limited(
    read: LimitedHand[W, P, H, S],
    stakes: Mapping[W, Decimal],
    wording: LimitWording,
    limit: Decimal | None,
    *,
    last_first: bool,
    order_text: str,
    setting: Citation,
) -> tuple[PaytableOutcome[W, P, H, S], ...]:
    """Every base wager in ``stakes`` (in their order), all paid on the hand's one row.

    No row: each loses. A "Push" row: each is neither paid nor collected. Otherwise each is paid
    "X to 1" beside its stake; with more won than ``limit`` the wagers are paid the limit in
    all, shared out by ``share_limit``, each reason naming the Rules Submission's order
    (``order_text``, provenance ``setting``).
    """
    table, hand, row = read.table, read.hand, read.row
    wagers: Sequence[W] = list(stakes)
    if row is None:
        return tuple(
            PaytableOutcome(
                w,
                Result.LOSE,
                stakes[w],
                ZERO,
                False,
                f"the player's {describe_hand(hand)} is less than {wording.lowest}, the lowest "
                f"hand on {table.name}: the {w.value} loses ({cite_code(table.citation)})",
                table.citation,
                table,
                None,
                hand,
            )
            for w in wagers
        )
    if row.odds.kind is OddsKind.PUSH:
        return tuple(
            PaytableOutcome(
                w,
                Result.PUSH,
                stakes[w],
                ZERO,
                True,
                f"the player's {describe_hand(hand)}: on {table.name}, {row.label} is a push: "
                f"the {w.value} is neither paid nor collected ({cite_code(row.citation)})",
                row.citation,
                table,
                row,
                hand,
            )
            for w in wagers
        )
    full = {w: row.odds.payment(stakes[w]).paid for w in wagers}
    total = sum(full.values(), ZERO)
    capped = limit is not None and total > limit
    paid = share_limit(full, limit, last_first=last_first) if limit is not None and capped else full
    outcomes: list[PaytableOutcome[W, P, H, S]] = []
    for w in wagers:
        why = (
            f"the player's {describe_hand(hand)}: {table.name} pays {row.label} at {row.odds}: "
            f"{format_money(stakes[w])} wins {format_money(full[w])}"
        )
        citation = row.citation
        result = Result.WIN
        if capped:
            assert limit is not None
            citation = with_limit(row.citation, wording.citation)
            result = Result.WIN if paid[w] > 0 else Result.PUSH
            over = wording.over.format(
                total=format_money(total),
                limit=format_money(limit),
                section=wording.citation.short,
                order=order_text,
            )
            why += f"; {over} ({setting}), so this wager is paid {format_money(paid[w])}"
            if paid[w] == 0:
                why += " and its stake returned"
        else:
            why += f" ({cite_code(row.citation)})"
        outcomes.append(
            PaytableOutcome(
                w, result, stakes[w], paid[w], True, why, citation, table, row, hand, full[w]
            )
        )
    return tuple(outcomes)


class ProgressivePrice(Struct, frozen=True):
    """What a winning progressive row pays and how a reason says it."""

    payment: Payment
    text: str


def progressive_price(
    table: str,
    row: GameRow[H],
    stake: Decimal,
    meter: Decimal | None,
    rounding: Rounding,
    rounding_citation: Citation,
    award_citation: Citation,
) -> ProgressivePrice:
    """A progressive row of ``table``: its payment on ``stake`` ("X for 1") or on ``meter`` (a
    share of it, rounded as the Rules Submission says), and how a reason says it. A share of the
    meter is paid by the system, not from the table inventory container, and the cards stay
    until the documentation is complete. ``ValueError`` when a meter share is owed and no meter
    amount is given."""
    if row.odds.kind is OddsKind.METER_PERCENT and meter is None:
        raise ValueError(f"{table} pays {row}: the meter amount at the win is needed")
    payment = row.odds.payment(stake, meter=meter, meter_rounding=rounding)
    if row.odds.kind is not OddsKind.METER_PERCENT:
        return ProgressivePrice(payment, row.odds.explain(stake, payment))
    assert meter is not None
    text = f"{row.odds} of {format_money(meter)} is {format_money(payment.paid)}"
    if payment.paid != payment.exact:
        text += f" ({format_money(payment.exact)} rounded: {rounding_citation})"
    text += (
        "; a share of the meter is not paid from the table inventory container and the "
        f"cards stay on the table until the documentation is complete ({award_citation})"
    )
    return ProgressivePrice(payment, text)


class EnvyTerms(Struct, Generic[W], frozen=True):
    """How a game pays and words an Envy Bonus: the payment's name, where the qualifying hand
    is defined, the citation of the payment, and where the amount is stated."""

    envy: W
    qualifying: Citation
    citation: Citation
    stated: str


def envy_payments(
    terms: EnvyTerms[W],
    amount: Decimal,
    table: GamePaytable[P, H, S],
    holders: Mapping[int, HandValue],
    bettors: Iterable[int],
) -> dict[int, tuple[PaytableOutcome[W, P, H, S], ...]]:
    """Every Envy Bonus of the round by the seat paid: each progressive bettor is paid
    ``amount`` once for every qualifying hand another player holds (``holders``), never for
    the player's own; ``table`` is the progressive's paytable, which the payment is shown on."""

    def pay(other: int, hand: HandValue) -> PaytableOutcome[W, P, H, S]:
        return PaytableOutcome(
            terms.envy,
            Result.WIN,
            ZERO,
            amount,
            False,
            f"seat {other}'s {describe_hand(hand)} is an Envy Bonus Qualifying Hand "
            f"({terms.qualifying.short}): the player's Progressive Payout Wager earns the Envy "
            f"Bonus, {format_money(amount)} ({terms.stated}); never for the player's own hand",
            terms.citation,
            table,
            None,
            hand,
            amount,
            other,
        )

    return envy_to_each_other(bettors, holders, pay)


__all__ = [
    "EnvyTerms",
    "LimitWording",
    "LimitedHand",
    "PaytableOutcome",
    "ProgressivePrice",
    "envy_payments",
    "progressive_price",
    "settle_limited",
    "share_limit",
    "with_limit",
]
