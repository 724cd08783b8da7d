"""The Closed Table form (§ 465a.36(f), seed 000), as an exercise graded field by field.

A table that was not open for gaming at all during the gaming day need not have its inventory
counted: a floorperson or above completes a Closed Table form instead, with the inventory left
locked, and drops the form in the drop box for revenue audit (§ 465a.36(f)(1)-(4)). Trainees get
a situation — the locked table inventory container with the Table Inventory Slip showing through
it, the shift that ended, their own credential — and fill in the form; each field is judged
against the clause that asks for it, so a wrong field says which rule it breaks.

The traps are the ones the rule sets: the "date last opened" comes from the slip in the
container, not from today; a table that was open today gets no Closed Table form; the form goes
to the drop box, not into the container; and on the gaming day ending Sunday at 5:59:59 a.m. a
Table Inventory Slip is completed on every table anyway (§ 465a.36(f)(5)). Whenever a Table
Inventory Slip is completed (a table that was open is counted at closing; every table on that
Saturday), the trainee says who signs it: the dealer or boxperson and the floorperson who
counted the inventory (§ 465a.36(e)(5)).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, TypeVar

from msgspec import Struct
from msgspec.structs import fields

from dealer_trainer.games import registry
from dealer_trainer.rules.provenance import Citation, seed, standard
from dealer_trainer.vocabulary import Vocabulary, normalise

SECTION = "465a.36(f)"
EXERCISE = "Closed Table form"
"""The exercise's name in lesson files and in the records."""

V = TypeVar("V", bound="Vocabulary")


def form_games() -> dict[str, str]:
    """The games this product teaches as the form names them (§ (f)(3)(ii)) -> the prefix of
    their table numbers. Asks every game's definition, so it loads them all."""
    return {name: code for game in registry.definitions() for name, code in game.form_codes.items()}


FLOORPERSONS = (
    "Dana Whitfield",
    "Marcus Oyelaran",
    "Priya Raman",
    "Tom Kowalczyk",
    "Elena Ruiz",
    "Sam Achterberg",
)


class Shift(Vocabulary, noun="a shift"):
    """The shifts of a gaming day that starts at 6 a.m. (the day ending Sunday at 5:59:59 a.m.,
    § 465a.36(f)(5)). Shift names and hours are each property's own; these are common."""

    DAY = "Day (6 a.m.-2 p.m.)"
    SWING = "Swing (2 p.m.-10 p.m.)"
    GRAVEYARD = "Graveyard (10 p.m.-6 a.m.)"


class Role(Vocabulary, noun="a role"):
    """Who may complete the form: a floorperson or above (§ 465a.36(f)(1))."""

    DEALER = "Dealer"
    FLOORPERSON = "Floorperson or above"
    CASHIER = "Cage cashier"
    SECURITY = "Security officer"


class Destination(Vocabulary, noun="where the completed form goes"):
    """Where the completed form is deposited (§ 465a.36(f)(4))."""

    DROP_BOX = "Drop box, for revenue audit"
    CONTAINER = "Table inventory container"
    CAGE = "Cashier's cage"
    PODIUM = "Pit podium"


class SlipSigners(Vocabulary, noun="who signs the Table Inventory Slip"):
    """Whose signatures a Table Inventory Slip carries (§ 465a.36(e)(5))."""

    DEALER_AND_FLOORPERSON = "The dealer (or boxperson) and the floorperson who counted it"
    FLOORPERSON = "The floorperson alone"
    DEALER = "The dealer alone"
    CASHIER_AND_SECURITY = "A cage cashier and a security officer"


class FormField(Vocabulary, noun="a Closed Table form field"):
    """The form's entries, with the trainee's decision whether it is needed at all."""

    REQUIRED = "Closed Table form required"
    COMPLETED_BY = "Completed by"
    SHIFT_DATE = "Date of the shift ended"
    SHIFT = "Shift ended"
    GAME = "Game"
    TABLE = "Table number"
    LAST_OPENED = "Date the table was last opened"
    SIGNATURE = "Signature"
    CREDENTIAL = "Board-issued credential number"
    INVENTORY_LOCKED = "Table inventory left locked"
    DEPOSIT = "Completed form deposited in"
    INVENTORY_SLIP = "Table Inventory Slip also completed today"
    SLIP_SIGNED_BY = "Table Inventory Slip signed by"


CITATIONS: dict[FormField, Citation] = {
    FormField.REQUIRED: seed("seed 000", "465a.36(f)", "465a.36(f)(1)"),
    FormField.COMPLETED_BY: seed("seed 000", "465a.36(f)(1)"),
    FormField.SHIFT_DATE: seed("seed 000", "465a.36(f)(3)(i)"),
    FormField.SHIFT: seed("seed 000", "465a.36(f)(3)(i)"),
    FormField.GAME: seed("seed 000", "465a.36(f)(3)(ii)"),
    FormField.TABLE: seed("seed 000", "465a.36(f)(3)(ii)"),
    FormField.LAST_OPENED: seed("seed 000", "465a.36(f)(3)(iii)"),
    FormField.SIGNATURE: seed("seed 000", "465a.36(f)(3)(iv)"),
    FormField.CREDENTIAL: seed("seed 000", "465a.36(f)(3)(iv)"),
    FormField.INVENTORY_LOCKED: seed("seed 000", "465a.36(f)(2)"),
    FormField.DEPOSIT: seed("seed 000", "465a.36(f)(4)"),
    FormField.INVENTORY_SLIP: seed("seed 000", "465a.36(f)(5)"),
    FormField.SLIP_SIGNED_BY: seed("seed 000", "465a.36(e)(5)"),
}
SHIFT_NAMES_CITATION = standard("shift names and hours are each property's own")


class ClosedTableSituation(Struct, frozen=True):
    """What the floorperson sees at the end of the shift: the facts the form is made from."""

    gaming_day: date
    """The gaming day the shift belongs to (it starts at 6 a.m. on this date)."""
    shift: Shift
    game: str
    table_number: str
    opened_today: bool
    """Whether the table was open for gaming at any time during the gaming day."""
    slip_date: date
    """The date on the Table Inventory Slip locked in the container: the day last opened."""
    floorperson: str
    credential: str
    slip_signatures: bool = True
    """Whether the exercise asks who signs the Table Inventory Slip (§ 465a.36(e)(5)); forms
    recorded before it asked keep their grade when replayed."""

    @property
    def form_required(self) -> bool:
        """The form is the alternative for tables not open at all that day (§ 465a.36(f))."""
        return not self.opened_today

    @property
    def weekly_slip_due(self) -> bool:
        """The gaming day that ends Sunday at 5:59:59 a.m. is Saturday's (§ 465a.36(f)(5))."""
        return self.gaming_day.weekday() == 5

    @property
    def slip_due(self) -> bool:
        """A Table Inventory Slip is completed for this table today: it was open and is counted
        at closing, or it is the Saturday gaming day (§§ 465a.36(c), (f)(5))."""
        return self.opened_today or self.weekly_slip_due

    @property
    def asks_slip_signers(self) -> bool:
        return self.slip_signatures and self.slip_due

    def describe(self) -> list[str]:
        """The situation as the trainee reads it, without the answers' field names."""
        opened = (
            "It was opened for gaming during this gaming day and closed at the end of the shift."
            if self.opened_today
            else "It was not opened for gaming at any time during this gaming day."
        )
        return [
            f"You are {self.floorperson}, floorperson, Board credential {self.credential}.",
            f"The {self.shift.value} shift of the gaming day {long_date(self.gaming_day)} has "
            "just ended.",
            f"Table {self.table_number} ({self.game}). {opened}",
            "Through the locked table inventory container you can read the Table Inventory "
            f"Slip: {self.game}, table {self.table_number}, dated {long_date(self.slip_date)}.",
        ]

    def to_json(self) -> dict[str, Any]:
        """The facts as the records keep them (the form is graded again from these)."""
        return {
            "gaming_day": self.gaming_day.isoformat(),
            "shift": self.shift.value,
            "game": self.game,
            "table_number": self.table_number,
            "opened_today": self.opened_today,
            "slip_date": self.slip_date.isoformat(),
            "floorperson": self.floorperson,
            "credential": self.credential,
            "slip_signatures": self.slip_signatures,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClosedTableSituation:
        return cls(
            gaming_day=date.fromisoformat(str(data["gaming_day"])),
            shift=Shift.from_text(str(data["shift"])),
            game=str(data["game"]),
            table_number=str(data["table_number"]),
            opened_today=bool(data["opened_today"]),
            slip_date=date.fromisoformat(str(data["slip_date"])),
            floorperson=str(data["floorperson"]),
            credential=str(data["credential"]),
            slip_signatures=bool(data.get("slip_signatures", False)),
        )


class ClosedTableForm(Struct, frozen=True):
    """The trainee's entries. ``required`` False means "no Closed Table form for this table";
    the other entries are then not judged."""

    required: bool
    completed_by: Role | None = None
    shift_date: date | None = None
    shift: Shift | None = None
    game: str = ""
    table_number: str = ""
    last_opened: date | None = None
    signature: str = ""
    credential: str = ""
    inventory_locked: bool = False
    deposit: Destination | None = None
    inventory_slip: bool = False
    slip_signed_by: SlipSigners | None = None
    """Judged whenever a Table Inventory Slip is completed for the table, form or no form."""

    def to_json(self) -> dict[str, Any]:
        """The entries as submitted: dates ISO, choices by their wording, blanks ``None``."""
        return {f.name: _json_value(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClosedTableForm:
        def day(name: str) -> date | None:
            value = data.get(name)
            return None if value is None else date.fromisoformat(str(value))

        def choice(kind: type[V], name: str) -> V | None:
            value = data.get(name)
            return None if value is None else kind.from_text(str(value))

        return cls(
            required=bool(data["required"]),
            completed_by=choice(Role, "completed_by"),
            shift_date=day("shift_date"),
            shift=choice(Shift, "shift"),
            game=str(data.get("game", "")),
            table_number=str(data.get("table_number", "")),
            last_opened=day("last_opened"),
            signature=str(data.get("signature", "")),
            credential=str(data.get("credential", "")),
            inventory_locked=bool(data.get("inventory_locked", False)),
            deposit=choice(Destination, "deposit"),
            inventory_slip=bool(data.get("inventory_slip", False)),
            slip_signed_by=choice(SlipSigners, "slip_signed_by"),
        )


def _json_value(value: object) -> object:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Vocabulary):
        return value.value
    return value


class FieldVerdict(Struct, frozen=True):
    field: FormField
    correct: bool
    given: str
    expected: str
    explanation: str
    citation: Citation

    def to_json(self) -> dict[str, Any]:
        return {
            "field": self.field.value,
            "correct": self.correct,
            "given": self.given,
            "expected": self.expected,
            "explanation": self.explanation,
            "citation": str(self.citation),
        }

    def describe(self) -> str:
        mark = "✔" if self.correct else "✘"
        if self.correct:
            return f"{mark} {self.field.value}: {self.given}"
        return (
            f"{mark} {self.field.value}: {self.given or '(blank)'} — expected {self.expected}. "
            f"{self.explanation} ({self.citation})"
        )


class FormGrade(Struct, frozen=True):
    verdicts: tuple[FieldVerdict, ...]

    @property
    def wrong(self) -> tuple[FieldVerdict, ...]:
        return tuple(v for v in self.verdicts if not v.correct)

    @property
    def score(self) -> Decimal:
        """Percent of the judged fields that are right, to one decimal place."""
        right = sum(1 for v in self.verdicts if v.correct)
        return (Decimal(100 * right) / len(self.verdicts)).quantize(Decimal("0.1"))

    @property
    def perfect(self) -> bool:
        return not self.wrong

    def to_json(self) -> list[dict[str, Any]]:
        return [v.to_json() for v in self.verdicts]


def long_date(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}"


def _same_text(given: str, expected: str) -> bool:
    return normalise(given) == normalise(expected)


def _shown(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Vocabulary):
        return str(value.value)
    return str(value)


def grade_closed_table_form(situation: ClosedTableSituation, form: ClosedTableForm) -> FormGrade:
    """Each entry against the clause of § 465a.36(f) that asks for it."""
    verdicts: list[FieldVerdict] = []

    def judge(field: FormField, given: object, expected: object, correct: bool, why: str) -> None:
        verdicts.append(
            FieldVerdict(field, correct, _shown(given), _shown(expected), why, CITATIONS[field])
        )

    required = situation.form_required
    judge(
        FormField.REQUIRED,
        form.required,
        required,
        form.required == required,
        "The Closed Table form is the alternative for a table not open for gaming at any time "
        "during the gaming day; a table that was open is counted and gets a Table Inventory "
        "Slip when it closes."
        if required
        else "This table was open for gaming today, so its inventory is counted and a Table "
        "Inventory Slip completed at closing; the Closed Table form is only for tables not "
        "open during the gaming day.",
    )

    def judge_slip_signers() -> FormGrade:
        if situation.asks_slip_signers:
            judge(
                FormField.SLIP_SIGNED_BY,
                form.slip_signed_by,
                SlipSigners.DEALER_AND_FLOORPERSON,
                form.slip_signed_by is SlipSigners.DEALER_AND_FLOORPERSON,
                "The Table Inventory Slip is signed by the dealer or boxperson and the "
                "floorperson who counted the table inventory, when the table closes and when "
                "it opens.",
            )
        return FormGrade(tuple(verdicts))

    if not (required and form.required):
        return judge_slip_signers()
    judge(
        FormField.COMPLETED_BY,
        form.completed_by,
        Role.FLOORPERSON,
        form.completed_by is Role.FLOORPERSON,
        "A floorperson or above completes the Closed Table form.",
    )
    judge(
        FormField.SHIFT_DATE,
        form.shift_date,
        situation.gaming_day,
        form.shift_date == situation.gaming_day,
        "The form carries the date of the shift that ended.",
    )
    judge(
        FormField.SHIFT,
        form.shift,
        situation.shift,
        form.shift is situation.shift,
        "The form identifies the shift that ended.",
    )
    judge(
        FormField.GAME,
        form.game,
        situation.game,
        _same_text(form.game, situation.game),
        "The form names the game of the closed table.",
    )
    judge(
        FormField.TABLE,
        form.table_number,
        situation.table_number,
        _same_text(form.table_number, situation.table_number),
        "The form names the table number.",
    )
    judge(
        FormField.LAST_OPENED,
        form.last_opened,
        situation.slip_date,
        form.last_opened == situation.slip_date,
        "The date the table was last opened is the date on the Table Inventory Slip locked in "
        "the table inventory container, not the date of today's shift.",
    )
    judge(
        FormField.SIGNATURE,
        form.signature,
        situation.floorperson,
        _same_text(form.signature, situation.floorperson),
        "The floorperson or above who completed the form signs it.",
    )
    judge(
        FormField.CREDENTIAL,
        form.credential,
        situation.credential,
        _same_text(form.credential, situation.credential),
        "The signer adds the Board-issued credential number.",
    )
    judge(
        FormField.INVENTORY_LOCKED,
        form.inventory_locked,
        True,
        form.inventory_locked,
        "The table inventory must remain locked while the Closed Table form is completed.",
    )
    judge(
        FormField.DEPOSIT,
        form.deposit,
        Destination.DROP_BOX,
        form.deposit is Destination.DROP_BOX,
        "The completed form is deposited into the drop box and forwarded to revenue audit at "
        "the end of the count.",
    )
    due = situation.weekly_slip_due
    judge(
        FormField.INVENTORY_SLIP,
        form.inventory_slip,
        due,
        form.inventory_slip == due,
        "A Table Inventory Slip is completed on all tables every Saturday, before the table "
        "game drop for the gaming day ending Sunday at 5:59:59 a.m."
        if due
        else "Only the Saturday gaming day (ending Sunday at 5:59:59 a.m.) requires a Table "
        "Inventory Slip on every table; on other days the Closed Table form replaces the count.",
    )
    return judge_slip_signers()


def correct_form(situation: ClosedTableSituation) -> ClosedTableForm:
    """The form as the regulation asks for it: what a perfect trainee submits."""
    signers = SlipSigners.DEALER_AND_FLOORPERSON if situation.asks_slip_signers else None
    if not situation.form_required:
        return ClosedTableForm(required=False, slip_signed_by=signers)
    return ClosedTableForm(
        required=True,
        completed_by=Role.FLOORPERSON,
        shift_date=situation.gaming_day,
        shift=situation.shift,
        game=situation.game,
        table_number=situation.table_number,
        last_opened=situation.slip_date,
        signature=situation.floorperson,
        credential=situation.credential,
        inventory_locked=True,
        deposit=Destination.DROP_BOX,
        inventory_slip=situation.weekly_slip_due,
        slip_signed_by=signers,
    )


def closed_table_situation(
    seed_value: int,
    *,
    games: Sequence[str] | None = None,
    open_chance: float = 0.2,
    year: int = 2026,
) -> ClosedTableSituation:
    """A situation from a seed: mostly tables closed all day (the form is needed), sometimes one
    that was open (it is not), Saturdays included so the weekly slip comes up."""
    rng = random.Random(seed_value)
    gaming_day = date(year, 1, 1) + timedelta(days=rng.randrange(365))
    codes = form_games()
    game = rng.choice(list(codes if games is None else games))
    if game not in codes:
        raise ValueError(f"no Closed Table form for {game!r}: the form names {', '.join(codes)}")
    number = f"{codes[game]}-{rng.randint(1, 24):02d}"
    opened_today = rng.random() < open_chance
    slip_date = gaming_day if opened_today else gaming_day - timedelta(days=rng.randint(1, 45))
    return ClosedTableSituation(
        gaming_day=gaming_day,
        shift=rng.choice(list(Shift)),
        game=game,
        table_number=number,
        opened_today=opened_today,
        slip_date=slip_date,
        floorperson=rng.choice(FLOORPERSONS),
        credential=f"GCB-{rng.randint(100000, 999999)}",
    )


FORM_FIELDS = tuple(f.name for f in fields(ClosedTableForm))

__all__ = [
    "CITATIONS",
    "FORM_FIELDS",
    "ClosedTableForm",
    "ClosedTableSituation",
    "Destination",
    "FieldVerdict",
    "FormField",
    "FormGrade",
    "Role",
    "Shift",
    "SlipSigners",
    "closed_table_situation",
    "correct_form",
    "form_games",
    "grade_closed_table_form",
    "long_date",
]
