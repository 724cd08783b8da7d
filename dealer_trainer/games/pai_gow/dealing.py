"""Random practice rounds of Pai Gow Poker and EZ Pai Gow Poker, and how they look dealt.

A generated round is one a real table could produce: wagers within the Rules Submission's
limits (an optional wager only beside a Pai Gow Poker Wager, § 645a.7(e)), players who set
their hands the house way (the advice most players take), a surrender only without optional
wagers (§ 645a.11(d)). The cards come off a 53-card ``Deck(seed)``; the players' choices come
from a second generator derived from the seed, so they do not echo the shuffle.

The deal is modelled one card at a time around the table, seven times, from seat 1 to the
dealer. Casinos deal seven stacks and assign them from a dice or RNG starting position
(pai-gow.md § 7, step 4); which stack a seat gets does not change how a round is settled, so
the simpler order is used and said here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Deck, format_cards
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig
from dealer_trainer.games.pai_gow.house_way import HouseWay, set_hand, standard_house_way
from dealer_trainer.games.pai_gow.round import MAX_SEATS, PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import OPTIONAL_WAGERS, PaiGowWager
from dealer_trainer.games.practice_dealing import grown_meter
from dealer_trainer.hands.pai_gow_seven import CardColour
from dealer_trainer.rules.money import format_money, to_money

SURRENDER_CHANCE = 0.04
DEFAULT_PROGRESSIVE_METER = Decimal(10_000)


def _amount(rng: random.Random, minimum: Decimal, maximum: Decimal) -> Decimal:
    """A chip-friendly stake: mostly the minimum or a few units above it."""
    step = Decimal(5) if minimum >= 5 else Decimal(1)
    top = min(maximum, max(minimum, minimum * 5))
    units = int((top - minimum) / step)
    choice = minimum + step * rng.randint(0, units) if rng.random() > 0.4 else minimum
    return to_money(min(choice, maximum))


def _wagers(
    config: PaiGowTableConfig, rng: random.Random, chance: float
) -> dict[PaiGowWager, Decimal]:
    main = config.limits(PaiGowWager.PAI_GOW)
    wagers = {PaiGowWager.PAI_GOW: _amount(rng, main.minimum, main.maximum)}
    for wager in OPTIONAL_WAGERS:
        if config.offers(wager) and rng.random() < chance:
            limits = config.limits(wager)
            wagers[wager] = _amount(rng, limits.minimum, limits.maximum)
    return wagers


def deal_pai_gow_round(
    config: PaiGowTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    house_way: HouseWay | None = None,
    side_wager_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
) -> PaiGowRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``preset`` gives chosen seats (or ``DEALER``) their seven cards (the constrained deals of
    games/pai_gow/targets.py); everyone else is dealt from the 53-card ``Deck(seed)`` without
    those cards, in the usual order.
    """
    rng = random.Random(f"pai-gow-practice-round:{seed}")
    way = house_way or standard_house_way()
    if seats and not all(1 <= seat <= MAX_SEATS for seat in seats):
        raise ValueError(f"pai gow seats are 1 to {MAX_SEATS}, not {sorted(seats)}")
    occupied = (
        sorted(seats) if seats else sorted(rng.sample(range(1, MAX_SEATS + 1), rng.randint(2, 5)))
    )
    deck = PresetDeck(Deck(seed, with_joker=True), preset)
    order = [*occupied, DEALER]
    hands: dict[int, list[Card]] = {position: [] for position in order}
    for i in range(7 * len(order)):
        position = order[i % len(order)]
        hands[position].append(deck.deal_to(position))
    deck.check_used()
    plays: list[PaiGowSeatPlay] = []
    for seat in occupied:
        seven = tuple(hands[seat])
        wagers = _wagers(config, rng, side_wager_chance)
        colour = rng.choice(list(CardColour)) if PaiGowWager.RED_BLACK in wagers else None
        split = set_hand(seven, way, config.rules.hand_rules).split
        surrender = config.may_surrender(wagers) and rng.random() < SURRENDER_CHANCE
        plays.append(PaiGowSeatPlay(seat, seven, split, wagers, colour, surrender))
    meter = None
    if config.progressive is not None:
        meter = grown_meter(rng, config.progressive.meter_reset or DEFAULT_PROGRESSIVE_METER)
    return PaiGowRound(config, tuple(hands[DEALER]), tuple(plays), way, meter, seed)


def _wager_text(play: PaiGowSeatPlay) -> str:
    parts = [f"{w.value} {format_money(a)}" for w, a in play.wagers.items()]
    if play.colour is not None:
        parts.append(f"on {play.colour.value}")
    return ", ".join(parts)


def pai_gow_dealing_sequence(round_: PaiGowRound) -> tuple[DealEvent, ...]:
    plays = sorted(round_.seats, key=lambda p: p.seat)
    events = [
        DealEvent(
            DealEventKind.PLACE_WAGERS, p.seat, (), True, f"Seat {p.seat} bets {_wager_text(p)}"
        )
        for p in plays
    ]
    lammers = round_.lammers()
    text = "No more bets"
    if lammers:
        text += "; Envy lammers beside seat " + ", ".join(str(s) for s in sorted(lammers))
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, text))
    order = [*plays, None]
    for index in range(7):
        for play in order:
            seat = DEALER if play is None else play.seat
            card = (round_.dealer if play is None else play.cards)[index]
            who = "Dealer" if play is None else f"Seat {seat}"
            events.append(
                DealEvent(DealEventKind.DEAL_CARD, seat, (card,), False, f"{who}: card {index + 1}")
            )
    for play in plays:
        events.append(
            DealEvent(
                DealEventKind.SET_HANDS,
                play.seat,
                play.split.cards,
                False,
                f"Seat {play.seat} sets the hand face down",
            )
        )
    events.append(
        DealEvent(
            DealEventKind.DEALER_REVEAL,
            DEALER,
            round_.dealer,
            True,
            f"Dealer turns up {format_cards(round_.dealer)}: set it by the house way",
        )
    )
    for play in plays:
        if play.surrendered:
            events.append(
                DealEvent(
                    DealEventKind.SURRENDER,
                    play.seat,
                    (),
                    False,
                    f"Seat {play.seat} will surrender once the dealer's hand is set",
                )
            )
    return tuple(events)
