"""The result document: one attempt as plain JSON, the exact thing that is signed.

Everything that makes a result is in it: the trainee, the lesson, each round with the full
text of the files it was dealt from, every step with its verdict and both of its times, and
the grade. Money and scores are exact decimal strings, times ISO 8601 in UTC, so the same
attempt gives the same bytes from SQLite or PostgreSQL, on any station. The trainee's class is
left out on purpose: it is how the instructor groups people, not part of what was achieved,
and it may be set or changed later without touching a signed result.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from msgspec import Struct

from dealer_trainer.store.crypto import ALGORITHM, KeyRing, canonical
from dealer_trainer.store.records import (
    AttemptRecord,
    ChainHead,
    FormEntry,
    RoundRecord,
    Status,
    StepEntry,
    Summary,
    TraineeRecord,
)
from dealer_trainer.store.sources import RoundSource
from dealer_trainer.store.types import decimal_text, time_text

FORMAT = "dealer-trainer result"
VERSION = 1
"""Still 1: revision 4 only adds ``attempt.signed_at`` and ``chain`` to results signed from
then on (absent keys are left out, so a result signed before still makes the same bytes)."""


def _money(value: Decimal | None) -> str | None:
    return None if value is None else decimal_text(value)


def _time(value: datetime | None) -> str | None:
    return None if value is None else time_text(value)


def _parse_time(value: Any) -> datetime | None:
    return None if value is None else datetime.fromisoformat(str(value))


def _parse_money(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _round(record: RoundRecord) -> dict[str, Any]:
    source = record.source
    return {
        "index": record.index,
        "kind": source.kind,
        "game": source.game,
        "seed": source.seed,
        "seats": None if source.seats is None else list(source.seats),
        "targets": [dict(t) for t in source.targets],
        "source": {"path": source.path, "sha256": source.sha256, "text": source.text},
        "table": None
        if source.table_ref is None
        else {"ref": source.table_ref, "text": source.table_text},
        "grading": record.grading,
        "started_at": _time(record.started_at),
        "finished_at": _time(record.finished_at),
        "seconds": record.seconds,
        "score": _money(record.score),
        "grade": None if record.grade is None else dict(record.grade),
    } | _linked_meters(source)


def _linked_meters(source: RoundSource) -> dict[str, Any]:
    """The linked meters the round was settled against; no key for a round without them, so
    a result without them makes the same bytes it always did."""
    if not source.linked_meters:
        return {}
    return {"linked_meters": {link: _money(amount) for link, amount in source.linked_meters}}


def round_start(record: RoundRecord) -> dict[str, Any]:
    """What a round's chain link binds when the round starts: how it is dealt."""
    value = _round(record)
    for key in ("finished_at", "seconds", "score", "grade"):
        del value[key]
    return value


def round_finish(record: RoundRecord) -> dict[str, Any]:
    """What a round's chain link binds when it ends: its clock (the grade is recomputed)."""
    return {
        "index": record.index,
        "finished_at": _time(record.finished_at),
        "seconds": record.seconds,
    }


def chain_items(record: AttemptRecord) -> dict[str, Any]:
    """Every item of the attempt's step chain by name, valued as the live records hold it."""
    items: dict[str, Any] = {}
    for r in record.rounds:
        items[f"round {r.index} start"] = round_start(r)
        if r.finished_at is not None:
            items[f"round {r.index} finish"] = round_finish(r)
    for s in record.steps:
        items[f"step {s.index}"] = step_value(s)
    for f in record.forms:
        items[f"form {f.index}"] = form_value(f)
    return items


def step_value(step: StepEntry) -> dict[str, Any]:
    return _step(step)


def form_value(form: FormEntry) -> dict[str, Any]:
    return _form(form)


def _step(step: StepEntry) -> dict[str, Any]:
    return {
        "index": step.index,
        "round": step.round_index,
        "kind": step.kind,
        "step": step.step_id,
        "action": step.action,
        "seat": step.seat,
        "spot": step.spot,
        "amount": _money(step.amount),
        "hand": step.hand,
        "floorperson": step.floorperson,
        "at": step.at,
        "verdict": step.verdict,
        "explanation": step.explanation,
        "citation": step.citation,
        "recorded_at": _time(step.recorded_at),
    }


def _form(form: FormEntry) -> dict[str, Any]:
    return {
        "index": form.index,
        "after_round": form.after_round,
        "exercise": form.exercise,
        "seed": form.seed,
        "situation": dict(form.situation),
        "entries": dict(form.entries),
        "score": decimal_text(form.score),
        "grade": [dict(v) for v in form.grade],
        "recorded_at": _time(form.recorded_at),
    }


def _summary(summary: Summary | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    return {
        "score": decimal_text(summary.score),
        "payout_accuracy": decimal_text(summary.payout_accuracy),
        "procedure_compliance": decimal_text(summary.procedure_compliance),
        "seconds": summary.seconds,
        "verdicts": dict(summary.verdicts),
    }


def result_document(record: AttemptRecord) -> dict[str, Any]:
    """The attempt as signed. The pass mark (with the verdict it gives) and the forms are
    written only when the attempt has them, so results signed before they were recorded
    still make the same document and verify."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "attempt": {
            "uid": record.uid,
            "lesson": record.lesson_id,
            "game": record.game,
            "mode": record.mode,
            "may_resume": record.may_resume,
            "requires_signature": record.requires_signature,
            "time_limit": record.time_limit,
            "status": record.status.value,
            "started_at": _time(record.started_at),
            "finished_at": _time(record.finished_at),
        },
        "trainee": {"uid": record.trainee.uid, "name": record.trainee.name},
        "rounds": [_round(r) for r in record.rounds],
        "steps": [_step(s) for s in record.steps],
        "grade": _summary(record.summary),
    }
    if record.pass_mark is not None:
        attempt = document["attempt"]
        assert isinstance(attempt, dict)
        attempt["pass_mark"] = decimal_text(record.pass_mark)
        attempt["rounds_required"] = record.rounds_required
        grade = document["grade"]
        if isinstance(grade, dict):
            grade["passed"] = record.passed
    if record.forms:
        document["forms"] = [_form(f) for f in record.forms]
    if record.chain is not None:
        attempt = document["attempt"]
        assert isinstance(attempt, dict)
        attempt["signed_at"] = _time(record.signed_at)
        document["chain"] = {
            "key_id": record.chain_key_id,
            "head": record.chain.head,
            "links": record.chain.links,
        }
    return document


def _forms(document: Mapping[str, Any]) -> tuple[FormEntry, ...]:
    forms = []
    for f in document.get("forms") or ():
        recorded = _parse_time(f["recorded_at"])
        if recorded is None:
            raise ValueError(f"forms[{f['index']}].recorded_at: the time the form was recorded")
        forms.append(
            FormEntry(
                int(f["index"]),
                int(f["after_round"]),
                str(f["exercise"]),
                f["seed"],
                dict(f["situation"]),
                dict(f["entries"]),
                Decimal(str(f["score"])),
                tuple(dict(v) for v in f["grade"]),
                recorded,
            )
        )
    return tuple(forms)


def record_from_document(document: Mapping[str, Any]) -> AttemptRecord:
    """An attempt read back from its document (an exported file), to replay or report on.
    Database ids are not in a document: they are 0 here. ``KeyError``/``ValueError`` when a
    field is missing or malformed."""
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} (version {VERSION}) document")
    attempt = document["attempt"]
    trainee = document["trainee"]
    started = _parse_time(attempt["started_at"])
    if started is None:
        raise ValueError("attempt.started_at: the time the attempt started")
    rounds = []
    for r in document["rounds"]:
        table = r["table"]
        source = RoundSource(
            r["kind"],
            r["game"],
            r["source"]["path"],
            r["source"]["text"],
            r["seed"],
            None if r["seats"] is None else tuple(r["seats"]),
            tuple(r["targets"]),
            None if table is None else table["ref"],
            None if table is None else table["text"],
            linked_meters=tuple(
                (str(link), Decimal(str(amount)))
                for link, amount in dict(r.get("linked_meters") or {}).items()
            ),
        )
        round_started = _parse_time(r["started_at"])
        if round_started is None:
            raise ValueError(f"rounds[{r['index']}].started_at: the time the round started")
        rounds.append(
            RoundRecord(
                r["index"],
                source,
                r["grading"],
                round_started,
                _parse_time(r["finished_at"]),
                r["seconds"],
                _parse_money(r["score"]),
                r["grade"],
            )
        )
    steps = []
    for s in document["steps"]:
        recorded = _parse_time(s["recorded_at"])
        if recorded is None:
            raise ValueError(f"steps[{s['index']}].recorded_at: the time the step was recorded")
        steps.append(
            StepEntry(
                s["index"],
                s["round"],
                s["kind"],
                s["step"],
                s["action"],
                s["seat"],
                s["spot"],
                _parse_money(s["amount"]),
                s["hand"],
                s["floorperson"],
                float(s["at"]),
                s["verdict"],
                s["explanation"],
                s["citation"],
                recorded,
            )
        )
    chain = document.get("chain")
    grade = document["grade"]
    summary = (
        None
        if grade is None
        else Summary(
            Decimal(grade["score"]),
            Decimal(grade["payout_accuracy"]),
            Decimal(grade["procedure_compliance"]),
            float(grade["seconds"]),
            dict(grade["verdicts"]),
        )
    )
    return AttemptRecord(
        0,
        attempt["uid"],
        TraineeRecord(0, trainee["uid"], trainee["name"], None, started),
        attempt["lesson"],
        attempt["game"],
        attempt["mode"],
        bool(attempt["may_resume"]),
        bool(attempt["requires_signature"]),
        attempt["time_limit"],
        Status.from_text(attempt["status"]),
        started,
        _parse_time(attempt["finished_at"]),
        summary,
        tuple(rounds),
        tuple(steps),
        pass_mark=_parse_money(attempt.get("pass_mark")),
        rounds_required=attempt.get("rounds_required"),
        forms=_forms(document),
        signed_at=_parse_time(attempt.get("signed_at")),
        chain_key_id=None if chain is None else str(chain["key_id"]),
        chain=None if chain is None else ChainHead(str(chain["head"]), int(chain["links"])),
    )


# --- signing -----------------------------------------------------------------------------------


def parts(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document cut into named parts, each signed on its own, so an edited exported file
    (which has no second copy to compare with) can still say which step or round changed."""
    named: dict[str, Any] = {
        "attempt": {
            key: value
            for key, value in document.items()
            if key not in ("rounds", "steps", "grade", "forms", "chain")
        },
        "grade": document.get("grade"),
    }
    if "chain" in document:
        named["chain"] = document["chain"]
    for item in document.get("rounds") or ():
        named[f"round {item.get('index') if isinstance(item, Mapping) else item}"] = item
    for item in document.get("steps") or ():
        named[f"step {item.get('index') if isinstance(item, Mapping) else item}"] = item
    for item in document.get("forms") or ():
        named[f"form {item.get('index') if isinstance(item, Mapping) else item}"] = item
    return named


def part_bytes(name: str, value: Any) -> bytes:
    return canonical({"part": name, "value": value})


class SignedResult(Struct, frozen=True):
    text: str
    """The canonical JSON that was signed."""
    signature: dict[str, Any]


def sign_document(document: Mapping[str, Any], keys: KeyRing) -> SignedResult:
    """The Ed25519 signature of the whole document, and of each part on its own (to name
    the parts an exported file changed)."""
    key_id = keys.signing_key()
    data = canonical(document)
    part_signatures = {
        name: keys.sign(key_id, part_bytes(name, part)) for name, part in parts(document).items()
    }
    return SignedResult(
        data.decode("utf-8"),
        {
            "algorithm": ALGORITHM,
            "key_id": key_id,
            "value": keys.sign(key_id, data),
            "parts": part_signatures,
        },
    )


class Difference(Struct, frozen=True):
    path: str
    signed: Any
    now: Any

    def describe(self) -> str:
        if self.signed is _ABSENT:
            return f"{self.path}: not in the signed result, now {_show(self.now)}"
        if self.now is _ABSENT:
            return f"{self.path}: signed {_show(self.signed)}, now missing"
        return f"{self.path}: signed {_show(self.signed)}, now {_show(self.now)}"


class _Absent:
    def __repr__(self) -> str:
        return "absent"


_ABSENT: Any = _Absent()


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, dict | list) else canonical(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


def _label(item: Any, position: int) -> str:
    if isinstance(item, Mapping) and isinstance(item.get("index"), int):
        return str(item["index"])
    return str(position)


def differences(signed: Any, now: Any, path: str = "") -> list[Difference]:
    """Every leaf where ``now`` differs from ``signed``; list items that carry an ``index``
    are named by it (``steps[4].amount``), so a deleted step does not shift every name."""
    if isinstance(signed, Mapping) and isinstance(now, Mapping):
        found: list[Difference] = []
        for key in sorted(set(signed) | set(now)):
            where = f"{path}.{key}" if path else str(key)
            found += differences(signed.get(key, _ABSENT), now.get(key, _ABSENT), where)
        return found
    if isinstance(signed, list) and isinstance(now, list):
        old = {_label(item, i): item for i, item in enumerate(signed, start=1)}
        new = {_label(item, i): item for i, item in enumerate(now, start=1)}
        found = []
        for label in sorted(set(old) | set(new), key=lambda t: (len(t), t)):
            found += differences(
                old.get(label, _ABSENT), new.get(label, _ABSENT), f"{path}[{label}]"
            )
        return found
    if type(signed) is not type(now) or signed != now:
        return [Difference(path, signed, now)]
    return []
