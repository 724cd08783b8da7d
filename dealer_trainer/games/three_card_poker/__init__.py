"""Three Card Poker (58 Pa. Code ch. 649a): the base game, its bonus and progressive wagers."""

from dealer_trainer.games.three_card_poker.definition import DEFINITION

__all__ = ["DEFINITION"]
