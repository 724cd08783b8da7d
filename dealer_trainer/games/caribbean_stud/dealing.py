"""Random practice rounds of Caribbean Stud Poker, and how they look dealt.

A generated round is one a real table could produce: an Ante within the Rules Submission's
limits, optional wagers beside it within theirs, a Bet of exactly twice the Ante or a fold
(§ 639a.11(b)), and a progressive meter the system could show. Every round is reproducible from
its seed: the cards come off ``Deck(seed)`` in dealing order, and the players' choices from a
second generator derived from the seed, kept separate so they do not echo the shuffle.

The simulated player follows a simple, well-known strategy so the rounds show the mix of bets
and folds a dealer meets (``decide``). The dealing order (§§ 639a.8-639a.10 are printed in the
seed only for "no more bets", paragraph (b)) is the common one, [STANDARD]: one card at a time
from the player farthest to the dealer's left around to the dealer, five times; the dealer's
first four cards are the hole cards, face down, and the fifth is dealt face up (§ 639a.1: the
hole cards are the four dealt face down). No burn cards are modelled, so a round holds exactly
the 5N + 5 cards the settlement needs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal

from dealer_trainer.cards import Card, Deck, Rank
from dealer_trainer.cards.deck import PresetDeck
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.caribbean_stud.config import CaribbeanStudTableConfig, WagerLimits
from dealer_trainer.games.caribbean_stud.hands import five_card_hand
from dealer_trainer.games.caribbean_stud.outcomes import StudWagers
from dealer_trainer.games.caribbean_stud.round import (
    HOLE_CARDS,
    LUCKY_DRAW,
    MAX_SEATS,
    CaribbeanStudRound,
    CaribbeanStudSeatPlay,
)
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.games.five_card_hand_bonus import BetOn
from dealer_trainer.games.linked_meter import shown_meter
from dealer_trainer.games.practice_dealing import (
    chips_up_to_maximum,
    fchb_draws,
    grown_meter,
    in_dealing_order,
    occupied_seats,
)
from dealer_trainer.games.procedure_steps import PROGRESSIVE_METER
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.money import ZERO, format_money

MIN_RANDOM_SEATS = 2
MAX_RANDOM_SEATS = 6
DEFAULT_PROGRESSIVE_METER = Decimal(10_000)
"""Used when the Rules Submission states no reset amount: the seeds give none for this
progressive (§ 639a.12 is not in the seeds), and $10,000 is the Five Card Hand Bonus minimum
(§ 639a.12(e)(4)), a familiar figure."""
CARDS_EACH = 5


# --- the simulated player ----------------------------------------------------------------------


def decide(cards: Sequence[Card], up_card: Card) -> StudDecision:
    """A player following a simplified version of the well-known basic strategy (Wizard of
    Odds), documented here because the rounds a trainee settles come from it:

    - bet with a pair or better;
    - fold with less than ace/king;
    - with ace/king and nothing better: bet holding a queen or a jack besides (A-K-Q, A-K-J),
      or when the dealer's up card is an ace or a king, or when it matches the rank of one of
      the player's other three cards (the dealer is then less likely to pair it); otherwise
      fold.
    """
    if len(cards) != CARDS_EACH:
        raise ValueError(f"a decision needs the player's five cards, not {len(cards)}")
    hand = five_card_hand(cards)
    if hand.rank is not HandRank.HIGH_CARD:
        return StudDecision.BET
    ranks = Counter(card.rank for card in cards)
    if not (ranks[Rank.ACE] and ranks[Rank.KING]):
        return StudDecision.FOLD
    others = {card.rank for card in cards} - {Rank.ACE, Rank.KING}
    if others & {Rank.QUEEN, Rank.JACK}:
        return StudDecision.BET
    if up_card.rank in (Rank.ACE, Rank.KING) or up_card.rank in others:
        return StudDecision.BET
    return StudDecision.FOLD


# --- dealing a round ----------------------------------------------------------------------------


def _wagers(config: CaribbeanStudTableConfig, rng: random.Random, chance: float) -> StudWagers:
    ante = chips_up_to_maximum(rng, config.limits(CaribbeanStudWager.ANTE))
    optional = {}
    for wager in config.offered_optional_wagers():
        placed = rng.random() < chance
        optional[wager] = chips_up_to_maximum(rng, config.limits(wager)) if placed else ZERO
    fchb = {hand: ZERO for hand in BetOn}
    spec = config.five_card_hand_bonus
    if spec is not None:
        limits = WagerLimits(minimum=spec.minimum, maximum=spec.maximum)
        for hand in spec.bet_on:
            fchb[hand] = chips_up_to_maximum(rng, limits) if rng.random() < chance else ZERO
    return StudWagers(
        ante,
        optional.get(CaribbeanStudWager.CARIBBEAN_STUD_BONUS, ZERO),
        optional.get(CaribbeanStudWager.PROGRESSIVE, ZERO),
        fchb[BetOn.PLAYER],
        fchb[BetOn.DEALER],
    )


def dealing_order(seats: Sequence[int]) -> list[int]:
    """Who receives each card: one at a time from the dealer's far left, the dealer last, five
    times around [STANDARD]."""
    once = [*sorted(seats), DEALER]
    return once * CARDS_EACH


def deal_caribbean_stud_round(
    config: CaribbeanStudTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    side_wager_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
) -> CaribbeanStudRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 2 to 6 of the 7.
    Each optional wager the table offers is placed with probability ``side_wager_chance``.
    ``preset`` gives chosen seats (or ``DEALER``) their five cards in dealing order (the
    constrained deals of games/caribbean_stud/targets.py); everyone else is dealt from
    ``Deck(seed)`` without those cards, in the usual order.
    """
    if not 0 <= side_wager_chance <= 1:
        raise ValueError(f"side_wager_chance is a probability, not {side_wager_chance}")
    rng = random.Random(f"caribbean-stud-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    deck = PresetDeck(Deck(seed), preset)
    hands: dict[int, list[Card]] = {position: [] for position in [*occupied, DEALER]}
    for position in dealing_order(occupied):
        hands[position].append(deck.deal_to(position))
    deck.check_used()
    dealer = tuple(hands[DEALER])
    plays = tuple(
        CaribbeanStudSeatPlay(
            seat,
            tuple(hands[seat]),
            _wagers(config, rng, side_wager_chance),
            decide(hands[seat], dealer[HOLE_CARDS]),
        )
        for seat in occupied
    )
    meter = None
    if config.progressive is not None:
        reset = config.progressive_meter_reset or DEFAULT_PROGRESSIVE_METER
        meter = shown_meter(
            config.progressive_linked,
            grown_meter(rng, reset),
            meter=str(PROGRESSIVE_METER),
            awards=(CaribbeanStudWager.PROGRESSIVE.value,),
            reset=reset,
        )
    # the table game system's meter, Magic Card and Lucky position among the seven seats and
    # the dealer (§ 639a.1)
    bettors = sum(1 for p in plays if p.wagers.five_card_hand_bonus_dealer > 0)
    draws = fchb_draws(config.five_card_hand_bonus, rng, LUCKY_DRAW, bettors)
    return CaribbeanStudRound(config, dealer, plays, meter, seed, draws)


def cards_in_dealing_order(round_: CaribbeanStudRound) -> tuple[Card, ...]:
    """The round's cards in the order they left the deck: a round from
    ``deal_caribbean_stud_round`` equals the first cards of ``Deck(round_.seed)``."""
    return tuple(in_dealing_order(round_.seats, round_.dealer, dealing_order))


# --- what a watcher sees --------------------------------------------------------------------------


def _wager_text(play: CaribbeanStudSeatPlay) -> str:
    parts = [f"Ante {format_money(play.wagers.ante)}"]
    if play.wagers.caribbean_stud_bonus:
        parts.append(f"Caribbean Stud Bonus {format_money(play.wagers.caribbean_stud_bonus)}")
    if play.wagers.progressive:
        parts.append(f"Progressive Payout Wager {format_money(play.wagers.progressive)}")
    for hand, stake in play.fchb_stakes().items():
        parts.append(f"Five Card Hand Bonus on the {hand.value} {format_money(stake)}")
    return ", ".join(parts)


def caribbean_stud_dealing_sequence(
    round_: CaribbeanStudRound, *, include_reveal: bool = False
) -> tuple[DealEvent, ...]:
    """Wagers, "no more bets" (where the trainee takes the pre-deal steps of § 639a.8(b)), five
    cards to each player face down and to the dealer four face down and the fifth face up, then
    each decision clockwise from the dealer's left (§ 639a.11(b)).

    By default the sequence stops there: collecting the forfeited wagers and folded cards and
    only then revealing the dealer's hole cards is the trainee's work (§ 639a.11(c)), graded in
    the procedure (the dealer's "Hand" step). ``include_reveal`` appends a ``DEALER_REVEAL``
    event for a view that must show the dealer's hand before settlement begins.
    """
    plays = round_.decision_order()
    events = [
        DealEvent(
            DealEventKind.PLACE_WAGERS, p.seat, (), True, f"Seat {p.seat} bets {_wager_text(p)}"
        )
        for p in plays
    ]
    # The lockout and the progressive chips' collection, count and drop are the trainee's
    # graded pre-deal steps (§ 639a.8(b); engine.pre_deal), taken at this event.
    events.append(DealEvent(DealEventKind.NO_MORE_BETS, DEALER, (), True, "No more bets"))
    hands = {play.seat: play.cards for play in plays}
    hands[DEALER] = round_.dealer
    dealt = dict.fromkeys(hands, 0)
    for position in dealing_order(list(hands.keys() - {DEALER})):
        index = dealt[position]
        card = hands[position][index]
        dealt[position] += 1
        up = position == DEALER and index == HOLE_CARDS
        if position == DEALER:
            who = "Dealer: up card" if up else f"Dealer: hole card {index + 1}"
        else:
            who = f"Seat {position}: card {index + 1}"
        events.append(DealEvent(DealEventKind.DEAL_CARD, position, (card,), up, who))
    for play in plays:
        if play.folded:
            text = f"Seat {play.seat} folds, forfeiting the Ante"
            if play.wagers.caribbean_stud_bonus or play.wagers.progressive:
                text += " and every wager but the Five Card Hand Bonus"
        else:
            text = f"Seat {play.seat} bets {format_money(play.bet)}, twice the Ante"
        events.append(DealEvent(DealEventKind.DECISION, play.seat, (), True, text))
    if include_reveal:
        events.append(
            DealEvent(
                DealEventKind.DEALER_REVEAL,
                DEALER,
                round_.dealer,
                True,
                "Dealer: collect the forfeited wagers and folded cards, then turn up the four "
                "hole cards and arrange the hand",
            )
        )
    return tuple(events)


__all__ = [
    "DEFAULT_PROGRESSIVE_METER",
    "cards_in_dealing_order",
    "caribbean_stud_dealing_sequence",
    "deal_caribbean_stud_round",
    "dealing_order",
    "decide",
]
