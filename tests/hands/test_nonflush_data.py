"""The shipped non-flush tables are exactly what the evaluator would build itself."""

from __future__ import annotations

from pathlib import Path

from dealer_trainer.hands import nonflush_data
from dealer_trainer.hands.five_card import _build_nonflush


def test_the_shipped_tables_equal_a_fresh_build() -> None:
    for size in nonflush_data.SIZES:
        shipped = nonflush_data.load(size)
        assert shipped is not None, "run python -m dealer_trainer.hands.nonflush_data"
        assert shipped == _build_nonflush(size)


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    for written in nonflush_data.write(tmp_path):
        assert written.read_bytes() == (nonflush_data.DATA / written.name).read_bytes()


def test_a_damaged_file_is_rebuilt_not_trusted(tmp_path: Path) -> None:
    nonflush_data.path(7, tmp_path).write_bytes(b"not a table")
    assert nonflush_data.load(7, tmp_path) is None
    assert nonflush_data.load(5, tmp_path) is None
