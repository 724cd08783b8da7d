"""Settlement steps of a paytable game with community cards and one progressive.

Each player is settled in turn: the base wagers, then the bonus wagers and the Progressive
Payout Wager (a win verified, a floorperson called for a 500-for-1 or meter payout, the hand
held for a meter award's documentation), the Envy hand acknowledged, the Five Card Hand Bonus,
and the cards to the discard rack, or left face up until the Envy Bonuses are paid. What a
seat's base wagers are and when a seat leaves early (a fold) is each game's; the progressive
chain, the way a seat's cards leave and the pre-deal steps are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Protocol

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import pre_deal_steps
from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.engine.step import Step
from dealer_trainer.games.outcome_support import Result
from dealer_trainer.games.procedure_steps import (
    OneProgressiveSteps,
    ProgressiveCiting,
    ProgressiveWon,
    hand_name,
)
from dealer_trainer.hands.hand_value import HandValue

PAYTABLE_ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.CREDIT_GAME_ACCOUNT,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)
"""The verbs of a paytable game with no dealer hand to set or arrange: chip wagers paid,
pushed or collected, progressive chips before the deal, verify / floorperson / pay-or-hold,
Envy, the Five Card Hand Bonus credited or held, meters reset."""


class _ProgressiveOutcome(ProgressiveWon, Protocol):
    @property
    def hand(self) -> HandValue | None: ...


class _Bettor(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def progressive(self) -> Decimal: ...


class _Offers(Protocol):
    @property
    def progressive(self) -> object | None: ...
    @property
    def five_card_hand_bonus(self) -> object | None: ...


class PaytableSeatSteps(OneProgressiveSteps):
    """A builder that settles one player at a time on the player's own hand."""

    def progressive_steps(
        self,
        seat: int,
        spot: SpotKind,
        outcome: _ProgressiveOutcome,
        settled: list[str],
        after: list[str],
        rule: str,
        citing: ProgressiveCiting,
    ) -> tuple[list[str], bool]:
        """A Progressive Payout Wager in action: a win's verify, floorperson and pay-or-hold
        chain after ``after`` (a loss has no step: its chips are in the table inventory
        container). Returns the steps the seat's side wagers gain and whether the hand is held;
        the Envy Bonuses wait for the chain's last step, or for ``settled`` on a loss."""
        added: list[str] = []
        held = False
        if outcome.result is Result.WIN:
            won = self.progressive_win(
                seat,
                spot,
                f"s{seat}.progressive",
                outcome,
                after,
                rule,
                citing,
                hand=hand_name(outcome.hand),
            )
            settled, held = self.won_progressive(won)
            added = settled
        self.progressive_settled += settled
        return added, held

    def leave_table(
        self,
        seat: int,
        settled: list[str],
        exits: list[str],
        held: bool,
        documented: tuple[str, str],
        discard: Callable[[int, list[str]], str],
    ) -> list[str]:
        """How a settled seat's cards leave: face up until the Envy Bonuses are paid for an
        Envy Bonus Qualifying Hand (``exits`` go on), to the rack once a held hand's
        documentation is complete (``documented``: that discard's citation and order rule),
        else to the rack at once (``discard``). Returns the steps the next seat follows."""
        if seat in self.envy_holders:
            self.face_up[seat] = settled
            return exits
        if held:
            citation, rule = documented
            return [self.discard_documented(seat, settled, citation, rule)]
        return [discard(seat, settled)]


def paytable_pre_deal(
    config: _Offers,
    seats: Sequence[_Bettor],
    section: str,
    progressive_spot: SpotKind,
) -> list[Step]:
    """The pre-deal steps: the progressive table game system locks out further Progressive
    Payout Wagers and the electronic wagering system further Five Card Hand Bonus Wagers, and
    each progressive bettor's chips are collected and dropped."""
    return pre_deal_steps(
        lock_out=config.progressive is not None or config.five_card_hand_bonus is not None,
        progressive={s.seat: s.progressive for s in seats if s.progressive},
        section=section,
        progressive_spot=progressive_spot,
    )


__all__ = ["PAYTABLE_ACTIONS", "PaytableSeatSteps", "paytable_pre_deal"]
