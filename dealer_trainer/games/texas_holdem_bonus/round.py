"""A dealt Texas Hold 'Em Bonus Poker round: everything the procedure builder needs.

Seats are numbered 1 (the dealer's far left, where the deal and decisions start) to N (the
dealer's far right, where settlement starts), as at every table (games/round_support.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.five_card_hand_bonus import FchbSettlement, check_wagers
from dealer_trainer.games.round_support import (
    SeatedRound,
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
    settle_five_card_hand_bonus,
)
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager

MAX_SEATS = 7


@dataclass(frozen=True)
class SeatPlay:
    seat: int
    cards: tuple[Card, Card]
    wagers: SeatWagers
    decision: Decision


@dataclass(frozen=True)
class ThbRound(SeatedRound[SeatPlay]):
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
        spec = self.config.five_card_hand_bonus
        check_wagers(
            self.config.name,
            spec,
            {play.seat: play.wagers.fchb_stakes() for play in self.seats},
            None if spec is None else self.draws.fchb(spec, self.dealer_hand_bettors),
            self.dealer_hand_bettors,
            MAX_SEATS,
        )

    def deal_for(self, seat: SeatPlay) -> Deal:
        return Deal(seat.cards, self.dealer, self.board)

    @property
    def dealer_hand_bettors(self) -> int:
        """Players with a Five Card Hand Bonus on the dealer's hand: a percentage-of-meter win
        on it is divided equally among them (§ 639a.12(e)(2), by analogy)."""
        return sum(1 for s in self.seats if s.wagers.five_card_hand_bonus_dealer > 0)

    def five_card_hand_bonus(self, play: SeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers in action, settled by the shared module."""
        return settle_five_card_hand_bonus(
            self.config,
            self.deal_for(play),
            play.wagers.fchb_stakes(),
            play.decision,
            self.draws,
            play.seat,
            self.dealer_hand_bettors,
        )

    def describe(self) -> str:
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}   Board: {format_cards(self.board)}",
        ]
        for s in sorted(self.seats, key=lambda s: s.seat):
            lines.append(f"Seat {s.seat}: {format_cards(s.cards)}  {s.decision}")
        return "\n".join(lines)
