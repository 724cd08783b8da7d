"""Only cards the engine wrote become suit symbols: plural ranks and words stay words."""

from __future__ import annotations

import re

import pytest

from dealer_trainer.gui.card_text import with_cards


def shown(text: str) -> str:
    return re.sub(r"<[^>]+>", "", with_cards(text))


@pytest.mark.parametrize(
    "sentence",
    [
        "Pair of 6s to 10s: the Ante pushes",
        "Pair of 10s or better pays 1 to 1",
        "Pair of Jacks or better",
        "from 6s to 10s",
        "counts as a straight",
        "As the dealer does not qualify, the Ante pays",
    ],
)
def test_words_and_plural_ranks_stay_words(sentence: str) -> None:
    assert shown(sentence) == sentence


@pytest.mark.parametrize(
    ("sentence", "seen"),
    [
        ("high As Kc Ts 9s 9h", "high A♠ K♣ 10♠ 9♠ 9♥"),
        ("dealer's up card: 6s", "dealer's up card: 6♠"),
        ("counts as 9s 9h", "counts as 9♠ 9♥"),
        ("Pair of 6s to 10s; the hand 6s 6h 2c", "Pair of 6s to 10s; the hand 6♠ 6♥ 2♣"),
    ],
)
def test_the_engines_cards_become_symbols(sentence: str, seen: str) -> None:
    assert shown(sentence) == seen
