"""Four Card Poker (58 Pa. Code ch. 641a): wagers, the four-card showdown, procedure, dealing."""
