"""Pai Gow Poker and EZ Pai Gow Poker (58 Pa. Code ch. 645a): the house way, wagers, procedure."""

from dealer_trainer.games.pai_gow.definition import DEFINITION

__all__ = ["DEFINITION"]
