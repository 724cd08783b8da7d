"""Four Card Poker targets: five cards per player, six for the dealer, and two ways to rank them.

Positions never share cards, so a target is a hand of one position's cards (§ 641a.1), ranked
the way the wager it names is settled:

- a seat's hand (wager '', Ante, Play, Ante Bonus) and its Aces Up: the best four of the
  player's five cards in the four-card ranking (hands/four_card.py; "Pair of aces" is the Aces
  Up's lowest row, § 641a.1);
- the dealer's hand: the best four of the dealer's six (§ 641a.11(c));
- the Five Card Hand Bonus: five-card poker on the player's five cards, or on the dealer's
  *first five* cards dealt, never the sixth (§ 641a.11(c)(7)); a dealer target on it is the
  "Five Card Hand Bonus royal on the dealer's hand" a lesson asks for.

Four Card Poker's dealer does not qualify and the table has no progressive, so neither "does
not qualify" nor "Envy hand" exists here.

Beyond the cards: a seat places the target's optional wager (Aces Up or the Five Card Hand
Bonus, at the table minimum) if the simulated player did not; a target on the Play Wager, or on
a wager the rules forfeit on a fold (``aces_up_on_fold``, ``five_card_hand_bonus_on_fold``),
makes the player play the smallest multiple instead of folding; a dealer Five Card Hand Bonus
target gets a bettor on the dealer's hand whose bonus is in action. Every other decision is the
simulated strategy's (games/four_card_poker/dealing.py ``decide``).

The game-independent part of all this is games/best_four_targets.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.games.best_four_targets import BestFourTargets
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.four_card_poker.config import FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.dealing import deal_four_card_round
from dealer_trainer.games.four_card_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.round import (
    MAX_SEATS,
    FourCardRound,
    FourCardSeatPlay,
    dealer_hand_bettors,
    fchb_in_action,
)
from dealer_trainer.games.four_card_poker.wagers import FoldRule, FourCardWager

MIN_RANDOM_SEATS, MAX_RANDOM_SEATS = 2, 5


class FourCardTargets(
    BestFourTargets[FourCardPokerTableConfig, FourCardRound, FourCardSeatPlay, FourCardWager]
):
    game = "Four Card Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    wagers = FourCardWager
    side_wager = FourCardWager.ACES_UP
    side_field = "aces_up"
    hand_wagers = ("", "ante", "ante bonus")
    stays_in_wagers = frozenset({FourCardWager.PLAY.value})
    player_cards = PLAYER_CARDS
    dealer_cards = DEALER_CARDS
    dealer_fchb_where = "the dealer's first five cards (§ 641a.11(c)(7))"

    def side_forfeited_on_fold(self, config: FourCardPokerTableConfig) -> bool:
        return config.rules.aces_up_on_fold is FoldRule.FORFEITED

    def fchb_forfeited_on_fold(self, config: FourCardPokerTableConfig) -> bool:
        return config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED

    def side_minimum(self, config: FourCardPokerTableConfig) -> Decimal:
        return config.limits(FourCardWager.ACES_UP).minimum

    def offers(self, config: FourCardPokerTableConfig, wager: FourCardWager) -> bool:
        return config.offers(wager)

    def playing(self, config: FourCardPokerTableConfig, play: FourCardSeatPlay) -> FourCardSeatPlay:
        if not play.folded:
            return play
        return replace(play, decision=Decision.play(min(config.rules.play_multiples)))

    def fchb_in_action(
        self, config: FourCardPokerTableConfig, play: FourCardSeatPlay
    ) -> dict[BetOn, Decimal]:
        return fchb_in_action(config, play)

    def dealer_hand_bettors(
        self, config: FourCardPokerTableConfig, seats: Iterable[FourCardSeatPlay]
    ) -> int:
        return dealer_hand_bettors(config, tuple(seats))

    def deal(
        self,
        config: FourCardPokerTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> FourCardRound:
        return deal_four_card_round(config, seed, seats, preset=preset)


TARGETS = FourCardTargets()

__all__ = ["TARGETS", "FourCardTargets"]
