"""How often the Rules Submission's payout limit caps a Texas Hold 'Em Bonus Poker player's
wagers in a round, for the table analyser, with every limited wager at its maximum.

Whether the Ante and the Flop, Turn and River Wagers win depends on the dealer's hand, so the
count is simulated: each round deals the player's and the dealer's cards and the board, plays
them by the trainer's simple strategy (``dealing.decide``) and settles each limited wager by the
game's own settlement before the limit is applied; the limit caps the round when those wins
add up to more than it. When no hand could win more than the limit at the maximum wagers, the
count is zero, exactly.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import Procedure, ProcedureCount, SimulatedCount
from dealer_trainer.games.community_dealing import DEFAULT_PROGRESSIVE_METER
from dealer_trainer.games.outcome_support import Result
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.dealing import decide
from dealer_trainer.games.texas_holdem_bonus.hands import Deal
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    STREETS,
    TableDraws,
    WagerOutcome,
    settle_ante,
    settle_bonus,
    settle_progressive,
    settle_street,
    showdown,
    street_stake,
)
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.rules.money import format_money

SETTLED_WITH_THE_LIMIT = (ThbWager.ANTE, *STREETS, ThbWager.BONUS, ThbWager.PROGRESSIVE)
"""The wagers ``settle_seat`` applies the limit to (the Five Card Hand Bonus is settled apart)."""


def most_won(config: ThbTableConfig) -> Decimal | None:
    """The most the limited wagers could win together at their maximum, from the best row of
    each; ``None`` when a limited wager pays a share of a meter (no fixed most)."""
    ante = config.limits(ThbWager.ANTE).maximum
    total = Decimal(0)
    for wager in config.limited_wagers:
        if not config.offers(wager) or wager not in SETTLED_WITH_THE_LIMIT:
            continue
        if wager is ThbWager.PROGRESSIVE:
            return None
        stake = street_stake(config, ante, wager) if wager in STREETS else None
        stake = stake or config.limits(wager).maximum
        rows = [row for row in config.paytable(wager).rows if row.odds.pays]
        total += max((row.odds.payment(stake).paid for row in rows), default=Decimal(0))
    return total


def limited_wins(config: ThbTableConfig, cards: list[Card]) -> Decimal:
    """What the limited wagers win, before the limit, on one round's nine cards (the player's
    two, the dealer's two, the board) at their maximum."""
    deal = Deal((cards[0], cards[1]), (cards[2], cards[3]), tuple(cards[4:]))  # type: ignore[arg-type]
    limited = config.limited_wagers
    ante = config.limits(ThbWager.ANTE).maximum
    decision = decide(deal.player, deal.board)
    show = showdown(deal, config.rules.tie_pushes)
    outcomes: list[WagerOutcome | None] = [settle_ante(config, show, ante, decision)]
    outcomes += [settle_street(config, show, ante, decision, street) for street in STREETS]
    if ThbWager.BONUS in limited and config.offers(ThbWager.BONUS):
        stake = config.limits(ThbWager.BONUS).maximum
        outcomes.append(settle_bonus(config, deal, stake, decision))
    spec = config.progressive
    if ThbWager.PROGRESSIVE in limited and spec is not None:
        meter = TableDraws(progressive_meter=spec.meter_reset or DEFAULT_PROGRESSIVE_METER)
        outcomes.append(settle_progressive(config, deal, spec.maximum, decision, meter))
    return sum(
        (
            o.paid
            for o in outcomes
            if o is not None and o.wager in limited and o.result is Result.WIN
        ),
        Decimal(0),
    )


def payout_caps(config: ThbTableConfig) -> ProcedureCount | SimulatedCount | None:
    """The payout-limit count of a table with a limit: exact zero when no round can reach it,
    otherwise simulated."""
    limit = config.payout_limit
    if limit is None:
        return None
    names = ", ".join(w.value for w in ThbWager if w in config.limited_wagers)
    method = (
        f"the {names} at their maximum against the {format_money(limit)} payout limit, "
        "played by the trainer's simple strategy"
    )
    most = most_won(config)
    if most is not None and most <= limit:
        return ProcedureCount(
            Procedure.PAYOUT_CAP,
            Fraction(0),
            f"{method}: they win at most {format_money(most)} together, never more than the "
            "limit [exact]",
        )
    deck = [Card(index) for index in range(52)]

    def play(rng: random.Random) -> Fraction:
        return Fraction(int(limited_wins(config, rng.sample(deck, 9)) > limit))

    return SimulatedCount(Procedure.PAYOUT_CAP, method, play)


__all__ = ["limited_wins", "most_won", "payout_caps"]
