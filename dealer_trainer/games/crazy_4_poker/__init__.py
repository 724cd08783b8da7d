"""Crazy 4 Poker (58 Pa. Code ch. 657a): wagers, the four-card showdown, procedure, dealing."""

from dealer_trainer.games.crazy_4_poker.definition import DEFINITION

__all__ = ["DEFINITION"]
