"""A dealt Four Card Poker round: five cards to each player, six to the dealer, the players'
wagers and decisions.

Seats are numbered from the dealer's far left (1) to the far right. Decisions run clockwise from
the dealer's left (four-card-poker.md § 7, by analogy with § 639a.11(b)); settlement runs from
the player farthest to the dealer's right, counterclockwise (§ 641a.11(c), seed 000).

Every hand is kept in dealing order, the dealer's above all: the Five Card Hand Bonus on the
dealer's hand is formed from "the first five cards dealt to the dealer" (§ 641a.11(c)(7), seed
000), so ``FourCardRound.dealer_first_five`` is ready for the shared bonus module.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.four_card_poker.config import FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_hand,
    describe_hand,
)
from dealer_trainer.games.four_card_poker.outcomes import Decision, InvalidDecision
from dealer_trainer.games.four_card_poker.wagers import DealerUpCard, FourCardWager
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money

MAX_SEATS = 6
FIVE_CARD_HAND = 5
"""How many of the dealer's cards, in dealing order, form the dealer's Five Card Hand Bonus
hand (§ 641a.11(c)(7), seed 000)."""


@dataclass(frozen=True)
class FourCardSeatPlay:
    """One player: five cards in dealing order, the Ante, the decision and an optional Aces Up."""

    seat: int
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision
    aces_up: Decimal = ZERO

    def __post_init__(self) -> None:
        object.__setattr__(self, "ante", to_money(self.ante))
        object.__setattr__(self, "aces_up", to_money(self.aces_up))

    @property
    def play(self) -> Decimal:
        """The Play Wager: ``decision.multiple`` times the Ante; $0 after a fold."""
        return self.ante * self.decision.multiple

    @property
    def wagers(self) -> dict[FourCardWager, Decimal]:
        """The chips on the felt when settlement begins, by wager."""
        placed = {
            FourCardWager.ANTE: self.ante,
            FourCardWager.PLAY: self.play,
            FourCardWager.ACES_UP: self.aces_up,
        }
        return {wager: stake for wager, stake in placed.items() if stake > 0}

    def stake(self, wager: FourCardWager) -> Decimal:
        return self.wagers.get(wager, ZERO)

    @property
    def folded(self) -> bool:
        return self.decision.folded


@dataclass(frozen=True)
class FourCardRound:
    config: FourCardPokerTableConfig
    dealer: tuple[Card, ...]
    """The dealer's six cards in dealing order."""
    seats: tuple[FourCardSeatPlay, ...]
    seed: int | None = None

    def __post_init__(self) -> None:
        numbers = [s.seat for s in self.seats]
        if not numbers:
            raise ValueError("a round needs at least one player")
        if len(set(numbers)) != len(numbers):
            raise ValueError("a seat appears twice in the round")
        for number in numbers:
            if not 1 <= number <= MAX_SEATS:
                raise ValueError(f"seat {number} does not exist; seats are 1 to {MAX_SEATS}")
        if len(self.dealer) != DEALER_CARDS:
            raise ValueError(f"the dealer gets six cards, not {len(self.dealer)}")
        seen: set[Card] = set()
        for card in (*self.dealer, *(c for s in self.seats for c in s.cards)):
            if card.is_joker:
                raise ValueError("Four Card Poker is dealt from 52 cards without the joker")
            if card in seen:
                raise ValueError(f"{card.notation} is dealt twice in the round")
            seen.add(card)
        for play in self.seats:
            self._check_seat(play)

    def _check_seat(self, play: FourCardSeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets five cards, not {len(play.cards)}")
        try:
            play.decision.check(config.rules)
        except InvalidDecision as error:
            raise ValueError(f"{where}: {error}") from None
        if play.ante <= 0:
            raise ValueError(f"{where} has no Ante Wager: the Ante is required to play")
        if play.aces_up > 0 and not config.offers(FourCardWager.ACES_UP):
            raise ValueError(f"{where}: {config.name} does not offer the Aces Up Wager")
        for wager in (FourCardWager.ANTE, FourCardWager.ACES_UP):
            stake = play.stake(wager)
            if not stake:
                continue
            limits = config.limits(wager)
            if not limits.minimum <= stake <= limits.maximum:
                raise ValueError(
                    f"{where}: the {wager.value} of {format_money(stake)} is outside the table's "
                    f"limits, {format_money(limits.minimum)} to {format_money(limits.maximum)}"
                )

    @cached_property
    def dealer_hand(self) -> HandValue:
        """The four cards the dealer selects from the six (§ 641a.11(c), seed 000)."""
        return dealer_hand(self.dealer)

    @property
    def dealer_first_five(self) -> tuple[Card, ...]:
        """The dealer's first five cards dealt: the dealer's Five Card Hand Bonus hand
        (§ 641a.11(c)(7), seed 000)."""
        return self.dealer[:FIVE_CARD_HAND]

    @property
    def up_card(self) -> Card | None:
        """The dealer's card dealt face up before the decisions, if the table deals one."""
        if self.config.rules.dealer_up_card is DealerUpCard.SIXTH:
            return self.dealer[DEALER_CARDS - 1]
        return None

    def seat(self, number: int) -> FourCardSeatPlay:
        for play in self.seats:
            if play.seat == number:
                return play
        raise KeyError(f"seat {number} is not in play")

    def decision_order(self) -> tuple[FourCardSeatPlay, ...]:
        """From the player farthest to the dealer's left, clockwise (by analogy, § 639a.11(b))."""
        return tuple(sorted(self.seats, key=lambda s: s.seat))

    def settlement_order(self) -> tuple[FourCardSeatPlay, ...]:
        """From the player farthest to the dealer's right, counterclockwise (§ 641a.11(c))."""
        return tuple(sorted(self.seats, key=lambda s: -s.seat))

    def describe(self) -> str:
        up = f"  (up card {self.up_card.notation})" if self.up_card is not None else ""
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}{up}  best four {describe_hand(self.dealer_hand)}",
        ]
        for s in self.decision_order():
            side = f", Aces Up {format_money(s.aces_up)}" if s.aces_up else ""
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Ante {format_money(s.ante)}{side}, "
                f"{s.decision}"
            )
        return "\n".join(lines)


__all__ = ["FIVE_CARD_HAND", "MAX_SEATS", "FourCardRound", "FourCardSeatPlay"]
