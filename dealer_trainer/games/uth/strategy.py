"""A player's strategy for Ultimate Texas Hold 'Em as data (``data/strategies/*.toml``), and
the decisions it makes, for the table analyser's simulation of the Ante, Blind and Play.

The shipped file is the commonly published basic strategy: Play 4x before the flop with the
listed starting hands, 2x after the flop with a hidden pair or better or a strong four-flush,
1x after the river with a hidden pair or better or when fewer than 21 unseen cards would give
the dealer a better hand; otherwise fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from dealer_trainer.cards import Card
from dealer_trainer.cards.ranks_suits import Rank
from dealer_trainer.games.uth.outcomes import Decision, Street
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.five_card import category_of, seven_card_strength, strength
from dealer_trainer.rules.datafile import Invalid, Record, convert
from dealer_trainer.rules.errors import DataFileError, read_toml


def _rank(text: str) -> int:
    return Rank(text).index


class _Kicker(Record, frozen=True):
    offsuit: str
    suited: str


class _BeforeFlop(Record, frozen=True):
    pairs_from: str
    ace_with_any: bool
    king_with: _Kicker
    queen_with: _Kicker
    jack_with: _Kicker


class _AfterFlop(Record, frozen=True):
    two_pair_or_better: bool
    hidden_pair: bool
    except_pocket: str
    four_flush_hidden_from: str


class _AfterRiver(Record, frozen=True):
    hidden_pair_or_better: bool
    fewer_dealer_outs_than: int


class UthStrategy(Record, frozen=True):
    """A strategy file: when to Play 4x, 2x and 1x."""

    name: str
    before_flop: _BeforeFlop
    after_flop: _AfterFlop
    after_river: _AfterRiver

    def decide(self, hole: Sequence[Card], board: Sequence[Card]) -> Decision:
        """The decision for two hole cards and the five community cards, looking at each street
        only as far as the player would have seen it."""
        if self._before_flop(hole):
            return Decision.play(4, Street.BEFORE_FLOP)
        if self._after_flop(hole, board[:3]):
            return Decision.play(2, Street.AFTER_FLOP)
        if self._after_river(hole, board):
            return Decision.play(1, Street.AFTER_RIVER)
        return Decision.fold()

    def raises_before_flop(self, hole: Sequence[Card]) -> bool:
        """Whether the strategy plays four times the Ante on these two cards."""
        return self._before_flop(hole)

    def _before_flop(self, hole: Sequence[Card]) -> bool:
        rule = self.before_flop
        high, low = sorted((card.rank_index for card in hole), reverse=True)
        suited = hole[0].suit_index == hole[1].suit_index
        if high == low:
            return high >= _rank(rule.pairs_from)
        if high == Rank.ACE.index:
            return rule.ace_with_any
        kickers = {Rank.KING.index: rule.king_with, Rank.QUEEN.index: rule.queen_with}
        kickers[Rank.JACK.index] = rule.jack_with
        kicker = kickers.get(high)
        if kicker is None:
            return False
        return low >= _rank(kicker.suited if suited else kicker.offsuit)

    def _after_flop(self, hole: Sequence[Card], flop: Sequence[Card]) -> bool:
        rule = self.after_flop
        hole_ranks = [card.rank_index for card in hole]
        flop_ranks = [card.rank_index for card in flop]
        pocket = hole_ranks[0] == hole_ranks[1]
        paired = any(rank in flop_ranks for rank in hole_ranks)
        category = category_of(strength((*hole, *flop)))
        at_least_two_pair = FIVE_CARD_ORDER.index(category) >= FIVE_CARD_ORDER.index(
            HandRank.TWO_PAIR
        )
        if rule.two_pair_or_better and at_least_two_pair and (paired or pocket):
            return True
        if rule.hidden_pair and (paired or (pocket and hole_ranks[0] != _rank(rule.except_pocket))):
            return True
        for suit in range(4):
            suited = [card for card in (*hole, *flop) if card.suit_index == suit]
            hidden = [card.rank_index for card in hole if card.suit_index == suit]
            if len(suited) >= 4 and hidden and max(hidden) >= _rank(rule.four_flush_hidden_from):
                return True
        return False

    def _after_river(self, hole: Sequence[Card], board: Sequence[Card]) -> bool:
        """A hand the hole cards improve beyond the board's own category (a pocket pair, or a
        hole card pairing the board, counts), else the count of unseen cards that would give
        the dealer, with the board, a better hand than the player's."""
        rule = self.after_river
        mine = seven_card_strength((*hole, *board))
        board_ranks = {card.rank_index for card in board}
        hidden = (
            FIVE_CARD_ORDER.index(category_of(mine))
            > FIVE_CARD_ORDER.index(category_of(strength(board)))
            or hole[0].rank_index == hole[1].rank_index
            or any(card.rank_index in board_ranks for card in hole)
        )
        if rule.hidden_pair_or_better and hidden:
            return True
        seen = {*hole, *board}
        outs = sum(
            1
            for index in range(52)
            if Card(index) not in seen and strength((*board, Card(index))) > mine
        )
        return outs < rule.fewer_dealer_outs_than


def load_strategy(path: str | Path) -> UthStrategy:
    """A strategy file; ``DataFileError`` names the file and each field that is wrong."""
    try:
        return convert(read_toml(Path(path)), UthStrategy)
    except Invalid as error:
        raise DataFileError(path, error.problems) from None


def basic_strategy() -> UthStrategy:
    """The shipped commonly published basic strategy."""
    data = resources.files("dealer_trainer.games.uth").joinpath("data", "strategies", "basic.toml")
    with resources.as_file(data) as path:
        return load_strategy(path)


__all__ = ["UthStrategy", "basic_strategy", "load_strategy"]
