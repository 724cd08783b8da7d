"""Amounts as the chips a dealer would cut: standard casino colours and denominations."""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.rules.money import format_money

CHIP_NAMES: dict[int, str] = {
    1000: "orange",
    500: "purple",
    100: "black",
    25: "green",
    5: "red",
    1: "white",
}
"""Denomination -> colour, largest first (white $1, red $5, green $25, black $100, purple
$500, orange $1,000)."""


def chips_for(amount: Decimal) -> list[int]:
    """The fewest chips for the whole dollars of ``amount``, largest first (cents are paid
    in coin and shown as text)."""
    left = int(amount)
    chips: list[int] = []
    for denomination in CHIP_NAMES:
        count, left = divmod(left, denomination)
        chips += [denomination] * count
    return chips


def describe_chips(amount: Decimal) -> str:
    """ "$35 in chips: 1 green $25, 2 red $5" — the accessible reading of a stack."""
    chips = chips_for(amount)
    parts = []
    for denomination, colour in CHIP_NAMES.items():
        count = chips.count(denomination)
        if count:
            parts.append(f"{count} {colour} {format_money(denomination)}")
    cents = amount - int(amount)
    if cents:
        parts.append(f"{int(cents * 100)}¢ in coin")
    return f"{format_money(amount)} in chips: {', '.join(parts) or 'none'}"
