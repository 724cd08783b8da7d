"""A dealt round of a game of two hole cards and five community cards (Ultimate Texas Hold 'Em,
Texas Hold 'Em Bonus Poker), and its Five Card Hand Bonus.

Both games form the Five Card Hand Bonus hand from the wagered hand's two cards and the flop
only, never the turn or river (seed 000, preamble on the proposed amendments of §§ 647a.11 and
653a.11); match the Magic Card against those five or the two cards alone, as the Rules
Submission says; and forfeit the bonus on the player's hand on a fold only where the rules say
so, never the one on the dealer's hand. What differs is the setting's enumeration and the
citations, which a game hands over as ``BonusRules``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from decimal import Decimal
from typing import Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.community_cards import CommunityDeal, CommunityPlay
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbSettlement,
    FiveCardHandBonusSpec,
    check_wagers,
    settle,
)
from dealer_trainer.games.round_support import SeatedRound
from dealer_trainer.rules.money import Rounding


class BonusRules(Struct, frozen=True):
    """How a table settles the Five Card Hand Bonus, from its Rules Submission."""

    forfeited_on_fold: bool
    """A fold forfeits the bonus on the player's hand (never the one on the dealer's)."""
    magic_on_two_cards: bool
    """The Magic Card is matched against the wagered hand's two cards only."""
    meter_rounding: Rounding
    flop: str
    """How the reasons name the flop ("flop", "Flop")."""
    citing: Citing


def bonus_in_action(
    stakes: Mapping[BetOn, Decimal], folded: bool, rules: BonusRules
) -> dict[BetOn, Decimal]:
    """The Five Card Hand Bonus stakes still in action: all, unless the player folded and the
    table forfeits the bonus on the player's hand on a fold; never the dealer's hand."""
    return {
        hand: stake
        for hand, stake in stakes.items()
        if not (rules.forfeited_on_fold and folded and hand is BetOn.PLAYER)
    }


def settle_hand_bonus(
    table: str,
    spec: FiveCardHandBonusSpec | None,
    rules: BonusRules,
    deal: CommunityDeal,
    stakes: Mapping[BetOn, Decimal],
    folded: bool,
    draws: TableDraws,
    seat: int,
    dealer_hand_bettors: int,
) -> tuple[FchbSettlement, ...]:
    """One seat's Five Card Hand Bonus wagers still in action, settled by the shared module on each
    hand's two cards and the flop, with any Magic Card Bonus and Lucky Bonus won. A
    percentage-of-meter win on the dealer's hand is divided among its ``dealer_hand_bettors``.
    Raises ``ValueError`` for a bonus on a table that does not offer it, or a
    percentage-of-meter win when the draws state no meter."""
    if spec is None:
        if stakes:
            raise ValueError(f"{table} does not offer the Five Card Hand Bonus")
        return ()
    settlements: list[FchbSettlement] = []
    for hand, stake in bonus_in_action(stakes, folded, rules).items():
        two = deal.two_cards(hand)
        settlement = settle(
            spec,
            (*two, *deal.flop),
            stake,
            hand,
            draws.fchb(spec, dealer_hand_bettors),
            seat,
            meter_rounding=rules.meter_rounding,
            magic_cards=two if rules.magic_on_two_cards else None,
            magic_cards_name=(
                "two cards" if rules.magic_on_two_cards else f"two cards and the {rules.flop}"
            ),
            citing=rules.citing,
        )
        if draws.meter is None and any(p.is_meter_award for p in settlement.payouts):
            raise ValueError(
                f"draws.meter: the {hand.owner}'s {settlement.hand.rank.value.lower()} is paid "
                "a percentage of the Five Card Hand Bonus meter: the meter amount is needed"
            )
        settlements.append(settlement)
    return tuple(settlements)


class _Table(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


P = TypeVar("P", bound=CommunityPlay)


class CommunityCardRound(SeatedRound[P]):
    """What a game's round (a frozen Struct with these fields) shares: the Five Card Hand
    Bonus of each seat, its checks, and the one-line account of the deal."""

    config: _Table
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]
    draws: TableDraws

    @abstractmethod
    def deal_for(self, seat: P) -> CommunityDeal:
        """``seat``'s cards, the dealer's and the board."""

    @abstractmethod
    def bonus_rules(self) -> BonusRules:
        """How the table's Rules Submission settles the Five Card Hand Bonus."""

    def check_five_card_hand_bonus(self, max_seats: int) -> None:
        """Offered on that hand and within the limits, as in every game (§ 639a.12(e), by
        analogy)."""
        spec = self.config.five_card_hand_bonus
        check_wagers(
            self.config.name,
            spec,
            {play.seat: play.wagers.fchb_stakes() for play in self.seats},
            None if spec is None else self.draws.fchb(spec, self.dealer_hand_bettors),
            self.dealer_hand_bettors,
            max_seats,
        )

    @property
    def dealer_hand_bettors(self) -> int:
        """Players with a Five Card Hand Bonus on the dealer's hand: a percentage-of-meter win
        on it is divided equally among them (§ 639a.12(e)(2), by analogy). A fold never
        forfeits a bonus on the dealer's hand, so every such bettor counts."""
        return sum(1 for s in self.seats if s.wagers.five_card_hand_bonus_dealer > 0)

    def five_card_hand_bonus(self, play: P) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers in action, settled by the shared module."""
        return settle_hand_bonus(
            self.config.name,
            self.config.five_card_hand_bonus,
            self.bonus_rules(),
            self.deal_for(play),
            play.wagers.fchb_stakes(),
            play.decision.folded,
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


__all__ = ["BonusRules", "CommunityCardRound", "bonus_in_action", "settle_hand_bonus"]
