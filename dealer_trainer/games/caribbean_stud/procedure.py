"""The Caribbean Stud Poker settlement procedure (§ 639a.8(b), § 639a.11(b)-(d), seed 000).

What the regulation fixes is encoded as order; the rest is left free, so the grader accepts
every order the regulation allows:
- before the deal: "no more bets", the progressive lockout, the progressive chips collected,
  counted against the system in front of the table inventory container and dropped in
  (§ 639a.8(b); the shared ``engine.pre_deal`` steps);
- after the decisions, every forfeited wager and the folded players' cards are collected, the
  cards to the discard rack, before the dealer's four hole cards are revealed and the hand
  arranged (§ 639a.11(c)); a fold forfeits every wager but the Five Card Hand Bonus
  (§ 639a.11(b)), so a folded player with a Five Card Hand Bonus on the player's hand keeps the
  cards on the table: that wager is settled at the player's turn after the reveal and only then
  are the cards discarded (caribbean-stud.md § 9 item 1);
- then one player at a time, from the player farthest to the dealer's right, counterclockwise
  (§ 639a.11(c)); in a seat the Ante, Bet and Caribbean Stud Bonus (in any order), then the
  progressive payout (its position is not in the seeds; caribbean-stud.md § 6 places it after
  them), then the Five Card Hand Bonus with its Magic Card and Lucky Bonus, by the shared
  module (§ 639a.11(c)(6)), then the cards to the discard rack (§ 639a.11(d)); after every
  seat, a Five Card Hand Bonus meter emptied by a royal flush is reset (§ 639a.12(e)(4));
- a progressive win is verified, a floorperson verifies a 500-for-1 or percentage-of-meter
  payout, and a percentage of the meter is not paid from the table inventory: the hand stays
  until the documentation is complete (§ 639a.11(c)(6)(i)-(ii), § 645a.11(h)(4)(ii)(D), by
  analogy);
- an Envy Bonus Qualifying Hand is announced and left face up; Envy Bonuses are paid after
  every progressive wager is settled (§ 645a.11(h)(6), by analogy; § 639a.1).

A losing Progressive Payout Wager has no settlement step: its chips went into the table
inventory container before the deal (§ 639a.8(b)); nor has a losing Five Card Hand Bonus: the
electronic wagering system took it when it was placed (§ 639a.7(d)(4)).
"""

from __future__ import annotations

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.caribbean_stud.hands import (
    QUALIFYING_CITATION,
    dealer_qualifies,
    describe_hand,
)
from dealer_trainer.games.caribbean_stud.outcomes import (
    CaribbeanStudOutcome,
    Result,
    settle_envy_bonuses,
    settle_seat,
)
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound, CaribbeanStudSeatPlay
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, FchbSteps
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    ENVY_HAND,
    PROGRESSIVE_METER,
    OneProgressiveSteps,
    ProgressiveCiting,
    game_spots,
    hand_name,
)

PRE_DEAL_SECTION = "639a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_FORFEIT = "§ 639a.11(b)-(c)"
CITE_REVEAL = "§ 639a.11(c)"
CITE_DISCARD = "§ 639a.11(d)"
CITE_VERIFY = "§ 639a.11(c)(6)(i)"
CITE_FLOOR = "§ 639a.11(c)(6)(ii)"
CITE_PROGRESSIVE_PAY = "§ 639a.12; house rule"
CITE_HOLD = "§ 639a.11(c); § 645a.11(h)(4)(ii)(D)"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C); § 639a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 639a.1"
CITE_METER_RESET = "§ 639a.12; house rule"

ORDER_FORFEITS = (
    "Forfeited wagers and the folded players' cards are collected, the cards placed in the "
    "discard rack, before the dealer's hole cards are revealed (§ 639a.11(c))."
)
ORDER_FOLDED_CARDS = (
    "A folded player's cards go to the discard rack with the forfeited wagers (§ 639a.11(c))."
)
ORDER_SEATS = (
    "After the dealer's hand is revealed, settle one player at a time, from the player "
    "farthest to the dealer's right, counterclockwise (§ 639a.11(c))."
)
ORDER_PROGRESSIVE = (
    "A player's progressive payout is settled after the Ante, Bet and Caribbean Stud Bonus."
)
ORDER_BONUS = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 639a.11(c)(6))."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled (§ 639a.11(d))."
)
ORDER_ENVY = (
    "Envy Bonuses are paid after every Progressive Payout Wager is settled (§ 645a.11(h)(6)(ii))."
)
PROGRESSIVE_CITING = ProgressiveCiting(
    CITE_VERIFY, CITE_FLOOR, CITE_HOLD, CITE_PROGRESSIVE_PAY, ORDER_BONUS
)

BASE = (
    CaribbeanStudWager.ANTE,
    CaribbeanStudWager.BET,
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS,
)

NOT_CALLED_FOR: dict[Action, str] = {
    Action.REARRANGE_HAND: (
        "Only the dealer's hand is arranged, once, after the forfeited wagers are collected "
        "(§ 639a.11(c))."
    ),
    Action.SET_HAND: "Caribbean Stud has no house way: nobody sets a hand.",
    Action.COLLECT_COMMISSION: "Caribbean Stud Poker takes no commission.",
    Action.ACKNOWLEDGE_ENVY: "No player still in the round holds an Envy Bonus Qualifying Hand.",
    Action.PAY_ENVY: "No Envy Bonus is owed for that hand.",
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only for a 500-for-1 or percentage-of-meter payout "
        "(§ 639a.11(c)(6)(ii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter progressive or Five Card Hand Bonus payout keeps the hand "
        "on the table (§ 639a.11(c)(6)(iii); § 645a.11(h)(4)(ii)(D))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus payout (§ 639a.11(c)(6)(i))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus payout is credited to the game "
        "account (§ 639a.11(c)(6)(iii))."
    ),
    Action.VERIFY_METER: "Caribbean Stud has no Must-Hit-By meter.",
    Action.RESET_METER: "A meter is reset only after it paid 100% of itself.",
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: (
        "There is no losing wager there (a losing progressive's chips are already in the table "
        "inventory container, § 639a.8(b))."
    ),
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


class _Builder(OneProgressiveSteps):
    def __init__(self, round_: CaribbeanStudRound) -> None:
        self.round = round_
        self.config = round_.config
        self.steps: list[Step] = []
        live = [s for s in round_.seats if not s.folded]
        self.live_hands = {play.seat: play.cards for play in live}
        self.bettors = [s.seat for s in live if s.wagers.progressive > 0]
        self.track_progressive(settle_envy_bonuses(self.config, self.live_hands, self.bettors))
        spec = self.config.five_card_hand_bonus
        self.fchb = FchbSteps(self.add, spec) if spec is not None else None

    def _outcomes(self, play: CaribbeanStudSeatPlay) -> tuple[CaribbeanStudOutcome, ...]:
        r = self.round
        return settle_seat(
            self.config, play.cards, r.dealer, play.wagers, play.decision, r.progressive_meter
        )

    # --- forfeits, then the dealer's hand ----------------------------------------------------

    def forfeits(self, play: CaribbeanStudSeatPlay) -> list[str]:
        """A folded player's forfeited chips and cards, collected before the reveal
        (§ 639a.11(b)-(c)). The progressive's chips are already in the table inventory
        container (§ 639a.8(b)): nothing of it is left on the layout."""
        collected = [
            self.resolve(play.seat, outcome, [], ORDER_FORFEITS)
            for outcome in self._outcomes(play)
            if outcome.wager is not CaribbeanStudWager.PROGRESSIVE
        ]
        if play.wagers.five_card_hand_bonus > 0:
            # The Five Card Hand Bonus on the player's hand stays in action (§ 639a.11(b)): the
            # cards stay until it is settled (caribbean-stud.md § 9 item 1; ``folded_bonus``).
            return collected
        return [
            self.discard(
                play.seat,
                collected,
                CITE_FORFEIT,
                f"Seat {play.seat} folded: the five cards ({format_cards(play.cards)}) go to the "
                "discard rack with the forfeited wagers, before the dealer's hole cards are "
                "revealed.",
                ORDER_FOLDED_CARDS,
            )
        ]

    def reveal(self, after: list[str]) -> str:
        r = self.round
        hand = r.dealer_hand
        qualifies = dealer_qualifies(hand)
        verdict = (
            "qualifies (ace/king or better)"
            if qualifies
            else "does not qualify (less than ace/king): every Bet is returned"
        )
        step = self.add(
            "dealer.reveal",
            DEALER,
            DEALERS_HAND,
            Action.REARRANGE_HAND,
            None,
            after,
            CITE_REVEAL,
            f"Reveal the dealer's four hole cards ({format_cards(r.hole_cards)}) beside the up "
            f"card ({r.up_card.notation}) and arrange the highest-ranking five-card hand: "
            f"{describe_hand(hand)}; the dealer {verdict} ({QUALIFYING_CITATION.short}).",
            ORDER_FORFEITS,
            hand.rank.value,
        )
        if self.fchb is not None:
            self.fchb.dealer_after = [step]
        return step

    # --- one player still in the round ------------------------------------------------------

    def seat(self, play: CaribbeanStudSeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        outcomes = self._outcomes(play)
        base = [self.resolve(play.seat, o, entry, ORDER_SEATS) for o in outcomes if o.wager in BASE]
        previous = base
        held = False
        progressive = next((o for o in outcomes if o.wager is CaribbeanStudWager.PROGRESSIVE), None)
        if progressive is not None and progressive.result is Result.WIN:
            won = self.progressive_win(
                play.seat,
                CaribbeanStudWager.PROGRESSIVE,
                f"s{play.seat}.progressive",
                progressive,
                base,
                ORDER_PROGRESSIVE,
                PROGRESSIVE_CITING,
                hand=hand_name(progressive.hand),
            )
            previous, held = self.won_progressive(won)
        if play.wagers.progressive > 0:
            self.progressive_settled += previous
        if play.seat in self.envy_holders:
            previous = [self._acknowledge_envy(play.seat, previous)]
        bonus, bonus_held = self.five_card_hand_bonus(play, previous)
        held = held or bonus_held
        settled = list(dict.fromkeys([*base, *previous, *bonus]))
        previous = bonus[-1:] or previous
        if play.seat in self.envy_holders:
            self.face_up[play.seat] = settled
            return previous[-1:]
        if held:
            return [self.discard_documented(play.seat, settled, CITE_DISCARD, ORDER_DISCARD)]
        return [self._discard(play.seat, settled)]

    def five_card_hand_bonus(
        self, play: CaribbeanStudSeatPlay, after: list[str]
    ) -> tuple[list[str], bool]:
        """The shared module's steps for this seat's wins (each verified, a floorperson where
        required, credited to the game account or held for documentation), after the Ante,
        Bet, Caribbean Stud Bonus and progressive and before the discard (§ 639a.11(c)(6)).
        Returns the exit steps and whether the player's hand is held for documentation."""
        if self.fchb is None:
            return [], False
        done = self.fchb.seat(self.round.five_card_hand_bonus(play), after)
        return list(done.exits), done.held

    def folded_bonus(self, play: CaribbeanStudSeatPlay, entry: list[str]) -> list[str]:
        """A folded player's Five Card Hand Bonus, still in action (§ 639a.11(b)), settled at
        the player's turn; cards kept for it are discarded after it (§ 639a.11(d)), unless a
        percentage-of-meter payout keeps them until its documentation is complete."""
        bonus, held = self.five_card_hand_bonus(play, entry)
        if play.wagers.five_card_hand_bonus == 0:
            return bonus[-1:] or entry
        if held:
            return [self.discard_documented(play.seat, bonus, CITE_DISCARD, ORDER_DISCARD)]
        return [
            self.discard(
                play.seat,
                bonus or entry,
                CITE_DISCARD,
                f"Seat {play.seat} folded but the Five Card Hand Bonus stayed in action "
                "(§ 639a.11(b)): now that it is settled, the cards go to the discard rack.",
                ORDER_DISCARD,
            )
        ]

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


def build_procedure(round_: CaribbeanStudRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints: the
    pre-deal steps, the forfeits, the reveal, each player in turn, the Envy Bonuses."""
    builder = _Builder(round_)
    folded = [builder.forfeits(play) for play in round_.settlement_order() if play.folded]
    exits = [builder.reveal([step for steps in folded for step in steps])]
    for play in round_.settlement_order():
        if not play.folded:
            exits = builder.seat(play, exits)
        elif play.fchb_stakes():
            exits = builder.folded_bonus(play, exits)
    builder.envy_payments(CITE_ENVY_PAY, ORDER_ENVY, builder._discard)
    builder.reset_emptied_meter(
        round_.config.progressive_meter_reset, CITE_METER_RESET, round_.config.progressive_linked
    )
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    config = round_.config
    pre = pre_deal_steps(
        # The electronic wagering system locks out further Five Card Hand Bonus wagers, and the
        # progressive system further progressive wagers (§ 639a.8(b)).
        lock_out=config.progressive is not None or config.five_card_hand_bonus is not None,
        progressive={s.seat: s.wagers.progressive for s in round_.seats if s.wagers.progressive},
        section=PRE_DEAL_SECTION,
        progressive_spot=CaribbeanStudWager.PROGRESSIVE,
    )
    return Procedure(before_settlement(pre, builder.steps))


SPOTS = game_spots(CaribbeanStudWager, FCHB_SPOT_KINDS)
"""Every kind of spot a Caribbean Stud Poker table settles."""

__all__ = [
    "CARDS",
    "DEALERS_HAND",
    "ENVY_HAND",
    "NOT_CALLED_FOR",
    "PROGRESSIVE_METER",
    "SPOTS",
    "build_procedure",
]
