"""Amounts shown as the chips a dealer cuts: fewest chips, largest first, cents in coin."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer.practice.chips import CHIP_NAMES, chips_for, describe_chips

D = Decimal


@pytest.mark.parametrize(
    ("amount", "chips", "text"),
    [
        ("1000.02", [1000], "$1,000.02 in chips: 1 orange $1,000, 2¢ in coin"),
        ("35", [25, 5, 5], "$35 in chips: 1 green $25, 2 red $5"),
        ("7.50", [5, 1, 1], "$7.50 in chips: 1 red $5, 2 white $1, 50¢ in coin"),
        ("1886", [1000, 500, 100, 100, 100, 25, 25, 25, 5, 5, 1], None),
        ("0.50", [], "$0.50 in chips: 50¢ in coin"),
        ("0", [], "$0 in chips: none"),
    ],
)
def test_small_amounts(amount: str, chips: list[int], text: str | None) -> None:
    assert chips_for(D(amount)) == chips
    if text is not None:
        assert describe_chips(D(amount)) == text


def test_colours_are_the_casino_standard() -> None:
    assert CHIP_NAMES == {
        1000: "orange",
        500: "purple",
        100: "black",
        25: "green",
        5: "red",
        1: "white",
    }


@given(st.decimals(min_value=0, max_value=250_000, places=2, allow_nan=False))
def test_chips_make_up_the_whole_dollars_with_the_fewest_chips(amount: Decimal) -> None:
    chips = chips_for(amount)
    assert sum(chips) == int(amount)
    assert chips == sorted(chips, reverse=True)
    denominations = list(CHIP_NAMES)
    for larger, smaller in pairwise(denominations):
        # Never as many small chips as would make the next larger chip.
        assert chips.count(smaller) * smaller < larger
    text = describe_chips(amount)
    for denomination, colour in CHIP_NAMES.items():
        count = chips.count(denomination)
        assert (f"{count} {colour} ${denomination:,}" in text) == (count > 0)
    cents = int((amount % 1) * 100)
    assert (f"{cents}¢ in coin" in text) == (cents > 0)
