"""The ``dealer-trainer`` command: no arguments opens the window; subcommands work headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from dealer_trainer.cards import CardNotationError, parse_cards
from dealer_trainer.hands.systems import SYSTEMS, RankingSystem, evaluate

EXIT_BAD_INPUT = 2


def _system_choice(text: str) -> RankingSystem:
    for system in RankingSystem:
        if text.lower() in (system.name.lower().replace("_", "-"), system.value.lower()):
            return system
    names = ", ".join(s.name.lower().replace("_", "-") for s in RankingSystem)
    raise argparse.ArgumentTypeError(f"unknown ranking system {text!r}; choose from {names}")


def command_hand(args: argparse.Namespace) -> int:
    system: RankingSystem = args.system
    try:
        cards = parse_cards(" ".join(args.cards), allow_joker=SYSTEMS[system].uses_joker)
        value = evaluate(system, cards)
    except (CardNotationError, ValueError) as error:
        print(f"dealer-trainer hand: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{value.rank.value}: {' '.join(c.notation for c in value.cards)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Train and certify dealers to settle poker-based table games "
        "as the Pennsylvania regulations require. Without a command, opens the trainer window.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    hand = commands.add_parser("hand", help="name the hand some cards make in a ranking system")
    hand.add_argument("cards", nargs="+", help='cards in notation, e.g. "As Kd Th 9c 2h"')
    hand.add_argument(
        "--system",
        type=_system_choice,
        default=RankingSystem.FIVE_CARD,
        help="ranking system: " + ", ".join(s.name.lower().replace("_", "-") for s in SYSTEMS),
    )
    hand.set_defaults(handler=command_hand)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from dealer_trainer.gui.app import run

        return run(sys.argv[:1])
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
