"""The felt of a game where every player is paid on a paytable and the community cards lie in
the dealer's card area.

In such a game (three player cards and two community cards, or two and three) the dealer holds
no hand: the community cards lie face up in the dealer's card area once turned, each paytable is
on a sign (the base wagers' sign with the payout limit, the progressive's with its Envy Bonus),
and a table with a progressive shows its meter, the Envy hand and the table inventory
container. Each game lays its own seats (what a player decided differs); the rest is here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from dealer_trainer.cards import Card
from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.five_card_hand_bonus import FchbDraws, FiveCardHandBonusSpec
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.procedure_steps import CARDS, ENVY_HAND, PROGRESSIVE_METER
from dealer_trainer.games.table_support import fchb_sign, show_draws
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import Odds
from dealer_trainer.vocabulary import Vocabulary

OPENING_INVENTORY = Decimal(250000)
"""The practice table's opening float in the chip rack: enough for a capped royal flush."""

W = TypeVar("W", bound=SpotKind)
W_contra = TypeVar("W_contra", bound=SpotKind, contravariant=True)


class _Row(Protocol):
    @property
    def label(self) -> str: ...
    @property
    def odds(self) -> Odds: ...


class _Paytable(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def cards(self) -> Vocabulary: ...
    @property
    def rows(self) -> Sequence[_Row]: ...


class PaytableTable(Protocol[W_contra]):
    """What the felt needs of a table's Rules Submission."""

    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def progressive(self) -> object | None: ...
    @property
    def envy_amount(self) -> Decimal | None: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...
    def offers(self, wager: W_contra) -> bool: ...
    def paytable(self, wager: W_contra) -> _Paytable: ...


def offered_spots(
    config: PaytableTable[W], wagers: Iterable[SpotKind], envy: SpotKind
) -> frozenset[Spot]:
    """Every spot the table can settle: the cards, each offered wager, and with a progressive
    the table inventory container, the meter and (with an Envy Bonus) the Envy hand and each
    seat's Envy Bonus; with a Five Card Hand Bonus its electronic spots."""
    names = {Spot(CARDS)} | {Spot(wager) for wager in wagers}
    if config.progressive is not None:
        names |= {Spot(TableSpot.TABLE), Spot(PROGRESSIVE_METER)}
        if config.envy_amount is not None:
            names |= {Spot(ENVY_HAND), Spot(envy, WhoseHand.SEAT)}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}
    return frozenset(names)


def paytable_signs(
    config: PaytableTable[W],
    base: Sequence[W],
    others: Iterable[W],
    *,
    progressive: W,
    envy: W,
    limit: Decimal | None,
    fchb_cards: str,
) -> tuple[Sign, ...]:
    """A placard per paytable: the base wagers' one (paid on ``base[0]``'s table) with the
    payout limit per hand, each other offered wager's, the progressive's with its Envy Bonus,
    and the Five Card Hand Bonus's on ``fchb_cards``."""
    placards: list[Sign] = []
    for wager in (base[0], *(w for w in others if config.offers(w))):
        table = config.paytable(wager)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        paid: frozenset[SpotKind] = frozenset({wager})
        if wager is base[0]:
            paid = frozenset(base)
            if limit is not None:
                rows += (("Payout limit per hand", format_money(limit)),)
        if wager is progressive and config.envy_amount is not None:
            rows += (("Envy Bonus", format_money(config.envy_amount)),)
            paid |= {envy}
        placards.append(Sign(table.name, table.cards.value, rows, paid))
    if config.five_card_hand_bonus is not None:
        placards.append(fchb_sign(config.five_card_hand_bonus, fchb_cards))
    return tuple(placards)


class _Round(Protocol):
    @property
    def community(self) -> tuple[Card, ...]: ...
    @property
    def progressive_meter(self) -> Decimal | None: ...
    @property
    def fchb(self) -> FchbDraws | None: ...
    @property
    def seed(self) -> int | None: ...


def community_table_setup(
    round_: _Round,
    config: PaytableTable[W],
    seats: tuple[SeatSetup, ...],
    signs: tuple[Sign, ...],
    spots: frozenset[Spot],
    limit_note: str | None,
) -> TableSetup:
    """The round on the felt: the community cards in the dealer's card area, the progressive
    and Five Card Hand Bonus meters and draws, and ``limit_note`` after the draws."""
    notes: list[str] = []
    meters: dict[SpotKind, Decimal] = {}
    if round_.progressive_meter is not None:
        meters[PROGRESSIVE_METER] = round_.progressive_meter
    show_draws(round_.fchb, meters, notes)
    if limit_note is not None:
        notes.append(limit_note)
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=seats,
        dealer_cards=round_.community,
        board=(),
        meters=meters,
        signs=signs,
        offered_spots=spots,
        inventory=OPENING_INVENTORY,
        notes=tuple(notes),
        seed=round_.seed,
        pre_deal=pre_deal_actions(
            lock_out=config.progressive is not None or config.five_card_hand_bonus is not None,
            progressive=config.progressive is not None,
        ),
    )


__all__ = [
    "OPENING_INVENTORY",
    "PaytableTable",
    "community_table_setup",
    "offered_spots",
    "paytable_signs",
]
