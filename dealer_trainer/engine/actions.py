"""The verbs of settlement: what a dealer can do to a wager, a hand, a meter or the cards.

The values are the words used in scenario and action files, the CLI's JSON and the UI.
"""

from __future__ import annotations

from dealer_trainer.vocabulary import Vocabulary


class Action(Vocabulary, noun="an action"):
    COLLECT = "collect"
    PAY = "pay"
    PUSH = "push"
    VERIFY_HAND = "verify_hand"
    CALL_FLOORPERSON = "call_floorperson"
    CREDIT_GAME_ACCOUNT = "credit_game_account"
    HOLD_FOR_DOCUMENTATION = "hold_for_documentation"
    ACKNOWLEDGE_ENVY = "acknowledge_envy"
    PAY_ENVY = "pay_envy"
    COLLECT_COMMISSION = "collect_commission"
    DISCARD = "discard"
    VERIFY_METER = "verify_meter"
    RESET_METER = "reset_meter"
    SET_HAND = "set_hand"
    """Pai gow: the dealer sets the dealer's seven cards by the house way."""
    ANNOUNCE_NO_MORE_BETS = "announce_no_more_bets"
    """Before the deal: "no more bets" (§§ 639a.8(b), 641a.8(b), 643a.8(b))."""
    LOCK_OUT_WAGERS = "lock_out_wagers"
    """Before the deal: the table system stops further bonus and progressive wagers."""
    VERIFY_CHIP_COUNT = "verify_chip_count"
    """Before the deal: in front of the table inventory container, the progressive chips
    collected equal the number of wagers the system accepted."""
    DROP_IN_CONTAINER = "drop_in_container"
    """Before the deal: the progressive chips go into the table inventory container."""
    PLACE_LAMMER = "place_lammer"
    """Pai gow, at "no more bets": an Envy lammer beside each Qualifying Wager (§ 645a.8(b)(1))."""
    REARRANGE_HAND = "rearrange_hand"
    """Pai gow: the dealer forms a player's seven cards into the highest-ranking hand before
    settling the optional wagers (§ 645a.11(h))."""

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")

    @property
    def settles_wager(self) -> bool:
        """Collect, pay and push are the three ways to resolve a wager: choosing the wrong
        one is a wrong action, not an extra one."""
        return self in RESOLUTIONS

    @property
    def moves_money(self) -> bool:
        return self in MONEY_ACTIONS


RESOLUTIONS = frozenset({Action.COLLECT, Action.PAY, Action.PUSH})
MONEY_ACTIONS = frozenset(
    {
        Action.COLLECT,
        Action.PAY,
        Action.PUSH,
        Action.CREDIT_GAME_ACCOUNT,
        Action.HOLD_FOR_DOCUMENTATION,
        Action.PAY_ENVY,
        Action.COLLECT_COMMISSION,
        Action.RESET_METER,
    }
)
