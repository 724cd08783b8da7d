"""Cards in the trainer's sentences drawn as a dealer reads them: "K♣ 10♠ 9♥", in the deck's
suit colours, never as notation ("Kc Ts 9h").

The rules engine writes cards in notation so explanations stay plain text (the CLI, reports and
records read them); the screens turn that notation into symbols when they show a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape as _escape

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.cards import Card
from dealer_trainer.cards.notation import parse_card
from dealer_trainer.cards.ranks_suits import Suit
from dealer_trainer.gui.colours import css


def escape(text: str) -> str:
    """Text as HTML; quotes stay as they are (the text is never an attribute)."""
    return _escape(text, quote=False)


_NOT_PLURAL = r"(?<!\bof )(?<!\bto )(?<!\band )(?<!\bfrom )"
_NOT_PLURAL_AFTER = r"(?!(?<=s) (?:to|or|and|through|up)\b)"
"""Not a rank written in the plural ("Pair of 6s to 10s", "9s or better"): the word before
or after says so."""
_TOKEN = r"(?:[2-9TJQKA][cdhs]|Jk)"
"""A card as the engine writes it (``Card.notation``): the rank in capitals or digits (ten is
"T", so "10s" is always the plural) and the suit in lower case; "as" and "Kings" are words."""
_CARD = rf"{_NOT_PLURAL}{_TOKEN}{_NOT_PLURAL_AFTER}"
_RUN = re.compile(rf"(?<![\w$]){_CARD}(?:[ ,]+{_CARD})+(?![\w])")
"""Two or more cards in a row ("As Kc Ts 9s 9h" names five cards)."""
_SINGLE = re.compile(rf"(?<![\w$]){_CARD}(?![\w])")
"""One card on its own ("Kc"); "As" alone is left as the word."""


SUIT_COLOURS: dict[DeckStyle, dict[Suit, str]] = {
    DeckStyle.STANDARD: {Suit.HEARTS: "#c62828", Suit.DIAMONDS: "#c62828"},
    DeckStyle.FOUR_COLOUR: {
        Suit.HEARTS: "#c62828",
        Suit.DIAMONDS: "#1565c0",
        Suit.CLUBS: "#2e7d32",
    },
}
"""The suits' colours on the page, as the card faces draw them; spades (and clubs in the
standard deck) take the palette's own text colour, so they stay readable on a dark palette."""


def _suit_colour(suit: Suit, style: DeckStyle) -> str | None:
    return SUIT_COLOURS[style].get(suit)


def card_html(card: Card, style: DeckStyle = DeckStyle.STANDARD) -> str:
    text = escape(card.pretty)
    if card.is_joker:
        return f"<b>{text}</b>"
    colour = _suit_colour(card.suit, style)
    styled = f' style="color:{css(colour)}"' if colour else ""
    return f"<b{styled}>{text}</b>"


def _card(token: str) -> Card | None:
    try:
        return parse_card(token.strip())
    except ValueError:
        return None


def _cards(match: re.Match[str], card: Callable[[Card], str], words: Callable[[str], str]) -> str:
    tokens = re.findall(_TOKEN, match.group(0))
    cards = [_card(t) for t in tokens]
    if any(c is None for c in cards):
        return words(match.group(0))
    return " ".join(card(c) for c in cards if c is not None)


def _render(text: str, card: Callable[[Card], str], words: Callable[[str], str]) -> str:
    parts: list[str] = []
    at = 0
    for match in _RUN.finditer(text):
        parts.append(_singles(text[at : match.start()], card, words))
        parts.append(_cards(match, card, words))
        at = match.end()
    parts.append(_singles(text[at:], card, words))
    return "".join(parts)


def with_cards(text: str, style: DeckStyle = DeckStyle.STANDARD) -> str:
    """``text`` as HTML, every card in it drawn with its suit symbol and colour."""
    return _render(text, lambda c: card_html(c, style), escape)


def plain_cards(text: str) -> str:
    """``text`` with every card written with its suit symbol ("K♣ 10♠"), for the places that
    show plain text only (a list's lines)."""
    return _render(text, lambda c: c.pretty, lambda words: words)


def names_cards(text: str) -> bool:
    """Whether ``text`` holds a run of cards in notation (a pai gow split, a hand)."""
    return _RUN.search(text) is not None


def _singles(text: str, card: Callable[[Card], str], words: Callable[[str], str]) -> str:
    parts: list[str] = []
    at = 0
    for match in _SINGLE.finditer(text):
        if match.group(0) == "As":
            continue  # the word, as often as the ace of spades
        parts.append(words(text[at : match.start()]))
        parts.append(_cards(match, card, words))
        at = match.end()
    parts.append(words(text[at:]))
    return "".join(parts)


__all__ = ["card_html", "names_cards", "plain_cards", "with_cards"]
