"""An optional bonus wager whose paytable rows the Rules Submission states.

Where the regulation text read prints no rows for a bonus (a Three Card Bonus, a Five Card
Bonus), each Rules Submission states its own under a letter ("P" by default) with their odds
"X to 1" beside the stake, and may cite where it found them. The same section shape and the
same checks serve every such bonus.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Annotated, TypeVar

from msgspec import Meta

from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import (
    CHIP_ODDS,
    CitationField,
    Letter,
    PaytableFormat,
    RowSpec,
    WagerLimits,
    chip_odds_rule,
    limit_problems,
)
from dealer_trainer.vocabulary import Vocabulary

P = TypeVar("P", bound=Vocabulary)
H = TypeVar("H", bound=Hashable)
S = TypeVar("S", bound=Vocabulary)


class StatedBonusSpec(WagerLimits, frozen=True, kw_only=True):
    """A bonus wager's limits and the rows the Rules Submission states."""

    paytable: Letter = "P"
    rows: Annotated[list[RowSpec], Meta(min_length=1)]
    citation: CitationField | None = None


def stated_bonus_problems(
    form: PaytableFormat[P, H, S], table: P, spec: StatedBonusSpec, field: str
) -> list[Problem]:
    """The section's limits that make no sense together, and every row that does not read as
    a row of ``table`` paid "X to 1"."""
    problems = limit_problems(field, spec)
    _, found = form.resolve_rows(
        table,
        spec.rows,
        form.stated_citation(""),
        f"{field}.",
        kinds=CHIP_ODDS,
        kinds_rule=chip_odds_rule(table),
    )
    return problems + found


__all__ = ["StatedBonusSpec", "stated_bonus_problems"]
