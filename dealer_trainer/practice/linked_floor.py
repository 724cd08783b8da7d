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
from decimal import Decimal
from pathlib import Path

from msgspec import Struct, field

from dealer_trainer.games.linked_meter import SharedMeters
from dealer_trainer.games.targeting import Target
from dealer_trainer.practice.linked_play import dealt_sharing
from dealer_trainer.practice.rounds import DealtRound, deal_table, dealt_round, read_table


class LinkedFloor(Struct):
    """The linked meters of one class's tables."""

    meters: SharedMeters = field(default_factory=SharedMeters)

    def deal(self, table: Path, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
        """A round at ``table`` from ``seed`` whose linked meters show their links' amounts."""
        return dealt_sharing(self.meters, lambda: deal_table(table, seed, seats))

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
        return dealt_sharing(
            self.meters,
            lambda: dealt_round(
                definition, definition.targets.generate(config, seed, targets, seats)
            ),
        )

    def settled(self, dealt: DealtRound) -> None:
        """``dealt`` has been settled (its procedure done): every link it showed moves on, reset
        after a jackpot or lowered by the shares it paid, at every table on the link."""
        self.meters.settled(dealt.links, dealt.procedure.steps)

    def amount(self, link: str) -> Decimal | None:
        """The link's meter now, or ``None`` before any table on it was dealt."""
        return self.meters.amounts.get(link)


__all__ = ["LinkedFloor"]
