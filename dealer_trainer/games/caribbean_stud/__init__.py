"""Caribbean Stud Poker (58 Pa. Code ch. 639a): wagers, the dealer's qualification, procedure."""
