"""What every game's wager outcome shares: the result, the facts derived from a settled wager
(its odds, what goes back to the player, the net, whether it is a share of the meter, whether
a floorperson must see it), and the checks every settle function makes on a stake.

Each game keeps its own outcome record in its ``outcomes.py`` (its wager enum, its paytable
rows, what only it records: a commission, an uncapped amount, the other seat of an Envy Bonus);
the record mixes in ``OutcomeFacts`` so the arithmetic a trainee is graded against is written
once ("X to 1" returns the stake beside the win, "X for 1" includes it).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Generic, Protocol, TypeVar

from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance


class Result(Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class Winner(Enum):
    PLAYER = "player"
    DEALER = "dealer"
    TIE = "tie"


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


@dataclass(frozen=True)
class OutcomeFacts(Generic[W]):
    """How one wager of one seat is settled: the fields every game's outcome record starts
    with, and the facts derived from them. Each game's record is a frozen dataclass of
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
    "cite_code",
    "cite_seed",
    "needs_floorperson",
    "positive_stake",
]
