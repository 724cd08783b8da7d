"""What a game lays on the felt for a round: cards, the chips on each spot, meters, signage.

Every game describes its table with these types and the practice layer animates them, so they
sit below ``games`` (a game never imports the practice layer).
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct, field

from dealer_trainer.cards import Card
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import Spot, SpotId, SpotKind


class Sign(Struct, frozen=True):
    """A paytable placard: its title, the hand it reads, and "hand: odds" rows."""

    title: str
    cards: str
    rows: tuple[tuple[str, str], ...]
    wagers: frozenset[SpotKind] = frozenset()
    """The wagers it pays: the table turns to this sign when one of them is selected."""


class SeatSetup(Struct, frozen=True):
    seat: int
    cards: tuple[Card, ...]
    stakes: dict[SpotId, Decimal]
    """Chips on the felt, by the spot they lie on."""
    electronic: dict[SpotId, Decimal] = field(default_factory=dict)
    """Wagers placed through the wagering device or dropped before the deal: shown as placed,
    with no chips left on the spot."""
    decision: str = ""
    folded: bool = False
    high: tuple[Card, ...] = ()
    low: tuple[Card, ...] = ()
    """A set pai gow hand: the five-card and two-card hands, shown once exposed."""
    markers: tuple[str, ...] = ()
    """What else lies at the seat: an Envy lammer, a Red/Black colour, a surrender."""


class TableSetup(Struct, frozen=True):
    game: str
    table_name: str
    seats: tuple[SeatSetup, ...]
    dealer_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    meters: dict[SpotKind, Decimal]
    """Each meter the table shows (the Five Card Hand Bonus meter) -> its amount."""
    signs: tuple[Sign, ...]
    offered_spots: frozenset[Spot]
    """Every spot this table can settle: the layout draws only these."""
    inventory: Decimal
    notes: tuple[str, ...] = ()
    """What the table game system shows this round: the Magic Card, the Lucky Bonus."""
    seed: int | None = None
    pre_deal: frozenset[Action] = frozenset()
    """The steps before the deal this table can ever call for, whatever the round
    (``pre_deal.pre_deal_actions``): the action panel shows no other before the deal."""

    def seat(self, number: int) -> SeatSetup:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(f"seat {number} is not in play")
