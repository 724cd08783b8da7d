"""Seeded simulation of the wagers a game cannot price from one hand's cards: each round is
dealt from one seeded generator, played by the named strategy and settled by the game's own
settlement functions; every figure comes with its 95% confidence interval (mean +/- 1.96
standard errors). The same seed and rounds give the same figures on every machine.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

from dealer_trainer.analysis.figures import Method, WagerFigures, control_mean
from dealer_trainer.engine.wager_analysis import ProcedureCount, SimulatedCount, SimulatedWagers

DEFAULT_ROUNDS = 40_000
DEFAULT_SEED = 202611
Z_95 = 1.96


def _estimate(ys: list[float], xs: list[float] | None, known: float) -> tuple[float, float]:
    """The mean of ``ys`` and half its 95% interval; with a control ``xs`` of known mean
    ``known``, the control-variate estimate ybar - b (xbar - known), b = cov(x, y) / var(x),
    whose interval comes from the spread of y - b x."""
    n = len(ys)
    ybar = sum(ys) / n
    if xs is None:
        residual = ys
        mean = ybar
    else:
        xbar = sum(xs) / n
        var_x = sum((x - xbar) ** 2 for x in xs)
        cov = sum((x - xbar) * (y - ybar) for x, y in zip(xs, ys, strict=True))
        b = cov / var_x if var_x else 0.0
        mean = ybar - b * (xbar - known)
        residual = [y - b * x for x, y in zip(xs, ys, strict=True)]
    rbar = sum(residual) / n
    variance = sum((r - rbar) ** 2 for r in residual) / max(n - 1, 1)
    return mean, Z_95 * sqrt(variance / n)


def simulate(
    spec: SimulatedWagers, rounds: int = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED
) -> tuple[WagerFigures, ...]:
    """One figure per wager of ``spec`` and one for them together, per unit of ``spec.per``."""
    rng = random.Random(seed)
    together = [i for i, name in enumerate(spec.wagers) if name not in spec.own_stake]
    names = [*spec.wagers]
    if len(together) > 1:
        names.append(" + ".join(spec.wagers[i] for i in together))
    means = [control_mean(control) for control in spec.controls]
    steadied: dict[int, list[int]] = {}
    for c, control in enumerate(spec.controls):
        index = spec.wagers.index(control.wager)
        steadied.setdefault(index, []).append(c)
        if len(together) > 1 and index in together:
            steadied.setdefault(len(spec.wagers), []).append(c)
    results = []
    for _ in range(rounds):
        values = [float(v) for v in spec.play(rng)]
        nets, controls = values[: len(spec.wagers)], values[len(spec.wagers) :]
        if len(together) > 1:
            nets.append(sum(nets[i] for i in together))
        results.append((nets, controls))
    estimates = []
    for i in range(len(names)):
        ys = [nets[i] for nets, _ in results]
        used = steadied.get(i, [])
        xs = [sum(controls[c] for c in used) for _, controls in results]
        known = float(sum((means[c] for c in used), Fraction(0)))
        estimates.append(_estimate(ys, xs if used else None, known))
    figures = []
    for name, (mean, half) in zip(names, estimates, strict=True):
        per = name if name in spec.own_stake else spec.per
        notes = [*spec.notes, f"{rounds:,} rounds, seed {seed}"]
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
                notes=tuple(notes),
            )
        )
    return tuple(figures)


def simulate_count(
    spec: SimulatedCount, rounds: int = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED
) -> ProcedureCount:
    """How often ``spec``'s procedure comes up per seated player per round, from ``rounds``
    rounds dealt from ``seed``, with its 95% interval."""
    rng = random.Random(seed)
    values = [float(spec.play(rng)) for _ in range(rounds)]
    mean, half = _estimate(values, None, 0.0)
    return ProcedureCount(
        spec.procedure,
        Fraction(mean).limit_denominator(10**12),
        f"{spec.method} [simulated: {rounds:,} rounds, seed {seed}]",
        Fraction(half).limit_denominator(10**12),
    )


__all__ = ["DEFAULT_ROUNDS", "DEFAULT_SEED", "simulate", "simulate_count"]
