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

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import pre_deal_not_called_for
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotKind, SpotRole
from dealer_trainer.games.community_procedure import CommunityBuilder, CommunityCiting
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS
from dealer_trainer.games.procedure_steps import game_spots
from dealer_trainer.games.texas_holdem_bonus.outcomes import (
    FCHB_CITING,
    WagerOutcome,
    envy_qualifies,
    settle_seat,
)
from dealer_trainer.games.texas_holdem_bonus.round import SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.settings import FoldTreatment
from dealer_trainer.games.texas_holdem_bonus.wagers import ThbWager
from dealer_trainer.hands.hand_value import HandValue


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

PRE_DEAL_SECTION = "647a.8; § 639a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card
(§ 647a.8 was not found in the stored pages: Caribbean Stud's, beside the own section)."""
NOT_CALLED_FOR: dict[Action, str] = {
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only to verify a 500-for-1 or percentage-of-meter payout "
        "(§ 647a.11; § 639a.11(c)(6)(ii))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus win is credited to the game "
        "account, and never a percentage-of-meter payout (§ 647a.11; § 639a.11(c)(6)(iii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "A hand stays on the table only for a payout that may not be paid from the table "
        "inventory, a percentage of a meter (§ 647a.11; § 639a.11(c)(6)(iii))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified for a Five Card Hand Bonus, Magic Card, Lucky Bonus or progressive "
        "win (§ 647a.11; § 639a.11(c)(6)(i))."
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


CITING = CommunityCiting(
    base=(ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER),
    optional=(ThbWager.BONUS, ThbWager.PROGRESSIVE),
    progressive=ThbWager.PROGRESSIVE,
    envy_bonus=ThbSpot.ENVY_BONUS,
    order_seats=(
        "Settle one player at a time, from the player farthest to the dealer's right, "
        "counterclockwise (§ 647a.11; §§ 639a.11(c), 641a.11(c), 643a.11(f))."
    ),
    order_optional=(
        "A player's Ante, Flop, Turn and River Wagers are settled before the Bonus Wager and "
        "the progressive."
    ),
    order_progressive=(
        "Verify the winning hand first, then the floorperson's verification, then the payout "
        "or the jackpot documentation (§ 647a.11; § 639a.11(c)(6))."
    ),
    order_discard=(
        "Cards are removed only after all of the player's wagers are settled "
        "(§ 647a.11; § 639a.11(d))."
    ),
    order_envy=(
        "Envy Bonuses are paid after every progressive payout wager is settled "
        "(§ 647a.11; § 645a.11(h)(6)(ii))."
    ),
    envy_acknowledge="§ 645a.11(h)(6)(i)(B)-(C); § 647a.1",
    envy_pay="§ 645a.11(h)(6)(ii); § 647a.1",
    progressive_pay="house rule; § 647a.11; § 645a.11(h)(4)(ii)(D)",
    progressive_hold="§ 647a.11; § 645a.11(h)(4)(ii)(D)",
    progressive_meter_reset="house rule",
    verify="§ 647a.11; § 639a.11(c)(6)(i)",
    floorperson="§ 647a.11; § 639a.11(c)(6)(ii)",
    discard="§ 647a.11; § 639a.11(d)",
    pre_deal_section=PRE_DEAL_SECTION,
    fchb=FCHB_CITING,
)


class _Builder(CommunityBuilder[SeatPlay]):
    round: ThbRound

    def __init__(self, round_: ThbRound) -> None:
        super().__init__(round_, CITING)

    def outcomes(self, play: SeatPlay) -> tuple[WagerOutcome, ...]:
        r = self.round
        return settle_seat(r.config, r.deal_for(play), play.wagers, play.decision, r.draws)

    def envy_hand(self, play: SeatPlay) -> HandValue | None:
        return envy_qualifies(self.round.config, self.round.deal_for(play))

    def progressive_kept_on_fold(self) -> bool:
        return self.round.config.rules.progressive_on_fold is FoldTreatment.STAYS_IN_ACTION


def build_procedure(round_: ThbRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    builder.settle_seats()
    return builder.procedure()
