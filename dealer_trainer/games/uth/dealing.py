"""Random practice rounds of Ultimate Texas Hold 'Em, dealt and played as at a real table.

A trainee settles rounds nobody wrote by hand, so a generated round must be one a table could
produce: wagers within the Rules Submission's limits, Play wagers the rules allow, meters and
draws the table game system could show. Every round is reproducible from its seed (DESIGN.md:
a hand can be rebuilt "in the event of a question or dispute"): the cards come off ``Deck(seed)``
in dealing order, and everything else from a second generator derived from the same seed, kept
separate so the players' choices do not echo the shuffle.

The dealing procedure (§ 653a.11(a)-(f)) is not in the seeds; the order modelled here is the
common one (ultimate-texas-holdem.md § 6): wagers, "no more bets", two rounds of one card at a
time from the dealer's far left to the dealer, decisions clockwise from the dealer's left, the
flop, decisions, the turn and river together, final decisions, the dealer's reveal. No burn
cards are modelled, so a round holds exactly the 2N + 7 cards the settlement needs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import ROUND_CEILING, Decimal

from dealer_trainer.cards import Card, Rank, format_cards
from dealer_trainer.engine.dealing import DealEvent, DealEventKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    cards_in_dealing_order,
    cents,
    deal_cards,
    opening_events,
    reveal_event,
    table_draws,
    wager_text,
)
from dealer_trainer.games.five_card_hand_bonus import METER as FCHB_METER
from dealer_trainer.games.five_card_hand_bonus import Award, BetOn, FiveCardHandBonusSpec
from dealer_trainer.games.linked_meter import shown_meter
from dealer_trainer.games.practice_dealing import (
    chips_up_to_maximum,
    occupied_seats,
)
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.must_hit_by import contribution, qualifies
from dealer_trainer.games.uth.outcomes import Decision, SeatWagers, Street
from dealer_trainer.games.uth.round import LUCKY_DRAW, MAX_SEATS, MustHitByState, SeatPlay, UthRound
from dealer_trainer.games.uth.settings import UthRules
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import category_of, strength
from dealer_trainer.rules.money import ZERO

MUST_HIT_BY_HIT_CHANCE = 0.05
"""How often a round with a qualifying progressive wager takes the Must-Hit-By meter past the
RNG value: real hits are rare, but a trainee must meet one now and then."""
_PREFERRED = {Street.BEFORE_FLOP: 4, Street.AFTER_FLOP: 2, Street.AFTER_RIVER: 1}
_ALLOWED = {
    Street.BEFORE_FLOP: "play_multiples_before_flop",
    Street.AFTER_FLOP: "play_multiples_after_flop",
    Street.AFTER_RIVER: "play_multiples_after_river",
}
_SIDE_WAGERS = (
    ("trips", UthWager.TRIPS),
    ("bad_beat", UthWager.BAD_BEAT),
    ("play_the_board", UthWager.PLAY_THE_BOARD),
    ("ultimate_pairs", UthWager.ULTIMATE_PAIRS),
    ("six_card_bonus", UthWager.SIX_CARD_BONUS),
    ("progressive", UthWager.PROGRESSIVE),
)
_WAGER_LABELS = (
    ("ante", "Ante"),
    ("blind", "Blind"),
    ("trips", UthWager.TRIPS.value),
    ("bad_beat", UthWager.BAD_BEAT.value),
    ("play_the_board", UthWager.PLAY_THE_BOARD.value),
    ("ultimate_pairs", UthWager.ULTIMATE_PAIRS.value),
    ("six_card_bonus", UthWager.SIX_CARD_BONUS.value),
    ("progressive", UthWager.PROGRESSIVE.value),
    ("five_card_hand_bonus", UthWager.FIVE_CARD_HAND_BONUS.value),
    ("five_card_hand_bonus_dealer", f"{UthWager.FIVE_CARD_HAND_BONUS.value} (dealer's hand)"),
)


# --- the simulated player ----------------------------------------------------------------------


def decide(hole: Sequence[Card], board: Sequence[Card], rules: UthRules) -> Decision:
    """A player following the well-known simplified basic strategy (Wizard of Odds), so the
    rounds show the mix of 4x raises, late bets and folds a dealer meets at a real table.

    Before the flop raise with any ace, a pair of 3s or better, K-x suited, K-5+ offsuit,
    Q-6+ suited, Q-8+ offsuit, J-8+ suited or J-T offsuit. After the flop bet with two pair or
    better made with a hole card, a hidden pair (a pair using a hole card, except pocket 2s), or
    four to a flush holding a ten or better of that suit. After the river bet with a pair or
    better using a hole card, or a hole card above every community card (standing in for "the
    dealer beats fewer than 21 hands"); otherwise fold. Each bet is 4x, 2x and 1x where the
    table allows it, else the largest multiple it does allow.

    ``board`` is the five community cards in dealing order; only the flop is looked at for the
    second decision, as the player has seen nothing else then.
    """
    if len(hole) != 2 or len(board) != 5:
        raise ValueError(
            f"a decision needs 2 hole cards and 5 community cards, not {len(hole)} and {len(board)}"
        )
    if _raises_before_flop(hole[0], hole[1]):
        return _play(Street.BEFORE_FLOP, rules)
    if _bets_after_flop(hole, board[:3]):
        return _play(Street.AFTER_FLOP, rules)
    if _bets_after_river(hole, board):
        return _play(Street.AFTER_RIVER, rules)
    return Decision.fold()


def _play(street: Street, rules: UthRules) -> Decision:
    allowed: tuple[int, ...] = getattr(rules, _ALLOWED[street])
    preferred = _PREFERRED[street]
    return Decision.play(preferred if preferred in allowed else max(allowed), street)


def _raises_before_flop(a: Card, b: Card) -> bool:
    high, low = (a, b) if a.rank_index >= b.rank_index else (b, a)
    suited = a.suit is b.suit
    if high.rank is low.rank:
        return high.rank is not Rank.TWO
    minimum_kicker = {
        Rank.ACE: Rank.TWO,
        Rank.KING: Rank.TWO if suited else Rank.FIVE,
        Rank.QUEEN: Rank.SIX if suited else Rank.EIGHT,
        Rank.JACK: Rank.EIGHT if suited else Rank.TEN,
    }.get(high.rank)
    return minimum_kicker is not None and low.rank_index >= minimum_kicker.index


def _bets_after_flop(hole: Sequence[Card], flop: Sequence[Card]) -> bool:
    made = _category((*hole, *flop))
    if made >= _index(HandRank.TWO_PAIR) and made > _category(flop):
        return True
    pocket_pair = hole[0].rank is hole[1].rank
    if pocket_pair and hole[0].rank is not Rank.TWO:
        return True
    if _pairs_the_board(hole, flop):
        return True
    return any(
        sum(1 for card in (*hole, *flop) if card.suit is high.suit) >= 4
        for high in hole
        if high.rank_index >= Rank.TEN.index
    )


def _bets_after_river(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    if hole[0].rank is hole[1].rank or _pairs_the_board(hole, board):
        return True
    if _category((*hole, *board)) > _category(board):
        return True
    return max(card.rank_index for card in hole) > max(card.rank_index for card in board)


def _pairs_the_board(hole: Sequence[Card], shared: Sequence[Card]) -> bool:
    ranks = {card.rank for card in shared}
    return any(card.rank in ranks for card in hole)


def _category(cards: Sequence[Card]) -> int:
    """Position in the five-card order; three cards (a flop) can only be high card, a pair or
    three of a kind, which the evaluator (five to seven cards) does not rank."""
    if len(cards) >= 5:
        return _index(category_of(strength(cards)))
    most = max(sum(1 for c in cards if c.rank is card.rank) for card in cards)
    made = {1: HandRank.HIGH_CARD, 2: HandRank.ONE_PAIR}.get(most, HandRank.THREE_OF_A_KIND)
    return _index(made)


def _index(rank: HandRank) -> int:
    return FIVE_CARD_ORDER.index(rank)


# --- dealing a round ----------------------------------------------------------------------------


def deal_round(
    config: UthTableConfig,
    seed: int,
    seats: Sequence[int] | None = None,
    *,
    side_wager_chance: float = 0.5,
    preset: Mapping[int, Sequence[Card]] | None = None,
    preset_board: Sequence[Card] | None = None,
) -> UthRound:
    """A legal random round on ``config``'s table, the same for the same arguments.

    ``seats`` are the occupied seats (1 = the dealer's far left); by default 3 to 6 of the 7.
    Each optional wager the table offers is placed with probability ``side_wager_chance``.
    ``preset`` gives chosen seats (or ``DEALER``) their two hole cards and ``preset_board`` the
    five community cards (the constrained deals of games/uth/targets.py); everyone else is
    dealt from ``Deck(seed)`` without those cards, in the usual order.
    """
    if not 0 <= side_wager_chance <= 1:
        raise ValueError(f"side_wager_chance is a probability, not {side_wager_chance}")
    rng = random.Random(f"uth-practice-round:{seed}")
    occupied = occupied_seats(rng, seats, (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS), MAX_SEATS)
    cards = deal_cards(seed, occupied, preset, preset_board)
    plays = tuple(
        SeatPlay(
            seat,
            cards.hole[seat],
            _wagers(config, rng, side_wager_chance),
            decide(cards.hole[seat], cards.board, config.rules),
        )
        for seat in occupied
    )
    return UthRound(
        config,
        cards.dealer,
        cards.board,
        plays,
        table_draws(
            rng,
            plays,
            config.five_card_hand_bonus,
            config.progressive,
            LUCKY_DRAW,
            _shown_meter,
        ),
        _must_hit_by(config, rng, plays),
        seed,
    )


def _wagers(config: UthTableConfig, rng: random.Random, chance: float) -> SeatWagers:
    ante = chips_up_to_maximum(rng, config.limits(UthWager.ANTE))
    side: dict[str, Decimal] = {}
    for name, wager in _SIDE_WAGERS:
        if config.offers(wager) and rng.random() < chance:
            side[name] = chips_up_to_maximum(rng, config.limits(wager))
    for name, hand in (
        ("five_card_hand_bonus", BetOn.PLAYER),
        ("five_card_hand_bonus_dealer", BetOn.DEALER),
    ):
        if config.fchb_offered_on(hand) and rng.random() < chance:
            side[name] = chips_up_to_maximum(rng, config.limits(UthWager.FIVE_CARD_HAND_BONUS))
    return SeatWagers(ante=ante, blind=ante, **side)


def _shown_meter(fchb: FiveCardHandBonusSpec, drawn: Decimal) -> Decimal:
    """The Five Card Hand Bonus meter drawn, or its link's shared amount while rounds are dealt
    sharing meters (games/linked_meter.py)."""
    return shown_meter(
        fchb.linked,
        drawn,
        meter=str(FCHB_METER),
        awards=(award.value for award in Award),
        reset=fchb.meter_reset or fchb.meter_start,
    )


def _must_hit_by(
    config: UthTableConfig, rng: random.Random, plays: Sequence[SeatPlay]
) -> MustHitByState | None:
    """A meter at or below the RNG value, both within the configuration's range (§ 653b.1(c)),
    placed so this round's contributions pass the value ``MUST_HIT_BY_HIT_CHANCE`` of the time.
    """
    mhb = config.must_hit_by_configuration()
    if mhb is None:
        return None
    added = sum(
        (
            contribution(mhb, p.wagers.progressive)
            for p in plays
            if p.wagers.progressive > 0 and qualifies(mhb, p.wagers.progressive)
        ),
        ZERO,
    )
    low, high = mhb.minimum_value, mhb.maximum_value
    added_cents = int((added * 100).to_integral_value(rounding=ROUND_CEILING))
    if added > 0 and rng.random() < MUST_HIT_BY_HIT_CHANCE:
        trigger = cents(rng, low, high)
        short = min(added_cents - 1, int((trigger - low) * 100))
        return MustHitByState(trigger - Decimal(rng.randint(0, short)).scaleb(-2), trigger)
    trigger = cents(rng, low + Decimal(added_cents).scaleb(-2), high)
    ceiling = Decimal(int((trigger - added) * 100)).scaleb(-2)
    return MustHitByState(cents(rng, low, ceiling), trigger)


# --- what an observer sees ----------------------------------------------------------------------


def dealing_sequence(round_: UthRound) -> tuple[DealEvent, ...]:
    """The round from the first wager to the dealer's reveal, in table order, for the GUI to
    animate and the log to print; the decisions are read back from each ``SeatPlay``."""
    plays = sorted(round_.seats, key=lambda p: p.seat)
    events = opening_events(round_, lambda seat: _wager_text(round_.seat(seat)))
    events += [_decision(p, Street.BEFORE_FLOP) for p in plays]
    flop = round_.board[:3]
    events.append(DealEvent(DealEventKind.FLOP, DEALER, flop, True, f"Flop: {format_cards(flop)}"))
    checked = [p for p in plays if p.decision.street is not Street.BEFORE_FLOP]
    events += [_decision(p, Street.AFTER_FLOP) for p in checked]
    turn_river = round_.board[3:]
    text = f"Turn and river: {format_cards(turn_river)}"
    events.append(DealEvent(DealEventKind.TURN_RIVER, DEALER, turn_river, True, text))
    still = [p for p in checked if p.decision.street is not Street.AFTER_FLOP]
    events += [_decision(p, Street.AFTER_RIVER) for p in still]
    events.append(reveal_event(round_.dealer))
    return tuple(events)


def _decision(play: SeatPlay, street: Street) -> DealEvent:
    decision = play.decision
    if decision.street is street:
        verb = "raises" if street is Street.BEFORE_FLOP else "bets"
        text = f"Seat {play.seat} {verb} {decision.multiple}x"
    elif street is Street.AFTER_RIVER:
        text = f"Seat {play.seat} folds"
    else:
        text = f"Seat {play.seat} checks"
    return DealEvent(DealEventKind.DECISION, play.seat, (), False, text)


def _wager_text(play: SeatPlay) -> str:
    wagers = play.wagers
    return wager_text(
        play.seat,
        (
            (label, wagers.blind_amount if name == "blind" else getattr(wagers, name))
            for name, label in _WAGER_LABELS
        ),
    )


__all__ = [
    "MAX_RANDOM_SEATS",
    "MIN_RANDOM_SEATS",
    "DealEvent",
    "DealEventKind",
    "cards_in_dealing_order",
    "deal_round",
    "dealing_sequence",
    "decide",
]
