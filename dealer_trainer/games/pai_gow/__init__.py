"""Pai Gow Poker and EZ Pai Gow Poker (58 Pa. Code ch. 645a): the house way, wagers, procedure."""
