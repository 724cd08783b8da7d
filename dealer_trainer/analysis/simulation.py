"""Seeded simulation of the wagers a game cannot price from one hand's cards: each round is
dealt from one seeded generator, played by the named strategy and settled by the game's own
settlement functions; every figure comes with its 95% confidence interval (mean +/- 1.96
standard errors). The same seed and rounds give the same figures on every machine.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

from dealer_trainer.analysis.figures import Method, WagerFigures
from dealer_trainer.engine.wager_analysis import SimulatedWagers

DEFAULT_ROUNDS = 40_000
DEFAULT_SEED = 202611
Z_95 = 1.96


def simulate(
    spec: SimulatedWagers, rounds: int = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED
) -> tuple[WagerFigures, ...]:
    """One figure per wager of ``spec`` and one for them together, per unit of ``spec.per``."""
    rng = random.Random(seed)
    together = [i for i, name in enumerate(spec.wagers) if name not in spec.own_stake]
    names = [*spec.wagers]
    if len(together) > 1:
        names.append(" + ".join(spec.wagers[i] for i in together))
    count = len(names)
    sums = [0.0] * count
    squares = [0.0] * count
    for _ in range(rounds):
        nets = [float(net) for net in spec.play(rng)]
        if len(together) > 1:
            nets.append(sum(nets[i] for i in together))
        for i, net in enumerate(nets):
            sums[i] += net
            squares[i] += net * net
    figures = []
    for i, name in enumerate(names):
        mean = sums[i] / rounds
        variance = max(squares[i] / rounds - mean * mean, 0.0) * rounds / max(rounds - 1, 1)
        half = Z_95 * sqrt(variance / rounds)
        per = name if name in spec.own_stake else spec.per
        figures.append(
            WagerFigures(
                name,
                f"{name} ({spec.strategy}, per unit of {per})",
                spec.cards,
                spec.citation,
                Method.SIMULATED,
                rounds,
                (),
                Fraction(0),
                Fraction(mean).limit_denominator(10**9),
                half_width=Fraction(half).limit_denominator(10**9),
                notes=(*spec.notes, f"{rounds:,} rounds, seed {seed}"),
            )
        )
    return tuple(figures)


__all__ = ["DEFAULT_ROUNDS", "DEFAULT_SEED", "simulate"]
