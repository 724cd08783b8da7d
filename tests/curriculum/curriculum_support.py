"""Shared helpers for the curriculum tests: lesson files on disk and a perfect trainee."""

from __future__ import annotations

from pathlib import Path

from golden_support import perfect_log

from dealer_trainer.engine.grader import Grade, grade_log
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.resources import shipped_tables

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
TABLES = shipped_tables()
UTH_PLAIN = (TABLES / "uth_plain.toml").as_posix()
GOLDEN = ROOT / "tests" / "golden"

VALID = f"""\
id = "valid-lesson"
title = "A valid lesson"
description = "Two seats at the plain table."
game = "Ultimate Texas Hold 'Em"
level = 1
table = "{UTH_PLAIN}"
mode = "practice"
skills = ["base payout", "paytable reading"]

[[rounds]]
generate = 2
seats = [2, 5]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def replaced(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def perfect_grade(round_: DealtRound) -> Grade:
    """A trainee who does every step of the procedure, in its canonical order, exactly."""
    return grade_log(
        round_.procedure,
        perfect_log(list(round_.procedure)),
        not_called_for=round_.not_called_for,
        hand_matcher=round_.hand_matcher,
    )
