"""Cards, ranks, suits, the joker, notation and seeded decks."""

from dealer_trainer.cards.card import JOKER, STANDARD_CARDS, Card
from dealer_trainer.cards.deck import Deck, DeckExhaustedError, full_deck, new_seed, remaining_cards
from dealer_trainer.cards.notation import CardNotationError, format_cards, parse_card, parse_cards
from dealer_trainer.cards.ranks_suits import RANKS, SUITS, Rank, Suit

__all__ = [
    "JOKER",
    "RANKS",
    "STANDARD_CARDS",
    "SUITS",
    "Card",
    "CardNotationError",
    "Deck",
    "DeckExhaustedError",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "new_seed",
    "parse_card",
    "parse_cards",
    "remaining_cards",
]
