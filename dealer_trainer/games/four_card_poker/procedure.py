"""The Four Card Poker settlement procedure (§ 641a.11(c)-(d), seed 000): every step, amount
and order.

What the regulation fixes is encoded as order; the rest is left free:
- "no more bets" before the deal (§ 641a.8(b), seed 000; engine/pre_deal.py);
- once every player has placed a Play Wager or forfeited the Ante Wager and the hand, the
  dealer collects all forfeited wagers and associated cards and places the cards in the discard
  rack; then the dealer's cards are revealed and the four forming the highest-ranking hand are
  selected (§ 641a.11(c));
- then each player in turn, from the player farthest to the dealer's right, counterclockwise
  (§ 641a.11(c)); within a seat the Ante, Play and Ante Bonus in any order (§ 641a.11(c)(1)-(6)
  is not in the seeds), then the Aces Up, after which (c)(7) settles the Five Card Hand Bonus;
- a player's cards go to the discard rack only after all of the player's wagers are settled
  (§ 641a.11(d)).

The Five Card Hand Bonus, Magic Card and Lucky Bonus are settled by the module shared by every
game (games/five_card_hand_bonus.py) at each seat's turn, after the Aces Up step and before the
discard (§ 641a.11(c)(7)): the player's hand is the player's five cards, the dealer's hand the
dealer's first five cards dealt; each win is verified, a floorperson verifies 500 for 1 or a
percentage of the meter, then the game account is credited, or, for a percentage of the meter,
the winning hand stays on the table until the documentation is complete (no discard); after
every seat a meter emptied by a royal flush is reset (§ 641a.12(g)(4)). A losing bonus has no
step: the electronic wagering system took it when it was placed. The bonus is locked out before
the deal (§ 641a.8(b)). A fold keeps the bonus in action by default
(``rules.five_card_hand_bonus_on_fold``; § 641a.11(b) is not in the seeds, § 639a.11(b) by
analogy): a folded player with a bonus on the player's hand keeps the cards until it is settled
at the player's turn. ``build_procedure`` also takes a ``seat_bonus`` callable instead, for a
caller that supplies its own bonus steps (``BonusSteps``).
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
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, BetOn, FchbSteps
from dealer_trainer.games.four_card_poker.hands import describe_hand
from dealer_trainer.games.four_card_poker.outcomes import (
    settle_aces_up,
    settle_ante,
    settle_ante_bonus,
    settle_play,
    showdown,
)
from dealer_trainer.games.four_card_poker.round import FCHB_CITING, FourCardRound, FourCardSeatPlay
from dealer_trainer.games.four_card_poker.wagers import FoldRule, FourCardWager
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    SettlementSteps,
    game_spots,
)
from dealer_trainer.hands.four_card import evaluate_four

PRE_DEAL_SECTION = "641a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_FOLD = "§ 641a.11(c)"
CITE_REVEAL = "§ 641a.11(c)"
CITE_DISCARD = "§ 641a.11(d)"

ORDER_FOLDS = (
    "Forfeited wagers and their cards are collected, and the cards placed in the discard rack, "
    "before the dealer's cards are revealed (§ 641a.11(c))."
)
ORDER_REVEAL = (
    "The dealer's cards are revealed and the best four selected before any player is settled, "
    "and only after every forfeited wager and its cards are collected (§ 641a.11(c))."
)
ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§ 641a.11(c))."
)
ORDER_ACES_UP = (
    "A player's Aces Up Wager is settled after the Ante, Play and Ante Bonus: § 641a.11(c) "
    "completes the procedures in succession, and (c)(7) follows the Aces Up with the Five Card "
    "Hand Bonus."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled (§ 641a.11(d))."
)

NOT_CALLED_FOR: dict[Action, str] = {
    Action.COLLECT_COMMISSION: "Four Card Poker takes no commission.",
    Action.REARRANGE_HAND: (
        "A player's best four of five cards are read as they lie; only the dealer's four cards "
        "are selected, once (§ 641a.11(c))."
    ),
    Action.SET_HAND: (
        "The dealer's best four cards are selected once, after the forfeited wagers are "
        "collected (§ 641a.11(c)); players' hands are not set."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a Five Card Hand Bonus, Magic Card or Lucky Bonus win "
        "(§ 641a.11(c)(7)(i)); Ante, Play, Ante Bonus and Aces Up are paid as read."
    ),
    Action.CALL_FLOORPERSON: (
        "A floorperson verifies only a 500-for-1 or percentage-of-meter Five Card Hand Bonus "
        "payout (§ 641a.11(c)(7)(ii))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "The Ante, Play, Ante Bonus and Aces Up are paid in chips; only a Five Card Hand Bonus "
        "payout is credited to the game account (§ 641a.11(c)(7)(iii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter Five Card Hand Bonus payout keeps a hand on the table "
        "(§ 641a.11(c)(7)(iii))."
    ),
    Action.ACKNOWLEDGE_ENVY: "This table offers no progressive wager, so there is no Envy Bonus.",
    Action.PAY_ENVY: "This table offers no progressive wager, so there is no Envy Bonus.",
    Action.VERIFY_METER: "No meter is verified at this table.",
    Action.RESET_METER: (
        "Only a Five Card Hand Bonus meter emptied by a 100%-of-meter payout is reset "
        "(§ 641a.12(g)(4))."
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
    winning hand on the table until its documentation is complete (§ 641a.11(c)(7)(iii)), so
    the cards are discarded only after that documentation (§ 641a.11(d))."""

    steps: tuple[Step, ...] = ()
    cards_stay: bool = False


SeatBonus = Callable[[FourCardRound, FourCardSeatPlay, tuple[str, ...]], BonusSteps]
"""(round, seat, ids the bonus follows: the seat's Aces Up or else its last base steps) -> the
seat's bonus steps."""


class _Builder(SettlementSteps):
    def __init__(self, round_: FourCardRound, seat_bonus: SeatBonus | None) -> None:
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

    def aces_up_stays(self, play: FourCardSeatPlay) -> bool:
        """A folded hand's cards stay for its turn when its Aces Up is still in action."""
        return play.stake(FourCardWager.ACES_UP) > 0 and (
            self.config.rules.aces_up_on_fold is FoldRule.STAYS_IN_ACTION
        )

    def fchb_keeps_cards(self, play: FourCardSeatPlay) -> bool:
        """A folded hand's cards stay for its turn when its Five Card Hand Bonus on the player's
        hand is still in action (the default ``five_card_hand_bonus_on_fold``)."""
        return self.config.five_card_hand_bonus is not None and (
            BetOn.PLAYER in self.round.fchb_in_action(play)
        )

    def has_turn(self, play: FourCardSeatPlay) -> bool:
        """Whether the seat is settled in turn after the reveal: it stayed in, or a wager of a
        folded player is still in action."""
        return (
            not play.folded
            or self.aces_up_stays(play)
            or bool(self.config.five_card_hand_bonus and self.round.fchb_in_action(play))
        )

    def cards_kept(self, play: FourCardSeatPlay) -> bool:
        return not play.folded or self.aces_up_stays(play) or self.fchb_keeps_cards(play)

    def fold(self, play: FourCardSeatPlay) -> list[str]:
        """Collect a folded player's forfeited wagers and, unless a wager on them is still in
        action, the cards to the discard rack (§ 641a.11(c)); the ids the reveal must follow."""
        show = showdown(play.cards, self.round.dealer)
        collected = [
            self.resolve(
                play.seat, settle_ante(self.config, show, play.ante, play.decision), [], ORDER_FOLDS
            )
        ]
        if play.aces_up > 0 and not self.aces_up_stays(play):
            outcome = settle_aces_up(self.config, play.cards, play.aces_up, play.decision)
            collected.append(self.resolve(play.seat, outcome, [], ORDER_FOLDS))
        if self.cards_kept(play):
            return collected
        return [
            self.discard(
                play.seat,
                collected,
                CITE_FOLD,
                f"Seat {play.seat} folded: with the forfeited wagers collected, place the five "
                "cards in the discard rack before the dealer's cards are revealed "
                "(§ 641a.11(c)).",
                ORDER_FOLDS,
            )
        ]

    def reveal(self, after: Sequence[str]) -> str:
        hand = self.round.dealer_hand
        step = self.add(
            "dealer.reveal",
            DEALER,
            DEALERS_HAND,
            Action.SET_HAND,
            None,
            after,
            CITE_REVEAL,
            f"Reveal the dealer's six cards ({format_cards(self.round.dealer)}) and select the "
            f"four that form the highest-ranking Four Card Poker hand: "
            f"{describe_hand(hand)}.",
            ORDER_REVEAL,
            format_cards(hand.cards),
        )
        if self.fchb is not None:
            self.fchb.dealer_after = [step]
        return step

    def seat(self, play: FourCardSeatPlay, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        config = self.config
        show = showdown(play.cards, self.round.dealer)
        base: list[str] = []
        if not play.folded:
            outcomes = [
                settle_ante(config, show, play.ante, play.decision),
                settle_play(config, show, play.ante, play.decision),
                settle_ante_bonus(config, show, play.ante, play.decision),
            ]
            base = [
                self.resolve(play.seat, o, entry, ORDER_SEATS) for o in outcomes if o is not None
            ]
        previous = base or entry
        settled = list(base)
        if play.aces_up > 0 and (not play.folded or self.aces_up_stays(play)):
            outcome = settle_aces_up(config, play.cards, play.aces_up, play.decision)
            previous = [self.resolve(play.seat, outcome, previous, ORDER_ACES_UP)]
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
                "so the hand can be reconstructed (§ 641a.11(d)).",
                ORDER_DISCARD,
            )
        ]

    def _bonus(self, play: FourCardSeatPlay, after: Sequence[str]) -> BonusSteps:
        """The seam for the shared Five Card Hand Bonus module (§ 641a.11(c)(7)): its steps come
        after the seat's Aces Up (or its base wagers) and before its discard."""
        if self.fchb is not None:
            done = self.fchb.seat(self.round.five_card_hand_bonus(play), list(after))
            mine = set(done.exits)
            return BonusSteps(tuple(s for s in self.steps if s.id in mine), done.held)
        if self.seat_bonus is None:
            return BonusSteps()
        bonus = self.seat_bonus(self.round, play, tuple(after))
        self.steps += bonus.steps
        return bonus


def build_procedure(round_: FourCardRound, *, seat_bonus: SeatBonus | None = None) -> Procedure:
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
        # The electronic wagering system locks out further Five Card Hand Bonus wagers before
        # the deal (§ 641a.8(b)).
        lock_out=round_.config.five_card_hand_bonus is not None,
        progressive={},
        section=PRE_DEAL_SECTION,
    )
    return Procedure(before_settlement(pre, builder.steps))


def hand_matcher(round_: FourCardRound) -> Callable[[Step, str], bool]:
    """Whether a trainee's named hand is the step's, for ``Grader.hand_matcher``.

    For the dealer's selection any four of the dealer's six cards that rank equal to the best
    four are right (the sixth card may duplicate a rank: K-K-K-9 with either nine), in any order;
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


SPOTS = game_spots(FourCardWager, FCHB_SPOT_KINDS)
"""Every kind of spot a Four Card Poker table settles."""

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
