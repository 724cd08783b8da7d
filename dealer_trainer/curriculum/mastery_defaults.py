"""The course's default mastery rule (``schema.MasteryRule``), in plain numbers.

Apart from ``schema`` so a practice table can show its score against the default mastery mark
without loading the lesson schema.
"""

from __future__ import annotations

MASTERY_ROUNDS = 20
"""The fewest rounds played before a lesson counts as mastered."""
MASTERY_ACCURACY = 95
"""The mean accuracy (percent) required."""
MASTERY_OVER_LAST = 10
"""How many recent rounds the mean is over."""
