"""The ``dealer-trainer`` command: no arguments opens the window; subcommands work headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.rules.errors import DataFileError

if TYPE_CHECKING:
    from dealer_trainer.hands.systems import RankingSystem
    from dealer_trainer.practice.rounds import DealtRound

EXIT_BAD_INPUT = 2


def refuse(command: str, error: ValueError) -> int:
    """Say why ``command`` cannot use its input, on standard error, and return exit status 2.
    One problem is one line naming the file, the field and the value; several are one line
    each under the count."""
    message = str(error)
    if isinstance(error, DataFileError) and len(error.problems) == 1 and "\n" in message:
        message = error.problems[0].render(error.file)
    print(f"dealer-trainer {command}: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _system_choice(text: str) -> RankingSystem:
    from dealer_trainer.hands.systems import RankingSystem

    for system in RankingSystem:
        if text.lower() in (system.name.lower().replace("_", "-"), system.value.lower()):
            return system
    names = ", ".join(s.name.lower().replace("_", "-") for s in RankingSystem)
    raise argparse.ArgumentTypeError(f"unknown ranking system {text!r}; choose from {names}")


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86_400:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds up to a day")
    return seconds


def command_hand(args: argparse.Namespace) -> int:
    from dealer_trainer.cards import CardNotationError, parse_cards
    from dealer_trainer.hands.systems import SYSTEMS, evaluate

    system: RankingSystem = args.system
    try:
        cards = parse_cards(" ".join(args.cards), allow_joker=SYSTEMS[system].uses_joker)
        value = evaluate(system, cards)
    except (CardNotationError, ValueError) as error:
        print(f"dealer-trainer hand: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{value.rank.value}: {' '.join(c.notation for c in value.cards)}")
    return 0


def _load_round(path: str) -> DealtRound:
    """A scenario of any game; a file that is not TOML or names no table is a ``DataFileError``."""
    from pathlib import Path

    from dealer_trainer.practice.rounds import load_round

    return load_round(Path(path))


def command_settle(args: argparse.Namespace) -> int:
    """Only the scenario's game is loaded, and of it only what reads the scenario and builds
    its procedure: no table is drawn and nothing is dealt."""
    from dealer_trainer.games.scenario_file import read_scenario

    try:
        definition, round_ = read_scenario(Path(args.scenario))
        procedure = definition.procedure(round_)
    except ValueError as error:
        return refuse("settle", error)
    if args.json:
        import json

        print(json.dumps({"steps": [s.to_json() for s in procedure]}, indent=2))
        return 0
    number = {s.id: i for i, s in enumerate(procedure, start=1)}
    for i, step in enumerate(procedure, start=1):
        order = ", ".join(str(number[a]) for a in step.after)
        parts = (f"after {order}" if order else "", step.citation)
        basis = "; ".join(part for part in parts if part)
        print(f"{i:>3}. {step.describe()}" + (f"   ({basis})" if basis else ""))
        print(f"     {step.explanation}")
    return 0


def command_grade(args: argparse.Namespace) -> int:
    from dealer_trainer.engine.action_log import load_actions
    from dealer_trainer.engine.grader import grade_log

    try:
        dealt = _load_round(args.scenario)
        actions = load_actions(args.actions, dealt.spots)
    except ValueError as error:
        return refuse("grade", error)
    grade = grade_log(
        dealt.procedure,
        actions,
        not_called_for=dealt.not_called_for,
        time_limit=args.time_limit,
        hand_matcher=dealt.hand_matcher,
    )
    if args.json:
        import json

        print(json.dumps(grade.to_json(), indent=2))
        return 0
    for i, judgement in enumerate(grade.judgements, start=1):
        mark = "ok" if judgement.ok else judgement.verdict.value.upper()
        cite = f" ({judgement.citation})" if judgement.citation and not judgement.ok else ""
        print(f"{i:>3}. {judgement.action.describe()}: {mark}")
        if not judgement.ok:
            print(f"     {judgement.explanation}{cite}")
    for step in grade.missing:
        print(f"  MISSING {step.describe()} - {step.explanation}")
    print(
        f"Payout accuracy {grade.payout_accuracy}%, procedure compliance "
        f"{grade.procedure_compliance}%, score {grade.score}%, time {grade.seconds:.0f} s"
        + ("" if grade.within_time else " (over the time limit)")
    )
    return 0


def command_table(args: argparse.Namespace) -> int:
    """Any game's Rules Submission as an instructor checks it: every number with its source."""
    from pathlib import Path

    from dealer_trainer.practice.rounds import read_table

    path = Path(args.table)
    try:
        definition, config = read_table(path)
        lines = definition.report(config)
        lines += definition.standing(config, args.today or date.today()).lines()
    except DataFileError as error:
        return refuse("table", error)
    print("\n".join(lines))
    return 0


def command_analyse(args: argparse.Namespace) -> int:
    """What each wager of a table costs the player and how often each procedure comes up
    (issue 20); with ``--out`` every table's text and JSON are written to a folder, which is
    how docs/analysis/ is regenerated."""
    import json

    from dealer_trainer.analysis.table import (
        analyse_config,
        cache_folder,
        cached,
        render,
        settings_key,
        to_json,
    )
    from dealer_trainer.practice.rounds import read_table

    out = Path(args.out) if args.out else None
    if out is None and len(args.tables) > 1 and args.json:
        print(
            "dealer-trainer analyse: --json prints one table; use --out for several",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    for name in args.tables:
        path = Path(name)
        try:
            _, config = read_table(path)
        except DataFileError as error:
            print(f"dealer-trainer analyse: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        source = path.name

        def compute(config: Any = config, source: str = source) -> Any:
            return analyse_config(config, source, args.players, args.rounds, args.seed)

        try:
            if args.no_cache:
                analysis = compute()
            else:
                folder = Path(args.cache) if args.cache else cache_folder()
                settings = settings_key(args.players, args.rounds, args.seed)
                analysis = cached(path.read_bytes(), settings, folder, compute)
        except ValueError as error:
            print(f"dealer-trainer analyse: {path}: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        text = "\n".join(render(analysis))
        data = json.dumps(to_json(analysis), indent=1, ensure_ascii=False)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{path.stem}.txt").write_text(text + "\n", encoding="utf-8")
            (out / f"{path.stem}.json").write_text(data + "\n", encoding="utf-8")
            print(f"{path} -> {out / path.stem}.txt, .json")
        else:
            print(data if args.json else text)
    return 0


def command_practice(args: argparse.Namespace) -> int:
    """Check the file before any window opens, so a typo is reported on the console. The
    window then starts as the app does (records, who is practising) and records the rounds
    as if the table or the scenario had been opened in it; a lesson or an exam file is
    refused (its rounds are the course's)."""
    from pathlib import Path

    from dealer_trainer.curriculum.record_keys import recordable_seed
    from dealer_trainer.games.scenario_file import refuse_lesson_file
    from dealer_trainer.practice.rounds import (
        TABLES,
        PracticeTable,
        deal_config,
        load_round,
        table_config,
    )
    from dealer_trainer.practice.session import Mode
    from dealer_trainer.rules.errors import read_toml

    path = Path(args.file) if args.file else TABLES / "uth_plain.toml"
    table: PracticeTable | None = None
    scenario: Path | None = None
    try:
        data = read_toml(path)
        refuse_lesson_file(path, data)
        if "seats" in data:
            dealt = load_round(path)
            scenario = path.resolve()
        else:
            definition, config = table_config(data, path)
            table = PracticeTable(path.resolve(), config.game, config.name, config.description)
            # The table just checked is dealt as read, not read and checked again.
            seed = args.seed if args.seed is not None else recordable_seed()
            dealt = deal_config(definition, config, seed)
    except ValueError as error:
        return refuse("practice", error)
    from dealer_trainer.gui.app import run_practice

    mode = Mode.from_text(args.mode)
    return run_practice(sys.argv[:1], dealt, table, mode, args.four_colour, scenario)


def command_lessons_check(args: argparse.Namespace) -> int:
    """Every problem on stdout (it is the command's output), then one summary line; exit 1 if
    any lesson has a problem, 2 if the path is not there at all."""
    from pathlib import Path

    from dealer_trainer.curriculum.lessons import LESSONS, as_of, check_lesson, load_lessons
    from dealer_trainer.rules.errors import read_toml

    path = Path(args.path) if args.path else LESSONS
    if not path.exists():
        print(f"dealer-trainer lessons check: {path}: no such file or folder", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not path.is_dir():
        try:
            read_toml(path)
        except DataFileError as error:
            return refuse("lessons check", error)
    today = args.today or date.today()
    entries = load_lessons(path, today) if path.is_dir() else [as_of(check_lesson(path), today)]
    for entry in entries:
        for line in entry.lines():
            print(line)
    broken = sum(1 for entry in entries if not entry.ok)
    checked = f"{len(entries)} lesson{'s' if len(entries) != 1 else ''} checked"
    plan_problems = 0
    if path.is_dir():
        from dealer_trainer.curriculum.course import load_plan
        from dealer_trainer.curriculum.lessons import shown

        plan = load_plan(path)
        plan_problems = len(plan.problems)
        for problem in plan.problems:
            print(problem.render(shown(plan.path) if plan.path else "course.toml"))
    plan_note = f"; the course plan has {plan_problems} problem(s)" if plan_problems else ""
    print(f"{checked}, {broken} with problems{plan_note}")
    return 1 if broken or plan_problems else 0


def command_lessons_schema(args: argparse.Namespace) -> int:
    import json

    from dealer_trainer.curriculum.schema import lesson_json_schema

    print(json.dumps(lesson_json_schema(), indent=2, ensure_ascii=False))
    return 0


def _add_hand(commands: Any) -> None:
    from dealer_trainer.hands.systems import SYSTEMS, RankingSystem

    hand = commands.add_parser("hand", help="name the hand some cards make in a ranking system")
    hand.add_argument("cards", nargs="+", help='cards in notation, e.g. "As Kd Th 9c 2h"')
    hand.add_argument(
        "--system",
        type=_system_choice,
        default=RankingSystem.FIVE_CARD,
        help="ranking system: " + ", ".join(s.name.lower().replace("_", "-") for s in SYSTEMS),
    )
    hand.set_defaults(handler=command_hand)


def _add_table(commands: Any) -> None:
    table = commands.add_parser(
        "table", help="print a table configuration with every paytable and rule and its source"
    )
    table.add_argument(
        "table", help="table configuration (TOML), e.g. dealer_trainer/lessons/tables/*.toml"
    )
    table.add_argument(
        "--today",
        type=date.fromisoformat,
        help="the date to judge temporary provisions on (YYYY-MM-DD; default: today)",
    )
    table.set_defaults(handler=command_table)


def _add_analyse(commands: Any) -> None:
    analyse = commands.add_parser(
        "analyse",
        help="each wager's row probabilities, return and house edge, and how often each "
        "procedure comes up",
    )
    analyse.add_argument("tables", nargs="+", help="table configuration(s) (TOML)")
    analyse.add_argument("--json", action="store_true", help="print the figures as JSON")
    analyse.add_argument(
        "--players", type=int, default=6, help="seated players for the procedure counts (6)"
    )
    analyse.add_argument(
        "--rounds", type=int, default=40_000, help="simulated rounds (0: exact figures only)"
    )
    analyse.add_argument("--seed", type=int, default=202611, help="simulation seed")
    analyse.add_argument("--out", help="write TABLE.txt and TABLE.json into this folder")
    analyse.add_argument("--cache", help="cache folder (default: the user cache folder)")
    analyse.add_argument("--no-cache", action="store_true", help="compute afresh, keep nothing")
    analyse.set_defaults(handler=command_analyse)


def _add_settle(commands: Any) -> None:
    settle = commands.add_parser("settle", help="print the settlement procedure of a round")
    settle.add_argument("scenario", help="scenario file (TOML; docs/scenario-format.md)")
    settle.add_argument("--json", action="store_true", help="print the steps as JSON")
    settle.set_defaults(handler=command_settle)


def _add_grade(commands: Any) -> None:
    grade = commands.add_parser("grade", help="grade a trainee's actions on a round")
    grade.add_argument("scenario", help="scenario file (TOML)")
    grade.add_argument("actions", help="the trainee's actions (JSON; docs/scenario-format.md)")
    grade.add_argument("--json", action="store_true", help="print verdicts and score as JSON")
    grade.add_argument("--time-limit", type=_seconds, default=None, help="seconds allowed")
    grade.set_defaults(handler=command_grade)


def _add_practice(commands: Any) -> None:
    practice = commands.add_parser(
        "practice", help="open the trainer at a table (random rounds) or on a scenario's round"
    )
    practice.add_argument(
        "file", nargs="?", help="table configuration or scenario (TOML); default: the plain table"
    )
    practice.add_argument("--mode", choices=["learn", "practice"], default="practice")
    practice.add_argument("--seed", type=int, default=None, help="deal this seed's round first")
    practice.add_argument("--four-colour", action="store_true", help="four-colour deck")
    practice.set_defaults(handler=command_practice)


def _add_lessons(commands: Any) -> None:
    lessons = commands.add_parser("lessons", help="check lesson files; print their JSON Schema")
    lesson_commands = lessons.add_subparsers(dest="lessons_command", required=True)
    check = lesson_commands.add_parser(
        "check",
        help="validate a lesson file or every lesson in a folder (default: the shipped course)",
    )
    check.add_argument("path", nargs="?", help="a lesson file (TOML) or a folder of them")
    check.add_argument(
        "--today",
        type=date.fromisoformat,
        help="the date to judge temporary provisions on (YYYY-MM-DD; default: today)",
    )
    check.set_defaults(handler=command_lessons_check)
    schema = lesson_commands.add_parser("schema", help="print the lesson file's JSON Schema")
    schema.set_defaults(handler=command_lessons_schema)


def _add_results(commands: Any) -> None:
    from dealer_trainer.store.results_command import add_results_command

    add_results_command(commands)


COMMANDS: dict[str, Callable[[Any], None]] = {
    "hand": _add_hand,
    "table": _add_table,
    "analyse": _add_analyse,
    "settle": _add_settle,
    "grade": _add_grade,
    "practice": _add_practice,
    "lessons": _add_lessons,
    "results": _add_results,
}
"""Each subcommand and what adds it to the parser, in the order ``--help`` lists them."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``command`` (one of ``COMMANDS``) only that subcommand is added.
    A command line that starts with a subcommand's name is parsed by that subcommand's parser
    alone, so it reads and refuses its arguments the same either way, and a console command
    does not build the other subcommands' parsers (``dealer-trainer settle``'s start, issue 15)."""
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Train and certify dealers to settle poker-based table games "
        "as the Pennsylvania regulations require. Without a command, opens the trainer window.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in COMMANDS.items():
        if command is None or name == command:
            add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    first = arguments[0] if arguments else None
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(arguments)
    if args.command is None:
        from dealer_trainer.gui.app import run

        return run(sys.argv[:1])
    if args.command == "results" and args.results_command == "verify":
        refused = _unreadable_result_file(args.files)
        if refused is not None:
            return refused
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        code = handler(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _reader_went_away()
    return code


def _reader_went_away() -> int:
    """The reader of our output closed it (``dealer-trainer analyse ... | head``): that is the
    reader's choice, not an error worth a traceback; later writes go nowhere so the interpreter's
    own flush at exit does not raise again."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1


def _unreadable_result_file(files: Sequence[str]) -> int | None:
    """Refuse a result file that cannot be read as JSON (a folder, not UTF-8, too large or too
    deeply nested) before the password is asked for; a missing file is left to the check,
    which reports it among the results."""
    from pathlib import Path

    from dealer_trainer.rules.errors import read_json

    for name in files:
        path = Path(name)
        if not path.exists():
            continue
        try:
            read_json(path)
        except DataFileError as error:
            return refuse("results verify", error)
    return None


if __name__ == "__main__":
    sys.exit(main())
