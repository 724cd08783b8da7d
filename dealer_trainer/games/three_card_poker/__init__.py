"""Three Card Poker (58 Pa. Code ch. 649a): the base game, its bonus and progressive wagers."""
