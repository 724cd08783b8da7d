"""Lessons: load and check lesson files, and deal their rounds.

A lesson file is checked in two passes. The schema (``schema.LessonFile``) judges what the
file says on its own; this module then judges it against the world: the game must be one the
trainer deals, the table and every scenario must load and be of that game, the seats must be
dealable and every target must be one the scenario generator can meet. Every problem names the
file, the dotted field path and what was expected, in the same words as the rest of the app's
data-file errors, and a broken lesson is listed with its problems rather than crashing the
course (``load_lessons``), as ``practice_tables`` does for tables.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from dealer_trainer.cards import parse_cards
from dealer_trainer.curriculum.check_cache import CheckCache, CheckSession, Verdict
from dealer_trainer.curriculum.course_plan import COURSE_PLAN as COURSE_PLAN
from dealer_trainer.curriculum.course_plan import LESSONS as LESSONS
from dealer_trainer.curriculum.intro import LessonIntro, paytable_problems, seat_problems
from dealer_trainer.curriculum.schema import (
    Exercise,
    IntroSpec,
    LessonFile,
    LessonMode,
    MasteryRule,
    RoundSpec,
    TargetSpec,
    who_seat,
)
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.forms.closed_table import ClosedTableSituation, closed_table_situation
from dealer_trainer.practice import targets as generator
from dealer_trainer.practice.linked_play import link_sections
from dealer_trainer.practice.rounds import (
    DealtRound,
    TableRef,
    TableText,
    deal_table,
    load_round,
    read_table,
    scenario_game,
    table_data,
)
from dealer_trainer.rules.datafile import Invalid, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.rules.temporary import long_date

SCHEMA_FILE = LESSONS / "lesson.schema.json"

NOT_LESSONS = frozenset({"tables", "scenarios"})
"""Folders under a course that hold table configurations and scenario files, not lessons."""


class LessonError(DataFileError):
    """A lesson file that cannot be used; ``problems`` lists every reason."""


# --- the checked lesson ----------------------------------------------------------------------


class FixedDeal(Struct, frozen=True):
    """A round fixed by a scenario file (its own table and cards)."""

    scenario: Path
    table: Path | None = None
    """The table file the scenario names, read when the lesson is checked (the in-force check
    of every listing needs it, and a changed scenario is checked again)."""

    @property
    def count(self) -> int:
        return 1


class GeneratedDeals(Struct, frozen=True):
    """``count`` rounds dealt at the lesson's table; round ``k`` is dealt with ``seed + k``."""

    count: int
    seed: int
    seats: tuple[int, ...] | None = None
    targets: tuple[Mapping[str, Any], ...] = ()
    """Targets as written (``who``, ``wager``, ``hand``, ``cards``...), read by the generator."""
    jackpot_elsewhere: str | None = None
    """Another table on the lesson table's link where a jackpot is won just before the block's
    first round (``practice.linked_play``)."""


class FormExercises(Struct, frozen=True):
    """``count`` paperwork exercises about tables of the lesson's game; exercise ``k`` is drawn
    with ``seed + k`` (the Closed Table form, § 465a.36(f))."""

    form: Exercise
    count: int
    seed: int

    def situation(self, game: str, seed: int) -> ClosedTableSituation:
        """The exercise drawn with ``seed`` (``self.seed + k`` in the lesson; any seed in
        adaptive practice)."""
        return closed_table_situation(seed, games=(game,))


RoundBlock = FixedDeal | GeneratedDeals | FormExercises


class Lesson(Struct, frozen=True):
    """A lesson that passed every check: paths resolved, seeds fixed, ready to deal."""

    path: Path
    id: str
    title: str
    description: str
    game: str
    level: int
    mode: LessonMode
    skills: tuple[Skill, ...]
    table: TableRef
    """The table file, or the lesson's inline ``[table]`` as text."""
    blocks: tuple[RoundBlock, ...]
    mastery: MasteryRule = field(default_factory=MasteryRule)
    time_limit_seconds: float | None = None
    pass_mark: float | None = None
    attempts: int | None = None
    may_resume: bool = False
    """Exam only: an exam cut short may go on at its next round (by default it may not)."""
    historical: str = ""
    """Why a lesson on a provision no longer in force is kept ("" for a lesson on the rules in
    force); the course labels it as history."""
    intro: LessonIntro | None = None
    """What the lesson teaches before its first round (``curriculum.intro``)."""

    @property
    def exam(self) -> bool:
        return self.mode is LessonMode.EXAM

    @property
    def round_count(self) -> int:
        return sum(block.count for block in self.blocks)

    def rounds(self) -> Iterator[DealtRound]:
        """Every round of the lesson in order (see ``lesson_rounds``)."""
        return lesson_rounds(self)


class LessonEntry(Struct, frozen=True):
    """A lesson file as the course lists it: ``lesson`` when usable, else its ``problems``.
    ``id``, ``title``, ``game`` and ``level`` are read as well as the file allows, so a broken
    lesson still shows up in the right place."""

    path: Path
    lesson: Lesson | None
    problems: tuple[Problem, ...] = ()
    id: str = ""
    title: str = ""
    game: str = ""
    level: int = 0

    @property
    def ok(self) -> bool:
        return self.lesson is not None and not self.problems

    @property
    def error(self) -> str:
        """Every problem, one line each, as ``DataFileError`` renders them ("" when valid)."""
        return str(LessonError(shown(self.path), self.problems)) if self.problems else ""

    def lines(self) -> list[str]:
        return [problem.render(shown(self.path)) for problem in self.problems]


def shown(path: Path) -> str:
    """A path as a person finds it: relative to the working folder when it lies inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def derived_seed(lesson_id: str, block: int) -> int:
    """The first seed of a generated block without one: fixed by the lesson id and the block's
    place, so every trainee (and every re-run of a test) gets the same rounds, and two lessons
    or two blocks do not share deals."""
    digest = hashlib.sha256(f"{lesson_id}/rounds[{block}]".encode()).digest()
    return int.from_bytes(digest[:4], "big")


# --- targets (dealer_trainer.practice.targets) -------------------------------------------------


def check_target_syntax(
    where: str, targets: Sequence[TargetSpec], seats: Sequence[int] | None
) -> list[Problem]:
    """What can be judged of a block's targets before the generator reads them: each names
    whose hand (a dealt seat when the block fixes its seats) and a hand or cards, and no card is
    wanted twice."""
    problems: list[Problem] = []
    owner: dict[str, int] = {}
    for j, target in enumerate(targets):
        at = f"{where}[{j}]"
        seat = who_seat(target.who)
        if seat is not None and seats is not None and seat not in seats:
            dealt = ", ".join(str(s) for s in seats)
            problems.append(
                Problem(f"{at}.who", f"one of the block's seats ({dealt})", repr(target.who))
            )
        if target.hand is None and target.cards is None:
            problems.append(Problem(at, "a hand or cards for the target to deal"))
        if target.cards is None:
            continue
        for card in parse_cards(target.cards):
            if card.notation in owner:
                problems.append(
                    Problem(
                        f"{at}.cards",
                        f"cards not already wanted by {where}[{owner[card.notation]}]",
                        repr(card.notation),
                    )
                )
            owner.setdefault(card.notation, j)
    return problems


_TARGET_MESSAGE = re.compile(
    r"^targets(?:\[(?P<index>\d+)\])?(?P<field>(?:\.\w+)*): (?P<text>.*)$", re.S
)
_FIELD_MESSAGE = re.compile(r"^(?P<field>who|hand|wager|cards): (?P<text>.*)$", re.S)


def _located(where: str, message: str, targets: Sequence[TargetSpec]) -> Problem:
    """A generator message placed at its field: "targets[2]: wager: ..." becomes
    ``rounds[i].targets[2].wager`` with the value written there; a message about no one
    target stays on the list."""
    match = _TARGET_MESSAGE.match(message)
    if match is None:
        return Problem(where, message)
    index, field_name, text = match.group("index"), match.group("field"), match.group("text")
    if index is None:
        return Problem(where + field_name, text)
    got = None
    named = _FIELD_MESSAGE.match(text)
    if not field_name and named is not None:
        field_name, text = f".{named.group('field')}", named.group("text")
    if field_name and int(index) < len(targets):
        value = targets[int(index)].mapping().get(field_name[1:])
        got = None if value is None else repr(value)
    return Problem(f"{where}[{index}]{field_name}", text, got)


def check_target_feasibility(
    where: str,
    game: str,
    table: TableRef,
    targets: Sequence[TargetSpec],
    seats: Sequence[int] | None,
    seed: int,
) -> list[Problem]:
    """Whether the generator can read and deal the targets, each problem at the target (and
    field) the generator names, or at the list for an impossible combination."""
    problems: list[Problem] = []
    parsed: list[Any] = []
    for j, target in enumerate(targets):
        mapping = target.mapping()
        try:
            parsed.append(generator.parse_target(mapping))
        except ValueError as error:
            match = _FIELD_MESSAGE.match(str(error))
            if match is None:
                problems.append(Problem(f"{where}[{j}]", str(error), _brief(mapping)))
            else:
                name = match.group("field")
                got = repr(mapping[name]) if name in mapping else None
                problems.append(Problem(f"{where}[{j}].{name}", match.group("text"), got))
    if problems:
        return problems
    problems = [
        _located(where, m, targets) for m in generator.check_targets(game, table, parsed, seats)
    ]
    if not problems:
        # Some combinations show only when dealt (a royal flush for the dealer on a board of
        # four queens): deal the block's first round, as the trainee would get it.
        try:
            generator.generate_round(game, table, seed, parsed, seats)
        except ValueError as error:
            problems.append(_located(where, str(error), targets))
    return problems


def _brief(mapping: Mapping[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {v!r}" for k, v in mapping.items()) + " }"


# --- inline tables -----------------------------------------------------------------------------


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, except that TOML wants DEL escaped and
    characters outside the basic plane written as themselves (no surrogate pairs)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = (f"{_toml_string(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def toml_text(data: Mapping[str, Any]) -> str:
    """TOML for what ``tomllib`` read, every nested table written inline (no TOML writer ships
    with Python; the games' table loaders read files only)."""
    return "".join(f"{_toml_string(str(k))} = {_toml_value(v)}\n" for k, v in data.items())


def inline_table(path: Path, data: Mapping[str, Any]) -> TableText:
    """A lesson's inline ``[table]``, held as text in memory and named after the lesson file.
    Relative paths inside an inline table are not supported."""
    return TableText(toml_text(data), f"{path} [table]")


# --- checking ---------------------------------------------------------------------------------


def _nested(field_name: str, error: DataFileError) -> list[Problem]:
    """Another file's problems, reported at the lesson field that names the file."""
    return [
        Problem(field_name, problem.render(shown(Path(error.file)))) for problem in error.problems
    ]


def _is_file(path: Path) -> bool:
    """Whether ``path`` names a file; a name the system refuses (too long) names none."""
    try:
        return path.is_file()
    except OSError:
        return False


def _check_table(
    path: Path, spec: LessonFile, *, engine: bool = True
) -> tuple[TableRef | None, list[Problem]]:
    if isinstance(spec.table, str):
        file = (path.parent / spec.table).resolve()
        if not _is_file(file):
            return None, [
                Problem("table", "a table configuration file that exists", repr(spec.table))
            ]
        table: TableRef = file
        nest = _nested
    else:
        inline = table = inline_table(path, spec.table)

        def nest(field_name: str, error: DataFileError) -> list[Problem]:
            if str(error.file) != inline.name:
                return _nested(field_name, error)
            return [
                Problem(f"table.{p.field}" if p.field else "table", p.expected, p.got)
                for p in error.problems
            ]

    try:
        table_game = table_data(table).get("game")
    except DataFileError as error:
        return None, nest("table", error)
    if table_game != spec.game:
        got = "no game" if table_game is None else f"a table for {table_game!r}"
        return None, [Problem("table", f"a table for {spec.game}", got)]
    if not engine:
        return table, []
    try:
        read_table(table)
    except DataFileError as error:
        return None, nest("table", error)
    return table, []


def _check_scenario(path: Path, where: str, named: str, game: str) -> list[Problem]:
    scenario = (path.parent / named).resolve()
    if not _is_file(scenario):
        return [Problem(where, "a scenario file that exists", repr(named))]
    try:
        scenario_kind = scenario_game(scenario)
    except DataFileError as error:
        return _nested(where, error)
    if scenario_kind != game:
        return [Problem(where, f"a round of {game}", f"a round of {scenario_kind!r}")]
    try:
        load_round(scenario)
    except DataFileError as error:
        return _nested(where, error)
    except ValueError as error:
        return [Problem(where, f"a round the engine can settle: {error}")]
    return []


def _generated_block(lesson_id: str, index: int, spec: RoundSpec) -> GeneratedDeals:
    assert spec.generate is not None
    seed = spec.seed if spec.seed is not None else derived_seed(lesson_id, index)
    seats = tuple(spec.seats) if spec.seats is not None else None
    targets = tuple(t.mapping() for t in spec.targets or ())
    return GeneratedDeals(spec.generate, seed, seats, targets, spec.jackpot_elsewhere)


def _jackpot_problems(where: str, named: str, table: TableRef, dealt_before: bool) -> list[Problem]:
    """A jackpot elsewhere needs a linked meter the lesson's table shares with that table, and
    a round before it for the meter to have been seen."""
    linked = [section.linked for section in link_sections(read_table(table)[1])]
    others = sorted({name for link in linked for name in link.tables})
    if named not in others:
        expected = (
            "a table this lesson's table shares a linked meter with: "
            + ", ".join(map(repr, others))
            if others
            else "a lesson table with a linked meter (its Rules Submission's linked section)"
        )
        return [Problem(where, expected, repr(named))]
    if not dealt_before:
        return [Problem(where, "a block after the lesson's first dealt round", repr(named))]
    return []


def _check_block(
    lesson_id: str,
    index: int,
    spec: RoundSpec,
    game: str,
    table: TableRef | None,
    dealt_before: bool = False,
) -> tuple[GeneratedDeals, list[Problem]]:
    where = f"rounds[{index}]"
    block = _generated_block(lesson_id, index, spec)
    seed, seats = block.seed, block.seats
    targets = tuple(spec.targets or ())
    problems = check_target_syntax(f"{where}.targets", targets, seats)
    if problems or table is None:
        return block, problems
    if block.jackpot_elsewhere is not None:
        where_jackpot = f"{where}.jackpot_elsewhere"
        problems += _jackpot_problems(where_jackpot, block.jackpot_elsewhere, table, dealt_before)
    if targets:
        problems += check_target_feasibility(f"{where}.targets", game, table, targets, seats, seed)
    else:
        try:
            deal_table(table, seed, seats)
        except ValueError as error:
            got = None if seats is None else repr(list(seats))
            problems.append(Problem(f"{where}.seats", f"seats this table deals: {error}", got))
    return block, problems


def _mode_problems(data: Mapping[str, Any]) -> list[Problem]:
    """What each mode needs: a clock for drills and exams, a pass mark for exams, and a number
    of attempts only where there is something to attempt (an exam). Read from the file as
    written, so these are reported even when other fields fail the schema."""
    raw_mode = data.get("mode")
    try:
        mode = LessonMode.from_text(raw_mode) if isinstance(raw_mode, str) else None
    except ValueError:
        mode = None
    if mode is None:
        return []
    problems: list[Problem] = []
    if mode in (LessonMode.TIMED_DRILL, LessonMode.EXAM) and "time_limit_seconds" not in data:
        problems.append(
            Problem("time_limit_seconds", f"required in {mode.value} mode (seconds a round)")
        )
    if mode is LessonMode.EXAM and "pass_mark" not in data:
        problems.append(Problem("pass_mark", "required in exam mode (the percent that passes)"))
    for name in ("attempts", "may_resume"):
        if mode is not LessonMode.EXAM and name in data:
            problems.append(
                Problem(name, f"only in exam mode (this is {mode.value})", repr(data[name]))
            )
    if mode is LessonMode.EXAM and "intro" in data:
        problems.append(
            Problem("intro", "no introduction in an exam: an exam tests what the lessons taught")
        )
    return problems


def _check_intro(
    path: Path, spec: IntroSpec, game: str, table: TableRef | None, *, engine: bool
) -> tuple[LessonIntro, list[Problem]]:
    """The introduction's wager must be one the lesson's table posts a paytable for, and its
    example a deal of the lesson's game with the seat it shows."""
    example = (path.parent / spec.example).resolve() if spec.example is not None else None
    intro = LessonIntro(spec.text, spec.paytable, example, spec.seat)
    if not engine:
        return intro, []
    problems: list[Problem] = []
    if spec.paytable is not None and table is not None:
        problems += paytable_problems(table, spec.paytable)
    if spec.example is not None and example is not None:
        found = _check_scenario(path, "intro.example", spec.example, game)
        problems += found or seat_problems(example, spec.seat)
    return intro, problems


def _scenario_table(scenario: Path) -> Path | None:
    """The table file a fixed deal is played at, as its ``table`` names it."""
    try:
        named = read_toml(scenario).get("table")
    except DataFileError:
        return None
    return (scenario.parent / named).resolve() if isinstance(named, str) else None


TableReader = Callable[[TableRef], tuple[Any, Any]]
"""``read_table``, or a pass's memo of it (``load_lessons``)."""


def _in_force_problems(
    lesson: Lesson, today: date, read: TableReader = read_table
) -> list[Problem]:
    """A lesson teaches what is in force on ``today``: its table, and the table of each of its
    fixed deals, may offer an expired temporary option only under an authority the Rules
    Submission records, unless the lesson is labelled as history."""
    if lesson.historical:
        return []
    tables: dict[TableRef, str] = {lesson.table: "table"}
    for index, block in enumerate(lesson.blocks):
        if isinstance(block, FixedDeal) and block.table is not None and block.table.is_file():
            tables.setdefault(block.table, f"rounds[{index}].scenario")
    problems: list[Problem] = []
    for path, where in tables.items():
        try:
            definition, config = read(path)
        except DataFileError:
            continue
        standing = definition.standing(config, today)
        if not standing.usable:
            expected = (
                f"a table whose options are in force on {long_date(today)}, or a lesson "
                'labelled historical = "why it is kept"'
            )
            problems.append(Problem(where, expected, standing.problem()))
    return problems


def as_of(
    entry: LessonEntry, today: date | None = None, read: TableReader = read_table
) -> LessonEntry:
    """The lesson as the course offers it on ``today`` (by default the real date): a valid
    lesson whose tables offer an expired option, kept under no authority and not labelled as
    history, is listed with that problem. Kept apart from ``check_lesson``, whose verdicts
    ``check_cache`` remembers by file content alone."""
    if entry.lesson is None or entry.problems:
        return entry
    problems = _in_force_problems(entry.lesson, today or date.today(), read)
    if not problems:
        return entry
    return LessonEntry(
        entry.path, None, tuple(problems), entry.id, entry.title, entry.game, entry.level
    )


def _checked(
    path: Path, data: Mapping[str, Any], *, engine: bool
) -> tuple[Lesson | None, list[Problem]]:
    try:
        spec = convert(data, LessonFile)
    except Invalid as error:
        return None, [*error.problems, *_mode_problems(data)]
    problems = _mode_problems(data)
    table, table_problems = _check_table(path, spec, engine=engine)
    problems += table_problems
    blocks: list[RoundBlock] = []
    for index, round_spec in enumerate(spec.rounds):
        if round_spec.form is not None and round_spec.generate is not None:
            seed = round_spec.seed if round_spec.seed is not None else derived_seed(spec.id, index)
            blocks.append(FormExercises(round_spec.form, round_spec.generate, seed))
        elif round_spec.scenario is not None:
            scenario = (path.parent / round_spec.scenario).resolve()
            blocks.append(FixedDeal(scenario, _scenario_table(scenario)))
            if engine:
                where = f"rounds[{index}].scenario"
                problems += _check_scenario(path, where, round_spec.scenario, spec.game)
        elif not engine:
            blocks.append(_generated_block(spec.id, index, round_spec))
        else:
            dealt_before = any(not isinstance(b, FormExercises) for b in blocks)
            block, block_problems = _check_block(
                spec.id, index, round_spec, spec.game, table, dealt_before
            )
            blocks.append(block)
            problems += block_problems
    intro = None
    if spec.intro is not None:
        intro, intro_problems = _check_intro(path, spec.intro, spec.game, table, engine=engine)
        problems += intro_problems
    if problems or table is None:
        return None, problems
    lesson = Lesson(
        path=path,
        id=spec.id,
        title=spec.title,
        description=spec.description,
        game=spec.game,
        level=spec.level,
        mode=spec.mode,
        skills=tuple(spec.skills),
        table=table,
        blocks=tuple(blocks),
        mastery=spec.mastery,
        time_limit_seconds=spec.time_limit_seconds,
        pass_mark=spec.pass_mark,
        attempts=spec.attempts,
        may_resume=bool(spec.may_resume),
        historical=spec.historical or "",
        intro=intro,
    )
    return lesson, []


def _read_field(data: Mapping[str, Any], name: str, kind: type[Any], default: Any) -> Any:
    value = data.get(name, default)
    return value if isinstance(value, kind) and not isinstance(value, bool) else default


def check_lesson(path: Path, *, engine: bool = True) -> LessonEntry:
    """One lesson file, checked; never raises for anything a file can contain. ``engine=False``
    skips the checks that load the table, settle the scenarios and deal the rounds: only for
    a file whose full check found no problem (see ``check_cache``), to rebuild its lesson."""
    path = Path(path)
    try:
        data = read_toml(path)
    except DataFileError as error:
        return LessonEntry(path, None, error.problems, title=path.name)
    try:
        lesson, problems = _checked(path, data, engine=engine)
    except Exception as error:  # an engine or generator bug is reported, not raised
        problems = [
            Problem("", f"a lesson the trainer can check ({type(error).__name__}: {error})")
        ]
        lesson = None
    return LessonEntry(
        path,
        lesson,
        tuple(problems),
        id=_read_field(data, "id", str, ""),
        title=_read_field(data, "title", str, path.name),
        game=_read_field(data, "game", str, ""),
        level=_read_field(data, "level", int, 0),
    )


def load_lesson(path: Path) -> Lesson:
    """A lesson ready to play, or ``LessonError`` listing every problem."""
    entry = check_lesson(path)
    if entry.lesson is None or entry.problems:
        raise LessonError(shown(entry.path), entry.problems)
    return entry.lesson


def lesson_files(folder: Path) -> list[Path]:
    """Every lesson file under ``folder``, skipping the folders of tables and scenarios and
    the course plan (``course.toml`` at the top, see ``curriculum.course``)."""
    return sorted(
        path
        for path in folder.rglob("*.toml")
        if not NOT_LESSONS.intersection(path.relative_to(folder).parts[:-1])
        and path.relative_to(folder).parts != (COURSE_PLAN,)
    )


def _with_unique_ids(entries: list[LessonEntry]) -> list[LessonEntry]:
    by_id: dict[str, list[int]] = {}
    for i, entry in enumerate(entries):
        if entry.id:
            by_id.setdefault(entry.id, []).append(i)
    result = list(entries)
    for lesson_id, indices in by_id.items():
        if len(indices) < 2:
            continue
        for i in indices:
            others = ", ".join(shown(entries[k].path) for k in indices if k != i)
            problem = Problem(
                "id", f"an id no other lesson uses (also in {others})", repr(lesson_id)
            )
            entry = result[i]
            result[i] = LessonEntry(
                entry.path,
                None,
                (*entry.problems, problem),
                entry.id,
                entry.title,
                entry.game,
                entry.level,
            )
    return result


def files_read(path: Path) -> tuple[Path, ...]:
    """The files a check of the lesson at ``path`` reads, besides the trainer's own data: the
    lesson, its table, its scenarios and their tables (what ``check_cache`` fingerprints)."""
    try:
        data = read_toml(path)
    except DataFileError:
        return (path,)
    files = [path]
    table = data.get("table")
    if isinstance(table, str):
        files.append((path.parent / table).resolve())
    rounds = data.get("rounds")
    named = (
        [spec.get("scenario") for spec in rounds if isinstance(spec, dict)]
        if isinstance(rounds, list)
        else []
    )
    intro = data.get("intro")
    if isinstance(intro, dict):
        named.append(intro.get("example"))
    for scenario in named:
        if not isinstance(scenario, str):
            continue
        file = (path.parent / scenario).resolve()
        files.append(file)
        try:
            its_table = read_toml(file).get("table")
        except DataFileError:
            continue
        if isinstance(its_table, str):
            files.append((file.parent / its_table).resolve())
    return tuple(dict.fromkeys(files))


CHECKS = CheckCache(LESSONS)
"""Every lesson checked in this process, and the cache file's verdicts (``check_cache``)."""


def _remembered_check(session: CheckSession, path: Path) -> LessonEntry:
    """``check_lesson(path)``, or the verdict of an earlier check of the same files."""
    entry = session.entry(path)
    if entry is not None:
        return entry
    verdict = session.verdict(path)
    if verdict is not None:
        if verdict.problems:
            entry = LessonEntry(
                path,
                None,
                verdict.problems,
                verdict.id,
                verdict.title,
                verdict.game,
                verdict.level,
            )
        else:
            entry = check_lesson(path, engine=False)
        if entry.problems == verdict.problems:
            session.remember(path, entry, verdict)
            return entry
    entry = check_lesson(path)
    verdict = Verdict(
        files_read(path), entry.problems, entry.id, entry.title, entry.game, entry.level
    )
    session.remember(path, entry, verdict)
    return entry


TABLES_READ: dict[tuple[TableRef, str], tuple[Any, Any]] = {}
"""Tables read for the in-force check, by file and content: the course is listed at every
start-screen refresh, and an unchanged table is not parsed and validated again."""


def _remembered_tables(session: CheckSession) -> TableReader:
    """``read_table`` for one pass, remembered across passes while a table file's content
    (as the pass digests it) is unchanged; a table held in a lesson is its own key."""

    def read(table: TableRef) -> tuple[Any, Any]:
        key = (table, session.digest(table) if isinstance(table, Path) else "")
        found = TABLES_READ.get(key)
        if found is None:
            found = TABLES_READ[key] = read_table(table)
        return found

    return read


def load_lessons(folder: Path = LESSONS, today: date | None = None) -> list[LessonEntry]:
    """Every lesson under ``folder`` in file order, the broken ones with their problems; an id
    used twice breaks both lessons (progress is recorded by id). Nothing a file holds makes
    this raise: the app lists a broken lesson and keeps running. A file checked before, in
    this process or an earlier one, is not checked again unless it or a file it names changed
    (``check_cache``); whether its options are in force is judged afresh on ``today``
    (``as_of``)."""
    session = CHECKS.session()
    read = _remembered_tables(session)
    entries: list[LessonEntry] = []
    for path in lesson_files(folder):
        try:
            entries.append(as_of(_remembered_check(session, path), today, read))
        except Exception as error:  # an engine bug must not take the course down with it
            problem = Problem(
                "", f"a lesson the trainer can check ({type(error).__name__}: {error})"
            )
            entries.append(LessonEntry(path, None, (problem,), title=path.name))
    session.save()
    return _with_unique_ids(entries)


def course_order(entries: Sequence[LessonEntry]) -> list[LessonEntry]:
    """Lessons as a course lists them: by game, then level, then title."""
    return sorted(entries, key=lambda e: (e.game, e.level, e.title.lower(), str(e.path)))


# --- playing ----------------------------------------------------------------------------------


def block_round(
    lesson: Lesson, block: GeneratedDeals, k: int, seed: int | None = None
) -> DealtRound:
    """Round ``k`` of a generated block (dealt with ``block.seed + k``), or a round of the block
    dealt with another ``seed`` (adaptive practice draws fresh rounds from a lesson's blocks)."""
    deal_seed = block.seed + k if seed is None else seed
    if not block.targets:
        return deal_table(lesson.table, deal_seed, block.seats)
    targets = [generator.parse_target(t) for t in block.targets]
    return generator.generate_round(lesson.game, lesson.table, deal_seed, targets, block.seats)


def lesson_rounds(lesson: Lesson) -> Iterator[DealtRound]:
    """The lesson's dealt rounds in file order: each scenario once, each generated block
    ``count`` times (paperwork exercises are not rounds: see ``FormExercises``). Lazy, so a
    40-round exam deals only as far as the trainee gets."""
    for block in lesson.blocks:
        if isinstance(block, FormExercises):
            continue
        if isinstance(block, FixedDeal):
            yield load_round(block.scenario)
        else:
            for k in range(block.count):
                yield block_round(lesson, block, k)
