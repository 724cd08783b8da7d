from __future__ import annotations

import pytest

from dealer_trainer.cards import (
    JOKER,
    Card,
    CardNotationError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)


def test_round_trip_is_canonical() -> None:
    cards = parse_cards("as KD th 9C 2h")
    assert format_cards(cards) == "As Kd Th 9c 2h"
    assert [c.rank for c in cards] == [Rank.ACE, Rank.KING, Rank.TEN, Rank.NINE, Rank.TWO]
    assert [c.suit for c in cards] == [
        Suit.SPADES,
        Suit.DIAMONDS,
        Suit.HEARTS,
        Suit.CLUBS,
        Suit.HEARTS,
    ]


def test_every_card_round_trips() -> None:
    for index in range(53):
        card = Card(index)
        assert parse_card(card.notation) is card


def test_ten_and_commas_and_joker_are_accepted() -> None:
    assert parse_cards("10h, Jk,qs") == (Card.of(Rank.TEN, Suit.HEARTS), JOKER, parse_card("Qs"))
    assert JOKER.notation == "Jk"
    assert JOKER.is_joker
    assert JOKER.label == "Joker"


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("As 1s", "1s", "not a rank"),
        ("Ax", "Ax", "not a suit"),
        ("As Kd as", "as", "more than once"),
        ("X", "X", "a card is a rank"),
    ],
)
def test_bad_notation_names_the_token(text: str, token: str, words: str) -> None:
    with pytest.raises(CardNotationError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert repr(token) in str(info.value)
    assert words in str(info.value)


def test_joker_in_a_52_card_game_is_rejected() -> None:
    with pytest.raises(CardNotationError, match="52-card deck without a joker"):
        parse_cards("As Jk", allow_joker=False)


def test_cards_are_interned_small_integers() -> None:
    ace_spades = parse_card("As")
    assert ace_spades is Card(51)
    assert ace_spades.rank_index == 12 and ace_spades.suit_index == 3
    assert ace_spades.label == "Ace of spades"
    assert ace_spades.pretty == "A♠"
    with pytest.raises(ValueError, match="outside"):
        Card(53)
    with pytest.raises(ValueError, match="no rank"):
        _ = JOKER.rank
