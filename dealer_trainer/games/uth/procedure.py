"""The Ultimate Texas Hold 'Em settlement procedure: every step, its amount and its order.

The order encodes only what the regulations fix (ultimate-texas-holdem.md § 6): players one at
a time from the dealer's right, counterclockwise; in a seat the base wagers, then the optional
wagers, then the Five Card Hand Bonus and its Magic Card / Lucky Bonus awards; a bonus win is
verified, then a floorperson verifies a 500-for-1 or percentage-of-meter payout, then the game
account is credited, except a percentage-of-meter payout, whose hand stays on the table until
documentation is complete; cards go to the discard rack only after the seat is settled.
Everything else (Ante before Blind, Trips before Play the Board, when the Must-Hit-By bonus is
paid) is left free, so the grader accepts every order the regulation allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    PRE_DEAL_NOT_CALLED_FOR,
    before_settlement,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step, StepRecorder, money_text
from dealer_trainer.games.uth.must_hit_by import add_contributions, qualifies
from dealer_trainer.games.uth.outcomes import Result, WagerOutcome, envy_qualifies, settle_seat
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.settings import FoldTreatment
from dealer_trainer.rules.table_config import MustHitByPayment
from dealer_trainer.rules.wagers import BetOn, UthWager

BASE = (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY)
OPTIONAL = (
    UthWager.TRIPS,
    UthWager.BAD_BEAT,
    UthWager.PLAY_THE_BOARD,
    UthWager.ULTIMATE_PAIRS,
    UthWager.SIX_CARD_BONUS,
    UthWager.PROGRESSIVE,
)
AWARDS = (UthWager.FIVE_CARD_HAND_BONUS, UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS)

ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§§ 639a.11(c), 641a.11(c), 643a.11(f), by analogy)."
)
ORDER_OPTIONAL = "A player's Ante, Blind and Play are settled before the optional wagers."
ORDER_AWARDS = (
    "The Five Card Hand Bonus is settled after the player's other wagers, and the Magic Card "
    "and Lucky Bonus after it (§ 639a.11(c)(6), by analogy)."
)
ORDER_BONUS = (
    "Verify the winning hand first, then the floorperson's verification, then the game "
    "account or the jackpot documentation (§ 639a.11(c)(6), by analogy)."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled "
    "(§ 653a.11(n); §§ 653b.4(d), 653b.5(d))."
)
ORDER_METER = "The meter is reset only after the jackpot it paid has been settled."

PROGRESSIVE = UthWager.PROGRESSIVE
ENVY_HAND = "Envy Bonus Qualifying Hand"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C), by analogy; § 653a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii), by analogy; § 653a.1"
CITE_PROGRESSIVE_PAY = "§ 653a.12(d); § 645a.11(h)(4)(ii)(D), by analogy"
CITE_PROGRESSIVE_HOLD = "§ 645a.11(h)(4)(ii)(D), by analogy"
ORDER_ENVY = (
    "Envy Bonuses are paid after every progressive payout wager is settled "
    "(§ 645a.11(h)(6)(ii), by analogy)."
)
FCHB_PROCEDURE = "§ 639a.11(c)(6), by analogy"
CITE_FLOOR = "§ 639a.11(c)(6)(ii), by analogy"
CITE_CREDIT = "§ 639a.11(c)(6)(iii), by analogy"
CITE_HOLD = "§ 639a.11(c)(6)(iii)-(iv), by analogy"
CITE_DISCARD = "§ 653a.11(n); § 639a.11(d), by analogy"
CITE_METER_RESET = "§ 639a.12(e)(4), by analogy"

NOT_CALLED_FOR: dict[Action, str] = {
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only to verify a 500-for-1 or percentage-of-meter Five Card "
        "Hand Bonus payout and to validate a Must-Hit-By bonus (§ 639a.11(c)(6)(ii), by "
        "analogy; § 653b.1(c)(5))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus win is credited to the game "
        "account, and never a percentage-of-meter payout (§ 639a.11(c)(6)(iii), by analogy)."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "A hand stays on the table only for a payout that may not be credited to the game "
        "account, a percentage of the meter (§ 639a.11(c)(6)(iv), by analogy)."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified for a Five Card Hand Bonus, Magic Card or Lucky Bonus win "
        "(§ 639a.11(c)(6)(i), by analogy)."
    ),
    Action.VERIFY_METER: "The meter light is verified only for a Must-Hit-By win (§ 653b.1(c)(5)).",
    Action.RESET_METER: "A meter is reset only after it paid a jackpot (§ 653b.1(c)(5)).",
    Action.COLLECT_COMMISSION: "Ultimate Texas Hold 'Em takes no commission.",
    Action.ACKNOWLEDGE_ENVY: "No player holds an Envy Bonus Qualifying Hand this round.",
    Action.PAY_ENVY: "No Envy Bonus is owed this round.",
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: "There is no wager there to collect.",
    Action.PUSH: "There is no wager there.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **PRE_DEAL_NOT_CALLED_FOR,
}


def spot_name(outcome: WagerOutcome) -> str:
    if outcome.bet_on is BetOn.DEALER:
        return f"{outcome.wager.value} (dealer's hand)"
    return outcome.wager.value


def resolution(outcome: WagerOutcome) -> tuple[Action, Decimal]:
    if outcome.result is Result.WIN:
        return Action.PAY, outcome.paid
    if outcome.result is Result.PUSH:
        return Action.PUSH, outcome.stake
    return Action.COLLECT, outcome.stake


def _needs_floorperson(outcome: WagerOutcome) -> bool:
    odds = outcome.row.odds if outcome.row is not None else None
    if odds is None:
        return False
    return odds.kind is OddsKind.METER_PERCENT or (
        odds.kind is OddsKind.FOR and odds.x >= 500 * odds.y
    )


@dataclass(frozen=True)
class _EnvyPlan:
    """Who holds an Envy Bonus Qualifying Hand and who is owed Envy for it (§ 653a.1).

    A hand counts only while its progressive wager is in action, so a folded hand neither
    holds nor earns Envy unless the table keeps the progressive wager after a fold.
    """

    amount: Decimal
    holders: dict[int, HandValue]
    recipients: tuple[int, ...]

    @classmethod
    def of(cls, round_: UthRound) -> _EnvyPlan:
        config = round_.config
        spec = config.progressive
        if spec is None or spec.envy is None:
            return cls(Decimal(0), {}, ())
        kept = config.rules.progressive_on_fold is FoldTreatment.STAYS_IN_ACTION
        live = [s for s in round_.seats if kept or not s.decision.folded]
        recipients = tuple(sorted((s.seat for s in live if s.wagers.progressive > 0), reverse=True))
        holders: dict[int, HandValue] = {}
        for play in sorted(live, key=lambda s: -s.seat):
            hand = envy_qualifies(config, round_.deal_for(play))
            if hand is not None and any(r != play.seat for r in recipients):
                holders[play.seat] = hand
        return cls(spec.envy, holders, recipients)


class _Builder(StepRecorder):
    def __init__(self, round_: UthRound) -> None:
        self.round = round_
        self.steps: list[Step] = []
        self.dealer_bonus: dict[str, str] = {}
        self.meter_holds: list[str] = []
        self.meter_emptied = False
        self.progressive_meter_emptied: list[str] = []
        self.envy = _EnvyPlan.of(round_)
        self.acknowledged: list[str] = []
        self.progressive_settled: list[str] = []
        self.face_up: dict[int, list[str]] = {}

    def add(
        self,
        id_: str,
        seat: int,
        spot: str,
        action: Action,
        amount: Decimal | None,
        after: Sequence[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: HandValue | str | None = None,
    ) -> str:
        """As ``StepRecorder.add``, naming a verified hand by its category."""
        named = hand.rank.value if isinstance(hand, HandValue) else hand
        return super().add(
            id_, seat, spot, action, amount, after, citation, explanation, order_rule, named
        )

    def seat(self, play: SeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        r = self.round
        draws = replace(r.draws, dealer_hand_bettors=max(1, r.dealer_hand_bettors))
        outcomes = settle_seat(
            r.config, r.deal_for(play), play.wagers, play.decision, draws, play.seat
        )
        prefix = f"s{play.seat}"
        base = [o for o in outcomes if o.wager in BASE]
        optional = [o for o in outcomes if o.wager in OPTIONAL and o.wager is not PROGRESSIVE]
        progressive = [o for o in outcomes if o.wager is PROGRESSIVE and o.result is Result.WIN]
        awards = [o for o in outcomes if o.wager in AWARDS]
        base_ids = [self._resolve(play.seat, o, entry, ORDER_SEATS) for o in base]
        optional_ids = [
            self._resolve(play.seat, o, base_ids or entry, ORDER_OPTIONAL) for o in optional
        ]
        optional_ids += [
            self._award(play.seat, prefix, o, base_ids or entry, ORDER_OPTIONAL)
            for o in progressive
        ]
        if play.seat in self.envy.holders:
            optional_ids.append(self._acknowledge_envy(play.seat, base_ids or entry))
        if play.wagers.progressive > 0:
            self.progressive_settled += optional_ids or base_ids or entry
        previous = optional_ids or base_ids or entry
        award_ids: list[str] = []
        held = False
        for hand in (BetOn.PLAYER, BetOn.DEALER):
            for outcome in (o for o in awards if o.bet_on is hand and o.result is Result.WIN):
                last = self._award(play.seat, prefix, outcome, previous)
                award_ids.append(last)
                previous = [last]
                held = held or (outcome.is_meter_award and hand is BetOn.PLAYER)
        settled = base_ids + optional_ids + award_ids
        held = held or any(o.is_meter_award for o in progressive)
        if held:
            return [*optional_ids, *award_ids][-1:]
        if play.seat in self.envy.holders:
            self.face_up[play.seat] = settled
            return settled[-1:]
        return [self._discard(play.seat, settled or entry)]

    def _discard(self, seat: int, after: list[str]) -> str:
        return self.add(
            f"s{seat}.discard",
            seat,
            "Cards",
            Action.DISCARD,
            None,
            after,
            CITE_DISCARD,
            f"Seat {seat}: every wager is settled; the cards go to the discard rack, "
            "in order, so the hand can be reconstructed.",
            ORDER_DISCARD,
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
            CITE_ENVY_ACK,
            f"Seat {seat} holds {hand.rank.value.lower()} ({format_cards(hand.cards)}), an Envy "
            "Bonus Qualifying Hand, and another player made a progressive payout wager: "
            "announce it aloud and leave the cards face up until the Envy Bonuses are paid.",
            hand=hand,
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
                    f"Envy Bonus (seat {holder}'s hand)",
                    Action.PAY_ENVY,
                    self.envy.amount,
                    after,
                    CITE_ENVY_PAY,
                    f"Seat {recipient} made a progressive payout wager and seat {holder} holds "
                    f"an Envy Bonus Qualifying Hand: pay the Envy Bonus, "
                    f"{money_text(self.envy.amount)}.",
                    ORDER_ENVY,
                )
                paid[holder].append(step)
        for holder, settled in self.face_up.items():
            self._discard(holder, [*settled, *paid[holder]])

    def _resolve(self, seat: int, outcome: WagerOutcome, after: list[str], rule: str) -> str:
        action, amount = resolution(outcome)
        spot = spot_name(outcome)
        return self.add(
            f"s{seat}.{outcome.wager.key}",
            seat,
            spot,
            action,
            amount,
            after,
            outcome.citation.short,
            f"Seat {seat} {spot}: {action.label} {money_text(amount)} — {outcome.reason}.",
            rule,
        )

    def _award(
        self,
        seat: int,
        prefix: str,
        outcome: WagerOutcome,
        after: list[str],
        order_rule: str = ORDER_AWARDS,
    ) -> str:
        """Verify, floorperson if required, then credit (pay, for the progressive wager) or
        hold for documentation, for one bonus award."""
        spot = spot_name(outcome)
        key = f"{prefix}.{outcome.wager.key}" + (
            "_dealer" if outcome.bet_on is BetOn.DEALER else ""
        )
        hand_text = f"the {outcome.hand.rank.value.lower()}" if outcome.hand else "the hand"
        why = outcome.reason
        floor = _needs_floorperson(outcome)
        if outcome.bet_on is BetOn.DEALER:
            verified = self._dealer_verification(outcome, floor)
            chain = [*after, verified]
        else:
            verify = self.add(
                f"{key}.verify",
                seat,
                spot,
                Action.VERIFY_HAND,
                None,
                after,
                FCHB_PROCEDURE,
                f"Seat {seat} {spot}: verify {hand_text} before it is paid — {why}.",
                order_rule,
                outcome.hand,
            )
            chain = [verify]
            if floor:
                chain = [
                    self.add(
                        f"{key}.floorperson",
                        seat,
                        spot,
                        Action.CALL_FLOORPERSON,
                        None,
                        chain,
                        CITE_FLOOR,
                        f"Seat {seat} {spot}: a floorperson or above must verify a "
                        f"{outcome.odds} payout before it is paid.",
                        ORDER_BONUS,
                    )
                ]
        progressive = outcome.wager is PROGRESSIVE
        if outcome.is_meter_award:
            assert outcome.row is not None
            where, cite = (
                ("paid from the table inventory container", CITE_PROGRESSIVE_HOLD)
                if progressive
                else ("credited to the game account", CITE_HOLD)
            )
            step = self.add(
                f"{key}.hold",
                seat,
                spot,
                Action.HOLD_FOR_DOCUMENTATION,
                outcome.paid,
                chain,
                cite,
                f"Seat {seat} {spot}: {money_text(outcome.paid)} ({outcome.odds}) may not be "
                f"{where}; the winning hand stays on the table until the jackpot "
                f"documentation is complete — {why}.",
                ORDER_BONUS,
            )
            # Only a 100%-of-meter award empties a meter; after a 10% award the rest stays.
            emptied = outcome.row.odds.percent == 100
            if progressive:
                self.progressive_meter_emptied += [step] if emptied else []
            else:
                self.meter_holds.append(step)
                self.meter_emptied = self.meter_emptied or emptied
            return step
        if progressive:
            return self.add(
                f"{key}.pay",
                seat,
                spot,
                Action.PAY,
                outcome.paid,
                chain,
                CITE_PROGRESSIVE_PAY,
                f"Seat {seat} {spot}: pay {money_text(outcome.paid)} from the table inventory "
                f"— {why}.",
                ORDER_BONUS,
            )
        return self.add(
            f"{key}.credit",
            seat,
            spot,
            Action.CREDIT_GAME_ACCOUNT,
            outcome.paid,
            chain,
            CITE_CREDIT,
            f"Seat {seat} {spot}: credit {money_text(outcome.paid)} to the player's game "
            f"account — {why}.",
            ORDER_BONUS,
        )

    def _dealer_verification(self, outcome: WagerOutcome, floor: bool) -> str:
        """The dealer's hand is verified (and a floorperson called) once for all its bettors."""
        spot = spot_name(outcome)
        key = f"dealer.{outcome.wager.key}"
        if key in self.dealer_bonus:
            return self.dealer_bonus[key]
        hand_text = f"the {outcome.hand.rank.value.lower()}" if outcome.hand else "the hand"
        last = self.add(
            f"{key}.verify",
            DEALER,
            spot,
            Action.VERIFY_HAND,
            None,
            [],
            FCHB_PROCEDURE,
            f"Dealer {spot}: verify {hand_text} on the dealer's hand before any bettor on it is "
            "paid.",
            ORDER_BONUS,
            outcome.hand,
        )
        if floor:
            last = self.add(
                f"{key}.floorperson",
                DEALER,
                spot,
                Action.CALL_FLOORPERSON,
                None,
                [last],
                CITE_FLOOR,
                f"Dealer {spot}: a floorperson or above must verify a {outcome.odds} payout on "
                "the dealer's hand before it is paid.",
                ORDER_BONUS,
            )
        self.dealer_bonus[key] = last
        return last

    def must_hit_by(self) -> None:
        r = self.round
        config = r.config.must_hit_by_configuration()
        spec = r.config.must_hit_by
        if r.must_hit_by is None or config is None or spec is None:
            return
        contributions = [
            (s.seat, s.wagers.progressive)
            for s in sorted(r.seats, key=lambda s: s.seat)
            if s.wagers.progressive > 0 and qualifies(config, s.wagers.progressive)
        ]
        result = add_contributions(
            config,
            r.must_hit_by.meter,
            r.must_hit_by.trigger,
            contributions,
            rounding=r.config.rules.meter_payout_rounding,
        )
        if result.winner is None or result.award is None:
            return
        seat, spot, cite = result.winner, UthWager.MUST_HIT_BY.value, "§ 653b.1(c)(5)"
        verify = self.add(
            "mhb.verify_meter",
            seat,
            spot,
            Action.VERIFY_METER,
            None,
            [],
            cite,
            f"Seat {seat} {spot}: verify that the correct light on the progressive table game "
            f"system is lit — {result.reason}.",
        )
        floor = self.add(
            "mhb.floorperson",
            seat,
            spot,
            Action.CALL_FLOORPERSON,
            None,
            [verify],
            cite,
            f"Seat {seat} {spot}: a floorperson or above validates the payout.",
            "The light is verified before the floorperson validates the payout.",
        )
        how = (
            "from the table inventory"
            if spec.payment is MustHitByPayment.TABLE_INVENTORY
            else "by progressive jackpot slip"
        )
        paid = self.add(
            "mhb.pay",
            seat,
            spot,
            Action.PAY,
            result.award,
            [floor],
            "§ 653b.1(c)(6)-(7)",
            f"Seat {seat} {spot}: pay 100% of the meter, {money_text(result.award)}, {how}.",
            "The floorperson validates the payout before it is paid.",
        )
        self.add(
            "mhb.reset_meter",
            DEALER,
            "Must-Hit-By meter",
            Action.RESET_METER,
            config.minimum_value,
            [paid],
            "§ 653b.1(c)(5)",
            f"Reset the Must-Hit-By meter to the configuration's minimum, "
            f"{money_text(config.minimum_value)} ({config.name}).",
            ORDER_METER,
        )

    def fchb_meter_reset(self) -> None:
        reset = self.round.config.fchb_meter_reset
        if not self.meter_emptied or reset is None:
            return
        self.add(
            "fchb.reset_meter",
            DEALER,
            "Five Card Hand Bonus meter",
            Action.RESET_METER,
            reset,
            self.meter_holds,
            CITE_METER_RESET,
            f"After a percentage-of-meter payout the Five Card Hand Bonus meter is reset to "
            f"{money_text(reset)} (at least $10,000).",
            ORDER_METER,
        )


def _progressive_meter_reset(builder: _Builder) -> None:
    spec = builder.round.config.progressive
    if spec is None or spec.meter_reset is None or not builder.progressive_meter_emptied:
        return
    builder.add(
        "progressive.reset_meter",
        DEALER,
        "Progressive meter",
        Action.RESET_METER,
        spec.meter_reset,
        builder.progressive_meter_emptied,
        "§ 653a.12(d); Rules Submission",
        f"After paying 100% of the progressive meter, reset it to the Rules Submission's "
        f"{money_text(spec.meter_reset)}.",
        ORDER_METER,
    )


def build_procedure(round_: UthRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    exits: list[str] = []
    for play in round_.settlement_order():
        exits = builder.seat(play, exits)
    builder.envy_payments()
    builder.fchb_meter_reset()
    _progressive_meter_reset(builder)
    builder.must_hit_by()
    config = round_.config
    pre = pre_deal_steps(
        lock_out=config.five_card_hand_bonus is not None or config.progressive is not None,
        progressive={s.seat: s.wagers.progressive for s in round_.seats if s.wagers.progressive},
    )
    return Procedure(before_settlement(pre, builder.steps))
