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
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS
from dealer_trainer.games.four_card_poker.config import PROGRESSIVE
from dealer_trainer.games.four_card_poker.hands import describe_hand
from dealer_trainer.games.four_card_poker.outcomes import (
    FourCardOutcome,
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
    game_spots,
)

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
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus win (§ 641a.11(c)(7)(i)); Ante, Play, Ante Bonus and Aces Up are paid as read."
    ),
    Action.CALL_FLOORPERSON: (
        "A floorperson verifies only a 500-for-1 or percentage-of-meter payout "
        "(§ 641a.11(c)(7)(ii))."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "The Ante, Play, Ante Bonus, Aces Up and progressive wagers are paid in chips; only a "
        "Five Card Hand Bonus payout is credited to the game account (§ 641a.11(c)(7)(iii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter payout keeps a hand on the table (§ 641a.11(c)(7)(iii))."
    ),
    Action.ACKNOWLEDGE_ENVY: (
        "No player still in the hand holds an Envy Bonus Qualifying Hand that another "
        "player's progressive wager is owed an Envy Bonus for (§ 641a.1)."
    ),
    Action.PAY_ENVY: "No Envy Bonus is owed there (§ 641a.1).",
    Action.VERIFY_METER: "No meter is verified at this table.",
    Action.RESET_METER: (
        "Only a meter emptied by a 100%-of-meter payout is reset (§ 641a.12(g)(4))."
    ),
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: "There is no losing wager there.",
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


def _outcomes(round_: FourCardRound, play: FourCardSeatPlay) -> list[FourCardOutcome]:
    """The seat's outcomes in settlement order: Ante, Play, Ante Bonus, then the Aces Up; a
    folded seat's are the forfeited Ante and its Aces Up."""
    config = round_.config
    show = showdown(play.cards, round_.dealer)
    found = [
        settle_ante(config, show, play.ante, play.decision),
        settle_play(config, show, play.ante, play.decision),
        settle_ante_bonus(config, show, play.ante, play.decision),
    ]
    if play.aces_up > 0:
        found.append(settle_aces_up(config, play.cards, play.aces_up, play.decision))
    return [o for o in found if o is not None]


def _aces_up_stays(round_: FourCardRound, play: FourCardSeatPlay) -> bool:
    """A folded hand's cards stay for its turn when its Aces Up is still in action."""
    return play.stake(FourCardWager.ACES_UP) > 0 and (
        round_.config.rules.aces_up_on_fold is FoldRule.STAYS_IN_ACTION
    )


def _reveal(round_: FourCardRound) -> str:
    return (
        f"Reveal the dealer's six cards ({format_cards(round_.dealer)}) and select the four that "
        f"form the highest-ranking Four Card Poker hand: {describe_hand(round_.dealer_hand)}."
    )


GAME: BestFourProcedure[FourCardRound, FourCardSeatPlay] = BestFourProcedure(
    outcomes=_outcomes,
    side_wager=FourCardWager.ACES_UP,
    side_stays=_aces_up_stays,
    reveal=_reveal,
    fchb_citing=FCHB_CITING,
    pre_deal_section=PRE_DEAL_SECTION,
    cite_fold=CITE_FOLD,
    cite_reveal=CITE_REVEAL,
    cite_discard=CITE_DISCARD,
    order_folds=ORDER_FOLDS,
    order_reveal=ORDER_REVEAL,
    order_seats=ORDER_SEATS,
    order_side=ORDER_ACES_UP,
    order_discard=ORDER_DISCARD,
    fold_note=" (§ 641a.11(c))",
    discard_note=" (§ 641a.11(d))",
    progressive=PROGRESSIVE,
)
"""Four Card Poker's part of the shared procedure (games/best_four_settlement.py)."""

SeatBonus = Callable[[FourCardRound, FourCardSeatPlay, tuple[str, ...]], BonusSteps]
"""(round, seat, ids the bonus follows: the seat's Aces Up or else its last base steps) -> the
seat's bonus steps."""


def build_procedure(round_: FourCardRound, *, seat_bonus: SeatBonus | None = None) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints.

    ``seat_bonus`` adds each settled seat's Five Card Hand Bonus steps (see ``BonusSteps``).
    """
    return build_best_four_procedure(round_, GAME, seat_bonus)


def hand_matcher(round_: FourCardRound) -> Callable[[Step, str], bool]:
    """Whether a trainee's named hand is the step's: any four of the dealer's six cards that
    rank equal to the best four (the others may duplicate a rank), or the category's name."""
    return best_four_matcher(round_)


SPOTS = game_spots(FourCardWager, ProgressiveWager, ProgressiveSpot, FCHB_SPOT_KINDS)
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
