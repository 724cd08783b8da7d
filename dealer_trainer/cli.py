"""The ``dealer-trainer`` command: no arguments opens the trainer window; subcommands work headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Train and certify dealers to settle poker-based table games "
        "as the Pennsylvania regulations require. Without a command, opens the trainer window.",
    )
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from dealer_trainer.gui.app import run

        return run(sys.argv[:1])
    parser.error(f"unknown command {args.command!r}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
