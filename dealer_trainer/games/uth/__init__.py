"""Ultimate Texas Hold 'Em (58 Pa. Code chs. 653a and 653b): hands, wager outcomes, meters."""

from dealer_trainer.games.uth.definition import DEFINITION

__all__ = ["DEFINITION"]
