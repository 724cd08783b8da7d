"""Random practice rounds of Mississippi Stud, dealt and played as at a real table.

A generated round is one a table could produce: Antes within the Rules Submission's limits, Bet
Wagers of one to three times the Ante (§ 655a.1), the optional wagers only where the table offers
them. Every round is reproducible from its seed: the cards come off a 52-card ``Deck(seed)`` in
dealing order (two to each player from the dealer's far left, clockwise, then the three
community cards face down), the wagers from a second generator derived from the seed, and the
Bet Wagers and folds from the cards alone (``decide``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Rank
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.jackpot_meters import JackpotAmounts
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    describe_hand,
)
from dealer_trainer.games.mississippi_stud.outcomes import Decision
from dealer_trainer.games.mississippi_stud.round import (
    LUCKY_DRAW,
    MAX_SEATS,
    StudRound,
    StudSeatPlay,
)
from dealer_trainer.games.mississippi_stud.wagers import OPTIONAL_WAGERS, STREETS, StudWager
from dealer_trainer.games.paytable_dealing import (
    COMMUNITY,
    opening_events,
    optional_parts,
    player_fchb,
    preset_deck,
)
from dealer_trainer.games.practice_dealing import (
    chips,
    fchb_draws,
    grown_meter,
    occupied_seats,
    optional_stake,
)
from dealer_trainer.rules.money import format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 5


# --- the simulated player ----------------------------------------------------------------------


def _points(card: Card) -> int:
    """The common strategy's count: 2 for a jack or better, 1 for a 6 to 10, 0 below."""
    if card.rank.index >= Rank.JACK.index:
        return 2
    return 1 if card.rank.index >= Rank.SIX.index else 0


def _paired(cards: Sequence[Card]) -> Rank | None:
    ranks = [c.rank for c in cards]
    pairs = [r for r in ranks if ranks.count(r) >= 2]
    return max(pairs, key=lambda r: r.index) if pairs else None


def _suited(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def _street_bet(cards: Sequence[Card]) -> int:
    """The multiple a player following a simplified common strategy bets with ``cards`` seen
    (0: fold): three times on a made paying hand or a strong draw, once on enough high cards or
    a pair below the push, otherwise fold."""
    pair = _paired(cards)
    ranks = [c.rank for c in cards]
    if any(ranks.count(r) >= 3 for r in ranks) or (
        pair is not None and pair.index >= Rank.SIX.index
    ):
        return 3
    if len(cards) >= 4 and _suited(cards):
        return 3
    if pair is not None:
        return 1
    if sum(_points(c) for c in cards) >= len(cards) or (len(cards) < 4 and _suited(cards)):
        return 1
    return 0


def decide(cards: Sequence[Card], community: Sequence[Card]) -> Decision:
    """The Bet Wagers of a simulated player who sees the two cards, then one and two community
    cards, so the rounds show the mix of raises and folds a dealer meets."""
    multiples: list[int] = []
    for seen in range(len(STREETS)):
        bet = _street_bet([*cards, *community[:seen]])
        if not bet:
            break
        multiples.append(bet)
    return Decision(tuple(multiples))


# --- dealing a round ----------------------------------------------------------------------------


def _progressive_meter(config: StudTableConfig, rng: random.Random) -> Decimal | None:
    if not config.progressive_pays_meter_share:
        return None
    return grown_meter(rng, config.progressive_meter_reset or Decimal(10_000))


def _jackpot_meters(config: StudTableConfig, rng: random.Random) -> JackpotAmounts:
    """Each jackpot meter grown from its reset amount (Paytables B-D); none on Paytable A, so
    its rounds draw what they always drew."""
    meters = config.jackpot_meters
    return JackpotAmounts.of({m: grown_meter(rng, config.jackpot(m).reset) for m in meters})


def deal_mississippi_stud_round(
    config: StudTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    bonus_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
    preset_community: Sequence[Card] | None = None,
) -> StudRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 5 of the 6.
    Each optional wager the table offers is placed with ``bonus_chance``. ``preset`` gives
    chosen seats their two cards and ``preset_community`` the three community cards in the
    order they are turned (the constrained deals of targets.py); everything else is dealt from
    ``Deck(seed)`` without those cards, in the usual order.
    """
    if not 0 <= bonus_chance <= 1:
        raise ValueError(f"bonus_chance is a probability, not {bonus_chance}")
    rng = random.Random(f"mississippi-stud-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    deck = preset_deck(seed, preset, preset_community)
    hands = {seat: tuple(deck.deal_to(seat) for _ in range(PLAYER_CARDS)) for seat in occupied}
    community = tuple(deck.deal_to(COMMUNITY) for _ in range(COMMUNITY_CARDS))
    deck.check_used()
    limits = config.limits(StudWager.ANTE)
    plays = [
        StudSeatPlay(
            seat,
            hands[seat],
            chips(rng, limits.minimum, limits.maximum),
            decide(hands[seat], community),
            optional_stake(config, rng, StudWager.THREE_CARD_BONUS, bonus_chance),
            optional_stake(config, rng, StudWager.PROGRESSIVE, bonus_chance),
            player_fchb(config.five_card_hand_bonus, rng, bonus_chance),
        )
        for seat in occupied
    ]
    return StudRound(
        config,
        community,
        tuple(plays),
        seed,
        _progressive_meter(config, rng),
        fchb_draws(config.five_card_hand_bonus, rng, LUCKY_DRAW),
        _jackpot_meters(config, rng),
    )


def cards_in_dealing_order(round_: StudRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the shoe: a round from
    ``deal_mississippi_stud_round`` equals the first cards of ``Deck(round_.seed)``."""
    players = [c for play in round_.dealing_order() for c in play.cards]
    return (*players, *round_.community)


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: StudSeatPlay) -> str:
    parts = [f"Ante {format_money(play.ante)}"]
    parts += optional_parts(play.stake, OPTIONAL_WAGERS, play.five_card_hand_bonus)
    return f"Seat {play.seat} bets " + ", ".join(parts)


def _street_text(play: StudSeatPlay, index: int) -> str | None:
    """Seat ``play``'s decision at ``STREETS[index]``; ``None`` once it has folded."""
    made = play.decision.multiples
    street = STREETS[index]
    if index < len(made):
        amount = play.ante * made[index]
        return f"Seat {play.seat} bets {format_money(amount)} ({made[index]}x) on {street.value}"
    if index == len(made):
        return f"Seat {play.seat} folds: the Ante and Bet Wagers made are forfeited"
    return None


def mississippi_stud_dealing_sequence(round_: StudRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the third community card, in table order, for the GUI
    to animate and the log to print. The community cards appear as each is turned face up."""
    plays = round_.dealing_order()
    events = opening_events(plays, _wager_text)
    ordinals = ("First", "Second", "Third")
    for index, card in enumerate(round_.community):
        for play in plays:
            text = _street_text(play, index)
            if text is not None:
                events.append(DealEvent(DealEventKind.DECISION, play.seat, (), True, text))
        note = f"{ordinals[index]} community card turned face up: {card.notation}"
        if index == len(round_.community) - 1:
            live = [p for p in plays if not p.folded]
            hands = "; ".join(f"seat {p.seat} {describe_hand(round_.hand(p))}" for p in live)
            note += f". Hands: {hands}" if hands else ". Every player folded"
        events.append(DealEvent(DealEventKind.DEAL_CARD, DEALER, (card,), True, note))
    return tuple(events)


__all__ = [
    "MAX_RANDOM_SEATS",
    "MIN_RANDOM_SEATS",
    "cards_in_dealing_order",
    "deal_mississippi_stud_round",
    "decide",
    "mississippi_stud_dealing_sequence",
]
