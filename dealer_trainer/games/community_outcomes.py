"""The wager outcome of a game of two hole cards and five community cards (Ultimate Texas
Hold 'Em, Texas Hold 'Em Bonus Poker): the shared outcome facts with the paytable and row
paid, the hand read and the amount before rounding, and the two outcomes that need no
arithmetic, a loss and a push.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from decimal import Decimal
from typing import Generic, Protocol, Self, TypeVar

from dealer_trainer.cards import Card
from dealer_trainer.games.outcome_support import OutcomeFacts, Result
from dealer_trainer.games.progressive_config import EnvyProgressiveSpec
from dealer_trainer.hands.categories import FIVE_CARD_ORDER
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.game_paytables import GamePaytable, GameRow
from dealer_trainer.rules.money import ZERO
from dealer_trainer.rules.provenance import Citation
from dealer_trainer.vocabulary import Vocabulary

W = TypeVar("W", bound=Vocabulary)
H = TypeVar("H", bound=Hashable)
S = TypeVar("S", bound=Vocabulary)


class PaytableOutcome(OutcomeFacts[W], Generic[W, H, S], frozen=True):
    """How one wager is settled.

    ``paid`` is what the dealer pays (or credits to the game account); ``stake_returned`` says
    whether the stake goes back too. A lost wager has ``paid == 0`` and ``stake_returned``
    False. ``exact`` is ``paid`` before rounding.
    """

    paytable: GamePaytable[W, H, S] | None = None
    row: GameRow[H] | None = None
    hand: HandValue | None = None
    exact: Decimal | None = None

    @classmethod
    def lose(
        cls,
        wager: W,
        stake: Decimal,
        reason: str,
        citation: Citation,
        *,
        paytable: GamePaytable[W, H, S] | None = None,
        hand: HandValue | None = None,
    ) -> Self:
        return cls(wager, Result.LOSE, stake, ZERO, False, reason, citation, paytable, None, hand)

    @classmethod
    def push(
        cls,
        wager: W,
        stake: Decimal,
        reason: str,
        citation: Citation,
        *,
        paytable: GamePaytable[W, H, S] | None = None,
        row: GameRow[H] | None = None,
        hand: HandValue | None = None,
    ) -> Self:
        """The stake returned, nothing won."""
        return cls(
            wager, Result.PUSH, stake, ZERO, True, reason, citation, paytable, row, hand, ZERO
        )

    @classmethod
    def forfeited(
        cls,
        wager: W,
        stake: Decimal,
        citation: Citation,
        paytable: GamePaytable[W, H, S] | None = None,
    ) -> Self:
        """A wager the table's fold rule (``citation``) forfeits on a fold."""
        return cls.lose(
            wager,
            stake,
            f"the player folded: the {wager.value} is forfeited ({citation})",
            citation,
            paytable=paytable,
        )


class _Progressive(Protocol):
    @property
    def progressive(self) -> EnvyProgressiveSpec | None: ...
    @property
    def settles_progressive(self) -> bool: ...


def envy_hand(config: _Progressive, cards: Callable[[], Sequence[Card]]) -> HandValue | None:
    """The progressive hand (the best five of ``cards``) if it is an Envy Bonus Qualifying
    Hand on a table that pays an Envy Bonus, else None."""
    spec = config.progressive
    if spec is None or spec.envy is None or not config.settles_progressive:
        return None
    hand = best_five(cards())
    if FIVE_CARD_ORDER.index(hand.rank) >= FIVE_CARD_ORDER.index(spec.envy_qualifying_hand):
        return hand
    return None


__all__ = ["PaytableOutcome", "envy_hand"]
