"""A best-four round as it lies on the felt when settlement begins.

Chips lie on each player's chip wagers (the Play Wager only for a player who stayed in); each
player's five cards are shown and the dealer's wait to be revealed. A Five Card Hand Bonus is
electronic: shown as placed, with its meter and the table game system's Magic Card and Lucky
Bonus draws, and its paytable on a sign. The game says what its even-money sign adds (the tie
rule, the dealer's qualification), which wagers have a paytable sign, and what notes the felt
shows (a dealer's up card).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Protocol

from dealer_trainer.cards import Card
from dealer_trainer.engine.felt import SeatSetup, Sign, TableSetup
from dealer_trainer.engine.pre_deal import pre_deal_actions
from dealer_trainer.engine.spot import Spot, SpotKind, TableSpot, WhoseHand
from dealer_trainer.games.best_four_progressive import (
    ENVY_HAND,
    ENVY_OF,
    METER,
    ProgressiveTable,
    ProgressiveTerms,
    ProgressiveWager,
    offered,
    spec_of,
)
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    FchbDraws,
    FiveCardHandBonusSpec,
)
from dealer_trainer.games.five_card_hand_bonus import offered_spots as fchb_spots
from dealer_trainer.games.procedure_steps import CARDS, DEALERS_HAND
from dealer_trainer.games.table_support import (
    electronic_stakes,
    fchb_sign,
    felt_stakes,
    show_draws,
)
from dealer_trainer.rules.money import format_money

OPENING_INVENTORY = Decimal(25000)
"""The practice table's opening float in the chip rack."""


class _Play(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def folded(self) -> bool: ...
    @property
    def decision(self) -> object: ...
    @property
    def wagers(self) -> Mapping[Any, Decimal]: ...
    def fchb_stakes(self) -> dict[BetOn, Decimal]: ...


class _Config(ProgressiveTable, Protocol):
    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...
    def offered_wagers(self) -> Iterable[SpotKind]: ...


class _Round(Protocol):
    @property
    def config(self) -> _Config: ...
    @property
    def dealer(self) -> tuple[Card, ...]: ...
    @property
    def fchb(self) -> FchbDraws | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def meters(self) -> Mapping[ProgressiveWager, Decimal | None]: ...
    def decision_order(self) -> Sequence[_Play]: ...


def _seat(play: _Play) -> SeatSetup:
    stakes = felt_stakes(play.seat, play.wagers)
    # The Five Card Hand Bonus is placed through the wagering device: shown as placed, no chips
    # on the layout.
    electronic = electronic_stakes(play.seat, play.fchb_stakes())
    return SeatSetup(play.seat, play.cards, stakes, electronic, str(play.decision), play.folded)


def offered_spots(config: _Config) -> frozenset[Spot]:
    """Every spot this table can settle."""
    names = {Spot(CARDS), Spot(DEALERS_HAND)}
    names |= {Spot(wager) for wager in config.offered_wagers()}
    if config.five_card_hand_bonus is not None:
        names |= fchb_spots(config.five_card_hand_bonus) | {Spot(TableSpot.TABLE)}  # lockout
    for wager in offered(config):
        spec = spec_of(config, wager)
        names |= {Spot(wager), Spot(METER[wager]), Spot(TableSpot.TABLE)}  # pre-deal: drop
        if spec is not None and spec.envy is not None:
            names |= {Spot(ENVY_HAND[wager]), Spot(ENVY_OF[wager], WhoseHand.SEAT)}
    return frozenset(names)


def progressive_signs(config: _Config, terms: ProgressiveTerms) -> list[Sign]:
    """A placard per progressive the table offers, its Envy Bonus beneath its rows."""
    placards: list[Sign] = []
    for wager in offered(config):
        spec = spec_of(config, wager)
        assert spec is not None
        table = terms.paytable(wager, spec, config.source)
        rows = tuple((row.label, str(row.odds)) for row in table.rows)
        paid: frozenset[SpotKind] = frozenset({wager})
        if spec.envy is not None:
            hand = spec.envy_qualifying_hand.value.lower()
            rows += ((f"Envy Bonus: another player's {hand} or better", format_money(spec.envy)),)
            paid |= {ENVY_OF[wager]}
        placards.append(Sign(table.name, table.cards.value, rows, paid))
    return placards


def fchb_placard(config: _Config, dealer_cards: str) -> list[Sign]:
    """The Five Card Hand Bonus sign, where the table offers it; ``dealer_cards`` says which of
    the dealer's cards form the dealer's bonus hand."""
    if config.five_card_hand_bonus is None:
        return []
    return [fchb_sign(config.five_card_hand_bonus, f"the player's five cards, or {dealer_cards}")]


def best_four_setup(round_: _Round, signs: tuple[Sign, ...], notes: Sequence[str]) -> TableSetup:
    """The felt: the seats in decision order, the dealer's cards, the bonus's meter and draws,
    the ``signs`` and the ``notes`` the game shows."""
    config = round_.config
    shown = list(notes)
    meters: dict[SpotKind, Decimal] = {}
    for wager, meter in round_.meters.items():
        if meter is not None and spec_of(config, wager) is not None:
            meters[METER[wager]] = meter
    show_draws(round_.fchb, meters, shown)
    return TableSetup(
        game=config.game,
        table_name=config.name,
        seats=tuple(_seat(play) for play in round_.decision_order()),
        dealer_cards=round_.dealer,
        board=(),
        meters=meters,
        signs=signs,
        offered_spots=offered_spots(config),
        inventory=OPENING_INVENTORY,
        notes=tuple(shown),
        seed=round_.seed,
        pre_deal=pre_deal_actions(
            lock_out=config.five_card_hand_bonus is not None or bool(offered(config)),
            progressive=bool(offered(config)),
        ),
    )


__all__ = [
    "OPENING_INVENTORY",
    "best_four_setup",
    "fchb_placard",
    "offered_spots",
    "progressive_signs",
]
