"""Every keyboard path in the trainer, in one table: the buttons, the shortcuts and the F1 help
are all built from it, so they cannot disagree."""

from __future__ import annotations

from msgspec import Struct

from dealer_trainer.engine.actions import Action


class ActionKey(Struct, frozen=True):
    action: Action
    letter: str
    title: str
    button: str
    """The short label that fits on the action panel's button."""
    needs_amount: bool = False
    names_hand: bool = False
    sets_split: bool = False
    """The hand is given as a pai gow split, set by moving cards (the set-hand dialog)."""
    shift: bool = False
    """Pressed with Shift: the second verb of the letter's family (C collects the wager,
    Shift+C the commission)."""

    @property
    def key(self) -> str:
        """How the key is written on the button and in the help: "C", "Shift+C"."""
        return f"Shift+{self.letter}" if self.shift else self.letter


ACTION_KEYS: tuple[ActionKey, ...] = (
    ActionKey(Action.ANNOUNCE_NO_MORE_BETS, "B", 'Announce "no more bets"', "No more bets"),
    ActionKey(Action.LOCK_OUT_WAGERS, "L", "Lock out the table system's wagers", "Lock out"),
    ActionKey(
        Action.VERIFY_CHIP_COUNT,
        "K",
        "Count the progressive chips against the wagers accepted",
        "Count chips",
    ),
    ActionKey(
        Action.DROP_IN_CONTAINER, "D", "Drop the chips in the table inventory container", "Drop"
    ),
    ActionKey(Action.PLACE_LAMMER, "Y", "Place an Envy lammer", "Envy lammer"),
    ActionKey(Action.COLLECT, "C", "Collect", "Collect"),
    ActionKey(Action.PAY, "P", "Pay", "Pay", needs_amount=True),
    ActionKey(Action.PUSH, "P", "Push (return the wager)", "Push", shift=True),
    ActionKey(
        Action.COLLECT_COMMISSION,
        "C",
        "Collect commission",
        "Commission",
        needs_amount=True,
        shift=True,
    ),
    ActionKey(Action.PAY_ENVY, "E", "Pay an Envy Bonus", "Pay Envy", needs_amount=True, shift=True),
    ActionKey(Action.VERIFY_HAND, "V", "Verify the hand", "Verify hand", names_hand=True),
    ActionKey(
        Action.REARRANGE_HAND,
        "A",
        "Arrange a hand into its best hand and name it",
        "Arrange cards",
        names_hand=True,
    ),
    ActionKey(
        Action.SET_HAND,
        "A",
        "Set the dealer's hand by the house way",
        "Set dealer's hand",
        sets_split=True,
        shift=True,
    ),
    ActionKey(
        Action.ACKNOWLEDGE_ENVY, "E", "Acknowledge an Envy hand", "Envy hand", names_hand=True
    ),
    ActionKey(Action.DISCARD, "X", "Discard the cards", "Discard"),
    ActionKey(Action.CALL_FLOORPERSON, "F", "Call the floorperson", "Floorperson"),
    ActionKey(
        Action.CREDIT_GAME_ACCOUNT,
        "G",
        "Credit the game account",
        "Credit account",
        needs_amount=True,
    ),
    ActionKey(
        Action.HOLD_FOR_DOCUMENTATION,
        "H",
        "Hold the hand for jackpot documentation",
        "Hold for docs",
        needs_amount=True,
    ),
    ActionKey(Action.VERIFY_METER, "V", "Verify the meter light", "Verify meter", shift=True),
    ActionKey(Action.RESET_METER, "Z", "Reset (zero) the meter", "Reset meter", needs_amount=True),
)

BY_ACTION = {k.action: k for k in ACTION_KEYS}
BY_KEY = {(k.letter, k.shift): k for k in ACTION_KEYS}

SIGN_OFF_SHORTCUT = "Ctrl+F"
"""Brings back the floorperson waiting to sign (F calls them)."""
FINISH_SHORTCUT = "Ctrl+Shift+E"
"""Ends the round early, after asking: two modifiers, so it is never pressed by a slip."""
MENU_FAMILIES = {"F": SIGN_OFF_SHORTCUT}
"""A plain key and a menu shortcut that share a letter do one thing together: F calls the
floorperson, Ctrl+F brings back the floorperson waiting to sign. Any other letter a menu
shortcut uses with Ctrl alone is never an action key, so a slipped Ctrl never turns an
action into a menu command."""

OTHER_KEYS: tuple[tuple[str, str], ...] = (
    ("← / →", "Previous / next seat (settlement runs right to left)"),
    ("↑ / ↓", "Previous / next spot at the selected seat"),
    ("Click", "Select a spot, a hand or a meter; click a rack chip to add it to the amount"),
    ("W", "Next wager settled at the selected spot (the paytable sign follows it)"),
    ("0–9  .", "Type the amount"),
    ("Backspace", "Delete the last digit"),
    ("Enter", "Confirm the action waiting for its amount"),
    ("Esc", "Clear the amount and cancel the waiting action"),
    ("S", "Show the next paytable sign"),
    ("?", "Show the next expected step (learn mode only)"),
    ("Space", "Skip the dealing animation"),
)
"""The trainer's own keys besides the actions; the menus' shortcuts are listed from the
menus themselves."""
