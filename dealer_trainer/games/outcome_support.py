"""What every game's wager outcome shares: the result, the facts derived from a settled wager
(its odds, what goes back to the player, the net, whether it is a share of the meter, whether
a floorperson must see it), and the checks every settle function makes on a stake.

Each game keeps its own outcome record in its ``outcomes.py`` (its wager enum, its paytable
rows, what only it records: a commission, an uncapped amount, the other seat of an Envy Bonus);
the record mixes in ``OutcomeFacts`` so the arithmetic a trainee is graded against is written
once ("X to 1" returns the stake beside the win, "X for 1" includes it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from enum import Enum
from typing import Generic, Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind, Payment
from dealer_trainer.rules.provenance import Citation, Provenance


class Result(Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class Winner(Enum):
    PLAYER = "player"
    DEALER = "dealer"
    TIE = "tie"


def compare(player: HandValue, dealer: HandValue) -> Winner:
    """Whose hand ranks higher in the game's own ranking; equal hands tie (suits never break a
    tie: each game's rule then says what a tie does)."""
    if player.beats(dealer):
        return Winner.PLAYER
    if dealer.beats(player):
        return Winner.DEALER
    return Winner.TIE


def showdown_text(mine: str, theirs: str, winner: Winner) -> str:
    """ "the player's two pair, ... beats the dealer's a pair of ..." with both hands named."""
    if winner is Winner.TIE:
        return f"the player's {mine} ties the dealer's {theirs}"
    verb = "beats" if winner is Winner.PLAYER else "loses to"
    return f"the player's {mine} {verb} the dealer's {theirs}"


class _Named(Protocol):
    @property
    def value(self) -> str: ...


W = TypeVar("W", bound=_Named)


class _Row(Protocol):
    @property
    def odds(self) -> Odds: ...


def needs_floorperson(row: _Row | None) -> bool:
    """A 500-for-1 payout or a percentage of the meter (§ 639a.11(c)(6)(ii), by analogy)."""
    if row is None:
        return False
    odds = row.odds
    return odds.kind is OddsKind.METER_PERCENT or (
        odds.kind is OddsKind.FOR and odds.x >= 500 * odds.y
    )


class OutcomeFacts(Struct, Generic[W], frozen=True):
    """How one wager of one seat is settled: the fields every game's outcome record starts
    with, and the facts derived from them. Each game's record is a frozen Struct of
    ``OutcomeFacts[ItsWager]`` adding its own fields (its paytable row first of all).

    ``paid`` is what the dealer pays; ``stake_returned`` says whether the stake goes back too.
    A game overrides ``net`` where a record is all gain (an Ante Bonus, an Envy Bonus) and
    ``total_to_player`` where something is taken from the win (pai gow's vigorish).
    """

    wager: W
    result: Result
    stake: Decimal
    paid: Decimal
    stake_returned: bool
    reason: str
    citation: Citation

    @property
    def row(self) -> _Row | None:
        """The paytable row paid; every game's record has it as a field."""
        return None

    @property
    def odds(self) -> str | None:
        return str(self.row.odds) if self.row is not None else None

    @property
    def total_to_player(self) -> Decimal:
        return self.paid + (self.stake if self.stake_returned else ZERO)

    @property
    def net(self) -> Decimal:
        """The player's gain against the stake."""
        return self.total_to_player - self.stake

    @property
    def provenance(self) -> Provenance:
        return self.citation.provenance

    @property
    def is_meter_award(self) -> bool:
        return self.row is not None and self.row.odds.kind is OddsKind.METER_PERCENT

    @property
    def needs_floorperson(self) -> bool:
        """A winning 500-for-1 payout or percentage of the meter (§ 639a.11(c)(6)(ii))."""
        return self.result is Result.WIN and needs_floorperson(self.row)

    def __str__(self) -> str:
        return f"{self.wager.value}: {self.result.value} — {self.reason}"


def amount_text(
    odds: Odds,
    stake: Decimal,
    payment: Payment,
    meter: Decimal | None,
    rounded: str = "rounded to the cent",
) -> str:
    """What a win pays, as a reason says it: "X to 1" wins beside the stake, "X for 1" is paid
    in total, a share of the meter is that share of ``meter`` (with the exact amount where it
    was ``rounded``)."""
    if odds.kind is OddsKind.TO:
        return f"{format_money(stake)} wins {format_money(payment.paid)}"
    if odds.kind is OddsKind.FOR:
        return f"{format_money(stake)} is paid {format_money(payment.paid)} in total"
    assert meter is not None
    text = f"{odds} of {format_money(meter)} is {format_money(payment.paid)}"
    if payment.rounded:
        text += f" ({format_money(payment.exact)} {rounded})"
    return text


_Hand = TypeVar("_Hand")
_Paid = TypeVar("_Paid")


def envy_to_each_other(
    bettors: Iterable[int],
    holders: Mapping[int, _Hand],
    pay: Callable[[int, _Hand], _Paid],
) -> dict[int, tuple[_Paid, ...]]:
    """Every Envy Bonus of the round by the seat paid: each bettor (a seat whose progressive is
    in action) is paid once for every qualifying hand another player holds, never for the
    player's own (§ 645a.11(h)(6)(ii); Caribbean Stud § 639a.1, Let It Ride § 643a.1).
    ``pay(holder, hand)`` is one payment; bettors and holders run from the dealer's right."""
    paid: dict[int, tuple[_Paid, ...]] = {}
    for seat in sorted(set(bettors), reverse=True):
        outcomes = tuple(
            pay(other, hand)
            for other, hand in sorted(holders.items(), reverse=True)
            if other != seat
        )
        if outcomes:
            paid[seat] = outcomes
    return paid


def positive_stake(stake: Decimal | int | str) -> Decimal:
    """A wager as exact money; ``ValueError`` unless it is positive."""
    amount = to_money(stake)
    if amount <= 0:
        raise ValueError(f"a wager is a positive amount, not {format_money(amount)}")
    return amount


def cite_seed(citation: Citation) -> str:
    """The section for a seed rule ("§ 639a.11(b)"); the full tag for anything else, so an
    unverified or property number is never mistaken for the regulation's."""
    return citation.short if citation.provenance is Provenance.SEED else str(citation)


def cite_code(citation: Citation) -> str:
    """The section for a seed or Code rule ("§ 641a.11(c)"); the full tag for anything else,
    so an unverified or property number is never mistaken for the regulation's."""
    if citation.provenance in (Provenance.SEED, Provenance.CODE) and citation.sections:
        return citation.short
    return str(citation)


__all__ = [
    "OutcomeFacts",
    "Result",
    "Winner",
    "amount_text",
    "cite_code",
    "cite_seed",
    "compare",
    "envy_to_each_other",
    "needs_floorperson",
    "positive_stake",
    "showdown_text",
]
