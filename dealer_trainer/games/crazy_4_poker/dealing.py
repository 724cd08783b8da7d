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

import random
from collections.abc import Mapping, Sequence

from dealer_trainer.cards import Card, Deck, format_cards
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.crazy_4_poker.config import Crazy4PokerRules, Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.hands import (
    PLAYER_CARDS,
    describe_hand,
    may_raise,
    player_hand,
    qualifies,
)
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.round import (
    MAX_SEATS,
    Crazy4Round,
    Crazy4SeatPlay,
    dealer_hand_bettors,
)
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.practice_dealing import (
    chips,
    fchb_draws,
    fchb_stakes,
    in_dealing_order,
    occupied_seats,
)
from dealer_trainer.hands.construct import PresetDeck
from dealer_trainer.rules.money import ZERO, format_money

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
    for name, chance in (("queens_up_chance", queens_up_chance), ("bonus_chance", bonus_chance)):
        if not 0 <= chance <= 1:
            raise ValueError(f"{name} is a probability, not {chance}")
    rng = random.Random(f"crazy-4-poker-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    receivers = _receivers(occupied)
    deck = PresetDeck(Deck(seed), preset)
    cards = [deck.deal_to(position) for position in receivers]
    deck.check_used()
    hands: dict[int, list[Card]] = {position: [] for position in [*occupied, DEALER]}
    for position, card in zip(receivers, cards, strict=True):
        hands[position].append(card)
    ante = config.limits(Crazy4Wager.ANTE)
    plays: list[Crazy4SeatPlay] = []
    for seat in occupied:
        five = tuple(hands[seat])
        stake = chips(rng, ante.minimum, ante.maximum)
        queens_up = ZERO
        if config.queens_up is not None and rng.random() < queens_up_chance:
            queens_up = chips(rng, config.queens_up.minimum, config.queens_up.maximum)
        fchb = fchb_stakes(config.five_card_hand_bonus, rng, bonus_chance)
        plays.append(
            Crazy4SeatPlay(
                seat,
                five,
                stake,
                decide(five, config.rules),
                queens_up,
                fchb[BetOn.PLAYER],
                fchb[BetOn.DEALER],
            )
        )
    # What the table game system shows: a meter at or above its reset amount, a Magic Card
    # from the 52 and a Lucky position among the six seats and the dealer (§ 657a.1).
    draws = fchb_draws(
        config.five_card_hand_bonus,
        rng,
        (DEALER, MAX_SEATS),
        dealer_hand_bettors(config, plays),
    )
    return Crazy4Round(config, tuple(hands[DEALER]), tuple(plays), seed, draws)


def cards_in_dealing_order(round_: Crazy4Round) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from
    ``deal_crazy4_round`` equals the first cards of ``Deck(round_.seed)``."""
    return tuple(in_dealing_order(round_.seats, round_.dealer, _receivers))


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: Crazy4SeatPlay) -> str:
    parts = [f"Ante {format_money(play.ante)}", f"Super Bonus {format_money(play.super_bonus)}"]
    if play.queens_up:
        parts.append(f"Queens Up {format_money(play.queens_up)}")
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
    plays = round_.decision_order()
    events = [
        DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), True, _wager_text(p)) for p in plays
    ]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, "No more bets"))
    order = cards_in_dealing_order(round_)
    counts: dict[int, int] = {}
    for position, card in zip(_receivers([p.seat for p in plays]), order, strict=True):
        counts[position] = counts.get(position, 0) + 1
        who = "Dealer" if position == DEALER else f"Seat {position}"
        events.append(
            DealEvent(
                DealEventKind.DEAL_CARD,
                position,
                (card,),
                False,
                f"{who}: card {counts[position]}, face down",
            )
        )
    events += [
        DealEvent(DealEventKind.DECISION, p.seat, (), True, _decision_text(p)) for p in plays
    ]
    text = (
        f"Dealer reveals {format_cards(round_.dealer)}: best four "
        f"{describe_hand(round_.dealer_hand)}"
    )
    events.append(DealEvent(DealEventKind.DEALER_REVEAL, DEALER, round_.dealer, True, text))
    return tuple(events)


__all__ = [
    "cards_in_dealing_order",
    "crazy4_dealing_sequence",
    "deal_crazy4_round",
    "decide",
]
