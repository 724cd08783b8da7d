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

from dealer_trainer.cards import STANDARD_CARDS, Card, Deck, Rank, format_cards
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.practice_dealing import (
    chips_up_to_maximum,
    in_dealing_order,
    occupied_seats,
)
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    Decision,
    SeatWagers,
    TableDraws,
    street_stake,
)
from dealer_trainer.games.texas_holdem_bonus.round import MAX_SEATS, SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.hands.construct import PresetDeck
from dealer_trainer.rules.money import format_money

_BOARD = -1
"""The community cards' key among the preset positions (seats are 1-7, the dealer 0)."""
MIN_RANDOM_SEATS = 3
MAX_RANDOM_SEATS = 6
DEFAULT_PROGRESSIVE_METER = Decimal(10_000)
"""Used when the Rules Submission states no progressive reset amount."""


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
    positions = dict(preset or {})
    if preset_board is not None:
        positions[_BOARD] = preset_board
    deck = PresetDeck(Deck(seed), positions)
    hole: dict[int, list[Card]] = {seat: [] for seat in [*occupied, DEALER]}
    for seat in _hole_card_order(occupied):
        hole[seat].append(deck.deal_to(seat))
    dealt = [deck.deal_to(_BOARD) for _ in range(5)]
    deck.check_used()
    board = (dealt[0], dealt[1], dealt[2], dealt[3], dealt[4])
    plays = tuple(
        SeatPlay(
            seat,
            (hole[seat][0], hole[seat][1]),
            _wagers(config, rng, side_wager_chance),
            decide(hole[seat], board),
        )
        for seat in occupied
    )
    return ThbRound(
        config, (hole[DEALER][0], hole[DEALER][1]), board, plays, _draws(config, rng, plays), seed
    )


def _hole_card_order(seats: Sequence[int]) -> list[int]:
    """One card at a time from the dealer's far left, the dealer last, twice around."""
    once = [*sorted(seats), DEALER]
    return once + once


def cards_in_dealing_order(round_: ThbRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck."""
    return (*in_dealing_order(round_.seats, round_.dealer, _hole_card_order), *round_.board)


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


def _cents(rng: random.Random, low: Decimal, high: Decimal) -> Decimal:
    return Decimal(rng.randint(int(low * 100), int(high * 100))).scaleb(-2)


def _draws(config: ThbTableConfig, rng: random.Random, plays: Sequence[SeatPlay]) -> TableDraws:
    """Meters grown since their last reset, and the Magic Card and Lucky Bonus position the
    table game system selects (among the positions with a Five Card Hand Bonus on them)."""
    dealer_bettors = sum(1 for p in plays if p.wagers.five_card_hand_bonus_dealer > 0)
    meter: Decimal | None = None
    magic: Card | None = None
    lucky_seat: int | None = None
    lucky_dealer = False
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        meter = _cents(rng, fchb.meter_start, fchb.meter_start * 4)
        if fchb.magic_card_drawn(rng):
            magic = rng.choice(STANDARD_CARDS)
        if fchb.lucky_bonus_drawn(rng):
            positions = [p.seat for p in plays if p.wagers.five_card_hand_bonus > 0]
            positions += [DEALER] if dealer_bettors else []
            if positions:
                chosen = rng.choice(positions)
                lucky_seat = None if chosen == DEALER else chosen
                lucky_dealer = chosen == DEALER
    progressive_meter: Decimal | None = None
    if config.progressive is not None:
        reset = config.progressive.meter_reset or DEFAULT_PROGRESSIVE_METER
        progressive_meter = _cents(rng, reset, reset * 2)
    return TableDraws(meter, magic, lucky_seat, lucky_dealer, progressive_meter)


def dealing_sequence(round_: ThbRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order."""
    plays = sorted(round_.seats, key=lambda p: p.seat)
    config = round_.config
    events = [
        DealEvent(DealEventKind.PLACE_WAGERS, p.seat, (), False, _wager_text(p)) for p in plays
    ]
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), False, "No more bets"))
    order = cards_in_dealing_order(round_)
    for index, seat in enumerate(_hole_card_order([p.seat for p in plays])):
        who = "Dealer" if seat == DEALER else f"Seat {seat}"
        nth = "first" if index <= len(plays) else "second"
        text = f"{who}: {nth} card, face down"
        events.append(DealEvent(DealEventKind.DEAL_CARD, seat, (order[index],), False, text))
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
    text = f"Dealer reveals {format_cards(round_.dealer)}"
    events.append(DealEvent(DealEventKind.DEALER_REVEAL, DEALER, round_.dealer, True, text))
    return tuple(events)


_WAGER_LABELS = (
    ("ante", "Ante"),
    ("bonus", ThbWager.BONUS.value),
    ("progressive", ThbWager.PROGRESSIVE.value),
    ("five_card_hand_bonus", ThbWager.FIVE_CARD_HAND_BONUS.value),
    ("five_card_hand_bonus_dealer", f"{ThbWager.FIVE_CARD_HAND_BONUS.value} (dealer's hand)"),
)


def _wager_text(play: SeatPlay) -> str:
    stakes = [
        f"{label} {format_money(amount)}"
        for name, label in _WAGER_LABELS
        if (amount := getattr(play.wagers, name)) > 0
    ]
    return f"Seat {play.seat} bets " + ", ".join(stakes)


__all__ = ["cards_in_dealing_order", "deal_round", "dealing_sequence", "decide"]
