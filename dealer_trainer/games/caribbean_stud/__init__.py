"""Caribbean Stud Poker (58 Pa. Code ch. 639a): wagers, the dealer's qualification, procedure."""

from dealer_trainer.games.caribbean_stud.definition import DEFINITION

__all__ = ["DEFINITION"]
