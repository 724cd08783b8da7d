"""What a watcher sees while a round is dealt, for any game: the events the GUI animates.

Each game turns its dealt round into these events in table order; the trainer window draws
them one by one, so a new game needs no new animation code.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.engine.spot import SpotKind


class DealEventKind(Enum):
    PLACE_WAGERS = "place wagers"
    NO_MORE_BETS = "no more bets"
    DEAL_CARD = "deal card"
    DECISION = "decision"
    FLOP = "flop"
    TURN_RIVER = "turn and river"
    DEALER_REVEAL = "dealer reveals"
    SET_HANDS = "players set their hands"
    SURRENDER = "surrender"


class DealEvent(Struct, frozen=True):
    """One visible moment of the round; ``seat`` 0 is the dealer or the board. A card dealt
    face down is still listed, so the view can show it when its owner looks."""

    kind: DealEventKind
    seat: int
    cards: tuple[Card, ...]
    face_up: bool
    text: str
    wager: SpotKind | None = None
    """The wager a decision places, where a game places its decided wagers one at a time
    (Texas Hold 'Em Bonus Poker's Flop, Turn and River); None: a decision to play shows every
    decided wager of the seat at once."""
