"""The rules of Ultimate Texas Hold 'Em that no seed document states, as settings with their
provenance.

The seeds do not say when the dealer qualifies, how large a Play wager may be, when the Blind
pays, or how a 3-to-2 payout on an odd stake is rounded; industry practice or another chapter
does. Each such rule is a field of ``UthRules`` that a property may override in the ``[rules]``
table of its Rules Submission, and ``RULE_INFO`` records why the default was chosen and where
it comes from, so the UI can label it "unverified" or "by analogy" (regulations/README.md § 2).
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
from dealer_trainer.rules.money import EXACT_CENTS
from dealer_trainer.rules.provenance import analog, standard
from dealer_trainer.rules.settings import RuleInfo
from dealer_trainer.vocabulary import Vocabulary


class FoldTreatment(Vocabulary, noun="a fold treatment"):
    """What happens to a wager when the player folds (declines the Play wager)."""

    FORFEITED = "forfeited with the Ante and Blind"
    STAYS_IN_ACTION = "stays in action until settled"


RULE_INFO: Mapping[str, RuleInfo] = {
    "dealer_qualifying_hand": RuleInfo(
        "Dealer qualifies with",
        "The dealer's hand must be at least this to qualify; a non-qualifying dealer pushes "
        "the Ante.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "ante_pushes_when_dealer_does_not_qualify": RuleInfo(
        "Ante pushes when the dealer does not qualify",
        "When the dealer does not qualify the Ante is returned whatever the player holds; Play "
        "and Blind are still settled against the dealer's hand.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "play_multiples_before_flop": RuleInfo(
        "Play wager before the flop (times the Ante)",
        "Multiples of the Ante a player may wager on Play after seeing only the two cards.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "play_multiples_after_flop": RuleInfo(
        "Play wager after the flop (times the Ante)",
        "Multiples of the Ante a player who checked may wager on Play after the flop.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "play_multiples_after_river": RuleInfo(
        "Play wager after the river (times the Ante)",
        "Multiples of the Ante a player who checked twice may wager on Play, or else fold.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "blind_equals_ante": RuleInfo(
        "Blind equals the Ante",
        "The Blind wager must be the same amount as the Ante.",
        standard("unverified (ultimate-texas-holdem.md § 1)"),
    ),
    "blind_pays_only_when_player_wins": RuleInfo(
        "Blind pays only when the player wins",
        "The Blind is paid from its paytable (pushing below it) only when the player's hand "
        "outranks the dealer's; it loses when the dealer wins and pushes on a tie. If off, the "
        "Blind is settled on its paytable whenever the player has not folded.",
        standard("unverified (ultimate-texas-holdem.md § 4)"),
    ),
    "trips_pays_regardless_of_dealer": RuleInfo(
        "Trips pays regardless of the dealer's hand",
        "Trips is paid on the player's hand alone, even if the dealer wins or the player folds; "
        "if off, Trips wins only when the player's hand also outranks the dealer's.",
        standard("unverified (ultimate-texas-holdem.md § 1)"),
    ),
    "bad_beat_requires_loss_to_dealer": RuleInfo(
        "Bad Beat pays only when the player's hand loses to the dealer's",
        "The Bad Beat bonus pays on the player's hand rank only if the dealer's hand beats it. "
        "The seeds do not state the trigger (ultimate-texas-holdem.md § 9.6).",
        standard("unverified: trigger not stated in the seeds"),
    ),
    "bad_beat_on_fold": RuleInfo(
        "Bad Beat bonus on a folded hand",
        "In Caribbean Stud a fold forfeits every wager except the Five Card Hand Bonus.",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "five_card_hand_bonus_on_fold": RuleInfo(
        "Five Card Hand Bonus on a folded hand",
        "In Caribbean Stud the Five Card Hand Bonus stays in action after a fold.",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "progressive_on_fold": RuleInfo(
        "Progressive Payout Wager on a folded hand",
        "In Caribbean Stud a fold forfeits every wager except the Five Card Hand Bonus; the UTH "
        "rule is not in the seeds (ultimate-texas-holdem.md § 5).",
        analog("ch. 639a (seed 000)", "639a.11(b)"),
    ),
    "magic_card_matches": RuleInfo(
        "Magic Card matches",
        "The Magic Card Bonus pays when a card of the wagered hand matches the card the table "
        "game system selects (same rank and suit). Elsewhere the cards compared are those that "
        "form the Five Card Hand Bonus hand: the two community cards in Let It Ride, the "
        "dealer's first five cards in Four Card Poker.",
        analog("seed 000, chs. 641a, 643a", "641a.1", "643a.1"),
    ),
    "odd_payout_rounding": RuleInfo(
        "Rounding of 'X to 2' payouts on odd amounts",
        "No regulation says how a 3-to-2 Blind payout on an odd stake is rounded; the default "
        "pays exact cents ($5 wins $7.50).",
        standard("no rule in the regulations (ultimate-texas-holdem.md § 9.8)"),
    ),
    "meter_payout_rounding": RuleInfo(
        "Rounding of meter percentages and shares",
        "A percentage of a meter, or a dealer-hand award shared equally, can fall between "
        "cents; the default rounds down to the cent.",
        standard("no rule in the regulations"),
    ),
}


def _multiples(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not value:
        raise ValueError("a list of whole multiples of the Ante, such as [3, 4]")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise ValueError("each Play multiple is a positive whole number")
    return tuple(sorted(set(value)))


Multiples = Annotated[tuple[int, ...], Parse(_multiples)]
FoldField = Annotated[FoldTreatment, vocabulary_field(FoldTreatment)]


class UthRules(ChangedRules, frozen=True):
    """The non-seed rules of Ultimate Texas Hold 'Em; defaults are documented in ``RULE_INFO``."""

    RULE_INFO = RULE_INFO

    dealer_qualifying_hand: FiveCardRankField = HandRank.ONE_PAIR
    ante_pushes_when_dealer_does_not_qualify: BoolField = True
    play_multiples_before_flop: Multiples = (3, 4)
    play_multiples_after_flop: Multiples = (2,)
    play_multiples_after_river: Multiples = (1,)
    blind_equals_ante: BoolField = True
    blind_pays_only_when_player_wins: BoolField = True
    trips_pays_regardless_of_dealer: BoolField = True
    bad_beat_requires_loss_to_dealer: BoolField = True
    bad_beat_on_fold: FoldField = FoldTreatment.FORFEITED
    progressive_on_fold: FoldField = FoldTreatment.FORFEITED
    five_card_hand_bonus_on_fold: FoldField = FoldTreatment.STAYS_IN_ACTION
    magic_card_matches: MagicCardField = MagicCardMatch.WAGERED_HAND
    odd_payout_rounding: RulesRounding = EXACT_CENTS
    meter_payout_rounding: RulesRounding = EXACT_CENTS


DEFAULT_RULES = UthRules()


__all__ = [
    "DEFAULT_RULES",
    "RULE_INFO",
    "FoldTreatment",
    "MagicCardMatch",
    "UthRules",
    "vocabulary_field",
]
