"""The Let It Ride Poker settlement procedure (§§ 643a.8(b), 643a.11(f)-(g), seed 000).

What the regulation fixes is encoded as order; the rest is left free, so the grader accepts
every order the regulation allows:
- before the deal: "no more bets", the lockout of further Progressive Payout and Five Card Hand
  Bonus Wagers, the progressive chips collected, counted against the system in front of the
  table inventory container and dropped in (§ 643a.8(b)(2)-(3); the shared ``engine.pre_deal``);
- after the second community card is turned face up, one player at a time from the player
  farthest to the dealer's right, counterclockwise (§ 643a.11(f)); for each player, "first" all
  of the Let It Ride Poker Wagers still riding (in any order), paid on the paytable and subject
  only to the payout limit (§ 643a.11(f)(3), § 643a.12(a), (g)); "after" them the Five Card
  Bonus, Three Card Bonus and Progressive Payout Wagers (in any order: their sub-paragraphs
  (i)-(iv) are not in the seeds), and last the Five Card Hand Bonus with its Magic Card and
  Lucky Bonus (§ 643a.11(f)(3)(v)); then the cards to the discard rack (§ 643a.11(g));
- a withdrawn Let It Ride Poker Wager went back to the player when it was withdrawn
  (§ 643a.1): it has no step;
- a progressive win is verified, a floorperson verifies a 500-for-1 or percentage-of-meter
  payout, and a percentage of the meter is not paid from the table inventory: the hand stays
  until the documentation is complete (§ 643a.11(f)(3)(v)(A)-(B) and § 645a.11(h)(4)(ii)(D), by
  analogy); an Envy Bonus Qualifying Hand is announced and left face up, and the Envy Bonuses
  are paid after every progressive wager is settled (§ 645a.11(h)(6), by analogy; § 643a.1);
- the Five Card Hand Bonus is the shared module's (games/five_card_hand_bonus.py): verify, a
  floorperson for 500 for 1 or a percentage of the meter, then credit the game account, or hold
  the hand for the documentation of a meter payout (§ 643a.11(f)(3)(v)(A)-(C)). The module
  cites the Caribbean Stud paragraphs it was written from; here each is cited as ch. 643a
  numbers the same text.

A losing Progressive Payout Wager has no settlement step: its chips went into the table
inventory container before the deal (§ 643a.8(b)(2)); nor has a losing Five Card Hand Bonus:
the electronic wagering system took it when it was placed (§ 643a.7(i)).
"""

from __future__ import annotations

from decimal import Decimal

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, FchbSteps
from dealer_trainer.games.let_it_ride.hands import describe_hand
from dealer_trainer.games.let_it_ride.outcomes import (
    settle_bonus,
    settle_envy_bonuses,
    settle_let_it_ride,
    settle_progressive,
)
from dealer_trainer.games.let_it_ride.round import FCHB_CITING, LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.wagers import BONUS_WAGERS, LetItRideWager
from dealer_trainer.games.paytable_steps import PaytableSeatSteps, paytable_pre_deal
from dealer_trainer.games.procedure_steps import (
    CARDS,
    ENVY_HAND,
    PROGRESSIVE_METER,
    ProgressiveCiting,
    game_spots,
)

PRE_DEAL_SECTION = "643a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_DISCARD = "§ 643a.11(g)"
CITE_VERIFY = "§ 643a.11(f)(3)(v)(A)"
CITE_FLOOR = "§ 643a.11(f)(3)(v)(B)"
CITE_PROGRESSIVE_PAY = "§ 643a.12; house rule"
CITE_HOLD = "§ 643a.11(f)(3); § 645a.11(h)(4)(ii)(D)"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C); § 643a.1"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 643a.1"
CITE_METER_RESET = "§ 643a.12; house rule"

ORDER_SEATS = (
    "After the second community card is turned face up, settle one player at a time, from the "
    "player farthest to the dealer's right, counterclockwise (§ 643a.11(f))."
)
ORDER_SIDE = (
    "The dealer first settles all of the player's Let It Ride Poker Wagers; the Five Card "
    "Bonus, Three Card Bonus and Progressive Payout Wagers come after them (§ 643a.11(f)(3))."
)
ORDER_PROGRESSIVE = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 643a.11(f)(3)(v))."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled (§ 643a.11(g))."
)
ORDER_ENVY = (
    "Envy Bonuses are paid after every Progressive Payout Wager is settled (§ 645a.11(h)(6)(ii))."
)
PROGRESSIVE_CITING = ProgressiveCiting(
    CITE_VERIFY, CITE_FLOOR, CITE_HOLD, CITE_PROGRESSIVE_PAY, ORDER_PROGRESSIVE
)

_FCHB_SECTIONS = (
    ("639a.11(c)(6)(i)-(iii)", "643a.11(f)(3)(v)(A)-(C)"),
    ("639a.11(c)(6)(iii)", "643a.11(f)(3)(v)(C)"),
    ("639a.11(c)(6)(ii)", "643a.11(f)(3)(v)(B)"),
    ("639a.11(c)(6)(i)", "643a.11(f)(3)(v)(A)"),
    ("639a.11(c)(6)", "643a.11(f)(3)(v)"),
    ("639a.12(e)(4)", "643a.12(f)(4)"),
    ("639a.12(e)(3)", "643a.12(f)(3)"),
    ("639a.12(e)(2)", "643a.12(f)(2)"),
    ("639a.12(e)(1)", "643a.12(f)(1)"),
    ("639a.1", "643a.1"),
)
"""The shared bonus module cites § 639a (the annex text it was written from); ch. 643a prints
the same paragraphs under these numbers (seed 000), so a Let It Ride trainee reads its own."""


def let_it_ride_sections(text: str) -> str:
    """``text`` with each Caribbean Stud Five Card Hand Bonus section renumbered as ch. 643a."""
    for old, new in _FCHB_SECTIONS:
        text = text.replace(old, new)
    return text


NOT_CALLED_FOR: dict[Action, str] = {
    Action.SET_HAND: "Let It Ride has no dealer hand: every player is paid on the player's own.",
    Action.REARRANGE_HAND: (
        "A player's hand is the three cards and the two community cards as they lie "
        "(§ 643a.1); nothing is rearranged."
    ),
    Action.COLLECT_COMMISSION: "Let It Ride Poker takes no commission.",
    Action.ACKNOWLEDGE_ENVY: "No player holds an Envy Bonus Qualifying Hand that another's "
    "Progressive Payout Wager is owed for.",
    Action.PAY_ENVY: "No Envy Bonus is owed for that hand.",
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only for a 500-for-1 or percentage-of-meter payout "
        "(§ 643a.11(f)(3)(v)(B))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter progressive or Five Card Hand Bonus payout keeps the hand "
        "on the table (§ 643a.11(f)(3)(v)(C); § 645a.11(h)(4)(ii)(D))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus payout (§ 643a.11(f)(3)(v)(A)); the Let It Ride Poker Wagers and the bonus "
        "wagers are paid as read."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus payout is credited to the game "
        "account (§ 643a.11(f)(3)(v)(C)); the other wagers are paid in chips."
    ),
    Action.VERIFY_METER: "Let It Ride has no Must-Hit-By meter.",
    Action.RESET_METER: "A meter is reset only after it paid 100% of itself.",
    Action.PAY: (
        "There is no winning wager there (a withdrawn Let It Ride Poker Wager went back to the "
        "player and is not settled, § 643a.1)."
    ),
    Action.COLLECT: (
        "There is no losing wager there (a withdrawn Let It Ride Poker Wager went back to the "
        "player, § 643a.1; a losing progressive's chips are already in the table inventory "
        "container, § 643a.8(b)(2))."
    ),
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


class _Builder(PaytableSeatSteps):
    def __init__(self, round_: LetItRideRound) -> None:
        self.round = round_
        self.config = round_.config
        self.steps: list[Step] = []
        hands = {play.seat: play.cards for play in round_.seats}
        bettors = [play.seat for play in round_.seats if play.progressive > 0]
        self.track_progressive(settle_envy_bonuses(self.config, hands, round_.community, bettors))
        spec = self.config.five_card_hand_bonus
        self.fchb = (
            FchbSteps(self._fchb_add, spec, citing=FCHB_CITING) if spec is not None else None
        )

    def _fchb_add(
        self,
        id_: str,
        seat: int,
        kind: SpotKind,
        action: Action,
        amount: Decimal | None,
        after: list[str],
        citation: str,
        explanation: str,
        order_rule: str = "",
        hand: str | None = None,
        *,
        hand_of: int | None = None,
    ) -> str:
        """The shared module's steps, cited by ch. 643a's numbers (``let_it_ride_sections``)."""
        return self.add(
            id_,
            seat,
            kind,
            action,
            amount,
            after,
            let_it_ride_sections(citation),
            let_it_ride_sections(explanation),
            let_it_ride_sections(order_rule),
            hand,
            hand_of=hand_of,
        )

    # --- one player --------------------------------------------------------------------------

    def seat(self, play: LetItRideSeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        r, config = self.round, self.config
        base = [
            self.resolve(play.seat, outcome, entry, ORDER_SEATS)
            for outcome in settle_let_it_ride(config, play.cards, r.community, play.riding)
        ]
        side: list[str] = []
        for wager in BONUS_WAGERS:
            stake = play.stake(wager)
            if stake:
                outcome = settle_bonus(config, wager, play.cards, r.community, stake)
                side.append(self.resolve(play.seat, outcome, base, ORDER_SIDE))
        held = False
        if play.progressive > 0:
            outcome = settle_progressive(
                config, play.cards, r.community, play.progressive, r.progressive_meter
            )
            spot = LetItRideWager.PROGRESSIVE
            won, held = self.progressive_steps(
                play.seat, spot, outcome, base, base, ORDER_SIDE, PROGRESSIVE_CITING
            )
            side += won
        previous = side or base
        acknowledged = (
            [self._acknowledge_envy(play.seat, previous)]
            if (play.seat in self.envy_holders)
            else []
        )
        bonus: list[str] = []
        if self.fchb is not None:
            done = self.fchb.seat(r.five_card_hand_bonus(play), previous)
            bonus = list(done.exits)
            held = held or done.held
        settled_all = list(dict.fromkeys([*base, *side, *acknowledged, *bonus]))
        exits = bonus or acknowledged or previous
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
            "that permits the hand to be reconstructed (§ 643a.11(g)).",
            ORDER_DISCARD,
        )


def build_procedure(round_: LetItRideRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints: the
    pre-deal steps, each player in turn, the Envy Bonuses, the meter resets."""
    builder = _Builder(round_)
    exits: list[str] = []
    for play in round_.settlement_order():
        exits = builder.seat(play, exits)
    builder.envy_payments(CITE_ENVY_PAY, ORDER_ENVY, builder._discard)
    builder.reset_emptied_meter(
        round_.config.progressive_meter_reset, CITE_METER_RESET, round_.config.progressive_linked
    )
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    # The progressive table game system locks out further Progressive Payout Wagers and the
    # electronic wagering system further Five Card Hand Bonus Wagers (§ 643a.8(b)(2)-(3)).
    pre = paytable_pre_deal(
        round_.config, round_.seats, PRE_DEAL_SECTION, LetItRideWager.PROGRESSIVE
    )
    return Procedure(before_settlement(pre, builder.steps))


SPOTS = game_spots(LetItRideWager, FCHB_SPOT_KINDS)
"""Every kind of spot a Let It Ride table settles."""

__all__ = [
    "CARDS",
    "ENVY_HAND",
    "NOT_CALLED_FOR",
    "PROGRESSIVE_METER",
    "SPOTS",
    "build_procedure",
    "let_it_ride_sections",
]
