"""What the records key an attempt by: the modes and lesson ids that are not a lesson file's,
and the seeds the records can hold.

Apart from ``records`` so a screen can name them without loading the curriculum (lessons,
their checks, the scheduler, the signing keys): the ``practice`` command's table is on screen
before any of that is needed.
"""

from __future__ import annotations

from pathlib import PurePath

EXAM = "exam"
MISTAKES = "my mistakes"
"""The mode of an attempt of "my mistakes": one round from one lesson's generated block."""
TABLE_PREFIX = "table:"
"""Lesson ids of practice at a table from the picker (``table:uth_plain``)."""
SCENARIO_PREFIX = "scenario:"
"""Lesson ids of one fixed scenario opened from the File menu."""


def table_lesson_id(table_file: str) -> str:
    return TABLE_PREFIX + PurePath(table_file).stem


def scenario_lesson_id(scenario_file: str) -> str:
    return SCENARIO_PREFIX + PurePath(scenario_file).stem


SEED_BITS = 63
"""Seeds the app records fit a signed 64-bit column: the store's ``seed`` is BIGINT on
PostgreSQL since revision 3 (and SQLite's INTEGER is eight bytes, signed). ``cards.new_seed``
draws 64 bits, one more than either holds, so rounds that are recorded are dealt with
``recordable_seed``."""


def recordable_seed() -> int:
    """A fresh, unpredictable seed that the records can hold."""
    import secrets  # hmac and hashlib with it: no part of a seeded start

    return secrets.randbits(SEED_BITS)
