"""``dealer-trainer results``: verify signed results, publish the school's public key, and
migrate records signed with the first (HMAC) key scheme.

Registered by ``dealer_trainer.cli``; the store is imported only when a command runs, so the
other commands start without SQLAlchemy. Every refusal is one line on standard error and exit
status 2.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2
MAX_KEY_FILE = 1024 * 1024


def _database_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL of the records (default: DEALER_TRAINER_DATABASE, the settings "
        "file, or the station's own SQLite file)",
    )
    parser.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the instructor password from the first line of standard input",
    )


def add_results_command(commands: Any) -> None:
    """Add ``results verify|public-key|migrate`` to the CLI's subcommands."""
    results = commands.add_parser("results", help="check signed exam results")
    actions = results.add_subparsers(dest="results_command", metavar="ACTION", required=True)
    verify = actions.add_parser(
        "verify",
        help="check every submitted result in the database, or exported result files",
        description="Check signed results. With --public-key, the FILEs are checked against "
        "the school's published public key alone (no database, no password). Otherwise the "
        "school's keys are unlocked with the instructor password: with no FILE every result, "
        "step chain and exam ledger in the database is checked; with FILEs, those files (and "
        "the database too when --database is given). Each edited result is printed with what "
        "no longer matches, each verified one with its verification code. Exit status: 0 when "
        "everything verifies, 1 when anything was edited, 2 on bad input.",
    )
    verify.add_argument("files", nargs="*", metavar="FILE", help="exported result file (JSON)")
    verify.add_argument(
        "--public-key",
        metavar="FILE",
        type=Path,
        help="the school's public key file (school.pub): check FILEs without any secret",
    )
    _database_options(verify)
    verify.set_defaults(handler=command_results_verify)
    public = actions.add_parser(
        "public-key",
        help="write the school's public key file (school.pub) to publish",
        description="Unlock the school's keys with the instructor password and write every "
        "public key (current and retired) to OUT, for anyone to check results with "
        "`results verify --public-key`.",
    )
    public.add_argument("--out", metavar="OUT", type=Path, default=Path("school.pub"))
    _database_options(public)
    public.set_defaults(handler=command_results_public_key)
    migrate = actions.add_parser(
        "migrate",
        help="move records from the first (HMAC) key scheme to the school's Ed25519 key",
        description="Explicit, logged migration: open the old HMAC keys with the instructor "
        "password, check every result they signed, re-sign each that verifies with a new "
        "Ed25519 school key, and delete the old keys. Each step is printed and kept in the "
        "records (key_migrations).",
    )
    _database_options(migrate)
    migrate.set_defaults(handler=command_results_migrate)


def _password(args: argparse.Namespace) -> str:
    if args.password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return getpass.getpass("Instructor password: ")


def _fail(command: str, message: str) -> int:
    print(f"dealer-trainer results {command}: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _public_keys(path: Path) -> Any:
    from dealer_trainer.store.crypto import PublicKeys

    try:
        if path.stat().st_size > MAX_KEY_FILE:
            raise ValueError("too large for a public key file")
        return PublicKeys.of_text(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"{path}: a folder, not a public key file") from None
    except OSError as error:
        raise ValueError(f"{path}: cannot be read: {error.strerror or error}") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from None


def command_results_verify(args: argparse.Namespace) -> int:
    from dealer_trainer.store import CredentialError, DatabaseError, KeyIntegrityError, open_store
    from dealer_trainer.store.settings import SettingsError
    from dealer_trainer.store.verify import Report, check_file, check_records, signed_copy

    report = Report()
    if args.public_key is not None:
        if not args.files:
            return _fail("verify", "--public-key checks result FILEs: name at least one")
        try:
            public = _public_keys(args.public_key)
        except ValueError as error:
            return _fail("verify", str(error))
        report.checks += [check_file(Path(name), public) for name in args.files]
    else:
        try:
            store = open_store(args.database)
        except (DatabaseError, SettingsError, OSError) as error:
            return _fail("verify", f"cannot open the records: {error}")
        with store:
            try:
                keys = store.unlock_keys(_password(args))
                public = keys.public()
                records = store.attempts()
                if not args.files or args.database:
                    report.checks += check_records(records, keys, store.ledger())
            except (CredentialError, KeyIntegrityError) as error:
                return _fail("verify", str(error))
            except DatabaseError as error:
                return _fail("verify", f"cannot read the records: {error.reason}")
            copies = {r.uid: copy for r in records if (copy := signed_copy(r, public))}
            report.checks += [check_file(Path(name), public, copies) for name in args.files]
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1


def command_results_public_key(args: argparse.Namespace) -> int:
    from dealer_trainer.store import CredentialError, DatabaseError, KeyIntegrityError, open_store
    from dealer_trainer.store.settings import SettingsError

    try:
        store = open_store(args.database)
    except (DatabaseError, SettingsError, OSError) as error:
        return _fail("public-key", f"cannot open the records: {error}")
    with store:
        try:
            public = store.public_keys(_password(args))
        except (CredentialError, KeyIntegrityError) as error:
            return _fail("public-key", str(error))
        except DatabaseError as error:
            return _fail("public-key", f"cannot read the records: {error.reason}")
    if not public.keys:
        return _fail("public-key", "the school has no signing key yet: generate one first")
    try:
        args.out.write_text(public.to_text(), encoding="utf-8")
    except OSError as error:
        return _fail("public-key", f"{args.out}: cannot be written: {error.strerror or error}")
    print(f"{args.out}: {len(public.keys)} public key{'s' * (len(public.keys) != 1)}")
    return 0


def command_results_migrate(args: argparse.Namespace) -> int:
    from dealer_trainer.store import (
        CredentialError,
        DatabaseError,
        KeyIntegrityError,
        StoreError,
        open_store,
    )
    from dealer_trainer.store.settings import SettingsError

    try:
        store = open_store(args.database)
    except (DatabaseError, SettingsError, OSError) as error:
        return _fail("migrate", f"cannot open the records: {error}")
    with store:
        try:
            lines = store.migrate_keys(_password(args))
        except DatabaseError as error:
            return _fail("migrate", f"cannot write the records: {error.reason}")
        except (CredentialError, KeyIntegrityError, StoreError) as error:
            return _fail("migrate", str(error))
    for line in lines:
        print(line)
    print("logged in the records (key_migrations)")
    return 0
