"""The Crazy 4 Poker settlement procedure: every step, amount and order.

§ 657a.11 (procedure for completion of each round) is not among the stored Code pages. The order
below is the one every poker chapter of the Code that is in the seeds prescribes (e.g.
§ 641a.11(c)-(d), seed 000) and the game's published rules describe; each step cites "common
practice" to a trainee until § 657a.11 is checked:
- "no more bets" (and the Five Card Hand Bonus lockout) before the deal (engine/pre_deal.py);
- once every player has made a Play Wager or folded, the dealer collects the forfeited Ante,
  Super Bonus (and Queens Up) wagers and the cards, then reveals the dealer's five cards and
  selects the best four (§ 657a.1: the hand is the best four-card hand);
- then each player in turn, from the player farthest to the dealer's right, counterclockwise:
  the Ante, Play and Super Bonus in any order, then the Queens Up, then the Five Card Hand Bonus
  through the shared module (games/five_card_hand_bonus.py), the player's cards discarded only
  after all of the player's wagers are settled.

A payout limit, where the table sets one, is applied to the hand's limited wagers together
(``outcomes.limit_payouts``) before the steps are built, so every payment step states what is
actually paid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dealer_trainer.cards import CardNotationError, format_cards, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.crazy_4_poker.hands import describe_hand
from dealer_trainer.games.crazy_4_poker.outcomes import (
    Crazy4Outcome,
    limit_payouts,
    settle_ante,
    settle_play,
    settle_queens_up,
    settle_super_bonus,
    showdown,
)
from dealer_trainer.games.crazy_4_poker.round import FCHB_CITING, Crazy4Round, Crazy4SeatPlay
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, FoldRule
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, BetOn, FchbSteps
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    SettlementSteps,
    game_spots,
)
from dealer_trainer.hands.four_card import evaluate_four

PRE_DEAL_SECTION = "641a.8(b), by analogy"
"""The dealing paragraph that puts the pre-deal steps before the first card: § 657a.8 is not
among the stored pages, so the trainee reads Four Card Poker's (seed 000), by analogy."""
CITE_RULE = "common practice"
"""What a trainee reads for a step whose section (§ 657a.11) is not yet checked."""
CITE_FOLD = CITE_RULE
CITE_REVEAL = CITE_RULE
CITE_DISCARD = CITE_RULE

ORDER_FOLDS = (
    "Forfeited wagers and their cards are collected, and the cards placed in the discard rack, "
    "before the dealer's cards are revealed."
)
ORDER_REVEAL = (
    "The dealer's cards are revealed and the best four selected before any player is settled, "
    "and only after every forfeited wager and its cards are collected."
)
ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, counterclockwise."
)
ORDER_QUEENS_UP = (
    "A player's Queens Up Wager is settled after the Ante, Play and Super Bonus, and before the "
    "Five Card Hand Bonus."
)
ORDER_DISCARD = "Cards are removed only after all of the player's wagers are settled."

NOT_CALLED_FOR: dict[Action, str] = {
    Action.COLLECT_COMMISSION: "Crazy 4 Poker takes no commission.",
    Action.REARRANGE_HAND: (
        "A player's best four of five cards are read as they lie; only the dealer's four cards "
        "are selected, once."
    ),
    Action.SET_HAND: (
        "The dealer's best four cards are selected once, after the forfeited wagers are "
        "collected; players' hands are not set."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a Five Card Hand Bonus, Magic Card or Lucky Bonus win; "
        "Ante, Play, Super Bonus and Queens Up are paid as read."
    ),
    Action.CALL_FLOORPERSON: (
        "A floorperson verifies only a 500-for-1 or percentage-of-meter Five Card Hand Bonus "
        "payout."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "The Ante, Play, Super Bonus and Queens Up are paid in chips; only a Five Card Hand "
        "Bonus payout is credited to the game account."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter Five Card Hand Bonus payout keeps a hand on the table."
    ),
    Action.ACKNOWLEDGE_ENVY: "This table offers no progressive wager, so there is no Envy Bonus.",
    Action.PAY_ENVY: "This table offers no progressive wager, so there is no Envy Bonus.",
    Action.VERIFY_METER: "No meter is verified at this table.",
    Action.RESET_METER: (
        "Only a Five Card Hand Bonus meter emptied by a 100%-of-meter payout is reset."
    ),
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: "There is no losing wager there.",
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


@dataclass(frozen=True)
class BonusSteps:
    """A seat's Five Card Hand Bonus steps (and Magic Card / Lucky Bonus), from the shared bonus
    module: each must come after the ids it is given; ``cards_stay`` when a payout keeps the
    winning hand on the table until its documentation is complete, so the cards are discarded
    only after that documentation."""

    steps: tuple[Step, ...] = ()
    cards_stay: bool = False


SeatBonus = Callable[[Crazy4Round, Crazy4SeatPlay, tuple[str, ...]], BonusSteps]
"""(round, seat, ids the bonus follows: the seat's Queens Up or else its last base steps) -> the
seat's bonus steps."""


class _Builder(SettlementSteps):
    def __init__(self, round_: Crazy4Round, seat_bonus: SeatBonus | None) -> None:
        self.round = round_
        self.config = round_.config
        self.seat_bonus = seat_bonus
        self.steps: list[Step] = []
        spec = self.config.five_card_hand_bonus
        self.fchb = (
            FchbSteps(self.add, spec, citing=FCHB_CITING)
            if spec is not None and seat_bonus is None
            else None
        )

    def queens_up_stays(self, play: Crazy4SeatPlay) -> bool:
        """A folded hand's cards stay for its turn when its Queens Up is still in action."""
        return play.stake(Crazy4Wager.QUEENS_UP) > 0 and (
            self.config.rules.queens_up_on_fold is FoldRule.STAYS_IN_ACTION
        )

    def fchb_keeps_cards(self, play: Crazy4SeatPlay) -> bool:
        """A folded hand's cards stay for its turn when its Five Card Hand Bonus on the player's
        hand is still in action (the default ``five_card_hand_bonus_on_fold``)."""
        return self.config.five_card_hand_bonus is not None and (
            BetOn.PLAYER in self.round.fchb_in_action(play)
        )

    def has_turn(self, play: Crazy4SeatPlay) -> bool:
        """Whether the seat is settled in turn after the reveal: it stayed in, or a wager of a
        folded player is still in action."""
        return (
            not play.folded
            or self.queens_up_stays(play)
            or bool(self.config.five_card_hand_bonus and self.round.fchb_in_action(play))
        )

    def cards_kept(self, play: Crazy4SeatPlay) -> bool:
        return not play.folded or self.queens_up_stays(play) or self.fchb_keeps_cards(play)

    def outcomes(self, play: Crazy4SeatPlay) -> tuple[Crazy4Outcome, ...]:
        """The seat's outcomes in settlement order (Ante, Play, Super Bonus, Queens Up), the
        payout limit applied; a folded seat's Queens Up only where it is forfeited or in play."""
        config = self.config
        show = showdown(play.cards, self.round.dealer)
        found: list[Crazy4Outcome | None] = [
            settle_ante(config, show, play.ante, play.decision),
            settle_play(config, show, play.ante, play.decision),
            settle_super_bonus(config, show, play.super_bonus, play.decision),
        ]
        if play.queens_up > 0:
            found.append(settle_queens_up(config, play.cards, play.queens_up, play.decision))
        return limit_payouts(config, [o for o in found if o is not None])

    def fold(self, play: Crazy4SeatPlay) -> list[str]:
        """Collect a folded player's forfeited wagers and, unless a wager on them is still in
        action, the cards to the discard rack; the ids the reveal must follow."""
        collected = [
            self.resolve(play.seat, outcome, [], ORDER_FOLDS)
            for outcome in self.outcomes(play)
            if outcome.wager is not Crazy4Wager.QUEENS_UP or not self.queens_up_stays(play)
        ]
        if self.cards_kept(play):
            return collected
        return [
            self.discard(
                play.seat,
                collected,
                CITE_FOLD,
                f"Seat {play.seat} folded: with the forfeited wagers collected, place the five "
                "cards in the discard rack before the dealer's cards are revealed.",
                ORDER_FOLDS,
            )
        ]

    def reveal(self, after: Sequence[str]) -> str:
        hand = self.round.dealer_hand
        qualified = (
            ", king high or better: the dealer qualifies"
            if self.round.dealer_qualifies
            else ", below king high: the dealer does not qualify"
        )
        step = self.add(
            "dealer.reveal",
            DEALER,
            DEALERS_HAND,
            Action.SET_HAND,
            None,
            after,
            CITE_REVEAL,
            f"Reveal the dealer's five cards ({format_cards(self.round.dealer)}) and select the "
            f"four that form the highest-ranking Crazy 4 Poker hand: {describe_hand(hand)}"
            f"{qualified}.",
            ORDER_REVEAL,
            format_cards(hand.cards),
        )
        if self.fchb is not None:
            self.fchb.dealer_after = [step]
        return step

    def seat(self, play: Crazy4SeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        outcomes = self.outcomes(play)
        base: list[str] = []
        if not play.folded:
            base = [
                self.resolve(play.seat, o, entry, ORDER_SEATS)
                for o in outcomes
                if o.wager is not Crazy4Wager.QUEENS_UP
            ]
        previous = base or entry
        settled = list(base)
        if play.queens_up > 0 and (not play.folded or self.queens_up_stays(play)):
            (outcome,) = [o for o in outcomes if o.wager is Crazy4Wager.QUEENS_UP]
            previous = [self.resolve(play.seat, outcome, previous, ORDER_QUEENS_UP)]
            settled += previous
        bonus = self._bonus(play, previous)
        if bonus.steps:
            settled += [step.id for step in bonus.steps]
            previous = [bonus.steps[-1].id]
        if bonus.cards_stay:
            return [self.discard_documented(play.seat, settled, CITE_DISCARD, ORDER_DISCARD)]
        if not self.cards_kept(play):  # discarded at the fold, before the reveal
            return previous
        return [
            self.discard(
                play.seat,
                settled or entry,
                CITE_DISCARD,
                f"Seat {play.seat}: every wager is settled; the cards go to the discard rack, "
                "so the hand can be reconstructed.",
                ORDER_DISCARD,
            )
        ]

    def _bonus(self, play: Crazy4SeatPlay, after: Sequence[str]) -> BonusSteps:
        """The seam for the shared Five Card Hand Bonus module: its steps come after the seat's
        Queens Up (or its base wagers) and before its discard."""
        if self.fchb is not None:
            done = self.fchb.seat(self.round.five_card_hand_bonus(play), list(after))
            mine = set(done.exits)
            return BonusSteps(tuple(s for s in self.steps if s.id in mine), done.held)
        if self.seat_bonus is None:
            return BonusSteps()
        bonus = self.seat_bonus(self.round, play, tuple(after))
        self.steps += bonus.steps
        return bonus


def build_procedure(round_: Crazy4Round, *, seat_bonus: SeatBonus | None = None) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints.

    ``seat_bonus`` adds each settled seat's Five Card Hand Bonus steps (see ``BonusSteps``).
    """
    builder = _Builder(round_, seat_bonus)
    forfeited: list[str] = []
    for play in round_.settlement_order():
        if play.folded:
            forfeited += builder.fold(play)
    exits = [builder.reveal(forfeited)]
    for play in round_.settlement_order():
        if builder.has_turn(play):
            exits = builder.seat(play, exits)
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    pre = pre_deal_steps(
        # The electronic wagering system locks out further Five Card Hand Bonus wagers once the
        # dealer begins dealing (the lockout every chapter offering the bonus requires).
        lock_out=round_.config.five_card_hand_bonus is not None,
        progressive={},
        section=PRE_DEAL_SECTION,
    )
    return Procedure(before_settlement(pre, builder.steps))


def hand_matcher(round_: Crazy4Round) -> Callable[[Step, str], bool]:
    """Whether a trainee's named hand is the step's, for ``Grader.hand_matcher``.

    For the dealer's selection any four of the dealer's five cards that rank equal to the best
    four are right (the fifth card may duplicate a rank: K-K-K-9 with either nine), in any order;
    naming the category instead ("two pair") is accepted when the trainee names hands rather
    than picks cards. Other named hands compare by name, spacing and case ignored.
    """
    dealt = set(round_.dealer)
    best = round_.dealer_hand

    def same(step: Step, named: str) -> bool:
        words = " ".join(named.lower().split())
        if step.action is not Action.SET_HAND or step.seat != DEALER:
            return step.hand is None or words == " ".join(step.hand.lower().split())
        if words == best.rank.value.lower():
            return True
        try:
            cards = parse_cards(named, allow_joker=False)
        except (CardNotationError, ValueError):
            return False
        if len(cards) != 4 or not set(cards) <= dealt:
            return False
        return evaluate_four(cards).strength == best.strength

    return same


SPOTS = game_spots(Crazy4Wager, FCHB_SPOT_KINDS)
"""Every kind of spot a Crazy 4 Poker table settles."""

__all__ = [
    "CARDS",
    "DEALERS_HAND",
    "NOT_CALLED_FOR",
    "SPOTS",
    "BonusSteps",
    "SeatBonus",
    "build_procedure",
    "hand_matcher",
]
