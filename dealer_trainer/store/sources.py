"""How to deal a round again: the inputs a replay needs, with the text of every file.

A round is dealt either from a table configuration and a seed (``deal``: the practice picker,
a lesson's generated block, an exam's per-candidate seed, optionally with a lesson's targets)
or from a fixed scenario file (``scenario``). The files' paths differ between stations and the
files may change after the attempt, so their text is stored, hashed into the signed result,
and a replay deals from the stored text, never from whatever the path holds today.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from msgspec import Struct, field
from msgspec.structs import force_setattr


def sha256_text(text: str) -> str:
    import hashlib  # a round's source is hashed when it is recorded, after the first paint

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class RoundSource(Struct, frozen=True):
    kind: str
    """``deal`` or ``scenario``."""
    game: str
    path: str
    """Where the file was when the round was dealt (shown to people; never read on replay)."""
    text: str
    """The table configuration (``deal``) or the scenario (``scenario``)."""
    seed: int | None = None
    seats: tuple[int, ...] | None = None
    targets: tuple[Mapping[str, Any], ...] = ()
    """A lesson's targets as written, for a constrained deal (``practice.targets``)."""
    table_ref: str | None = None
    """A scenario's ``table = "..."`` path, as written in it, when it names a file."""
    table_text: str | None = None
    sha256: str = field(default="")
    linked_meters: tuple[tuple[str, Decimal], ...] = ()
    """(link, amount) of each meter shared with other tables that the round was settled
    against (``practice.linked_play``): the other tables' play is not dealt again, so the
    amount is recorded, and a replay shows it."""

    def __post_init__(self) -> None:
        if self.kind not in ("deal", "scenario"):
            raise ValueError(f"a round is dealt from a 'deal' or a 'scenario', not {self.kind!r}")
        if self.kind == "deal" and self.seed is None:
            raise ValueError("a dealt round needs its seed")
        if (self.table_ref is None) != (self.table_text is None):
            raise ValueError("a scenario's table reference and table text go together")
        if not self.sha256:
            force_setattr(self, "sha256", sha256_text(self.text))

    @classmethod
    def deal(
        cls,
        table: str | Path,
        game: str,
        seed: int,
        seats: Sequence[int] | None = None,
        targets: Sequence[Mapping[str, Any]] = (),
        *,
        text: str | None = None,
        linked_meters: Sequence[tuple[str, Decimal]] = (),
    ) -> RoundSource:
        """A round dealt at the table configuration ``table`` with ``seed``; ``text`` is the
        configuration when it is not a file of its own (a lesson's inline table, ``table``
        then naming it), otherwise the file is read; ``linked_meters`` the shared meters it
        showed."""
        path = Path(table)
        return cls(
            "deal",
            game,
            str(table),
            path.read_text(encoding="utf-8") if text is None else text,
            seed,
            None if seats is None else tuple(seats),
            tuple(dict(t) for t in targets),
            linked_meters=tuple(linked_meters),
        )

    @classmethod
    def scenario(cls, scenario: str | Path, game: str) -> RoundSource:
        """A fixed round from a scenario file, with the table file it names (if any)."""
        path = Path(scenario)
        text = path.read_text(encoding="utf-8")
        table = tomllib.loads(text).get("table")
        table_ref = table if isinstance(table, str) else None
        table_text = None
        if table_ref is not None:
            table_text = (path.parent / table_ref).resolve().read_text(encoding="utf-8")
        return cls("scenario", game, str(path), text, table_ref=table_ref, table_text=table_text)


LINKED_METERS = "linked meters"
"""The key of the entry that carries a round's linked meters in the stored targets list."""


def linked_meter_entry(source: RoundSource) -> list[dict[str, Any]]:
    """The round's linked meters as one more entry of the ``targets`` JSON it is stored in
    (no entry when there are none, so a round without them is stored as before)."""
    if not source.linked_meters:
        return []
    return [{LINKED_METERS: {link: str(amount) for link, amount in source.linked_meters}}]


def split_linked_meters(
    stored: Sequence[Mapping[str, Any]],
) -> tuple[tuple[Mapping[str, Any], ...], tuple[tuple[str, Decimal], ...]]:
    """A stored targets list read back: the lesson's targets, and the linked meters."""
    targets = tuple(t for t in stored if LINKED_METERS not in t)
    meters = tuple(
        (str(link), Decimal(str(amount)))
        for t in stored
        if LINKED_METERS in t
        for link, amount in dict(t[LINKED_METERS]).items()
    )
    return targets, meters
