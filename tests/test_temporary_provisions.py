"""Temporary provisions know their dates, judged on a fixed day (never the real date).

Ch. 653b is temporary. Its Source notes: § 653b.1 (Must-Hit-By) effective September 4, 2021,
expires September 4, 2024; §§ 653b.2-653b.5 (Trips E, Bad Beat C, Play the Board, Ultimate
Pairs) effective March 23, 2024, expire March 23, 2026. A table keeps an expired option only
under an authority its Rules Submission records; the course keeps a lesson on one only as
labelled history.
"""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from dealer_trainer.cli import main
from dealer_trainer.curriculum.lessons import as_of, check_lesson, load_lessons
from dealer_trainer.practice.rounds import practice_tables, read_table
from dealer_trainer.resources import shipped_lessons, shipped_tables
from dealer_trainer.rules.temporary import TemporaryOption

TABLES = shipped_tables()
ALL_653B = TABLES / "uth_all_653b_options.toml"
BEFORE = date(2024, 1, 1)
BETWEEN = date(2025, 1, 1)
AFTER = date(2026, 12, 1)


def _options(path: Path = ALL_653B) -> dict[str, TemporaryOption]:
    definition, config = read_table(path)
    return {option.name: option for option in definition.temporary_options(config)}


def test_each_option_carries_the_dates_of_its_source_note() -> None:
    options = _options()
    assert set(options) == {
        "Trips Paytable E",
        "Bad Beat bonus Paytable C",
        "Play the Board Paytable A",
        "Ultimate Pairs Paytable F",
        "Must-Hit-By Paytable D—$1 Configuration",
    }
    mhb = options.pop("Must-Hit-By Paytable D—$1 Configuration")
    assert (mhb.effective, mhb.expires) == (date(2021, 9, 4), date(2024, 9, 4))
    for option in options.values():
        assert (option.effective, option.expires) == (date(2024, 3, 23), date(2026, 3, 23))
    assert _options(TABLES / "uth_plain.toml") == {}


@pytest.mark.parametrize(
    ("on", "expired"),
    [
        (BEFORE, 0),
        (date(2024, 9, 3), 0),
        (date(2024, 9, 4), 1),
        (BETWEEN, 1),
        (date(2026, 3, 22), 1),
        (date(2026, 3, 23), 5),
        (AFTER, 5),
    ],
)
def test_an_option_expires_on_the_day_its_source_note_names(on: date, expired: int) -> None:
    definition, config = read_table(ALL_653B)
    standing = definition.standing(config, on)
    assert len(standing.expired) == expired
    assert standing.usable is (expired == 0)
    assert len(config.expired_options(on)) == expired


def _kept(tmp_path: Path) -> Path:
    kept = tmp_path / "kept.toml"
    text = ALL_653B.read_text(encoding="utf-8")
    kept.write_text(
        text.replace(
            'description = "', 'in_force_under = "Board order 2026-17 (waiver)"\ndescription = "', 1
        ),
        encoding="utf-8",
    )
    return kept


def test_a_table_keeps_an_expired_option_only_under_a_recorded_authority(tmp_path: Path) -> None:
    definition, config = read_table(_kept(tmp_path))
    standing = definition.standing(config, AFTER)
    assert len(standing.expired) == 5 and standing.usable and standing.problem() == ""
    assert "  Kept in force under: Board order 2026-17 (waiver)" in standing.lines()
    bare = read_table(ALL_653B)
    assert "in_force_under" in bare[0].standing(bare[1], AFTER).problem()


def test_the_table_report_marks_what_has_expired(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", str(ALL_653B), "--today", AFTER.isoformat()]) == 0
    out = capsys.readouterr().out
    assert "Temporary provisions (as of December 1, 2026):" in out
    assert (
        "  Trips Paytable E (§ 653b.2(b)): temporary, in force from March 23, 2024 to March 23, "
        "2026, EXPIRED" in out
    )
    assert "no authority under which they remain in force" in out
    assert main(["table", str(ALL_653B), "--today", BEFORE.isoformat()]) == 0
    out = capsys.readouterr().out
    assert "in force from March 23, 2024 until March 23, 2026" in out and "EXPIRED" not in out
    assert main(["table", str(TABLES / "uth_plain.toml"), "--today", AFTER.isoformat()]) == 0
    assert "Temporary provisions" not in capsys.readouterr().out


def test_the_picker_marks_a_table_with_an_expired_option(tmp_path: Path) -> None:
    def listed(on: date, folder: Path = TABLES) -> dict[str, object]:
        return {t.path.name: t for t in practice_tables(folder, on)}

    after = listed(AFTER)
    table = after["uth_all_653b_options.toml"]
    assert not table.offered and "Trips Paytable E" in table.expired  # type: ignore[attr-defined]
    refused = {name for name, t in after.items() if not t.offered}  # type: ignore[attr-defined]
    assert refused == {"uth_all_653b_options.toml", "uth_red_aces_half_dollar.toml"}
    assert listed(BEFORE)["uth_all_653b_options.toml"].offered  # type: ignore[attr-defined]
    folder = tmp_path / "tables"
    folder.mkdir()
    shutil.copy(_kept(tmp_path), folder / "kept.toml")
    kept = listed(AFTER, folder)["kept.toml"]
    assert kept.offered and "Board order 2026-17" in kept.kept  # type: ignore[attr-defined]


def test_the_course_teaches_what_is_in_force_and_labels_history() -> None:
    entries = load_lessons(shipped_lessons(), AFTER)
    assert all(entry.ok for entry in entries), [e.error for e in entries if not e.ok]
    historical = {e.id for e in entries if e.lesson is not None and e.lesson.historical}
    assert historical == {"uth-side-wagers-653b", "uth-must-hit-by"}
    for entry in entries:
        assert entry.lesson is not None
        if entry.lesson.historical:
            assert entry.title.startswith("History:")
            continue
        definition, config = read_table(entry.lesson.table)
        assert definition.standing(config, AFTER).expired == (), entry.id


def test_lessons_check_refuses_an_unlabelled_lesson_on_an_expired_option(tmp_path: Path) -> None:
    course = tmp_path / "lessons"
    shutil.copytree(shipped_lessons(), course)
    lesson = course / "uth" / "08_must_hit_by.toml"
    text = lesson.read_text(encoding="utf-8")
    unlabelled = [line for line in text.splitlines() if not line.startswith("historical =")]
    lesson.write_text("\n".join(unlabelled) + "\n", encoding="utf-8")
    assert as_of(check_lesson(lesson), BEFORE).ok
    entry = as_of(check_lesson(lesson), BETWEEN)
    assert not entry.ok
    assert any("in force on January 1, 2025" in line for line in entry.lines())
    assert any("Must-Hit-By Paytable D" in line for line in entry.lines())
    assert main(["lessons", "check", str(lesson), "--today", BETWEEN.isoformat()]) == 1
