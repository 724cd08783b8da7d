"""Checking signed results: every submitted attempt in the records, and exported files.

A result in the database is checked twice: its signed copy (``signed_result``) must still
match its HMAC, and the live records (attempt, rounds, steps, grade) must still make exactly
that copy; each field that does not is named with its signed and its current value. An
exported file has no second copy, so each of its parts (the attempt, the grade, each round,
each step) carries its own HMAC and the parts that no longer match are named.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_trainer.store.crypto import ALGORITHM, KeyRing, canonical
from dealer_trainer.store.document import (
    differences,
    part_bytes,
    parts,
    result_document,
)
from dealer_trainer.store.records import AttemptRecord, Status


@dataclass(frozen=True)
class Check:
    """The verdict on one result: ``problems`` is empty when it verifies."""

    subject: str
    problems: tuple[str, ...] = ()
    signed: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems


def _who(document: Mapping[str, Any]) -> str:
    attempt = document.get("attempt") if isinstance(document.get("attempt"), Mapping) else {}
    trainee = document.get("trainee") if isinstance(document.get("trainee"), Mapping) else {}
    assert isinstance(attempt, Mapping) and isinstance(trainee, Mapping)
    return f"{trainee.get('name', '?')}, {attempt.get('lesson', '?')}"


def check_attempt(record: AttemptRecord, keys: KeyRing) -> Check:
    subject = f"attempt {record.id} ({record.trainee.name}, {record.lesson_id})"
    if record.signature is None or record.signed_result is None:
        if record.requires_signature and record.status is Status.SUBMITTED:
            return Check(subject, ("a submitted exam result without a signature",))
        return Check(subject, signed=False)
    problems: list[str] = []
    signature = record.signature
    key_id = str(signature.get("key_id", ""))
    if signature.get("algorithm") != ALGORITHM:
        problems.append(f"signature algorithm {signature.get('algorithm')!r}, not {ALGORITHM}")
    if key_id != record.key_id:
        problems.append(f"key id {record.key_id!r} beside a signature by key {key_id!r}")
    if key_id not in keys.keys:
        problems.append(f"signed with key {key_id!r}, which this database does not hold")
        return Check(subject, tuple(problems))
    signed_text = record.signed_result.encode("utf-8")
    if not keys.matches(key_id, signed_text, str(signature.get("value", ""))):
        problems.append("the signed copy (signed_result) no longer matches its signature")
    current = result_document(record)
    if keys.matches(key_id, canonical(current), str(signature.get("value", ""))):
        return Check(subject, tuple(problems))
    try:
        signed = json.loads(signed_text)
    except json.JSONDecodeError:
        problems.append("the signed copy is not JSON any more")
        return Check(subject, tuple(problems))
    found = differences(signed, current)
    problems += [d.describe() for d in found]
    if not found:
        problems.append("the records no longer match their signature")
    return Check(subject, tuple(problems))


def signed_copy(record: AttemptRecord, keys: KeyRing) -> str | None:
    """The attempt's signed copy when its signature still holds (whatever became of the live
    records since), to name the fields an exported file of it changed."""
    signature = record.signature
    if signature is None or record.signed_result is None:
        return None
    key_id = str(signature.get("key_id", ""))
    data = record.signed_result.encode("utf-8")
    return record.signed_result if keys.matches(key_id, data, str(signature.get("value"))) else None


def check_records(records: Iterable[AttemptRecord], keys: KeyRing) -> list[Check]:
    """Every submitted attempt, and every signed one whatever its status says now (only a
    submission is signed, so a signed attempt marked abandoned or in progress was edited:
    the status is part of what was signed, and the check names it)."""
    return [check_attempt(r, keys) for r in records if r.status is Status.SUBMITTED or r.signed]


def check_file(path: Path, keys: KeyRing, signed_copies: Mapping[str, str] | None = None) -> Check:
    """An exported result file. ``signed_copies`` (attempt uid → the database's signed copy,
    already verified) lets an edit be named field by field, as for the database."""
    subject = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Check(subject, ("no such file",))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return Check(subject, (f"not a JSON result file: {error}",))
    if not isinstance(data, dict) or not isinstance(data.get("result"), dict):
        return Check(subject, ("not a result file: no 'result' object",))
    signature = data.get("signature")
    if not isinstance(signature, dict):
        return Check(subject, ("the result has no signature",))
    result: dict[str, Any] = data["result"]
    subject = f"{path} ({_who(result)})"
    key_id = str(signature.get("key_id", ""))
    if signature.get("algorithm") != ALGORITHM:
        return Check(subject, (f"signature algorithm {signature.get('algorithm')!r}",))
    if key_id not in keys.keys:
        return Check(subject, (f"signed with key {key_id!r}, which this database does not hold",))
    if keys.matches(key_id, canonical(result), str(signature.get("value", ""))):
        return Check(subject)
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
            elif not keys.matches(key_id, part_bytes(name, now[name]), str(signed_parts[name])):
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


@dataclass
class Report:
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
        verified = sum(1 for c in self.checks if c.ok and c.signed)
        unsigned = sum(1 for c in self.checks if c.ok and not c.signed)
        edited = sum(1 for c in self.checks if not c.ok)
        summary = f"{len(self.checks)} result{'s' if len(self.checks) != 1 else ''} checked: "
        summary += f"{verified} verified, {edited} edited"
        if unsigned:
            summary += f", {unsigned} unsigned practice"
        out.append(summary)
        return out
