"""A dealt Texas Hold 'Em Bonus Poker round: everything the procedure builder needs.

Seats are numbered 1 (the dealer's far left, where the deal and decisions start) to N (the
dealer's far right, where settlement starts), as at every table (games/round_support.py).
"""

from __future__ import annotations

from msgspec import Struct, field

from dealer_trainer.cards import Card
from dealer_trainer.games.community_round import BonusRules, CommunityCardRound
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.round_support import (
    check_dealt_once,
    check_limits,
    check_seats,
)
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.hands import Deal
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    Decision,
    SeatWagers,
    TableDraws,
    bonus_rules,
)
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager

MAX_SEATS = 7
LUCKY_DRAW = LuckyDraw.among_bettors()
"""The Lucky Bonus is drawn among the positions with a Five Card Hand Bonus on them: the
dealing and the analyser both read this."""


class SeatPlay(Struct, frozen=True):
    seat: int
    cards: tuple[Card, Card]
    wagers: SeatWagers
    decision: Decision


class ThbRound(Struct, CommunityCardRound[SeatPlay], frozen=True):
    config: ThbTableConfig
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]
    seats: tuple[SeatPlay, ...]
    draws: TableDraws = field(default_factory=TableDraws)
    seed: int | None = None

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        check_dealt_once([*self.dealer, *self.board, *(c for s in self.seats for c in s.cards)])
        for play in self.seats:
            if play.wagers.ante <= 0:
                raise ValueError(f"seat {play.seat}: every player places an Ante")
            for wager, stake in play.wagers.placed().items():
                if wager is ThbWager.FIVE_CARD_HAND_BONUS:
                    continue
                if not self.config.offers(wager):
                    raise ValueError(f"{self.config.name} does not offer the {wager.value}")
                check_limits(f"seat {play.seat}", wager.value, stake, self.config.limits(wager))
        self.check_five_card_hand_bonus(MAX_SEATS)

    def deal_for(self, seat: SeatPlay) -> Deal:
        return Deal(seat.cards, self.dealer, self.board)

    def bonus_rules(self) -> BonusRules:
        return bonus_rules(self.config)
