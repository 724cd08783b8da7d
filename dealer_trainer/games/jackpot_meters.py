"""A progressive that pays several jackpots, each on a meter of its own.

Most progressive paytables pay shares of one meter ("100% of meter", "10% of meter"). Some pay
named jackpots instead: Mississippi Stud's Progressive Payout Wager Paytables B, C and D pay a
royal flush "100% mega jackpot" and a straight flush "100% major jackpot", and C and D pay four
of a kind "100% minor jackpot" (§ 655a.12(c)(1), Code). Each jackpot is its own meter: it is
shown at the table, paid whole to the hand that wins it and then reset, and it rises by its own
share of each wager. What a Rules Submission states for such a progressive, what a round shows
of it, and the steps of a jackpot won are here, so any game whose paytable names jackpots
(``Odds.jackpot``) uses one shape.

- ``JackpotMeter``: the meters, as spots on the felt (each reset by the dealer).
- ``JackpotMetersSpec``: the ``jackpots`` section of a progressive's Rules Submission: each
  meter's reset amount and rate of progression.
- ``JackpotAmounts``: the meters as a round shows them.
- ``JackpotWonTwice``: what two hands winning one jackpot in one round are paid (a setting).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Annotated, Protocol

from msgspec import Struct

from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.games.procedure_steps import SettlementSteps
from dealer_trainer.rules.datafile import Record
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import MoneyField, PercentField, enum_field
from dealer_trainer.rules.money import format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.vocabulary import Vocabulary


class JackpotMeter(SpotKind, noun="a jackpot meter"):
    """The meter of one named jackpot, highest first; the dealer resets it after it is won."""

    MEGA_JACKPOT = "Mega jackpot meter"
    MAJOR_JACKPOT = "Major jackpot meter"
    MINOR_JACKPOT = "Minor jackpot meter"

    @property
    def jackpot(self) -> str:
        """The name a paytable row pays it by ("mega", in "100% of mega jackpot")."""
        return self.name.removesuffix("_JACKPOT").lower()

    @property
    def title(self) -> str:
        """ "Mega jackpot": how a sentence names it."""
        return str(self.value).removesuffix(" meter")

    @classmethod
    def named(cls, jackpot: str) -> JackpotMeter:
        """The meter a row's ``Odds.jackpot`` names; ``ValueError`` for another name."""
        for meter in cls:
            if meter.jackpot == jackpot:
                return meter
        names = ", ".join(repr(m.jackpot) for m in cls)
        raise ValueError(f"{jackpot!r} is not a jackpot; expected one of {names}")


JACKPOT_NAMES = frozenset(meter.jackpot for meter in JackpotMeter)
"""What a paytable row may name ("100% of mega jackpot"): ``PaytableFormat.jackpots``."""


class _Row(Protocol):
    @property
    def odds(self) -> Odds: ...


def jackpot_of(row: _Row | None) -> JackpotMeter | None:
    """The jackpot meter a row pays a share of, if it names one."""
    if row is None or row.odds.kind is not OddsKind.METER_PERCENT or not row.odds.jackpot:
        return None
    return JackpotMeter.named(row.odds.jackpot)


def jackpots_paid(rows: Iterable[_Row]) -> tuple[JackpotMeter, ...]:
    """The meters ``rows`` pay, highest first: the meters the table must show."""
    named = {meter for row in rows if (meter := jackpot_of(row)) is not None}
    return tuple(meter for meter in JackpotMeter if meter in named)


# --- the Rules Submission -----------------------------------------------------------------------


class JackpotWonTwice(Vocabulary, noun="a rule for a jackpot won twice in a round"):
    """What two hands that win the same jackpot in one round are paid (two straight flushes on
    the same three community cards can): the first hand settled is paid the meter and the
    meter's reset amount is each later hand's, or the meter is shared equally among them."""

    FIRST_SETTLED = "the first hand settled is paid the meter, each later hand its reset amount"
    SHARED = "the hands that won it share the meter equally"


class JackpotMeterSpec(Record, frozen=True):
    """One jackpot's meter as the Rules Submission states it: the amount it resets to after it
    is won (and starts at), and its rate of progression, the percentage of each wager it rises
    by."""

    reset: MoneyField
    rate_of_progression_percent: PercentField


class JackpotMetersSpec(Record, frozen=True):
    """The ``jackpots`` section: one table per meter the paytable pays
    (``[progressive.jackpots.mega]``), and ``won_twice``, what two hands winning one jackpot in
    a round are paid (common practice where the text says nothing)."""

    won_twice: Annotated[JackpotWonTwice, enum_field(JackpotWonTwice)] = (
        JackpotWonTwice.FIRST_SETTLED
    )
    mega: JackpotMeterSpec | None = None
    major: JackpotMeterSpec | None = None
    minor: JackpotMeterSpec | None = None

    def stated(self) -> dict[JackpotMeter, JackpotMeterSpec]:
        """Each meter stated, highest first."""
        found = {meter: getattr(self, meter.jackpot) for meter in JackpotMeter}
        return {meter: spec for meter, spec in found.items() if spec is not None}


def jackpot_problems(
    spec: JackpotMetersSpec | None, paid: Sequence[JackpotMeter], field: str, paytable: str
) -> list[Problem]:
    """Every meter ``paid`` (by ``paytable``, e.g. "Paytable C of § 655a.12(c)(1)") stated with
    a positive reset, and no meter stated that the paytable does not pay."""
    where = f"{field}.jackpots"
    stated = spec.stated() if spec is not None else {}
    problems: list[Problem] = []
    for meter in paid:
        if meter not in stated:
            problems.append(
                Problem(
                    f"{where}.{meter.jackpot}",
                    f"the {meter.title.lower()}'s meter, a table with its reset and "
                    f"rate_of_progression_percent: {paytable} pays a {meter.title.lower()}",
                )
            )
    for meter, meter_spec in stated.items():
        if meter not in paid:
            problems.append(
                Problem(
                    f"{where}.{meter.jackpot}",
                    f"no {meter.title.lower()} meter: {paytable} pays no {meter.title.lower()}",
                    format_money(meter_spec.reset),
                )
            )
        elif meter_spec.reset <= 0:
            problems.append(
                Problem(
                    f"{where}.{meter.jackpot}.reset",
                    "a positive amount",
                    format_money(meter_spec.reset),
                )
            )
    return problems


def jackpot_report_lines(
    spec: JackpotMetersSpec, rate_section: str, basis: str, won_twice_basis: str
) -> list[str]:
    """Each meter as ``dealer-trainer table`` reports it (``rate_section`` the section that has
    the Rules Submission state the rate), and the rule for a jackpot won twice, each with the
    basis of its numbers."""
    lines = [
        f"    {meter.title} meter rises by "
        f"{meter_spec.rate_of_progression_percent.normalize():f}% of each wager (rate of "
        f"progression, {rate_section}), resets to {format_money(meter_spec.reset)}  — {basis}"
        for meter, meter_spec in spec.stated().items()
    ]
    lines.append(
        f"    a jackpot won by two hands in one round: {spec.won_twice.value}  — {won_twice_basis}"
    )
    return lines


# --- a round ------------------------------------------------------------------------------------


class JackpotAmounts(Struct, frozen=True):
    """Each jackpot meter as the table shows it when the round is settled, highest first."""

    amounts: tuple[tuple[JackpotMeter, Decimal], ...] = ()

    @classmethod
    def of(cls, amounts: Mapping[JackpotMeter, Decimal | int | str]) -> JackpotAmounts:
        """Exact money, highest meter first; ``ValueError`` for an amount not above $0."""
        exact: list[tuple[JackpotMeter, Decimal]] = []
        for meter in JackpotMeter:
            if meter not in amounts:
                continue
            amount = to_money(amounts[meter], places=6)
            if amount <= 0:
                raise ValueError(f"the {meter.title.lower()} meter shows {format_money(amount)}")
            exact.append((meter, amount))
        return cls(tuple(exact))

    def get(self, meter: JackpotMeter) -> Decimal | None:
        return dict(self.amounts).get(meter)

    def meters(self) -> tuple[JackpotMeter, ...]:
        return tuple(meter for meter, _ in self.amounts)

    def __bool__(self) -> bool:
        return bool(self.amounts)


def check_amounts(amounts: JackpotAmounts, paid: Sequence[JackpotMeter], placed: bool) -> None:
    """With a progressive wager placed, every meter the paytable pays shown, and no other;
    ``ValueError`` naming the field otherwise."""
    shown = set(amounts.meters())
    extra = [meter for meter in shown if meter not in paid]
    if extra:
        raise ValueError(
            f"jackpot_meters.{extra[0].jackpot}: the table's paytable pays no "
            f"{extra[0].title.lower()}"
        )
    missing = [meter for meter in paid if meter not in shown]
    if placed and missing:
        raise ValueError(
            f"jackpot_meters.{missing[0].jackpot}: the progressive pays the "
            f"{missing[0].title.lower()}, so its meter amount is needed"
        )


class JackpotAward(Struct, frozen=True):
    """What one winning hand is paid of a jackpot: ``meter`` the amount the share is taken of,
    ``share`` how many hands share it, ``after_first`` whether an earlier hand took the meter
    (so ``meter`` is its reset amount)."""

    meter: Decimal
    share: int = 1
    after_first: bool = False


def jackpot_award(
    winners: Sequence[int],
    seat: int,
    shown: Decimal,
    reset: Decimal,
    rule: JackpotWonTwice,
) -> JackpotAward:
    """``seat``'s award of a jackpot ``winners`` (in settlement order) won this round."""
    if len(winners) < 2:
        return JackpotAward(shown)
    if rule is JackpotWonTwice.SHARED:
        return JackpotAward(shown, len(winners))
    if winners[0] == seat:
        return JackpotAward(shown)
    return JackpotAward(reset, 1, True)


def reset_jackpots(
    steps: SettlementSteps,
    won: Mapping[JackpotMeter, Sequence[str]],
    reset: Mapping[JackpotMeter, Decimal],
    citation: str,
) -> list[str]:
    """Reset each jackpot meter won this round (``won``: the meter -> the last step of each
    award of it) to its Rules Submission amount, once every award of it is settled; the reset
    step ids, highest meter first."""
    added: list[str] = []
    for meter in JackpotMeter:
        if meter not in won:
            continue
        amount = reset[meter]
        added.append(
            steps.reset_meter(
                amount,
                list(dict.fromkeys(won[meter])),
                citation,
                key=meter.key,
                meter=meter,
                explanation=(
                    f"After paying the {meter.title.lower()}, reset its meter to the Rules "
                    f"Submission's {format_money(amount)}."
                ),
            )
        )
    return added


__all__ = [
    "JACKPOT_NAMES",
    "JackpotAmounts",
    "JackpotAward",
    "JackpotMeter",
    "JackpotMeterSpec",
    "JackpotMetersSpec",
    "JackpotWonTwice",
    "check_amounts",
    "jackpot_award",
    "jackpot_of",
    "jackpot_problems",
    "jackpot_report_lines",
    "jackpots_paid",
    "reset_jackpots",
]
