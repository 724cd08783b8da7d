"""What a dealt round of a best-four game (five cards to each player, the dealer's best four)
shares: the electronic Five Card Hand Bonus on the player's hand and on the dealer's.

A player may place the bonus on the player's five cards and on the dealer's first five cards
dealt. A fold keeps both in action unless the Rules Submission forfeits them; a
percentage-of-meter win on the dealer's hand is divided equally among the players whose bonus on
it is still in action. The round checks the stakes against the table's offer and limits and
settles them through the shared bonus module (games/five_card_hand_bonus.py), cited as the game
says (``fchb_citing``).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import ClassVar, Protocol, TypeVar

from dealer_trainer.cards import Card
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    FchbSettlement,
    FiveCardHandBonusSpec,
    check_wagers,
    settle_stakes,
)
from dealer_trainer.games.round_support import SeatedRound

FIVE_CARD_HAND = 5
"""How many of the dealer's cards, in dealing order, form the dealer's Five Card Hand Bonus
hand."""


class _Play(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def folded(self) -> bool: ...
    def fchb_stakes(self) -> dict[BetOn, Decimal]: ...


class _Config(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


P = TypeVar("P", bound=_Play)


def fchb_stakes_in_action(play: _Play, forfeited_on_fold: bool) -> dict[BetOn, Decimal]:
    """``play``'s Five Card Hand Bonus stakes still in action: all of them, unless the player
    folded and the table forfeits the bonus on a fold."""
    if play.folded and forfeited_on_fold:
        return {}
    return play.fchb_stakes()


def bettors_on_dealer(seats: Iterable[_Play], forfeited_on_fold: bool) -> int:
    """How many players' Five Card Hand Bonus on the dealer's hand is in action."""
    return sum(
        1 for play in seats if BetOn.DEALER in fchb_stakes_in_action(play, forfeited_on_fold)
    )


class FchbSeatedRound(SeatedRound[P]):
    """Mixed into a game's frozen round record, whose fields ``config``, ``dealer``, ``seats``
    and ``fchb`` it reads; the game says how many seats it has, how it cites the bonus and
    whether its Rules Submission forfeits the bonus on a fold."""

    config: _Config
    dealer: tuple[Card, ...]
    fchb: FchbDraws | None
    max_seats: ClassVar[int]
    fchb_citing: ClassVar[Citing]

    def fchb_forfeited_on_fold(self) -> bool:
        raise NotImplementedError

    def _check_five_card_hand_bonus(self) -> None:
        """Offered on that hand, within the limits, with the system's draws."""
        check_wagers(
            self.config.name,
            self.config.five_card_hand_bonus,
            {play.seat: play.fchb_stakes() for play in self.seats},
            self.fchb,
            self.dealer_hand_bettors,
            self.max_seats,
        )

    @property
    def dealer_hand_bettors(self) -> int:
        """Players with a Five Card Hand Bonus on the dealer's hand still in action: a meter
        award on it is divided equally among them."""
        return bettors_on_dealer(self.seats, self.fchb_forfeited_on_fold())

    def fchb_in_action(self, play: P) -> dict[BetOn, Decimal]:
        return fchb_stakes_in_action(play, self.fchb_forfeited_on_fold())

    def five_card_hand_bonus(self, play: P) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers in action, settled on the player's five cards
        and on the dealer's first five cards dealt."""
        cards = {BetOn.PLAYER: play.cards, BetOn.DEALER: self.dealer_first_five}
        return settle_stakes(
            self.config.five_card_hand_bonus,
            self.fchb,
            play.seat,
            self.fchb_in_action(play),
            cards,
            citing=self.fchb_citing,
        )

    @property
    def dealer_first_five(self) -> tuple[Card, ...]:
        """The dealer's first five cards dealt: the dealer's Five Card Hand Bonus hand."""
        return self.dealer[:FIVE_CARD_HAND]


__all__ = [
    "FIVE_CARD_HAND",
    "FchbSeatedRound",
    "bettors_on_dealer",
    "fchb_stakes_in_action",
]
