"""Table analyser speed: the time of the one pass that counts every wager whose hand is dealt
alike, then the time each wager takes to price (a count already made in that pass or for an
earlier table in the same run is reused, so it shows 0.00 s), and the time of each seeded
simulation.

Times are CPU seconds of this process (``time.process_time``): on a machine shared with other
work the wall clock says more about the neighbours than the analyser.

Run: .venv/bin/python benchmarks/analysis.py [TABLE.toml ...] [--rounds N]
(default: every shipped table). Prints numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from dealer_trainer.analysis.figures import count_together, exact_figures
from dealer_trainer.analysis.simulation import DEFAULT_ROUNDS, simulate
from dealer_trainer.analysis.table import game_wagers
from dealer_trainer.practice.rounds import read_table
from dealer_trainer.resources import shipped_tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tables", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="simulated rounds")
    args = parser.parse_args(argv)
    tables = args.tables or sorted(shipped_tables().glob("*.toml"))
    print(f"Python {sys.version.split()[0]} on {platform.machine()}, {platform.system()}")
    grand = time.process_time()
    for path in tables:
        _, config = read_table(path)
        print(f"{path.name}")
        table_start = time.process_time()
        wagers = game_wagers(config)
        for spec in wagers.simulated if args.rounds else ():
            start = time.process_time()
            simulate(spec, args.rounds)
            elapsed = time.process_time() - start
            print(f"  {spec.name + ' (simulated)':<52} {args.rounds:>13,} rounds {elapsed:7.2f} s")
        start = time.process_time()
        count_together(wagers.hand_wagers)
        elapsed = time.process_time() - start
        print(f"  {'one pass for the wagers dealt alike':<52} {'':>19} {elapsed:8.2f} s")
        for wager in wagers.hand_wagers:
            start = time.process_time()
            exact_figures(wager)
            elapsed = time.process_time() - start
            print(f"  {wager.paytable:<52} {wager.dealt.deals:>13,} hands {elapsed:8.2f} s")
        print(f"  {'table total':<52} {'':>19} {time.process_time() - table_start:8.2f} s")
    print(f"all tables: {time.process_time() - grand:.1f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
