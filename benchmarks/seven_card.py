"""Seven-card evaluation speed beside the peer packages, measured fairly.

Run: .venv/bin/python benchmarks/seven_card.py [--hands N] [--repeats R] [--all-hands]
(the peers are optional: ``pip install -e '.[bench]'`` brings phevaluator, eval7 and treys.)

Every evaluator gets the same random hands, converted beforehand to the input it takes (card
objects or integers), and is checked to rank them as ``seven_card_strength`` does. The repeats
are interleaved (each repeat times every evaluator once, in an order rotated per repeat), so
a machine that slows down part-way slows every evaluator alike; each figure is the median of
the repeats in CPU time (``time.process_time``, garbage collection paused), and is printed as a
ratio to one baseline: phevaluator's C entry point when it is installed. The NumPy batch path
is timed after its tables are built (a one-off cost per process, printed apart).
``--all-hands`` also counts the categories of all 133,784,560 seven-card hands.
Prints numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from dealer_trainer.cards import Card
from dealer_trainer.hands.five_card import best_five, build_tables, seven_card_strength
from dealer_trainer.hands.five_card_batch import (
    enumerate_seven_card_categories,
    seven_card_strengths,
)

NOTATION = [r + s for r in "23456789TJQKA" for s in "cdhs"]
"""Card ``i`` of the project (rank ``i >> 2``, suit ``i & 3`` in c, d, h, s): phevaluator
numbers its cards the same way."""

CHECKED = 5_000
"""Hands on which every evaluator's ranking is compared with the project's."""


@dataclass
class Evaluator:
    """``run`` evaluates every hand of ``data`` (the hands in this evaluator's own input) and
    returns the strengths, each oriented so that a bigger number is a better hand."""

    label: str
    data: Any
    run: Callable[[Any], Sequence[int] | Any]
    seconds: list[float]


def ours(hands: list[list[int]]) -> list[Evaluator]:
    import numpy as np

    cards = [[Card(c) for c in h] for h in hands]
    ints = [list(h) for h in hands]
    array = np.asarray(hands, dtype=np.int64)
    return [
        Evaluator(
            "dealer_trainer seven_card_strength (Card)",
            cards,
            lambda data: [seven_card_strength(h) for h in data],
            [],
        ),
        Evaluator(
            "dealer_trainer seven_card_strength (int)",
            ints,
            lambda data: [seven_card_strength(h) for h in data],
            [],
        ),
        Evaluator(
            "dealer_trainer best_five (category + the five cards)",
            cards,
            lambda data: [best_five(h).strength for h in data],
            [],
        ),
        Evaluator(
            "dealer_trainer seven_card_strengths (NumPy batch)",
            array,
            seven_card_strengths,
            [],
        ),
    ]


def peers(hands: list[list[int]]) -> tuple[list[Evaluator], list[str]]:
    found: list[Evaluator] = []
    missing: list[str] = []
    try:
        from phevaluator import _pheval, evaluate_cards  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        missing.append("phevaluator")
    else:
        seven = _pheval.evaluate_7cards
        texts = [[NOTATION[c] for c in h] for h in hands]
        found += [
            Evaluator(
                "phevaluator _pheval.evaluate_7cards (C, int)",
                hands,
                lambda data: [-seven(*h) for h in data],
                [],
            ),
            Evaluator(
                "phevaluator.evaluate_cards (int)",
                hands,
                lambda data: [-evaluate_cards(*h) for h in data],
                [],
            ),
            Evaluator(
                "phevaluator.evaluate_cards (str)",
                texts,
                lambda data: [-evaluate_cards(*h) for h in data],
                [],
            ),
        ]
    try:
        import eval7  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        missing.append("eval7")
    else:
        evaluate = eval7.evaluate
        cards7 = [[eval7.Card(NOTATION[c]) for c in h] for h in hands]
        found.append(
            Evaluator(
                "eval7.evaluate (eval7.Card)",
                cards7,
                lambda data: [evaluate(h) for h in data],
                [],
            )
        )
    try:
        from treys import Card as TreysCard  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from treys import Evaluator as TreysEvaluator
    except ImportError:
        missing.append("treys")
    else:
        treys = TreysEvaluator()
        treys_hands = [[TreysCard.new(NOTATION[c]) for c in h] for h in hands]
        found.append(
            Evaluator(
                "treys Evaluator.evaluate (int)",
                treys_hands,
                lambda data: [-treys.evaluate(h[:2], h[2:]) for h in data],
                [],
            )
        )
    return found, missing


def agrees(reference: Sequence[int], other: Sequence[int]) -> bool:
    """Whether ``other`` orders the hands as ``reference`` does (ties included)."""
    pairs = zip(pairwise(reference), pairwise(other), strict=True)
    return all((a > b) - (a < b) == (x > y) - (x < y) for (a, b), (x, y) in pairs)


def timed(evaluator: Evaluator) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        evaluator.run(evaluator.data)
        return time.process_time() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--all-hands", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(range(52), 7) for _ in range(args.hands)]
    print(
        f"Python {platform.python_version()} on {platform.machine()}: {args.hands:,} random "
        f"hands, {args.repeats} interleaved repeats, median CPU time"
    )

    start = time.process_time()
    build_tables()
    seven_card_strengths(hands[:1])
    print(f"one-off table build and load (once per process): {time.process_time() - start:.3f} s")

    evaluators = ours(hands)
    found, missing = peers(hands)
    evaluators += found
    sample = [[int(s) for s in e.run(_first(e.data, CHECKED))] for e in evaluators]
    for evaluator, strengths in zip(evaluators, sample, strict=True):
        if not agrees(sample[0], strengths):
            raise SystemExit(f"{evaluator.label} ranks the hands differently")

    for repeat in range(args.repeats):
        turn = repeat % len(evaluators)
        for evaluator in evaluators[turn:] + evaluators[:turn]:
            evaluator.seconds.append(timed(evaluator))

    medians = {e.label: statistics.median(e.seconds) for e in evaluators}
    baseline = found[0].label if found else evaluators[0].label
    print(f"ratio = CPU time / CPU time of {baseline}")
    print(f"  {'evaluator':<54}{'ns/hand':>9}{'hands/s':>13}{'ratio':>8}")
    for evaluator in sorted(evaluators, key=lambda e: medians[e.label]):
        seconds = medians[evaluator.label]
        print(
            f"  {evaluator.label:<54}{seconds / args.hands * 1e9:>9,.0f}"
            f"{args.hands / seconds:>13,.0f}{seconds / medians[baseline]:>8.2f}"
        )
    for name in missing:
        print(f"  {name} is not installed (pip install -e '.[bench]')")

    if args.all_hands:
        print("all 133,784,560 seven-card hands:")
        start = time.perf_counter()
        counts = enumerate_seven_card_categories()
        elapsed = time.perf_counter() - start
        for rank, count in reversed(list(counts.items())):
            print(f"  {rank.value:<16} {count:>12,}")
        print(f"  total            {sum(counts.values()):>12,} in {elapsed:.1f} s (wall)")


def _first(data: Any, count: int) -> Any:
    return data[:count]


if __name__ == "__main__":
    main()
