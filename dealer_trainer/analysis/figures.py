"""One wager's figures: each row's probability, the return and house edge per unit wagered,
and for a progressive the return as a function of the meter and the break-even meter.

A game describes a wager settled on one hand's cards alone as a ``HandWager`` (its rows as
posted, which cards form the hand, how a hand is read into rows); ``exact_figures`` counts
every deal (``counting``) and prices each row:

- "X to 1" wins X per unit and returns the stake: +X;
- "X for 1" pays X in total, the stake is not returned: +(X - 1);
- "N% of meter" pays N% of the meter to a stake of ``stake``: N/100 * meter / stake - 1;
- a push returns the stake: 0; no row: the stake is lost, -1.

Probabilities and returns are exact fractions; only the text rounds them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from decimal import Decimal
from enum import Enum
from fractions import Fraction

from msgspec import Struct, field

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    ControlVariate,
    DrawnAward,
    HandWager,
    PaidRow,
    Procedure,
)
from dealer_trainer.hands.counting import HandDealt, outcome_counts
from dealer_trainer.rules.odds import OddsKind


class Method(Enum):
    """How a figure was obtained; every figure the analyser prints says which."""

    EXACT = "exact"
    SIMULATED = "simulated"


class RowFigure(Struct, frozen=True):
    label: str
    odds: str
    probability: Fraction
    combinations: int
    net: Fraction
    """Net win per unit staked, without any meter share."""
    meter_share: Fraction = Fraction(0)
    """Share of the meter per unit of meter per unit staked (N/100 / stake)."""
    stake_returned: bool | None = None
    """For a "for 1" row: False (stated, since players often assume it is returned)."""
    envy: Decimal | None = None
    procedures: frozenset[Procedure] = frozenset()


class WagerFigures(Struct, frozen=True):
    """The figures of one wager: exact (every deal counted) or simulated (with its interval)."""

    name: str
    paytable: str
    cards: str
    citation: str
    method: Method
    deals: int
    rows: tuple[RowFigure, ...]
    lose_probability: Fraction
    base_return: Fraction
    """The return per unit with no meter share paid (a meter of $0)."""
    meter_slope: Fraction = Fraction(0)
    """Added return per dollar on the meter."""
    meter_reset: Decimal | None = None
    shared: bool = False
    half_width: Fraction | None = None
    """Simulated figures only: half the 95% confidence interval of the return."""
    notes: tuple[str, ...] = field(default=())
    stake_at_risk: bool = True
    counted: str = "hands"
    """What ``deals`` counts: hands dealt, or the draws of a drawn award."""

    @property
    def progressive(self) -> bool:
        return self.meter_slope > 0

    def return_at(self, meter: Decimal | None = None) -> Fraction:
        """The return per unit wagered at ``meter`` (the reset amount when not given)."""
        if not self.progressive:
            return self.base_return
        level = meter if meter is not None else self.meter_reset or Decimal(0)
        return self.base_return + self.meter_slope * Fraction(level)

    @property
    def house_edge(self) -> Fraction:
        return -self.return_at()

    @property
    def break_even_meter(self) -> Fraction | None:
        """The meter at which the wager returns what is staked (``None`` without a meter)."""
        if not self.progressive:
            return None
        return -self.base_return / self.meter_slope

    def frequency(self, procedure: Procedure) -> Fraction:
        """Expected occurrences per hand bet (per round for a shared hand)."""
        return sum(
            (row.probability for row in self.rows if procedure in row.procedures), Fraction(0)
        )


def _row_figure(
    row: PaidRow, count: int, deals: int, stake: Decimal, stake_at_risk: bool = True
) -> RowFigure:
    """A row's probability and net win per unit; "for 1" on another wager's stake (a Magic
    Card award) is the payout itself: there is no stake of its own to keep."""
    odds = row.odds
    probability = Fraction(count, deals)
    if odds.kind is OddsKind.FOR and not stake_at_risk:
        return RowFigure(
            row.label, str(odds), probability, count, Fraction(odds.x, odds.y),
            stake_returned=False, envy=row.envy, procedures=row.procedures,
        )  # fmt: skip
    if odds.kind is OddsKind.TO:
        return RowFigure(
            row.label, str(odds), probability, count, Fraction(odds.x, odds.y),
            envy=row.envy, procedures=row.procedures,
        )  # fmt: skip
    if odds.kind is OddsKind.FOR:
        return RowFigure(
            row.label, str(odds), probability, count, Fraction(odds.x, odds.y) - 1,
            stake_returned=False, envy=row.envy, procedures=row.procedures,
        )  # fmt: skip
    if odds.kind is OddsKind.METER_PERCENT:
        share = Fraction(odds.percent) / 100 / Fraction(stake)
        return RowFigure(
            row.label, str(odds), probability, count, Fraction(-1), share,
            envy=row.envy, procedures=row.procedures,
        )  # fmt: skip
    return RowFigure(
        row.label, str(odds), probability, count, Fraction(0), procedures=row.procedures
    )


_COUNTS: dict[tuple[HandDealt, str], Counter[Hashable]] = {}


def _counts(wager: HandWager) -> Counter[Hashable]:
    """One count per classification for the life of the process: Trips Paytables A to E are
    priced from one enumeration."""
    key = (wager.dealt, wager.key)
    if key not in _COUNTS:
        _COUNTS[key] = outcome_counts(wager.dealt, wager.classify)
    return _COUNTS[key]


def _joint_reader(
    readers: tuple[Callable[[tuple[Card, ...]], Hashable], ...],
) -> Callable[[tuple[Card, ...]], tuple[Hashable, ...]]:
    def read(cards: tuple[Card, ...]) -> tuple[Hashable, ...]:
        return tuple(reader(cards) for reader in readers)

    return read


def control_mean(control: ControlVariate) -> Fraction:
    """The exact mean of a control variate over every deal (its count shared with any wager
    counted under the same key)."""
    key = (control.dealt, control.key)
    if key not in _COUNTS:
        _COUNTS[key] = outcome_counts(control.dealt, control.classify)
    total = sum((control.value(o) * n for o, n in _COUNTS[key].items()), Fraction(0))
    return total / control.dealt.deals


def count_together(wagers: Sequence[HandWager]) -> None:
    """Count every wager not yet counted whose hand is dealt alike in one pass over the deals:
    each representative hand is read by all their classifiers at once, and each wager's
    counts are the sums over the others' outcomes. The counts are those of separate passes
    (every deal is still counted exactly), but the enumeration, which costs more than most
    classifiers, is paid once per kind of hand instead of once per wager."""
    pending: dict[HandDealt, dict[str, HandWager]] = {}
    for wager in wagers:
        if (wager.dealt, wager.key) not in _COUNTS:
            pending.setdefault(wager.dealt, {}).setdefault(wager.key, wager)
    for dealt, by_key in pending.items():
        if len(by_key) == 1:
            continue
        joint = outcome_counts(dealt, _joint_reader(tuple(w.classify for w in by_key.values())))
        for i, key in enumerate(by_key):
            counts: Counter[Hashable] = Counter()
            for outcome, count in joint.items():
                counts[outcome[i]] += count
            _COUNTS[(dealt, key)] = counts


def drawn_figures(award: DrawnAward, players: int) -> WagerFigures:
    """A drawn award's expected payout per unit of the stake it is paid on, with ``players``
    seated and betting: exact, given the draw ``award.draw`` describes."""
    chance = award.chance(players)
    outcomes = award.outcomes(players)
    row = _row_figure(
        award.row,
        int(chance * outcomes),
        outcomes,
        Decimal(1),
        stake_at_risk=False,
    )
    return WagerFigures(
        award.name, award.paytable, award.cards, award.citation, Method.EXACT, outcomes,
        (row,), 1 - chance, chance * row.net, shared=award.shared,
        notes=(award.draw,), stake_at_risk=False, counted=award.unit,
    )  # fmt: skip


def exact_figures(wager: HandWager) -> WagerFigures:
    """Every deal of the wager's hand counted by rank pattern, each row priced exactly."""
    counts = _counts(wager)
    deals = wager.dealt.deals
    per_row = [0] * len(wager.rows)
    for outcome, count in counts.items():
        index = wager.row_of(outcome)
        if index is not None:
            per_row[index] += count
    rows = tuple(
        _row_figure(row, count, deals, wager.stake, wager.stake_at_risk)
        for row, count in zip(wager.rows, per_row, strict=True)
        if row.odds.applicable
    )
    lose = Fraction(deals - sum(per_row), deals)
    base = sum((r.probability * r.net for r in rows), Fraction(0))
    if wager.stake_at_risk:
        base -= lose
    slope = sum((r.probability * r.meter_share for r in rows), Fraction(0))
    return WagerFigures(
        wager.name, wager.paytable, wager.cards, wager.citation, Method.EXACT, deals, rows,
        lose, base, slope, wager.meter_reset, wager.shared, notes=wager.notes,
        stake_at_risk=wager.stake_at_risk,
    )  # fmt: skip


__all__ = [
    "Method",
    "RowFigure",
    "WagerFigures",
    "control_mean",
    "count_together",
    "drawn_figures",
    "exact_figures",
]
