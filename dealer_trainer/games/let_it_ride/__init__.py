"""Let It Ride Poker (58 Pa. Code ch. 643a): wagers, hands, procedure and the table."""
