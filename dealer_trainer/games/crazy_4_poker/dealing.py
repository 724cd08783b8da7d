"""Random practice rounds of Crazy 4 Poker, dealt and played as at a real table.

A generated round is one a table could produce: the Ante and an equal Super Bonus within the
Rules Submission's limits, a Queens Up only where the table offers it, Play Wagers the table
allows for the cards. Every round is reproducible from its seed: the cards come off a 52-card
``Deck(seed)`` in dealing order, the wagers from a second generator derived from the seed so
they do not echo the shuffle, and the decisions from the cards alone (``decide``).

The dealing paragraphs (§§ 657a.8-657a.10) are not among the stored pages; the order modelled is
the common one: wagers, "no more bets", five rounds of one card at a time, face down, from the
dealer's far left to the dealer, decisions clockwise from the dealer's left, and the dealer's
reveal. Casinos also deal from an automated shoe in stacks of five; who gets which card does not
change the settlement. No burn cards are modelled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dealer_trainer.cards import Card
from dealer_trainer.engine.dealing import DealEvent
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.best_four_dealing import (
    BestFourTable,
    SeatStakes,
    best_four_sequence,
    cards_dealt_in_order,
    check_chances,
    deal_best_four,
    with_progressives,
)
from dealer_trainer.games.best_four_progressive import FIVE, FOUR, stake_texts
from dealer_trainer.games.crazy_4_poker.config import (
    PROGRESSIVE,
    Crazy4PokerRules,
    Crazy4PokerTableConfig,
)
from dealer_trainer.games.crazy_4_poker.hands import (
    PLAYER_CARDS,
    describe_hand,
    may_raise,
    player_hand,
    qualifies,
)
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.round import (
    LUCKY_DRAW,
    MAX_SEATS,
    Crazy4Round,
    Crazy4SeatPlay,
    dealer_hand_bettors,
)
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager
from dealer_trainer.rules.money import format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 5


# --- the simulated player ----------------------------------------------------------------------


def decide(cards: Sequence[Card], rules: Crazy4PokerRules) -> Decision:
    """A player following a simple, well-known Crazy 4 Poker strategy, so the rounds show the mix
    of big Play Wagers, small ones and folds a dealer meets at a real table: the largest Play
    the table allows with a pair of aces or better in the best four of five, the smallest with
    king high or better, and a fold below that."""
    hand = player_hand(cards)
    if may_raise(hand):
        return Decision.play(max(rules.raise_multiples))
    if qualifies(hand):
        return Decision.play(min(rules.play_multiples))
    return Decision.fold()


# --- dealing a round ----------------------------------------------------------------------------


def _receivers(seats: Sequence[int]) -> list[int]:
    """Who receives each card: five times around from the dealer's far left to the dealer."""
    once = [*sorted(seats), DEALER]
    return once * PLAYER_CARDS


def deal_crazy4_round(
    config: Crazy4PokerTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    queens_up_chance: float = 0.5,
    bonus_chance: float = 0.5,
    progressive_chance: float = 0.6,
    preset: Mapping[int, Sequence[Card]] | None = None,
) -> Crazy4Round:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 5 of the 6.
    Where the table offers the Queens Up, each player places one with ``queens_up_chance``; where
    it offers the Five Card Hand Bonus, one on each offered hand with ``bonus_chance``, and the
    table game system draws its meter, Magic Card and Lucky position. ``preset`` gives chosen
    seats their five cards or the ``DEALER`` five, in dealing order (the constrained deals of
    games/crazy_4_poker/targets.py); everyone else is dealt from ``Deck(seed)`` without those
    cards, in the usual order.
    """
    check_chances(
        {
            "queens_up_chance": queens_up_chance,
            "bonus_chance": bonus_chance,
            "progressive_chance": progressive_chance,
        }
    )
    table = BestFourTable(
        "crazy-4-poker-practice-round",
        MAX_SEATS,
        (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS),
        _receivers,
        config.limits(Crazy4Wager.ANTE),
        config.queens_up,
        config.five_card_hand_bonus,
        LUCKY_DRAW,
    )

    def seat_play(seat: int, five: tuple[Card, ...], stakes: SeatStakes) -> Crazy4SeatPlay:
        decision = decide(five, config.rules)
        return Crazy4SeatPlay(
            seat, five, stakes.ante, decision, stakes.side, stakes.fchb_player, stakes.fchb_dealer
        )

    dealer, plays, draws = deal_best_four(
        table,
        seed,
        seats,
        preset,
        side_chance=queens_up_chance,
        bonus_chance=bonus_chance,
        seat_play=seat_play,
        dealer_hand_bettors=lambda plays: dealer_hand_bettors(config, plays),
    )
    plays, meters = with_progressives(
        config, PROGRESSIVE, table.rng_name, seed, plays, progressive_chance
    )
    return Crazy4Round(config, dealer, plays, seed, draws, meters.get(FOUR), meters.get(FIVE))


def cards_in_dealing_order(round_: Crazy4Round) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from
    ``deal_crazy4_round`` equals the first cards of ``Deck(round_.seed)``."""
    return cards_dealt_in_order(round_, _receivers)


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: Crazy4SeatPlay) -> str:
    parts = [f"Ante {format_money(play.ante)}", f"Super Bonus {format_money(play.super_bonus)}"]
    if play.queens_up:
        parts.append(f"Queens Up {format_money(play.queens_up)}")
    parts += stake_texts(play)
    for hand, stake in play.fchb_stakes().items():
        parts.append(f"Five Card Hand Bonus on the {hand.value} {format_money(stake)}")
    return f"Seat {play.seat} bets " + ", ".join(parts)


def _decision_text(play: Crazy4SeatPlay) -> str:
    if play.folded:
        return f"Seat {play.seat} folds: the Ante, the Super Bonus and the hand are forfeited"
    return f"Seat {play.seat} plays {play.decision.multiple}x: Play {format_money(play.play)}"


def crazy4_dealing_sequence(round_: Crazy4Round) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order, for the GUI to
    animate and the log to print."""
    return best_four_sequence(round_, _receivers, _wager_text, _decision_text, describe_hand)


__all__ = [
    "cards_in_dealing_order",
    "crazy4_dealing_sequence",
    "deal_crazy4_round",
    "decide",
]
