"""The settlement procedure of a game of two hole cards and five community cards with a
progressive, its Envy Bonus and the Five Card Hand Bonus (Ultimate Texas Hold 'Em, Texas Hold
'Em Bonus Poker).

Both chapters fix the same order: players one at a time from the dealer's right,
counterclockwise; in a seat the base wagers, then the optional wagers and the progressive, then
the Five Card Hand Bonus and its Magic Card / Lucky Bonus awards (the shared module's steps);
an Envy Bonus Qualifying Hand announced and left face up until every progressive wager is
settled, then each other progressive bettor paid once for it; the cards to the discard rack
only after the seat is settled; a meter emptied by a jackpot reset after it. What differs is the
law: which wagers are base and optional, and the sections each step and order rule cites, so a
game passes them in a ``CommunityCiting`` and its round and outcomes through the subclass hooks
of ``CommunityBuilder``; anything else a chapter adds (a Must-Hit-By meter) the game's own
builder adds after the rest.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from decimal import Decimal
from typing import Generic, Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import before_settlement, pre_deal_steps
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import DEALER, SpotKind
from dealer_trainer.engine.step import Step
from dealer_trainer.games.community_cards import CommunityPlay
from dealer_trainer.games.five_card_hand_bonus import (
    Citing,
    FchbSettlement,
    FchbSteps,
    FiveCardHandBonusSpec,
)
from dealer_trainer.games.outcome_support import Result
from dealer_trainer.games.procedure_steps import (
    ENVY_HAND,
    ORDER_METER,
    PROGRESSIVE_METER,
    ProgressiveWon,
    SettlementSteps,
    needs_floorperson,
)
from dealer_trainer.games.progressive_config import EnvyProgressiveSpec
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money


class CommunityCiting(Struct, frozen=True):
    """A game's wagers by their place in a seat's order, and the sections and order rules its
    steps cite."""

    base: tuple[SpotKind, ...]
    """Settled first in a seat (the Ante and the wagers played against the dealer)."""
    optional: tuple[SpotKind, ...]
    """Settled after the base wagers; the progressive among them."""
    progressive: SpotKind
    envy_bonus: SpotKind
    """The spot an Envy Bonus is paid on, at the recipient's seat."""
    order_seats: str
    order_optional: str
    order_progressive: str
    order_discard: str
    order_envy: str
    envy_acknowledge: str
    envy_pay: str
    progressive_pay: str
    progressive_hold: str
    progressive_meter_reset: str
    verify: str
    floorperson: str
    discard: str
    pre_deal_section: str
    """The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
    fchb: Citing
    """How the Five Card Hand Bonus steps cite the paragraphs."""


class _Config(Protocol):
    @property
    def progressive(self) -> EnvyProgressiveSpec | None: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


P = TypeVar("P", bound=CommunityPlay)


class RoundToSettle(Protocol[P]):
    """What the procedure reads of a dealt round."""

    @property
    def config(self) -> _Config: ...
    @property
    def seats(self) -> tuple[P, ...]: ...
    def settlement_order(self) -> tuple[P, ...]: ...
    def five_card_hand_bonus(self, play: P) -> tuple[FchbSettlement, ...]: ...


class Settled(ProgressiveWon, Protocol):
    """A wager outcome as the procedure reads it: the hand a progressive win verifies."""

    @property
    def hand(self) -> HandValue | None: ...


class EnvyPlan(Struct, frozen=True):
    """Who holds an Envy Bonus Qualifying Hand and who is owed Envy for it.

    A hand counts only while its progressive wager is in action, so a folded hand neither
    holds nor earns Envy unless the table keeps the progressive wager after a fold.
    """

    amount: Decimal
    holders: dict[int, HandValue]
    recipients: tuple[int, ...]


class CommunityBuilder(SettlementSteps, ABC, Generic[P]):
    """One round's steps; a game's subclass says how its seats settle (the hooks below)."""

    def __init__(self, round_: RoundToSettle[P], citing: CommunityCiting) -> None:
        self.round = round_
        self.citing = citing
        self.steps: list[Step] = []
        spec = round_.config.five_card_hand_bonus
        self.fchb = None if spec is None else FchbSteps(self.add, spec, citing=citing.fchb)
        self.progressive_meter_emptied: list[str] = []
        self.envy = self._envy_plan()
        self.acknowledged: list[str] = []
        self.progressive_settled: list[str] = []
        self.face_up: dict[int, list[str]] = {}

    @abstractmethod
    def outcomes(self, play: P) -> Sequence[Settled]:
        """Every chip-wager outcome of ``play``'s seat."""

    @abstractmethod
    def envy_hand(self, play: P) -> HandValue | None:
        """``play``'s hand if it is an Envy Bonus Qualifying Hand."""

    @abstractmethod
    def progressive_kept_on_fold(self) -> bool:
        """Whether the table keeps the progressive wager in action after a fold."""

    def _envy_plan(self) -> EnvyPlan:
        spec = self.round.config.progressive
        if spec is None or spec.envy is None:
            return EnvyPlan(Decimal(0), {}, ())
        kept = self.progressive_kept_on_fold()
        live = [s for s in self.round.seats if kept or not s.decision.folded]
        recipients = tuple(sorted((s.seat for s in live if s.wagers.progressive > 0), reverse=True))
        holders: dict[int, HandValue] = {}
        for play in sorted(live, key=lambda s: -s.seat):
            hand = self.envy_hand(play)
            if hand is not None and any(r != play.seat for r in recipients):
                holders[play.seat] = hand
        return EnvyPlan(spec.envy, holders, recipients)

    def seat(self, play: P, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        cite = self.citing
        outcomes = self.outcomes(play)
        progressive_spot = cite.progressive
        base = [o for o in outcomes if o.wager in cite.base]
        optional = [
            o for o in outcomes if o.wager in cite.optional and o.wager is not progressive_spot
        ]
        progressive = [
            o for o in outcomes if o.wager is progressive_spot and o.result is Result.WIN
        ]
        base_ids = [self.resolve(play.seat, o, entry, cite.order_seats) for o in base]
        optional_ids = [
            self.resolve(play.seat, o, base_ids or entry, cite.order_optional) for o in optional
        ]
        optional_ids += [
            self._progressive_win(play.seat, o, base_ids or entry) for o in progressive
        ]
        if play.seat in self.envy.holders:
            optional_ids.append(self._acknowledge_envy(play.seat, base_ids or entry))
        if play.wagers.progressive > 0:
            self.progressive_settled += optional_ids or base_ids or entry
        award_ids: list[str] = []
        held = False
        if self.fchb is not None:
            bonus = self.fchb.seat(
                self.round.five_card_hand_bonus(play), optional_ids or base_ids or entry
            )
            award_ids, held = list(bonus.exits), bonus.held
        settled = base_ids + optional_ids + award_ids
        held = held or any(o.is_meter_award for o in progressive)
        if play.seat in self.envy.holders:
            self.face_up[play.seat] = settled
            return settled[-1:]
        if held:
            return [self.discard_documented(play.seat, settled, cite.discard, cite.order_discard)]
        return [self._discard(play.seat, settled or entry)]

    def _discard(self, seat: int, after: list[str]) -> str:
        return self.discard(
            seat,
            after,
            self.citing.discard,
            f"Seat {seat}: every wager is settled; the cards go to the discard rack, "
            "in order, so the hand can be reconstructed.",
            self.citing.order_discard,
        )

    def _acknowledge_envy(self, seat: int, after: list[str]) -> str:
        hand = self.envy.holders[seat]
        step = self.add(
            f"s{seat}.envy.acknowledge",
            seat,
            ENVY_HAND,
            Action.ACKNOWLEDGE_ENVY,
            None,
            after,
            self.citing.envy_acknowledge,
            f"Seat {seat} holds {hand.rank.value.lower()} ({format_cards(hand.cards)}), an Envy "
            "Bonus Qualifying Hand, and another player made a progressive payout wager: "
            "announce it aloud and leave the cards face up until the Envy Bonuses are paid.",
            hand=hand.rank.value,
        )
        self.acknowledged.append(step)
        return step

    def envy_payments(self) -> None:
        """After every progressive wager is settled, each other progressive bettor is paid
        once per qualifying hand; never for a player's own hand or the dealer's."""
        paid: dict[int, list[str]] = {holder: [] for holder in self.envy.holders}
        after = [*self.acknowledged, *self.progressive_settled]
        for recipient in self.envy.recipients:
            for holder in self.envy.holders:
                if holder == recipient:
                    continue
                step = self.add(
                    f"s{recipient}.envy.s{holder}",
                    recipient,
                    self.citing.envy_bonus,
                    Action.PAY_ENVY,
                    self.envy.amount,
                    after,
                    self.citing.envy_pay,
                    f"Seat {recipient} made a progressive payout wager and seat {holder} holds "
                    f"an Envy Bonus Qualifying Hand: pay the Envy Bonus, "
                    f"{format_money(self.envy.amount)}.",
                    self.citing.order_envy,
                    hand_of=holder,
                )
                paid[holder].append(step)
        for holder, settled in self.face_up.items():
            self._discard(holder, [*settled, *paid[holder]])

    def _progressive_win(self, seat: int, outcome: Settled, after: list[str]) -> str:
        """Verify, a floorperson if required, then pay from the table inventory or hold the
        hand for the jackpot documentation (§ 645a.11(h)(4)(ii)(D), by analogy)."""
        cite = self.citing
        spot = outcome.wager
        key = f"s{seat}.{outcome.wager.key}"
        hand_text = f"the {outcome.hand.rank.value.lower()}" if outcome.hand else "the hand"
        why = outcome.reason
        chain = [
            self.add(
                f"{key}.verify",
                seat,
                spot,
                Action.VERIFY_HAND,
                None,
                after,
                cite.verify,
                f"Seat {seat} {spot}: verify {hand_text} before it is paid — {why}.",
                cite.order_optional,
                outcome.hand.rank.value if outcome.hand else None,
            )
        ]
        if needs_floorperson(outcome.row):
            chain = [
                self.add(
                    f"{key}.floorperson",
                    seat,
                    spot,
                    Action.CALL_FLOORPERSON,
                    None,
                    chain,
                    cite.floorperson,
                    f"Seat {seat} {spot}: a floorperson or above must verify a "
                    f"{outcome.odds} payout before it is paid.",
                    cite.order_progressive,
                )
            ]
        if outcome.is_meter_award:
            assert outcome.row is not None
            step = self.add(
                f"{key}.hold",
                seat,
                spot,
                Action.HOLD_FOR_DOCUMENTATION,
                outcome.paid,
                chain,
                cite.progressive_hold,
                f"Seat {seat} {spot}: {format_money(outcome.paid)} ({outcome.odds}) may not be "
                "paid from the table inventory container; the winning hand stays on the table "
                f"until the jackpot documentation is complete — {why}.",
                cite.order_progressive,
            )
            # Only a 100%-of-meter award empties the meter; after a 10% award the rest stays.
            if outcome.row.odds.percent == 100:
                self.progressive_meter_emptied.append(step)
            return step
        return self.add(
            f"{key}.pay",
            seat,
            spot,
            Action.PAY,
            outcome.paid,
            chain,
            cite.progressive_pay,
            f"Seat {seat} {spot}: pay {format_money(outcome.paid)} from the table inventory "
            f"— {why}.",
            cite.order_progressive,
        )

    def progressive_meter_reset(self) -> None:
        spec = self.round.config.progressive
        if spec is None or spec.meter_reset is None or not self.progressive_meter_emptied:
            return
        self.add(
            "progressive.reset_meter",
            DEALER,
            PROGRESSIVE_METER,
            Action.RESET_METER,
            spec.meter_reset,
            self.progressive_meter_emptied,
            self.citing.progressive_meter_reset,
            f"After paying 100% of the progressive meter, reset it to the Rules Submission's "
            f"{format_money(spec.meter_reset)}.",
            ORDER_METER,
        )

    def settle_seats(self) -> None:
        """Every seat in settlement order, the Envy Bonuses, and the meters the round's
        jackpots emptied."""
        exits: list[str] = []
        for play in self.round.settlement_order():
            exits = self.seat(play, exits)
        self.envy_payments()
        if self.fchb is not None:
            self.fchb.meter_reset()
        self.progressive_meter_reset()

    def procedure(self) -> Procedure:
        """The steps added, after the pre-deal steps the table's electronic and progressive
        wagers call for."""
        config = self.round.config
        pre = pre_deal_steps(
            lock_out=config.five_card_hand_bonus is not None or config.progressive is not None,
            progressive={
                s.seat: s.wagers.progressive for s in self.round.seats if s.wagers.progressive
            },
            section=self.citing.pre_deal_section,
            progressive_spot=self.citing.progressive,
        )
        return Procedure(before_settlement(pre, self.steps))


__all__ = [
    "CommunityBuilder",
    "CommunityCiting",
    "EnvyPlan",
    "RoundToSettle",
    "Settled",
]
