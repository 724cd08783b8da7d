"""Every keyboard path in the trainer, in one table: the buttons, the shortcuts and the F1 help
are all built from it, so they cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_trainer.engine.actions import Action


@dataclass(frozen=True)
class ActionKey:
    action: Action
    key: str
    title: str
    button: str
    """The short label that fits on the action panel's button."""
    needs_amount: bool = False
    names_hand: bool = False
    sets_split: bool = False
    """The hand is given as a pai gow split, set by moving cards (the set-hand dialog)."""


ACTION_KEYS: tuple[ActionKey, ...] = (
    ActionKey(Action.COLLECT, "C", "Collect", "Collect"),
    ActionKey(Action.PAY, "P", "Pay", "Pay", needs_amount=True),
    ActionKey(Action.PUSH, "U", "Push", "Push"),
    ActionKey(Action.VERIFY_HAND, "V", "Verify hand", "Verify hand", names_hand=True),
    ActionKey(Action.CALL_FLOORPERSON, "F", "Call floorperson", "Floorperson"),
    ActionKey(
        Action.CREDIT_GAME_ACCOUNT, "G", "Credit game account", "Credit account", needs_amount=True
    ),
    ActionKey(
        Action.HOLD_FOR_DOCUMENTATION,
        "J",
        "Hold the hand for jackpot documentation",
        "Hold for docs",
        needs_amount=True,
    ),
    ActionKey(
        Action.ACKNOWLEDGE_ENVY, "E", "Acknowledge an Envy hand", "Envy hand", names_hand=True
    ),
    ActionKey(Action.PAY_ENVY, "N", "Pay an Envy Bonus", "Pay Envy", needs_amount=True),
    ActionKey(
        Action.COLLECT_COMMISSION, "K", "Collect commission", "Commission", needs_amount=True
    ),
    ActionKey(Action.DISCARD, "X", "Discard the cards", "Discard"),
    ActionKey(Action.VERIFY_METER, "M", "Verify the meter light", "Verify meter"),
    ActionKey(Action.RESET_METER, "R", "Reset the meter", "Reset meter", needs_amount=True),
    ActionKey(Action.ANNOUNCE_NO_MORE_BETS, "B", 'Announce "no more bets"', "No more bets"),
    ActionKey(Action.LOCK_OUT_WAGERS, "L", "Lock out the table system's wagers", "Lock out"),
    ActionKey(
        Action.VERIFY_CHIP_COUNT,
        "O",
        "Count the progressive chips against the wagers accepted",
        "Count chips",
    ),
    ActionKey(
        Action.DROP_IN_CONTAINER, "I", "Drop the chips in the table inventory container", "Drop"
    ),
    ActionKey(Action.PLACE_LAMMER, "Q", "Place an Envy lammer", "Place lammer"),
    ActionKey(
        Action.SET_HAND, "D", "Set the dealer's hand by the house way", "Set hand", sets_split=True
    ),
    ActionKey(
        Action.REARRANGE_HAND,
        "A",
        "Arrange a hand into its best hand and name it",
        "Arrange cards",
        names_hand=True,
    ),
)

BY_ACTION = {k.action: k for k in ACTION_KEYS}

OTHER_KEYS: tuple[tuple[str, str], ...] = (
    ("← / →", "Previous / next seat (settlement runs right to left)"),
    ("↑ / ↓", "Previous / next spot at the selected seat"),
    ("Click", "Select a spot, a hand or a meter; click a rack chip to add it to the amount"),
    ("W", "Next wager settled at the selected spot (e.g. Magic Card Bonus)"),
    ("0–9  .", "Type the amount"),
    ("Backspace", "Delete the last digit"),
    ("Enter", "Confirm the action waiting for its amount"),
    ("Esc", "Clear the amount and cancel the waiting action"),
    ("S", "Show the next paytable sign"),
    ("H", "Show the next expected step (learn mode only)"),
    ("Space", "Skip the dealing animation"),
    ("Ctrl+L", "Floorperson sign-off, if one is waiting"),
    ("Ctrl+N", "Deal a new round"),
    ("F1", "This help"),
)
