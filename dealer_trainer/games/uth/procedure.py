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

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import pre_deal_not_called_for
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import DEALER, SpotKind, SpotRole
from dealer_trainer.games.community_procedure import CommunityBuilder, CommunityCiting
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS
from dealer_trainer.games.procedure_steps import ORDER_METER, game_spots
from dealer_trainer.games.uth.config import MustHitByPayment
from dealer_trainer.games.uth.outcomes import (
    FCHB_CITING,
    WagerOutcome,
    envy_qualifies,
    settle_seat,
)
from dealer_trainer.games.uth.round import SeatPlay, UthRound
from dealer_trainer.games.uth.settings import FoldTreatment
from dealer_trainer.games.uth.wagers import UthWager
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money

ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§§ 639a.11(c), 641a.11(c), 643a.11(f))."
)


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


CITING = CommunityCiting(
    base=(UthWager.ANTE, UthWager.BLIND, UthWager.PLAY),
    optional=(
        UthWager.TRIPS,
        UthWager.BAD_BEAT,
        UthWager.PLAY_THE_BOARD,
        UthWager.ULTIMATE_PAIRS,
        UthWager.SIX_CARD_BONUS,
        UthWager.PROGRESSIVE,
    ),
    progressive=UthWager.PROGRESSIVE,
    envy_bonus=UthSpot.ENVY_BONUS,
    order_seats=ORDER_SEATS,
    order_optional="A player's Ante, Blind and Play are settled before the optional wagers.",
    order_progressive=(
        "Verify the winning hand first, then the floorperson's verification, then the payout "
        "or the jackpot documentation (§ 639a.11(c)(6))."
    ),
    order_discard=(
        "Cards are removed only after all of the player's wagers are settled "
        "(§ 653a.11(n); §§ 653b.4(d), 653b.5(d))."
    ),
    order_envy=(
        "Envy Bonuses are paid after every progressive payout wager is settled "
        "(§ 645a.11(h)(6)(ii))."
    ),
    envy_acknowledge="§ 645a.11(h)(6)(i)(B)-(C); § 653a.1",
    envy_pay="§ 645a.11(h)(6)(ii); § 653a.1",
    progressive_pay="§ 653a.12(d); § 645a.11(h)(4)(ii)(D)",
    progressive_hold="§ 653a.11; § 645a.11(h)(4)(ii)(D)",
    progressive_meter_reset="§ 653a.12(d); house rule",
    verify="§ 653a.11; § 639a.11(c)(6)(i)",
    floorperson="§ 653a.11; § 639a.11(c)(6)(ii)",
    discard="§ 653a.11(n); § 639a.11(d)",
    pre_deal_section=PRE_DEAL_SECTION,
    fchb=FCHB_CITING,
)


class _Builder(CommunityBuilder[SeatPlay]):
    round: UthRound

    def __init__(self, round_: UthRound) -> None:
        super().__init__(round_, CITING)

    def outcomes(self, play: SeatPlay) -> tuple[WagerOutcome, ...]:
        r = self.round
        return settle_seat(r.config, r.deal_for(play), play.wagers, play.decision, r.draws)

    def envy_hand(self, play: SeatPlay) -> HandValue | None:
        return envy_qualifies(self.round.config, self.round.deal_for(play))

    def progressive_kept_on_fold(self) -> bool:
        return self.round.config.rules.progressive_on_fold is FoldTreatment.STAYS_IN_ACTION

    def must_hit_by(self) -> None:
        r = self.round
        config = r.config.must_hit_by_configuration()
        spec = r.config.must_hit_by
        if r.must_hit_by is None or config is None or spec is None:
            return
        from dealer_trainer.games.uth.must_hit_by import add_contributions, qualifies

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


def build_procedure(round_: UthRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    builder.settle_seats()
    builder.must_hit_by()
    return builder.procedure()
