"""Payout odds and the arithmetic of paying them (regulations/README.md § 3).

"X to Y": the stake stays with the player and X/Y of it is won ($5 at 3 to 2 wins $7.50).
"X for Y": X/Y times the stake is paid in total, stake included; the stake was already taken
(the Five Card Hand Bonus is placed electronically), so the net win is (X - Y)/Y of the stake.
"N% of meter": N% of the progressive meter, independent of the stake, no separate return.
"N% of mega jackpot": the same, of one named meter where a paytable pays several jackpots, each
on its own meter (Mississippi Stud Paytables B-D, § 655a.12(c)(1)); ``jackpot`` names it.
"Push": the stake stays, nothing is won. "N/A": the row does not exist on that paytable.
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import Enum

from msgspec import Struct, field

from dealer_trainer.rules.money import EXACT_CENTS, ZERO, Rounding, format_money


class OddsKind(Enum):
    TO = "to"
    FOR = "for"
    METER_PERCENT = "% of meter"
    PUSH = "push"
    NOT_APPLICABLE = "not applicable"


_RATIO = re.compile(r"^\s*([\d,]+)\s+(to|for)\s+([\d,]+)\s*$", re.IGNORECASE)
_METER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*(?:of\s+(?:the\s+)?(?:progressive\s+)?meter)\s*$")
_JACKPOT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*(?:of\s+)?(?:the\s+)?([a-z]+)\s+jackpot\s*$")


class Payment(Struct, frozen=True):
    """What settling a wager at some odds gives the player.

    ``paid`` is new money the dealer pays (or credits to the game account); ``stake_returned``
    says whether the stake itself goes back to the player as well. ``exact`` is ``paid`` before
    the configured rounding, so a grader can explain a rounded 3-to-2 payout.
    """

    stake: Decimal
    paid: Decimal
    stake_returned: bool
    exact: Decimal

    @property
    def total_to_player(self) -> Decimal:
        return self.paid + (self.stake if self.stake_returned else ZERO)

    @property
    def net(self) -> Decimal:
        """Change to the player's bankroll against the stake: (X - 1) x stake for "X for 1"."""
        return self.total_to_player - self.stake

    @property
    def rounded(self) -> bool:
        return self.paid != self.exact


class Odds(Struct, frozen=True):
    """One payout rule as printed in a paytable; ``str()`` prints it back the same way."""

    kind: OddsKind
    x: int = 0
    y: int = 1
    percent: Decimal = field(default=ZERO)
    jackpot: str = ""
    """For a share of one of several meters: the jackpot's name ("mega"); "" for the one meter."""

    def __post_init__(self) -> None:
        if self.kind in (OddsKind.TO, OddsKind.FOR) and (self.x <= 0 or self.y <= 0):
            raise ValueError(f"odds need positive numbers, not {self.x} {self.kind.value} {self.y}")
        if self.kind is OddsKind.METER_PERCENT and not ZERO < self.percent <= 100:
            raise ValueError(
                f"a meter share must be above 0% and at most 100%, not {self.percent}%"
            )
        if self.jackpot and self.kind is not OddsKind.METER_PERCENT:
            raise ValueError(f"only a meter share names a jackpot, not {self.kind.value} odds")

    @classmethod
    def to(cls, x: int, y: int = 1) -> Odds:
        return cls(OddsKind.TO, x, y)

    @classmethod
    def for_(cls, x: int, y: int = 1) -> Odds:
        return cls(OddsKind.FOR, x, y)

    @classmethod
    def meter(cls, percent: int | str | Decimal) -> Odds:
        return cls(OddsKind.METER_PERCENT, percent=Decimal(percent))

    @classmethod
    def jackpot_share(cls, percent: int | str | Decimal, jackpot: str) -> Odds:
        """``percent`` of the named jackpot's meter ("100% of mega jackpot")."""
        return cls(OddsKind.METER_PERCENT, percent=Decimal(percent), jackpot=jackpot)

    @classmethod
    def push(cls) -> Odds:
        return cls(OddsKind.PUSH)

    @classmethod
    def not_applicable(cls) -> Odds:
        return cls(OddsKind.NOT_APPLICABLE)

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read "3 to 2", "1,000 to 1", "500 for 1", "10% of meter", "100% of mega jackpot",
        "Push" or "N/A"."""
        low = text.strip().lower()
        if low == "push":
            return cls.push()
        if low in ("n/a", "na", "not applicable"):
            return cls.not_applicable()
        ratio = _RATIO.match(low)
        if ratio:
            x, word, y = ratio.groups()
            kind = OddsKind.TO if word == "to" else OddsKind.FOR
            return cls(kind, int(x.replace(",", "")), int(y.replace(",", "")))
        meter = _METER.match(low)
        if meter:
            return cls.meter(meter.group(1))
        jackpot = _JACKPOT.match(low)
        if jackpot:
            return cls.jackpot_share(jackpot.group(1), jackpot.group(2))
        raise ValueError(
            f"{text!r} is not odds; write 'X to Y', 'X for 1', 'N% of meter', 'Push' or 'N/A'"
        )

    @property
    def pays(self) -> bool:
        """True for a winning row (to, for, % of meter); False for a push or a missing row."""
        return self.kind in (OddsKind.TO, OddsKind.FOR, OddsKind.METER_PERCENT)

    @property
    def applicable(self) -> bool:
        return self.kind is not OddsKind.NOT_APPLICABLE

    @property
    def ratio(self) -> Decimal:
        """X/Y as an exact Decimal: the win per unit ("to") or the return per unit ("for")."""
        return Decimal(self.x) / Decimal(self.y)

    def payment(
        self,
        stake: Decimal,
        *,
        meter: Decimal | None = None,
        share: int = 1,
        rounding: Rounding = EXACT_CENTS,
        meter_rounding: Rounding = EXACT_CENTS,
    ) -> Payment:
        """The payment for a winning (or pushing) ``stake`` at these odds.

        ``meter`` is the progressive meter amount at the time of the win (needed for a meter
        share); ``share`` divides a meter award equally, as when a dealer-hand royal flush is
        split among everyone who bet the dealer's hand (seed 000, § 639a.12(e)(2)).
        """
        if stake < 0:
            raise ValueError(f"a stake cannot be negative ({stake})")
        if self.kind is OddsKind.TO:
            exact = stake * self.x / self.y
            return Payment(stake, rounding.apply(exact), True, exact)
        if self.kind is OddsKind.FOR:
            exact = stake * self.x / self.y
            return Payment(stake, rounding.apply(exact), False, exact)
        if self.kind is OddsKind.METER_PERCENT:
            if meter is None:
                raise ValueError(f"paying {self} needs the meter amount at the time of the win")
            if share < 1:
                raise ValueError(f"a meter award is shared by at least one player, not {share}")
            exact = meter * self.percent / 100 / share
            return Payment(stake, meter_rounding.apply(exact), False, exact)
        if self.kind is OddsKind.PUSH:
            return Payment(stake, ZERO, True, ZERO)
        raise ValueError("a row marked N/A does not exist on this paytable and cannot be paid")

    def explain(self, stake: Decimal, payment: Payment) -> str:
        """ "$5 at 3 to 2 wins $7.50" / "$1 at 500 for 1 is paid $500" for grader messages."""
        if self.kind is OddsKind.TO:
            return f"{format_money(stake)} at {self} wins {format_money(payment.paid)}"
        if self.kind is OddsKind.FOR:
            return f"{format_money(stake)} at {self} is paid {format_money(payment.paid)} in total"
        if self.kind is OddsKind.METER_PERCENT:
            return f"{self} pays {format_money(payment.paid)}"
        return f"{format_money(stake)} pushes"

    def __str__(self) -> str:
        if self.kind in (OddsKind.TO, OddsKind.FOR):
            return f"{self.x:,} {self.kind.value} {self.y:,}"
        if self.kind is OddsKind.METER_PERCENT and self.jackpot:
            return f"{self.percent.normalize():f}% of {self.jackpot} jackpot"
        if self.kind is OddsKind.METER_PERCENT:
            return f"{self.percent.normalize():f}% of meter"
        if self.kind is OddsKind.PUSH:
            return "Push"
        return "N/A"
