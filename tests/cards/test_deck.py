from __future__ import annotations

import pytest

from dealer_trainer.cards import (
    JOKER,
    Deck,
    DeckExhaustedError,
    full_deck,
    new_seed,
    remaining_cards,
)


def test_the_same_seed_deals_the_same_cards() -> None:
    first, second = Deck.shuffled(1234), Deck.shuffled(1234)
    assert first.order == second.order
    assert first.deal(7) == second.deal(7)
    assert Deck.shuffled(1235).order != first.order


def test_decks_hold_52_or_53_distinct_cards() -> None:
    plain, pai_gow = Deck.shuffled(1), Deck.shuffled(1, with_joker=True)
    assert sorted(plain.order) == list(full_deck()) and len(set(plain.order)) == 52
    assert len(set(pai_gow.order)) == 53 and JOKER in pai_gow.order


def test_a_fresh_seed_is_recorded_and_reproduces_the_deck() -> None:
    deck = Deck.shuffled()
    assert Deck.shuffled(deck.seed).order == deck.order
    assert new_seed() != new_seed()


def test_dealing_past_the_end_is_an_error() -> None:
    deck = Deck.shuffled(5)
    deck.deal(50)
    assert deck.remaining == 2
    with pytest.raises(DeckExhaustedError, match="only 2 of 52 remain"):
        deck.deal(3)


def test_remaining_cards_excludes_dealt_ones() -> None:
    deck = Deck.shuffled(9)
    dealt = deck.deal(10)
    rest = remaining_cards(dealt)
    assert len(rest) == 42 and not set(rest) & set(dealt)
