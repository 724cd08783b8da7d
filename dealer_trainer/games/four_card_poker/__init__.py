"""Four Card Poker (58 Pa. Code ch. 641a): wagers, the four-card showdown, procedure, dealing."""

from dealer_trainer.games.four_card_poker.definition import DEFINITION

__all__ = ["DEFINITION"]
