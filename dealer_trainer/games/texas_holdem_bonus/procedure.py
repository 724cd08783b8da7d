"""The Texas Hold 'Em Bonus Poker settlement procedure: every step, its amount and its order.

The chapter's procedure for completion of each round (§ 647a.11) was not found in the stored
Code pages, so the order encodes what every other chapter of the kind fixes, by analogy: players
one at a time from the dealer's right, counterclockwise; in a seat the Ante, Flop, Turn and
River Wagers first, then the Bonus Wager and the progressive, then the Five Card Hand Bonus and
its Magic Card / Lucky Bonus awards, whose steps the shared module adds (verify, a floorperson
for a 500-for-1 or percentage-of-meter payout, credit the game account or hold the hand for the
documentation, the meter reset); Envy Bonuses after every progressive wager; the cards go to
the discard rack only after the seat is settled. Everything else is left free, so the grader
accepts every order those rules allow.
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
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    FCHB_CITING,
    Result,
    WagerOutcome,
    envy_qualifies,
    settle_seat,
)
from dealer_trainer.games.texas_holdem_bonus.round import SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.settings import FoldTreatment
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money

BASE = (ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER)
OPTIONAL = (ThbWager.BONUS, ThbWager.PROGRESSIVE)

ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§§ 639a.11(c), 641a.11(c), 643a.11(f), by analogy)."
)
ORDER_OPTIONAL = (
    "A player's Ante, Flop, Turn and River Wagers are settled before the Bonus Wager and the "
    "progressive."
)
ORDER_PROGRESSIVE = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 639a.11(c)(6), by analogy)."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled (§ 639a.11(d), by "
    "analogy)."
)
ORDER_METER = "The meter is reset only after the jackpot it paid has been settled."

PROGRESSIVE = ThbWager.PROGRESSIVE


class ThbSpot(SpotKind, noun="a Texas Hold 'Em Bonus Poker spot"):
    """The spot that is not among ``ThbWager``'s: the Envy Bonus paid for another player's
    hand (§ 647a.1)."""

    ENVY_BONUS = "Envy Bonus"

    @property
    def role(self) -> SpotRole:
        return SpotRole.ENVY


FCHB_AWARDS = (ThbWager.FIVE_CARD_HAND_BONUS, ThbWager.MAGIC_CARD_BONUS, ThbWager.LUCKY_BONUS)
"""Settled as the shared Five Card Hand Bonus module's awards, on its spots."""
SPOTS = game_spots([w for w in ThbWager if w not in FCHB_AWARDS], ThbSpot, FCHB_SPOT_KINDS)
"""Every kind of spot a Texas Hold 'Em Bonus Poker table settles."""

PRE_DEAL_SECTION = "639a.8(b), by analogy"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card
(§ 647a.8 was not found in the stored pages: Caribbean Stud's, by analogy)."""
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C), by analogy; § 647a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii), by analogy; § 647a.1"
CITE_PROGRESSIVE_PAY = "house rule; § 645a.11(h)(4)(ii)(D), by analogy"
CITE_PROGRESSIVE_HOLD = "§ 645a.11(h)(4)(ii)(D), by analogy"
ORDER_ENVY = (
    "Envy Bonuses are paid after every progressive payout wager is settled "
    "(§ 645a.11(h)(6)(ii), by analogy)."
)
CITE_VERIFY = "§ 639a.11(c)(6)(i), by analogy"
CITE_FLOOR = "§ 639a.11(c)(6)(ii), by analogy"
CITE_DISCARD = "§ 639a.11(d), by analogy"

NOT_CALLED_FOR: dict[Action, str] = {
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only to verify a 500-for-1 or percentage-of-meter payout "
        "(§ 639a.11(c)(6)(ii), by analogy)."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus win is credited to the game "
        "account, and never a percentage-of-meter payout (§ 639a.11(c)(6)(iii), by analogy)."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "A hand stays on the table only for a payout that may not be paid from the table "
        "inventory, a percentage of a meter (§ 639a.11(c)(6)(iii), by analogy)."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified for a Five Card Hand Bonus, Magic Card, Lucky Bonus or progressive "
        "win (§ 639a.11(c)(6)(i), by analogy)."
    ),
    Action.VERIFY_METER: "No meter light is verified at this game.",
    Action.RESET_METER: "A meter is reset only after it paid a jackpot.",
    Action.COLLECT_COMMISSION: "Texas Hold 'Em Bonus Poker takes no commission.",
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
    """Who holds an Envy Bonus Qualifying Hand and who is owed Envy for it (§ 647a.1).

    A hand counts only while its progressive wager is in action, so a folded hand neither
    holds nor earns Envy unless the table keeps the progressive wager after a fold.
    """

    amount: Decimal
    holders: dict[int, HandValue]
    recipients: tuple[int, ...]

    @classmethod
    def of(cls, round_: ThbRound) -> _EnvyPlan:
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
    def __init__(self, round_: ThbRound) -> None:
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
                    ThbSpot.ENVY_BONUS,
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
        "house rule",
        f"After paying 100% of the progressive meter, reset it to the Rules Submission's "
        f"{format_money(spec.meter_reset)}.",
        ORDER_METER,
    )


def build_procedure(round_: ThbRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    exits: list[str] = []
    for play in round_.settlement_order():
        exits = builder.seat(play, exits)
    builder.envy_payments()
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    _progressive_meter_reset(builder)
    config = round_.config
    pre = pre_deal_steps(
        lock_out=config.five_card_hand_bonus is not None or config.progressive is not None,
        progressive={s.seat: s.wagers.progressive for s in round_.seats if s.wagers.progressive},
        section=PRE_DEAL_SECTION,
        progressive_spot=PROGRESSIVE,
    )
    return Procedure(before_settlement(pre, builder.steps))
