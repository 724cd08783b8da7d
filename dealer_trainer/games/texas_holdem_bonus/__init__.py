from dealer_trainer.games.texas_holdem_bonus.definition import DEFINITION

__all__ = ["DEFINITION"]
