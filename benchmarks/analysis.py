"""Table analyser speed: the time of the one pass that counts every wager whose hand is dealt
alike, then the time each wager takes to price (a count already made in that pass or for an
earlier table in the same run is reused, so it shows 0.00 s), and the time of each seeded
simulation.

Times are CPU seconds of this process (``time.process_time``): on a machine shared with other
work the wall clock says more about the neighbours than the analyser.

A procedure count that is not read off one wager's rows (the payout-limit caps) is timed too:
counted exactly, or simulated over the same rounds.

Run: .venv/bin/python benchmarks/analysis.py [TABLE.toml ...] [--rounds N]
(default: every shipped table). Ends with the slowest table and the slowest single step, the
figures the issue's goal (under 60 s a table on two cores) is read against. Prints numbers
only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from dealer_trainer.analysis.figures import count_together, exact_figures
from dealer_trainer.analysis.simulation import DEFAULT_ROUNDS, simulate, simulate_count
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
    totals: list[tuple[float, str]] = []
    steps: list[tuple[float, str]] = []
    for path in tables:
        _, config = read_table(path)
        print(f"{path.name}")
        table_start = time.process_time()
        start = time.process_time()
        wagers = game_wagers(config)
        elapsed = time.process_time() - start
        print(f"  {'the wagers described (exact procedure counts)':<52} {'':>19} {elapsed:8.2f} s")
        steps.append((elapsed, f"{path.name}: described, with exact procedure counts"))
        for counted in wagers.procedure_counts:
            print(f"  {counted.procedure.value} (exact, timed above)")
        for spec_count in wagers.simulated_counts if args.rounds else ():
            start = time.process_time()
            simulate_count(spec_count, args.rounds)
            elapsed = time.process_time() - start
            label = f"{spec_count.procedure.value} (simulated)"
            print(f"  {label:<52} {args.rounds:>13,} rounds {elapsed:7.2f} s")
            steps.append((elapsed, f"{path.name}: {label}"))
        for spec in wagers.simulated if args.rounds else ():
            start = time.process_time()
            simulate(spec, args.rounds)
            elapsed = time.process_time() - start
            print(f"  {spec.name + ' (simulated)':<52} {args.rounds:>13,} rounds {elapsed:7.2f} s")
            steps.append((elapsed, f"{path.name}: {spec.name} (simulated)"))
        start = time.process_time()
        count_together(wagers.hand_wagers)
        elapsed = time.process_time() - start
        print(f"  {'one pass for the wagers dealt alike':<52} {'':>19} {elapsed:8.2f} s")
        steps.append((elapsed, f"{path.name}: one pass for the wagers dealt alike"))
        for wager in wagers.hand_wagers:
            start = time.process_time()
            exact_figures(wager)
            elapsed = time.process_time() - start
            print(f"  {wager.paytable:<52} {wager.dealt.deals:>13,} hands {elapsed:8.2f} s")
            steps.append((elapsed, f"{path.name}: {wager.paytable}"))
        total = time.process_time() - table_start
        print(f"  {'table total':<52} {'':>19} {total:8.2f} s")
        totals.append((total, path.name))
    print(f"all tables: {time.process_time() - grand:.1f} s CPU")
    if totals:
        print(f"slowest table: {max(totals)[1]}, {max(totals)[0]:.1f} s CPU")
        print(f"slowest step: {max(steps)[1]}, {max(steps)[0]:.1f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
