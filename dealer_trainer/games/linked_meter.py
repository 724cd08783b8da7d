"""A progressive meter linked across tables and games, and the meter those tables share.

Every game chapter that offers the Five Card Hand Bonus says that a bonus offered "on multiple
linked tables or games in the same licensed facility" must comply with § 605a.8 (seed 000,
§§ 639a.2(d), 641a.2(d), 643a.2(e); the same is proposed for the Three Card Poker Five-Card
Progressive, § 649a.2). The link itself is run by a local area progressive controller, "the
hardware and software used to configure, maintain and operate a shared link between progressive
table games within a licensed facility" (§ 605a.1, Code). The text of § 605a.8 is not in any
stored page, so what the Rules Submission says about a link is common practice: the link's
identifier, the controller (system) that runs it, the tables that share it, and who resets
the shared meter after a jackpot. What the trainer does with a link follows from there being
one meter: an award at any linked table is paid from it and its reset is the reset of every
linked table's meter.

- ``LinkedMeter``: the ``linked`` section of a progressive or Five Card Hand Bonus spec.
- ``LinkResets``: who resets the shared meter (a Rules Submission setting, common practice).
- ``SharedMeters`` / ``sharing`` / ``shown_meter``: the meters of a class's linked tables, so a
  jackpot won at one table shows the reset meter at the next table dealt.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from typing import Annotated, Any

from msgspec import Meta, Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.step import Step
from dealer_trainer.rules.datafile import After, Before, Record
from dealer_trainer.rules.game_paytables import enum_field, reading_recorded_tables
from dealer_trainer.rules.money import ZERO, format_money
from dealer_trainer.rules.provenance import Citation, code, seed, standard
from dealer_trainer.vocabulary import Vocabulary

LINK_SECTION = "§ 605a.8"
"""The section a linked progressive table game must comply with (its text is not stored)."""
LINK_CITATION: Citation = seed(
    "seed 000, §§ 639a.2(d), 641a.2(d), 643a.2(e) and the preamble (proposed § 649a.2)",
    "605a.8",
)
CONTROLLER_CITATION: Citation = code("605a.1")
"""The local area progressive controller runs the shared link (§ 605a.1, Code)."""
DESCRIPTION_CITATION: Citation = standard(
    "common practice: § 605a.8's text is not in any stored page; the link's identifier, its "
    "controller, the tables sharing it and who resets it are what a linked-progressive "
    "Rules Submission commonly states"
)


class LinkResets(Vocabulary, noun="who resets a linked meter"):
    """Who resets the shared meter after a jackpot (common practice; § 605a.8 not stored).

    ``DEALER``: the dealer at the table where the jackpot was won resets it with the reset key
    switch (§ 605a.7(a)(5)), and the reset reaches every linked table. ``SYSTEM``: the
    controller resets the link itself once the jackpot is recorded; the dealer confirms that
    the table's meter shows the reset amount before the next round."""

    DEALER = "dealer at the winning table"
    SYSTEM = "local area progressive controller"


def _named(value: str) -> str:
    if not value.strip():
        raise ValueError("a name, not blank text")
    return value.strip()


def _tables(value: tuple[str, ...]) -> tuple[str, ...]:
    names = tuple(name.strip() for name in value)
    if any(not name for name in names):
        raise ValueError("each linked table named, not blank text")
    if len(set(names)) != len(names):
        raise ValueError("each linked table once")
    return names


Name = Annotated[str, Meta(min_length=1), After(_named)]


class LinkedMeter(Record, frozen=True):
    """The ``linked`` section of a progressive's or a Five Card Hand Bonus's Rules Submission:
    ``link`` identifies the link on the controller, ``system`` names the controller (the
    linked progressive system), ``tables`` are the other tables sharing the meter, each as the
    floor knows it (e.g. "Let It Ride table 4"), ``reset_by`` who resets the shared meter."""

    link: Name
    system: Name
    tables: Annotated[tuple[str, ...], Meta(min_length=1), After(_tables)]
    reset_by: Annotated[LinkResets, enum_field(LinkResets)] = LinkResets.DEALER

    @property
    def shared_with(self) -> str:
        """ "Let It Ride table 4 and Four Card Poker table 2": the other tables on the link."""
        if len(self.tables) == 1:
            return self.tables[0]
        return f"{', '.join(self.tables[:-1])} and {self.tables[-1]}"

    def describe(self) -> str:
        """One line for a sign or a report: the link, its controller and the other tables."""
        return f"linked meter {self.link} on {self.system}, shared with {self.shared_with}"


def _linked(value: Any) -> Any:
    """``linked = false`` is no link. A table recorded when ``linked`` was a plain flag
    (``linked = true``) replays without a described link: the flag moved no chip; any other
    reading asks for the link to be described."""
    if value is False:
        return None
    if value is True:
        if reading_recorded_tables():
            return None
        raise ValueError(
            "the link described: a table such as { link = 'FCHB-1', system = 'the linked "
            "progressive system', tables = ['Let It Ride table 4'] } (§ 605a.8)"
        )
    return value


LinkedField = Annotated[LinkedMeter | None, Before(_linked)]
"""An optional ``linked`` section."""


def reset_citation(own: str, linked: LinkedMeter | None) -> str:
    """The meter reset's citation: the game's own meter section, and § 605a.8 when linked."""
    return own if linked is None else f"{own}; {LINK_SECTION}"


def reset_explanation(meter: str, reset: Decimal, linked: LinkedMeter | None, plain: str) -> str:
    """What a meter reset step tells the trainee: ``plain`` for a table's own meter; for a
    linked one, that the meter is the link's and who resets it for every linked table."""
    if linked is None:
        return plain
    if linked.reset_by is LinkResets.SYSTEM:
        return (
            f"The {meter} is the linked meter {linked.link}, shared with {linked.shared_with}: "
            f"after its 100% payout {linked.system} resets it for every linked table; confirm "
            f"this table's meter shows the Rules Submission's {format_money(reset)} before the "
            "next round."
        )
    return (
        f"{plain} The {meter} is the linked meter {linked.link} on {linked.system}, shared with "
        f"{linked.shared_with}: resetting it here resets it at every linked table."
    )


def held_note(linked: LinkedMeter | None) -> str:
    """Added to a percentage-of-meter payout's explanation on a linked meter."""
    if linked is None:
        return ""
    return f"; the award comes from the linked meter {linked.link} shared with {linked.shared_with}"


def report_lines(linked: LinkedMeter | None, indent: str = "    ") -> list[str]:
    """The link as ``dealer-trainer table`` reports it, each line with its basis."""
    if linked is None:
        return []
    return [
        f"{indent}linked: {linked.describe()}  — {LINK_CITATION.for_instructor}",
        f"{indent}    the link is run by {linked.system}, its local area progressive "
        f"controller  — {CONTROLLER_CITATION.for_instructor}",
        f"{indent}    shared meter reset by the {linked.reset_by.value}; an award at any linked "
        f"table resets the meter at every linked table  — {DESCRIPTION_CITATION.for_instructor}",
    ]


# --- the meters a class's linked tables share ---------------------------------------------------


class MeterOnLink(Struct, frozen=True):
    """A linked meter as one round showed it: ``meter`` the meter spot's name, ``awards`` the
    spots whose percentage-of-meter payouts it pays, ``reset`` the Rules Submission's amount."""

    link: str
    meter: str
    awards: frozenset[str]
    reset: Decimal
    shown: Decimal
    linked: LinkedMeter | None = None
    """The link as the round's table describes it."""


class SharedMeters:
    """The current amount of every link dealt at in a class (or a station's session): the
    first table dealt on a link shows its own drawn meter, and from then on every linked table
    shows the link's amount, lowered by each percentage-of-meter payout held and back to the
    reset amount after a jackpot reset, whichever table it was won at. Tables on one link must
    state the same reset amount: it is one meter."""

    def __init__(self, amounts: Mapping[str, Decimal] | None = None) -> None:
        self.amounts: dict[str, Decimal] = dict(amounts or {})
        """Each link's meter now; ``amounts`` given are shown as they are (a replay deals a
        recorded round against the amounts it was settled against)."""
        self.resets: dict[str, Decimal] = {}
        self.round: list[MeterOnLink] = []

    def show(
        self,
        linked: LinkedMeter,
        drawn: Decimal,
        *,
        meter: str,
        awards: Iterable[str],
        reset: Decimal,
    ) -> Decimal:
        """The amount the round's table shows on ``linked``'s meter (``drawn`` the first time)."""
        known = self.resets.setdefault(linked.link, reset)
        if known != reset:
            raise ValueError(
                f"linked meter {linked.link}: this table resets it to {format_money(reset)}, "
                f"another table on the link to {format_money(known)}; one meter has one reset "
                "amount"
            )
        amount = self.amounts.setdefault(linked.link, drawn)
        self.round.append(MeterOnLink(linked.link, meter, frozenset(awards), reset, amount, linked))
        return amount

    def take_round(self) -> tuple[MeterOnLink, ...]:
        """The linked meters the round just dealt showed, once per link (a constrained deal may
        deal several times before its round: the last one counts), and forget them here."""
        latest = {use.link: use for use in self.round}
        self.round = []
        return tuple(latest.values())

    def settled(self, shown: Iterable[MeterOnLink], steps: Iterable[Step]) -> None:
        """A round that ``shown`` these meters, settled by ``steps``: each link is reset, or
        lowered by the shares it paid, for every table on the link."""
        done = list(steps)
        for use in shown:
            reset = any(
                s.action is Action.RESET_METER and s.spot.kind.value == use.meter for s in done
            )
            paid = sum(
                (
                    s.amount or ZERO
                    for s in done
                    if s.action is Action.HOLD_FOR_DOCUMENTATION and s.spot.kind.value in use.awards
                ),
                ZERO,
            )
            self.amounts[use.link] = use.reset if reset else max(use.shown - paid, ZERO)


_SHARED: ContextVar[SharedMeters | None] = ContextVar("shared_meters", default=None)


@contextmanager
def sharing(meters: SharedMeters) -> Iterator[SharedMeters]:
    """Deal rounds whose linked meters show ``meters``' amounts."""
    token = _SHARED.set(meters)
    try:
        yield meters
    finally:
        _SHARED.reset(token)


def shown_meter(
    linked: LinkedMeter | None,
    drawn: Decimal,
    *,
    meter: str,
    awards: Iterable[str],
    reset: Decimal,
) -> Decimal:
    """The meter a dealt round shows: ``drawn`` (the game drew it from the seed, so a round's
    cards and other draws are the same either way), or the link's shared amount while rounds
    are dealt ``sharing`` meters."""
    shared = _SHARED.get()
    if linked is None or shared is None:
        return drawn
    return shared.show(linked, drawn, meter=meter, awards=awards, reset=reset)


__all__ = [
    "CONTROLLER_CITATION",
    "DESCRIPTION_CITATION",
    "LINK_CITATION",
    "LINK_SECTION",
    "LinkResets",
    "LinkedField",
    "LinkedMeter",
    "MeterOnLink",
    "SharedMeters",
    "held_note",
    "report_lines",
    "reset_citation",
    "reset_explanation",
    "sharing",
    "shown_meter",
]
