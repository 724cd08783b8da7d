"""Hand evaluators, one module per ranking system the regulations use."""

from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.hand_value import HandValue

__all__ = ["FIVE_CARD_ORDER", "HandRank", "HandValue"]
