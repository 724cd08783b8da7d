"""The Texas Hold 'Em Bonus Poker paytables, read as data into the records every game shares.

They ship in ``data/texas_holdem_bonus.toml`` beside this module. Each wager's rows use the
names its paytable prints (``ROW_VOCABULARY``); a Bonus paytable prints "N/A" for a row it does
not pay, so a row is not refused for paying nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from functools import cache
from pathlib import Path

from dealer_trainer.games.config_support import shipped_paytables
from dealer_trainer.games.texas_holdem_bonus.wagers import (
    BonusEvent,
    BonusHand,
    Condition,
    HandClass,
    HandSource,
    ThbWager,
    parse_hand_class,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.errors import DataFileError, read_toml
from dealer_trainer.rules.game_paytables import GameCatalog, GamePaytable, GameRow, PaytableFormat

GAME_NAME = "Texas Hold 'Em Bonus Poker"
DATA_FILE = "texas_holdem_bonus.toml"

ThbRow = GameRow[HandClass]
ThbPaytable = GamePaytable[ThbWager, HandClass, HandSource]
ThbCatalog = GameCatalog[ThbWager, HandClass, HandSource]


class ThbConfigError(DataFileError):
    """A Texas Hold 'Em Bonus Poker Rules Submission (or the paytable file) is invalid;
    ``problems`` lists every field that is wrong."""


ROW_VOCABULARY: Mapping[ThbWager, tuple[type[Enum], ...]] = {
    ThbWager.ANTE: (Condition,),
    ThbWager.FLOP: (Condition,),
    ThbWager.TURN: (Condition,),
    ThbWager.RIVER: (Condition,),
    ThbWager.BONUS: (BonusHand,),
    ThbWager.PROGRESSIVE: (HandRank,),
    ThbWager.FIVE_CARD_HAND_BONUS: (HandRank,),
    ThbWager.MAGIC_CARD_BONUS: (BonusEvent,),
    ThbWager.LUCKY_BONUS: (BonusEvent,),
}
"""Which row names each wager's paytable may use."""


class ThbPaytableFormat(PaytableFormat[ThbWager, HandClass, HandSource], frozen=True):
    """A row name is read among every name a paytable of the game prints, then refused if the
    wager's paytable cannot print it, so the message says which kind of name it is."""

    def parse_hand(self, wager: ThbWager, text: str) -> HandClass:
        hand = parse_hand_class(text)
        allowed = ROW_VOCABULARY.get(wager, ())
        if not isinstance(hand, allowed):
            names = ", ".join(repr(m.value) for cls in allowed for m in cls) or "none"
            raise ValueError(f"a {wager.value} paytable row is one of {names}")
        return hand


FORMAT = ThbPaytableFormat(
    game=GAME_NAME,
    section="647a.12",
    wager_type=ThbWager,
    source_type=HandSource,
    row_vocabulary={
        wager: tuple(member for kind in kinds for member in kind)
        for wager, kinds in ROW_VOCABULARY.items()
    },
    error=ThbConfigError,
    data_file=DATA_FILE,
    package="dealer_trainer.games.texas_holdem_bonus",
    winning_rows_only=False,
)


def load_thb_paytables(path: Path) -> ThbCatalog:
    """Load and validate a paytable file; errors name the file and the field."""
    return FORMAT.catalog_from_data(read_toml(path), path)


@cache
def thb_paytables() -> ThbCatalog:
    """The paytables shipped with the package, loaded once."""
    return shipped_paytables(FORMAT.package, DATA_FILE, load_thb_paytables)


__all__ = [
    "DATA_FILE",
    "FORMAT",
    "GAME_NAME",
    "ROW_VOCABULARY",
    "ThbCatalog",
    "ThbConfigError",
    "ThbPaytable",
    "ThbPaytableFormat",
    "ThbRow",
    "load_thb_paytables",
    "thb_paytables",
]
