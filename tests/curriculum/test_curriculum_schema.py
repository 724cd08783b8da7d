"""The published JSON Schema: shipped, never stale, and in step with the vocabularies."""

from __future__ import annotations

import json

import pytest

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import SCHEMA_FILE
from dealer_trainer.curriculum.schema import LessonMode, RoundSpec, lesson_json_schema
from dealer_trainer.curriculum.skills import Skill
from dealer_trainer.rules.datafile import convert


def test_the_shipped_schema_is_a_fresh_generation() -> None:
    """If this fails, regenerate:
    dealer-trainer lessons schema > dealer_trainer/lessons/lesson.schema.json"""
    shipped = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert shipped == lesson_json_schema()


def test_the_schema_command_prints_the_shipped_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "schema"]) == 0
    assert capsys.readouterr().out == SCHEMA_FILE.read_text(encoding="utf-8")


def test_the_schema_names_every_skill_and_mode() -> None:
    schema = lesson_json_schema()
    assert schema["$defs"]["Skill"]["enum"] == [s.value for s in Skill]
    assert schema["$defs"]["LessonMode"]["enum"] == [m.value for m in LessonMode]
    assert schema["additionalProperties"] is False
    assert {
        "id",
        "title",
        "description",
        "game",
        "level",
        "table",
        "mode",
        "skills",
        "rounds",
    } == set(schema["required"])


def test_toml_has_no_null_so_the_schema_has_none() -> None:
    assert "null" not in json.dumps(lesson_json_schema())


def test_the_schema_tells_an_editor_what_exams_need() -> None:
    exam, drill = lesson_json_schema()["allOf"]
    assert exam["if"]["properties"]["mode"]["const"] == LessonMode.EXAM.value
    assert exam["then"]["required"] == ["time_limit_seconds", "pass_mark"]
    assert drill["then"]["required"] == ["time_limit_seconds"]


def test_a_target_keeps_every_key_written_for_the_generator_to_judge() -> None:
    written = {"who": "seat 2", "extra": 1, "hand": "Flush", "qualifies": False}
    block = convert({"generate": 1, "targets": [written]}, RoundSpec)
    assert block.targets is not None
    assert block.targets[0].mapping() == {
        "who": "seat 2",
        "hand": "Flush",
        "extra": 1,
        "qualifies": False,
    }
    target = lesson_json_schema()["$defs"]["TargetSpec"]
    assert target["additionalProperties"] is True
    assert set(target["properties"]) == {"who", "wager", "hand", "cards"}
