"""A trainee's table on a linked meter: the meter shared with the other linked tables, their
play between the trainee's rounds, and a jackpot won at one of them.

A linked meter is one meter (§ 605a.8; ``games.linked_meter``): what the trainee's table shows
is what the link stands at, so between two rounds at the trainee's table the meter has moved
with the play at every other table on the link. Those tables are simulated, seeded by the
trainee's next round, so the same rounds show the same meters on every station: each other
table plays one to three rounds, its Five Card Hand Bonus (or progressive) bettors wagering
within the table limits, and the meter rises by the Rules Submission's rate of progression of
those wagers. A royal flush there (4 of the 2,598,960 five-card hands, each bettor's hand
drawn at that chance) wins the whole meter, and the meter is reset for every linked table. A
lesson may also have a jackpot won at a named linked table before a block of rounds, so that
every trainee sees the reset. The trainee's own rounds move the meter the same way: an award
held at the table lowers it, its reset brings it back to the reset amount, and the table's own
wagers raise it.

Only the amount each round was settled against matters to the grade, and it is recorded with
the round (``DealtRound.linked_meters``): a replay deals the round against that amount
(``dealt_against``) instead of playing the other tables again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_DOWN, Decimal
from typing import Any

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.linked_meter import LinkedMeter, MeterOnLink, SharedMeters, sharing
from dealer_trainer.practice.rounds import DealtRound, TableRef, read_table
from dealer_trainer.rules.game_paytables import WagerLimits
from dealer_trainer.rules.money import CENT, ZERO, format_money
from dealer_trainer.vocabulary import Vocabulary

FIVE_CARD_HANDS = 2_598_960
ROYAL_FLUSHES = 4
"""A bettor's five-card hand at another table is a royal flush at 4 in 2,598,960."""
ROUNDS_ELSEWHERE = (1, 3)
"""How many rounds each other linked table plays between two of the trainee's rounds."""
BETTORS_ELSEWHERE = (0, 5)
"""How many players at another linked table make the linked wager in a round."""


class LinkSection(Struct, frozen=True):
    """A section of the trainee's Rules Submission on a link: the link, its rate of
    progression (percent of each wager) and the wager's table limits, which the simulated
    bettors at the other tables keep to (the link's meter, rate and limits are the same at
    every table on it)."""

    linked: LinkedMeter
    rate: Decimal
    minimum: Decimal
    maximum: Decimal


def _sections(model: msgspec.Struct, depth: int = 2) -> list[LinkSection]:
    """Every wager section of ``model`` (and of its sections, ``depth`` deep) with a link."""
    found: list[LinkSection] = []
    for name in model.__struct_fields__:
        value = getattr(model, name)
        if not isinstance(value, msgspec.Struct):
            continue
        linked = getattr(value, "linked", None)
        rate = getattr(value, "rate_of_progression_percent", None)
        if isinstance(value, WagerLimits) and isinstance(linked, LinkedMeter) and rate:
            found.append(LinkSection(linked, Decimal(rate), value.minimum, value.maximum))
        elif depth > 1:
            found += _sections(value, depth - 1)
    return found


def link_sections(config: Any) -> tuple[LinkSection, ...]:
    """The linked sections of a table's Rules Submission (a Five Card Hand Bonus, a
    progressive), each link once."""
    if not isinstance(config, msgspec.Struct):
        return ()
    by_link: dict[str, LinkSection] = {}
    for section in _sections(config):
        by_link.setdefault(section.linked.link, section)
    return tuple(by_link.values())


class LinkEvent(Vocabulary, noun="what happened on a linked meter"):
    PLAYED = "rounds played at another linked table"
    JACKPOT = "jackpot won at another linked table"


class LinkNews(Struct, frozen=True):
    """One thing that happened on a link between two of the trainee's rounds."""

    link: str
    table: str
    event: LinkEvent
    amount: Decimal
    """What the table's wagers added to the meter, or the jackpot paid there."""
    meter: Decimal
    """The meter after it."""
    rounds: int = 0

    @property
    def text(self) -> str:
        if self.event is LinkEvent.JACKPOT:
            return (
                f"Meter reset at {self.table}: a royal flush there won linked meter {self.link}, "
                f"{format_money(self.amount)}; the meter is back to {format_money(self.meter)} "
                "at every linked table."
            )
        played = f"{self.rounds} round{'s' * (self.rounds != 1)}"
        if not self.amount:
            return f"{self.table} played {played} with no wagers on linked meter {self.link}."
        return (
            f"{self.table} played {played}: its wagers added {format_money(self.amount)} to "
            f"linked meter {self.link}, now {format_money(self.meter)}."
        )


def meter_notes(links: Sequence[MeterOnLink], news: Sequence[LinkNews]) -> tuple[str, ...]:
    """What the felt shows under the meters: each meter's link, and a reset at another table."""
    notes = [
        f"LINKED METER {use.link}, shared with {use.linked.shared_with}"
        for use in links
        if use.linked is not None
    ]
    notes += [f"Meter reset at {n.table}" for n in news if n.event is LinkEvent.JACKPOT]
    return tuple(notes)


def showing_links(
    dealt: DealtRound, links: Sequence[MeterOnLink], news: Sequence[LinkNews] = ()
) -> DealtRound:
    """``dealt`` with the linked meters it showed, what happened on them, and the felt's notes."""
    if not links:
        return dealt
    setup = replace(dealt.setup, notes=dealt.setup.notes + meter_notes(links, news))
    return replace(dealt, setup=setup, links=tuple(links), link_news=tuple(n.text for n in news))


def dealt_sharing(
    meters: SharedMeters, dealing: Callable[[], DealtRound], news: Sequence[LinkNews] = ()
) -> DealtRound:
    """The round ``dealing`` deals, its linked meters showing ``meters``' amounts (a link not
    yet shown there takes the round's own draw), with the meters it showed."""
    with sharing(meters):
        try:
            dealt = dealing()
        finally:
            shown = meters.take_round()
    return showing_links(dealt, shown, news)


def dealt_against(amounts: Mapping[str, Decimal], dealing: Callable[[], DealtRound]) -> DealtRound:
    """A round dealt again with its linked meters at the recorded ``amounts`` (a replay)."""
    return dealt_sharing(SharedMeters(amounts), dealing)


def _wagered(dealt: DealtRound, use: MeterOnLink) -> Decimal:
    """The trainee's table's own wagers on the link this round."""
    total = ZERO
    for seat in dealt.setup.seats:
        for placed in (seat.stakes, seat.electronic):
            total += sum(
                (amount for spot, amount in placed.items() if spot.kind.value in use.awards), ZERO
            )
    return total


def _share(stakes: Decimal, rate: Decimal) -> Decimal:
    """The meter's rise: ``rate`` percent of ``stakes``, to the cent below."""
    return (stakes * rate / 100).quantize(CENT, rounding=ROUND_DOWN)


class LinkedPlay:
    """The links of the trainee's table (``sections``), their shared meters, and the round
    dealt and not yet settled."""

    def __init__(self, sections: Sequence[LinkSection]) -> None:
        self.sections = {section.linked.link: section for section in sections}
        self.meters = SharedMeters()
        self._pending: DealtRound | None = None

    @classmethod
    def at(cls, table: TableRef) -> LinkedPlay | None:
        """The shared meters of the table ``table``, or ``None`` when it is on no link."""
        _definition, config = read_table(table)
        sections = link_sections(config)
        return cls(sections) if sections else None

    def amount(self, link: str) -> Decimal | None:
        return self.meters.amounts.get(link)

    def deal(
        self,
        dealing: Callable[[], DealtRound],
        seed: int,
        jackpots_elsewhere: Sequence[str] = (),
    ) -> DealtRound:
        """The next round (``dealing`` deals it at the trainee's table from ``seed``) after the
        other linked tables have played, seeded by ``seed``; ``jackpots_elsewhere`` are linked
        tables where a jackpot is won just before it."""
        before = dict(self.meters.amounts)
        news = self._elsewhere(seed, jackpots_elsewhere)
        try:
            dealt = dealt_sharing(self.meters, dealing, news)
        except BaseException:
            self.meters.amounts = before  # a deal that fails (no seed meets a target) moved nothing
            raise
        self._pending = dealt
        return dealt

    def resume(self, last: DealtRound) -> None:
        """Go on from an interrupted attempt whose last round was ``last`` (dealt again against
        its recorded meters): the link stands where that round's settlement left it."""
        for use in last.links:
            self.meters.amounts[use.link] = use.shown
            self.meters.resets.setdefault(use.link, use.reset)
        self._pending = last
        self.settled(last)

    def settled(self, dealt: DealtRound) -> None:
        """``dealt`` has been settled: each link it showed is reset after a jackpot, lowered
        by the awards held, and raised by the table's own wagers (once, however often the
        same deal is tried again)."""
        if dealt is not self._pending:
            return
        self._pending = None
        steps = dealt.procedure.steps
        self.meters.settled(dealt.links, steps)
        for use in dealt.links:
            section = self.sections.get(use.link)
            reset = any(
                s.action is Action.RESET_METER and s.spot.kind.value == use.meter for s in steps
            )
            if section is not None and not reset:
                self.meters.amounts[use.link] += _share(_wagered(dealt, use), section.rate)

    def _elsewhere(self, seed: int, jackpots: Sequence[str]) -> list[LinkNews]:
        rng = random.Random(f"linked tables before round {seed}")
        news: list[LinkNews] = []
        for link, section in self.sections.items():
            amount = self.meters.amounts.get(link)
            if amount is None:
                continue  # the first round on the link shows the table's own meter
            reset = self.meters.resets[link]
            for table in section.linked.tables:
                rounds = rng.randint(*ROUNDS_ELSEWHERE)
                stakes = ZERO
                won = False
                for _ in range(rounds):
                    for _bettor in range(rng.randint(*BETTORS_ELSEWHERE)):
                        stakes += rng.randint(int(section.minimum), int(section.maximum))
                        won = won or rng.randrange(FIVE_CARD_HANDS) < ROYAL_FLUSHES
                added = _share(stakes, section.rate)
                amount += added
                news.append(LinkNews(link, table, LinkEvent.PLAYED, added, amount, rounds))
                if won or table in jackpots:
                    news.append(LinkNews(link, table, LinkEvent.JACKPOT, amount, reset))
                    amount = reset
            self.meters.amounts[link] = amount
        return news


__all__ = [
    "LinkEvent",
    "LinkNews",
    "LinkSection",
    "LinkedPlay",
    "dealt_against",
    "dealt_sharing",
    "link_sections",
    "meter_notes",
    "showing_links",
]
