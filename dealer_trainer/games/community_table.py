"""A round of a game of two hole cards and five community cards (Ultimate Texas Hold 'Em, Texas
Hold 'Em Bonus Poker) as it lies on the felt when settlement begins.

Both lay the seats' chips and electronic stakes, the dealer's two cards and the board, the
Five Card Hand Bonus meter (the table shows its starting amount until a draw says otherwise)
and the progressive meter, the table game system's Magic Card and Lucky Bonus, and the same
spots for the pre-deal steps, the progressive and its Envy Bonus. What each game's seats hold,
its signs and any meter of its own stay in the game's ``table.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from dealer_trainer.cards import Card
from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.five_card_hand_bonus import METER as FCHB_METER
from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.procedure_steps import CARDS, ENVY_HAND, PROGRESSIVE_METER
from dealer_trainer.games.progressive_config import EnvyProgressiveSpec

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""


class _Table(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...
    @property
    def progressive(self) -> EnvyProgressiveSpec | None: ...


def table_spots(config: _Table, wagers: Iterable[SpotKind], envy_bonus: SpotKind) -> set[Spot]:
    """The spots a table settles: the cards, the pre-deal steps at the table inventory
    container, its chip ``wagers``, the Five Card Hand Bonus with its meter, the progressive
    meter and, with an Envy Bonus, the hand announced and ``envy_bonus`` paid at a seat."""
    names = {Spot(CARDS)}
    if config.five_card_hand_bonus is not None or config.progressive is not None:
        names.add(Spot(TableSpot.TABLE))
    names |= {Spot(wager) for wager in wagers}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus)
    if config.progressive is not None:
        names.add(Spot(PROGRESSIVE_METER))
        if config.progressive.envy is not None:
            names |= {Spot(ENVY_HAND), Spot(envy_bonus, WhoseHand.SEAT)}
    return names


class _Round(Protocol):
    @property
    def config(self) -> _Table: ...
    @property
    def dealer(self) -> tuple[Card, Card]: ...
    @property
    def board(self) -> tuple[Card, Card, Card, Card, Card]: ...
    @property
    def draws(self) -> TableDraws: ...
    @property
    def seed(self) -> int | None: ...


def table_meters(round_: _Round) -> dict[SpotKind, Decimal]:
    """The Five Card Hand Bonus meter (its starting amount until a draw says otherwise) and
    the progressive meter the round's draws show."""
    config = round_.config
    shown: dict[SpotKind, Decimal] = {}
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        shown[FCHB_METER] = round_.draws.meter or fchb.meter_start
    if config.progressive is not None and round_.draws.progressive_meter is not None:
        shown[PROGRESSIVE_METER] = round_.draws.progressive_meter
    return shown


def _notes(draws: TableDraws) -> tuple[str, ...]:
    notes: list[str] = []
    if draws.magic_card is not None:
        notes.append(f"Magic Card: {draws.magic_card.pretty}")
    if draws.lucky_seat is not None:
        notes.append(f"Lucky Bonus: seat {draws.lucky_seat}")
    if draws.lucky_dealer:
        notes.append("Lucky Bonus: dealer position")
    return tuple(notes)


def lay_out(
    round_: _Round,
    seats: Sequence[SeatSetup],
    meters: Mapping[SpotKind, Decimal],
    signs: tuple[Sign, ...],
    offered: frozenset[Spot],
) -> TableSetup:
    """The felt: ``seats`` (from the dealer's left), the dealer's cards and the board, the
    ``meters``, ``signs`` and ``offered`` spots, and the table system's draws as notes."""
    config = round_.config
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(seats),
        dealer_cards=round_.dealer,
        board=round_.board,
        meters=dict(meters),
        signs=signs,
        offered_spots=offered,
        inventory=OPENING_INVENTORY,
        notes=_notes(round_.draws),
        seed=round_.seed,
        pre_deal=pre_deal_actions(
            lock_out=config.five_card_hand_bonus is not None or config.progressive is not None,
            progressive=config.progressive is not None,
        ),
    )


__all__ = ["OPENING_INVENTORY", "lay_out", "table_meters", "table_spots"]
