"""Let It Ride Poker (58 Pa. Code ch. 643a): wagers, hands, procedure and the table."""

from dealer_trainer.games.let_it_ride.definition import DEFINITION

__all__ = ["DEFINITION"]
