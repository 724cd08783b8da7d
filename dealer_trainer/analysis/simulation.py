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


def _estimate(
    ys: list[float], xs: list[list[float]] | None, known: list[float]
) -> tuple[float, float]:
    """The mean of ``ys`` and half its 95% interval; with controls ``xs`` (one row per round)
    of known means ``known``, the regression (control-variate) estimate
    ybar - b . (xbar - known), b the least-squares coefficients of y on the controls, whose
    interval comes from the spread of y - b . x (its degrees of freedom less one per control)."""
    import numpy as np

    y = np.asarray(ys, dtype=float)
    n = len(y)
    if not xs:
        residual, mean, used = y, float(y.mean()), 0
    else:
        x = np.asarray(xs, dtype=float)
        centred = x - x.mean(axis=0)
        b, *_ = np.linalg.lstsq(centred, y - y.mean(), rcond=None)
        mean = float(y.mean() - (x.mean(axis=0) - np.asarray(known)) @ b)
        residual, used = y - x @ b, x.shape[1]
    variance = float(((residual - residual.mean()) ** 2).sum()) / max(n - 1 - used, 1)
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
        if control.wager is None:
            for index in range(len(names)):
                steadied.setdefault(index, []).append(c)
            continue
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
        xs = [[controls[c] for c in used] for _, controls in results]
        known = [float(means[c]) for c in used]
        estimates.append(_estimate(ys, xs if used else None, known))
    figures = []
    shown = dict(zip(spec.wagers, spec.paytables, strict=False))
    for name, (mean, half) in zip(names, estimates, strict=True):
        per = name if name in spec.own_stake else spec.per
        notes = [*spec.notes, f"{rounds:,} rounds, seed {seed}"]
        figures.append(
            WagerFigures(
                name,
                f"{shown.get(name, name)} ({spec.strategy}, per unit of {per})",
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
    mean, half = _estimate(values, None, [])
    return ProcedureCount(
        spec.procedure,
        Fraction(mean).limit_denominator(10**12),
        f"{spec.method} [simulated: {rounds:,} rounds, seed {seed}]",
        Fraction(half).limit_denominator(10**12),
    )


__all__ = ["DEFAULT_ROUNDS", "DEFAULT_SEED", "simulate", "simulate_count"]
