"""Crazy 4 Poker targets: five cards per player and for the dealer, and two ways to rank them.

Positions never share cards, so a target is a hand of one position's cards, ranked the way the
wager it names is settled:

- a seat's hand (wager '', Ante, Play, Super Bonus) and its Queens Up: the best four of the
  player's five cards in the four-card ranking (§ 657a.6(b); "Four aces" is the Super Bonus's top
  row, "Pair of queens" the Queens Up's lowest);
- the dealer's hand: the best four of the dealer's five ("King high" is the least that
  qualifies);
- the Five Card Hand Bonus: five-card poker on the player's five cards or on the dealer's five.

Beyond the cards: a seat places the target's optional wager (Queens Up or the Five Card Hand
Bonus, at the table minimum) if the simulated player did not; a target on the Play or the Super
Bonus, or on a wager the rules forfeit on a fold, makes the player play the smallest multiple
instead of folding; a dealer Five Card Hand Bonus target gets a bettor on the dealer's hand whose
bonus is in action. Every other decision is the simulated strategy's (dealing.py ``decide``).

The game-independent part of all this is games/best_four_targets.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.games.best_four_targets import BestFourTargets
from dealer_trainer.games.crazy_4_poker.config import Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.dealing import deal_crazy4_round
from dealer_trainer.games.crazy_4_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.round import (
    MAX_SEATS,
    Crazy4Round,
    Crazy4SeatPlay,
    dealer_hand_bettors,
    fchb_in_action,
)
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, FoldRule
from dealer_trainer.games.five_card_hand_bonus import BetOn

MIN_RANDOM_SEATS, MAX_RANDOM_SEATS = 2, 5


class Crazy4Targets(
    BestFourTargets[Crazy4PokerTableConfig, Crazy4Round, Crazy4SeatPlay, Crazy4Wager]
):
    game = "Crazy 4 Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    wagers = Crazy4Wager
    side_wager = Crazy4Wager.QUEENS_UP
    side_field = "queens_up"
    stays_in_wagers = frozenset({Crazy4Wager.PLAY.value, Crazy4Wager.SUPER_BONUS.value})
    player_cards = PLAYER_CARDS
    dealer_cards = DEALER_CARDS

    def side_forfeited_on_fold(self, config: Crazy4PokerTableConfig) -> bool:
        return config.rules.queens_up_on_fold is FoldRule.FORFEITED

    def fchb_forfeited_on_fold(self, config: Crazy4PokerTableConfig) -> bool:
        return config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED

    def side_minimum(self, config: Crazy4PokerTableConfig) -> Decimal:
        return config.limits(Crazy4Wager.QUEENS_UP).minimum

    def offers(self, config: Crazy4PokerTableConfig, wager: Crazy4Wager) -> bool:
        return config.offers(wager)

    def playing(self, config: Crazy4PokerTableConfig, play: Crazy4SeatPlay) -> Crazy4SeatPlay:
        if not play.folded:
            return play
        return replace(play, decision=Decision.play(min(config.rules.play_multiples)))

    def fchb_in_action(
        self, config: Crazy4PokerTableConfig, play: Crazy4SeatPlay
    ) -> dict[BetOn, Decimal]:
        return fchb_in_action(config, play)

    def dealer_hand_bettors(
        self, config: Crazy4PokerTableConfig, seats: Iterable[Crazy4SeatPlay]
    ) -> int:
        return dealer_hand_bettors(config, tuple(seats))

    def deal(
        self,
        config: Crazy4PokerTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> Crazy4Round:
        return deal_crazy4_round(config, seed, seats, preset=preset)


TARGETS = Crazy4Targets()

__all__ = ["TARGETS", "Crazy4Targets"]
