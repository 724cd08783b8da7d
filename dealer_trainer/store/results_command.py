"""``dealer-trainer results verify``: check signed results in the records and exported files.

Registered by ``dealer_trainer.cli``; the store is imported only when the command runs, so the
other commands start without SQLAlchemy.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def add_results_command(commands: Any) -> None:
    """Add ``results verify`` to the CLI's subcommands (``argparse`` subparsers action)."""
    results = commands.add_parser("results", help="check signed exam results")
    actions = results.add_subparsers(dest="results_command", metavar="ACTION", required=True)
    verify = actions.add_parser(
        "verify",
        help="check every submitted result in the database, or exported result files",
        description="Check signed results against the school's keys (unlocked with the "
        "instructor password). With no FILE, every submitted attempt in the database is "
        "checked; with FILEs, those files (and the database's attempts too when --database is "
        "given). Each edited result is printed with what no longer matches. Exit status: 0 "
        "when everything verifies, 1 when anything was edited, 2 on bad input.",
    )
    verify.add_argument("files", nargs="*", metavar="FILE", help="exported result file (JSON)")
    verify.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL of the records (default: DEALER_TRAINER_DATABASE, the settings "
        "file, or the station's own SQLite file)",
    )
    verify.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the instructor password from the first line of standard input",
    )
    verify.set_defaults(handler=command_results_verify)


def _password(args: argparse.Namespace) -> str:
    if args.password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return getpass.getpass("Instructor password: ")


def command_results_verify(args: argparse.Namespace) -> int:
    from dealer_trainer.store import CredentialError, DatabaseError, KeyIntegrityError, open_store
    from dealer_trainer.store.settings import SettingsError
    from dealer_trainer.store.verify import Report, check_file, check_records, signed_copy

    def fail(message: str) -> int:
        print(f"dealer-trainer results verify: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT

    try:
        store = open_store(args.database)
    except (DatabaseError, SettingsError, OSError) as error:
        return fail(f"cannot open the records: {error}")
    with store:
        try:
            keys = store.unlock_keys(_password(args))
        except (CredentialError, KeyIntegrityError) as error:
            return fail(str(error))
        report = Report()
        records = store.attempts()
        if not args.files or args.database:
            report.checks += check_records(records, keys)
        signed_copies = {r.uid: copy for r in records if (copy := signed_copy(r, keys))}
        for name in args.files:
            report.checks.append(check_file(Path(name), keys, signed_copies))
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1
