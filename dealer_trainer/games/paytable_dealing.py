"""Dealing a practice round of a paytable game with community cards, and what an observer sees.

In these games each player places the base wagers and any optional ones, the dealer calls no
more bets, deals every player's cards face down and then turns the community cards one at a
time, the players deciding between them. What a player decides and how the community cards are
spread is each game's; the wagers' account, the opening of the round and the dealing from a
seeded deck with preset cards (the constrained deals of a game's targets) are here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from dealer_trainer.cards import Card, Deck
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.practice_dealing import chips
from dealer_trainer.rules.money import ZERO, format_money
from dealer_trainer.vocabulary import Vocabulary

COMMUNITY = -1
"""The community cards' position in a ``PresetDeck``."""

W = TypeVar("W", bound=Vocabulary)


class _Seat(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...


P = TypeVar("P", bound=_Seat)


def preset_deck(
    seed: int,
    preset: Mapping[int, Sequence[Card]] | None,
    preset_community: Sequence[Card] | None,
) -> PresetDeck:
    """``Deck(seed)`` giving preset seats their cards and the community cards theirs (at
    ``COMMUNITY``); with no presets the cards are exactly the deck's."""
    positions: dict[int, Sequence[Card]] = dict(preset or {})
    if preset_community is not None:
        positions[COMMUNITY] = preset_community
    return PresetDeck(Deck(seed), positions)


def player_fchb(spec: FiveCardHandBonusSpec | None, rng: random.Random, chance: float) -> Decimal:
    """The electronic Five Card Hand Bonus on the player's hand, placed with ``chance`` within
    its limits, or none."""
    if spec is None or rng.random() >= chance:
        return ZERO
    return chips(rng, spec.minimum, spec.maximum)


def optional_parts(stake: Callable[[W], Decimal], wagers: Iterable[W], fchb: Decimal) -> list[str]:
    """A seat's optional wagers placed ("Three Card Bonus $5"), the Five Card Hand Bonus last."""
    parts = [f"{wager.value} {format_money(stake(wager))}" for wager in wagers if stake(wager)]
    if fchb:
        parts.append(f"Five Card Hand Bonus {format_money(fchb)}")
    return parts


def opening_events(
    plays: Sequence[P], wager_text: Callable[[P], str], of: str = ""
) -> list[DealEvent]:
    """The round up to the first decision: each seat's wagers, "No more bets", then each
    seat's cards face down in dealing order ("Seat 2: card 1, face down"; ``of`` after the
    number: " of the stack")."""
    events = [DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), True, wager_text(p)) for p in plays]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, "No more bets"))
    for play in plays:
        for index, dealt in enumerate(play.cards, start=1):
            events.append(
                DealEvent(
                    DealEventKind.DEAL_CARD,
                    play.seat,
                    (dealt,),
                    False,
                    f"Seat {play.seat}: card {index}{of}, face down",
                )
            )
    return events


__all__ = [
    "COMMUNITY",
    "opening_events",
    "optional_parts",
    "player_fchb",
    "preset_deck",
]
