"""Random practice rounds of Three Card Poker, dealt and played as at a real table.

A generated round is one a table could produce: wagers within the Rules Submission's limits,
side wagers only where the table offers them, the two community cards only when a Five Card
Hand Bonus is placed or the Five-Card Progressive is offered (seed 000, preamble). Every round is
reproducible from its seed: the cards come off a 52-card ``Deck(seed)`` in dealing order, the
wagers from a second generator derived from the seed so they do not echo the shuffle, and the
decisions from the cards alone (``decide``).

The dealing paragraphs (§§ 649a.8-649a.10) are not in the seeds beyond the community cards; the
order modelled is the common one (three-card-poker.md § 7): wagers, "no more bets", three rounds
of one card at a time, face down, from the dealer's far left to the dealer, then the two
community cards face down, decisions clockwise from the dealer's left, and the dealer's reveal.
No burn cards are modelled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Deck, format_cards, parse_cards
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.linked_meter import shown_meter
from dealer_trainer.games.practice_dealing import (
    chips,
    fchb_draws,
    fchb_stakes,
    grown_meter,
    in_dealing_order,
    occupied_seats,
    optional_stake,
)
from dealer_trainer.games.three_card_poker.config import ThreeCardPokerTableConfig
from dealer_trainer.games.three_card_poker.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    describe_hand,
    three_card_hand,
)
from dealer_trainer.games.three_card_poker.outcomes import ThreeCardWagers
from dealer_trainer.games.three_card_poker.procedure import METER_NAME
from dealer_trainer.games.three_card_poker.round import (
    LUCKY_DRAW,
    MAX_SEATS,
    ThreeCardRound,
    ThreeCardSeatPlay,
    dealer_hand_bettors,
    needs_community_cards,
)
from dealer_trainer.games.three_card_poker.wagers import (
    PROGRESSIVE_WAGERS,
    ThreeCardDecision,
    ThreeCardWager,
)
from dealer_trainer.rules.money import format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 5
_COMMUNITY = -1
"""The community cards' key among the preset positions (seats are 1-7, the dealer 0)."""
PLAY_AT_LEAST = three_card_hand(parse_cards("Qc 6d 4h"))
"""The well-known "queen-six-four" strategy: play Q-6-4 or better, fold anything less."""
METER_FLOOR = Decimal(10_000)


def decide(cards: Sequence[Card]) -> ThreeCardDecision:
    """A player following the queen-six-four strategy, so the rounds show the mix of plays and
    folds a dealer meets at a real table."""
    hand = three_card_hand(cards)
    return ThreeCardDecision.FOLD if PLAY_AT_LEAST.beats(hand) else ThreeCardDecision.PLAY


def _receivers(seats: Sequence[int]) -> list[int]:
    """Who receives each card: three times around from the dealer's far left to the dealer."""
    return [*sorted(seats), DEALER] * PLAYER_CARDS


def _meter(
    config: ThreeCardPokerTableConfig, rng: random.Random, wager: ThreeCardWager
) -> Decimal | None:
    if not config.pays_meter_share(wager):
        return None
    reset = config.meter_reset(wager) or METER_FLOOR
    return shown_meter(
        config.linked(wager),
        grown_meter(rng, reset),
        meter=str(METER_NAME[wager]),
        awards=(wager.value,),
        reset=reset,
    )


def deal_three_card_round(
    config: ThreeCardPokerTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    side_chance: float = 0.5,
    bonus_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
    preset_community: Sequence[Card] | None = None,
) -> ThreeCardRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 5 of the 7.
    Each side wager the table offers is placed with ``side_chance``, the Five Card Hand Bonus on
    each offered hand with ``bonus_chance``.

    ``preset`` gives chosen seats (or ``DEALER``) their three cards in dealing order and
    ``preset_community`` the two community cards (the constrained deals of
    games/three_card_poker/targets.py); everyone else is dealt from ``Deck(seed)`` without
    those cards, in the usual order. Preset community cards are kept out of every hand even
    when no wager of this round calls for community cards; they are then left off the round,
    for a caller that places the Five Card Hand Bonus that needs them.
    """
    for name, chance in (("side_chance", side_chance), ("bonus_chance", bonus_chance)):
        if not 0 <= chance <= 1:
            raise ValueError(f"{name} is a probability, not {chance}")
    rng = random.Random(f"three-card-poker-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    ante = config.limits(ThreeCardWager.ANTE)
    wagers: dict[int, ThreeCardWagers] = {}
    for seat in occupied:
        stake = chips(rng, ante.minimum, ante.maximum)
        side = {
            wager: optional_stake(config, rng, wager, side_chance)
            for wager in (
                ThreeCardWager.PAIR_PLUS,
                ThreeCardWager.SIX_CARD_BONUS,
                *PROGRESSIVE_WAGERS,
            )
        }
        fchb = fchb_stakes(config.five_card_hand_bonus, rng, bonus_chance)
        wagers[seat] = ThreeCardWagers(
            stake,
            side[ThreeCardWager.PAIR_PLUS],
            side[ThreeCardWager.SIX_CARD_BONUS],
            side[ThreeCardWager.PROGRESSIVE],
            side[ThreeCardWager.FIVE_CARD_PROGRESSIVE],
            fchb[BetOn.PLAYER],
            fchb[BetOn.DEALER],
        )
    receivers = _receivers(occupied)
    placeholder = [
        ThreeCardSeatPlay(seat, (), wagers[seat], ThreeCardDecision.PLAY) for seat in occupied
    ]
    positions: dict[int, Sequence[Card]] = dict(preset or {})
    if preset_community is not None:
        positions[_COMMUNITY] = preset_community
    deck = PresetDeck(Deck(seed), positions)
    hands: dict[int, list[Card]] = {position: [] for position in [*occupied, DEALER]}
    for position in receivers:
        hands[position].append(deck.deal_to(position))
    dealt = needs_community_cards(config, placeholder)
    laid = (
        tuple(deck.deal_to(_COMMUNITY) for _ in range(COMMUNITY_CARDS))
        if dealt or preset_community is not None
        else ()
    )
    deck.check_used()
    community = laid if dealt else ()
    plays = [
        ThreeCardSeatPlay(seat, tuple(hands[seat]), wagers[seat], decide(hands[seat]))
        for seat in occupied
    ]
    return ThreeCardRound(
        config,
        tuple(hands[DEALER]),
        tuple(plays),
        community,
        _meter(config, rng, ThreeCardWager.PROGRESSIVE),
        _meter(config, rng, ThreeCardWager.FIVE_CARD_PROGRESSIVE),
        seed,
        # the table game system's meter, Magic Card and Lucky position (a seat or the dealer)
        fchb_draws(
            config.five_card_hand_bonus,
            rng,
            LUCKY_DRAW,
            dealer_hand_bettors(config, plays),
        ),
    )


def cards_in_dealing_order(round_: ThreeCardRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from
    ``deal_three_card_round`` equals the first cards of ``Deck(round_.seed)``."""
    return (*in_dealing_order(round_.seats, round_.dealer, _receivers), *round_.community)


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: ThreeCardSeatPlay) -> str:
    parts = [
        f"{wager.value} {format_money(stake)}"
        for wager, stake in play.placed().items()
        if wager is not ThreeCardWager.PLAY
    ]
    for hand, stake in play.fchb_stakes().items():
        parts.append(f"Five Card Hand Bonus on the {hand.value} {format_money(stake)}")
    return f"Seat {play.seat} bets " + ", ".join(parts)


def _decision_text(play: ThreeCardSeatPlay) -> str:
    if play.folded:
        return f"Seat {play.seat} folds: the Ante and the hand are forfeited"
    return f"Seat {play.seat} plays: Play {format_money(play.ante)}"


def three_card_dealing_sequence(round_: ThreeCardRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order, for the GUI to
    animate and the log to print. The community cards are dealt face down and stay so."""
    plays = round_.decision_order()
    events = [
        DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), True, _wager_text(p)) for p in plays
    ]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, "No more bets"))
    order = cards_in_dealing_order(round_)
    counts: dict[int, int] = {}
    receivers = _receivers([p.seat for p in plays])
    for position, card in zip(receivers, order, strict=False):
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
    for index, card in enumerate(round_.community, start=1):
        events.append(
            DealEvent(
                DealEventKind.DEAL_CARD,
                DEALER,
                (card,),
                False,
                f"Community card {index}, face down: it counts only for the five-card wagers "
                "and is turned up after every other wager is settled",
            )
        )
    events += [
        DealEvent(DealEventKind.DECISION, p.seat, (), True, _decision_text(p)) for p in plays
    ]
    text = f"Dealer reveals {format_cards(round_.dealer)}: {describe_hand(round_.dealer_hand)}"
    events.append(DealEvent(DealEventKind.DEALER_REVEAL, DEALER, round_.dealer, True, text))
    return tuple(events)


__all__ = [
    "cards_in_dealing_order",
    "deal_three_card_round",
    "decide",
    "three_card_dealing_sequence",
]
