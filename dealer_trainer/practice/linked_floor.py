"""Several tables of a class dealt side by side, their linked progressive meters shared.

A progressive or Five Card Hand Bonus meter linked across tables (§ 605a.8; the Rules
Submission's ``linked`` section, ``games.linked_meter``) is one meter: a trainee who settles a
jackpot at one table and moves to another table on the same link sees that table's meter at the
amount the jackpot left, the reset amount after a 100% award. ``LinkedFloor`` deals rounds of
any game at any table file the way ``practice.rounds`` does, and carries each link's amount from
one settled round to the next. Tables on no link are dealt exactly as ``rounds.deal_table``
deals them: the meter is drawn from the seed either way, and only a linked meter's shown amount
is replaced, so the cards and every other draw stay those of the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from dealer_trainer.games.linked_meter import MeterOnLink, SharedMeters, sharing
from dealer_trainer.games.targeting import Target
from dealer_trainer.practice.rounds import DealtRound, deal_table, dealt_round, read_table


@dataclass
class LinkedFloor:
    """The linked meters of one class's tables, and the rounds dealt at them not yet settled."""

    meters: SharedMeters = field(default_factory=SharedMeters)
    _shown: dict[int, tuple[MeterOnLink, ...]] = field(default_factory=dict)

    def deal(self, table: Path, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
        """A round at ``table`` from ``seed`` whose linked meters show their links' amounts."""
        with sharing(self.meters):
            try:
                dealt = deal_table(table, seed, seats)
            finally:
                shown = self.meters.take_round()
        self._shown[id(dealt)] = shown
        return dealt

    def deal_targets(
        self,
        table: Path,
        seed: int,
        targets: Sequence[Target],
        seats: tuple[int, ...] | None = None,
    ) -> DealtRound:
        """A constrained round at ``table`` (the situations a lesson asks for, such as a royal
        flush on a seat's Five Card Hand Bonus), its linked meters showing their links' amounts."""
        definition, config = read_table(table)
        with sharing(self.meters):
            try:
                round_ = definition.targets.generate(config, seed, targets, seats)
            finally:
                shown = self.meters.take_round()
        dealt = dealt_round(definition, round_)
        self._shown[id(dealt)] = shown
        return dealt

    def settled(self, dealt: DealtRound) -> None:
        """``dealt`` has been settled (its procedure done): every link it showed moves on, reset
        after a jackpot or lowered by the shares it paid, at every table on the link."""
        shown = self._shown.pop(id(dealt), ())
        self.meters.settled(shown, dealt.procedure.steps)

    def amount(self, link: str) -> Decimal | None:
        """The link's meter now, or ``None`` before any table on it was dealt."""
        return self.meters.amounts.get(link)


__all__ = ["LinkedFloor"]
