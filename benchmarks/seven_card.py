"""Seven-card evaluation speed, beside the peer packages, and the full enumeration.

Run: .venv/bin/python benchmarks/seven_card.py [--hands N]
(peer packages are optional: pip install -e '.[bench]' brings treys, phevaluator and eval7.)
Prints numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from dealer_trainer.cards import Card
from dealer_trainer.hands.five_card import best_five, build_tables, seven_card_strength
from dealer_trainer.hands.five_card_batch import (
    enumerate_seven_card_categories,
    seven_card_strengths,
)

NOTATION = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def rate(label: str, hands: Sequence[Any], evaluate: Callable[[Any], object]) -> None:
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    elapsed = time.perf_counter() - start
    print(f"  {label:<52} {len(hands) / elapsed:>12,.0f} hands/s")


def peers(hands: list[list[int]]) -> None:
    try:
        import phevaluator

        rate(
            "phevaluator.evaluate_cards (int cards)",
            hands,
            lambda h: phevaluator.evaluate_cards(*h),
        )
        as_text = [[NOTATION[c] for c in h] for h in hands]
        rate(
            "phevaluator.evaluate_cards (str cards)",
            as_text,
            lambda h: phevaluator.evaluate_cards(*h),
        )
    except ImportError:
        print("  phevaluator not installed")
    try:
        import eval7

        cards7 = [[eval7.Card(NOTATION[c]) for c in h] for h in hands]
        rate("eval7.evaluate", cards7, eval7.evaluate)
    except ImportError:
        print("  eval7 not installed")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        treys_hands = [[TreysCard.new(NOTATION[c]) for c in h] for h in hands[: len(hands) // 4]]
        rate("treys.Evaluator.evaluate", treys_hands, lambda h: evaluator.evaluate(h[:2], h[2:]))
    except ImportError:
        print("  treys not installed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(range(52), 7) for _ in range(args.hands)]
    card_hands = [[Card(c) for c in h] for h in hands]
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {args.hands:,} random hands"
    )

    start = time.perf_counter()
    build_tables()
    print(f"  table build (once per process): {time.perf_counter() - start:.2f} s")
    print("single-hand API:")
    rate("dealer_trainer seven_card_strength", card_hands, seven_card_strength)
    rate(
        "dealer_trainer best_five (category + cards used)", card_hands[: len(hands) // 4], best_five
    )
    peers(hands)

    start = time.perf_counter()
    seven_card_strengths(hands)
    elapsed = time.perf_counter() - start
    label = "dealer_trainer seven_card_strengths (NumPy batch)"
    print(f"  {label:<52} {len(hands) / elapsed:>12,.0f} hands/s")

    print("all 133,784,560 seven-card hands:")
    start = time.perf_counter()
    counts = enumerate_seven_card_categories()
    elapsed = time.perf_counter() - start
    for rank, count in reversed(list(counts.items())):
        print(f"  {rank.value:<16} {count:>12,}")
    print(f"  total            {sum(counts.values()):>12,} in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
