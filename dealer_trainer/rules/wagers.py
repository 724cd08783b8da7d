"""The Ultimate Texas Hold 'Em wagers and awards, named as the regulations name them."""

from __future__ import annotations

from dealer_trainer.vocabulary import SpotKind, Vocabulary


class UthWager(SpotKind, noun="an Ultimate Texas Hold 'Em wager"):
    """A betting spot or award of Ultimate Texas Hold 'Em (chs. 653a, 653b).

    Magic Card Bonus and Lucky Bonus are not wagers of their own but awards to a Five Card Hand
    Bonus bettor; they are listed so each award is settled and cited separately.
    """

    ANTE = "Ante"
    BLIND = "Blind"
    PLAY = "Play"
    TRIPS = "Trips"
    BAD_BEAT = "Bad Beat bonus"
    PLAY_THE_BOARD = "Play the Board"
    ULTIMATE_PAIRS = "Ultimate Pairs"
    SIX_CARD_BONUS = "Six Card Bonus"
    PROGRESSIVE = "Progressive Payout Wager"
    FIVE_CARD_HAND_BONUS = "Five Card Hand Bonus"
    MAGIC_CARD_BONUS = "Magic Card Bonus"
    LUCKY_BONUS = "Lucky Bonus"
    MUST_HIT_BY = "Must-Hit-By Mystery bonus"

    @property
    def key(self) -> str:
        """The snake_case key used in data files: "play_the_board"."""
        return self.name.lower()


class BetOn(Vocabulary, noun="a hand to bet on"):
    """Which hand a Five Card Hand Bonus is wagered on (§ 653a.1: the player's or the dealer's)."""

    PLAYER = "player's hand"
    DEALER = "dealer's hand"

    @property
    def owner(self) -> str:
        """ "player" or "dealer", for sentences such as "the dealer's two cards"."""
        return self.name.lower()
