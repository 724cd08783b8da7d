"""Targets on the two community cards Let It Ride Poker and Three Card Poker deal, and the Envy
hands that share them.

Both games lay two community cards that every five-card hand at the table uses: each Let It
Ride player's hand (§ 643a.1), and in Three Card Poker the five-card wagers' hands (seed 000,
preamble). A lesson may ask for the board itself ("a pair on the board") and for several Envy
hands at once, whose straight flushes then run through the same two cards. What such a target
is does not depend on the game, so it is written once here; each game's ``targets.py`` still
says when the board exists and which wagers read it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank
from dealer_trainer.games.targeting import (
    BOARD,
    Goal,
    Slot,
    Target,
    TargetError,
    cards_field,
    cards_goal,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement, parse_hand
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise

FIVE = RankingSystem.FIVE_CARD


def board_goal(index: int, target: Target, slots: tuple[Slot, ...]) -> Goal:
    """The community cards alone (``slots``, the board's): exact cards, or a pair ("Pair",
    "Pair of aces"), the only hand two cards make."""
    where = "the two community cards"
    if normalise(target.wager):
        raise TargetError(
            index,
            f"the board holds no {target.wager}: a board target is the two community cards "
            "(wager '')",
        )
    if not target.hand.strip():
        return cards_goal(index, target, BOARD, wager="", slots=slots, where=where)
    key = normalise(target.hand)
    rank: Rank | None = None
    if key not in ("pair", "one pair", "a pair"):
        try:
            spec: HandSpec | None = parse_hand(target.hand, FIVE)
        except ValueError:
            spec = None
        if spec is None or spec.category is not HandRank.ONE_PAIR:
            raise TargetError(
                index,
                f"hand: the board is two cards: 'Pair', 'Pair of aces' or exact cards, not "
                f"{target.hand!r}",
            )
        rank = spec.rank
    count = len(slots)
    preset = cards_field(index, target, count, where)

    def test(cards: Sequence[Card]) -> bool:
        return cards[0].rank is cards[1].rank and (rank is None or cards[0].rank is rank)

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        wanted = rank if rank is not None else (fixed[0].rank if fixed else rng.choice(list(Rank)))
        held = [c for c in fixed if c.rank is wanted]
        rest = [c for c in STANDARD_CARDS if c.rank is wanted and c not in held]
        return [*held, *rng.sample(rest, count - len(held))]

    if len(preset) == count and not test(preset):
        raise TargetError(index, f"cards: {' '.join(c.notation for c in preset)} are not a pair")
    name = "a pair" if rank is None else f"a pair of {rank.plural}"
    return Goal(
        index,
        target,
        BOARD,
        "",
        f"{name} on the board",
        Requirement(slots, test, core, preset=preset),
        ("board", slots),
        categories=frozenset({HandRank.ONE_PAIR}),
    )


def by_frequency(specs: Sequence[HandSpec]) -> list[HandSpec]:
    """``specs`` for a core drawn at random, a five-card straight flush nine times as often as
    a royal flush (nine windows a suit against one): two Envy hands sharing the community
    cards share a suit, and two royal flushes of one suit never fit."""
    weight = {HandRank.STRAIGHT_FLUSH: 9}
    return [
        spec
        for spec in specs
        for _ in range(weight.get(spec.category, 1) if spec.system is FIVE else 1)
    ]


__all__ = ["board_goal", "by_frequency"]
