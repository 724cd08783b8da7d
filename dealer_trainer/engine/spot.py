"""Spots as typed identifiers: which seat, which kind of wager (or card area, or meter), and
whose hand it is settled on.

The engine, the practice table, the GUI and the store compare spots by these identifiers;
the words a trainee reads ("Envy Bonus (seat 3's hand)") are derived from them by ``label``
for display only. Recorded action logs and signed result documents keep the label text, so
``SpotCatalog.parse`` is the one place where text becomes an identifier again.

The kinds are enumerations whose values are the display wording and whose keys (the member
names in lower case) are what data files use. Each game has its own kinds (its wagers) beside
the shared ones, so the engine never names a game: a game lists its kinds in a ``SpotCatalog``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from enum import Enum

from msgspec import Struct

from dealer_trainer.vocabulary import Vocabulary

DEALER = 0
"""Seat number used for the dealer's hand and table-level steps (meters)."""


class SpotRole(Enum):
    """What a kind of spot is, where the trainer treats kinds alike across games: the skills a
    step trains (curriculum) and when the felt shows chips. Each game says it of its kinds."""

    BASE = "base wager"
    """Settled against the dealer's hand at even money (an Ante, a Play, the Pai Gow wager)."""
    BASE_PAYTABLE = "base wager paid from a paytable"
    """A base wager whose win is read from a paytable (the Blind, the Bet, Let It Ride's)."""
    ENVY = "Envy"
    """An Envy Bonus, the qualifying hand that earns it, the lammer that qualifies for it."""
    MUST_HIT_BY = "Must-Hit-By"
    OTHER = "other"


class SpotKind(Vocabulary, noun="a spot"):
    """Base of every kind of spot: a game's wagers, the shared card areas and meters. Each
    game and shared module subclasses it with members (declaring ``roles`` and ``decided``
    for its own); ``str()`` is the display wording, so a kind reads
    naturally in an explanation."""

    @property
    def key(self) -> str:
        """The snake_case key used in data files: "play_the_board"."""
        return self.name.lower()

    @classmethod
    def roles(cls) -> Mapping[SpotKind, SpotRole]:
        """The kinds of this enumeration that the trainer treats alike across games; the rest
        are ``SpotRole.OTHER``. A game's wagers declare theirs here, as data."""
        return {}

    @classmethod
    def decided(cls) -> AbstractSet[SpotKind]:
        """The kinds placed by the player's decision after seeing the cards (the Play, the
        Bet): their chips appear on the felt only once the decision is made."""
        return set()

    @property
    def role(self) -> SpotRole:
        return type(self).roles().get(self, SpotRole.OTHER)

    @property
    def placed_by_decision(self) -> bool:
        return self in type(self).decided()

    def __str__(self) -> str:
        return str(self.value)


class TableSpot(SpotKind, noun="a table spot"):
    """The spots the engine's own pre-deal steps use, at any table."""

    TABLE = "Table"
    """The table as a whole: "no more bets", the lockout, the chip count and drop."""
    ENVY_LAMMER = "Envy lammer"
    """Where a lammer goes beside a Qualifying Wager at "no more bets" (§ 645a.8(b)(1))."""

    @property
    def role(self) -> SpotRole:
        return SpotRole.ENVY if self is TableSpot.ENVY_LAMMER else SpotRole.OTHER


class WhoseHand(Vocabulary, noun="whose hand a spot is settled on"):
    OWN = "own"
    """The bettor's own hand (or no hand: a meter, the table)."""
    DEALER = "dealer"
    """The dealer's hand: a Five Card Hand Bonus on it."""
    SEAT = "seat"
    """Another seat's hand, named when the step is taken: an Envy Bonus."""


class Spot(Struct, frozen=True):
    """A spot as a layout prints it and a table offers it, at no seat in particular: the
    ``kind`` settled there and whose hand it is on. ``at`` places it at a seat."""

    kind: SpotKind
    whose: WhoseHand = WhoseHand.OWN

    @property
    def name(self) -> str:
        """How a data file (a layout) names it: the kind's key, with ``@dealer`` or ``@seat``
        when it is settled on the dealer's or another seat's hand; ``SpotCatalog.spot`` reads
        it back."""
        own = self.whose is WhoseHand.OWN
        return self.kind.key if own else f"{self.kind.key}@{self.whose.value}"

    def at(self, seat: int, holder: int | None = None) -> SpotId:
        """At ``seat``; ``holder`` is the other seat whose hand a ``SEAT`` spot is on."""
        if self.whose is WhoseHand.SEAT:
            if holder is None or holder == DEALER:
                raise ValueError(f"{self.kind} is settled on another seat's hand: name the seat")
            return SpotId(seat, self.kind, holder)
        return SpotId(seat, self.kind, DEALER if self.whose is WhoseHand.DEALER else None)


class SpotId(Struct, frozen=True):
    """A spot on one table: ``seat`` (``DEALER`` for the dealer's hand, meters and the
    table), the ``kind`` settled there, and ``hand_of``, the seat whose hand it is settled on
    when that is not the bettor's own (``DEALER`` for a bonus on the dealer's hand, another
    seat for an Envy Bonus)."""

    seat: int
    kind: SpotKind
    hand_of: int | None = None

    @property
    def label(self) -> str:
        return spot_label(self)

    @property
    def party(self) -> str:
        return "Dealer" if self.seat == DEALER else f"Seat {self.seat}"

    @property
    def spot(self) -> Spot:
        """The layout's spot this is settled on, whatever the seats."""
        if self.hand_of is None:
            return Spot(self.kind)
        return Spot(self.kind, WhoseHand.DEALER if self.hand_of == DEALER else WhoseHand.SEAT)

    def __str__(self) -> str:
        return self.label


def spot_label(spot: SpotId) -> str:
    """The words a trainee reads for ``spot`` (without its seat). Recorded logs and signed
    documents hold this text, so changing the wording needs a migration of stored records."""
    if spot.hand_of is None:
        return str(spot.kind.value)
    if spot.hand_of == DEALER:
        return f"{spot.kind.value} (dealer's hand)"
    return f"{spot.kind.value} (seat {spot.hand_of}'s hand)"


class UnknownSpot(ValueError):
    """A stored or typed spot name that the game has no spot for."""


class SpotCatalog:
    """The spot kinds of one game: how its stored labels and data-file keys become kinds.

    Two kinds of one game may not share a key or a display wording, or a stored label could
    be read back as the wrong spot; that is checked when the catalog is made.
    """

    def __init__(self, kinds: Iterable[SpotKind]) -> None:
        self.kinds = tuple(dict.fromkeys(kinds))
        self._by_key: dict[str, SpotKind] = {}
        self._by_value: dict[str, SpotKind] = {}
        for kind in self.kinds:
            for index, text in ((self._by_key, kind.key), (self._by_value, str(kind.value))):
                if text in index:
                    raise ValueError(f"{kind!r} and {index[text]!r} are both called {text!r}")
                index[text] = kind

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def kind(self, key: str) -> SpotKind:
        """The kind a data file names by ``key`` ("envy_bonus")."""
        try:
            return self._by_key[key]
        except KeyError:
            known = ", ".join(sorted(self._by_key))
            raise UnknownSpot(f"no spot kind {key!r}; expected one of {known}") from None

    def spot(self, name: str) -> Spot:
        """The spot a layout names: a kind's key, with ``@dealer`` when it is settled on the
        dealer's hand or ``@seat`` on another seat's ("envy_bonus@seat")."""
        key, _, whose = name.partition("@")
        return Spot(self.kind(key), WhoseHand(whose) if whose else WhoseHand.OWN)

    def parse(self, seat: int, label: str) -> SpotId:
        """The spot a stored ``label`` names at ``seat``: the inverse of ``spot_label``."""
        text, hand_of = label, None
        if label.endswith(" (dealer's hand)"):
            text, hand_of = label.removesuffix(" (dealer's hand)"), DEALER
        elif label.endswith("'s hand)") and " (seat " in label:
            head, _, tail = label.rpartition(" (seat ")
            number = tail.removesuffix("'s hand)")
            if number.isdigit() and int(number) != DEALER:
                text, hand_of = head, int(number)
        kind = self._by_value.get(text)
        if kind is None:
            raise UnknownSpot(f"{label!r} is not a spot of this game")
        spot = SpotId(seat, kind, hand_of)
        if spot.label != label:
            raise UnknownSpot(f"{label!r} is not a spot of this game")
        return spot


__all__ = [
    "DEALER",
    "Spot",
    "SpotCatalog",
    "SpotId",
    "SpotKind",
    "SpotRole",
    "TableSpot",
    "UnknownSpot",
    "WhoseHand",
    "spot_label",
]
