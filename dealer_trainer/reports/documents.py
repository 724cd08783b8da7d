"""The certificate and the detailed result report of one attempt, as text for the GUI to print.

The report is HTML in the subset Qt's rich text understands (tables, headings, colours), so
``QTextDocument`` lays it out on PDF pages. The certificate is a few lines drawn on one page,
so it is given as its lines (``Certificate``) rather than as HTML.

A certificate is only made for a passed exam whose signed result verifies against the school's
keys (``certificate_refusal`` says why not otherwise): a certificate for an edited result
would certify the edit.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from html import escape

import segno
from msgspec import Struct

from dealer_trainer.curriculum.run import ExamResult
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.step import DEALER
from dealer_trainer.reports.analytics import (
    ProcedureCache,
    StepKind,
    describe_seconds,
    trainee_report,
)
from dealer_trainer.reports.results import LessonInfo, exam_result, title_of
from dealer_trainer.rules.money import format_money
from dealer_trainer.store.crypto import digest, verification_code
from dealer_trainer.store.document import record_from_document
from dealer_trainer.store.records import AttemptRecord, FormEntry, StepEntry
from dealer_trainer.store.school import School
from dealer_trainer.store.verify import Check

GOOD = "#2e7d32"
BAD = "#c62828"
MUTED = "#555555"


def when(moment: datetime | None) -> str:
    return "—" if moment is None else moment.strftime("%d %B %Y, %H:%M UTC")


def day(moment: datetime | None) -> str:
    return "—" if moment is None else moment.strftime("%d %B %Y")


def explained(explanation: str, citation: str | None) -> str:
    """An explanation with its section said once: the engine's explanations often cite it
    already ("... pushes (§ 653a.12(b)). The amount is $50, not $55."), and a second copy
    at the end reads as a stutter."""
    text = escape(explanation)
    if not citation or f"({citation})" in explanation:
        return text
    return f"{text} ({escape(citation)})"


def signature_line(record: AttemptRecord, check: Check | None) -> str:
    """How far the result can be trusted, in one sentence."""
    if record.signature is None:
        if check is not None and not check.ok:
            return "EDITED: " + "; ".join(check.problems)
        return "Not signed (a practice attempt: only exam results are signed)."
    # A result signed before revision 4 carries no signing time: say nothing rather than "on —".
    on = f" on {when(record.signed_at)}" if record.signed_at is not None else ""
    key = f"signed with the school's key {record.key_id}{on}"
    if check is None:
        return f"Result {key}; not verified here."
    if check.ok:
        return f"Result {key}; verified: the records match their signature."
    return f"Result {key}, but EDITED since: " + "; ".join(check.problems)


# --- the certificate ------------------------------------------------------------------------------


class Certificate(Struct, frozen=True):
    heading: str
    preamble: str
    name: str
    statement: str
    exam: str
    score: str
    date: str
    seal: str
    """Which key signed the result and its verification code, to check it against."""
    check: str
    code: str
    """The verification code: the first 60 bits of the signed document's SHA-256."""
    qr: tuple[tuple[bool, ...], ...]
    """The QR code (dark modules) of ``qr_text``: the result uid, key id and signed digest."""
    qr_text: str
    school: str | None = None
    """The school's name from the instructor area (its signed profile), when set."""
    logo: bytes | None = None
    """The school's logo (PNG), when set."""
    signature_label: str = "Examiner"
    """Under the line the examiner signs on."""


def certificate_refusal(
    record: AttemptRecord, catalog: Mapping[str, LessonInfo], check: Check | None
) -> str | None:
    """Why the attempt earns no certificate, or None when it does."""
    result = exam_result(record, catalog)
    if result is None:
        return "only an exam of the course earns a certificate"
    if not result.passed:
        return f"the exam was not passed ({result.verdict})"
    if check is None:
        return "the result has not been verified against the school's keys"
    if not check.ok:
        return "the result was edited after it was signed: " + "; ".join(check.problems)
    if not check.signed or record.signature is None:
        return "the result is not signed"
    return None


def certificate(
    record: AttemptRecord,
    catalog: Mapping[str, LessonInfo],
    check: Check | None,
    school: School | None = None,
) -> Certificate:
    """The certificate of a verified, passed exam, every field read from the signed document
    (never from the live records), with the verification code and a QR code of the signed
    digest."""
    refusal = certificate_refusal(record, catalog, check)
    if refusal is not None:
        raise ValueError(f"no certificate for attempt {record.id}: {refusal}")
    assert record.signed_result is not None and record.signature is not None
    signed = record_from_document(json.loads(record.signed_result))
    result = exam_result(signed, catalog)
    assert result is not None and result.score is not None
    signed_digest = digest(record.signed_result.encode("utf-8"))
    code = verification_code(signed_digest)
    key_id = str(record.signature.get("key_id"))
    qr_text = f"dealer-trainer result {signed.uid} key {key_id} sha256 {signed_digest}"
    matrix = segno.make(qr_text, error="m").matrix
    return Certificate(
        "Certificate of Proficiency",
        "This certifies that",
        signed.trainee.name,
        "has passed the certification exam",
        f"{title_of(signed, catalog)} — {signed.game}",
        f"with a score of {result.score}% (pass mark {result.pass_mark:g}%)",
        f"on {day(signed.finished_at)}",
        f"Result {signed.uid} · school key {key_id} · verification code {code}",
        "Settled as the Pennsylvania Gaming Control Board regulations require "
        "(58 Pa. Code, Part VII, Subpart K: table games). Anyone can check the exported "
        "result with the school's public key: “dealer-trainer results verify --public-key "
        "school.pub FILE” prints this verification code.",
        code,
        tuple(tuple(bool(module) for module in row) for row in matrix),
        qr_text,
        None if school is None else school.name,
        None if school is None else school.logo,
    )


# --- the detailed report ------------------------------------------------------------------------


def _cell(text: str, colour: str | None = None) -> str:
    style = f' style="color:{colour}"' if colour else ""
    return f"<td{style}>{text}</td>"


def _party(seat: int | None) -> str:
    if seat is None:
        return ""
    return "Dealer" if seat == DEALER else f"Seat {seat}"


def _action(entry: StepEntry) -> str:
    if entry.kind == "signoff":
        return f"floorperson {escape(entry.floorperson or '')} signed"
    assert entry.action is not None
    text = Action.from_text(entry.action).label
    if entry.hand:
        text += f" ({escape(entry.hand.lower())})"
    return escape(text)


def _step_rows(record: AttemptRecord, index: int) -> str:
    rows = []
    for entry in record.round_steps(index):
        ok = entry.verdict == Verdict.CORRECT.value
        verdict = entry.verdict or "—"
        amount = format_money(entry.amount) if entry.amount is not None else ""
        rows.append(
            "<tr>"
            + _cell(str(entry.index))
            + _cell(f"{entry.at:.1f} s")
            + _cell(_party(entry.seat))
            + _cell(escape(entry.spot or ""))
            + _cell(_action(entry))
            + _cell(amount)
            + _cell(escape(verdict), None if entry.kind == "signoff" else GOOD if ok else BAD)
            + "</tr>"
        )
        if entry.kind == "action" and not ok:
            rows.append(
                f'<tr><td></td><td colspan="6" style="color:{MUTED}">'
                f"{explained(entry.explanation, entry.citation)}</td></tr>"
            )
    return "".join(rows)


def _missing(grade: Mapping[str, object]) -> str:
    missing = grade.get("missing")
    if not isinstance(missing, Sequence) or not missing:
        return ""
    items = []
    for step in missing:
        if isinstance(step, Mapping):
            seat = step.get("seat")
            party = _party(seat if isinstance(seat, int) else None)
            action = Action.from_text(str(step.get("action"))).label
            amount = step.get("amount")
            money = f" {format_money(Decimal(str(amount)))}" if amount is not None else ""
            cite = f" ({escape(str(step.get('citation')))})" if step.get("citation") else ""
            items.append(
                f"<li>{escape(party)} {escape(str(step.get('spot')))}: {escape(action)}{money}"
                f"{cite}</li>"
            )
    return f'<p style="color:{BAD}"><b>Never done:</b></p><ul>{"".join(items)}</ul>'


def result_report_html(
    record: AttemptRecord,
    catalog: Mapping[str, LessonInfo],
    check: Check | None,
    *,
    replay_agrees: bool | None = None,
    cache: ProcedureCache | None = None,
) -> str:
    """One page of summary (the facts, how far the result can be trusted, the figures per kind
    of step, and the mistakes with their rules), then the full step log as an appendix on the
    pages after."""
    trainee = record.trainee
    result: ExamResult | None = exam_result(record, catalog)
    summary = record.summary
    parts = [
        "<html><body style=\"font-family:'DejaVu Sans',sans-serif; font-size:9pt\">",
        f"<h1>Result report: {escape(trainee.name)}</h1>",
        "<table cellspacing=0 cellpadding=2>",
    ]
    facts = [
        (
            "Candidate",
            escape(trainee.name) + (f" ({escape(trainee.cohort)})" if trainee.cohort else ""),
        ),
        ("Lesson", f"{escape(title_of(record, catalog))} ({escape(record.lesson_id)})"),
        ("Game", escape(record.game)),
        ("Mode", escape(record.mode)),
        ("Started", when(record.started_at)),
        ("Finished", when(record.finished_at)),
        ("Status", escape(record.status.value)),
    ]
    if record.time_limit is not None:
        facts.append(("Time limit", f"{describe_seconds(record.time_limit)} a round"))
    if result is not None:
        colour = GOOD if result.passed else BAD
        facts.append(
            (
                "Result",
                f'<b style="color:{colour}">{escape(result.verdict.upper())}</b> '
                f"(pass mark {result.pass_mark:g}%)",
            )
        )
    if summary is not None:
        facts += [
            ("Score", f"<b>{summary.score}%</b>"),
            ("Payout accuracy", f"{summary.payout_accuracy}%"),
            ("Procedure compliance", f"{summary.procedure_compliance}%"),
            ("Time", describe_seconds(summary.seconds)),
        ]
        counts = Counter({k: v for k, v in summary.verdicts.items() if v})
        if counts:
            facts.append(
                ("Verdicts", ", ".join(f"{v} {escape(k)}" for k, v in sorted(counts.items())))
            )
    facts.append(("Signature", escape(signature_line(record, check))))
    if replay_agrees is not None:
        facts.append(
            (
                "Replay",
                "dealt again and regraded from the recorded steps: the same grade"
                if replay_agrees
                else f'<b style="color:{BAD}">regraded from the recorded steps, the grade '
                "differs from the stored one</b>",
            )
        )
    parts += [f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in facts]
    parts.append("</table>")

    report = trainee_report(trainee, [record], cache)
    if report.kinds:
        parts.append("<h2>By kind of step</h2><table border=1 cellspacing=0 cellpadding=3>")
        parts.append("<tr><th>Kind</th><th>Right</th><th>Accuracy</th><th>Time a step</th></tr>")
        for kind in StepKind:
            tally = report.kinds.get(kind)
            if tally is None:
                continue
            parts.append(
                f"<tr><td>{escape(kind.value)}</td><td>{tally.right} of {tally.total}</td>"
                f"<td>{tally.accuracy}%</td><td>{describe_seconds(tally.mean_seconds)}</td></tr>"
            )
        parts.append("</table>")

    parts.append(_mistakes_section(record))
    parts.append(
        '<h1 style="page-break-before: always">Appendix: every round and step</h1>'
        "<p>Each action as the candidate took it, with the time into the round, the amount "
        "and the verdict; mistakes are followed by the rule and its section.</p>"
    )
    for round_ in record.rounds:
        source = round_.source
        dealt = (
            f"seed {source.seed}" if source.kind == "deal" else escape(source.path.split("/")[-1])
        )
        score = "not finished" if round_.score is None else f"score {round_.score}%"
        seconds = "" if round_.seconds is None else f", {describe_seconds(round_.seconds)}"
        parts.append(
            f"<h2>Round {round_.index}: {escape(source.game)}</h2>"
            f"<p>Dealt from {dealt}; {score}{seconds}.</p>"
            "<table border=1 cellspacing=0 cellpadding=2 width=100%>"
            "<tr><th>#</th><th>At</th><th>Who</th><th>Spot</th><th>Action</th>"
            "<th>Amount</th><th>Verdict</th></tr>" + _step_rows(record, round_.index) + "</table>"
        )
        if round_.grade is not None:
            parts.append(_missing(round_.grade))
    parts += [_form_section(form) for form in record.forms]
    parts.append("</body></html>")
    return "".join(parts)


MISTAKES_ON_FIRST_PAGE = 12
"""As many mistakes as fit the first page beside the summary; the rest are in the appendix."""


def _mistakes_section(record: AttemptRecord) -> str:
    """Every wrong action, every step never done, every wrong form field: one line each, the
    rule beside it."""
    lines: list[str] = []
    for round_ in record.rounds:
        for entry in record.round_steps(round_.index):
            if entry.kind != "action" or entry.verdict == Verdict.CORRECT.value:
                continue
            lines.append(
                f"<li><b>Round {round_.index}, step {entry.index}</b>, "
                f'<span style="color:{BAD}">{escape(entry.verdict or "")}</span>: '
                f"{explained(entry.explanation, entry.citation)}</li>"
            )
        missing = round_.grade.get("missing") if round_.grade is not None else None
        if isinstance(missing, Sequence):
            for step in missing:
                if isinstance(step, Mapping):
                    seat = step.get("seat")
                    party = _party(seat if isinstance(seat, int) else None)
                    action = Action.from_text(str(step.get("action"))).label
                    cite = f" ({escape(str(step.get('citation')))})" if step.get("citation") else ""
                    lines.append(
                        f"<li><b>Round {round_.index}</b> — {escape(party)} "
                        f"{escape(str(step.get('spot')))}: {escape(action)} "
                        f'<span style="color:{BAD}">never done</span>{cite}</li>'
                    )
    for form in record.forms:
        for verdict in form.grade:
            if not verdict.get("correct"):
                lines.append(
                    f"<li><b>Form {form.index}</b> — {escape(str(verdict.get('field', '')))}: "
                    f"entered {escape(str(verdict.get('given', '')) or '(blank)')}, expected "
                    f"{escape(str(verdict.get('expected', '')))} "
                    f"({escape(str(verdict.get('citation', '')))})</li>"
                )
    if not lines:
        return f'<h2>Mistakes</h2><p style="color:{GOOD}">None: every step was right.</p>'
    shown = lines[:MISTAKES_ON_FIRST_PAGE]
    more = len(lines) - len(shown)
    tail = f"<p>… and {more} more: see the appendix.</p>" if more else ""
    return f'<h2>Mistakes ({len(lines)})</h2><ul style="font-size:8pt">{"".join(shown)}</ul>{tail}'


def _form_section(form: FormEntry) -> str:
    """A paperwork exercise: each field as entered, what the clause expects, the verdict."""
    rows = []
    for verdict in form.grade:
        correct = bool(verdict.get("correct"))
        rows.append(
            "<tr>"
            + _cell(escape(str(verdict.get("field", ""))))
            + _cell(escape(str(verdict.get("given", "")) or "(blank)"))
            + _cell(escape(str(verdict.get("expected", ""))))
            + _cell("correct" if correct else "wrong", GOOD if correct else BAD)
            + _cell("" if correct else escape(str(verdict.get("citation", ""))))
            + "</tr>"
        )
    return (
        f"<h2>Form {form.index}: {escape(form.exercise)}</h2>"
        f"<p>Submitted after round {form.after_round}; score {form.score}%.</p>"
        "<table border=1 cellspacing=0 cellpadding=2 width=100%>"
        "<tr><th>Field</th><th>Entered</th><th>Expected</th><th>Verdict</th><th>Rule</th></tr>"
        + "".join(rows)
        + "</table>"
    )
