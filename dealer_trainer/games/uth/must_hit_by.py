"""The Must-Hit-By Mystery bonus meter (§ 653b.1, seed 001).

A player qualifies with an Ultimate Texas Hold 'Em wager and a progressive payout wager
(§ 653b.1(c)(1)); a percentage of each qualifying progressive wager goes to the meter ((c)(2));
the bonus is won by the qualifying player whose contribution takes the meter "in excess of" a
value pre-selected by an RNG between the configuration's minimum and maximum ((c)(3)), read here
as strictly greater. The winner is paid 100% of the meter ((c)(7)), after which the meter resets
to the configuration's minimum dollar value ((c)(5)(iv)).

Not stated in the seed, so left to the caller: the order in which the system counts the round's
contributions, and whether a new RNG value is drawn after a hit (ultimate-texas-holdem.md § 9.4).
Contributions after a hit go to the reset meter with no second hit in the same call.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from msgspec import Struct

from dealer_trainer.games.uth.outcomes import Result, WagerOutcome
from dealer_trainer.games.uth.paytables import MustHitByConfiguration
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.rules.money import EXACT_CENTS, ZERO, Rounding, format_money
from dealer_trainer.rules.provenance import seed

QUALIFY = seed("seed 001", "653b.1(c)(1)")
CONTRIBUTE = seed("seed 001", "653b.1(c)(2)")
HIT = seed("seed 001", "653b.1(c)(3)")
PAY = seed("seed 001", "653b.1(c)(5)", "653b.1(c)(7)")


def qualifies(
    config: MustHitByConfiguration, progressive_wager: Decimal, *, has_uth_wagers: bool = True
) -> bool:
    """Whether a player's progressive payout wager takes part: the UTH wagers are placed and the
    wager is at least the configuration's minimum progressive wager amount (§ 653b.1(c)(1), (4))."""
    return has_uth_wagers and progressive_wager >= config.minimum_wager


def contribution(config: MustHitByConfiguration, progressive_wager: Decimal) -> Decimal:
    """The exact increment to the meter; may hold fractions of a cent (0.5% of $5 is 2.5¢)."""
    return progressive_wager * config.contribution_rate


def check_trigger(config: MustHitByConfiguration, trigger: Decimal) -> None:
    if not config.minimum_value <= trigger <= config.maximum_value:
        raise ValueError(
            f"the RNG value {format_money(trigger)} is outside {config.name}'s range "
            f"{format_money(config.minimum_value)}–{format_money(config.maximum_value)} "
            f"({HIT.short})"
        )


class MustHitByResult(Struct, frozen=True):
    """The meter after the round's contributions, and the winner if it passed the RNG value.

    ``winner`` is the position in the contributions list (usually a seat number) whose
    contribution took the meter past ``trigger``; ``award`` is 100% of the meter at that moment,
    rounded to what can be paid; ``meter_after`` is the reset meter plus later contributions.
    """

    meter_before: Decimal
    trigger: Decimal
    meter_after: Decimal
    winner: int | None = None
    award: Decimal | None = None
    award_exact: Decimal | None = None
    reason: str = ""

    @property
    def hit(self) -> bool:
        return self.winner is not None

    def outcome(self) -> WagerOutcome | None:
        """The award as a ``WagerOutcome`` for the winning seat (no stake of its own)."""
        if self.winner is None or self.award is None:
            return None
        return WagerOutcome(
            UthWager.MUST_HIT_BY,
            Result.WIN,
            ZERO,
            self.award,
            False,
            self.reason,
            PAY,
            exact=self.award_exact,
        )


def add_contributions(
    config: MustHitByConfiguration,
    meter: Decimal,
    trigger: Decimal,
    wagers: Sequence[tuple[int, Decimal]],
    *,
    rounding: Rounding = EXACT_CENTS,
) -> MustHitByResult:
    """Add each qualifying ``(seat, progressive wager)`` in the order the system counts them."""
    check_trigger(config, trigger)
    amount = meter
    winner: int | None = None
    award: Decimal | None = None
    exact: Decimal | None = None
    reason = f"the meter stays at or below the pre-selected {format_money(trigger)}"
    for seat, wager in wagers:
        if not qualifies(config, wager):
            continue
        amount += contribution(config, wager)
        if winner is None and amount > trigger:
            winner = seat
            exact = amount
            award = rounding.apply(amount)
            reason = (
                f"seat {seat}'s contribution takes the meter to {format_money(amount)}, in excess "
                f"of the pre-selected {format_money(trigger)}: 100% of the meter, "
                f"{format_money(award)}, is paid and the meter resets to "
                f"{format_money(config.minimum_value)} ({PAY.short})"
            )
            amount = config.minimum_value
    return MustHitByResult(meter, trigger, amount, winner, award, exact, reason)


__all__ = [
    "CONTRIBUTE",
    "HIT",
    "PAY",
    "QUALIFY",
    "MustHitByResult",
    "add_contributions",
    "check_trigger",
    "contribution",
    "qualifies",
]
