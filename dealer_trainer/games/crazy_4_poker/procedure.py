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

from collections.abc import Callable

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import pre_deal_not_called_for
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.games.best_four_progressive import ProgressiveSpot, ProgressiveWager
from dealer_trainer.games.best_four_settlement import (
    BestFourProcedure,
    BonusSteps,
    best_four_matcher,
    build_best_four_procedure,
)
from dealer_trainer.games.crazy_4_poker.config import PROGRESSIVE
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
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    game_spots,
)

PRE_DEAL_SECTION = "657a.8; § 641a.8(b)"
"""The dealing paragraph that puts the pre-deal steps before the first card: § 657a.8 is not
among the stored pages, so the trainee reads the own section beside Four Card Poker's (seed 000)."""
CITE_FOLD = "§ 657a.11; § 641a.11(c)"
"""The completion of each round (§ 657a.11, not among the stored pages) beside the paragraph of
Four Card Poker's that prints the same step (seed 000), as the verify and floorperson steps
are cited (``round.FCHB_CITING``)."""
CITE_REVEAL = "§ 657a.11; § 641a.11(c)"
CITE_DISCARD = "§ 657a.11; § 641a.11(d)"

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
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus win; Ante, Play, Super Bonus and Queens Up are paid as read."
    ),
    Action.CALL_FLOORPERSON: (
        "A floorperson verifies only a 500-for-1 or percentage-of-meter payout."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "The Ante, Play, Super Bonus, Queens Up and progressive wagers are paid in chips; only "
        "a Five Card Hand Bonus payout is credited to the game account."
    ),
    Action.HOLD_FOR_DOCUMENTATION: "Only a percentage-of-meter payout keeps a hand on the table.",
    Action.ACKNOWLEDGE_ENVY: (
        "No player still in the hand holds an Envy Bonus Qualifying Hand that another "
        "player's progressive wager is owed an Envy Bonus for (§ 657a.1)."
    ),
    Action.PAY_ENVY: "No Envy Bonus is owed there (§ 657a.1).",
    Action.VERIFY_METER: "No meter is verified at this table.",
    Action.RESET_METER: "Only a meter emptied by a 100%-of-meter payout is reset.",
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: "There is no losing wager there.",
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


def _outcomes(round_: Crazy4Round, play: Crazy4SeatPlay) -> tuple[Crazy4Outcome, ...]:
    """The seat's outcomes in settlement order (Ante, Play, Super Bonus, Queens Up), the
    payout limit applied; a folded seat's are the forfeited ones and its Queens Up."""
    config = round_.config
    show = showdown(play.cards, round_.dealer)
    found: list[Crazy4Outcome | None] = [
        settle_ante(config, show, play.ante, play.decision),
        settle_play(config, show, play.ante, play.decision),
        settle_super_bonus(config, show, play.super_bonus, play.decision),
    ]
    if play.queens_up > 0:
        found.append(settle_queens_up(config, play.cards, play.queens_up, play.decision))
    return limit_payouts(config, [o for o in found if o is not None])


def _queens_up_stays(round_: Crazy4Round, play: Crazy4SeatPlay) -> bool:
    """A folded hand's cards stay for its turn when its Queens Up is still in action."""
    return play.stake(Crazy4Wager.QUEENS_UP) > 0 and (
        round_.config.rules.queens_up_on_fold is FoldRule.STAYS_IN_ACTION
    )


def _reveal(round_: Crazy4Round) -> str:
    qualified = (
        ", king high or better: the dealer qualifies"
        if round_.dealer_qualifies
        else ", below king high: the dealer does not qualify"
    )
    return (
        f"Reveal the dealer's five cards ({format_cards(round_.dealer)}) and select the four that "
        f"form the highest-ranking Crazy 4 Poker hand: {describe_hand(round_.dealer_hand)}"
        f"{qualified}."
    )


GAME: BestFourProcedure[Crazy4Round, Crazy4SeatPlay] = BestFourProcedure(
    outcomes=_outcomes,
    side_wager=Crazy4Wager.QUEENS_UP,
    side_stays=_queens_up_stays,
    reveal=_reveal,
    fchb_citing=FCHB_CITING,
    pre_deal_section=PRE_DEAL_SECTION,
    cite_fold=CITE_FOLD,
    cite_reveal=CITE_REVEAL,
    cite_discard=CITE_DISCARD,
    order_folds=ORDER_FOLDS,
    order_reveal=ORDER_REVEAL,
    order_seats=ORDER_SEATS,
    order_side=ORDER_QUEENS_UP,
    order_discard=ORDER_DISCARD,
    fold_note="",
    discard_note="",
    progressive=PROGRESSIVE,
)
"""Crazy 4 Poker's part of the shared procedure (games/best_four_settlement.py)."""

SeatBonus = Callable[[Crazy4Round, Crazy4SeatPlay, tuple[str, ...]], BonusSteps]
"""(round, seat, ids the bonus follows: the seat's Queens Up or else its last base steps) -> the
seat's bonus steps."""


def build_procedure(round_: Crazy4Round, *, seat_bonus: SeatBonus | None = None) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints.

    ``seat_bonus`` adds each settled seat's Five Card Hand Bonus steps (see ``BonusSteps``).
    """
    return build_best_four_procedure(round_, GAME, seat_bonus)


def hand_matcher(round_: Crazy4Round) -> Callable[[Step, str], bool]:
    """Whether a trainee's named hand is the step's: any four of the dealer's five cards that
    rank equal to the best four (the fifth may duplicate a rank), or the category's name."""
    return best_four_matcher(round_)


SPOTS = game_spots(Crazy4Wager, ProgressiveWager, ProgressiveSpot, FCHB_SPOT_KINDS)
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
