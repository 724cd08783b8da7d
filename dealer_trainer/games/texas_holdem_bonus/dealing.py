"""Random practice rounds of Texas Hold 'Em Bonus Poker, dealt and played as at a real table.

A generated round is one a table could produce: wagers within the Rules Submission's limits,
meters and draws the table game system could show. Every round is reproducible from its seed:
the cards come off ``Deck(seed)`` in dealing order, everything else from a second generator
derived from the same seed.

The dealing procedure (§§ 647a.8-647a.10) was not found in the stored pages; the order modelled
is the house rules': wagers, "no more bets", two rounds of one card at a time from the dealer's
far left to the dealer, the Flop Wager or a fold clockwise from the dealer's left, the Flop,
Turn Wagers or checks, the turn card, River Wagers or checks, the river card, the dealer's
reveal. No burn cards are modelled, so a round holds exactly the 2N + 7 cards it settles.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    cards_in_dealing_order,
    deal_cards,
    opening_events,
    reveal_event,
    table_draws,
    wager_text,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.practice_dealing import (
    chips_up_to_maximum,
    occupied_seats,
)
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    Decision,
    SeatWagers,
    street_stake,
)
from dealer_trainer.games.texas_holdem_bonus.round import LUCKY_DRAW, MAX_SEATS, SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.rules.money import format_money


def decide(hole: Sequence[Card], board: Sequence[Card]) -> Decision:
    """A simple published-style strategy, so rounds show the folds, checks and bets a dealer
    meets: fold only an unpaired offsuit hand whose higher card is a 7 or lower; bet the turn
    with a pair or better made with a hole card on the Flop; bet the river with the same on the
    Flop and turn card."""
    if len(hole) != 2 or len(board) != 5:
        raise ValueError("a decision needs 2 hole cards and 5 community cards")
    a, b = hole
    if (
        a.rank is not b.rank
        and a.suit is not b.suit
        and max(a.rank_index, b.rank_index) <= (Rank.SEVEN.index)
    ):
        return Decision.fold()
    return Decision.play(turn=_hidden_pair(hole, board[:3]), river=_hidden_pair(hole, board[:4]))


def _hidden_pair(hole: Sequence[Card], shared: Sequence[Card]) -> bool:
    ranks = {card.rank for card in shared}
    return hole[0].rank is hole[1].rank or any(card.rank in ranks for card in hole)


def deal_round(
    config: ThbTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    side_wager_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
    preset_board: Sequence[Card] | None = None,
) -> ThbRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``preset`` gives chosen seats (or ``DEALER``) their two cards and ``preset_board`` the five
    community cards (the constrained deals of ``targets.py``); everyone else is dealt from
    ``Deck(seed)`` without those cards, in the usual order.
    """
    if not 0 <= side_wager_chance <= 1:
        raise ValueError(f"side_wager_chance is a probability, not {side_wager_chance}")
    rng = random.Random(f"thb-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    cards = deal_cards(seed, occupied, preset, preset_board)
    plays = tuple(
        SeatPlay(
            seat,
            cards.hole[seat],
            _wagers(config, rng, side_wager_chance),
            decide(cards.hole[seat], cards.board),
        )
        for seat in occupied
    )
    draws = table_draws(rng, plays, config.five_card_hand_bonus, config.progressive, LUCKY_DRAW)
    return ThbRound(config, cards.dealer, cards.board, plays, draws, seed)


def _wagers(config: ThbTableConfig, rng: random.Random, chance: float) -> SeatWagers:
    ante = chips_up_to_maximum(rng, config.limits(ThbWager.ANTE))
    side: dict[str, Decimal] = {}
    for name, wager in (("bonus", ThbWager.BONUS), ("progressive", ThbWager.PROGRESSIVE)):
        if config.offers(wager) and rng.random() < chance:
            side[name] = chips_up_to_maximum(rng, config.limits(wager))
    for name, hand in (
        ("five_card_hand_bonus", BetOn.PLAYER),
        ("five_card_hand_bonus_dealer", BetOn.DEALER),
    ):
        if config.fchb_offered_on(hand) and rng.random() < chance:
            side[name] = chips_up_to_maximum(rng, config.limits(ThbWager.FIVE_CARD_HAND_BONUS))
    return SeatWagers(ante=ante, **side)


def dealing_sequence(round_: ThbRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order."""
    plays = sorted(round_.seats, key=lambda p: p.seat)
    config = round_.config
    events = opening_events(round_, lambda seat: _wager_text(round_.seat(seat)))
    for p in plays:
        if p.decision.folded:
            text = f"Seat {p.seat} folds"
        else:
            flop = street_stake(config, p.wagers.ante, ThbWager.FLOP)
            text = f"Seat {p.seat} makes the Flop Wager, {format_money(flop)}"
        made = None if p.decision.folded else ThbWager.FLOP
        events.append(DealEvent(DealEventKind.DECISION, p.seat, (), False, text, made))
    flop_cards = round_.board[:3]
    text = f"Flop: {format_cards(flop_cards)}"
    events.append(DealEvent(DealEventKind.FLOP, DEALER, flop_cards, True, text))
    live = [p for p in plays if not p.decision.folded]
    for wager, card, name in (
        (ThbWager.TURN, round_.board[3], "Turn"),
        (ThbWager.RIVER, round_.board[4], "River"),
    ):
        for p in live:
            made = wager if p.decision.makes(wager) else None
            if made is not None:
                amount = format_money(street_stake(config, p.wagers.ante, wager))
                text = f"Seat {p.seat} makes the {name} Wager, {amount}"
            else:
                text = f"Seat {p.seat} checks the {name.lower()}"
            events.append(DealEvent(DealEventKind.DECISION, p.seat, (), False, text, made))
        text = f"{name} card: {card.pretty}"
        events.append(DealEvent(DealEventKind.TURN_RIVER, DEALER, (card,), True, text))
    events.append(reveal_event(round_.dealer))
    return tuple(events)


_WAGER_LABELS = (
    ("ante", "Ante"),
    ("bonus", ThbWager.BONUS.value),
    ("progressive", ThbWager.PROGRESSIVE.value),
    ("five_card_hand_bonus", ThbWager.FIVE_CARD_HAND_BONUS.value),
    ("five_card_hand_bonus_dealer", f"{ThbWager.FIVE_CARD_HAND_BONUS.value} (dealer's hand)"),
)


def _wager_text(play: SeatPlay) -> str:
    return wager_text(
        play.seat, ((label, getattr(play.wagers, name)) for name, label in _WAGER_LABELS)
    )


__all__ = [
    "MAX_RANDOM_SEATS",
    "MIN_RANDOM_SEATS",
    "cards_in_dealing_order",
    "deal_round",
    "dealing_sequence",
    "decide",
]
