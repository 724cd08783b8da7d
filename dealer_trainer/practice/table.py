"""What lies on the table, before and during settlement, for any game.

A game turns its dealt round into a ``TableSetup`` (cards, the chips on each spot, meters,
signage); ``TableState`` then applies each correctly judged step, so what the trainee sees
moving is exactly what the procedure says happened: a lost wager goes to the rack, a payout
comes out of it, a jackpot hand stays on the table.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct, field

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind
from dealer_trainer.engine.step import Step


class TableState(Struct):
    """The felt as settlement changes it; every change comes from a correct step."""

    setup: TableSetup
    stakes: dict[SpotId, Decimal] = field(default_factory=dict)
    electronic: dict[SpotId, Decimal] = field(default_factory=dict)
    payouts: dict[SpotId, Decimal] = field(default_factory=dict)
    pushed: set[SpotId] = field(default_factory=set)
    credited: dict[SpotId, Decimal] = field(default_factory=dict)
    held: dict[SpotId, Decimal] = field(default_factory=dict)
    verified: dict[SpotId, str] = field(default_factory=dict)
    announced: dict[int, str] = field(default_factory=dict)
    discarded: list[int] = field(default_factory=list)
    discard_count: int = 0
    meters: dict[SpotKind, Decimal] = field(default_factory=dict)
    inventory: Decimal = Decimal(0)
    to_drop: Decimal = Decimal(0)
    """Progressive chips collected before the deal, not yet in the container."""
    container: Decimal = Decimal(0)
    pre_deal_done: set[Action] = field(default_factory=set)
    lammers: set[int] = field(default_factory=set)
    set_hands: dict[int, str] = field(default_factory=dict)
    """Hands set on the table (the dealer's, by the house way), in split notation."""
    rearranged: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, setup: TableSetup) -> TableState:
        state = cls(setup, meters=dict(setup.meters), inventory=setup.inventory)
        for seat in setup.seats:
            state.stakes.update(seat.stakes)
            state.electronic.update(seat.electronic)
        return state

    def cards_on_table(self, seat: int) -> bool:
        return seat not in self.discarded

    @property
    def locked_out(self) -> bool:
        """Whether the table system refuses further electronic bonus and progressive wagers:
        the dealer locked it out before the deal (§§ 639a.2(d), 639a.8(b))."""
        return Action.LOCK_OUT_WAGERS in self.pre_deal_done

    def hand_held(self, seat: int) -> bool:
        return any(spot.seat == seat for spot in self.held)

    def apply(self, step: Step, hand: str | None = None) -> None:
        """Make the felt show ``step`` done (the grader has judged it correct)."""
        key = step.spot
        amount = step.amount or Decimal(0)
        match step.action:
            case Action.COLLECT if is_pre_deal(step):
                self.to_drop += self.stakes.pop(key, amount)
            case Action.COLLECT:
                self.inventory += self.stakes.pop(key, amount)
            case Action.DROP_IN_CONTAINER:
                self.container += self.to_drop
                self.to_drop = Decimal(0)
            case Action.ANNOUNCE_NO_MORE_BETS | Action.LOCK_OUT_WAGERS | Action.VERIFY_CHIP_COUNT:
                self.pre_deal_done.add(step.action)
            case Action.PLACE_LAMMER:
                self.lammers.add(step.seat)
            case Action.PAY | Action.PAY_ENVY:
                self.payouts[key] = self.payouts.get(key, Decimal(0)) + amount
                self.inventory -= amount
            case Action.PUSH:
                self.pushed.add(key)
            case Action.CREDIT_GAME_ACCOUNT:
                self.credited[key] = amount
            case Action.HOLD_FOR_DOCUMENTATION:
                self.held[key] = amount
            case Action.VERIFY_HAND | Action.VERIFY_METER:
                self.verified[key] = hand or step.hand or ""
            case Action.ACKNOWLEDGE_ENVY:
                self.announced[step.seat] = hand or step.hand or ""
            case Action.DISCARD:
                self._discard(step.seat)
            case Action.RESET_METER:
                self.meters[step.spot.kind] = amount
            case Action.COLLECT_COMMISSION:
                self.inventory += amount
            case Action.SET_HAND:
                self.set_hands[step.seat] = hand or step.hand or ""
            case Action.REARRANGE_HAND:
                self.rearranged[step.seat] = hand or step.hand or ""
            case Action.CALL_FLOORPERSON:
                pass

    def _discard(self, seat: int) -> None:
        """The cards go to the rack and the player takes back what the seat won or pushed."""
        if seat == DEALER:
            return
        self.discarded.append(seat)
        self.discard_count += len(self.setup.seat(seat).cards)
        for store in (self.stakes, self.payouts, self.electronic, self.credited):
            for key in [k for k in store if k.seat == seat]:
                del store[key]
        self.pushed = {k for k in self.pushed if k.seat != seat}
