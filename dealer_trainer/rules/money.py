"""Exact money: ``decimal.Decimal`` dollars, never float.

Why Decimal and not integer cents: regulation amounts are written in dollars ("$7.50",
"10% of meter"), Decimal prints them back unchanged, and a progressive meter accrues fractions of
a cent (0.5% of a $5 wager is 2.5¢) that integer cents would silently drop. Every amount a dealer
pays or collects is a whole number of cents; only meters may carry more places, and a meter
amount is rounded by an explicit, configured rule before anyone is paid from it.

Floats are refused everywhere (``to_money(7.5)`` raises): a float cannot hold 0.1 exactly, and a
data file that writes ``7.5`` instead of ``"7.50"`` is a typo worth reporting, not guessing at.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal, InvalidOperation

from msgspec import Struct

from dealer_trainer.vocabulary import Vocabulary

Money = Decimal
"""A dollar amount. A type alias (not a class) so arithmetic stays plain Decimal arithmetic."""

CENT = Decimal("0.01")
ZERO = Decimal("0")


MAX_AMOUNT = Decimal("1000000000000")
"""No wager, payout, limit or meter reaches a trillion dollars. Above it, arithmetic on the
amount (a 500-for-1 payout, a meter to six places) would outgrow ``Decimal``'s 28 digits and be
rounded silently, so such a number in a file is refused as the typo it is."""


class MoneyError(ValueError):
    """A value could not be read as an exact dollar amount."""


def to_money(value: int | str | Decimal, *, places: int = 2) -> Decimal:
    """Read an exact dollar amount: an int, a Decimal, or a string such as "7.50" or "$1,000".

    ``places`` is the most decimal places allowed (2 for anything paid or wagered; meters may
    allow more). Floats and amounts with too many places are errors, never rounded.
    """
    if isinstance(value, bool | float):
        raise MoneyError(
            f"{_brief(value)} is not an exact amount; "
            "write whole dollars (7) or a quoted decimal ('7.50')"
        )
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, str):
        text = value.strip().replace(",", "").removeprefix("$").strip()
        if not text.isascii():
            raise MoneyError(f"{_brief(value)} is not a dollar amount written with the digits 0-9")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise MoneyError(
                f"{_brief(value)} is not a dollar amount such as '7.50' or '1,000'"
            ) from None
    else:
        raise MoneyError(f"{_brief(value)} is not a dollar amount")
    if not amount.is_finite():
        raise MoneyError(f"{_brief(value)} is not a dollar amount")
    if abs(amount) >= MAX_AMOUNT:
        raise MoneyError(
            f"{_brief(value)} is more than any table handles (under $1,000,000,000,000)"
        )
    if amount != amount.quantize(Decimal(1).scaleb(-places)):
        raise MoneyError(f"{_brief(value)} has more than {places} decimal places")
    return amount


def _brief(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an integer of more digits than Python converts to text
        return "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


def format_money(amount: Decimal | int) -> str:
    """ "$7.50", "$5,005", "$10,000", "-$0.75", "$0.125": the one way every amount is written.

    Whole dollars drop the cents, as signage and a dealer's call do. A fraction of a cent (a
    meter's accrual, a commission before its rounding) is shown exactly: rounding it here would
    print a different amount from the one the engine computed, beside the rule that rounds it.
    """
    sign = "-" if amount < 0 else ""
    magnitude = abs(Decimal(amount))
    if magnitude == magnitude.to_integral_value():
        return f"{sign}${int(magnitude):,}"
    places = max(2, -int(magnitude.normalize().as_tuple().exponent))
    return f"{sign}${magnitude:,.{places}f}"


class RoundingMode(Vocabulary, noun="a rounding mode"):
    """Which way an amount that is not a whole number of payable units goes."""

    DOWN = "down"
    UP = "up"
    HALF_UP = "nearest (halves up)"


_DECIMAL_MODE = {
    RoundingMode.DOWN: ROUND_FLOOR,
    RoundingMode.UP: ROUND_CEILING,
    RoundingMode.HALF_UP: ROUND_HALF_UP,
}


class Rounding(Struct, frozen=True):
    """Round a payout to a multiple of ``unit`` (the smallest chip or credit paid), in ``mode``.

    The regulations state no rounding rule for a 3-to-2 payout on an odd stake or for a share
    of a meter (ultimate-texas-holdem.md § 9.8), so the property chooses one; the default pays
    exact cents.
    """

    unit: Decimal = CENT
    mode: RoundingMode = RoundingMode.DOWN

    def __post_init__(self) -> None:
        if self.unit <= 0:
            raise ValueError(f"a rounding unit must be positive, not {self.unit}")
        if self.unit < CENT or (self.unit / CENT) != (self.unit / CENT).to_integral_value():
            raise ValueError(f"a rounding unit must be a whole number of cents, not {self.unit}")

    def apply(self, amount: Decimal) -> Decimal:
        units = (amount / self.unit).to_integral_value(rounding=_DECIMAL_MODE[self.mode])
        return (units * self.unit).quantize(CENT)

    def describe(self) -> str:
        if self.unit == CENT:
            return f"exact to the cent, fractions of a cent rounded {self.mode.value}"
        return f"rounded {self.mode.value} to a multiple of {format_money(self.unit)}"


EXACT_CENTS = Rounding()
