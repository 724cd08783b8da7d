"""A dealt Crazy 4 Poker round: five cards to each player and to the dealer, the players'
wagers and decisions.

Seats are numbered from the dealer's far left (1) to the far right. Decisions run clockwise from
the dealer's left; settlement runs from the player farthest to the dealer's right,
counterclockwise, as in every chapter of the Code's poker games (e.g. § 641a.11(c), seed 000).
§ 657a.11 is not among the stored pages, so this order is the common one, by analogy.

The dealer's Five Card Hand Bonus hand is the dealer's five cards
(``Crazy4Round.dealer_first_five``), which the shared bonus module settles
(games/five_card_hand_bonus.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.crazy_4_poker.config import Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_hand,
    describe_hand,
    qualifies,
)
from dealer_trainer.games.crazy_4_poker.outcomes import Decision, InvalidDecision
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, FoldRule
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    FchbSettlement,
    check_wagers,
    settle_stakes,
)
from dealer_trainer.games.round_support import (
    SeatedRound,
    check_dealt_once,
    check_limits,
    check_seats,
    placed_fchb,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money

MAX_SEATS = 6
FCHB_CITING = Citing(by_analogy=True, definitions="§ 657a.1")
"""§ 657a.1 defines the Magic Card and Lucky Bonus; the bonus's payout and procedure paragraphs
of ch. 657a are not among the stored pages, so they are cited from ch. 639a, by analogy."""
FIVE_CARD_HAND = 5
"""How many of the dealer's cards form the dealer's Five Card Hand Bonus hand: all five."""


@dataclass(frozen=True)
class Crazy4SeatPlay:
    """One player: five cards in dealing order, the Ante (and the equal Super Bonus), the
    decision and an optional Queens Up.

    ``five_card_hand_bonus`` and ``five_card_hand_bonus_dealer`` are the electronic Five Card
    Hand Bonus on the player's and on the dealer's hand (§ 657a.1); they are not in ``wagers``:
    no chips lie on the layout, and the shared module settles them.
    """

    seat: int
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision
    queens_up: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in ("ante", "queens_up", "five_card_hand_bonus", "five_card_hand_bonus_dealer"):
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            object.__setattr__(self, name, amount)

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand, placed ones only."""
        return placed_fchb(self.five_card_hand_bonus, self.five_card_hand_bonus_dealer)

    @property
    def play(self) -> Decimal:
        """The Play Wager: ``decision.multiple`` times the Ante; $0 after a fold."""
        return self.ante * self.decision.multiple

    @property
    def super_bonus(self) -> Decimal:
        """The Super Bonus, placed with the Ante in the same amount."""
        return self.ante

    @property
    def wagers(self) -> dict[Crazy4Wager, Decimal]:
        """The chips on the felt when settlement begins, by wager."""
        placed = {
            Crazy4Wager.ANTE: self.ante,
            Crazy4Wager.SUPER_BONUS: self.super_bonus,
            Crazy4Wager.PLAY: self.play,
            Crazy4Wager.QUEENS_UP: self.queens_up,
        }
        return {wager: stake for wager, stake in placed.items() if stake > 0}

    def stake(self, wager: Crazy4Wager) -> Decimal:
        return self.wagers.get(wager, ZERO)

    @property
    def folded(self) -> bool:
        return self.decision.folded


def fchb_in_action(config: Crazy4PokerTableConfig, play: Crazy4SeatPlay) -> dict[BetOn, Decimal]:
    """``play``'s Five Card Hand Bonus stakes still in action: all of them, unless the player
    folded and the table forfeits the bonus on a fold (``rules.five_card_hand_bonus_on_fold``:
    § 657a.11(b) is not in the seeds; by default it stays, as § 639a.11(b) has it)."""
    if play.folded and config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED:
        return {}
    return play.fchb_stakes()


def dealer_hand_bettors(config: Crazy4PokerTableConfig, seats: Sequence[Crazy4SeatPlay]) -> int:
    """How many players' Five Card Hand Bonus on the dealer's hand is in action: a
    percentage-of-meter win on it is divided equally among them (by analogy with § 641a.12(g)(2),
    seed 000)."""
    return sum(1 for play in seats if BetOn.DEALER in fchb_in_action(config, play))


@dataclass(frozen=True)
class Crazy4Round(SeatedRound[Crazy4SeatPlay]):
    config: Crazy4PokerTableConfig
    dealer: tuple[Card, ...]
    """The dealer's five cards in dealing order."""
    seats: tuple[Crazy4SeatPlay, ...]
    seed: int | None = None
    fchb: FchbDraws | None = None
    """The table game system's Five Card Hand Bonus draws; needed when such a wager is placed."""

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        if len(self.dealer) != DEALER_CARDS:
            raise ValueError(f"the dealer gets five cards, not {len(self.dealer)}")
        check_dealt_once(
            (*self.dealer, *(c for s in self.seats for c in s.cards)),
            "Crazy 4 Poker is dealt from 52 cards without the joker",
        )
        for play in self.seats:
            self._check_seat(play)
        self._check_five_card_hand_bonus()

    def _check_five_card_hand_bonus(self) -> None:
        """Offered on that hand, within the limits, with the system's draws."""
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
        """Players with a Five Card Hand Bonus on the dealer's hand still in action: a meter
        award on it is divided equally among them."""
        return dealer_hand_bettors(self.config, self.seats)

    def fchb_in_action(self, play: Crazy4SeatPlay) -> dict[BetOn, Decimal]:
        return fchb_in_action(self.config, play)

    def five_card_hand_bonus(self, play: Crazy4SeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers in action, settled on the player's five cards
        and on the dealer's five cards."""
        cards = {BetOn.PLAYER: play.cards, BetOn.DEALER: self.dealer_first_five}
        return settle_stakes(
            self.config.five_card_hand_bonus,
            self.fchb,
            play.seat,
            self.fchb_in_action(play),
            cards,
            citing=FCHB_CITING,
        )

    def _check_seat(self, play: Crazy4SeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets five cards, not {len(play.cards)}")
        try:
            play.decision.check(config.rules, play.cards)
        except InvalidDecision as error:
            raise ValueError(f"{where}: {error}") from None
        if play.ante <= 0:
            raise ValueError(f"{where} has no Ante Wager: the Ante is required to play")
        if play.queens_up > 0 and not config.offers(Crazy4Wager.QUEENS_UP):
            raise ValueError(f"{where}: {config.name} does not offer the Queens Up Wager")
        for wager in (Crazy4Wager.ANTE, Crazy4Wager.QUEENS_UP):
            stake = play.stake(wager)
            if not stake:
                continue
            check_limits(where, wager.value, stake, config.limits(wager))

    @cached_property
    def dealer_hand(self) -> HandValue:
        """The best four of the dealer's five cards."""
        return dealer_hand(self.dealer)

    @property
    def dealer_qualifies(self) -> bool:
        """King high or better."""
        return qualifies(self.dealer_hand)

    @property
    def dealer_first_five(self) -> tuple[Card, ...]:
        """The dealer's five cards: the dealer's Five Card Hand Bonus hand."""
        return self.dealer[:FIVE_CARD_HAND]

    def describe(self) -> str:
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}  best four {describe_hand(self.dealer_hand)}",
        ]
        for s in self.decision_order():
            side = f", Super Bonus {format_money(s.super_bonus)}"
            side += f", Queens Up {format_money(s.queens_up)}" if s.queens_up else ""
            for hand, stake in s.fchb_stakes().items():
                side += f", Five Card Hand Bonus on the {hand.value} {format_money(stake)}"
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Ante {format_money(s.ante)}{side}, "
                f"{s.decision}"
            )
        return "\n".join(lines)


__all__ = [
    "FCHB_CITING",
    "FIVE_CARD_HAND",
    "MAX_SEATS",
    "Crazy4Round",
    "Crazy4SeatPlay",
    "dealer_hand_bettors",
    "fchb_in_action",
]
