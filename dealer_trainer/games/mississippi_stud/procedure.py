"""The Mississippi Stud settlement procedure.

§ 655a.11 (procedure for completion of each round) was not read: the order below is the common
house procedure, the same one every chapter this trainer deals prints, and the Rules Submission
report marks it so. The grader accepts every order it allows:
- before the deal: "no more bets", the lockout of further Progressive Payout and Five Card Hand
  Bonus Wagers, the progressive chips collected, counted against the system and dropped into the
  table inventory container (the shared ``engine.pre_deal``; § 643a.8(b)(2)-(3), by analogy);
- a player who folds (makes no Bet Wager, § 655a.1) forfeits the Ante and the Bet Wagers made:
  they are collected with the cards at the fold, before the next community card is turned, so
  before any wager of a player still in the hand is settled; a folded player's Three Card
  Bonus stays in action (it is on the community cards), and so does the Five Card Hand Bonus,
  whose cards then stay on the table;
- after the third community card is turned, one player at a time from the player farthest to
  the dealer's right, counterclockwise; for each player first the Ante and Bet Wagers (in any
  order, paid on § 655a.12(a) and subject to the aggregate payout limit of (b)), then the Three
  Card Bonus and Progressive Payout Wagers (in any order), then the Five Card Hand Bonus with its
  Magic Card and Lucky Bonus (the shared module), then the cards to the discard rack;
- a progressive win is verified, a floorperson verifies a percentage-of-meter payout, and a
  percentage of the meter is not paid from the table inventory: the hand stays until the
  documentation is complete (§ 645a.11(h)(4)(ii)(D), by analogy); an Envy Bonus Qualifying Hand
  is announced and left face up, and the Envy Bonuses are paid after every progressive wager is
  settled (§ 645a.11(h)(6), by analogy; § 655a.1).
"""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, FchbSteps
from dealer_trainer.games.jackpot_meters import JackpotMeter, reset_jackpots
from dealer_trainer.games.mississippi_stud.hands import describe_hand
from dealer_trainer.games.mississippi_stud.outcomes import (
    settle_base,
    settle_envy_bonuses,
    settle_fold,
    settle_progressive,
    settle_three_card_bonus,
)
from dealer_trainer.games.mississippi_stud.round import FCHB_CITING, StudRound, StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import StudWager
from dealer_trainer.games.paytable_steps import PaytableSeatSteps, paytable_pre_deal
from dealer_trainer.games.procedure_steps import (
    CARDS,
    ENVY_HAND,
    PROGRESSIVE_METER,
    ProgressiveCiting,
    ProgressiveWin,
    game_spots,
)

PRE_DEAL_SECTION = "655a.8; § 643a.8(b)"
"""The paragraph that puts the pre-deal steps before the first card; ch. 655a's dealing
procedure was not read, so Let It Ride's, the same text in every chapter of the 2013 rulemaking,
is cited beside the own section."""
CITE_DISCARD = "§ 655a.11; § 643a.11(g)"
"""Ch. 655a's completion of each round was not read: Let It Ride's discard paragraph, the same
text in the 2013 rulemaking, beside the own section (as ``PRE_DEAL_SECTION``)."""
CITE_VERIFY = "§ 655a.11; § 639a.11(c)(6)(i)"
CITE_FLOOR = "§ 655a.11; § 639a.11(c)(6)(ii)"
CITE_PROGRESSIVE_PAY = "§ 655a.12(c)(1)"
CITE_HOLD = "§ 655a.11; § 645a.11(h)(4)(ii)(D)"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C); § 655a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 655a.1"
CITE_METER_RESET = "§ 655a.12(c); house rule"
CITE_JACKPOT_RESET = "§ 655a.12(c)(1); house rule"

ORDER_FOLD = (
    "A folding player's Ante and Bet Wagers are collected with the cards at the fold, before "
    "the next community card is turned and before any other player's wagers are settled "
    "(rule of the game)."
)
ORDER_SEATS = (
    "After the third community card is turned face up, settle one player at a time, from the "
    "player farthest to the dealer's right, counterclockwise (rule of the game)."
)
ORDER_SIDE = (
    "The dealer first settles the player's Ante and Bet Wagers; the Three Card Bonus and "
    "Progressive Payout Wagers come after them (rule of the game)."
)
ORDER_PROGRESSIVE = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 655a.11; § 639a.11(c)(6))."
)
ORDER_DISCARD = "Cards are removed only after all of the player's wagers are settled."
ORDER_ENVY = (
    "Envy Bonuses are paid after every Progressive Payout Wager is settled "
    "(§ 655a.11; § 645a.11(h)(6)(ii))."
)
PROGRESSIVE_CITING = ProgressiveCiting(
    CITE_VERIFY, CITE_FLOOR, CITE_HOLD, CITE_PROGRESSIVE_PAY, ORDER_PROGRESSIVE
)

NOT_CALLED_FOR: dict[Action, str] = {
    Action.SET_HAND: (
        "Mississippi Stud has no dealer hand: every player is paid on the player's own."
    ),
    Action.REARRANGE_HAND: (
        "A player's hand is the two cards and the three community cards as they lie "
        "(§ 655a.1); nothing is rearranged."
    ),
    Action.COLLECT_COMMISSION: "Mississippi Stud takes no commission.",
    Action.ACKNOWLEDGE_ENVY: "No player holds an Envy Bonus Qualifying Hand that another's "
    "Progressive Payout Wager is owed for.",
    Action.PAY_ENVY: "No Envy Bonus is owed for that hand.",
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only for a 500-for-1 or percentage-of-meter payout "
        "(§ 655a.11; § 639a.11(c)(6)(ii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter progressive or Five Card Hand Bonus payout keeps the hand "
        "on the table (§ 655a.11; § 645a.11(h)(4)(ii)(D))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus payout (§ 655a.11; § 639a.11(c)(6)(i)); the Ante, Bet Wagers and Three Card "
        "Bonus are paid as read."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus payout is credited to the game "
        "account; the other wagers are paid in chips."
    ),
    Action.VERIFY_METER: "Mississippi Stud has no Must-Hit-By meter.",
    Action.RESET_METER: "A meter is reset only after it paid 100% of itself.",
    Action.PAY: (
        "There is no winning wager there (a player who folded made no further Bet Wager, § 655a.1)."
    ),
    Action.COLLECT: (
        "There is no losing wager there (a Bet Wager the player never made is not collected, "
        "and a losing progressive's chips are already in the table inventory container)."
    ),
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


class _Builder(PaytableSeatSteps):
    def __init__(self, round_: StudRound) -> None:
        self.round = round_
        self.config = round_.config
        self.steps: list[Step] = []
        hands = {play.seat: play.cards for play in round_.seats if round_.holds_envy_hand(play)}
        bettors = [play.seat for play in round_.seats if round_.progressive_in_action(play)]
        self.track_progressive(settle_envy_bonuses(self.config, hands, round_.community, bettors))
        spec = self.config.five_card_hand_bonus
        self.fchb = FchbSteps(self.add, spec, citing=FCHB_CITING) if spec is not None else None
        self.jackpot: JackpotMeter | None = None
        self.jackpots_won: dict[JackpotMeter, list[str]] = {}

    def won_progressive(self, won: ProgressiveWin) -> tuple[list[str], bool]:
        """A jackpot won (Paytables B-D) empties its own meter, not the one progressive meter."""
        if self.jackpot is None:
            return super().won_progressive(won)
        self.jackpots_won.setdefault(self.jackpot, []).extend(won.last)
        return won.last, won.held

    def fold(self, play: StudSeatPlay) -> list[str]:
        """A folding player's forfeited Ante and Bet Wagers, and the cards unless a wager on
        them is still in action; the steps later settlement waits for."""
        folded_at = play.decision.folded_at
        assert folded_at is not None
        collected = [
            self.resolve(play.seat, outcome, [], ORDER_FOLD)
            for outcome in settle_fold(play.base, folded_at)
        ]
        if self.round.keeps_hand(play):
            return collected
        return [
            self.discard(
                play.seat,
                collected,
                CITE_DISCARD,
                f"Seat {play.seat} folded at {folded_at.value}: the two cards go to the discard "
                "rack with the forfeited wagers, before the next community card is turned.",
                ORDER_FOLD,
            )
        ]

    def seat(self, play: StudSeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        r, config = self.round, self.config
        base: list[str] = []
        if not play.folded:
            base = [
                self.resolve(play.seat, outcome, entry, ORDER_SEATS)
                for outcome in settle_base(config, play.cards, r.community, play.base)
            ]
        first = base or entry
        side: list[str] = []
        if play.three_card_bonus > 0:
            outcome = settle_three_card_bonus(config, r.community, play.three_card_bonus)
            side.append(self.resolve(play.seat, outcome, first, ORDER_SIDE))
        held = False
        if r.progressive_in_action(play):
            outcome = settle_progressive(
                config,
                play.cards,
                r.community,
                play.progressive,
                r.progressive_meter,
                r.jackpot_award(play),
            )
            self.jackpot = r.jackpot_won(play)
            spot = StudWager.PROGRESSIVE
            won, held = self.progressive_steps(
                play.seat, spot, outcome, base, first, ORDER_SIDE, PROGRESSIVE_CITING
            )
            side += won
        previous = side or base
        acknowledged = (
            [self._acknowledge_envy(play.seat, previous or entry)]
            if play.seat in self.envy_holders
            else []
        )
        bonus: list[str] = []
        if self.fchb is not None and play.five_card_hand_bonus > 0:
            done = self.fchb.seat(r.five_card_hand_bonus(play), previous or entry)
            bonus = list(done.exits)
            held = held or done.held
        settled_all = list(dict.fromkeys([*base, *side, *acknowledged, *bonus]))
        exits = bonus or acknowledged or previous
        if not settled_all:
            return entry
        if not r.keeps_hand(play):
            return exits
        documented = (CITE_DISCARD, ORDER_DISCARD)
        return self.leave_table(play.seat, settled_all, exits, held, documented, self._discard)

    def _acknowledge_envy(self, seat: int, after: list[str]) -> str:
        return self.acknowledge_envy_hand(seat, after, CITE_ENVY_ACK, describe_hand)

    def _discard(self, seat: int, after: list[str]) -> str:
        return self.discard(
            seat,
            after,
            CITE_DISCARD,
            f"Seat {seat}: every wager is settled; the cards go to the discard rack in a manner "
            "that permits the hand to be reconstructed.",
            ORDER_DISCARD,
        )


def build_procedure(round_: StudRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints: the
    pre-deal steps, the folds, each player in turn, the Envy Bonuses, the meter resets."""
    builder = _Builder(round_)
    order = round_.settlement_order()
    exits: list[str] = []
    for play in order:
        if play.folded:
            exits += builder.fold(play)
    for play in order:
        exits = builder.seat(play, exits)
    builder.envy_payments(CITE_ENVY_PAY, ORDER_ENVY, builder._discard)
    builder.reset_emptied_meter(round_.config.progressive_meter_reset, CITE_METER_RESET)
    resets = {meter: round_.config.jackpot(meter).reset for meter in builder.jackpots_won}
    reset_jackpots(builder, builder.jackpots_won, resets, CITE_JACKPOT_RESET)
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    pre = paytable_pre_deal(round_.config, round_.seats, PRE_DEAL_SECTION, StudWager.PROGRESSIVE)
    return Procedure(before_settlement(pre, builder.steps))


SPOTS = game_spots(StudWager, FCHB_SPOT_KINDS, JackpotMeter)
"""Every kind of spot a Mississippi Stud table settles."""

__all__ = [
    "CARDS",
    "ENVY_HAND",
    "NOT_CALLED_FOR",
    "PROGRESSIVE_METER",
    "SPOTS",
    "build_procedure",
]
