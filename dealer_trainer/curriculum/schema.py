"""The lesson file as an instructor writes it, validated by pydantic.

This module checks only what a file says on its own (types, spelling, card notation, which
fields go together); whatever needs other files or the engine (the table, scenarios, whether a
target can be dealt) is checked in ``lessons``. The same models produce the JSON Schema shipped
as ``lessons/lesson.schema.json``, so an editor flags the first kind of mistake while the
instructor types.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from dealer_trainer.cards import parse_cards
from dealer_trainer.curriculum.mastery_defaults import (
    MASTERY_ACCURACY,
    MASTERY_OVER_LAST,
    MASTERY_ROUNDS,
)
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.games.registry import GAME_NAMES, is_game
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

STRICT = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
"""Unknown fields are refused: a misspelt ``pass_mrk`` must not silently mean "no pass mark"."""


def _forgiving(cls: type[Vocabulary]) -> Callable[[Any], Any]:
    """Read a vocabulary word the app's forgiving way ("Timed-Drill", "timed_drill"); anything
    else goes on to pydantic, whose refusal lists the canonical words."""

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


ModeField = Annotated[LessonMode, BeforeValidator(_forgiving(LessonMode))]
SkillField = Annotated[Skill, BeforeValidator(_forgiving(Skill))]
TableField = Annotated[
    str | dict[str, Any],
    PlainValidator(_table),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "description": "a table file, relative to the lesson"},
                {"type": "object", "description": "an inline Rules Submission"},
            ],
            "description": "The table configuration (Rules Submission) the rounds are dealt at.",
        }
    ),
]
Percent = Annotated[float, Field(ge=0, le=100, strict=True)]


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


class TargetSpec(BaseModel):
    """A target as written; its meaning and feasibility belong to the scenario generator.

    Extra keys are kept (the generator may understand more than these four) and reported only
    when no generator is installed to judge them.
    """

    model_config = ConfigDict(extra="allow", frozen=True)
    who: str = Field(description='Whose hand: "seat N", "dealer" or "board".')
    wager: str | None = Field(default=None, description='The wager the hand is for, e.g. "Trips".')
    hand: str | None = Field(default=None, description='The hand class, e.g. "Full house".')
    cards: str | None = Field(default=None, description='Exact cards in notation, e.g. "Ah Ad".')

    @field_validator("who", "wager", "hand", "cards", mode="before")
    @classmethod
    def _is_text(cls, value: Any) -> Any:
        return value if value is None else _text(value)

    @field_validator("who")
    @classmethod
    def _who(cls, value: str) -> str:
        seat = who_seat(value)
        if seat is not None and seat < 1:
            raise ValueError("a seat number from 1")
        return value

    @field_validator("cards")
    @classmethod
    def _cards(cls, value: str | None) -> str | None:
        if value is not None:
            parse_cards(value)
        return value

    def mapping(self) -> dict[str, Any]:
        """The target as the generator reads it: the written keys, without the unset ones."""
        data: dict[str, Any] = {k: getattr(self, k) for k in TARGET_FIELDS}
        data.update(self.model_extra or {})
        return {k: v for k, v in data.items() if v is not None}


SEED_MAX = 2**62
"""Every seed of a block (the first plus up to 1,000 rounds) fits the records' 64-bit column."""


class RoundSpec(BaseModel):
    """One ``[[rounds]]`` entry: a fixed deal from a scenario file, or a block of generated
    deals. Fields that belong to the other kind are refused rather than ignored."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={"oneOf": [{"required": ["scenario"]}, {"required": ["generate"]}]},
    )
    scenario: str | None = Field(
        default=None,
        description="A scenario file (docs/scenario-format.md), relative to the lesson.",
    )
    generate: StrictInt | None = Field(default=None, ge=1, le=1000, description="How many rounds.")
    seed: StrictInt | None = Field(
        default=None,
        ge=0,
        le=SEED_MAX,
        description="The first round's shuffle; derived from the lesson id if absent.",
    )
    seats: list[Annotated[StrictInt, Field(ge=1)]] | None = Field(
        default=None, min_length=1, description="The occupied seats (1 = the dealer's far left)."
    )
    targets: list[TargetSpec] | None = Field(
        default=None,
        max_length=MAX_TARGETS,
        description=f"Hands every generated round must deal (at most {MAX_TARGETS}).",
    )
    form: ExerciseField | None = Field(
        default=None,
        description='A paperwork exercise instead of dealt rounds, e.g. form = "Closed Table '
        "form\" with generate = N: N forms about tables of the lesson's game (§ 465a.36(f)).",
    )
    jackpot_elsewhere: str | None = Field(
        default=None,
        min_length=1,
        description="At a table whose meter is linked: another table on the link, as the "
        "table's linked.tables names it, where a jackpot is won just before this block's first "
        "round, so its meter shows the reset (not on the lesson's first dealt block).",
    )

    @field_validator("scenario", mode="before")
    @classmethod
    def _scenario_text(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("seats")
    @classmethod
    def _seats(cls, value: list[int] | None) -> list[int] | None:
        if value is None:
            return value
        if len(set(value)) != len(value):
            raise ValueError("each seat once")
        return value

    @model_validator(mode="after")
    def _one_kind(self) -> RoundSpec:
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
        return self


class Exercise(Vocabulary, noun="a paperwork exercise"):
    """Paperwork a lesson may set between (or instead of) dealt rounds."""

    CLOSED_TABLE_FORM = "Closed Table form"
    """For a table of the lesson's game not opened during the gaming day (§ 465a.36(f))."""


ExerciseField = Annotated[Exercise, BeforeValidator(_forgiving(Exercise))]


class MasteryRule(BaseModel):
    """When a lesson counts as mastered: at least ``rounds`` rounds played, and the mean accuracy
    of the last ``over_last`` rounds at least ``accuracy`` percent."""

    model_config = STRICT
    rounds: StrictInt = Field(default=MASTERY_ROUNDS, ge=1, description="The fewest rounds played.")
    accuracy: Percent = Field(
        default=MASTERY_ACCURACY, description="The mean accuracy (percent) required."
    )
    over_last: StrictInt = Field(
        default=MASTERY_OVER_LAST, ge=1, description="How many recent rounds the mean is over."
    )

    @model_validator(mode="after")
    def _window(self) -> MasteryRule:
        if self.over_last > self.rounds:
            raise ValueError(
                f"over_last ({self.over_last}) at most rounds ({self.rounds}): the mean is "
                "taken over rounds already played"
            )
        return self


INTRO_MAX_CHARS = 1500
"""An introduction is read in a minute before the first round: a longer text is a lesson
description or a handout, not an introduction."""


class IntroSpec(BaseModel):
    """What a lesson teaches before its first round: a short text, the paytable of one wager
    as the lesson's table posts it (drawn from the Rules Submission, never typed in), and an
    example hand whose settlement the engine works out (a scenario file)."""

    model_config = STRICT
    text: str = Field(
        min_length=1,
        max_length=INTRO_MAX_CHARS,
        description=f"What the trainee reads first (at most {INTRO_MAX_CHARS} characters).",
    )
    paytable: str | None = Field(
        default=None,
        min_length=1,
        description='The wager whose posted paytable is shown, e.g. "Blind" or "Ante and Play".',
    )
    example: str | None = Field(
        default=None,
        min_length=1,
        description="An example hand: a scenario file (docs/scenario-format.md), relative to "
        "the lesson; its settlement is worked out by the engine.",
    )
    seat: StrictInt | None = Field(
        default=None,
        ge=1,
        description="Which seat of the example to show (default: its first seat).",
    )

    @field_validator("text", "paytable", "example", mode="before")
    @classmethod
    def _is_text(cls, value: Any) -> Any:
        return value if value is None else _text(value)

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a few sentences for the trainee to read before the first round")
        return value

    @model_validator(mode="after")
    def _seat_needs_example(self) -> IntroSpec:
        if self.seat is not None and self.example is None:
            raise ValueError('seat only with example = "scenario.toml" (the seat shown)')
        return self


class LessonFile(BaseModel):
    """A lesson or exam file. It holds a setup, never an answer: the engine computes every
    payout and step from the table and the cards."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        populate_by_name=True,
        title="Dealer Trainer lesson",
        json_schema_extra={
            "$id": SCHEMA_ID,
            "allOf": [
                {
                    "if": {"properties": {"mode": {"const": "exam"}}, "required": ["mode"]},
                    "then": {
                        "required": ["time_limit_seconds", "pass_mark"],
                        "not": {"required": ["intro"]},
                    },
                    "else": {
                        "not": {"anyOf": [{"required": ["attempts"]}, {"required": ["may_resume"]}]}
                    },
                },
                {
                    "if": {"properties": {"mode": {"const": "timed drill"}}, "required": ["mode"]},
                    "then": {"required": ["time_limit_seconds"]},
                },
            ],
        },
    )
    schema_hint: str | None = Field(
        default=None,
        alias="$schema",
        title="$schema",
        description="Editor hint: the path of lesson.schema.json.",
    )
    id: str = Field(
        description="Unique across the course; lowercase letters, digits, - or _.",
        json_schema_extra={"pattern": SLUG.pattern},
    )
    title: str = Field(min_length=1)
    description: str
    game: str = Field(description="The game, as table files name it.")
    level: StrictInt = Field(ge=0, description="Orders lessons within a game's course.")
    table: TableField
    mode: ModeField
    skills: list[SkillField] = Field(min_length=1)
    time_limit_seconds: (
        Annotated[float, Field(gt=0, le=MAX_ROUND_SECONDS, strict=True, allow_inf_nan=False)] | None
    ) = Field(
        default=None,
        description="Per round, at most a day; required for a timed drill and an exam.",
    )
    pass_mark: Percent | None = Field(
        default=None, description="Percent score to pass; required for an exam."
    )
    attempts: StrictInt | None = Field(
        default=None, ge=1, description="Exam only: attempts allowed."
    )
    may_resume: StrictBool | None = Field(
        default=None,
        description=(
            "Exam only: whether an exam cut short (the app stopped mid-exam) may be resumed "
            "at its next round. By default it may not: it can only be abandoned, and it counts "
            "as one of the attempts."
        ),
    )
    historical: str | None = Field(
        default=None,
        min_length=1,
        description=(
            'Why a lesson on a provision no longer in force is kept, e.g. "ch. 653b expired on '
            'March 23, 2026": the course shows it as history. A lesson whose table offers an '
            "expired option, without an authority recorded in its Rules Submission, must say so."
        ),
    )
    intro: IntroSpec | None = Field(
        default=None,
        description=(
            "What the lesson teaches before its first round (docs/lesson-format.md, "
            "Introductions); not in an exam."
        ),
    )
    mastery: MasteryRule = Field(default_factory=MasteryRule)
    rounds: list[RoundSpec] = Field(
        min_length=1, max_length=MAX_BLOCKS, description=f"At most {MAX_BLOCKS} entries."
    )

    @field_validator("id", "title", "description", "game", mode="before")
    @classmethod
    def _is_text(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not SLUG.match(value):
            raise ValueError(
                "a slug: lowercase letters and digits joined by - or _, e.g. 'uth-first-settlement'"
            )
        return value

    @field_validator("game")
    @classmethod
    def _game(cls, value: str) -> str:
        if not is_game(value):
            raise ValueError("one of " + ", ".join(repr(game) for game in sorted(GAME_NAMES)))
        return value

    @field_validator("skills")
    @classmethod
    def _distinct(cls, value: list[Skill]) -> list[Skill]:
        seen: set[Skill] = set()
        for skill in value:
            if skill in seen:
                raise ValueError(f"each skill once ({skill.value!r} is listed twice)")
            seen.add(skill)
        return value


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
    return result


def lesson_json_schema() -> dict[str, Any]:
    """The JSON Schema of a lesson file, as shipped in ``lessons/lesson.schema.json``."""
    schema = LessonFile.model_json_schema(by_alias=True)
    result: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **_tidy(schema),
    }
    return result
