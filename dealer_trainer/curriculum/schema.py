"""The lesson file as an instructor writes it: the records ``rules.datafile`` converts it to.

This module checks only what a file says on its own (types, spelling, card notation, which
fields go together); whatever needs other files or the engine (the table, scenarios, whether a
target can be dealt) is checked in ``lessons``. The same records produce the JSON Schema shipped
as ``lessons/lesson.schema.json``, so an editor flags the first kind of mistake while the
instructor types.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from dealer_trainer.cards import parse_cards
from dealer_trainer.curriculum.mastery_defaults import (
    MASTERY_ACCURACY,
    MASTERY_OVER_LAST,
    MASTERY_ROUNDS,
)
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.games.registry import GAME_NAMES, is_game
from dealer_trainer.rules.datafile import After, Before, Parse, Record
from dealer_trainer.vocabulary import Vocabulary, normalise

SCHEMA_ID = "https://dealer-trainer.invalid/lesson.schema.json"
"""The schema's ``$id``: a name, not a download location (the file ships in ``lessons/``)."""


class LessonMode(Vocabulary, noun="a lesson mode"):
    """How a lesson is run. Modes change what the trainee sees and when, never what is correct:
    every mode uses the same grader."""

    LEARN = "learn"
    """The next step is shown on request; mistakes are explained at once."""
    PRACTICE = "practice"
    """No hints; each mistake is refused and explained at once."""
    TIMED_DRILL = "timed drill"
    """Practice against the clock: each round has a time limit."""
    EXAM = "exam"
    """Nothing is said until the end; a pass mark and a time limit decide the result."""

    @property
    def hints(self) -> bool:
        return self is LessonMode.LEARN

    @property
    def feedback_at_end(self) -> bool:
        return self is LessonMode.EXAM


SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
WHO = re.compile(r"^(?:(?:seat ?)?(?P<seat>\d+)|(?:the )?dealer|(?:the )?board|community cards)$")
WHO_EXPECTED = '"seat N", "dealer" or "board"'
TARGET_FIELDS = ("who", "wager", "hand", "cards")
"""The target fields this module knows; ``dealer_trainer.practice.targets`` owns their
meaning and may accept more."""


def _forgiving(cls: type[Vocabulary]) -> Callable[[Any], Any]:
    """Read a vocabulary word the app's forgiving way ("Timed-Drill", "timed_drill"); anything
    else goes on to the conversion, whose refusal lists the canonical words."""

    def parse(value: Any) -> Any:
        if isinstance(value, str):
            try:
                return cls.from_text(value)
            except ValueError:
                return value
        return value

    return parse


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"text in quotes, not {type(value).__name__}")
    return value


def _maybe_text(value: Any) -> Any:
    return value if value is None else _text(value)


def _table(value: Any) -> str | dict[str, Any]:
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("a table configuration file, e.g. '../tables/uth_plain.toml'")
        return value
    if isinstance(value, dict):
        return value
    raise ValueError(
        "a table configuration file (e.g. table = '../tables/uth_plain.toml') "
        "or an inline [table] with a Rules Submission's keys"
    )


class Exercise(Vocabulary, noun="a paperwork exercise"):
    """Paperwork a lesson may set between (or instead of) dealt rounds."""

    CLOSED_TABLE_FORM = "Closed Table form"
    """For a table of the lesson's game not opened during the gaming day (§ 465a.36(f))."""


ModeField = Annotated[LessonMode, Before(_forgiving(LessonMode))]
SkillField = Annotated[Skill, Before(_forgiving(Skill))]
ExerciseField = Annotated[Exercise, Before(_forgiving(Exercise))]
TableField = Annotated[
    Annotated[str, Meta(description="a table file, relative to the lesson")]
    | Annotated[dict[str, Any], Meta(description="an inline Rules Submission")],
    Meta(description="The table configuration (Rules Submission) the rounds are dealt at."),
    Parse(_table),
]
Percent = Annotated[float, Meta(ge=0, le=100)]
NonEmpty = Annotated[str, Meta(min_length=1)]


MAX_TARGETS = 32
"""Targets in one block: a full table is seven seats, the dealer and the board, each with a
few wagers, so a longer list is a mistake; checking one is quadratic in its length."""

MAX_BLOCKS = 100
"""``[[rounds]]`` entries in one lesson: a 40-round exam needs one."""

MAX_ROUND_SECONDS = 86_400.0
"""No round's clock runs longer than a day (the exam timer counts milliseconds in a 32-bit
integer, which a far longer limit would overflow)."""


def who_seat(who: str) -> int | None:
    """The seat a target's ``who`` names, or ``None`` for the dealer or the board."""
    match = WHO.match(normalise(who))
    if match is None:
        raise ValueError(WHO_EXPECTED)
    seat = match.group("seat")
    return None if seat is None else int(seat)


def _who(value: str) -> str:
    seat = who_seat(value)
    if seat is not None and seat < 1:
        raise ValueError("a seat number from 1")
    return value


def _cards(value: str | None) -> str | None:
    if value is not None:
        parse_cards(value)
    return value


def _gathered(value: Any) -> Any:
    """A target as written, its keys beyond ``TARGET_FIELDS`` gathered under ``extra``."""
    if not isinstance(value, dict):
        return value
    known = {key: item for key, item in value.items() if key in TARGET_FIELDS}
    extra = {key: item for key, item in value.items() if key not in TARGET_FIELDS}
    return {**known, "extra": extra}


class TargetSpec(Record, frozen=True, kw_only=True):
    """A target as written; its meaning and feasibility belong to the scenario generator.

    Extra keys are kept (the generator may understand more than these four) and reported only
    when no generator is installed to judge them.
    """

    who: Annotated[
        str,
        Meta(description='Whose hand: "seat N", "dealer" or "board".'),
        Before(_text),
        After(_who),
    ]
    wager: Annotated[
        str | None,
        Meta(description='The wager the hand is for, e.g. "Trips".'),
        Before(_maybe_text),
    ] = None
    hand: Annotated[
        str | None, Meta(description='The hand class, e.g. "Full house".'), Before(_maybe_text)
    ] = None
    cards: Annotated[
        str | None,
        Meta(description='Exact cards in notation, e.g. "Ah Ad".'),
        Before(_maybe_text),
        After(_cards),
    ] = None
    extra: dict[str, Any] = msgspec.field(default_factory=dict)
    """The other keys written (gathered by ``_gathered``), for the generator to judge."""

    def mapping(self) -> dict[str, Any]:
        """The target as the generator reads it: the written keys, without the unset ones."""
        data: dict[str, Any] = {k: getattr(self, k) for k in TARGET_FIELDS}
        data.update(self.extra)
        return {k: v for k, v in data.items() if v is not None}


SEED_MAX = 2**62
"""Every seed of a block (the first plus up to 1,000 rounds) fits the records' 64-bit column."""


def _distinct_seats(value: tuple[int, ...]) -> tuple[int, ...]:
    if len(set(value)) != len(value):
        raise ValueError("each seat once")
    return value


class RoundSpec(Record, frozen=True):
    """One ``[[rounds]]`` entry: a fixed deal from a scenario file, or a block of generated
    deals. Fields that belong to the other kind are refused rather than ignored."""

    scenario: Annotated[
        str | None,
        Meta(description="A scenario file (docs/scenario-format.md), relative to the lesson."),
        Before(_text),
    ] = None
    generate: Annotated[
        Annotated[int, Meta(ge=1, le=1000)] | None, Meta(description="How many rounds.")
    ] = None
    seed: Annotated[
        Annotated[int, Meta(ge=0, le=SEED_MAX)] | None,
        Meta(description="The first round's shuffle; derived from the lesson id if absent."),
    ] = None
    seats: Annotated[
        Annotated[
            tuple[Annotated[int, Meta(ge=1)], ...], Meta(min_length=1), After(_distinct_seats)
        ]
        | None,
        Meta(description="The occupied seats (1 = the dealer's far left)."),
    ] = None
    targets: Annotated[
        Annotated[
            tuple[Annotated[TargetSpec, Before(_gathered)], ...], Meta(max_length=MAX_TARGETS)
        ]
        | None,
        Meta(description=f"Hands every generated round must deal (at most {MAX_TARGETS})."),
    ] = None
    form: Annotated[
        ExerciseField | None,
        Meta(
            description='A paperwork exercise instead of dealt rounds, e.g. form = "Closed '
            "Table form\" with generate = N: N forms about tables of the lesson's game "
            "(§ 465a.36(f))."
        ),
    ] = None
    jackpot_elsewhere: Annotated[
        NonEmpty | None,
        Meta(
            description="At a table whose meter is linked: another table on the link, as the "
            "table's linked.tables names it, where a jackpot is won just before this block's "
            "first round, so its meter shows the reset (not on the lesson's first dealt block)."
        ),
    ] = None

    def __post_init__(self) -> None:
        if self.form is not None:
            dealt = [
                name
                for name in ("seats", "targets", "jackpot_elsewhere")
                if getattr(self, name) is not None
            ]
            if self.generate is None or dealt:
                raise ValueError(
                    f'form = "{self.form.value}" takes generate = N (how many forms) and '
                    "optionally a seed; no scenario, seats or targets"
                )
        if (self.scenario is None) == (self.generate is None):
            raise ValueError(
                'either scenario = "file.toml" (a fixed deal) or generate = N (N dealt rounds)'
            )
        if self.scenario is not None:
            extra = [
                name
                for name in ("seed", "seats", "targets", "form", "jackpot_elsewhere")
                if getattr(self, name) is not None
            ]
            if extra:
                raise ValueError(
                    f"{', '.join(extra)} only with generate = N: a scenario fixes the deal"
                )


class MasteryRule(Record, frozen=True):
    """When a lesson counts as mastered: at least ``rounds`` rounds played, and the mean accuracy
    of the last ``over_last`` rounds at least ``accuracy`` percent."""

    rounds: Annotated[int, Meta(ge=1, description="The fewest rounds played.")] = MASTERY_ROUNDS
    accuracy: Annotated[
        float, Meta(ge=0, le=100, description="The mean accuracy (percent) required.")
    ] = MASTERY_ACCURACY
    over_last: Annotated[
        int, Meta(ge=1, description="How many recent rounds the mean is over.")
    ] = MASTERY_OVER_LAST

    def __post_init__(self) -> None:
        if self.over_last > self.rounds:
            raise ValueError(
                f"over_last ({self.over_last}) at most rounds ({self.rounds}): the mean is "
                "taken over rounds already played"
            )


INTRO_MAX_CHARS = 1500
"""An introduction is read in a minute before the first round: a longer text is a lesson
description or a handout, not an introduction."""

_INTRO_TEXT = Meta(
    min_length=1,
    max_length=INTRO_MAX_CHARS,
    description=f"What the trainee reads first (at most {INTRO_MAX_CHARS} characters).",
)


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("a few sentences for the trainee to read before the first round")
    return value


class IntroSpec(Record, frozen=True, kw_only=True):
    """What a lesson teaches before its first round: a short text, the paytable of one wager
    as the lesson's table posts it (drawn from the Rules Submission, never typed in), and an
    example hand whose settlement the engine works out (a scenario file)."""

    text: Annotated[str, _INTRO_TEXT, Before(_text), After(_not_blank)]
    paytable: Annotated[
        NonEmpty | None,
        Meta(
            description='The wager whose posted paytable is shown, e.g. "Blind" or "Ante and Play".'
        ),
        Before(_maybe_text),
    ] = None
    example: Annotated[
        NonEmpty | None,
        Meta(
            description="An example hand: a scenario file (docs/scenario-format.md), relative "
            "to the lesson; its settlement is worked out by the engine."
        ),
        Before(_maybe_text),
    ] = None
    seat: Annotated[
        Annotated[int, Meta(ge=1)] | None,
        Meta(description="Which seat of the example to show (default: its first seat)."),
    ] = None

    def __post_init__(self) -> None:
        if self.seat is not None and self.example is None:
            raise ValueError('seat only with example = "scenario.toml" (the seat shown)')


def _slug(value: str) -> str:
    if not SLUG.match(value):
        raise ValueError(
            "a slug: lowercase letters and digits joined by - or _, e.g. 'uth-first-settlement'"
        )
    return value


def _game(value: str) -> str:
    if not is_game(value):
        raise ValueError("one of " + ", ".join(repr(game) for game in sorted(GAME_NAMES)))
    return value


def _distinct(value: tuple[Skill, ...]) -> tuple[Skill, ...]:
    seen: set[Skill] = set()
    for skill in value:
        if skill in seen:
            raise ValueError(f"each skill once ({skill.value!r} is listed twice)")
        seen.add(skill)
    return value


_TITLE = Meta(min_length=1)


class LessonFile(Record, frozen=True, kw_only=True):
    """A lesson or exam file. It holds a setup, never an answer: the engine computes every
    payout and step from the table and the cards."""

    schema_hint: Annotated[
        str | None,
        Meta(title="$schema", description="Editor hint: the path of lesson.schema.json."),
    ] = msgspec.field(default=None, name="$schema")
    id: Annotated[
        str,
        Meta(
            description="Unique across the course; lowercase letters, digits, - or _.",
            extra_json_schema={"pattern": SLUG.pattern},
        ),
        Before(_text),
        After(_slug),
    ]
    title: Annotated[str, _TITLE, Before(_text)]
    description: Annotated[str, Before(_text)]
    game: Annotated[
        str, Meta(description="The game, as table files name it."), Before(_text), After(_game)
    ]
    level: Annotated[int, Meta(ge=0, description="Orders lessons within a game's course.")]
    table: TableField
    mode: ModeField
    skills: Annotated[tuple[SkillField, ...], Meta(min_length=1), After(_distinct)]
    time_limit_seconds: Annotated[
        Annotated[float, Meta(gt=0, le=MAX_ROUND_SECONDS)] | None,
        Meta(description="Per round, at most a day; required for a timed drill and an exam."),
    ] = None
    pass_mark: Annotated[
        Percent | None, Meta(description="Percent score to pass; required for an exam.")
    ] = None
    attempts: Annotated[
        Annotated[int, Meta(ge=1)] | None, Meta(description="Exam only: attempts allowed.")
    ] = None
    may_resume: Annotated[
        bool | None,
        Meta(
            description="Exam only: whether an exam cut short (the app stopped mid-exam) may be "
            "resumed at its next round. By default it may not: it can only be abandoned, and it "
            "counts as one of the attempts."
        ),
    ] = None
    historical: Annotated[
        NonEmpty | None,
        Meta(
            description='Why a lesson on a provision no longer in force is kept, e.g. "ch. 653b '
            'expired on March 23, 2026": the course shows it as history. A lesson whose table '
            "offers an expired option, without an authority recorded in its Rules Submission, "
            "must say so."
        ),
    ] = None
    intro: Annotated[
        IntroSpec | None,
        Meta(
            description="What the lesson teaches before its first round (docs/lesson-format.md, "
            "Introductions); not in an exam."
        ),
    ] = None
    mastery: MasteryRule = msgspec.field(default_factory=MasteryRule)
    rounds: Annotated[
        tuple[RoundSpec, ...],
        Meta(min_length=1, max_length=MAX_BLOCKS, description=f"At most {MAX_BLOCKS} entries."),
    ]


_MODE_RULES: list[dict[str, Any]] = [
    {
        "if": {"properties": {"mode": {"const": "exam"}}, "required": ["mode"]},
        "then": {"required": ["time_limit_seconds", "pass_mark"], "not": {"required": ["intro"]}},
        "else": {"not": {"anyOf": [{"required": ["attempts"]}, {"required": ["may_resume"]}]}},
    },
    {
        "if": {"properties": {"mode": {"const": "timed drill"}}, "required": ["mode"]},
        "then": {"required": ["time_limit_seconds"]},
    },
]
"""What each mode needs, for an editor (``lessons`` checks the same from the file as written)."""


def _tidy(node: Any) -> Any:
    """TOML has no null: an optional field is simply left out, so ``anyOf [X, null]`` is X."""
    if isinstance(node, list):
        return [_tidy(item) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _tidy(value) for key, value in node.items()}
    if isinstance(result.get("description"), str):
        # Docstrings become hover text in an editor: one paragraph, no reStructuredText.
        result["description"] = " ".join(result["description"].replace("``", "'").split())
    options = result.get("anyOf")
    if isinstance(options, list):
        kept = [option for option in options if option != {"type": "null"}]
        if len(kept) == 1:
            del result["anyOf"]
            result = {**kept[0], **result}
        else:
            result["anyOf"] = kept
        if result.get("default", 0) is None:
            del result["default"]
    if isinstance(result.get("enum"), list) and all(isinstance(v, str) for v in result["enum"]):
        result["type"] = "string"
    if result.get("required") == []:
        del result["required"]
    return result


def lesson_json_schema() -> dict[str, Any]:
    """The JSON Schema of a lesson file, as shipped in ``lessons/lesson.schema.json``."""
    generated = msgspec.json.schema(LessonFile)
    definitions: dict[str, Any] = generated["$defs"]
    lesson = definitions.pop("LessonFile")
    target = definitions["TargetSpec"]
    del target["properties"]["extra"]
    target["additionalProperties"] = True
    definitions["RoundSpec"]["oneOf"] = [{"required": ["scenario"]}, {"required": ["generate"]}]
    for words in (Exercise, LessonMode, Skill):
        # msgspec sorts an enumeration's values; an author reads them in the order they teach.
        definitions[words.__name__]["enum"] = [member.value for member in words]
    schema = {
        **lesson,
        "$id": SCHEMA_ID,
        "title": "Dealer Trainer lesson",
        "allOf": _MODE_RULES,
        "$defs": dict(sorted(definitions.items())),
    }
    result: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **_tidy(schema),
    }
    return result
