"""The ranking systems by name, so the CLI and the GUI can offer every evaluator uniformly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.hands.hand_value import HandValue


class RankingSystem(Enum):
    FIVE_CARD = "Five-card high"
    THREE_CARD = "Three-card"
    FOUR_CARD = "Four-card"
    PAI_GOW = "Pai gow high hand"
    PAI_GOW_LOW = "Pai gow low hand"


class SystemInfo(Struct, frozen=True):
    system: RankingSystem
    evaluate: Callable[[Sequence[Card]], HandValue]
    card_counts: tuple[int, ...]
    uses_joker: bool
    games: str

    def check_count(self, cards: Sequence[Card]) -> None:
        if len(cards) not in self.card_counts:
            *head, last = [str(n) for n in self.card_counts]
            allowed = f"{', '.join(head)} or {last}" if head else last
            raise ValueError(f"{self.system.value} ranks {allowed} cards; {len(cards)} were given")


def _five_card(cards: Sequence[Card]) -> HandValue:
    from dealer_trainer.hands.five_card import best_five

    return best_five(cards)


def _three_card(cards: Sequence[Card]) -> HandValue:
    from dealer_trainer.hands.three_card import best_three

    return best_three(cards)


def _four_card(cards: Sequence[Card]) -> HandValue:
    from dealer_trainer.hands.four_card import best_four

    return best_four(cards)


def _pai_gow(cards: Sequence[Card]) -> HandValue:
    from dealer_trainer.hands.pai_gow import best_high

    return best_high(cards)


def _pai_gow_low(cards: Sequence[Card]) -> HandValue:
    from dealer_trainer.hands.pai_gow import evaluate_low

    return evaluate_low(cards)


SYSTEMS: dict[RankingSystem, SystemInfo] = {
    RankingSystem.FIVE_CARD: SystemInfo(
        RankingSystem.FIVE_CARD,
        _five_card,
        (5, 6, 7),
        False,
        "Ultimate Texas Hold 'Em, Caribbean Stud, Let It Ride, Five Card Hand Bonus",
    ),
    RankingSystem.THREE_CARD: SystemInfo(
        RankingSystem.THREE_CARD,
        _three_card,
        (3,),
        False,
        "Three Card Poker: Ante, Play, Ante Bonus, Pair Plus (a straight beats a flush)",
    ),
    RankingSystem.FOUR_CARD: SystemInfo(
        RankingSystem.FOUR_CARD,
        _four_card,
        (4, 5, 6),
        False,
        "Four Card Poker: best four of the player's five and of the dealer's six cards",
    ),
    RankingSystem.PAI_GOW: SystemInfo(
        RankingSystem.PAI_GOW,
        _pai_gow,
        (5, 6, 7),
        True,
        "Pai Gow / EZ Pai Gow high hand: the joker plays as an ace or completes a straight "
        "or flush; five aces is the top hand",
    ),
    RankingSystem.PAI_GOW_LOW: SystemInfo(
        RankingSystem.PAI_GOW_LOW,
        _pai_gow_low,
        (2,),
        True,
        "Pai Gow / EZ Pai Gow two-card low hand: a pair beats high cards; the joker is an ace",
    ),
}


def evaluate(system: RankingSystem, cards: Sequence[Card]) -> HandValue:
    info = SYSTEMS[system]
    info.check_count(cards)
    return info.evaluate(cards)
