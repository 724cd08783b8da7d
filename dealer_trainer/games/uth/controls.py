"""The control variates that steady the simulated Ante, Blind, Play and Bad Beat (the table
analyser's regression estimate): quantities of each round's cards whose means the analyser
counts exactly over every deal, and which move with the wagers' results.

- the Blind's paytable odds on the player's seven cards (its rare big rows);
- whether the player's seven cards make at least a pair, two pair, ... four of a kind;
- whether the five community cards alone make at least a pair, ... a full house (a strong
  board helps the dealer as much as the player);
- whether the strategy raises four times before the flop, from the player's two cards.

Together they take most of the spread out of the Play, whose size (4x, 2x, 1x or a fold) and
result follow the hand's strength.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import ControlVariate
from dealer_trainer.games.uth.hands import classes_for_five_card
from dealer_trainer.games.uth.strategy import UthStrategy
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.rules.game_paytables import GamePaytable
from dealer_trainer.rules.odds import OddsKind

CLASSES_KEY = "uth five-card classes"
"""The count Trips and Play the Board share: every row class of the best five."""

SEVEN_AT_LEAST = FIVE_CARD_ORDER[1:8]
BOARD_AT_LEAST = FIVE_CARD_ORDER[1:7]
"""The categories a control asks "at least?" of: rarer ones would be fitted on a handful of
rounds."""


def five_classes(cards: tuple[Card, ...]) -> frozenset[Any]:
    return frozenset(classes_for_five_card(best_five(cards)))


def _at_least(rank: HandRank) -> Callable[[Any], Fraction]:
    floor = FIVE_CARD_ORDER.index(rank)

    def value(classes: frozenset[Any]) -> Fraction:
        category = next(c for c in classes if isinstance(c, HandRank))
        return Fraction(int(FIVE_CARD_ORDER.index(category) >= floor))

    return value


def controls(
    blind: GamePaytable[Any, Any, Any], strategy: UthStrategy
) -> tuple[tuple[ControlVariate, ...], Callable[[tuple[Card, ...]], tuple[Fraction, ...]]]:
    """The controls, and the function giving their values on one round's seven cards (the
    player's two, then the board), in the same order."""

    def blind_odds(classes: frozenset[Any]) -> Fraction:
        row = blind.first_row(classes)
        if row is None or row.odds.kind is not OddsKind.TO:
            return Fraction(0)
        return Fraction(row.odds.x, row.odds.y)

    def raises(cards: tuple[Card, ...]) -> Hashable:
        return strategy.raises_before_flop(cards)

    found = [ControlVariate(None, HandDealt(7, 5), CLASSES_KEY, five_classes, blind_odds)]
    found += [
        ControlVariate(None, HandDealt(7, 5), CLASSES_KEY, five_classes, _at_least(rank))
        for rank in SEVEN_AT_LEAST
    ]
    found += [
        ControlVariate(None, HandDealt(5, 5), CLASSES_KEY, five_classes, _at_least(rank))
        for rank in BOARD_AT_LEAST
    ]
    found.append(
        ControlVariate(
            None, HandDealt(2, 2), f"uth raises before the flop: {strategy.name}", raises, Fraction
        )
    )

    def values(cards: tuple[Card, ...]) -> tuple[Fraction, ...]:
        seven, board = five_classes(cards), five_classes(cards[2:])
        return (
            blind_odds(seven),
            *(_at_least(rank)(seven) for rank in SEVEN_AT_LEAST),
            *(_at_least(rank)(board) for rank in BOARD_AT_LEAST),
            Fraction(int(strategy.raises_before_flop(cards[:2]))),
        )

    return tuple(found), values


__all__ = ["controls", "five_classes"]
