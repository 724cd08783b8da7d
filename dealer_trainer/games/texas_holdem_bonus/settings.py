"""The rules of Texas Hold 'Em Bonus Poker that the stored chapter text does not give, as
settings with their provenance.

Of ch. 647a only the definitions (§ 647a.1) were read; the wager, dealing, completion and
payout sections (§§ 647a.7-647a.12) were not found in the stored pages. The rules below are
the game's published house rules (the Ante paid only on a strong hand, a Flop Wager of twice
the Ante, Turn and River Wagers equal to it, a tie pushing) and each is a field of ``ThbRules``
that a property may override in the ``[rules]`` table of its Rules Submission, with
``RULE_INFO`` saying where the default comes from (docs/regulations.md marks each as not yet
checked against the Code text).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from dealer_trainer.games.community_settings import (
    ChangedRules,
    MagicCardField,
    MagicCardMatch,
    RulesRounding,
    vocabulary_field,
)
from dealer_trainer.games.progressive_config import FiveCardRankField
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.datafile import Parse
from dealer_trainer.rules.game_paytables import BoolField
from dealer_trainer.rules.money import EXACT_CENTS, Rounding
from dealer_trainer.rules.provenance import analog, standard
from dealer_trainer.rules.settings import RuleInfo
from dealer_trainer.vocabulary import Vocabulary

HOUSE_RULE = standard("house rules; ch. 647a wager and payout sections not yet checked")


class FoldTreatment(Vocabulary, noun="a fold treatment"):
    """What happens to a wager when the player folds (makes no Flop Wager)."""

    FORFEITED = "forfeited with the Ante"
    STAYS_IN_ACTION = "stays in action until settled"


RULE_INFO: Mapping[str, RuleInfo] = {
    "ante_pays_from": RuleInfo(
        "Ante wins only with",
        "A player who beats the dealer is paid 1 to 1 on the Ante only with this hand or "
        "better; with less the Ante pushes. Published house rules differ (a straight or "
        "better; a flush or better in other jurisdictions).",
        HOUSE_RULE,
    ),
    "flop_multiple": RuleInfo(
        "Flop Wager (times the Ante)",
        "The Flop Wager a player makes to stay in the round (§ 647a.1 defines it; the amount "
        "is the house rules' twice the Ante).",
        HOUSE_RULE,
    ),
    "turn_multiple": RuleInfo(
        "Turn Wager (times the Ante)",
        "The optional wager a player may make after the Flop instead of checking.",
        HOUSE_RULE,
    ),
    "river_multiple": RuleInfo(
        "River Wager (times the Ante)",
        "The optional wager a player may make after the turn card instead of checking.",
        HOUSE_RULE,
    ),
    "tie_pushes": RuleInfo(
        "A tie pushes",
        "When the player's and the dealer's hands are identical in rank the Ante, Flop, Turn "
        "and River Wagers push; if off, the dealer wins ties.",
        HOUSE_RULE,
    ),
    "bonus_on_fold": RuleInfo(
        "Bonus Wager on a folded hand",
        "Published house rules forfeit the Bonus Wager with the Ante when a player folds.",
        HOUSE_RULE,
    ),
    "progressive_on_fold": RuleInfo(
        "Progressive Payout Wager on a folded hand",
        "In Caribbean Stud a fold forfeits every wager except the Five Card Hand Bonus.",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "five_card_hand_bonus_on_fold": RuleInfo(
        "Five Card Hand Bonus on a folded hand",
        "In Caribbean Stud the Five Card Hand Bonus stays in action after a fold.",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "magic_card_matches": RuleInfo(
        "Magic Card matches",
        "The Magic Card Bonus pays when a card of the wagered hand matches the card the table "
        "game system selects (same rank and suit); the cards compared are those that form the "
        "Five Card Hand Bonus hand, as in Let It Ride.",
        analog("seed 000, ch. 643a", "643a.1"),
    ),
    "meter_payout_rounding": RuleInfo(
        "Rounding of meter percentages and shares",
        "A percentage of a meter, or a dealer-hand award shared equally, can fall between "
        "cents; the default rounds down to the cent.",
        standard("no rule in the regulations"),
    ),
}


def _multiple(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise ValueError("a whole multiple of the Ante from 1 to 5")
    return value


Multiple = Annotated[int, Parse(_multiple)]
FoldField = Annotated[FoldTreatment, vocabulary_field(FoldTreatment)]


class ThbRules(ChangedRules, frozen=True, kw_only=True):
    """The Texas Hold 'Em Bonus Poker rules a Rules Submission may state; defaults are
    documented in ``RULE_INFO``."""

    RULE_INFO = RULE_INFO

    ante_pays_from: FiveCardRankField = HandRank.STRAIGHT
    flop_multiple: Multiple = 2
    turn_multiple: Multiple = 1
    river_multiple: Multiple = 1
    tie_pushes: BoolField = True
    bonus_on_fold: FoldField = FoldTreatment.FORFEITED
    progressive_on_fold: FoldField = FoldTreatment.FORFEITED
    five_card_hand_bonus_on_fold: FoldField = FoldTreatment.STAYS_IN_ACTION
    magic_card_matches: MagicCardField = MagicCardMatch.WAGERED_HAND
    meter_payout_rounding: RulesRounding = EXACT_CENTS

    @property
    def odd_payout_rounding(self) -> Rounding:
        """Every Texas Hold 'Em Bonus payout is "X to 1" or "for 1": no cent is ever split."""
        return EXACT_CENTS


DEFAULT_RULES = ThbRules()

__all__ = [
    "DEFAULT_RULES",
    "HOUSE_RULE",
    "RULE_INFO",
    "FoldTreatment",
    "MagicCardMatch",
    "ThbRules",
    "vocabulary_field",
]
