"""Checking signed results: every submitted attempt in the records, and exported files.

A result in the database is checked four ways: its signed copy (``signed_result``) must still
match its Ed25519 signature; the live records (attempt, rounds, steps, grade) must still make
exactly that copy, each field that does not named with its signed and its current value; its
step chain (with the unlocked key) must still bind every recorded item and end where the
signed copy says; and every round must regrade from its step log to the grade signed. The
trainees' signed exam ledgers name attempts deleted, reset or reordered (``ledger``).

An exported file has no second copy, so each of its parts (the attempt, the grade, each round,
each step) carries its own signature and the parts that no longer match are named; it is
regraded too. Only the school's public keys are needed for a file (``--public-key``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from dealer_trainer.store import legacy
from dealer_trainer.store.crypto import (
    ALGORITHM,
    KeyRing,
    PublicKeys,
    canonical,
    chain_key,
    chain_link,
    digest,
    verification_code,
)
from dealer_trainer.store.document import (
    chain_items,
    differences,
    part_bytes,
    parts,
    record_from_document,
    result_document,
)
from dealer_trainer.store.ledger import LedgerRow, check_ledger
from dealer_trainer.store.records import AttemptRecord, Status, Summary


class Check(Struct, frozen=True):
    """The verdict on one result: ``problems`` is empty when it verifies. ``code`` is the
    verification code printed on its certificate (from the signed document's digest)."""

    subject: str
    problems: tuple[str, ...] = ()
    signed: bool = True
    code: str | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def _who(document: Mapping[str, Any]) -> str:
    attempt = document.get("attempt") if isinstance(document.get("attempt"), Mapping) else {}
    trainee = document.get("trainee") if isinstance(document.get("trainee"), Mapping) else {}
    assert isinstance(attempt, Mapping) and isinstance(trainee, Mapping)
    return f"{trainee.get('name', '?')}, {attempt.get('lesson', '?')}"


def _signature_problem(signature: Mapping[str, Any], keys: PublicKeys) -> str | None:
    algorithm = signature.get("algorithm")
    key_id = str(signature.get("key_id", ""))
    if algorithm == legacy.ALGORITHM:
        return (
            f"signed with the first scheme's HMAC key {key_id!r}, which no one can check "
            "without the secret: an instructor runs `dealer-trainer results migrate`"
        )
    if algorithm != ALGORITHM:
        return f"signature algorithm {algorithm!r}, not {ALGORITHM}"
    if key_id not in keys.keys:
        return f"signed with key {key_id!r}, which is not one of the school's keys"
    return None


def check_attempt(record: AttemptRecord, keys: KeyRing | PublicKeys) -> Check:
    """One attempt of the records: with the unlocked ``KeyRing`` its step chain is checked
    too (its key is derived from the private key); the public keys check the rest."""
    ring = keys if isinstance(keys, KeyRing) else None
    keys = keys.public() if isinstance(keys, KeyRing) else keys
    subject = f"attempt {record.id} ({record.trainee.name}, {record.lesson_id})"
    if record.signature is None or record.signed_result is None:
        if record.requires_signature and record.status is Status.SUBMITTED:
            return Check(subject, ("a submitted exam result without a signature",))
        return Check(subject, signed=False)
    signature = record.signature
    key_id = str(signature.get("key_id", ""))
    problem = _signature_problem(signature, keys)
    if problem is not None:
        return Check(subject, (problem,))
    problems: list[str] = []
    if key_id != record.key_id:
        problems.append(f"key id {record.key_id!r} beside a signature by key {key_id!r}")
    signed_text = record.signed_result.encode("utf-8")
    if not keys.verify(key_id, signed_text, str(signature.get("value", ""))):
        problems.append("the signed copy (signed_result) no longer matches its signature")
        return Check(subject, tuple(problems))
    signed = json.loads(signed_text)
    current = result_document(record)
    if canonical(current) != signed_text:
        found = differences(signed, current)
        problems += [d.describe() for d in found]
        if not found:
            problems.append("the records no longer match their signature")
    if ring is not None and record.chain_key_id in ring.keys:
        assert record.chain_key_id is not None
        problems += chain_problems(record, chain_key(ring, record.chain_key_id, record.uid))
    try:
        problems += regrade_problems(record_from_document(signed))
    except (KeyError, TypeError, ValueError) as error:
        problems.append(f"the signed result cannot be read back to regrade it ({error})")
    return Check(subject, tuple(problems))


def chain_problems(record: AttemptRecord, key: bytes) -> list[str]:
    """Each item of the attempt's step chain that was edited, added or removed since it was
    recorded. Each link is checked against the stored link before it, so one edit names one
    item."""
    items = chain_items(record)
    problems: list[str] = []
    previous = ""
    seen: set[str] = set()
    for position, (item, link) in enumerate(record.links, start=1):
        seen.add(item)
        if item not in items:
            problems.append(f"{item}: chained when recorded, now missing from the records")
        elif chain_link(key, previous, item, items[item]) != link:
            problems.append(f"{item}: edited since it was recorded (chain link {position})")
        previous = link
    problems += [f"{item}: in the records but never chained" for item in items if item not in seen]
    return problems


WORDING = frozenset({"explanation", "citation"})
"""What a grade says in words: rewording a rule's explanation or how its section is shown
changes no verdict, amount or step, so a result signed before the rewording still regrades."""


def substance(value: Any) -> Any:
    """A recorded grade without its wording: verdicts, steps, actions, amounts and scores."""
    if isinstance(value, Mapping):
        return {key: substance(item) for key, item in value.items() if key not in WORDING}
    if isinstance(value, list | tuple):
        return [substance(item) for item in value]
    return value


def regrade_problems(record: AttemptRecord) -> list[str]:
    """Every round whose stored grade is not what its step log regrades to with the engine,
    and a summary that is not the rounds' summary."""
    from dealer_trainer.store.replay import ReplayError, replay

    try:
        replayed = replay(record)
    except (ReplayError, KeyError, TypeError, ValueError) as error:
        return [f"the step log cannot be replayed ({type(error).__name__}: {error})"]
    problems = []
    for stored, again in zip(record.rounds, replayed.rounds, strict=True):
        if stored.grade is None:
            continue
        regraded = again.grade.to_json()
        if substance(stored.grade) != substance(regraded) or stored.score != again.grade.score:
            problems.append(
                f"round {stored.index}: grade {stored.score}, but its step log regrades to "
                f"{again.grade.score}"
            )
    for form in replayed.forms:
        if not form.matches:
            problems.append(
                f"form {form.entry.index}: score {form.entry.score}, but it regrades to "
                f"{form.grade.score}"
            )
    summary = Summary.of_json(r.grade for r in record.rounds if r.grade is not None)
    if record.summary is not None and summary is not None and record.summary != summary:
        problems.append(
            f"the attempt's grade {record.summary.score} is not its rounds' {summary.score}"
        )
    return problems


def signed_copy(record: AttemptRecord, keys: KeyRing | PublicKeys) -> str | None:
    """The attempt's signed copy when its signature still holds (whatever became of the live
    records since), to name the fields an exported file of it changed."""
    keys = keys.public() if isinstance(keys, KeyRing) else keys
    signature = record.signature
    if signature is None or record.signed_result is None:
        return None
    key_id = str(signature.get("key_id", ""))
    data = record.signed_result.encode("utf-8")
    return record.signed_result if keys.verify(key_id, data, str(signature.get("value"))) else None


def check_records(
    records: Iterable[AttemptRecord],
    keys: KeyRing | PublicKeys,
    ledger: Sequence[LedgerRow] | None = None,
) -> list[Check]:
    """Every submitted attempt, every signed one whatever its status says now, and every one
    the trainees' signed exam ledgers name (only a submission is signed, and the ledger
    records each exam's start and submission, so an attempt reset, unsigned or deleted is
    named; ``None`` leaves the ledgers out). With the unlocked ``KeyRing``, step chains are
    checked too."""
    records = list(records)
    in_ledger = {row.attempt_uid for row in ledger or ()}
    checks = []
    for r in records:
        if r.status is Status.SUBMITTED or r.signed or r.uid in in_ledger:
            checks.append(check_attempt(r, keys))
    if ledger is not None:
        public = keys.public() if isinstance(keys, KeyRing) else keys
        for subject, problems in check_ledger(ledger, public, records).items():
            checks.append(Check(subject, tuple(problems)))
    return checks


MAX_RESULT_FILE = 64 * 1024 * 1024
"""A result file larger than this is refused unread (a real one is a few hundred KB)."""


def check_file(
    path: Path, keys: KeyRing | PublicKeys, signed_copies: Mapping[str, str] | None = None
) -> Check:
    """An exported result file, with only the school's public keys. ``signed_copies``
    (attempt uid → the database's signed copy, already verified) lets an edit be named field
    by field, as for the database."""
    keys = keys.public() if isinstance(keys, KeyRing) else keys
    subject = str(path)
    try:
        if path.stat().st_size > MAX_RESULT_FILE:
            return Check(subject, (f"larger than {MAX_RESULT_FILE // 2**20} MB: not a result",))
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Check(subject, ("no such file",))
    except IsADirectoryError:
        return Check(subject, ("a folder, not a result file",))
    except OSError as error:
        return Check(subject, (f"cannot be read: {error.strerror or error}",))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        return Check(subject, (f"not a JSON result file: {reason}",))
    if not isinstance(data, dict) or not isinstance(data.get("result"), dict):
        return Check(subject, ("not a result file: no 'result' object",))
    signature = data.get("signature")
    if not isinstance(signature, dict):
        return Check(subject, ("the result has no signature",))
    result: dict[str, Any] = data["result"]
    subject = f"{path} ({_who(result)})"
    key_id = str(signature.get("key_id", ""))
    problem = _signature_problem(signature, keys)
    if problem is not None:
        return Check(subject, (problem,))
    data_bytes = canonical(result)
    if keys.verify(key_id, data_bytes, str(signature.get("value", ""))):
        try:
            regraded = regrade_problems(record_from_document(result))
        except (KeyError, TypeError, ValueError) as error:
            regraded = [f"the result cannot be read back to regrade it ({error})"]
        code = None if regraded else verification_code(digest(data_bytes))
        return Check(subject, tuple(regraded), code=code)
    problems: list[str] = []
    uid = result.get("attempt", {}).get("uid") if isinstance(result.get("attempt"), dict) else None
    copy = (signed_copies or {}).get(str(uid))
    if copy is not None:
        problems += [d.describe() for d in differences(json.loads(copy), result)]
    else:
        signed_parts = signature.get("parts")
        if not isinstance(signed_parts, dict):
            signed_parts = {}
        now = parts(result)
        for name in sorted(set(signed_parts) | set(now), key=_part_order):
            if name not in now:
                problems.append(f"{name}: signed, now missing")
            elif name not in signed_parts:
                problems.append(f"{name}: not in the signed result")
            elif not keys.verify(key_id, part_bytes(name, now[name]), str(signed_parts[name])):
                problems.append(f"{name}: edited ({_glimpse(now[name])})")
    if not problems:
        problems.append("the result no longer matches its signature")
    return Check(subject, tuple(problems))


def _part_order(name: str) -> tuple[int, int, str]:
    kind, _, number = name.partition(" ")
    rank = {"attempt": 0, "round": 1, "step": 2, "grade": 3}.get(kind, 4)
    return (rank, int(number) if number.isdigit() else 0, name)


def _glimpse(part: Any) -> str:
    if isinstance(part, dict) and part.get("kind") in ("action", "signoff"):
        bits = [
            f"round {part.get('round')}",
            f"seat {part.get('seat')}" if part.get("seat") is not None else "",
            str(part.get("spot") or ""),
            str(part.get("action") or part.get("kind")),
            f"${part['amount']}" if part.get("amount") is not None else "",
            str(part.get("verdict") or ""),
            f"at {part.get('at')} s",
        ]
        return " ".join(b for b in bits if b)
    if isinstance(part, dict) and "score" in part:
        return f"score {part.get('score')}"
    return "its fields no longer match"


class Report(Struct):
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def lines(self) -> list[str]:
        out: list[str] = []
        for check in self.checks:
            if check.ok:
                continue
            out.append(f"EDITED {check.subject}")
            out += [f"    {p}" for p in check.problems]
        for check in self.checks:
            if check.ok and check.code is not None:
                out.append(f"verified {check.subject}: verification code {check.code}")
        verified = sum(1 for c in self.checks if c.ok and c.signed)
        unsigned = sum(1 for c in self.checks if c.ok and not c.signed)
        edited = sum(1 for c in self.checks if not c.ok)
        summary = f"{len(self.checks)} result{'s' if len(self.checks) != 1 else ''} checked: "
        summary += f"{verified} verified, {edited} edited"
        if unsigned:
            summary += f", {unsigned} unsigned practice"
        out.append(summary)
        return out
