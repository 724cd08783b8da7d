"""Which verbs a table can ever use, how they group on the action panel, and which of them
fit a kind of spot.

A game lists every verb its dealers use; one table of that game may offer no progressive, no
Envy Bonus and no meter, and then its dealer never locks out a table system or resets a meter.
What a table can use is read from what its Rules Submission puts on the felt (the spots it
offers, its meters, its paytable signs), never from the round dealt, so the panel does not
change from round to round and gives nothing away about the round on the table.
"""

from __future__ import annotations

from collections.abc import Iterable

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import TableSetup
from dealer_trainer.engine.spot import Spot, SpotKind, SpotRole, TableSpot, WhoseHand
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.vocabulary import Vocabulary


class ActionGroup(Vocabulary, noun="a group of actions"):
    PRE_DEAL = "Before the deal"
    SETTLE = "Settle"
    PROCEDURE = "Procedure"
    JACKPOT = "Jackpot"


GROUPS: dict[Action, ActionGroup] = {
    Action.ANNOUNCE_NO_MORE_BETS: ActionGroup.PRE_DEAL,
    Action.LOCK_OUT_WAGERS: ActionGroup.PRE_DEAL,
    Action.VERIFY_CHIP_COUNT: ActionGroup.PRE_DEAL,
    Action.DROP_IN_CONTAINER: ActionGroup.PRE_DEAL,
    Action.PLACE_LAMMER: ActionGroup.PRE_DEAL,
    Action.COLLECT: ActionGroup.SETTLE,
    Action.PAY: ActionGroup.SETTLE,
    Action.PUSH: ActionGroup.SETTLE,
    Action.COLLECT_COMMISSION: ActionGroup.SETTLE,
    Action.PAY_ENVY: ActionGroup.SETTLE,
    Action.VERIFY_HAND: ActionGroup.PROCEDURE,
    Action.REARRANGE_HAND: ActionGroup.PROCEDURE,
    Action.SET_HAND: ActionGroup.PROCEDURE,
    Action.ACKNOWLEDGE_ENVY: ActionGroup.PROCEDURE,
    Action.DISCARD: ActionGroup.PROCEDURE,
    Action.CALL_FLOORPERSON: ActionGroup.JACKPOT,
    Action.CREDIT_GAME_ACCOUNT: ActionGroup.JACKPOT,
    Action.HOLD_FOR_DOCUMENTATION: ActionGroup.JACKPOT,
    Action.VERIFY_METER: ActionGroup.JACKPOT,
    Action.RESET_METER: ActionGroup.JACKPOT,
}

PRE_DEAL = frozenset(a for a, g in GROUPS.items() if g is ActionGroup.PRE_DEAL)
ENVY = frozenset({Action.ACKNOWLEDGE_ENVY, Action.PAY_ENVY, Action.PLACE_LAMMER})
JACKPOT = frozenset(a for a, g in GROUPS.items() if g is ActionGroup.JACKPOT)
ON_WAGERS = frozenset(
    {
        Action.COLLECT,
        Action.PAY,
        Action.PUSH,
        Action.COLLECT_COMMISSION,
        Action.VERIFY_HAND,
        Action.CALL_FLOORPERSON,
        Action.CREDIT_GAME_ACCOUNT,
        Action.HOLD_FOR_DOCUMENTATION,
    }
)
"""What a dealer may do at a wager's spot: settle it, and verify, call for and credit or hold
its payout."""
ON_CARDS = frozenset({Action.VERIFY_HAND, Action.REARRANGE_HAND, Action.SET_HAND, Action.DISCARD})


def _is_meter(kind: SpotKind, setup: TableSetup) -> bool:
    return kind in setup.meters or "meter" in kind.key


def _big_payout(setup: TableSetup) -> bool:
    """A sign pays 500 for 1 or more, or a share of a meter: a floorperson verifies it
    (§ 639a.11(c)(6)(ii) and the like in each game's chapter)."""
    for sign in setup.signs:
        for _hand, text in sign.rows:
            try:
                odds = Odds.parse(text.split("  ")[0])
            except ValueError:
                continue
            if odds.kind is OddsKind.METER_PERCENT:
                return True
            if odds.kind is OddsKind.FOR and odds.x >= 500 * odds.y:
                return True
    return False


def table_actions(actions: Iterable[Action], setup: TableSetup) -> tuple[Action, ...]:
    """The game's ``actions`` this table can ever use, in the game's order."""
    kinds = {spot.kind for spot in setup.offered_spots}
    roles = {kind.role for kind in kinds}
    envy = SpotRole.ENVY in roles
    meters = any(_is_meter(kind, setup) for kind in kinds) or bool(setup.meters)
    jackpot = meters or _big_payout(setup)

    def usable(action: Action) -> bool:
        if action in PRE_DEAL:
            return action in setup.pre_deal  # the engine's rule (engine.pre_deal)
        if action in ENVY:
            return envy
        if action is Action.VERIFY_METER:
            return SpotRole.MUST_HIT_BY in roles
        if action is Action.RESET_METER:
            return meters
        if action in JACKPOT:
            return jackpot
        return True

    return tuple(a for a in dict.fromkeys(actions) if usable(a))


def fitting(spot: Spot, setup: TableSetup, table_has: Iterable[Action]) -> frozenset[Action]:
    """The table's actions that can apply to a spot of this kind at all, whatever the round:
    the panel emphasises these for the selected spot. They say what kind of thing the spot is
    (a wager, a hand, a meter, the table), not what this round asks for."""
    kind = spot.kind
    if kind is TableSpot.TABLE:
        fit = PRE_DEAL - {Action.PLACE_LAMMER}
    elif kind is TableSpot.ENVY_LAMMER:
        fit = frozenset({Action.PLACE_LAMMER})
    elif _is_meter(kind, setup):
        fit = frozenset({Action.VERIFY_METER, Action.RESET_METER})
    elif kind.role is SpotRole.ENVY and spot.whose is WhoseHand.SEAT:
        fit = frozenset({Action.PAY_ENVY})
    elif kind.role is SpotRole.ENVY and kind.key.endswith("hand"):
        fit = frozenset({Action.ACKNOWLEDGE_ENVY})
    elif kind.key.endswith("cards"):
        fit = ON_CARDS
    else:
        fit = ON_WAGERS | ({Action.VERIFY_METER} if kind.role is SpotRole.MUST_HIT_BY else set())
    return frozenset(fit) & frozenset(table_has)


__all__ = ["GROUPS", "ActionGroup", "fitting", "table_actions"]
