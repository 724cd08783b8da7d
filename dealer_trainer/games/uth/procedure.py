"""The Ultimate Texas Hold 'Em settlement procedure: every step, its amount and its order.

The order encodes only what the regulations fix (ultimate-texas-holdem.md § 6): players one at
a time from the dealer's right, counterclockwise; in a seat the base wagers, then the optional
wagers, then the Five Card Hand Bonus and its Magic Card / Lucky Bonus awards, whose steps the
shared module adds (games/five_card_hand_bonus.py: verify, a floorperson for a 500-for-1 or
percentage-of-meter payout, credit the game account or hold the hand for the documentation, the
meter reset), citing ch. 639a by analogy; cards go to the discard rack only after the seat is
settled.
Everything else (Ante before Blind, Trips before Play the Board, when the Must-Hit-By bonus is
paid) is left free, so the grader accepts every order the regulation allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import DEALER, SpotKind, SpotRole
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, FchbSteps
from dealer_trainer.games.procedure_steps import (
    ENVY_HAND,
    PROGRESSIVE_METER,
    SettlementSteps,
    game_spots,
    needs_floorperson,
)
from dealer_trainer.games.uth.config import MustHitByPayment
from dealer_trainer.games.uth.must_hit_by import add_contributions, qualifies
from dealer_trainer.games.uth.outcomes import (
    FCHB_CITING,
    Result,
    WagerOutcome,
    envy_qualifies,
    settle_seat,
)
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.settings import FoldTreatment
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money

BASE = (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY)
OPTIONAL = (
    UthWager.TRIPS,
    UthWager.BAD_BEAT,
    UthWager.PLAY_THE_BOARD,
    UthWager.ULTIMATE_PAIRS,
    UthWager.SIX_CARD_BONUS,
    UthWager.PROGRESSIVE,
)

ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§§ 639a.11(c), 641a.11(c), 643a.11(f))."
)
ORDER_OPTIONAL = "A player's Ante, Blind and Play are settled before the optional wagers."
ORDER_PROGRESSIVE = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 639a.11(c)(6))."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled "
    "(§ 653a.11(n); §§ 653b.4(d), 653b.5(d))."
)
ORDER_METER = "The meter is reset only after the jackpot it paid has been settled."

PROGRESSIVE = UthWager.PROGRESSIVE


class UthSpot(SpotKind, noun="an Ultimate Texas Hold 'Em spot"):
    """The spots that are not among ``UthWager``'s: the Envy Bonus paid for another player's
    hand (§ 653a.1) and the Must-Hit-By meter (§ 653b.1(c)(5))."""

    ENVY_BONUS = "Envy Bonus"
    MUST_HIT_BY_METER = "Must-Hit-By meter"

    @property
    def role(self) -> SpotRole:
        return SpotRole.ENVY if self is UthSpot.ENVY_BONUS else SpotRole.MUST_HIT_BY


FCHB_AWARDS = (UthWager.FIVE_CARD_HAND_BONUS, UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS)
"""Settled as the shared Five Card Hand Bonus module's awards, on its spots."""
SPOTS = game_spots([w for w in UthWager if w not in FCHB_AWARDS], UthSpot, FCHB_SPOT_KINDS)
"""Every kind of spot an Ultimate Texas Hold 'Em table settles."""

PRE_DEAL_SECTION = "653a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C); § 653a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 653a.1"
CITE_PROGRESSIVE_PAY = "§ 653a.12(d); § 645a.11(h)(4)(ii)(D)"
CITE_PROGRESSIVE_HOLD = "§ 653a.11; § 645a.11(h)(4)(ii)(D)"
ORDER_ENVY = (
    "Envy Bonuses are paid after every progressive payout wager is settled (§ 645a.11(h)(6)(ii))."
)
CITE_VERIFY = "§ 653a.11; § 639a.11(c)(6)(i)"
CITE_FLOOR = "§ 653a.11; § 639a.11(c)(6)(ii)"
CITE_DISCARD = "§ 653a.11(n); § 639a.11(d)"

NOT_CALLED_FOR: dict[Action, str] = {
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only to verify a 500-for-1 or percentage-of-meter Five Card "
        "Hand Bonus payout and to validate a Must-Hit-By bonus (§ 639a.11(c)(6)(ii); "
        "§ 653b.1(c)(5))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus win is credited to the game "
        "account, and never a percentage-of-meter payout (§ 639a.11(c)(6)(iii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "A hand stays on the table only for a payout that may not be credited to the game "
        "account, a percentage of the meter (§ 639a.11(c)(6)(iii))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified for a Five Card Hand Bonus, Magic Card or Lucky Bonus win "
        "(§ 639a.11(c)(6)(i))."
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
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


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


class _Builder(SettlementSteps):
    def __init__(self, round_: UthRound) -> None:
        self.round = round_
        self.steps: list[Step] = []
        spec = round_.config.five_card_hand_bonus
        self.fchb = None if spec is None else FchbSteps(self.add, spec, citing=FCHB_CITING)
        self.progressive_meter_emptied: list[str] = []
        self.envy = _EnvyPlan.of(round_)
        self.acknowledged: list[str] = []
        self.progressive_settled: list[str] = []
        self.face_up: dict[int, list[str]] = {}

    def seat(self, play: SeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        r = self.round
        outcomes = settle_seat(r.config, r.deal_for(play), play.wagers, play.decision, r.draws)
        base = [o for o in outcomes if o.wager in BASE]
        optional = [o for o in outcomes if o.wager in OPTIONAL and o.wager is not PROGRESSIVE]
        progressive = [o for o in outcomes if o.wager is PROGRESSIVE and o.result is Result.WIN]
        base_ids = [self.resolve(play.seat, o, entry, ORDER_SEATS) for o in base]
        optional_ids = [
            self.resolve(play.seat, o, base_ids or entry, ORDER_OPTIONAL) for o in optional
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
            bonus = self.fchb.seat(r.five_card_hand_bonus(play), optional_ids or base_ids or entry)
            award_ids, held = list(bonus.exits), bonus.held
        settled = base_ids + optional_ids + award_ids
        held = held or any(o.is_meter_award for o in progressive)
        if play.seat in self.envy.holders:
            self.face_up[play.seat] = settled
            return settled[-1:]
        if held:
            return [self.discard_documented(play.seat, settled, CITE_DISCARD, ORDER_DISCARD)]
        return [self._discard(play.seat, settled or entry)]

    def _discard(self, seat: int, after: list[str]) -> str:
        return self.discard(
            seat,
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
                    UthSpot.ENVY_BONUS,
                    Action.PAY_ENVY,
                    self.envy.amount,
                    after,
                    CITE_ENVY_PAY,
                    f"Seat {recipient} made a progressive payout wager and seat {holder} holds "
                    f"an Envy Bonus Qualifying Hand: pay the Envy Bonus, "
                    f"{format_money(self.envy.amount)}.",
                    ORDER_ENVY,
                    hand_of=holder,
                )
                paid[holder].append(step)
        for holder, settled in self.face_up.items():
            self._discard(holder, [*settled, *paid[holder]])

    def _progressive_win(self, seat: int, outcome: WagerOutcome, after: list[str]) -> str:
        """Verify, a floorperson if required, then pay from the table inventory or hold the
        hand for the jackpot documentation (§ 645a.11(h)(4)(ii)(D), by analogy)."""
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
                CITE_VERIFY,
                f"Seat {seat} {spot}: verify {hand_text} before it is paid — {why}.",
                ORDER_OPTIONAL,
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
                    CITE_FLOOR,
                    f"Seat {seat} {spot}: a floorperson or above must verify a "
                    f"{outcome.odds} payout before it is paid.",
                    ORDER_PROGRESSIVE,
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
                CITE_PROGRESSIVE_HOLD,
                f"Seat {seat} {spot}: {format_money(outcome.paid)} ({outcome.odds}) may not be "
                "paid from the table inventory container; the winning hand stays on the table "
                f"until the jackpot documentation is complete — {why}.",
                ORDER_PROGRESSIVE,
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
            CITE_PROGRESSIVE_PAY,
            f"Seat {seat} {spot}: pay {format_money(outcome.paid)} from the table inventory "
            f"— {why}.",
            ORDER_PROGRESSIVE,
        )

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
        seat, spot, cite = result.winner, UthWager.MUST_HIT_BY, "§ 653b.1(c)(5)"
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
            f"Seat {seat} {spot}: pay 100% of the meter, {format_money(result.award)}, {how}.",
            "The floorperson validates the payout before it is paid.",
        )
        self.add(
            "mhb.reset_meter",
            DEALER,
            UthSpot.MUST_HIT_BY_METER,
            Action.RESET_METER,
            config.minimum_value,
            [paid],
            "§ 653b.1(c)(5)",
            f"Reset the Must-Hit-By meter to the configuration's minimum, "
            f"{format_money(config.minimum_value)} ({config.name}).",
            ORDER_METER,
        )


def _progressive_meter_reset(builder: _Builder) -> None:
    spec = builder.round.config.progressive
    if spec is None or spec.meter_reset is None or not builder.progressive_meter_emptied:
        return
    builder.add(
        "progressive.reset_meter",
        DEALER,
        PROGRESSIVE_METER,
        Action.RESET_METER,
        spec.meter_reset,
        builder.progressive_meter_emptied,
        "§ 653a.12(d); house rule",
        f"After paying 100% of the progressive meter, reset it to the Rules Submission's "
        f"{format_money(spec.meter_reset)}.",
        ORDER_METER,
    )


def build_procedure(round_: UthRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    exits: list[str] = []
    for play in round_.settlement_order():
        exits = builder.seat(play, exits)
    builder.envy_payments()
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    _progressive_meter_reset(builder)
    builder.must_hit_by()
    config = round_.config
    pre = pre_deal_steps(
        lock_out=config.five_card_hand_bonus is not None or config.progressive is not None,
        progressive={s.seat: s.wagers.progressive for s in round_.seats if s.wagers.progressive},
        section=PRE_DEAL_SECTION,
        progressive_spot=PROGRESSIVE,
    )
    return Procedure(before_settlement(pre, builder.steps))
