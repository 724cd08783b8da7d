"""A dealt Ultimate Texas Hold 'Em round: everything the procedure builder needs.

Seats are numbered 1 (the dealer's far left, "first base", where decisions start) to N (the
dealer's far right, where settlement starts): decisions run clockwise from the dealer's left
and settlement counterclockwise from the dealer's right (§§ 639a.11(b)-(c), by analogy).
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct, field

from dealer_trainer.cards import Card
from dealer_trainer.games.community_round import BonusRules, CommunityCardRound
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.round_support import (
    check_dealt_once,
    check_limits,
    check_seats,
)
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.hands import Deal
from dealer_trainer.games.uth.outcomes import (
    Decision,
    SeatWagers,
    TableDraws,
    bonus_rules,
)
from dealer_trainer.games.uth.wagers import UthWager

MAX_SEATS = 7
LUCKY_DRAW = LuckyDraw.among_bettors()
"""The Lucky Bonus is drawn among the positions with a Five Card Hand Bonus on them: the
dealing and the analyser both read this."""


class SeatPlay(Struct, frozen=True):
    seat: int
    cards: tuple[Card, Card]
    wagers: SeatWagers
    decision: Decision


class MustHitByState(Struct, frozen=True):
    """The Must-Hit-By meter before the round's contributions and the RNG's hidden value."""

    meter: Decimal
    trigger: Decimal


class UthRound(Struct, CommunityCardRound[SeatPlay], frozen=True):
    config: UthTableConfig
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]
    seats: tuple[SeatPlay, ...]
    draws: TableDraws = field(default_factory=TableDraws)
    must_hit_by: MustHitByState | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS)
        check_dealt_once([*self.dealer, *self.board, *(c for s in self.seats for c in s.cards)])
        self._check_limits()
        self.check_five_card_hand_bonus(MAX_SEATS)

    def _check_limits(self) -> None:
        """Every wager the Rules Submission limits lies within its limits, as in every game;
        the Five Card Hand Bonus is checked with its draws below."""
        for play in self.seats:
            for wager, stake in play.wagers.placed().items():
                if wager is UthWager.FIVE_CARD_HAND_BONUS:
                    continue
                try:
                    limits = self.config.limits(wager)
                except KeyError:
                    continue
                check_limits(f"seat {play.seat}", wager.value, stake, limits)

    def deal_for(self, seat: SeatPlay) -> Deal:
        return Deal(seat.cards, self.dealer, self.board)

    def bonus_rules(self) -> BonusRules:
        return bonus_rules(self.config)
