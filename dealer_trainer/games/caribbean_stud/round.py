"""A dealt Caribbean Stud Poker round: five cards to each player and the dealer, the players'
wagers and decisions, and the progressive meter.

Seats are numbered from the dealer's far left (1) to the far right (7): decisions run from the
player farthest to the dealer's left, clockwise (§ 639a.11(b)), and settlement from the player
farthest to the dealer's right, counterclockwise (§ 639a.11(c), seed 000). The dealer's fifth
card is the up card; the first four are the hole cards (§ 639a.1).
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.caribbean_stud.config import CaribbeanStudTableConfig
from dealer_trainer.games.caribbean_stud.hands import describe_hand, five_card_hand
from dealer_trainer.games.caribbean_stud.outcomes import StudWagers
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    FchbDraws,
    FchbSettlement,
    check_wagers,
    settle_stakes,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.round_support import (
    SeatedRound,
    check_dealt_once,
    check_limits,
    check_seats,
    placed_fchb,
)
from dealer_trainer.hands.hand_value import HandValue

MAX_SEATS = 7
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=True)
"""The Lucky Bonus is drawn among every seat, empty or not, and the dealer position: the
dealing and the analyser both read this."""
HOLE_CARDS = 4
"""The dealer's first four cards are dealt face down, the fifth face up (§ 639a.1)."""


class CaribbeanStudSeatPlay(Struct, frozen=True):
    seat: int
    cards: tuple[Card, ...]
    wagers: StudWagers
    decision: StudDecision

    @property
    def folded(self) -> bool:
        return self.decision.folded

    @property
    def bet(self) -> Decimal:
        """The Bet Wager made at the decision: twice the Ante, or nothing on a fold."""
        return self.wagers.bet(self.decision)

    def placed(self) -> dict[CaribbeanStudWager, Decimal]:
        return self.wagers.placed(self.decision)

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand (a fold keeps them, § 639a.11(b))."""
        return placed_fchb(
            self.wagers.five_card_hand_bonus, self.wagers.five_card_hand_bonus_dealer
        )

    @property
    def hand(self) -> HandValue:
        return five_card_hand(self.cards)


class CaribbeanStudRound(Struct, SeatedRound[CaribbeanStudSeatPlay], frozen=True):
    config: CaribbeanStudTableConfig
    dealer: tuple[Card, ...]
    seats: tuple[CaribbeanStudSeatPlay, ...]
    progressive_meter: Decimal | None = None
    seed: int | None = None
    fchb: FchbDraws | None = None
    """The table game system's Five Card Hand Bonus draws; needed when such a wager is placed."""

    def __post_init__(self) -> None:
        check_seats(
            [s.seat for s in self.seats],
            MAX_SEATS,
            twice="a seat appears twice in the round; a player may not wager on more than one "
            "player position (§ 639a.7(e))",
        )
        if len(self.dealer) != 5:
            raise ValueError(f"the dealer gets five cards, not {len(self.dealer)}")
        check_dealt_once(
            (*self.dealer, *(c for s in self.seats for c in s.cards)),
            "Caribbean Stud Poker is dealt without the joker",
        )
        for play in self.seats:
            if len(play.cards) != 5:
                raise ValueError(f"seat {play.seat} gets five cards, not {len(play.cards)}")
            for wager, stake in play.placed().items():
                if not self.config.offers(wager):
                    raise ValueError(
                        f"seat {play.seat}: {self.config.name} does not offer the {wager.value}"
                    )
                if wager is CaribbeanStudWager.BET:
                    continue
                check_limits(f"seat {play.seat}", wager.value, stake, self.config.limits(wager))
        if (
            self.progressive_meter is None
            and self.config.progressive_pays_meter_share
            and any(play.wagers.progressive > 0 for play in self.seats)
        ):
            raise ValueError(
                "progressive_meter: the meter amount is needed: a Progressive Payout Wager is "
                "placed and the table's progressive pays a share of the meter"
            )
        if self.progressive_meter is not None and self.progressive_meter <= 0:
            raise ValueError(f"the progressive meter is positive, not {self.progressive_meter}")
        self._check_five_card_hand_bonus()

    def _check_five_card_hand_bonus(self) -> None:
        """Offered on that hand, within the limits, with the system's draws (§ 639a.12(e))."""
        check_wagers(
            self.config.name,
            self.config.five_card_hand_bonus,
            {play.seat: play.fchb_stakes() for play in self.seats},
            self.fchb,
            self.dealer_hand_bettors,
            MAX_SEATS,
        )

    @property
    def dealer_hand_bettors(self) -> int:
        """Players with a Five Card Hand Bonus on the dealer's hand: a meter award on it is
        divided equally among them (§ 639a.12(e)(2))."""
        return sum(1 for play in self.seats if play.wagers.five_card_hand_bonus_dealer > 0)

    def five_card_hand_bonus(self, play: CaribbeanStudSeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers settled on the five cards dealt to the player
        and to the dealer (§ 639a.1); a fold does not forfeit them (§ 639a.11(b))."""
        return settle_stakes(
            self.config.five_card_hand_bonus,
            self.fchb,
            play.seat,
            play.fchb_stakes(),
            {BetOn.PLAYER: play.cards, BetOn.DEALER: self.dealer},
            self.config.rules.meter_payout_rounding,
        )

    @property
    def up_card(self) -> Card:
        return self.dealer[HOLE_CARDS]

    @property
    def hole_cards(self) -> tuple[Card, ...]:
        return self.dealer[:HOLE_CARDS]

    @property
    def dealer_hand(self) -> HandValue:
        """The dealer's four hole cards and up card arranged into the highest-ranking five-card
        hand (§ 639a.11(c))."""
        return five_card_hand(self.dealer)

    def describe(self) -> str:
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.hole_cards)} (hole)  {self.up_card.notation} (up)  "
            f"{describe_hand(self.dealer_hand)}",
        ]
        for s in self.decision_order():
            lines.append(f"Seat {s.seat}: {format_cards(s.cards)}  {s.decision.value}")
        return "\n".join(lines)


__all__ = ["HOLE_CARDS", "MAX_SEATS", "CaribbeanStudRound", "CaribbeanStudSeatPlay"]
