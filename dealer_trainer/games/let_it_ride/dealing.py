"""Random practice rounds of Let It Ride Poker, dealt and played as at a real table.

A generated round is one a table could produce: wagers within the Rules Submission's limits, the
optional wagers only where the table offers them. Every round is reproducible from its seed
(DESIGN.md: a hand can be rebuilt "in the event of a question or dispute"): the cards come off a
52-card ``Deck(seed)`` in dealing order, the wagers from a second generator derived from the
seed so they do not echo the shuffle, and the withdrawals from the cards alone (``decide``).

The deal modelled is the automated shoe's (§ 643a.10(b), seed 000): a stack of three cards face
down to each player who placed the three wagers, from the player farthest to the dealer's left,
clockwise; then a stack of three to the community area, spread with the top card to the
dealer's right and the bottom card to the dealer's left, and the card on the dealer's left
discarded unexposed. Which of the two community cards left is turned first is in
§ 643a.11(c), which is not in the seeds: here the top card, on the dealer's right, is turned
first (let-it-ride.md § 6, [STANDARD] unverified); either way both count for every player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Rank
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.let_it_ride.hands import COMMUNITY_CARDS, PLAYER_CARDS, describe_hand
from dealer_trainer.games.let_it_ride.outcomes import Decision
from dealer_trainer.games.let_it_ride.round import (
    LUCKY_DRAW,
    MAX_SEATS,
    LetItRideRound,
    LetItRideSeatPlay,
)
from dealer_trainer.games.let_it_ride.wagers import OPTIONAL_WAGERS, LetItRideWager
from dealer_trainer.games.linked_meter import shown_meter
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
from dealer_trainer.games.procedure_steps import PROGRESSIVE_METER
from dealer_trainer.rules.money import format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 5
_BURN = -2
"""The third card of the community stack, discarded unexposed (§ 643a.10(b)): never preset."""


# --- the simulated player ----------------------------------------------------------------------


def _paying(cards: Sequence[Card]) -> bool:
    """A pair of 10s or better, three of a kind, or (with four cards) two pair: a hand that
    already pays on the Let It Ride paytable."""
    ranks = [c.rank for c in cards]
    counts = {r: ranks.count(r) for r in ranks}
    if any(n >= 3 for n in counts.values()):
        return True
    pairs = [r for r, n in counts.items() if n == 2]
    return len(pairs) >= 2 or any(r.index >= Rank.TEN.index for r in pairs)


def _straight_flush_draw(cards: Sequence[Card]) -> bool:
    """Three suited cards within a span of five ranks, above 2-3-4: a draw to a straight flush."""
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted({c.rank.index for c in cards})
    return len(ranks) == PLAYER_CARDS and ranks[-1] - ranks[0] <= 4 and ranks[-1] >= Rank.FIVE.index


def _four_card_draw(cards: Sequence[Card]) -> bool:
    """Four to a flush, or four to an open-ended straight (four consecutive ranks, not ace-high
    nor ace-low)."""
    if len({c.suit for c in cards}) == 1:
        return True
    ranks = sorted({c.rank.index for c in cards})
    return (
        len(ranks) == 4
        and ranks[-1] - ranks[0] == 3
        and ranks[-1] < Rank.ACE.index
        and ranks[0] > Rank.TWO.index
    )


def decide(cards: Sequence[Card], community: Sequence[Card]) -> Decision:
    """A player following a simplified form of the common Let It Ride strategy, so the rounds
    show the mix of riding and withdrawn wagers a dealer meets: with the three cards, ride on a
    paying hand or a draw to a straight flush; with the first community card too, ride on a
    paying hand or a four-card flush or open-ended straight draw; otherwise withdraw."""
    three = list(cards)
    four = [*three, community[0]]
    first = _paying(three) or _straight_flush_draw(three)
    second = _paying(four) or _four_card_draw(four)
    return Decision(withdraw_first=not first, withdraw_second=not second)


# --- dealing a round ----------------------------------------------------------------------------


def _progressive_meter(config: LetItRideTableConfig, rng: random.Random) -> Decimal | None:
    if not config.progressive_pays_meter_share:
        return None
    reset = config.progressive_meter_reset or Decimal(10_000)
    return shown_meter(
        config.progressive_linked,
        grown_meter(rng, reset),
        meter=str(PROGRESSIVE_METER),
        awards=(LetItRideWager.PROGRESSIVE.value,),
        reset=reset,
    )


def deal_let_it_ride_round(
    config: LetItRideTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    bonus_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
    preset_community: Sequence[Card] | None = None,
) -> LetItRideRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 5 of the 7.
    Each optional wager the table offers is placed with ``bonus_chance``; with a Five Card Hand
    Bonus the table game system draws its meter, Magic Card and Lucky seat. ``preset`` gives
    chosen seats their three cards and ``preset_community`` the two community cards, in the
    order they are turned (the constrained deals of games/let_it_ride/targets.py); everything
    else, the burned card included, is dealt from ``Deck(seed)`` without those cards, in the
    usual order.
    """
    if not 0 <= bonus_chance <= 1:
        raise ValueError(f"bonus_chance is a probability, not {bonus_chance}")
    rng = random.Random(f"let-it-ride-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    deck = preset_deck(seed, preset, preset_community)
    stacks = {seat: tuple(deck.deal_to(seat) for _ in range(PLAYER_CARDS)) for seat in occupied}
    top, middle = (deck.deal_to(COMMUNITY) for _ in range(COMMUNITY_CARDS))
    bottom = deck.deal_to(_BURN)
    deck.check_used()
    community = (top, middle)
    limits = config.limits(LetItRideWager.WAGER_1)
    plays: list[LetItRideSeatPlay] = []
    for seat in occupied:
        bet = chips(rng, limits.minimum, limits.maximum)
        plays.append(
            LetItRideSeatPlay(
                seat,
                stacks[seat],
                (bet, bet, bet),
                decide(stacks[seat], community),
                optional_stake(config, rng, LetItRideWager.FIVE_CARD_BONUS, bonus_chance),
                optional_stake(config, rng, LetItRideWager.THREE_CARD_BONUS, bonus_chance),
                optional_stake(config, rng, LetItRideWager.PROGRESSIVE, bonus_chance),
                player_fchb(config.five_card_hand_bonus, rng, bonus_chance),
            )
        )
    return LetItRideRound(
        config,
        community,
        tuple(plays),
        bottom,
        seed,
        _progressive_meter(config, rng),
        # What the table game system shows: a meter at or above its reset amount, a Magic
        # Card from the 52 and a Lucky seat (§ 643a.1): Let It Ride has no dealer hand.
        fchb_draws(config.five_card_hand_bonus, rng, LUCKY_DRAW),
    )


def cards_in_dealing_order(round_: LetItRideRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the shoe, when the burned card is known: a
    round from ``deal_let_it_ride_round`` equals the first cards of ``Deck(round_.seed)``."""
    if round_.burn is None:
        raise ValueError("the burned community card is not known for this round")
    players = [c for play in round_.dealing_order() for c in play.cards]
    return (*players, *round_.community, round_.burn)


# --- what an observer sees ----------------------------------------------------------------------


def _wager_text(play: LetItRideSeatPlay) -> str:
    bets = play.bets
    if len(set(bets)) == 1:
        parts = [f"three Let It Ride Wagers of {format_money(bets[0])}"]
    else:
        parts = [f"Let It Ride Wagers of {', '.join(format_money(b) for b in bets)}"]
    parts += optional_parts(play.stake, OPTIONAL_WAGERS, play.five_card_hand_bonus)
    return f"Seat {play.seat} bets " + ", ".join(parts)


def _first_text(play: LetItRideSeatPlay) -> str:
    if play.decision.withdraw_first:
        return f"Seat {play.seat} withdraws wager 1"
    return f"Seat {play.seat} lets wager 1 ride"


def _second_text(play: LetItRideSeatPlay) -> str:
    first = "1 withdrawn" if play.decision.withdraw_first else "1 rides"
    second = "2 withdrawn" if play.decision.withdraw_second else "2 rides"
    return f"Seat {play.seat} {first}, {second}, 3 rides"


def let_it_ride_dealing_sequence(round_: LetItRideRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the second community card, in table order, for the
    GUI to animate and the log to print. The community cards appear as each is turned face up
    (the dealer's card area shows them); the burned card is never shown."""
    plays = round_.dealing_order()
    events = opening_events(plays, _wager_text, " of the stack")
    events += [DealEvent(DealEventKind.DECISION, p.seat, (), True, _first_text(p)) for p in plays]
    first, second = round_.community
    events.append(
        DealEvent(
            DealEventKind.DEAL_CARD,
            DEALER,
            (first,),
            True,
            f"First community card turned face up: {first.notation} (three were spread in the "
            "community area and the one on the dealer's left discarded unexposed, § 643a.10(b))",
        )
    )
    events += [DealEvent(DealEventKind.DECISION, p.seat, (), True, _second_text(p)) for p in plays]
    hands = "; ".join(f"seat {p.seat} {describe_hand(round_.hand(p))}" for p in plays)
    events.append(
        DealEvent(
            DealEventKind.DEAL_CARD,
            DEALER,
            (second,),
            True,
            f"Second community card turned face up: {second.notation}. Hands: {hands}",
        )
    )
    return tuple(events)


__all__ = [
    "cards_in_dealing_order",
    "deal_let_it_ride_round",
    "decide",
    "let_it_ride_dealing_sequence",
]
