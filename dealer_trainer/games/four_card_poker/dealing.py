"""Random practice rounds of Four Card Poker, dealt and played as at a real table.

A generated round is one a table could produce: wagers within the Rules Submission's limits, an
Aces Up only where the table offers it, Play Wagers the table allows. Every round is
reproducible from its seed (DESIGN.md: a hand can be rebuilt "in the event of a question or
dispute"): the cards come off a 52-card ``Deck(seed)`` in dealing order, the wagers from a second
generator derived from the seed so they do not echo the shuffle, and the decisions from the
cards alone (``decide``).

The dealing paragraphs (§§ 641a.8-641a.10) are in the seed only for "no more bets" (§ 641a.8(b));
the order modelled is the common one (four-card-poker.md § 5, [STANDARD]): wagers, "no more
bets", five rounds of one card at a time, face down, from the dealer's far left to the dealer,
then the dealer's sixth card face up (``rules.dealer_up_card``), decisions clockwise from the
dealer's left (by analogy with § 639a.11(b)), and the dealer's reveal (§ 641a.11(c)). Casinos
also deal from an automated shoe in stacks; who gets which card does not change the
settlement, and the dealer's first five cards (§ 641a.11(c)(7)) are the five face-down ones
either way. No burn cards are modelled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dealer_trainer.cards import Card, Rank
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
from dealer_trainer.games.four_card_poker.config import (
    PROGRESSIVE,
    FourCardPokerRules,
    FourCardPokerTableConfig,
)
from dealer_trainer.games.four_card_poker.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    at_least,
    describe_hand,
    player_hand,
)
from dealer_trainer.games.four_card_poker.outcomes import Decision
from dealer_trainer.games.four_card_poker.round import (
    LUCKY_DRAW,
    MAX_SEATS,
    FourCardRound,
    FourCardSeatPlay,
    dealer_hand_bettors,
)
from dealer_trainer.games.four_card_poker.wagers import DealerUpCard, FourCardWager
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.money import format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 5
STRONG_PAIR = Rank.TEN


# --- the simulated player ----------------------------------------------------------------------


def decide(cards: Sequence[Card], rules: FourCardPokerRules) -> Decision:
    """A player following a simple, well-known Four Card Poker strategy, so the rounds show the
    mix of big Play Wagers, small ones and folds a dealer meets at a real table: the largest
    Play the table allows (3x) with a pair of tens or better in the best four of five, the
    smallest (1x) with a lower pair, and a fold with no pair. The dealer's up card is ignored.
    """
    hand = player_hand(cards)
    if hand.rank is HandRank.HIGH_CARD:
        return Decision.fold()
    allowed = rules.play_multiples
    strong = at_least(hand, HandRank.TWO_PAIR) or hand.cards[0].rank_index >= STRONG_PAIR.index
    return Decision.play(max(allowed) if strong else min(allowed))


# --- dealing a round ----------------------------------------------------------------------------


def _receivers(seats: Sequence[int]) -> list[int]:
    """Who receives each card: five times around from the dealer's far left to the dealer,
    then the dealer's sixth card."""
    once = [*sorted(seats), DEALER]
    return once * PLAYER_CARDS + [DEALER]


def deal_four_card_round(
    config: FourCardPokerTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    aces_up_chance: float = 0.5,
    bonus_chance: float = 0.5,
    progressive_chance: float = 0.6,
    preset: Mapping[int, Sequence[Card]] | None = None,
) -> FourCardRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 5 of the 6.
    Where the table offers the Aces Up, each player places one with ``aces_up_chance``; where
    it offers the Five Card Hand Bonus, one on each offered hand with ``bonus_chance``, and the
    table game system draws its meter, Magic Card and Lucky position. ``preset`` gives chosen
    seats their five cards or the ``DEALER`` six, in dealing order (the constrained deals of
    games/four_card_poker/targets.py); everyone else is dealt from ``Deck(seed)`` without those
    cards, in the usual order.
    """
    check_chances(
        {
            "aces_up_chance": aces_up_chance,
            "bonus_chance": bonus_chance,
            "progressive_chance": progressive_chance,
        }
    )
    table = BestFourTable(
        "four-card-poker-practice-round",
        MAX_SEATS,
        (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS),
        _receivers,
        config.limits(FourCardWager.ANTE),
        config.aces_up,
        config.five_card_hand_bonus,
        LUCKY_DRAW,
    )

    def seat_play(seat: int, five: tuple[Card, ...], stakes: SeatStakes) -> FourCardSeatPlay:
        decision = decide(five, config.rules)
        return FourCardSeatPlay(
            seat, five, stakes.ante, decision, stakes.side, stakes.fchb_player, stakes.fchb_dealer
        )

    dealer, plays, draws = deal_best_four(
        table,
        seed,
        seats,
        preset,
        side_chance=aces_up_chance,
        bonus_chance=bonus_chance,
        seat_play=seat_play,
        dealer_hand_bettors=lambda plays: dealer_hand_bettors(config, plays),
    )
    plays, meters = with_progressives(
        config, PROGRESSIVE, table.rng_name, seed, plays, progressive_chance
    )
    return FourCardRound(config, dealer, plays, seed, draws, meters.get(FOUR), meters.get(FIVE))


def cards_in_dealing_order(round_: FourCardRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from
    ``deal_four_card_round`` equals the first cards of ``Deck(round_.seed)``."""
    return cards_dealt_in_order(round_, _receivers)


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: FourCardSeatPlay) -> str:
    parts = [f"Ante {format_money(play.ante)}"]
    if play.aces_up:
        parts.append(f"Aces Up {format_money(play.aces_up)}")
    parts += stake_texts(play)
    for hand, stake in play.fchb_stakes().items():
        parts.append(f"Five Card Hand Bonus on the {hand.value} {format_money(stake)}")
    return f"Seat {play.seat} bets " + ", ".join(parts)


def _decision_text(play: FourCardSeatPlay) -> str:
    if play.folded:
        return f"Seat {play.seat} folds: the Ante and the hand are forfeited"
    return f"Seat {play.seat} plays {play.decision.multiple}x: Play {format_money(play.play)}"


def four_card_dealing_sequence(round_: FourCardRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order, for the GUI to
    animate and the log to print; the dealer's sixth card face up where the table deals it so."""
    up = round_.config.rules.dealer_up_card is DealerUpCard.SIXTH
    return best_four_sequence(
        round_,
        _receivers,
        _wager_text,
        _decision_text,
        describe_hand,
        dealer_face_up=DEALER_CARDS if up else None,
    )


__all__ = [
    "cards_in_dealing_order",
    "deal_four_card_round",
    "decide",
    "four_card_dealing_sequence",
]
